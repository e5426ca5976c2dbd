"""sniper: simulate Sniper Hold'em, and the other registered games, at scale (see README.md and docs/RULES.md).

The notebook façade: a few functions over the library, each importing what it needs when called
(``import sniper`` stays cheap).

>>> import sniper
>>> h = sniper.play_hand(["easy", "hard", "hard"], seed=1, game=0, hand=0)
>>> print(str(h).splitlines()[0])
Sniper Hold'em - seed 1, game 0, hand 0 (rules: ours)
>>> sniper.evaluate([[7, 7, 7, 2, 2, 9]])["name"].tolist()
['7 full house']
"""

__version__ = "0.2.0"


def _rules(rules: str, game_length: str):
    from sniper.games.sniper_holdem.game import make_rules

    return make_rules(rules, str(game_length))


def _index(name: str, value, top: int) -> None:
    """``ParameterError`` naming ``name`` unless ``value`` is an integer from 0 to ``top`` (a ``bool`` is not)."""
    import numbers

    from sniper.core.errors import ParameterError

    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value <= top:
        raise ParameterError("{" + name + "} must be an integer from 0 to {top}, got {got!r}", top=top, got=value)


def play_hand(
    agents,
    seed: int = 0,
    game: int = 0,
    hand: int = 0,
    rules: str | None = None,
    game_length: str | None = None,
    *,
    variant: str = "sniper",
):
    """Play hand ``hand`` of game ``game`` of run ``seed`` of the registered game ``variant`` (``sniper``, the
    default, ``holdem``, …: ``sniper.core.registry``) with its reference engine, and return its record: the
    game's own (``GameSpec.play_hand``; Sniper Hold'em: a frozen ``sniper.games.sniper_holdem.history.HandHistory``,
    whose ``str`` is the text hand history and ``.actions``/``.seats`` DataFrames; no-limit Hold'em: a
    ``sniper.games.holdem.play.HandRecord``; five-card draw: a ``sniper.games.draw.play.HandRecord``), else the
    hand's rows of each of the game's tables (table name → DataFrame, ``sniper.runs.replay.play_hand_rows``).

    ``agents``: one spec per seat (a list, or one comma-separated text; the game's seat range, e.g. 2–6 for
    Sniper Hold'em, R2). The hands before ``hand`` are played too (they set the stacks); ``rules`` and
    ``game_length`` are the game's rule preset and game length (default: the game's own, Sniper Hold'em "ours"
    and "20"). ``game`` is the game's number in the run (an integer), ``variant`` the game played. Raises
    ``ValueError`` (one line, naming the parameter) for an unknown ``variant``, a ``game``, ``seed`` or ``hand``
    that is not an integer in range, bad specs, rules or length, and ``LookupError`` when the game ends before
    that hand. Same (seed, game, hand) and specs → the same hand as in a run (R13).

    >>> h = play_hand(["easy", "random"], seed=2, game=0, hand=1)
    >>> (h.hand, len(h.seat_lines), int(h.seats["net"].sum()))
    (1, 2, 0)
    >>> record = play_hand(["easy", "random", "normal"], seed=2, hand=3, variant="holdem")
    >>> (record.hand, len(record.holes), sum(record.winnings))
    (3, 3, 0)
    >>> play_hand(["easy", "random"], variant="chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    sniper.core.errors.ParameterError: variant must be a registered game (...holdem, sniper...), got 'chess'
    """
    import numpy as np

    from sniper.core.errors import ParameterError
    from sniper.core.registry import game_names, get_game

    if not isinstance(variant, str) or variant not in game_names():
        known = ", ".join(game_names())
        raise ParameterError("{variant} must be a registered game ({known}), got {got!r}", known=known, got=variant)
    if isinstance(game, str):
        raise ParameterError(
            "{game} is the game's number in the run (from 0), got {got!r}; name the game played with {variant}",
            got=game,
        )
    spec = get_game(variant)
    top = int(np.iinfo(spec.schema("hands").field("hand").type.to_pandas_dtype()).max)
    for name, value, most in (("seed", seed, 2**64 - 1), ("game", game, 2**63 - 1), ("hand", hand, top)):
        _index(name, value, most)
    specs = spec.split_agents(agents) if isinstance(agents, str) else [str(a) for a in agents]
    if len(specs) not in spec.seats:
        raise ParameterError(
            "{agents} must give one spec per seat, {seats} of them ({title}), got {got}",
            seats=spec.seat_text,
            title=spec.title,
            got=len(specs),
        )
    for text in specs:
        spec.make_agent(text)
    chosen = spec.game_rules(rules, str(game_length) if game_length else None)
    if spec.play_hand is not None:
        return spec.resolve(spec.play_hand)(specs, seed, game, hand, chosen)
    from sniper.runs.replay import play_hand_rows

    return play_hand_rows(spec.name, specs, seed, game, hand, chosen)


def play_game(agents, seed: int = 0, game: int = 0, rules: str = "ours", game_length: str = "20"):
    """Every hand of game ``game`` of run ``seed``: a list of ``HandHistory`` (see ``play_hand``).

    >>> hands = play_game(["easy", "random"], seed=2, game_length="10")
    >>> len(hands) <= 10 and sum(int(s.stack_after) for s in hands[-1].seat_lines) == 120
    True
    """
    from sniper.games.sniper_holdem.history import play_game as play

    return play(list(agents), seed, game, _rules(rules, game_length))


def evaluate(cards):
    """The best 5 of 6 cards of each hand (R8): a DataFrame with one row per hand and columns
    ``key`` (int32 strength, larger wins, R8 steps 1–4), ``category`` (``kernels.sniper_holdem.codes.Category``),
    ``top`` and ``name`` ("7 full house").

    ``cards``: array-like of shape ``(n, 6)`` or ``(6,)`` of any integer dtype, numbers 1–10,
    columns 0–1 private. Raises ``ValueError`` for other shapes, non-integers, numbers outside 1–10
    or a fifth copy of a number.

    >>> evaluate([[3, 4, 5, 6, 7, 10], [10, 1, 7, 8, 9, 6]])[["name", "top"]].values.tolist()
    [['7 straight', 7], ['10 straight', 10]]
    """
    import numpy as np
    import pandas as pd

    from sniper.games.sniper_holdem.evaluator import category_top, check_hands
    from sniper.games.sniper_holdem.evaluator import evaluate as keys_of
    from sniper.games.sniper_holdem.hands import CATEGORY_NAMES, Category

    array = np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise ValueError(f"cards must be integers 1-10, got dtype {array.dtype}")
    if array.size and (array.min() < 1 or array.max() > 10):
        raise ValueError("cards must be numbers 1-10")
    keys = keys_of(check_hands(array.astype(np.uint8)))
    category, top = category_top(keys)
    names = [f"{t} {CATEGORY_NAMES[Category(c)]}" for c, t in zip(category.tolist(), top.tolist())]
    return pd.DataFrame({"key": keys, "category": category.astype(np.int8), "top": top, "name": names})


def equity(hole, board, opponents: int = 1, snipes=(), samples: int = 100_000, seed: int = 0, exact: bool = False):
    """Showdown equity of private cards ``hole`` with the face-up ``board`` (2 or 4 cards) against
    ``opponents`` random hands (R7, R8): ``sniper.games.sniper_holdem.rollout.EquityResult`` (``win``, ``stderr``,
    ``sniped``, ``dangers``). ``snipes``: names already made ("9 full house") or codes. Raises
    ``ValueError`` for bad input. Monte Carlo with ``samples`` and ``seed``, or ``exact``.

    >>> equity([7, 7], [7, 2, 2, 9], opponents=1, exact=True).win > 0.9
    True
    """
    from sniper.games.sniper_holdem.rollout import equity as compute

    return compute(tuple(hole), tuple(board), opponents, snipes, samples=samples, seed=seed, exact=exact)


def read_run(out, table: str = "hands", columns=None, filters=None):
    """A run's ``table`` ("hands" or "actions") as a DataFrame, with column and filter pushdown:
    ``sniper.runs.store.read_run`` (its docstring has the details and errors).

    >>> read_run("no/such/run")
    Traceback (most recent call last):
    sniper.runs.runner.RunDirError: no/such/run is not a run directory (no such directory)
    """
    from sniper.runs.store import read_run as read

    return read(out, table, columns, filters)


def replay(out, game: int, hand: int):
    """Hand ``hand`` of game ``game`` of the run in ``out`` as a ``HandHistory``, from the run's
    tables: the same object as ``play_hand`` with the run's agents, rules and seed
    (``sniper.games.sniper_holdem.history.replay``; ``LookupError`` naming the range for a missing game or hand).

    >>> replay("no/such/run", 0, 0)
    Traceback (most recent call last):
    sniper.runs.runner.RunDirError: no/such/run is not a run directory (no such directory)
    """
    from sniper.games.sniper_holdem.history import replay as from_tables

    return from_tables(out, game, hand)

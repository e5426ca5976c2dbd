"""sniper: simulate Sniper Hold'em, and the other registered games, at scale (see README.md and docs/RULES.md).

The notebook façade: a few functions over the library, each importing what it needs when called
(``import sniper`` stays cheap).

>>> import sniper
>>> h = sniper.play_hand(["easy", "hard", "hard"], seed=1, game_index=0, hand=0)
>>> print(str(h).splitlines()[0])
Sniper Hold'em - seed 1, game 0, hand 0 (rules: ours)
>>> sniper.evaluate([[7, 7, 7, 2, 2, 9]])["name"].tolist()
['7 full house']
"""

__version__ = "0.2.0"


def _rules(rules: str, game_length: str):
    from sniper.games.sniper_holdem.rules import make_rules

    return make_rules(rules, str(game_length))


def _index(name: str, value, top: int) -> None:
    """``ParameterError`` naming ``name`` unless ``value`` is an integer from 0 to ``top`` (a ``bool`` is not)."""
    import numbers

    from sniper.core.errors import ParameterError

    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value <= top:
        raise ParameterError("{" + name + "} must be an integer from 0 to {top}, got {got!r}", top=top, got=value)


def _deprecated(old: str, new: str, depth: int = 1) -> None:
    """Warn (``DeprecationWarning``) that the spelling ``old`` goes after one release, at the line that called the
    façade function ``depth`` calls above this one."""
    import warnings

    message = f"{old} is deprecated and goes in the next release; use {new}"
    warnings.warn(message, DeprecationWarning, stacklevel=2 + depth)


def _game_and_index(game, game_index, variant, default_index: int = 0) -> tuple[str, object, str]:
    """The game's name, the game's number and the name of the parameter that gave the number, from
    ``play_hand``'s arguments: ``game`` a registered game's name; the old spellings (``game=`` a number, the
    name as ``variant=``) are taken with a ``DeprecationWarning``. ``ParameterError`` when both spellings
    of one thing are given."""
    from sniper.core.errors import ParameterError
    from sniper.core.registry import DEFAULT_GAME

    index_name = "game_index"
    if game is not None and not isinstance(game, str):  # the old meaning: the game's number in the run
        if game_index is not None:
            raise ParameterError("give the game's number as {game_index} only (game= names the game played)")
        _deprecated("game=N for the game's number", "game_index=N (game= now names the game played)", 2)
        game, game_index, index_name = None, game, "game"
    if variant is not None:
        if game is not None:
            raise ParameterError("give the game played as {game} only ({variant} is its old name)")
        _deprecated("variant=NAME", "game=NAME", 2)
        game = variant
    return game or DEFAULT_GAME, default_index if game_index is None else game_index, index_name


def play_hand(
    agents,
    seed: int = 0,
    game_index: int | None = None,
    hand: int = 0,
    rules: str | None = None,
    game_length: str | None = None,
    *,
    game: str | None = None,
    variant: str | None = None,
):
    """Play hand ``hand`` of game number ``game_index`` of run ``seed`` of the registered game ``game``
    (``"sniper"``, the default, ``"holdem"``, ``"draw"``: ``sniper.core.registry``) with its reference engine, and
    return its record: the game's own (``GameSpec.play_hand``; Sniper Hold'em: a frozen
    ``sniper.games.sniper_holdem.history.HandHistory``, whose ``str`` is the text hand history and
    ``.actions``/``.seats`` DataFrames; no-limit Hold'em: a ``sniper.games.holdem.play.HandRecord``; five-card
    draw: a ``sniper.games.draw.play.HandRecord``; each record's ``str`` is its hand history in words, the text
    of ``sniper replay``), else the hand's rows of each of the game's tables (table name → DataFrame,
    ``sniper.runs.replay.play_hand_rows``).

    ``agents``: one spec per seat (a list, or one comma-separated text; the game's seat range, e.g. 2–6 for
    Sniper Hold'em, R2). The hands before ``hand`` are played too (they set the stacks); ``rules`` and
    ``game_length`` are the game's rule preset and game length (default: the game's own, Sniper Hold'em "ours"
    and "20"). ``game`` names the game played, ``game_index`` is the game's number in the run (an integer, from
    0; default 0). The old spellings ``game=N`` (the number) and ``variant=NAME`` (the game) are still taken for
    one release, with a ``DeprecationWarning``. Raises ``ValueError`` (one line, naming the parameter) for an
    unknown ``game``, a ``game_index``, ``seed`` or ``hand`` that is not an integer in range, bad specs, rules or
    length, and ``LookupError`` when the game ends before that hand. Same (seed, game_index, hand) and specs →
    the same hand as in a run (R13).

    >>> h = play_hand(["easy", "random"], seed=2, game_index=0, hand=1)
    >>> (h.hand, len(h.seat_lines), int(h.seats["net"].sum()))
    (1, 2, 0)
    >>> record = play_hand(["easy", "random", "normal"], seed=2, hand=3, game="holdem")
    >>> (record.hand, len(record.holes), sum(record.winnings))
    (3, 3, 0)
    >>> print(str(record).splitlines()[0])
    no-limit Hold'em - seed 2, game 0, hand 3
    >>> play_hand(["easy", "random"], game="chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    sniper.core.errors.ParameterError: game must be a registered game (...holdem, saint, sniper...), got 'chess'
    """
    import numpy as np

    from sniper.core.errors import ParameterError
    from sniper.core.registry import game_names, get_game

    if variant is not None and not isinstance(variant, str):
        raise ParameterError("{variant} must be a registered game's name, got {got!r}", got=variant)
    name, number, index_name = _game_and_index(game, game_index, variant)
    if name not in game_names():
        known = ", ".join(game_names())
        raise ParameterError("{game} must be a registered game ({known}), got {got!r}", known=known, got=name)
    spec = get_game(name)
    top = int(np.iinfo(spec.schema("hands").field("hand").type.to_pandas_dtype()).max)
    for param, value, most in (("seed", seed, 2**64 - 1), (index_name, number, 2**63 - 1), ("hand", hand, top)):
        _index(param, value, most)
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
        return spec.resolve(spec.play_hand)(specs, seed, number, hand, chosen)
    from sniper.runs.replay import play_hand_rows

    return play_hand_rows(spec.name, specs, seed, number, hand, chosen)


def play_game(
    agents,
    seed: int = 0,
    game_index: int | None = None,
    rules: str = "ours",
    game_length: str = "20",
    *,
    game: str | int | None = None,
):
    """Every hand of game number ``game_index`` (default 0) of run ``seed`` of Sniper Hold'em: a list of
    ``HandHistory`` (see ``play_hand``). ``game`` may only name Sniper Hold'em (``"sniper"``): another game raises
    ``ParameterError`` (a ``ValueError``; its hands: ``play_hand(…, game=NAME)``). ``game=N`` for the number is
    the old spelling, taken for one release with a ``DeprecationWarning``.

    >>> hands = play_game(["easy", "random"], seed=2, game_length="10")
    >>> len(hands) <= 10 and sum(int(s.stack_after) for s in hands[-1].seat_lines) == 120
    True
    """
    from sniper.core.errors import ParameterError
    from sniper.core.registry import DEFAULT_GAME
    from sniper.games.sniper_holdem.history import play_game as play

    name, game_index, _ = _game_and_index(game, game_index, None)
    if name != DEFAULT_GAME:
        raise ParameterError(
            "play_game plays Sniper Hold'em only, got {game}={got!r}; play_hand plays any game", got=name
        )
    return play(list(agents), seed, game_index, _rules(rules, game_length))


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
    sniper.runs.config.RunDirError: no/such/run is not a run directory (no such directory)
    """
    from sniper.runs.store import read_run as read

    return read(out, table, columns, filters)


def replay(out, game_index: int | None = None, hand: int | None = None, *, game: int | None = None):
    """Hand ``hand`` of game number ``game_index`` of the Sniper Hold'em run in ``out`` as a ``HandHistory``, from
    the run's tables: the same object as ``play_hand`` with the run's agents, rules and seed
    (``sniper.games.sniper_holdem.history.replay``; ``LookupError`` naming the range for a missing game or hand).
    ``game=N`` for the number is the old spelling, taken for one release with a ``DeprecationWarning``;
    ``ParameterError`` when no number or hand is given.

    >>> replay("no/such/run", 0, 0)
    Traceback (most recent call last):
    sniper.runs.config.RunDirError: no/such/run is not a run directory (no such directory)
    """
    from sniper.core.errors import ParameterError
    from sniper.games.sniper_holdem.history import replay as from_tables

    if game is not None:
        _deprecated("replay(game=N)", "game_index=N")
        game_index = game if game_index is None else game_index
    if game_index is None or hand is None:
        raise ParameterError("give {game_index} and {hand}")
    return from_tables(out, game_index, hand)

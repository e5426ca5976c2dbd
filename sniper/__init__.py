"""sniper: simulate Sniper Hold'em at scale (see README.md and docs/RULES.md).

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


def play_hand(agents, seed: int = 0, game: int = 0, hand: int = 0, rules: str = "ours", game_length: str = "20"):
    """Play hand ``hand`` of game ``game`` of run ``seed`` with the reference engine and return its
    ``sniper.games.sniper_holdem.history.HandHistory`` (frozen; ``str`` is the text hand history, ``.actions`` and
    ``.seats`` are DataFrames, a notebook shows a table).

    ``agents``: one spec per seat (``sniper.games.sniper_holdem.specs``; 2–6 seats, R2). The hands before ``hand`` are
    played too (they set the stacks, R9); ``rules`` "ours" or "show" (R12), ``game_length`` "10",
    "20" or "bust". Raises ``ValueError`` for bad specs or rules and ``LookupError`` when the game
    ends before that hand. Same (seed, game, hand) and specs → the same hand as in a run (R13).

    >>> h = play_hand(["easy", "random"], seed=2, game=0, hand=1)
    >>> (h.hand, len(h.seat_lines), int(h.seats["net"].sum()))
    (1, 2, 0)
    """
    from sniper.games.sniper_holdem.history import play_hand as play

    return play(list(agents), seed, game, hand, _rules(rules, game_length))


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

"""Validated batch evaluation of 6-card hands with the numba kernels of ``kernels.sniper_holdem.evaluator`` (R7, R8).

The numba equivalent of ``sniper.games.sniper_holdem.hands.best_hand`` and
``sniper.games.sniper_holdem.hands.strength(..., rules="ours")``
for many hands at once. Hands are rows of an array of shape ``(n, 6)``, dtype ``uint8`` or ``int8``:
columns 0–1 are the private cards, columns 2–5 the board (R8). A strength key is an ``int32``;
larger is better and keys order exactly as the reference strength tuples (R8 steps 1–4).

>>> import numpy as np
>>> keys = evaluate(np.array([[7, 7, 7, 2, 2, 9], [3, 4, 5, 6, 7, 10]], dtype=np.uint8))
>>> [(CATEGORY_NAMES[Category(c)], int(t)) for c, t in zip(*category_top(keys))]
[('full house', 7), ('straight', 7)]
"""

import numpy as np

from kernels.sniper_holdem.codes import COPIES, N_NUMBERS, Category
from kernels.sniper_holdem.evaluator import (
    PRIVATE_BASE,
    category_top_nb,
    evaluate_into_nb,
    evaluate_par_into_nb,
    snipe_codes_nb,
    tables,
)
from sniper.games.sniper_holdem.hands import CATEGORY_NAMES, Hand

__all__ = ["CATEGORY_NAMES", "check_hands", "evaluate", "category_top", "snipe_codes", "hand_of_key"]


def check_hands(cards: np.ndarray) -> np.ndarray:
    """Validate a batch of 6-card hands (R1, R8); returns it as a C-contiguous ``uint8`` array.

    ``cards``: array of shape ``(n, 6)`` or ``(6,)``, dtype ``uint8`` or ``int8``. Raises
    ``ValueError`` naming the problem: a wrong dtype or shape, a number outside 1–10, or a fifth
    copy of a number in one hand.
    """
    if not isinstance(cards, np.ndarray):
        raise ValueError(f"cards must be a numpy array of dtype uint8 or int8, got {type(cards).__name__}")
    if cards.dtype not in (np.uint8, np.int8):
        raise ValueError(f"cards must have dtype uint8 or int8, got {cards.dtype}")
    if cards.ndim == 1:
        cards = cards[None, :]
    if cards.ndim != 2 or cards.shape[1] != 6:
        raise ValueError(f"cards must have shape (n, 6): 2 private + 4 board cards, got {cards.shape}")
    bad = (cards < 1) | (cards > N_NUMBERS)
    if bad.any():
        row, col = np.argwhere(bad)[0]
        raise ValueError(f"hand {row}: card {int(cards[row, col])} is not a number 1-10")
    ordered = np.sort(cards, axis=1)
    fifth = ordered[:, COPIES:] == ordered[:, : 6 - COPIES]
    if fifth.any():
        row, col = np.argwhere(fifth)[0]
        raise ValueError(
            f"hand {row}: {COPIES + 1} copies of {int(ordered[row, col])}: the deck has only {COPIES} of each number"
        )
    return np.ascontiguousarray(cards, dtype=np.uint8)


def evaluate(cards: np.ndarray, parallel: bool = False) -> np.ndarray:
    """Strength keys of 6-card hands: ``int32`` array of shape ``(n,)`` (R8).

    ``cards``: shape ``(n, 6)``, dtype ``uint8`` or ``int8``, columns 0–1 private. Numba equivalent
    of ``sniper.games.sniper_holdem.hands.strength(best_hand(private, board))``: a key is ``rank * 121 + high private *
    11 + low private`` and keys order as the reference tuples. ``parallel`` uses all numba threads.
    Raises ``ValueError`` for bad input (see ``check_hands``).
    """
    cards = check_hands(cards)
    out = np.empty(cards.shape[0], np.int32)
    (evaluate_par_into_nb if parallel else evaluate_into_nb)(cards, tables().base, out)
    return out


def _check_keys(keys: np.ndarray) -> np.ndarray:
    keys = np.ascontiguousarray(keys)
    if keys.dtype != np.int32 or keys.ndim != 1:
        raise ValueError(f"keys must be an int32 array of shape (n,), got {keys.dtype} {keys.shape}")
    if keys.size and (keys.min() < 0 or keys.max() >= len(tables().category) * PRIVATE_BASE):
        raise ValueError("keys must be strength keys returned by evaluate()")
    return keys


def category_top(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Category (``Category`` values) and top number of hands by strength key (R8).

    ``keys``: ``int32 (n,)`` from ``evaluate``. Returns two ``uint8 (n,)`` arrays; numba equivalent
    of ``best_hand(...).category`` and ``.top``.
    """
    t = tables()
    return category_top_nb(_check_keys(keys), t.category, t.top)


def snipe_codes(keys: np.ndarray) -> np.ndarray:
    """Snipe code 0..59 (``kernels.sniper_holdem.codes.SNIPE_CODE``) of hands by strength key: ``int8 (n,)`` (R7).

    Every 6-card hand's (category, top) is a legal snipe name, so no code is -1.
    """
    return snipe_codes_nb(_check_keys(keys), tables().snipe)


def hand_of_key(key: int) -> Hand:
    """The ``sniper.games.sniper_holdem.hands.Hand`` (category and numbers) of one strength key (R8)."""
    t = tables()
    rank = int(_check_keys(np.array([key], dtype=np.int32))[0]) // PRIVATE_BASE
    return Hand(Category(int(t.category[rank])), tuple(int(n) for n in t.numbers[rank]))

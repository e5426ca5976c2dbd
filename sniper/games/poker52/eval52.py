"""Validated batch evaluation of 52-card poker hands with the numba kernels of ``kernels.eval52``.

The numba equivalent of ``sniper.games.poker52.cards.value`` for many hands at once: hands are rows of
an integer array of shape ``(n, k)``, ``k`` from 5 to 7, of distinct cards ``0..51``
(``card = 4 * rank + suit``, ``sniper.games.poker52.cards``); each row's value is the same integer as
``poker52.cards.value`` of that row (higher wins, equal values split), as ``int32``.

>>> import numpy as np
>>> from sniper.games.poker52.cards import CATEGORIES, cards, category
>>> hands = np.array([cards("As Ks Qs Js Ts 2c 3d"), cards("Ah Ad Kc Kd 2s 7h 9c")])
>>> [CATEGORIES[category(int(v))] for v in values(hands)]
['straight flush', 'two pair']
>>> values(np.array([cards("As Ad")]))
Traceback (most recent call last):
...
ValueError: cards must have shape (n, k) with k from 5 to 7 cards per hand, got (1, 2)
"""

import numpy as np

from kernels.eval52 import board_values_into_nb, tables, values_into_nb, values_par_into_nb
from sniper.games.poker52.cards import DECK_SIZE

__all__ = ["check_cards", "values", "board_values"]


def check_cards(cards, name: str = "cards", sizes: range = range(5, 8)) -> np.ndarray:
    """Validate hands of cards; returns them as a C-contiguous ``uint8`` array of shape ``(n, k)``.

    ``cards``: a numpy integer array of shape ``(n, k)`` (or ``(k,)``, one hand) with ``k`` in
    ``sizes``, distinct cards ``0..51`` in each row. Raises a one-line ``ValueError`` naming the
    parameter ``name`` and the problem: not an integer array, a wrong shape, a card outside
    ``0..51`` or a card twice in one row.
    """
    if not isinstance(cards, np.ndarray) or not np.issubdtype(cards.dtype, np.integer):
        kind = cards.dtype if isinstance(cards, np.ndarray) else type(cards).__name__
        raise ValueError(f"{name} must be a numpy array of integers (cards 0-51), got {kind}")
    if cards.ndim == 1:
        cards = cards[None, :]
    if cards.ndim != 2 or cards.shape[1] not in sizes:
        raise ValueError(
            f"{name} must have shape (n, k) with k from {sizes[0]} to {sizes[-1]} cards per hand, got {cards.shape}"
        )
    bad = (cards < 0) | (cards >= DECK_SIZE)
    if bad.any():
        row, col = np.argwhere(bad)[0]
        raise ValueError(f"{name}: hand {row} has card {int(cards[row, col])}, not a card 0-51")
    ordered = np.sort(cards, axis=1)
    twice = ordered[:, 1:] == ordered[:, :-1]
    if twice.any():
        row, col = np.argwhere(twice)[0]
        raise ValueError(f"{name}: hand {row} holds card {int(ordered[row, col])} twice")
    return np.ascontiguousarray(cards, dtype=np.uint8)


def values(cards: np.ndarray, parallel: bool = False) -> np.ndarray:
    """Values of hands: ``int32`` array of shape ``(n,)``, row ``i`` equal to
    ``sniper.games.poker52.cards.value(cards[i])`` (its numba equivalent, ``kernels.eval52``).

    ``cards``: integer array of shape ``(n, k)``, ``k`` 5–7 distinct cards ``0..51`` per row
    (``(k,)`` for one hand). ``parallel`` uses all numba threads. Raises ``ValueError`` for bad
    input (``check_cards``).
    """
    cards = check_cards(cards)
    out = np.empty(cards.shape[0], np.int32)
    (values_par_into_nb if parallel else values_into_nb)(cards, tables(), out)
    return out


def board_values(board: np.ndarray, holes: np.ndarray) -> np.ndarray:
    """Values of one board with each pair of hole cards: ``int32 (n,)``, entry ``i`` equal to
    ``sniper.games.poker52.cards.value([*holes[i], *board])`` (numba equivalent, ``kernels.eval52``).

    ``board``: integer array of shape ``(b,)``, 3 to 5 distinct cards ``0..51``; ``holes``: shape
    ``(n, 2)``, each row two cards not on the board. Raises ``ValueError`` naming the parameter
    for bad input (``check_cards``), or ``holes`` if a hole card is on the board.
    """
    board = check_cards(board, "board", range(3, 6))
    if board.shape[0] != 1:
        raise ValueError(f"board must be one row of 3 to 5 cards, got shape {board.shape}")
    holes = check_cards(holes, "holes", range(2, 3))
    shared = np.isin(holes, board[0])
    if shared.any():
        row, col = np.argwhere(shared)[0]
        raise ValueError(f"holes: hand {row} has card {int(holes[row, col])}, which is on the board")
    out = np.empty(holes.shape[0], np.int32)
    board_values_into_nb(board[0], holes, tables(), out)
    return out

"""The Sniper Hold'em deck shuffle in numba: numba equivalent of ``sniper.games.sniper_holdem.cards.shuffled_deck``
(R1, R13)."""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.rng import derive_nb, hand_key_nb, uniform_int_nb
from kernels.sniper_holdem.codes import COPIES, DECK_SIZE, N_NUMBERS, STREAM_DECK

_FRESH = np.array([n for n in range(1, N_NUMBERS + 1) for _ in range(COPIES)], dtype=np.uint8)
"""The fresh deck, 1-1-1-1-2-…-10 (R1), that every shuffle starts from."""


@njit(cache=True, **NO_REFCOUNT)
def shuffle_into_nb(deck_key, n_cards, deck):
    """Fresh deck into ``deck`` (``uint8 (40,)``), then the first ``n_cards`` draws of the shuffle (R13).

    ``deck_key`` is the hand's ``hand_key(seed, game, hand, STREAM_DECK)``; ``deck[:n_cards]`` are the
    dealt cards. The partial Fisher–Yates shuffle of ``sniper.games.sniper_holdem.cards.shuffled_deck``, without
    allocation: draw ``i`` swaps position ``i`` with ``i + uniform_int(derive(deck_key, i), 40 - i)``.
    """
    for i in range(DECK_SIZE):
        deck[i] = _FRESH[i]
    for i in range(n_cards):
        j = i + np.int64(uniform_int_nb(derive_nb(deck_key, i), DECK_SIZE - i))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t


@njit(cache=True)
def shuffled_deck_nb(seed, game, hand, n_cards, out):
    """Write the first ``n_cards`` cards of the hand's shuffled deck into ``out[:n_cards]`` (R1, R13).

    ``out`` is a ``uint8`` (or any integer) array of length ``>= n_cards``; ``n_cards <= 40``.
    Numba equivalent of ``sniper.games.sniper_holdem.cards.shuffled_deck`` (``shuffle_into_nb`` on the hand's deck key).
    """
    deck = np.empty(DECK_SIZE, np.uint8)
    shuffle_into_nb(hand_key_nb(seed, game, hand, STREAM_DECK), n_cards, deck)
    for i in range(n_cards):
        out[i] = deck[i]

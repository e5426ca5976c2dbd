"""The 52-card deck shuffle in numba: numba equivalent of ``sniper.games.poker52.shuffled_deck`` (GAMES.md, R13),
shared by the Hold'em and draw kernels."""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.eval52 import N_CARDS
from kernels.jit import njit
from kernels.rng import derive_nb, hand_key_nb, uniform_int_nb
from kernels.streams import STREAM_DECK


@njit(cache=True, **NO_REFCOUNT)
def shuffle_into_nb(deck_key, n_cards, deck):
    """Fresh deck ``0..51`` into ``deck`` (``uint8 (52,)``), then the first ``n_cards`` draws of the shuffle.

    ``deck_key`` is the hand's ``hand_key(seed, game, hand, STREAM_DECK)``; ``deck[:n_cards]`` are the
    dealt cards. The partial Fisher–Yates shuffle of ``sniper.games.poker52.shuffled_deck``, without
    allocation: draw ``i`` swaps position ``i`` with ``i + uniform_int(derive(deck_key, i), 52 - i)``.
    """
    for i in range(N_CARDS):
        deck[i] = i
    for i in range(n_cards):
        j = i + np.int64(uniform_int_nb(derive_nb(deck_key, i), N_CARDS - i))
        c = deck[i]
        deck[i] = deck[j]
        deck[j] = c


@njit(cache=True)
def shuffled_deck_nb(seed, game, hand, n_cards, out):
    """Write the first ``n_cards`` (``<= 52``) cards of the hand's shuffled deck into ``out[:n_cards]``
    (any integer array): numba equivalent of ``sniper.games.poker52.shuffled_deck``."""
    deck = np.empty(N_CARDS, np.uint8)
    shuffle_into_nb(hand_key_nb(seed, game, hand, STREAM_DECK), n_cards, deck)
    for i in range(n_cards):
        out[i] = deck[i]

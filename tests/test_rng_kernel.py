"""The numba random generator is bit-identical to ``sniper.core.rng`` and ``sniper.games.sniper_holdem.cards`` (R13)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.rng import (
    derive_nb,
    hand_key_nb,
    mix64_nb,
    uniform_float_nb,
    uniform_int_nb,
)
from kernels.sniper_holdem.deck import shuffled_deck_nb
from sniper.core import rng
from sniper.games.sniper_holdem.cards import shuffled_deck

WORDS = st.integers(0, 2**64 - 1)
COUNTERS = st.integers(0, 2**40)


@settings(max_examples=2000, deadline=None)
@given(WORDS, COUNTERS, st.integers(1, 2**32 - 1))
def test_word_functions_bit_identical(word, x, n):
    """mix64, derive, uniform_int and uniform_float equal the Python reference (R13)."""
    w = np.uint64(word)
    assert int(mix64_nb(w)) == rng.mix64(word)
    assert int(derive_nb(w, x)) == rng.derive(word, x)
    assert int(uniform_int_nb(w, n)) == rng.uniform_int(word, n)
    assert uniform_float_nb(w) == rng.uniform_float(word)


@settings(max_examples=500, deadline=None)
@given(WORDS, st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 10))
def test_hand_key_bit_identical(seed, game, hand, stream):
    """hand_key chains derive as in ``sniper.core.rng.hand_key`` (R13)."""
    assert int(hand_key_nb(np.uint64(seed), game, hand, stream)) == rng.hand_key(seed, game, hand, stream)


def test_many_random_words():
    """A bulk check over 20,000 random words, including the extremes."""
    generator = np.random.default_rng(7)
    words = [0, 1, 2**63, 2**64 - 1] + [int(w) for w in generator.integers(0, 2**64, 20_000, np.uint64)]
    for word in words:
        assert int(mix64_nb(np.uint64(word))) == rng.mix64(word)
        assert int(derive_nb(np.uint64(word), word % 1000)) == rng.derive(word, word % 1000)


@settings(max_examples=300, deadline=None)
@given(WORDS, st.integers(0, 1000), st.integers(0, 1000), st.integers(0, 40))
def test_shuffled_deck_identical(seed, game, hand, n_cards):
    """``shuffled_deck_nb`` equals ``sniper.games.sniper_holdem.cards.shuffled_deck`` (R1, R13)."""
    out = np.zeros(40, np.uint8)
    shuffled_deck_nb(np.uint64(seed), game, hand, n_cards, out)
    assert out[:n_cards].tolist() == shuffled_deck(seed, game, hand, n_cards)
    assert (out[n_cards:] == 0).all()


def test_full_deck_is_a_permutation():
    """A full shuffle holds each number four times (R1)."""
    out = np.zeros(40, np.uint8)
    shuffled_deck_nb(np.uint64(12345), 0, 0, 40, out)
    assert sorted(out.tolist()) == [n for n in range(1, 11) for _ in range(4)]

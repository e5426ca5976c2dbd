"""Numba copy of the counter-based random generator ``sniper.core.rng`` (R13).

Every function is a bit-for-bit equivalent of its namesake in ``sniper.core.rng`` (without the ``_nb``
suffix), computed in ``uint64`` arithmetic that wraps modulo 2**64 exactly as the Python version
masks. Arguments are ``np.uint64`` words and keys; counters (``x``, ``game``, ``hand``, ``stream``)
may be any non-negative integer type.

Each game's deck shuffle builds on it (``kernels.sniper_holdem.deck``).
"""

import numpy as np

from kernels.jit import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S11 = np.uint64(11)
_ONE = np.uint64(1)
_INV53 = 1.0 / (1 << 53)


@njit(cache=True)
def mix64_nb(z):
    """SplitMix64 finaliser of a ``uint64``; returns ``uint64`` (numba equivalent of ``sniper.core.rng.mix64``)."""
    z = np.uint64(z)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def derive_nb(key, x):
    """Child key or random word ``x >= 0`` of ``key``, ``uint64`` (numba equivalent of ``rng.derive``)."""
    return mix64_nb(np.uint64(key) + (np.uint64(x) + _ONE) * GOLDEN)


@njit(cache=True)
def hand_key_nb(seed, game, hand, stream):
    """Key of one random stream of one hand, ``uint64`` (numba equivalent of ``sniper.core.rng.hand_key``)."""
    return derive_nb(derive_nb(derive_nb(mix64_nb(seed), game), hand), stream)


@njit(cache=True)
def uniform_int_nb(word, n):
    """An integer in ``[0, n)`` from a random word, ``uint64``; ``1 <= n < 2**32`` (``rng.uniform_int``)."""
    return ((np.uint64(word) >> _S32) * np.uint64(n)) >> _S32


@njit(cache=True)
def uniform_float_nb(word):
    """A ``float64`` in ``[0, 1)`` from a random word (numba equivalent of ``sniper.core.rng.uniform_float``)."""
    return np.float64(np.uint64(word) >> _S11) * _INV53


@njit(cache=True, inline="always")
def stream_start_nb(stream, key):
    """Start the stream ``stream`` (``uint64 (2,)``: key, draws so far) at ``key``: no draw yet."""
    stream[0] = np.uint64(key)
    stream[1] = np.uint64(0)


@njit(cache=True, inline="always")
def stream_word_nb(stream):
    """The next random word of ``stream`` (``uint64 (2,)``, advanced by one draw): numba equivalent of
    ``sniper.core.rng.Stream.word``, so ``stream[1]`` counts the draws as ``Stream.count`` does."""
    w = derive_nb(stream[0], stream[1])
    stream[1] += _ONE
    return w


@njit(cache=True, inline="always")
def stream_integer_nb(stream, n):
    """The next integer in ``[0, n)`` of ``stream`` (numba equivalent of ``sniper.core.rng.Stream.integer``)."""
    return np.int64(uniform_int_nb(stream_word_nb(stream), n))


@njit(cache=True, inline="always")
def stream_random_nb(stream):
    """The next ``float64`` in ``[0, 1)`` of ``stream`` (numba equivalent of ``sniper.core.rng.Stream.random``)."""
    return uniform_float_nb(stream_word_nb(stream))


@njit(cache=True, inline="always")
def key_integer_nb(key, count, n):
    """``stream_integer_nb`` of a stream held in locals: the integer in ``[0, n)`` of word ``count`` of ``key``
    and the next count, ``(int64, int64)`` (numba equivalent of ``sniper.core.rng.Stream.integer`` of the stream
    ``key`` after ``count`` draws). Nothing is stored per word (a stream array's stores make LLVM reload it)."""
    return np.int64(uniform_int_nb(derive_nb(key, count), n)), count + 1


@njit(cache=True, inline="always")
def key_random_nb(key, count):
    """``stream_random_nb`` of a stream held in locals: the ``float64`` in ``[0, 1)`` of word ``count`` of ``key``
    and the next count (numba equivalent of ``sniper.core.rng.Stream.random``, as ``key_integer_nb``)."""
    return uniform_float_nb(derive_nb(key, count)), count + 1

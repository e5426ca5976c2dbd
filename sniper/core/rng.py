"""The counter-based random generator shared by the reference engine and the kernels (R13).

Every random number is a pure function of a key and a counter, so a hand can be replayed from
(seed, game, hand) alone, in any order, on any worker, by Python or by numba.

Design (SplitMix64, Steele, Lea and Flood 2014, "Fast splittable pseudorandom number generators"):

- ``mix64(z)`` is SplitMix64's output finaliser, a bijection of 64-bit integers.
- ``derive(key, x) = mix64(key + (x + 1) * GOLDEN)`` makes a child key or a random word; keys
  chain: ``hand_key(seed, game, hand, stream) = derive(derive(derive(mix64(seed), game), hand),
  stream)``.
- ``uniform_int(word, n) = ((word >> 32) * n) >> 32``: an integer in ``[0, n)`` for ``n < 2**32``
  from the word's high 32 bits (bias below ``n / 2**32``).
- ``uniform_float(word) = (word >> 11) * 2**-53``: a float in ``[0, 1)``.

Streams of a hand (constants in ``kernels.sniper_holdem.codes``):

- ``STREAM_DECK`` (0): the deck shuffle; draw ``i`` of the partial Fisher–Yates shuffle uses word
  ``derive(deck_key, i)``.
- ``STREAM_AGENT + seat`` (1 + seat): that seat's agent. Its ``d``-th decision of the hand (counting
  bets and the snipe, from 0) has key ``derive(agent_key, d)``; word ``j`` of that decision is
  ``derive(decision_key, j)``. The agent key is the decision stream's ``parent``.

The numba copy lives in ``kernels.rng`` and is tested bit for bit against this module.
"""

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """SplitMix64 finaliser of a 64-bit integer; returns a 64-bit integer (R13)."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def derive(key: int, x: int) -> int:
    """Child key (or random word) number ``x >= 0`` of ``key``; 64-bit integers (R13)."""
    return mix64(key + (x + 1) * GOLDEN)


def hand_key(seed: int, game: int, hand: int, stream: int) -> int:
    """Key of one random stream of one hand: a 64-bit integer (R13).

    ``seed``, ``game``, ``hand`` and ``stream`` are non-negative integers; ``game`` and ``hand``
    count from 0.
    """
    return derive(derive(derive(mix64(seed), game), hand), stream)


def uniform_int(word: int, n: int) -> int:
    """An integer in ``[0, n)`` from a 64-bit random word; ``1 <= n < 2**32`` (R13)."""
    return ((word >> 32) * n) >> 32


def uniform_float(word: int) -> float:
    """A float in ``[0, 1)`` with 53 random bits, from a 64-bit random word (R13)."""
    return (word >> 11) * (1.0 / (1 << 53))


class Stream:
    """A sequence of random draws from one key: draw ``j`` uses word ``derive(key, j)`` (R13).

    The reference engine hands one ``Stream`` to an agent per decision; the kernels index the
    same words directly. ``parent``: the key the stream's key is a child of, the same for every
    decision of one seat in one hand (``sniper.games.poker52.table.decision_stream``: the seat's
    ``hand_key``), so that a level can key what it samples once per hand (five-card draw's own draws,
    ``sniper.games.draw.draws.own_draws_key``); the stream's own ``key`` when not given (a stream on
    its own: a policy's, a test's).
    """

    __slots__ = ("key", "count", "parent")

    def __init__(self, key: int, parent: int | None = None) -> None:
        self.key = key
        self.count = 0
        self.parent = key if parent is None else parent

    def word(self) -> int:
        """The next 64-bit random word."""
        w = derive(self.key, self.count)
        self.count += 1
        return w

    def integer(self, n: int) -> int:
        """The next integer in ``[0, n)``; ``1 <= n < 2**32``."""
        return uniform_int(self.word(), n)

    def random(self) -> float:
        """The next float in ``[0, 1)``."""
        return uniform_float(self.word())

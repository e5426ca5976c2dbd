"""The random streams of a hand, shared by every game's reference engine and kernels (R13; GAMES.md).

A hand's random words come from streams keyed by ``hand_key(seed, game, hand, stream)``
(``sniper.core.rng``, ``kernels.rng``). Plain constants: importing this module imports no numba.
"""

STREAM_DECK = 0
"""RNG stream of the deck shuffle (R13); agent of seat s draws from stream ``STREAM_AGENT + s``."""
STREAM_AGENT = 1
"""First agent stream: seat ``s`` draws its decisions' random words from stream ``STREAM_AGENT + s`` (R13)."""

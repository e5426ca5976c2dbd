"""Hold'em's opponent reads in numba: numba equivalents of ``sniper.games.holdem.reads.Reads.looseness``,
``loosest`` and ``bettor_looseness``.

Each seat's public bets and raises over the game's earlier hands are ``Hand.tally`` (``kernels.holdem.betting``,
counted by ``kernels.holdem.game.betting_nb``; ``sniper.games.holdem.reading.tendencies``); the shared
``kernels.poker52.reads.looseness_nb`` turns them into a looseness with the level's ``READS`` parameters, which
sit in a level's parameter vector from index ``base`` in the order of ``sniper.games.holdem.parameters.READS``:
``read_rate``, ``read_weight``, ``read_noise``, ``read_bet_rate``, ``read_bet_noise``.
"""

from kernels.jit import njit
from kernels.poker52.reads import looseness_nb

RATE, WEIGHT, NOISE, BET_RATE, BET_NOISE = range(5)
"""Offsets of the ``READS`` parameters from a level's ``base`` index (``parameters.READS`` order)."""


@njit(cache=True, inline="always")
def looseness_of_nb(h, i, params, base):
    """Numba equivalent of ``sniper.games.holdem.reads.Reads.looseness`` of player ``i``'s seat (``float64``,
    0..1): its ``Hand.tally`` ``(raises, faced, bets, unfaced)`` with ``params[base:base + 5]`` (module docstring)."""
    seat = h.pl[i].seat
    t = h.tally
    counts = (
        (t[seat, 0], t[seat, 1], params[base + RATE], params[base + NOISE]),
        (t[seat, 2], t[seat, 3], params[base + BET_RATE], params[base + BET_NOISE]),
    )
    return looseness_nb(counts, params[base + WEIGHT])


@njit(cache=True, inline="always")
def loosest_nb(h, p, params, base):
    """Numba equivalent of ``Reads.loosest`` for player ``p``: the largest ``looseness_of_nb`` of its live
    opponents (0.0 when none)."""
    m = h.st[0].players
    most = 0.0
    for step in range(1, m):
        i = (p + step) % m
        if h.pl[i].active:
            most = max(most, looseness_of_nb(h, i, params, base))
    return most


@njit(cache=True, inline="always")
def bettor_looseness_nb(h, p, params, base):
    """Numba equivalent of ``Reads.bettor_looseness`` for player ``p``: ``looseness_of_nb`` of the player of this
    street's last bet or raise (``STREET.aggressor``) when it is another player still in, else
    ``loosest_nb``."""
    s = h.st[0]
    a = s.aggressor
    if s.aggressor_street == s.street and a >= 0 and a != p and h.pl[a].active:
        return looseness_of_nb(h, a, params, base)
    return loosest_nb(h, p, params, base)

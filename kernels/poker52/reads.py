"""Opponent reads that adapt within a game, in numba: numba equivalents of ``sniper.games.poker52.reads``.

``looseness_nb`` (per opponent, from counts of its public actions in the game's earlier hands, GAMES.md D10, H11:
e.g. its raises facing a bet over the times it faced one) and ``toward_nb`` do the same floating-point operations
in the same order as the reference, so a kernel decision reads exactly what the reference level reads (Billings et
al., "Opponent modeling in poker", AAAI 1998: action frequencies re-weight the ranges read from the actions).
"""

from kernels.jit import njit


@njit(cache=True, inline="always")
def looseness_nb(counts, weight):
    """Numba equivalent of ``sniper.games.poker52.reads.looseness``: the share (``float64``, 0..1) of an
    opponent's actions read as carrying no information. ``counts``: a tuple of ``(events, chances, rate, noise)``
    (``int64``, ``int64``, ``float64``, ``float64``), ``d = noise - rate`` each; ``sum(d * (events - rate *
    chances)) / (sum(d * d * chances) + weight * d0 * d0)`` clipped to [0, 1], ``d0`` the first count's."""
    total = 0.0
    scale = 0.0
    for events, chances, rate, noise in counts:
        d = noise - rate
        total += d * (events - rate * chances)
        scale += d * d * chances
    d0 = counts[0][3] - counts[0][2]
    return min(max(total / (scale + weight * d0 * d0), 0.0), 1.0)


@njit(cache=True, inline="always")
def toward_nb(value, target, share):
    """Numba equivalent of ``sniper.games.poker52.reads.toward``: ``value + (target - value) * share``."""
    return value + (target - value) * share


@njit(cache=True, inline="always")
def add_hand_tally_nb(tally, hand_tally, n_seats):
    """Add a finished hand's counts ``hand_tally`` to the game's ``tally`` (both ``int64 (MAX_SEATS, K)``, a
    game's ``Hand.tally`` and ``Hand.hand_tally``), seats ``0 .. n_seats - 1``: the counts the reads see are the
    game's earlier hands' (numba equivalent of ``sniper.games.draw.reading.tendencies`` and
    ``sniper.games.holdem.reading.tendencies`` summing over a table's finished hands)."""
    for seat in range(n_seats):
        for c in range(tally.shape[1]):
            tally[seat, c] += hand_tally[seat, c]

"""Opponent reads that adapt within a game: how far one opponent's public actions carry no information.

A level that reads ranges from the bets (five-card draw's ``hard``, GAMES.md D11: "opponent ranges read from
their bets and how many cards they drew") reads them right against a player whose bets show strength and wrong
against one whose bets mean nothing (``random``). Following the frequency-based opponent modelling of Billings,
Papp, Schaeffer and Szafron ("Opponent modeling in poker", AAAI 1998: an opponent's observed action frequencies
re-weight the ranges read from its actions), a level counts, per opponent seat over the earlier hands of the game
(public actions only: D10, H11), one or more kinds of public action: how often (``events``) a telling action came
of the times it could (``chances``), e.g. a raise when facing a bet. ``looseness`` turns the counts into the share
``l`` (0..1) of that opponent's actions read as carrying no information. Each count has ``rate``, an informative
player's rate of the telling action, and ``noise``, the rate of a player acting uniformly at random; a player that
acts at random a share ``l`` of the time shows the rate ``rate + l * (noise - rate)``. ``l`` is that model's
least-squares fit to every decision counted (each weighed alike), shrunk toward 0 by a prior worth ``weight``
decisions of the first kind, clipped to [0, 1]: with ``d = noise - rate`` per count,

    l = sum(d * (events - rate * chances)) / (sum(d * d * chances) + weight * d0 * d0)

(``d0`` the first count's). With one count it is the posterior mean of the rate under a Beta prior of mean ``rate``
and weight ``weight``, placed between ``rate`` (0) and ``noise`` (1); a count whose rates lie close together
(small ``d``) weighs less. ``toward`` mixes a read parameter with its no-information value by ``l``. With no history
``l`` is 0 and the level reads as it did without this module.

Only ``+ - * /``, ``min`` and ``max`` in a fixed order, so ``kernels.poker52.reads`` (its numba equivalent) gives
the very same floats.

>>> looseness(((0, 0, 0.08, 0.3333),), 4.0)
0.0
>>> looseness(((6, 18, 0.08, 0.3333),), 4.0) > 0.5 > looseness(((1, 18, 0.08, 0.3333),), 4.0)
True
>>> looseness(((1, 4, 0.08, 0.3333), (3, 6, 0.2, 0.3846)), 4.0) > looseness(((1, 4, 0.08, 0.3333),), 4.0)
True
>>> toward(0.25, 1.0, 0.0), toward(0.25, 1.0, 1.0)
(0.25, 1.0)
"""

Count = tuple[int, int, float, float]
"""One kind of public action of one opponent: ``(events, chances, rate, noise)`` (module docstring)."""


class Reads:
    """The reads of a level that reads its opponents, mixed into its dataclass: a game's subclass names the counts
    of one seat's row of ``obs.tendencies`` (``counts``) and adds what its levels ask of the reads; the level's
    fields hold the rates and the prior's ``read_weight`` (the game's ``parameters.READS``)."""

    read_weight: float

    def counts(self, row: tuple[int, ...]) -> tuple[Count, ...]:
        """The ``Count`` s of one seat's row of an observation's ``tendencies`` (the game's subclass says which)."""
        raise NotImplementedError

    def looseness(self, obs, seat: int) -> float:
        """The share (0..1, a float) of ``seat``'s public actions over the game's earlier hands read as carrying no
        information: ``looseness(self.counts(obs.tendencies[seat]), self.read_weight)``; 0.0 when ``obs`` (an
        observation with a ``tendencies`` tuple, one row per seat) has no history. ``IndexError`` for a seat not
        at the table."""
        if not obs.tendencies:
            return 0.0
        return looseness(self.counts(obs.tendencies[seat]), self.read_weight)


def looseness(counts: tuple[Count, ...], weight: float) -> float:
    """The share (0..1, a float) of an opponent's actions read as carrying no information, from its ``counts`` (one
    or more ``Count``: non-negative integer ``events`` of ``chances``, an informative player's ``rate`` and a random
    player's ``noise``), with a prior of ``weight`` decisions of the first kind at 0: the module docstring's
    formula, summed over ``counts`` in order, clipped to [0, 1]. ``weight > 0`` and the first count's ``noise !=
    rate`` (the levels' parameter domains keep ``rate < noise``); ``ZeroDivisionError`` otherwise. Source:
    Billings et al. 1998 (module docstring); numba equivalent ``kernels.poker52.reads.looseness_nb``."""
    total = 0.0
    scale = 0.0
    for events, chances, rate, noise in counts:
        d = noise - rate
        total += d * (events - rate * chances)
        scale += d * d * chances
    d0 = counts[0][3] - counts[0][2]
    return min(max(total / (scale + weight * d0 * d0), 0.0), 1.0)


def toward(value: float, target: float, share: float) -> float:
    """``value`` moved ``share`` (0..1) of the way to ``target``: ``value + (target - value) * share`` (``value``
    itself at 0, ``target`` at 1); numba equivalent ``kernels.poker52.reads.toward_nb``."""
    return value + (target - value) * share

"""Opponent reads that adapt within a game: how far one opponent's public actions carry no information.

A level that reads ranges from the bets (five-card draw's ``hard``, GAMES.md D11: "opponent ranges read from
their bets and how many cards they drew") reads them right against a player whose bets show strength and wrong
against one whose bets mean nothing (``random``). Following the frequency-based opponent modelling of Billings,
Papp, Schaeffer and Szafron ("Opponent modeling in poker", AAAI 1998: an opponent's observed action frequencies
re-weight the ranges read from its actions), a level counts, per opponent seat over the earlier hands of the game
(public actions only: D10, H11), how often it raised when facing a bet (``events``) of the times it faced one
(``chances``), and ``looseness`` turns the count into the share ``l`` (0..1) of that opponent's actions read as
carrying no information: the posterior mean of its raise rate under a Beta prior of mean ``rate`` (an informative
player's rate) and weight ``weight`` (pseudo-decisions), placed between ``rate`` (``l = 0``) and ``noise`` (a
player acting uniformly at random, ``l = 1``). ``toward`` mixes a read parameter with its no-information value by
``l``. With no history ``l`` is 0 and the level reads as it did without this module.

Only ``+ - * /``, ``min`` and ``max`` in a fixed order, so ``kernels.poker52.reads`` (its numba equivalent) gives
the very same floats.

>>> looseness(0, 0, 0.08, 4.0, 0.3333)
0.0
>>> looseness(6, 18, 0.08, 4.0, 0.3333) > 0.5 > looseness(1, 18, 0.08, 4.0, 0.3333)
True
>>> toward(0.25, 1.0, 0.0), toward(0.25, 1.0, 1.0)
(0.25, 1.0)
"""


def looseness(events: int, chances: int, rate: float, weight: float, noise: float) -> float:
    """The share (0..1, a float) of an opponent's actions read as carrying no information, from ``events`` raises
    facing a bet over ``chances`` decisions facing one (non-negative integers): ``mean = (events + weight * rate) /
    (chances + weight)`` (the Beta(``weight * rate``, ``weight * (1 - rate)``) prior's posterior mean), then
    ``(mean - rate) / (noise - rate)`` clipped to [0, 1]. ``weight > 0`` and ``noise != rate`` (the levels'
    parameter domains keep ``rate < noise``); ``ZeroDivisionError`` otherwise. Source: Billings et al. 1998
    (module docstring); numba equivalent ``kernels.poker52.reads.looseness_nb``."""
    mean = (events + weight * rate) / (chances + weight)
    return min(max((mean - rate) / (noise - rate), 0.0), 1.0)


def toward(value: float, target: float, share: float) -> float:
    """``value`` moved ``share`` (0..1) of the way to ``target``: ``value + (target - value) * share`` (``value``
    itself at 0, ``target`` at 1); numba equivalent ``kernels.poker52.reads.toward_nb``."""
    return value + (target - value) * share

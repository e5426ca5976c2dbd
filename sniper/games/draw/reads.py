"""Five-card draw's reads that adapt within a game (D10, D11): how far an opponent's public actions in the game's
earlier hands (``DrawObservation.tendencies``) read as carrying no information, for the levels that read
(``sniper.games.draw.levels``: ``normal``, ``hard``). The mechanism is the 52-card games' shared one
(``sniper.games.poker52.reads``; Billings et al., "Opponent modeling in poker", AAAI 1998); its numba equivalent
here is ``kernels.draw.ranges.looseness_of_nb``.
"""

from sniper.games.poker52.reads import Count
from sniper.games.poker52.reads import Reads as PokerReads

__all__ = ["Reads"]


class Reads(PokerReads):
    """Reads that adapt within a game, for a level with the fields of ``parameters.READS`` (``read_rate``,
    ``read_weight``, ``read_noise``, ``read_draw_rate``, ``read_draw_noise``, ``read_show_rate``,
    ``read_show_noise``; module docstring). Its ``looseness(obs, seat)`` (``sniper.games.poker52.reads.Reads``)
    has the numba equivalent ``kernels.draw.ranges.looseness_of_nb``."""

    read_rate: float
    read_noise: float
    read_draw_rate: float
    read_draw_noise: float
    read_show_rate: float
    read_show_noise: float

    def counts(self, row: tuple[int, ...]) -> tuple[Count, ...]:
        """A seat's three counts (``row``: its six ``DrawObservation.tendencies``, public: D7, D10): its raises facing
        a first-round bet of the times it faced one (an informative player's rate ``read_rate``, a random player's
        ``read_noise``), its two-card draws of its draws (``read_draw_rate``, ``read_draw_noise``) and its hands
        shown down weak (less than a pair) of those it showed down after a second-round bet or raise
        (``read_show_rate``, ``read_show_noise``)."""
        raises, chances, twos, draws, weak, shows = row
        return (
            (raises, chances, self.read_rate, self.read_noise),
            (twos, draws, self.read_draw_rate, self.read_draw_noise),
            (weak, shows, self.read_show_rate, self.read_show_noise),
        )

"""No-limit Hold'em's reads that adapt within a game (H11, H12): how far an opponent's public bets and raises in the
game's earlier hands (``HoldemObservation.tendencies``) read as carrying no information, for the levels that read
(``sniper.games.holdem.levels``: ``normal``, ``hard``). The mechanism is the 52-card games' shared one
(``sniper.games.poker52.reads``; Billings et al., "Opponent modeling in poker", AAAI 1998); its numba equivalents are
in ``kernels.holdem.reads``.
"""

from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.reading import live_opponents
from sniper.games.poker52.reads import Count
from sniper.games.poker52.reads import Reads as PokerReads

__all__ = ["Reads"]


class Reads(PokerReads):
    """Reads that adapt within a game, for a level with the fields of ``parameters.READS`` (``read_rate``,
    ``read_noise``, ``read_bet_rate``, ``read_bet_noise``, ``read_weight``; module docstring)."""

    read_rate: float
    read_noise: float
    read_bet_rate: float
    read_bet_noise: float

    def counts(self, row: tuple[int, ...]) -> tuple[Count, ...]:
        """A seat's two counts (``row``: its four ``tendencies``): its raises facing a bet or raise of the times it
        faced one (an informative player's rate ``read_rate``, a random player's ``read_noise``) and its bets when
        checked to from the flop on (``read_bet_rate``, ``read_bet_noise``). ``looseness`` of them is the numba
        ``kernels.holdem.reads.looseness_of_nb``."""
        raises, faced, bets, unfaced = row
        return (raises, faced, self.read_rate, self.read_noise), (
            bets,
            unfaced,
            self.read_bet_rate,
            self.read_bet_noise,
        )

    def loosest(self, obs: HoldemObservation) -> float:
        """The largest ``looseness`` of the live opponents (0.0 when none): a bet is called by the loosest of them.
        Numba equivalent ``kernels.holdem.reads.loosest_nb``."""
        return max((self.looseness(obs, seat) for seat in live_opponents(obs)), default=0.0)

    def bettor_looseness(self, obs: HoldemObservation) -> float:
        """``looseness`` of the seat whose bet or raise ``obs.seat`` faces: the last bet or raise of this street in
        ``obs.history``, when another seat still in made it; else ``loosest``. Numba equivalent
        ``kernels.holdem.reads.bettor_looseness_nb``."""
        for seat, street, action in reversed(obs.history):
            if street != obs.street:
                break
            if action >= 2:
                if seat != obs.seat and obs.in_hand[seat]:
                    return self.looseness(obs, seat)
                break
        return self.loosest(obs)

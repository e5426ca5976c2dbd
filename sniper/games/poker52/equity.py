"""Showdown equity results: the fields and JSON keys both 52-card games' equity calculators share
(``sniper.games.holdem.equity.HoldemEquity``, ``sniper.games.draw.equity.KeepEquity``).

>>> Shares(win=0.5, tie=0.1, equity=0.55, win_se=None, tie_se=None, equity_se=None).shares_json()["equity"]
0.55
"""

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Shares:
    """A seat's shares of the pots at the showdown, probabilities in 0..1: ``win`` (the seat wins alone),
    ``tie`` (it splits the pot), ``equity`` (its expected share of the pot), and their standard errors
    ``win_se``, ``tie_se``, ``equity_se`` (``None`` when they cannot be estimated: exact, or one sample).
    Keyword-only, so a game's result lists its own fields first."""

    win: float
    tie: float
    equity: float
    win_se: float | None
    tie_se: float | None
    equity_se: float | None

    def shares_json(self) -> dict:
        """The six fields under their own names, as ``sniper equity``'s reports give them (strict-JSON data
        once the game's report drops non-finite numbers; here they are finite or ``None``)."""
        return {
            "win": self.win,
            "tie": self.tie,
            "equity": self.equity,
            "win_se": self.win_se,
            "tie_se": self.tie_se,
            "equity_se": self.equity_se,
        }

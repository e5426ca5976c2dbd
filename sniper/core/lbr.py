"""Local best response (LBR), game-independent: its range update, its choice and its win rate.

Lisý & Bowling, "Equilibrium Approximation Quality of Current No-Limit Poker Bots" (AAAI workshops,
2017; arXiv:1612.07547), Algorithm 1. LBR plays heads-up against a bot whose policy it can ask
(``action_probabilities``). It keeps the bot's *range*, a weight per private hand, starting uniform over
the hands its own cards allow (card removal) and multiplied, at every action of the bot, by the
probability the bot takes that action with that hand (Bayes' rule). At its own decision it assumes
that from then on both players only check or call to the showdown, and values each action relative to
folding (the chips already in the pot are sunk):

- check/call: ``wp * pot - (1 - wp) * asked``, ``wp`` its showdown equity against the range, ``pot``
  every chip in the middle, ``asked`` the chips it must add;
- a bet or raise to an amount, when the bot folds with probability ``fp`` (over the range) and
  otherwise calls: ``fp * pot + (1 - fp) * (wp' * (pot + called) - (1 - wp') * put)``, ``called``
  the chips the bot adds to call, ``put`` the chips LBR adds (both capped by the smaller stack) and
  ``wp'`` LBR's equity against the range that does not fold (the paper reuses ``wp``; the range that
  calls is the better estimate and no more costly here);
- fold: 0. LBR takes the action of greatest value, folding when nothing is worth more than 0
  (``best_action``).

Its win rate against the bot, over both seats on the same deals (duplicate), is a lower bound on the
bot's exploitability (what a best response would win): the paper's measure. A game plugs in through an
adapter that plays one deal in both seats (``sniper.games.holdem.lbr`` for no-limit Hold'em); this
module holds the parts that are the same in every game.

>>> best_action([("fold", 0.0), ("call", 1.5), ("pot", 2.0)])
'pot'
>>> best_action([("fold", 0.0), ("call", -0.5)])
'fold'
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sniper.core.stats import Interval, clustered_mean_ci, json_safe


def bayes_update(weights: np.ndarray, likelihood: np.ndarray, prior: np.ndarray) -> bool:
    """The range after an action, in place: ``weights *= likelihood`` (``float64 (n,)`` each, the
    probability each hand takes the action). When no hand of positive weight could have taken it (the
    opponent model and the bot disagree: e.g. a Monte Carlo estimate on the other side of a threshold),
    the range falls back to ``prior * (likelihood > 0)``, else to ``prior`` (the hands the cards allow);
    returns whether it fell back."""
    weights *= likelihood
    if weights.sum() > 0.0:
        return False
    weights[:] = prior * (likelihood > 0.0)
    if weights.sum() <= 0.0:
        weights[:] = prior
    return True


def equity_against(weights: np.ndarray, equities: np.ndarray) -> float:
    """The weighted mean of ``equities`` (``float64 (n,)``, LBR's share of the pot against each hand)
    over the range ``weights``; 0.5 for an empty range (nothing known)."""
    total = weights.sum()
    return float(weights @ equities / total) if total > 0.0 else 0.5


def call_value(wp: float, pot: float, asked: float) -> float:
    """The value of checking or calling (module docstring), in chips relative to folding."""
    return wp * pot - (1.0 - wp) * asked


def raise_value(fp: float, wp: float, pot: float, called: float, put: float) -> float:
    """The value of a bet or raise the bot folds to with probability ``fp`` and otherwise calls
    (module docstring), in chips relative to folding."""
    return fp * pot + (1.0 - fp) * (wp * (pot + called) - (1.0 - wp) * put)


def best_action(values: Sequence[tuple[object, float]]):
    """The action of greatest value among ``(action, value)`` pairs, the first on a tie (list fold
    first: LBR folds unless something is worth more than folding)."""
    best, top = values[0]
    for action, value in values[1:]:
        if value > top:
            best, top = action, value
    return best


BET_LETTERS = {"f": "fold", "c": "call", "h": "half pot", "p": "pot", "a": "all-in"}
"""LBR's action set, one letter each (the paper's ``fcpa``: fold, call, pot, all-in; ``h`` half the pot)."""


def parse_bets(text: str) -> str:
    """An LBR action set: letters of ``BET_LETTERS``, each once, with ``c`` (LBR must be able to check or
    call), returned in ``BET_LETTERS`` order. ``ValueError`` (one line) otherwise."""
    letters = text.strip().lower()
    if not letters or any(ch not in BET_LETTERS for ch in letters) or len(set(letters)) != len(letters):
        names = ", ".join(f"{ch} {name}" for ch, name in BET_LETTERS.items())
        raise ValueError(f"--bets takes letters, each once, of: {names}; got {text!r}")
    if "c" not in letters:
        raise ValueError(f"--bets must include c (check/call), got {text!r}")
    return "".join(ch for ch in BET_LETTERS if ch in letters)


def parse_rounds(text: str, names: Sequence[str]) -> tuple[int, ...]:
    """The betting rounds (indices of ``names``, e.g. preflop, flop, turn, river) where LBR best-responds,
    from a comma list of names (or ``all``); ``ValueError`` (one line) for an unknown or repeated name."""
    parts = [part.strip().lower() for part in text.split(",") if part.strip()]
    if parts == ["all"]:
        return tuple(range(len(names)))
    if not parts or any(part not in names for part in parts) or len(set(parts)) != len(parts):
        raise ValueError(f"--lbr-rounds takes a comma list of {', '.join(names)} (or all), got {text!r}")
    return tuple(sorted(names.index(part) for part in parts))


@dataclass(frozen=True)
class LbrResult:
    """LBR's win rate against one opponent over ``deals`` duplicate deals (each played in both seats).

    ``nets``: ``float64 (deals,)``, chips LBR won over each deal's two hands; ``per_unit``: chips per the
    reported unit (e.g. 0.002 chips per mbb with a big blind of 2 chips); ``unit``: its name (``mbb/g``);
    ``settings``: strict-JSON data naming the game, the opponent and LBR's options; ``resets``: times the
    range fell back (``bayes_update``).
    """

    nets: np.ndarray
    per_unit: float
    unit: str
    settings: dict
    resets: int = 0

    @property
    def interval(self) -> Interval:
        """The win rate per hand, in chips, with its 95% t interval, each deal one unit of two hands."""
        return clustered_mean_ci(self.nets, np.full(len(self.nets), 2.0))

    def to_json(self) -> dict:
        """``value`` and ``ci95`` (in ``unit``; ``None`` where an interval cannot be computed), ``unit``,
        ``hands`` (both seats), ``deals``, ``range_resets`` and the settings, as strict-JSON data."""
        ci = self.interval
        scale = 1.0 / self.per_unit
        return json_safe(
            {
                **self.settings,
                "value": ci.estimate * scale,
                "ci95": [ci.low * scale, ci.high * scale],
                "unit": self.unit,
                "hands": 2 * len(self.nets),
                "deals": len(self.nets),
                "range_resets": self.resets,
            }
        )

"""Hold'em showdown equity: exact enumeration where it is small, Monte Carlo with standard errors otherwise.

A seat holds two private cards (``hole``) and sees 0, 3, 4 or 5 community cards (``board``, H3);
``opponents`` (1–8) hold uniformly random cards among the unseen ones and the board is dealt out
(H8): the seat's hands are ranked as at the showdown (H9, ``sniper.games.poker52.cards.value``, in numba
``kernels.eval52``). The kernels live in ``kernels.holdem_equity``; this module validates and wraps them.

- ``win``: the probability that the seat's hand beats every opponent's;
- ``tie``: the probability that no opponent beats it and one or more tie it;
- ``equity``: the expected share of the pot, ``win`` plus each tie's ``1 / (players tied)``.

**Exact or Monte Carlo.** Exact enumeration visits every deal (board completion × unordered set of
opponents' hands, ``kernels.holdem_equity.deal_count``); it is used when that is at most
``EXACT_LIMIT`` = 500 M deals (≈ 1.6 s on one core here, at ≈ 300 M deals/s): every spot with one
or two opponents on the flop, turn or river, and three on the river; not preflop (2.1 G deals
heads-up). Otherwise ``samples`` Monte Carlo deals keyed by ``mix64(seed)`` (the same result for
any thread count), each with a standard error (``None`` when exact, or from a single sample).

>>> r = equity("As Ad", "", 1, samples=20_000, seed=1)
>>> r.exact, round(r.equity, 2)
(False, 0.85)
>>> r = equity("As Kd", "7h 8h 9c Tc 2d", 1)
>>> r.exact, r.deals, round(r.win + r.tie, 4) <= 1, r.equity_se is None
(True, 990, True, True)
"""

from collections.abc import Iterable
from dataclasses import dataclass
from math import sqrt

import numpy as np

from kernels.eval52 import tables
from kernels.holdem_equity import (
    MAX_OPPONENTS,
    WIN,
    deal_count,
    exact_outcomes_nb,
    sample_outcomes_nb,
)
from sniper.core.rng import mix64
from sniper.games.holdem.rules import BOARD_SIZES
from sniper.games.poker52.cards import DECK_SIZE, named_cards, text
from sniper.games.poker52.equity import Shares

__all__ = ["DEFAULT_SAMPLES", "EXACT_LIMIT", "BOARD_SIZES", "HoldemEquity", "equity", "equity_report"]

EXACT_LIMIT = 500_000_000
"""The most deals exact enumeration visits (module docstring); larger spots are sampled."""
DEFAULT_SAMPLES = 200_000
"""Monte Carlo deals when none are given (a standard error of at most ≈ 0.0011 on ``equity``)."""
HOLE_CARDS = 2
"""A seat's private cards (H3)."""


@dataclass(frozen=True)
class HoldemEquity(Shares):
    """A seat's showdown equity (module docstring); probabilities in 0..1.

    ``win``, ``tie``, ``equity`` and their standard errors ``win_se``, ``tie_se``, ``equity_se``
    (``None`` when ``exact``, or when there was one sample: it cannot be estimated); ``exact``:
    whether every deal was enumerated; ``deals``: deals enumerated or sampled; ``outcomes``: the
    deals counted by outcome (``kernels.holdem_equity``: lost, won, tied with 1, 2, … opponents).
    A standard error of 0 means every sample gave the seat the same share.
    """

    exact: bool
    deals: int
    outcomes: tuple[int, ...]

    @classmethod
    def of(cls, outcomes: np.ndarray, exact: bool) -> "HoldemEquity":
        """The equity of outcome counts (``int64 (k + 2,)``, ``kernels.holdem_equity``)."""
        counts = tuple(int(c) for c in outcomes)
        n = sum(counts)
        shares = [0.0, 1.0, *(1 / (t + 1) for t in range(1, len(counts) - 1))]
        win_share = [float(i == WIN) for i in range(len(counts))]
        tie_share = [float(i > WIN) for i in range(len(counts))]

        def mean_and_se(share: list[float]) -> tuple[float, float | None]:
            mean = sum(c * s for c, s in zip(counts, share)) / n
            if exact or n < 2:
                return mean, None
            square = sum(c * s * s for c, s in zip(counts, share)) / n
            return mean, sqrt(max(square - mean * mean, 0.0) / (n - 1))

        (win, win_se), (tie, tie_se), (share, share_se) = map(mean_and_se, (win_share, tie_share, shares))
        return cls(exact, n, counts, win=win, tie=tie, equity=share, win_se=win_se, tie_se=tie_se, equity_se=share_se)


def _integer(value: object, name: str, low: int, high: int | None = None) -> int:
    ok = isinstance(value, int | np.integer) and not isinstance(value, bool)
    if not ok or value < low or (high is not None and value > high):
        bound = f"{low}-{high}" if high is not None else f">= {low}"
        raise ValueError(f"{name} must be an integer {bound}, got {value!r}")
    return int(value)


def equity(
    hole: str | Iterable[str | int],
    board: str | Iterable[str | int] = (),
    opponents: int = 1,
    exact: bool | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> HoldemEquity:
    """The showdown equity of ``hole`` with ``board`` against ``opponents`` random hands (module docstring).

    ``hole``: 2 cards, ``board``: 0, 3, 4 or 5 cards (text ``"As Kd"``, names or integers 0..51,
    ``sniper.games.poker52.cards``); ``opponents``: 1–8; ``exact``: ``None`` enumerates when the spot has
    at most ``EXACT_LIMIT`` deals and samples otherwise, ``True`` always enumerates, ``False``
    always samples; ``samples``: Monte Carlo deals (≥ 1); ``seed``: ≥ 0, the Monte Carlo key is
    ``mix64(seed)`` (``kernels.holdem_equity``). One-line ``ValueError`` naming the parameter: a
    repeated card, a wrong number of cards, opponents outside 1–8, bad samples or seed, or
    ``exact=True`` on a spot of more than ``EXACT_LIMIT`` deals.
    """
    own = named_cards(hole, "hole")
    if len(own) != HOLE_CARDS:
        raise ValueError(f"hole must be {HOLE_CARDS} cards, got {len(own)}")
    shown = named_cards(board, "board")
    if len(shown) not in BOARD_SIZES:
        raise ValueError(f"board must be 0, 3, 4 or 5 cards, got {len(shown)}")
    if shared := sorted(set(own) & set(shown)):
        raise ValueError(f"board: {text(shared[0])} is also in hole")
    k = _integer(opponents, "opponents", 1, MAX_OPPONENTS)
    if exact not in (None, True, False):
        raise ValueError(f"exact must be True, False or None (automatic), got {exact!r}")
    n = _integer(samples, "samples", 1)
    key = np.uint64(mix64(_integer(seed, "seed", 0)))
    unseen = np.array(sorted(set(range(DECK_SIZE)) - {*own, *shown}), np.uint8)
    deals = deal_count(len(unseen), len(shown), k)
    if exact is True and deals > EXACT_LIMIT:
        raise ValueError(
            f"exact: this spot has {deals:,} deals, more than the {EXACT_LIMIT:,} enumerated; "
            "use exact=None or False for a Monte Carlo estimate"
        )
    cards_in = (np.array(own, np.uint8), np.array(shown, np.uint8), unseen, k)
    if exact is True or (exact is None and deals <= EXACT_LIMIT):
        return HoldemEquity.of(exact_outcomes_nb(*cards_in, tables()), exact=True)
    return HoldemEquity.of(sample_outcomes_nb(*cards_in, key, n, tables()), exact=False)


def equity_report(
    hole: str | Iterable[str | int],
    board: str | Iterable[str | int] = (),
    opponents: int = 1,
    exact: bool | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> dict:
    """``equity`` as a strict-JSON-ready dict (for ``sniper equity --game holdem``): ``game``,
    ``hole`` and ``board`` (card names), ``opponents``, ``exact``, ``deals`` (enumerated or
    sampled), ``samples`` and ``seed`` (``None`` when exact), ``win``, ``tie``, ``equity`` and
    ``win_se``, ``tie_se``, ``equity_se`` (``None`` when they cannot be computed). Arguments and
    errors as ``equity``.

    >>> report = equity_report("As Kd", "7h 8h 9c Tc 2d", 1)
    >>> report["exact"], report["deals"], report["equity_se"]
    (True, 990, None)
    """
    result = equity(hole, board, opponents, exact, samples, seed)
    return {
        "game": "holdem",
        "hole": [text(c) for c in named_cards(hole, "hole")],
        "board": [text(c) for c in named_cards(board, "board")],
        "opponents": int(opponents),
        "exact": result.exact,
        "deals": result.deals,
        "samples": None if result.exact else result.deals,
        "seed": None if result.exact else int(seed),
        **result.shares_json(),
    }

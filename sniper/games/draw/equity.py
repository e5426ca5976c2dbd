"""Five-card draw equity (GAMES.md D5, D7; issue 21 item 4): what a keep makes, and how often it wins.

A seat holds five cards (``hand``) and keeps some of them (``keep``: 2 to 5 of them, discarding 0–3,
D5); its replacements are any of the 47 cards it has not seen. For a keep this module gives

- ``categories``: the distribution of the final hand's category (``sniper.games.poker52.cards.CATEGORIES``),
  **exact**: every set of replacements is enumerated (``C(47, d)``, at most 16,215 for three cards);
- ``win``, ``tie``, ``equity``: the chance to beat every one of ``opponents`` (1–5) random opponents,
  to tie the best of them (none better), and the expected share of the pot. **The opponents' model**:
  each holds five random cards among the unseen and draws by the ``easy`` level's fixed chart
  (``sniper.games.draw.agents.draw_chart``: stand pat with a straight or better; keep trips, two pair
  or a pair; else four to a flush; else the two highest cards). Their hands and draws are sampled
  (``samples`` deals, keyed by ``mix64(seed)``); for each sample the seat's own replacements are
  enumerated exactly over the cards left (``kernels.draw_equity``), so each sample gives an exact
  conditional chance and the standard errors (``win_se`` …) are those of the sample means.

``keep_equities`` evaluates every legal keep on the same samples (common random numbers, so keeps
compare more precisely than their standard errors suggest) and ``best_keep`` returns the one with
the highest ``equity`` (the first in ``sniper.games.draw.engine.DISCARDS`` order on a tie: stand pat
first). The numba kernels are in ``kernels.draw_equity``; this module validates and wraps them.

>>> r = draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", opponents=2, samples=200, seed=1)
>>> r.discards, r.replacement_sets, round(sum(r.categories), 12), round(r.categories[1], 3)
(3, 16215, 1.0, 0.713)
>>> [text(c) for c in best_keep("As Ks Qs Js 9s", samples=20).keep]  # a pat flush keeps five
['As', 'Ks', 'Qs', 'Js', '9s']
"""

from dataclasses import dataclass
from math import comb, sqrt

import numpy as np

from kernels.draw_equity import FIELDS, MAX_OPPONENTS, SHARE, TIE, WIN, final_categories_nb, keep_outcomes_nb
from kernels.eval52 import tables
from sniper.core.rng import mix64
from sniper.games.draw.actions import DISCARD, DISCARDS
from sniper.games.draw.rules import HAND_SIZE, MAX_DISCARDS
from sniper.games.poker52.cards import CATEGORIES, DECK_SIZE, named_cards, text
from sniper.games.poker52.equity import Shares

__all__ = ["DEFAULT_SAMPLES", "MAX_SAMPLES", "KeepEquity", "best_keep", "draw_equity", "equity_report", "keep_equities"]

DEFAULT_SAMPLES = 1000
"""Sampled deals of the opponents when none are given (standard errors of about 0.01 on ``equity``)."""
MAX_SAMPLES = 10_000_000
"""The most sampled deals one call accepts."""
OPPONENT_POLICY = "five random cards each, drawn by the easy chart (sniper.games.draw.agents.draw_chart)"
"""The opponents' model in words, for reports (module docstring)."""


@dataclass(frozen=True)
class KeepEquity(Shares):
    """What one keep makes and wins (module docstring); probabilities in 0..1.

    ``keep``: the cards kept (in the hand's order); ``mask``: the discard mask (bit ``j``: the hand's
    ``j``-th card goes, ``sniper.games.draw.engine``); ``discards``: how many go (0–3);
    ``replacement_sets``: the sets of replacements enumerated for ``categories`` (``C(47, discards)``);
    ``categories``: the exact chance of each final category, ``CATEGORIES`` order (sums to 1);
    ``win``, ``tie``, ``equity`` and their standard errors ``win_se``, ``tie_se``, ``equity_se`` over
    ``samples`` deals of the opponents (``None`` from one sample: it cannot be estimated).
    """

    keep: tuple[int, ...]
    mask: int
    discards: int
    replacement_sets: int
    categories: tuple[float, ...]
    samples: int


def _integer(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not low <= value <= high:
        raise ValueError(f"{name} must be an integer {low}-{high:,}, got {value!r}")
    return int(value)


def _hand(hand) -> tuple[int, ...]:
    held = named_cards(hand, "hand")
    if len(held) != HAND_SIZE:
        raise ValueError(f"hand must be {HAND_SIZE} cards, got {len(held)}")
    return held


def keep_mask(hand, keep) -> int:
    """The discard mask that keeps ``keep`` of five-card ``hand`` (cards as text, names or 0..51).
    One-line ``ValueError`` naming the parameter: a bad hand, a kept card not in the hand, or a keep
    of other than 2 to 5 cards (0–3 discards, D5).

    >>> keep_mask("Ah Ad 7c 4s 2d", "Ah Ad")
    28
    """
    held, kept = _hand(hand), named_cards(keep, "keep")
    if missing := [c for c in kept if c not in held]:
        raise ValueError(f"keep: {text(missing[0])} is not in hand")
    if not HAND_SIZE - MAX_DISCARDS <= len(kept) <= HAND_SIZE:
        raise ValueError(
            f"keep must be {HAND_SIZE - MAX_DISCARDS} to {HAND_SIZE} of the hand's cards "
            f"(0-{MAX_DISCARDS} discards, D5), got {len(kept)}"
        )
    return sum(1 << j for j, c in enumerate(held) if c not in kept)


def _equities(held: tuple[int, ...], masks: list[int], opponents, samples, seed) -> tuple[KeepEquity, ...]:
    k = _integer(opponents, "opponents", 1, MAX_OPPONENTS)
    n = _integer(samples, "samples", 1, MAX_SAMPLES)
    key = np.uint64(mix64(_integer(seed, "seed", 0, 2**63 - 1)))
    t = tables()
    hand = np.array(held, np.uint8)
    unseen = np.array([c for c in range(DECK_SIZE) if c not in held], np.uint8)
    sums = keep_outcomes_nb(hand, np.array(masks, np.int64), unseen, k, key, n, t).reshape(len(masks), FIELDS)
    results = []
    for q, mask in enumerate(masks):
        kept = tuple(c for j, c in enumerate(held) if not mask >> j & 1)
        d = HAND_SIZE - len(kept)
        counts = final_categories_nb(np.array(kept, np.uint8), unseen, d, t)
        sets = comb(len(unseen), d)
        stats = []
        for field in (WIN, TIE, SHARE):
            mean = float(sums[q, field]) / n
            square = float(sums[q, field + 3]) / n
            stats.append((mean, sqrt(max(square - mean * mean, 0.0) / (n - 1)) if n > 1 else None))
        (win, win_se), (tie, tie_se), (share, share_se) = stats
        results.append(
            KeepEquity(
                kept,
                mask,
                d,
                sets,
                tuple(int(c) / sets for c in counts),
                n,
                win=win,
                tie=tie,
                equity=share,
                win_se=win_se,
                tie_se=tie_se,
                equity_se=share_se,
            )
        )
    return tuple(results)


def draw_equity(hand, keep, opponents: int = 1, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> KeepEquity:
    """The ``KeepEquity`` of keeping ``keep`` of ``hand`` against ``opponents`` (module docstring).

    ``hand``: five distinct cards, ``keep``: 2 to 5 of them (text ``"Ah Ad"``, names or integers
    0..51, ``sniper.games.poker52.cards``); ``opponents``: 1–5 (a table of 2–6, D1); ``samples``: the
    opponents' sampled deals, 1 to ``MAX_SAMPLES``; ``seed``: ≥ 0, the sampling key is ``mix64(seed)``.
    One-line ``ValueError`` naming the parameter for anything else (``keep_mask``).
    """
    held = _hand(hand)
    return _equities(held, [keep_mask(held, keep)], opponents, samples, seed)[0]


def keep_equities(hand, opponents: int = 1, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> tuple[KeepEquity, ...]:
    """The ``KeepEquity`` of every legal keep of ``hand`` (26: discarding 0–3 cards), in
    ``sniper.games.draw.engine.DISCARDS`` order (stand pat first), all on the same sampled deals: the
    entry of a keep equals ``draw_equity`` of that keep with the same arguments. Arguments and errors
    as ``draw_equity``."""
    return _equities(_hand(hand), [a - DISCARD for a in DISCARDS], opponents, samples, seed)


def best_keep(hand, opponents: int = 1, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> KeepEquity:
    """The keep of ``keep_equities`` with the highest ``equity`` (the first on a tie, so standing pat
    wins ties). Arguments and errors as ``draw_equity``."""
    return _best(keep_equities(hand, opponents, samples, seed))


def _best(every: tuple[KeepEquity, ...]) -> KeepEquity:
    best = every[0]
    for result in every[1:]:
        if result.equity > best.equity:
            best = result
    return best


def _keep_dict(result: KeepEquity) -> dict:
    return {
        "keep": [text(c) for c in result.keep],
        "discards": result.discards,
        "replacement_sets": result.replacement_sets,
        "categories": dict(zip(CATEGORIES, result.categories)),
        **result.shares_json(),
    }


def equity_report(
    hand, keep=None, opponents: int = 1, samples: int = DEFAULT_SAMPLES, seed: int = 0, best: bool = True
) -> dict:
    """Draw equity as a strict-JSON-ready dict (for ``sniper equity --game draw``).

    Keys: ``game`` ("draw"), ``hand`` (card names), ``opponents``, ``opponent_policy``
    (``OPPONENT_POLICY``), ``samples``, ``seed``; ``keep``: the given keep's ``_keep_dict`` (``keep``,
    ``discards``, ``replacement_sets``, ``categories`` as name → probability, ``win``, ``tie``,
    ``equity``, ``win_se``, ``tie_se``, ``equity_se``; ``None`` where it cannot be computed), or
    ``None`` when no keep is given; ``best_keep``: the same for ``best_keep`` when ``best`` (else
    ``None``). ``keep=None`` with ``best`` reports the best keep only. Arguments and errors as
    ``draw_equity``.

    >>> report = equity_report("Ah Ad 7c 4s 2d", "Ah Ad", 2, samples=50, best=False)
    >>> report["keep"]["discards"], report["keep"]["replacement_sets"], report["best_keep"]
    (3, 16215, None)
    """
    held = _hand(hand)
    masks = [keep_mask(held, keep)] if keep is not None else []
    every = keep_equities(held, opponents, samples, seed) if best else _equities(held, masks, opponents, samples, seed)
    chosen = next((r for r in every if r.mask in masks), None)
    top = _best(every) if best else None
    return {
        "game": "draw",
        "hand": [text(c) for c in held],
        "opponents": int(opponents),
        "opponent_policy": OPPONENT_POLICY,
        "samples": int(samples),
        "seed": int(seed),
        "keep": _keep_dict(chosen) if chosen is not None else None,
        "best_keep": _keep_dict(top) if top is not None else None,
    }

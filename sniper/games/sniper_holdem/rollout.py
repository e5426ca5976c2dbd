"""Showdown equity of a seat: exact enumeration, a readable Monte Carlo reference, and the kernel API.

A seat knows its 2 private cards and the ``k`` visible board cards (2 or 4). Its equity is its
expected share of the pot at the showdown (R8) against ``n_opponents`` random hands, where any
hand matching a snipe ranks last (R7, R8). Also reported: the probability that the seat's own hand
is sniped, and which (category, top) names the opponents beat it with ("dangers").

``rollout`` is the pure-Python reference of ``kernels.sniper_holdem.rollout.rollout_nb`` and follows the same
draw scheme bit for bit (documented in ``kernels.sniper_holdem.rollout``): the unseen cards in ascending order,
sample ``j`` keyed by ``derive(key, j)``, draw ``i`` from 16-bit chunk ``i % 4`` of word
``derive(sk, i // 4)`` in a partial Fisher–Yates shuffle filling the missing board cards first, then
each opponent's two private cards; future snipe ``t`` from ``uniform_float(derive(sk, 64 + t))`` by
inverse CDF over ``snipe_probs`` (index 60 = pass). Win shares count in integer units of 1/60.

``equity`` is the validated public entry point; it runs the kernel on all threads (or ``exact_equity``).
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import accumulate
from math import comb, sqrt
from typing import NamedTuple

import numba
import numpy as np

from kernels.sniper_holdem.codes import N_SNIPES, SNIPE_CODE
from kernels.sniper_holdem.evaluator import tables
from kernels.sniper_holdem.params import AGGRESSION_SCALE
from kernels.sniper_holdem.rollout import (
    FUTURE_SNIPE_WORD,
    MAX_OPPONENTS,
    PASS_INDEX,
    UNITS,
    new_rollout_scratch,
    rollout_nb,
)
from sniper.core.rng import derive, mix64, uniform_float
from sniper.games.sniper_holdem.cards import NUMBERS, check_cards, fresh_deck
from sniper.games.sniper_holdem.hands import CATEGORY_NAMES, Hand, Snipe, best_hand, parse_snipe, strength
from sniper.games.sniper_holdem.showdown import winners

__all__ = ["EquityResult", "ExactEquity", "RolloutSums", "equity", "exact_equity", "rollout"]

PAR_BLOCK = 4096
"""Samples per thread task of ``kernel_rollout(parallel=True)``."""


class RolloutSums(NamedTuple):
    """Sums of a rollout over ``n`` samples (R8; units of 1/60 of a pot)."""

    win_units: int
    """Sum over samples of the seat's share in units of 1/60 (``60 // k`` among ``k`` winners)."""
    win_units_squared: int
    """Sum over samples of the squared share in units."""
    sniped: int
    """Samples in which the seat's own hand matches a snipe."""
    beaters: tuple[int, ...]
    """60 counts: opponents beating the seat (snipes ignored), by their hand's snipe code."""
    weighted_units: float
    """Sum over samples of betting weight × share units (``kernels.sniper_holdem.rollout`` docstring)."""
    weight_total: float
    """Sum over samples of the betting weights (``n`` when unweighted)."""
    dangers: tuple[int, ...] = (0,) * N_SNIPES
    """60 counts: opponents beating the seat at the showdown as R8 plays it (a sniped hand beats no one,
    every unsniped hand beats a sniped one), by their hand's snipe code."""

    @property
    def weighted_win(self) -> float:
        """The betting-weighted expected share of the pot, 0..1."""
        return self.weighted_units / UNITS / self.weight_total


class ExactEquity(NamedTuple):
    """Exact expectations over every deal of the opponents' private cards (R8)."""

    win: float
    """Expected share of the pot, 0..1."""
    sniped: float
    """Probability that the seat's hand matches a snipe (0 or 1 with the board complete)."""
    beaters: tuple[float, ...]
    """60 expectations: number of opponents beating the seat with each snipe code's hand (snipes ignored)."""
    dangers: tuple[float, ...]
    """60 expectations: number of opponents beating the seat at the showdown as R8 plays it (a sniped
    hand beats no one, every unsniped hand beats a sniped one), by their hand's snipe code."""


@dataclass(frozen=True)
class EquityResult:
    """Equity of a seat (R7, R8).

    ``win``: expected share of the pot; ``stderr``: its Monte Carlo standard error (0 when exact);
    ``sniped``: probability that the seat's own hand is sniped; ``dangers``: up to five
    ``(category name, top, frequency)`` tuples, most frequent first, where frequency is the
    expected number of opponents per deal that beat the seat with that hand at the showdown as R8
    plays it: a sniped hand beats no one, and when the seat's own hand is sniped every unsniped
    opponent hand beats it.
    """

    win: float
    stderr: float
    sniped: float
    dangers: tuple[tuple[str, int, float], ...]
    samples: int


def _unseen(private: Sequence[int], board: Sequence[int]) -> list[int]:
    return sorted((Counter(fresh_deck()) - Counter([*private, *board])).elements())


def _share_units(own: tuple, own_sniped: bool, opponents: list[tuple[tuple, bool]]) -> int:
    """The seat's share in units of 1/60 given strengths and sniped flags (R8;
    ``sniper.games.sniper_holdem.showdown.winners``)."""
    keys = [own, *(s for s, _ in opponents)]
    won = winners(keys, [own_sniped, *(hit for _, hit in opponents)])
    return UNITS // len(won) if won[0] == 0 else 0


def _code(hand: Hand) -> int:
    return SNIPE_CODE.get((int(hand.category), hand.top), -1)


def rollout(
    private: Sequence[int],
    board: Sequence[int],
    n_opponents: int,
    snipe_codes: Iterable[int] = (),
    snipe_probs: Sequence[float] | None = None,
    n_future: int = 0,
    key: int = 0,
    n_samples: int = 1000,
    opp_raises: Sequence[int] = (),
    aggression: float = 0.0,
    first: int = 0,
) -> RolloutSums:
    """Pure-Python Monte Carlo rollout: the reference of ``kernels.sniper_holdem.rollout.rollout_nb`` (R7, R8, R13).

    ``private``: 2 cards; ``board``: 0–4 visible cards; ``snipe_codes``: snipes already made;
    ``snipe_probs``: 61 probabilities (index 60 = pass) for the ``n_future`` snipes still to come;
    ``key``: 64-bit key; ``opp_raises`` (bets and raises per opponent) and ``aggression``: the
    betting weights of ``kernels.sniper_holdem.rollout``; samples ``first .. first + n_samples - 1``. No
    validation: use ``equity`` for checked input. Same draws and sums as the kernel, bit for bit
    (module docstring).
    """
    unseen = _unseen(private, board)
    n_unseen = len(unseen)
    n_missing = 4 - len(board)
    n_draws = n_missing + 2 * n_opponents
    cum = list(accumulate(snipe_probs)) if snipe_probs is not None else []
    made = set(snipe_codes)
    cache: dict[tuple[int, ...], Hand] = {}

    def hand_of(two: tuple[int, int], full_board: list[int]) -> Hand:
        multiset = tuple(sorted((*two, *full_board)))
        if multiset not in cache:
            cache[multiset] = best_hand(two, tuple(full_board))
        return cache[multiset]

    win_units = win_sq = sniped = 0
    weighted_units = weight_total = 0.0
    beaters = [0] * N_SNIPES
    dangers = [0] * N_SNIPES
    for j in range(first, first + n_samples):
        sk = derive(key, j)
        work = list(unseen)
        for i in range(n_draws):
            chunk = (derive(sk, i // 4) >> (16 * (i % 4))) & 0xFFFF
            p = i + ((chunk * (n_unseen - i)) >> 16)
            work[i], work[p] = work[p], work[i]
        full_board = [*board, *work[:n_missing]]
        snipes = set(made)
        for t in range(n_future):
            u = uniform_float(derive(sk, FUTURE_SNIPE_WORD + t))
            code = next((i for i, c in enumerate(cum) if c > u), PASS_INDEX)
            if code < PASS_INDEX:
                snipes.add(code)
        own_hand = hand_of(tuple(private), full_board)
        own = strength(own_hand, tuple(private))
        own_hit = _code(own_hand) in snipes
        opponents = []
        for o in range(n_opponents):
            two = (work[n_missing + 2 * o], work[n_missing + 2 * o + 1])
            hand = hand_of(two, full_board)
            s = strength(hand, two)
            code = _code(hand)
            if s > own and code >= 0:
                beaters[code] += 1
            if code >= 0 and code not in snipes and (own_hit or s > own):
                dangers[code] += 1
            opponents.append((s, code in snipes, int(hand.category)))
        share = _share_units(own, own_hit, [(s, hit) for s, hit, _ in opponents])
        win_units += share
        win_sq += share * share
        sniped += own_hit
        weight = 1.0
        if aggression > 0:
            for o, (_, _, category) in enumerate(opponents):
                weight *= 1.0 + aggression * opp_raises[o] * category / AGGRESSION_SCALE
        weighted_units += weight * share
        weight_total += weight
    return RolloutSums(win_units, win_sq, sniped, tuple(beaters), weighted_units, weight_total, tuple(dangers))


def _pairs(counts: Counter) -> list[tuple[tuple[int, int], int]]:
    """Unordered pairs of numbers drawable from ``counts`` with their number of card pairs."""
    out = []
    for a in NUMBERS:
        for b in NUMBERS:
            if a < b and counts[a] and counts[b]:
                out.append(((b, a), counts[a] * counts[b]))
            elif a == b and counts[a] >= 2:
                out.append(((a, a), comb(counts[a], 2)))
    return out


def exact_equity(
    private: Sequence[int], board: Sequence[int], n_opponents: int, snipes: Iterable[int] = ()
) -> ExactEquity:
    """Exact equity with the full board by enumerating the opponents' private cards (R8).

    ``board``: 4 cards; ``n_opponents``: 1 or 2; ``snipes``: snipe codes already made. Each
    opponent's pair of numbers is weighted by its number of card pairs among the cards still
    unseen, so every deal of the opponents' cards counts once. Evaluations are cached per pair.
    """
    private, board = tuple(private), tuple(board)
    _check_position(private, board, n_opponents)
    if len(board) != 4 or n_opponents not in (1, 2):
        raise ValueError("exact_equity needs a board of 4 cards and 1 or 2 opponents")
    made = set(snipes)
    own_hand = best_hand(private, board)
    own = strength(own_hand, private)
    own_hit = _code(own_hand) in made
    counts = Counter(_unseen(private, board))
    evaluated = {}
    for pair, _ in _pairs(counts):
        hand = best_hand(pair, board)
        evaluated[pair] = (strength(hand, pair), _code(hand))
    total = 0
    win = 0
    beaters = [0] * N_SNIPES
    dangers = [0] * N_SNIPES

    def visit(seats: list[tuple[int, int]], weight: int, left: Counter) -> None:
        nonlocal total, win
        if len(seats) == n_opponents:
            opponents = [(evaluated[s][0], evaluated[s][1] in made) for s in seats]
            total += weight
            win += weight * _share_units(own, own_hit, opponents)
            for s in seats:
                key, code = evaluated[s]
                if key > own and code >= 0:
                    beaters[code] += weight
                if code >= 0 and code not in made and (own_hit or key > own):
                    dangers[code] += weight
            return
        for pair, w in _pairs(left):
            rest = left.copy()
            rest.subtract(pair)
            visit([*seats, pair], weight * w, rest)

    visit([], 1, counts)
    n_unseen = sum(counts.values())
    assert total == comb(n_unseen, 2) * (comb(n_unseen - 2, 2) if n_opponents == 2 else 1)
    return ExactEquity(
        win / UNITS / total, float(own_hit), tuple(b / total for b in beaters), tuple(d / total for d in dangers)
    )


def _check_position(private: tuple, board: tuple, n_opponents: int) -> None:
    if len(private) != 2:
        raise ValueError(f"a seat needs 2 private cards, got {len(private)}")
    if len(board) not in (2, 4):
        raise ValueError(f"the board must show 2 or 4 cards, got {len(board)}")
    check_cards((*private, *board))
    if isinstance(n_opponents, bool) or not isinstance(n_opponents, int):
        raise ValueError(f"n_opponents must be an integer, got {n_opponents!r}")
    if not 1 <= n_opponents <= MAX_OPPONENTS:
        raise ValueError(f"n_opponents must be 1-{MAX_OPPONENTS}, got {n_opponents}")


def _snipe_code(snipe: Snipe | int | str) -> int:
    if isinstance(snipe, Snipe):
        return snipe.code
    if isinstance(snipe, str):
        return parse_snipe(snipe).code
    if isinstance(snipe, int | np.integer) and not isinstance(snipe, bool) and 0 <= snipe < N_SNIPES:
        return int(snipe)
    raise ValueError(f"snipe {snipe!r} is not a Snipe, a snipe name or a code 0-{N_SNIPES - 1}")


def _dangers(dangers: Sequence[float]) -> tuple[tuple[str, int, float], ...]:
    """``EquityResult.dangers`` from the 60 expected counts ``dangers`` (R8, by snipe code): the five
    most frequent, as ``(category name, top, frequency)``."""
    ranked = sorted((code for code in range(N_SNIPES) if dangers[code] > 0), key=lambda c: -dangers[c])
    out = []
    for code in ranked[:5]:
        snipe = Snipe.from_code(code)
        out.append((CATEGORY_NAMES[snipe.category], snipe.top, float(dangers[code])))
    return tuple(out)


def equity(
    private: Sequence[int],
    board: Sequence[int],
    n_opponents: int,
    snipes: Iterable[Snipe | int | str] = (),
    samples: int = 100_000,
    seed: int = 0,
    exact: bool = False,
    snipe_probs: Sequence[float] | None = None,
    n_future: int = 0,
) -> EquityResult:
    """Equity of a seat at the showdown against random opponents' hands (R7, R8).

    ``private``: 2 cards; ``board``: the 2 or 4 visible community cards; ``n_opponents``: 1–5;
    ``snipes``: snipes already made (``Snipe``, name such as ``"9 full house"``, or code 0..59);
    ``samples``, ``seed``: Monte Carlo size and seed (the kernel key is ``mix64(seed)``; results do
    not depend on the thread count); ``exact``: enumerate instead (board of 4, 1–2 opponents, no
    future snipes); ``snipe_probs`` (61 probabilities, index 60 = pass) and ``n_future``: snipes
    still to come from opponents. Raises ``ValueError`` naming the problem for bad input.

    >>> equity((10, 10), (10, 10), 1, samples=1000).win
    1.0
    """
    private, board = tuple(private), tuple(board)
    _check_position(private, board, n_opponents)
    codes = sorted({_snipe_code(s) for s in snipes})
    if isinstance(n_future, bool) or not isinstance(n_future, int) or not 0 <= n_future <= n_opponents:
        raise ValueError(f"n_future must be an integer 0-{n_opponents} (the opponents), got {n_future!r}")
    probs = np.zeros(N_SNIPES + 1)
    probs[PASS_INDEX] = 1.0
    if snipe_probs is not None:
        probs = np.asarray(snipe_probs, dtype=np.float64)
        if probs.shape != (N_SNIPES + 1,) or not np.isfinite(probs).all() or (probs < 0).any():
            raise ValueError("snipe_probs must be 61 non-negative finite probabilities (index 60 = pass)")
    elif n_future:
        raise ValueError("n_future snipes need a snipe_probs distribution")
    if exact:
        if n_future:
            raise ValueError("exact equity does not sample future snipes")
        result = exact_equity(private, board, n_opponents, codes)
        return EquityResult(result.win, 0.0, result.sniped, _dangers(result.dangers), 0)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a positive integer, got {samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    sums = kernel_rollout(private, board, n_opponents, codes, probs, n_future, mix64(seed), samples)
    return _result(sums.win_units, sums.win_units_squared, sums.sniped, np.array(sums.dangers), samples)


def _result(win_units: int, win_sq: int, sniped: int, dangers: np.ndarray, n: int) -> EquityResult:
    win = win_units / UNITS / n
    mean_sq = win_sq / UNITS**2 / n
    variance = max(mean_sq - win * win, 0.0) * n / (n - 1) if n > 1 else float("nan")  # one sample: no SE
    return EquityResult(win, sqrt(variance / n), sniped / n, _dangers(dangers / n), n)


def kernel_rollout(
    private: Sequence[int],
    board: Sequence[int],
    n_opponents: int,
    snipe_codes: Iterable[int] = (),
    snipe_probs: Sequence[float] | None = None,
    n_future: int = 0,
    key: int = 0,
    n_samples: int = 1000,
    parallel: bool = True,
    opp_raises: Sequence[int] = (),
    aggression: float = 0.0,
    first: int = 0,
) -> RolloutSums:
    """``rollout`` computed by the numba kernel (same arguments and result, no validation).

    ``parallel``: blocks of ``PAR_BLOCK`` samples run on numba's thread count of Python threads
    (``rollout_nb`` releases the GIL), each block with its own ``kernels.sniper_holdem.rollout.RolloutScratch``;
    the integer sums equal the single-thread ones exactly (the weighted float sums only up to
    rounding: use ``parallel=False`` where bits matter).
    """
    t = tables()
    probs = np.zeros(N_SNIPES + 1) if snipe_probs is None else np.asarray(snipe_probs, np.float64)
    cards = (np.array(private, np.uint8), np.array(board, np.uint8), n_opponents)
    snipes = (np.array(list(snipe_codes), np.int64), probs, n_future, np.uint64(key))
    raises = np.zeros(max(n_opponents, 1), np.int64)
    raises[: len(opp_raises)] = opp_raises

    def block(start: int) -> tuple:
        size = min(PAR_BLOCK if parallel else n_samples, n_samples - start)
        scratch = new_rollout_scratch()
        sums = rollout_nb(
            *cards, *snipes, size, t.base, t.snipe, first + start, t.category, raises, aggression, scratch
        )
        return *sums, scratch.beaters.copy(), scratch.dangers.copy()

    firsts = range(0, n_samples, PAR_BLOCK) if parallel else [0]
    if len(firsts) > 1:
        with ThreadPoolExecutor(numba.get_num_threads()) as pool:
            parts = list(pool.map(block, firsts))
    else:
        parts = [block(0)]
    w, sq, s = (sum(int(part[i]) for part in parts) for i in range(3))
    weighted, total = (sum(float(part[i]) for part in parts) for i in (3, 4))
    beaters, dangers = (np.sum([part[i] for part in parts], axis=0) for i in (5, 6))
    return RolloutSums(
        int(w), int(sq), int(s), tuple(int(b) for b in beaters), weighted, total, tuple(int(d) for d in dangers)
    )

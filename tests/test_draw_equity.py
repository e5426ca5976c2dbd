"""Five-card draw equity (``sniper.games.draw.equity``, ``kernels.draw_equity``): exact final categories
against a brute-force ``poker52.value`` loop, the sampled showdowns against a plain-Python replay of the
same deals, the easy chart in numba, the best keep, seeds, refusals and the JSON report."""

import json
import random
from itertools import combinations
from math import comb

import numpy as np
import pytest

from kernels.draw_equity import CATEGORY_UNIT, chart_mask_nb, five_category_nb
from kernels.eval52 import tables, values_nb
from kernels.jit import njit
from sniper.core.rng import derive, mix64, uniform_int
from sniper.games.draw.agents import draw_chart
from sniper.games.draw.engine import DISCARDS
from sniper.games.draw.equity import best_keep, draw_equity, equity_report, keep_equities, keep_mask
from sniper.games.poker52 import cards as poker52


def brute_categories(hand: str, keep: str) -> list[float]:
    """The final categories of ``keep`` over every set of replacements, by ``poker52.value`` (plain Python)."""
    held, kept = poker52.cards(hand), poker52.cards(keep)
    unseen = [c for c in range(52) if c not in held]
    counts = [0] * 9
    for extra in combinations(unseen, 5 - len(kept)):
        counts[poker52.category(poker52.value([*kept, *extra]))] += 1
    return [n / sum(counts) for n in counts]


@pytest.mark.parametrize(
    "hand, keep",
    [
        ("Ah Ad 7c 4s 2d", "Ah Ad"),
        ("Ah Ad 7c 4s 2d", "Ah Ad 7c"),
        ("Kh 9h 7h 4h 2c", "Kh 9h 7h 4h"),
        ("5c 6d 7h 8s 9c", ""),
    ],
)
def test_the_final_categories_are_exact_and_sum_to_one(hand, keep):
    keep = keep or hand
    r = draw_equity(hand, keep, opponents=2, samples=3, seed=4)
    assert r.categories == pytest.approx(brute_categories(hand, keep), abs=1e-15)
    assert sum(r.categories) == pytest.approx(1.0, abs=1e-12)
    assert r.replacement_sets == comb(47, r.discards)
    assert [poker52.text(c) for c in r.keep] == keep.split()


def python_sums(hand: str, mask: int, opponents: int, seed: int, samples: int) -> tuple[float, float, float]:
    """Win, tie and pot share summed over ``samples`` deals, replayed in plain Python as
    ``kernels.draw_equity`` documents: the same stream, the easy chart of ``agents.draw_chart``, every
    set of the seat's replacements valued by ``poker52.value``."""
    held = poker52.cards(hand)
    kept = [c for j, c in enumerate(held) if not mask >> j & 1]
    unseen = [c for c in range(52) if c not in held]
    n, key = len(unseen), mix64(seed)
    totals = [0.0, 0.0, 0.0]
    for j in range(samples):
        sk, work, used = derive(key, j), list(unseen), [0]

        def draw(sk=sk, work=work, used=used):
            i = used[0]
            x = i + uniform_int(derive(sk, i), n - i)
            work[i], work[x] = work[x], work[i]
            used[0] += 1
            return work[i]

        fives = [[draw() for _ in range(5)] for _ in range(opponents)]
        finals = []
        for five in fives:
            m = draw_chart(tuple(five))
            keep = [c for p, c in enumerate(five) if not m >> p & 1]
            finals.append(keep + [draw() for _ in range(5 - len(keep))])
        values = [poker52.value(f) for f in finals]
        best, at_best = max(values), values.count(max(values))
        rest = work[used[0] :]
        wins = ties = sets = 0
        for extra in combinations(rest, 5 - len(kept)):
            v = poker52.value([*kept, *extra])
            wins += v > best
            ties += v == best
            sets += 1
        win, tie = wins / sets, ties / sets
        totals[0] += win
        totals[1] += tie
        totals[2] += win + tie / (1 + at_best)
    return tuple(t / samples for t in totals)


@pytest.mark.parametrize(
    "hand, keep, opponents, seed",
    [("Ah Ad 7c 4s 2d", "Ah Ad 7c 4s", 1, 3), ("Kh 9h 7h 4h 2c", "Kh 9h 7h", 2, 8), ("7c 7d 7s 2h 2c", "", 5, 1)],
)
def test_the_sampled_showdowns_equal_a_plain_python_replay_of_the_same_deals(hand, keep, opponents, seed):
    r = draw_equity(hand, keep or hand, opponents, samples=4, seed=seed)
    win, tie, share = python_sums(hand, keep_mask(hand, keep or hand), opponents, seed, 4)
    assert (r.win, r.tie, r.equity) == pytest.approx((win, tie, share), abs=1e-12)
    assert 0 < r.equity <= 1 and r.win <= r.equity <= r.win + r.tie


def test_the_numba_chart_is_the_easy_chart():
    rng = random.Random(21)
    t = tables()
    special = [
        "Ah Kd 7h 3h Qh",
        "7c 7d Ks 4h 2c",
        "7c 7d 7s 7h 2c",
        "Ac 2d 3h 4s 5c",
        "2c 9d Kh 4s Jc",
        "7h 7d Kh 4h 2h",
    ]
    hands = [poker52.cards(h) for h in special] + [tuple(rng.sample(range(52), 5)) for _ in range(3000)]
    for hand in hands:
        assert chart_mask_nb(np.array(hand, np.uint8), t) == draw_chart(hand), hand


@njit(cache=False)
def _five_categories(hands):
    """``five_category_nb`` of each row of ``hands`` (``uint8 (n, 5)``), ``int64 (n,)``."""
    out = np.empty(hands.shape[0], np.int64)
    for i in range(hands.shape[0]):
        out[i] = five_category_nb(hands[i])
    return out


@njit(cache=False)
def _chart_masks(hands, t):
    """``chart_mask_nb`` of each row of ``hands`` (``uint8 (n, 5)``), ``int64 (n,)``."""
    out = np.empty(hands.shape[0], np.int64)
    for i in range(hands.shape[0]):
        out[i] = chart_mask_nb(hands[i], t)
    return out


def chart_by_numpy(hands: np.ndarray, categories: np.ndarray) -> np.ndarray:
    """The easy chart's discard masks (``int64 (n,)``) of the rows of ``hands`` (``uint8 (n, 5)``) of ``categories``,
    by numpy, as ``draw_chart`` words them: stand pat with a straight or better; keep the cards of a paired rank;
    else four cards of one suit; else the two highest ranks."""
    ranks, suits = hands >> 2, hands & 3
    paired = (ranks[:, :, None] == ranks[:, None, :]).sum(2, dtype=np.uint8) > 1
    suited = (suits[:, :, None] == suits[:, None, :]).sum(2, dtype=np.uint8) == 4
    top_two = np.zeros(hands.shape, bool)
    np.put_along_axis(top_two, np.argsort(ranks, axis=1)[:, 3:], True, axis=1)
    pat = (categories >= 4)[:, None]
    keep = pat | np.where((categories > 0)[:, None], paired, np.where(suited.any(1)[:, None], suited, top_two))
    return (~keep * (1 << np.arange(5))).sum(1)


@pytest.fixture(scope="module")
def every_five() -> np.ndarray:
    """Every five cards (``uint8 (2598960, 5)``), ascending and (every other row) descending."""
    hands = np.array(list(combinations(range(52), 5)), np.uint8)
    hands[1::2] = hands[1::2, ::-1]  # both orders of the cards
    return hands


def test_the_five_card_category_is_the_evaluators_for_every_five_cards(every_five):
    hands = every_five
    categories = _five_categories(hands)
    assert np.array_equal(categories, values_nb(hands, tables()) // CATEGORY_UNIT)
    assert np.bincount(categories).tolist() == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    rng = random.Random(5)
    for hand in [tuple(rng.sample(range(52), 5)) for _ in range(500)]:
        assert _five_categories(np.array([hand], np.uint8))[0] == poker52.category(poker52.value(hand)), hand


def test_the_numba_chart_is_the_easy_chart_for_every_five_cards(every_five):
    categories = values_nb(every_five, tables()) // CATEGORY_UNIT
    masks = _chart_masks(every_five, tables())
    assert np.array_equal(masks, chart_by_numpy(every_five, categories))
    discards = np.array([bin(m).count("1") for m in range(32)])[masks]
    assert np.bincount(discards)[[0, 2]].tolist() == [10200 + 5108 + 3744 + 624 + 40, 54912]  # pat; trips


def test_every_keep_sees_the_same_deals_and_the_best_keep_is_the_top_equity():
    every = keep_equities("Kh 9h 7h 4h 2c", opponents=1, samples=60, seed=2)
    assert [r.mask for r in every] == [a - 3 for a in DISCARDS]
    flush_draw = draw_equity("Kh 9h 7h 4h 2c", "Kh 9h 7h 4h", opponents=1, samples=60, seed=2)
    assert next(r for r in every if r.mask == 0b10000) == flush_draw
    best = best_keep("Kh 9h 7h 4h 2c", opponents=1, samples=60, seed=2)
    assert best.equity == max(r.equity for r in every) and best == flush_draw


def test_the_best_keep_of_a_pat_flush_keeps_five_and_of_a_pair_keeps_the_pair():
    flush = best_keep("As Js 8s 5s 3s", opponents=2, samples=100, seed=5)
    assert flush.discards == 0 and flush.categories[5] == 1.0
    pair = best_keep("Qc Qd 8s 5h 2c", opponents=1, samples=200, seed=5)
    assert {poker52.text(c) for c in pair.keep} >= {"Qc", "Qd"} and pair.discards >= 2


def test_seeds_repeat_and_errors_need_two_samples():
    a = draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", 2, samples=30, seed=9)
    assert a == draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", 2, samples=30, seed=9)
    assert a != draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", 2, samples=30, seed=10)
    assert a.equity_se is not None and 0 < a.equity_se < 0.2
    one = draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", 2, samples=1, seed=9)
    assert one.win_se is one.tie_se is one.equity_se is None
    more = draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", 2, samples=2000, seed=9)
    assert abs(more.equity - a.equity) < 4 * a.equity_se  # the same quantity, within its error


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: draw_equity("Ah Ad 7c 4s", "Ah Ad"), "hand must be 5 cards, got 4"),
        (lambda: draw_equity("Ah Ad 7c 4s 4s", "Ah Ad"), "hand: a card appears twice"),
        (lambda: draw_equity("Ah Ad 7c 4s Xx", "Ah Ad"), "hand: a card is a rank"),
        (lambda: draw_equity("Ah Ad 7c 4s 2d", "Ah Kd"), "keep: Kd is not in hand"),
        (
            lambda: draw_equity("Ah Ad 7c 4s 2d", "Ah"),
            r"keep must be 2 to 5 of the hand's cards \(0-3 discards, D5\), got 1",
        ),
        (lambda: draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", opponents=6), "opponents must be an integer 1-5, got 6"),
        (lambda: draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", opponents=True), "opponents must be an integer"),
        (lambda: draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", samples=0), "samples must be an integer 1-10,000,000, got 0"),
        (lambda: draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", seed=-1), "seed must be an integer 0-"),
        (lambda: equity_report("Ah Ad 7c 4s 2d", None, opponents=0, best=False), "opponents must be an integer"),
    ],
)
def test_bad_input_is_refused_with_one_line_naming_the_parameter(call, message):
    with pytest.raises(ValueError, match=message) as error:
        call()
    assert "\n" not in str(error.value)


def test_the_report_is_strict_json_with_the_keep_and_the_best_keep():
    report = equity_report("Ah Ad 7c 4s 2d", "Ah Ad", opponents=2, samples=1, seed=3)
    text = json.dumps(report, allow_nan=False)
    back = json.loads(text)
    assert back["game"] == "draw" and back["hand"] == ["Ah", "Ad", "7c", "4s", "2d"] and back["opponents"] == 2
    assert back["keep"]["keep"] == ["Ah", "Ad"] and back["keep"]["discards"] == 3
    assert back["keep"]["equity_se"] is None  # one sample: no error estimate, null
    assert sum(back["keep"]["categories"].values()) == pytest.approx(1.0)
    assert set(back["best_keep"]) == set(back["keep"]) and "easy chart" in back["opponent_policy"]
    only_best = equity_report("Ah Ad 7c 4s 2d", opponents=1, samples=20)
    assert only_best["keep"] is None and only_best["best_keep"]["discards"] in (2, 3)
    only_keep = equity_report("Ah Ad 7c 4s 2d", "Ah Ad", opponents=1, samples=20, best=False)
    assert only_keep["best_keep"] is None and only_keep["keep"]["equity"] == pytest.approx(
        draw_equity("Ah Ad 7c 4s 2d", "Ah Ad", 1, samples=20).equity
    )

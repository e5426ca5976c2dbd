"""The numba evaluator against the reference ``sniper.games.sniper_holdem.hands`` over every 6-card hand (R7, R8)."""

import hashlib
from collections import Counter
from itertools import combinations_with_replacement
from math import comb, prod

import numpy as np
import pytest

from kernels.sniper_holdem.codes import SNIPE_CODE, Category
from kernels.sniper_holdem.evaluator import (
    evaluate_into_nb,
    evaluate_nb,
    evaluate_par_into_nb,
    evaluate_par_nb,
    hand_from_counts,
    tables,
)
from sniper.games.sniper_holdem.evaluator import category_top, check_hands, evaluate, hand_of_key, snipe_codes
from sniper.games.sniper_holdem.hands import best_hand, strength

ORDER_SHA256 = "ab779ddf777ce7b3318cf3b33d4bee7bb56a08c049c54f6014daace96e6a9f03"
"""sha256 of the dense reference strength ranks (little-endian int32) of the 39,135 rows of
``ALL_HANDS`` in enumeration order, computed once from ``sniper.games.sniper_holdem.hands.strength`` (R8)."""


def _multisets() -> list[tuple[int, ...]]:
    return [cards for cards in combinations_with_replacement(range(1, 11), 6) if max(Counter(cards).values()) <= 4]


def _all_hands() -> tuple[np.ndarray, list[int]]:
    """Every multiset of six numbers with every choice of the two private numbers.

    Returns cards ``uint8 (n, 6)`` (private ascending, board ascending) and, per row, the index of
    its multiset in ``_multisets()``.
    """
    rows, owner = [], []
    for m, cards in enumerate(_multisets()):
        for a, b in sorted({(cards[i], cards[j]) for i in range(6) for j in range(i + 1, 6)}):
            board = list(cards)
            board.remove(a)
            board.remove(b)
            rows.append((a, b, *board))
            owner.append(m)
    return np.array(rows, dtype=np.uint8), owner


MULTISETS = _multisets()
ALL_HANDS, OWNER = _all_hands()


@pytest.fixture(scope="module")
def reference():
    """Reference ``Hand`` per multiset and reference strength tuple per row of ``ALL_HANDS``."""
    hands = [best_hand(cards[:2], cards[2:]) for cards in MULTISETS]
    strengths = [strength(hands[m], (int(row[0]), int(row[1]))) for row, m in zip(ALL_HANDS, OWNER, strict=True)]
    return hands, strengths


def _dense_ranks(values: list) -> np.ndarray:
    distinct = sorted(set(values))
    index = {v: r for r, v in enumerate(distinct)}
    return np.array([index[v] for v in values], dtype=np.int64)


def test_counts_of_hands():
    """4,905 hands by numbers, 1,489 distinct (category, numbers) (PERFORMANCE.md)."""
    assert len(MULTISETS) == 4905
    assert len(tables().category) == 1489


def test_table_builder_matches_reference_per_multiset(reference):
    """``hand_from_counts`` (kernels, no ``sniper`` import) equals ``best_hand`` on every multiset (R8)."""
    hands, _ = reference
    for cards, hand in zip(MULTISETS, hands, strict=True):
        counts = [0] * 11
        for c in cards:
            counts[c] += 1
        assert hand_from_counts(counts) == (int(hand.category), hand.numbers), cards


def test_kernel_category_top_numbers_exhaustive(reference):
    """Category, top and numbers of every hand, every private choice, equal the reference (R8)."""
    hands, _ = reference
    keys = evaluate(ALL_HANDS)
    category, top = category_top(keys)
    t = tables()
    ranks = keys // 121
    for i, m in enumerate(OWNER):
        hand = hands[m]
        assert category[i] == hand.category and top[i] == hand.top, ALL_HANDS[i]
        assert tuple(t.numbers[ranks[i]]) == hand.numbers, ALL_HANDS[i]
    assert hand_of_key(int(keys[0])) == hands[OWNER[0]]


def test_kernel_order_equals_reference_order_exhaustive(reference):
    """Sorting by kernel key and by reference strength tuple gives the same order and ties (R8 1–4)."""
    _, strengths = reference
    keys = evaluate(ALL_HANDS)
    order = sorted(range(len(strengths)), key=strengths.__getitem__)
    ref_sorted = [strengths[i] for i in order]
    key_sorted = keys[order]
    ref_steps = np.array([a < b for a, b in zip(ref_sorted, ref_sorted[1:])])
    key_steps = np.diff(key_sorted)
    assert (key_steps >= 0).all()
    assert ((key_steps > 0) == ref_steps).all()
    assert (_dense_ranks(strengths) == _dense_ranks(keys.tolist())).all()


def test_whole_order_pinned_by_hash(reference):
    """One hash pins the order of all hands; it changes if any two hands change order (R8)."""
    _, strengths = reference
    ref_hash = hashlib.sha256(_dense_ranks(strengths).astype("<i4").tobytes()).hexdigest()
    kernel_hash = hashlib.sha256(_dense_ranks(evaluate(ALL_HANDS).tolist()).astype("<i4").tobytes()).hexdigest()
    assert ref_hash == ORDER_SHA256
    assert kernel_hash == ORDER_SHA256


def test_snipe_codes_exhaustive(reference):
    """Every hand's snipe code is its (category, top) in the R7 table (R7)."""
    hands, _ = reference
    codes = snipe_codes(evaluate(ALL_HANDS))
    expected = np.array([SNIPE_CODE[(int(hands[m].category), hands[m].top)] for m in OWNER])
    assert (codes == expected).all()


def test_category_counts_over_all_deals():
    """Best-5 categories over all C(40,6) six-card deals (PERFORMANCE.md exact answer; R1, R8)."""
    first = np.array([OWNER.index(m) for m in range(len(MULTISETS))])
    category, _ = category_top(evaluate(ALL_HANDS[first]))
    weights = [prod(comb(4, n) for n in Counter(cards).values()) for cards in MULTISETS]
    totals = Counter()
    for c, w in zip(category, weights, strict=True):
        totals[Category(int(c))] += w
    assert sum(totals.values()) == comb(40, 6) == 3_838_380
    assert totals == {
        Category.FOUR_OF_A_KIND: 6_300,
        Category.FULL_HOUSE: 69_840,
        Category.STRAIGHT: 148_480,
        Category.THREE_OF_A_KIND: 215_040,
        Category.TWO_PAIR: 751_680,
        Category.ONE_PAIR: 1_889_280,
        Category.HIGH_CARD: 757_760,
    }


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ((7, 7, 7, 2, 2, 9), (Category.FULL_HOUSE, 7)),  # R8 worked example 1
        ((3, 4, 5, 6, 7, 10), (Category.STRAIGHT, 7)),  # example 2
        ((10, 1, 7, 8, 9, 6), (Category.STRAIGHT, 10)),  # example 3
        ((7, 8, 9, 10, 1, 3), (Category.HIGH_CARD, 10)),  # example 4: no wrap
    ],
)
def test_worked_examples(cards, name):
    """R8 worked examples 1–4."""
    keys = evaluate(np.array([cards], dtype=np.int8))
    category, top = category_top(keys)
    assert (category[0], top[0]) == name


def test_private_tie_break_worked_example_5():
    """Board 9 9 5 5: 10 3 beats 10 2 on the other private card; 2 10 ties 10 2 (R8 examples 5–6)."""
    keys = evaluate(np.array([[10, 2, 9, 9, 5, 5], [10, 3, 9, 9, 5, 5], [2, 10, 9, 9, 5, 5]], np.uint8))
    assert keys[1] > keys[0] == keys[2]


def test_entry_points_agree():
    """Single-thread, parallel, into-variants and int8/uint8 inputs give identical keys."""
    rng = np.random.default_rng(3)
    deals = np.argsort(rng.random((200_000, 40)), axis=1)[:, :6] // 4 + 1
    cards = deals.astype(np.uint8)
    base = tables().base
    expected = evaluate_nb(cards, base)
    assert (evaluate_par_nb(cards, base) == expected).all()
    assert (evaluate_nb(cards.astype(np.int8), base) == expected).all()
    out = np.empty(len(cards), np.int32)
    evaluate_into_nb(cards, base, out)
    assert (out == expected).all()
    out[:] = 0
    evaluate_par_into_nb(cards.astype(np.int8), base, out)
    assert (out == expected).all()
    assert (evaluate(cards, parallel=True) == expected).all()


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (np.ones((2, 6), np.int64), "dtype"),
        (np.ones((2, 6), np.float64), "dtype"),
        ([[1, 2, 3, 4, 5, 6]], "numpy array"),
        (np.ones((2, 5), np.uint8), "shape"),
        (np.ones((2, 6, 1), np.uint8), "shape"),
        (np.array([[1, 2, 3, 4, 5, 0]], np.uint8), "card 0 is not a number 1-10"),
        (np.array([[1, 2, 3, 4, 5, 11]], np.uint8), "card 11 is not a number 1-10"),
        (np.array([[1, 2, 3, 4, 5, -1]], np.int8), "card -1 is not a number 1-10"),
        (np.array([[1, 2, 3, 4, 5, 6], [7, 7, 7, 7, 7, 1]], np.uint8), "hand 1: 5 copies of 7"),
        (np.array([[3, 1, 3, 3, 3, 3]], np.uint8), "hand 0: 5 copies of 3"),
    ],
)
def test_bad_input_raises(cards, message):
    """Wrong dtype or shape, numbers outside 1–10 and a fifth copy are ValueErrors naming the problem (R1)."""
    with pytest.raises(ValueError, match=message):
        check_hands(cards)


def test_single_hand_accepted():
    """A single hand of shape (6,) is a batch of one."""
    assert evaluate(np.array([7, 7, 7, 2, 2, 9], np.uint8)).shape == (1,)

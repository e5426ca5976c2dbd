"""The numba 52-card evaluator (``kernels.eval52``, ``sniper.games.poker52.eval52``) against the reference
``sniper.games.poker52.cards.value`` and the independent evaluator ``eval7``."""

import warnings
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

from kernels.eval52 import (
    orders_into_nb,
    orders_par_into_nb,
    tables,
    value7_nb,
    values_into_nb,
    values_nb,
    values_par_into_nb,
)
from sniper.games.poker52 import cards as poker52
from sniper.games.poker52.eval52 import board_values, values

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # eval7 0.1.11 calls pyparsing's old names
    import eval7

EVAL7_CARDS = np.array([eval7.Card(poker52.text(c)) for c in range(poker52.DECK_SIZE)], dtype=object)
FIVE_CARD_CATEGORIES = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
"""Five-card hands per category, high card to straight flush (the standard table, 2,598,960 in all)."""


def eval7_values(cards: np.ndarray) -> np.ndarray:
    """``eval7.evaluate`` of each row of ``cards`` (``(n, k)``), as ``int64 (n,)``."""
    return np.array(list(map(eval7.evaluate, EVAL7_CARDS[cards].tolist())), dtype=np.int64)


def deal(generator: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards, ``uint8 (n, k)`` (uniform: rejection of repeats)."""
    hands = np.empty((0, k), np.uint8)
    while len(hands) < n:
        drawn = generator.integers(0, poker52.DECK_SIZE, (2 * n, k), dtype=np.uint8)
        ordered = np.sort(drawn, axis=1)
        hands = np.vstack([hands, drawn[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)]])
    return np.ascontiguousarray(hands[:n])


@pytest.fixture(scope="module")
def five_card_hands() -> tuple[np.ndarray, np.ndarray]:
    """Every five-card hand (``uint8 (2598960, 5)``) and its kernel value."""
    flat = np.fromiter((c for hand in combinations(range(poker52.DECK_SIZE), 5) for c in hand), np.uint8)
    hands = flat.reshape(-1, 5)
    return hands, values(hands)


@pytest.fixture(scope="module")
def eval7_to_value(five_card_hands) -> dict[int, int]:
    """eval7's value of one five-card hand of each kernel value → that value."""
    hands, ours = five_card_hands
    _, first = np.unique(ours, return_index=True)
    return dict(zip(eval7_values(hands[first]).tolist(), ours[first].tolist()))


def test_every_five_card_hand_orders_and_ties_as_eval7(five_card_hands):
    hands, ours = five_card_hands
    theirs = eval7_values(hands)
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)  # sorted by our value
    assert len(pairs) == len(np.unique(ours)) == len(np.unique(theirs))  # the same ties
    assert (np.diff(pairs[:, 1]) > 0).all()  # the same order
    assert np.bincount(ours // 13**5, minlength=9).tolist() == FIVE_CARD_CATEGORIES


def test_one_five_card_hand_of_each_value_equals_the_reference(five_card_hands):
    hands, ours = five_card_hands
    _, first = np.unique(ours, return_index=True)
    assert ours[first].tolist() == [poker52.value(hand) for hand in hands[first].tolist()]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_equal_the_reference(k):
    hands = deal(np.random.default_rng(k), 40_000, k)
    assert values(hands).tolist() == [poker52.value(hand) for hand in hands.tolist()]


def test_every_rank_multiset_and_flush_equals_the_reference():
    """All 73,775 multisets of 5 to 7 ranks (suits dealt round robin: no flush) and every flush
    of 5 to 7 spades, each topped up to 7 cards with other suits."""
    hands = []
    for k in (5, 6, 7):
        for ranks in combinations_with_replacement(range(13), k):
            if max(ranks.count(r) for r in ranks) <= 4:
                hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
    for k in (5, 6, 7):
        for ranks in combinations(range(13), k):
            hands.append([4 * r + 3 for r in ranks] + [4 * r for r in range(13) if r not in ranks][: 7 - k])
    by_size = {k: [h for h in hands if len(h) == k] for k in (5, 6, 7)}
    assert sum(len(h) for h in by_size.values()) == 73_775 + 1287 + 1716 + 1716
    for group in by_size.values():
        assert values(np.array(group)).tolist() == [poker52.value(h) for h in group]


@pytest.mark.slow
def test_ten_million_seven_card_hands_equal_eval7_mapped_to_values(eval7_to_value):
    """≥ 10 M random seven-card hands: our value is the value of eval7's class, exactly."""
    generator, t = np.random.default_rng(2026), tables()
    known = np.array(sorted(eval7_to_value))
    mapped = np.array([eval7_to_value[k] for k in known.tolist()])
    for _ in range(10):
        hands = deal(generator, 1_000_000, 7)
        theirs = eval7_values(hands)
        at = np.searchsorted(known, theirs)
        assert (known[np.minimum(at, len(known) - 1)] == theirs).all()
        assert (values_nb(hands, t) == mapped[at]).all()


def test_kernel_variants_agree():
    hands, t = deal(np.random.default_rng(7), 200_000, 7), tables()
    expected = values(hands)
    out = np.empty(len(hands), np.int32)
    values_par_into_nb(hands, t, out)
    assert (out == expected).all()
    values_into_nb(np.ascontiguousarray(hands[:, ::-1]), t, out)  # order of cards is irrelevant
    assert (out == expected).all()
    assert [value7_nb(*row, t) for row in hands[:1000].tolist()] == expected[:1000].tolist()
    assert (values(hands, parallel=True) == expected).all()


def test_seven_card_loops_of_few_rows():
    """The seven-card loops (keys summed two rows ahead, the last two rows apart) on 0 to 8 rows, flushes
    among them at every position: each row's value and order as the reference's."""
    flushes = np.array([[0, 4, 8, 12, 20, 1, 2], [51, 47, 43, 39, 35, 0, 1], [3, 7, 11, 15, 19, 23, 22]], np.uint8)
    hands, t = np.vstack([flushes, deal(np.random.default_rng(31), 6, 7), flushes[::-1]]), tables()
    for n in range(9):
        for start in range(len(hands) - n + 1):
            rows = hands[start : start + n]
            want = [poker52.value(row) for row in rows.tolist()]
            got, orders = np.full(n, -1, np.int32), np.zeros(n, np.uint16)
            values_into_nb(rows, t, got)
            orders_into_nb(rows, t, orders)
            assert got.tolist() == want and t.order_value[orders].tolist() == want


@pytest.mark.parametrize("k", [5, 6, 7])
def test_orders_index_the_values(k):
    """An order is the index of the value in ``order_value``: 7,462 ascending distinct values."""
    hands, t = deal(np.random.default_rng(100 + k), 200_000, k), tables()
    assert len(t.order_value) == 7462 and (np.diff(t.order_value) > 0).all()
    orders, more = np.empty(len(hands), np.uint16), np.empty(len(hands), np.uint16)
    orders_into_nb(hands, t, orders)
    orders_par_into_nb(hands, t, more)
    assert (t.order_value[orders] == values(hands)).all()
    assert (more == orders).all()


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_board_values_equal_whole_hands(board_size):
    generator = np.random.default_rng(board_size)
    board = deal(generator, 1, board_size)[0]
    rest = np.setdiff1d(np.arange(52), board)
    holes = np.array(list(combinations(rest.tolist(), 2)), np.uint8)
    whole = np.hstack([holes, np.broadcast_to(board, (len(holes), board_size))])
    assert (board_values(board, holes) == values(whole)).all()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: values([[0, 1, 2, 3, 4]]), "cards must be a numpy array of integers"),
        (lambda: values(np.zeros((2, 5), np.float64)), "cards must be a numpy array of integers"),
        (lambda: values(np.arange(4)), r"cards must have shape \(n, k\) with k from 5 to 7"),
        (lambda: values(np.arange(8)), r"cards must have shape \(n, k\) with k from 5 to 7"),
        (lambda: values(np.arange(10).reshape(1, 2, 5)), r"cards must have shape"),
        (lambda: values(np.array([[0, 1, 2, 3, 52]])), "cards: hand 0 has card 52, not a card 0-51"),
        (lambda: values(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]])), "cards: hand 1 has card -1"),
        (lambda: values(np.array([[9, 1, 2, 9, 4]], np.uint8)), "cards: hand 0 holds card 9 twice"),
        (lambda: board_values(np.arange(2), np.array([[50, 51]])), r"board must have shape"),
        (lambda: board_values(np.arange(5), np.array([[50, 50]])), "holes: hand 0 holds card 50 twice"),
        (lambda: board_values(np.arange(5), np.array([[50, 51], [4, 51]])), "holes: hand 1 has card 4, which is on"),
    ],
)
def test_bad_input_is_one_line_value_error(call, message):
    with pytest.raises(ValueError, match=message) as raised:
        call()
    assert "\n" not in str(raised.value)

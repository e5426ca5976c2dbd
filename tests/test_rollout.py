"""Rollout kernel against the pure-Python reference, and Monte Carlo against exact equity (R7, R8, R13)."""

import numpy as np
import pytest

from kernels.sniper_holdem.codes import SNIPE_CODE, Category
from sniper.games.sniper_holdem.hands import Snipe, best_hand
from sniper.games.sniper_holdem.rollout import EquityResult, equity, exact_equity, kernel_rollout, rollout

FUTURE = np.full(61, 0.01)
FUTURE[60] = 1 - 0.6

POSITIONS = [
    # private, board, opponents, made snipes, snipe_probs, future snipes
    ((7, 7), (7, 2, 2, 9), 2, (), None, 0),
    ((3, 4), (5, 6), 3, (), None, 0),
    ((10, 1), (7, 8), 5, (), FUTURE, 4),
    ((9, 9), (9, 9), 1, (0,), FUTURE, 1),
    ((1, 2), (3, 4, 5, 6), 4, (SNIPE_CODE[(Category.STRAIGHT, 6)],), FUTURE, 2),
    ((6, 2), (6, 6, 9, 9), 2, (SNIPE_CODE[(Category.FULL_HOUSE, 9)],), None, 0),
    ((5, 5), (), 3, (), FUTURE, 3),
]


@pytest.mark.parametrize("position", POSITIONS)
@pytest.mark.parametrize("key", [0, 2**64 - 1, 987654321])
def test_kernel_equals_reference_exactly(position, key):
    """Same key, same draws, same integer sums: kernel and reference agree bit for bit (R13)."""
    reference = rollout(*position, key=key, n_samples=150)
    assert kernel_rollout(*position, key=key, n_samples=150, parallel=False) == reference


@pytest.mark.parametrize("position", POSITIONS)
def test_betting_weights_kernel_equals_reference_exactly(position):
    """The hard level's betting weights: same float sums, bit for bit, in kernel and reference."""
    raises = [2, 0, 1, 3, 0][: position[2]]
    reference = rollout(*position, key=11, n_samples=120, opp_raises=raises, aggression=0.4)
    kernel = kernel_rollout(*position, key=11, n_samples=120, parallel=False, opp_raises=raises, aggression=0.4)
    assert kernel == reference
    assert reference.weight_total > 120  # some opponent raised, so some weights exceed 1
    plain = rollout(*position, key=11, n_samples=120)
    assert (plain.weighted_units, plain.weight_total) == (plain.win_units, 120)


def test_raises_make_strong_opponent_hands_likelier():
    """A raise makes strong hands likelier: a middling hand's weighted equity drops."""
    quiet = kernel_rollout((8, 3), (8, 5), 2, key=3, n_samples=20_000, opp_raises=[0, 0], aggression=1.0)
    raised = kernel_rollout((8, 3), (8, 5), 2, key=3, n_samples=20_000, opp_raises=[3, 2], aggression=1.0)
    assert quiet.weighted_win == pytest.approx(quiet.win_units / 60 / 20_000)
    assert raised.weighted_win < quiet.weighted_win - 0.02


@pytest.mark.parametrize("position", POSITIONS)
def test_parallel_equals_single_thread(position):
    """Parallel blocks give exactly the single-thread sums, across block boundaries."""
    n = 3 * 4096 + 17
    single = kernel_rollout(*position, key=5, n_samples=n, parallel=False)
    assert kernel_rollout(*position, key=5, n_samples=n, parallel=True) == single


def _positions(n: int) -> list[tuple[tuple[int, int], tuple[int, ...], int, tuple[int, ...]]]:
    """Random full-board positions with 1–2 opponents, some with a snipe on a likely hand."""
    generator = np.random.default_rng(2024)
    out = []
    while len(out) < n:
        cards = (generator.permutation(40)[:6] // 4 + 1).tolist()
        private, board = tuple(cards[:2]), tuple(cards[2:])
        snipes: tuple[int, ...] = ()
        if len(out) % 3 == 1:
            own = best_hand(private, board)
            snipes = (Snipe(own.category, own.top).code,)
        elif len(out) % 3 == 2:
            snipes = (SNIPE_CODE[(Category.ONE_PAIR, int(max(board)))],)
        out.append((private, board, 1 + len(out) % 2, snipes))
    return out


@pytest.mark.parametrize("position", _positions(24))
def test_monte_carlo_within_four_standard_errors_of_exact(position):
    """MC equity and danger frequencies agree with enumeration within 4 standard errors (R8)."""
    private, board, n_opponents, snipes = position
    exact = exact_equity(private, board, n_opponents, snipes)
    mc = equity(private, board, n_opponents, snipes, samples=40_000, seed=len(snipes))
    assert abs(mc.win - exact.win) <= 4 * mc.stderr + 1e-12
    assert mc.sniped == exact.sniped
    for name, top, frequency in mc.dangers:
        code = next(c for c in range(60) if str(Snipe.from_code(c)) == f"{top} {name}")
        expected = exact.dangers[code]
        stderr = np.sqrt(max(expected, 1e-6) * n_opponents / mc.samples)
        assert abs(frequency - expected) <= 4 * stderr + 1e-9


def test_exact_equity_worked_example_7():
    """R8 example 7 from A's seat: a sniped "9 full house" cannot beat A's 6 full house."""
    exact = exact_equity((6, 2), (6, 6, 9, 9), 1, [SNIPE_CODE[(Category.FULL_HOUSE, 9)]])
    assert exact.sniped == 0.0
    assert 0.9 < exact.win < 1.0


@pytest.mark.parametrize("exact", [True, False])
def test_a_sniped_hand_is_no_danger_r8(exact):
    """R8: a sniped hand beats no one, so "9 full house", sniped, is not among the dangers; a hand that
    beats the seat's unsniped is (the win figure already counted it so)."""
    result = equity((10, 2), (9, 9, 5, 5), 1, ["9 full house"], exact=exact, samples=20_000)
    named = {(name, top) for name, top, _ in result.dangers}
    assert ("full house", 9) not in named and ("two pair", 9) in named
    assert ("full house", 9) in {(n, t) for n, t, _ in equity((10, 2), (9, 9, 5, 5), 1, exact=True).dangers}


@pytest.mark.parametrize("exact", [True, False])
def test_every_unsniped_hand_beats_a_sniped_seat_r8(exact):
    """R8: the seat's own "5 four of a kind" is sniped, so both opponents beat it whatever they hold:
    the dangers count two opponents per deal (the five listed, most of them)."""
    result = equity((5, 5), (5, 5, 6, 6), 2, ["5 four of a kind"], exact=exact, samples=20_000)
    assert result.sniped == 1.0 and result.win == 0.0
    assert 1.9 < sum(frequency for _, _, frequency in result.dangers) <= 2.0
    whole = exact_equity((5, 5), (5, 5, 6, 6), 2, [SNIPE_CODE[(Category.FOUR_OF_A_KIND, 5)]])
    assert sum(whole.dangers) == pytest.approx(2.0)


def test_own_hand_sniped_gives_sniped_one():
    """A seat whose made hand is already sniped is sniped in every sample (R8)."""
    own = best_hand((7, 7), (7, 2, 2, 9))
    result = equity((7, 7), (7, 2, 2, 9), 3, [Snipe(own.category, own.top)], samples=20_000)
    assert result.sniped == 1.0
    assert equity((7, 7), (7, 2, 2, 9), 3, ["7 full house"], exact=False, samples=5000).sniped == 1.0


def test_all_sniped_splits():
    """Board 10 10 10 10: everyone holds "10 four of a kind"; sniping it makes all tie (R8)."""
    result = equity((1, 2), (10, 10, 10, 10), 2, ["10 four of a kind"], samples=10_000)
    # Everyone is sniped: the pot is split three ways whatever the kickers.
    assert result.win == pytest.approx(1 / 3)
    assert result.sniped == 1.0
    exact = equity((1, 2), (10, 10, 10, 10), 2, ["10 four of a kind"], exact=True)
    assert exact.win == pytest.approx(1 / 3)


def test_deterministic_and_thread_independent():
    """The same seed gives the same result; a result is a frozen dataclass."""
    a = equity((3, 4), (5, 6), 3, samples=20_000, seed=11)
    assert a == equity((3, 4), (5, 6), 3, samples=20_000, seed=11)
    assert isinstance(a, EquityResult) and a.samples == 20_000
    assert 0.0 <= a.win <= 1.0 and a.stderr > 0
    assert len(a.dangers) == 5
    assert all(f1 >= f2 for (_, _, f1), (_, _, f2) in zip(a.dangers, a.dangers[1:]))


def test_future_snipes_raise_sniped_probability():
    """Opponents certain to snipe "7 full house" snipe the seat's 7 full house (R7)."""
    probs = np.zeros(61)
    probs[SNIPE_CODE[(Category.FULL_HOUSE, 7)]] = 1.0
    result = equity((7, 7), (7, 2, 2, 9), 2, samples=2000, snipe_probs=probs, n_future=1)
    assert result.sniped == 1.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": (1, 2, 3)}, "2 or 4 cards"),
        ({"board": ()}, "2 or 4 cards"),
        ({"private": (1,)}, "2 private cards"),
        ({"n_opponents": 0}, "n_opponents must be 1-5"),
        ({"n_opponents": 6}, "n_opponents must be 1-5"),
        ({"private": (0, 1)}, "card 0 is not a number 1-10"),
        ({"private": (11, 1)}, "card 11 is not a number 1-10"),
        ({"private": (5, 5), "board": (5, 5, 5, 1)}, "5 copies of 5"),
        ({"snipes": ("4 straight",)}, "straight cannot have top number 4"),
        ({"snipes": (60,)}, "not a Snipe"),
        ({"samples": 0}, "samples must be a positive integer"),
        ({"seed": -1}, "seed must be a non-negative integer"),
        ({"exact": True, "board": (1, 2)}, "board of 4 cards"),
        ({"exact": True, "n_opponents": 3}, "1 or 2 opponents"),
        ({"n_future": 1}, "need a snipe_probs"),
        ({"snipe_probs": np.ones(60)}, "61 non-negative"),
        ({"n_future": 4, "snipe_probs": FUTURE}, "n_future must be an integer 0-3"),
    ],
)
def test_bad_input_raises(kwargs, message):
    """Bad positions and options are ValueErrors naming the problem."""
    args = {"private": (7, 8), "board": (1, 2, 3, 4), "n_opponents": 3} | kwargs
    with pytest.raises(ValueError, match=message):
        equity(**args)


def test_a_single_sample_has_no_standard_error():
    """One Monte Carlo sample gives no variance estimate: the standard error is nan, not 0."""
    single = equity((7, 7), (7, 2), 1, samples=1, seed=0)
    assert single.samples == 1 and np.isnan(single.stderr)
    assert equity((7, 7), (7, 2), 1, samples=2, seed=0).stderr >= 0.0

"""Hold'em equity (``sniper.games.holdem.equity``, ``kernels.holdem_equity``): exact enumeration against a
brute-force ``poker52.value`` loop and ``eval7``, Monte Carlo against the exact values, known values,
seeds, refusals and the JSON report."""

import json
import warnings
from itertools import combinations

import numba
import pytest

from kernels.holdem_equity import deal_count
from sniper.games.holdem.equity import EXACT_LIMIT, equity, equity_report
from sniper.games.poker52 import cards as poker52

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # eval7 0.1.11 calls pyparsing's old names
    import eval7

    RANDOM_HAND = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    """eval7's range of every two-card hand (1,326 combinations): a uniformly random opponent."""


def brute_force_river(hole: str, board: str, opponents: int) -> tuple[int, ...]:
    """Outcome counts (lost, won, tied with 1.. opponents) over every set of opponents' hands on a
    full board, each hand valued by ``poker52.value`` (plain Python)."""
    own, shown = poker52.cards(hole), poker52.cards(board)
    unseen = sorted(set(range(52)) - {*own, *shown})
    value = {pair: poker52.value([*pair, *shown]) for pair in combinations(unseen, 2)}
    mine = poker52.value([*own, *shown])
    counts = [0] * (opponents + 2)
    for hands in combinations(value, opponents):
        if len({c for pair in hands for c in pair}) < 2 * opponents:
            continue
        values = [value[pair] for pair in hands]
        counts[0 if max(values) > mine else 1 + values.count(mine)] += 1
    return tuple(counts)


@pytest.mark.parametrize(
    ("hole", "board", "opponents"),
    [("As Kd", "7h 8h 9c Tc 2d", 1), ("Qs Qd", "Qh 7c 7d 2s 3h", 2), ("5c 4d", "Ah Kh 9h 8h 2h", 2)],
)
def test_exact_river_counts_equal_a_brute_force_poker52_loop(hole, board, opponents):
    result = equity(hole, board, opponents, exact=True)
    assert result.exact and result.outcomes == brute_force_river(hole, board, opponents)


def test_exact_turn_equity_equals_a_brute_force_run_out():
    own, shown = poker52.cards("Js Td"), poker52.cards("9s 8s 2c 2d")
    unseen = sorted(set(range(52)) - {*own, *shown})
    total = share = 0.0
    for river in unseen:
        board = [*shown, river]
        mine = poker52.value([*own, *board])
        for pair in combinations([c for c in unseen if c != river], 2):
            theirs = poker52.value([*pair, *board])
            total += 1
            share += (mine > theirs) + (mine == theirs) / 2
    result = equity("Js Td", "9s 8s 2c 2d", 1, exact=True)
    assert result.deals == total and result.equity == pytest.approx(share / total, abs=1e-12)


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("As Ad", "7h 8h 9c Tc 2d"),
        ("7c 2d", "Kh Qh Jh 3c 4s"),
        ("Ts 9s", "8s 7s 2s Ad Ac"),
        ("Ah Kh", "Ac Kc 5d 5h 9s"),
    ],
)
def test_exact_river_equity_equals_eval7(hole, board):
    """``eval7.py_hand_vs_range_exact`` enumerates the opponent's hands only (it does not deal the
    rest of a board), so it is an exact reference on the river, heads-up."""
    cards = lambda names: [eval7.Card(c) for c in names.split()]  # noqa: E731
    theirs = eval7.py_hand_vs_range_exact(cards(hole), RANDOM_HAND, cards(board))
    assert equity(hole, board, 1, exact=True).equity == pytest.approx(theirs, abs=1e-6)


@pytest.mark.parametrize(
    ("hole", "board", "opponents"),
    [
        ("As Kd", "7h 8h 9c", 1),
        ("As Kd", "7h 8h 9c Td", 2),
        ("2c 2d", "Ks Qs 9h 5c", 2),
        ("Jh Jd", "Ah 9c 4d 4s 2h", 3),
    ],
)
def test_monte_carlo_is_within_four_standard_errors_of_the_exact_values(hole, board, opponents):
    exact = equity(hole, board, opponents, exact=True)
    sampled = equity(hole, board, opponents, exact=False, samples=100_000, seed=7)
    assert not sampled.exact and sampled.deals == 100_000
    for name in ("win", "tie", "equity"):
        se = getattr(sampled, f"{name}_se")
        assert se is not None and se > 0
        assert abs(getattr(sampled, name) - getattr(exact, name)) < 4 * se, name


def test_aces_against_one_random_hand_preflop_win_85_percent():
    result = equity("As Ad", "", 1, samples=200_000, seed=3)
    assert not result.exact, "preflop heads-up has 2.1 G deals: sampled"
    assert abs(result.equity - 0.852) < 4 * result.equity_se + 0.0005  # the published 85.2 %, rounded
    assert result.equity == pytest.approx(result.win + result.tie / 2, abs=1e-12), "heads-up ties split in two"


def test_automatic_choice_follows_the_deal_count():
    assert deal_count(50, 0, 1) > EXACT_LIMIT >= deal_count(47, 3, 2), "flop, two opponents: exact"
    assert equity("As Kd", "7h 8h 9c Td", 2).exact
    assert not equity("As Kd", "", 1, samples=1000).exact
    assert not equity("As Kd", "7h 8h 9c Td 2s", 1, exact=False, samples=1000).exact


def test_same_seed_same_estimate_any_thread_count_other_seed_other_estimate():
    spot = ("Kh Qh", "Jh Th 4c", 3)
    first = equity(*spot, exact=False, samples=50_000, seed=11)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        alone = equity(*spot, exact=False, samples=50_000, seed=11)
    finally:
        numba.set_num_threads(threads)
    assert first == alone == equity(*spot, exact=False, samples=50_000, seed=11)
    assert first != equity(*spot, exact=False, samples=50_000, seed=12)


def test_one_sample_has_no_standard_error():
    result = equity("As Ad", "", 1, samples=1)
    assert result.deals == 1 and result.equity_se is None and result.win_se is None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("As As", "", 1), "^hole: a card appears twice"),
        (("As", "", 1), "^hole must be 2 cards, got 1"),
        (("As Kd", "7h 8h", 1), "^board must be 0, 3, 4 or 5 cards, got 2"),
        (("As Kd", "7h 8h Kd", 1), "^board: Kd is also in hole"),
        (("As Kd", "7h 8h Xx", 1), "^board: a card is a rank"),
        (("As Kd", "7h 8h 9c", 0), "^opponents must be an integer 1-8, got 0"),
        (("As Kd", "7h 8h 9c", 9), "^opponents must be an integer 1-8, got 9"),
        (("As Kd", [51, 52, 3], 1), "^board: a card is an integer 0-51"),
    ],
)
def test_bad_input_is_refused_in_one_line_naming_the_parameter(arguments, message):
    with pytest.raises(ValueError, match=message) as error:
        equity(*arguments)
    assert "\n" not in str(error.value)


def test_bad_options_are_refused_naming_them():
    with pytest.raises(ValueError, match=f"^exact: this spot has {deal_count(50, 0, 1):,} deals"):
        equity("As Kd", "", 1, exact=True)
    with pytest.raises(ValueError, match="^exact must be True, False or None"):
        equity("As Kd", "", 1, exact="yes")
    with pytest.raises(ValueError, match="^samples must be an integer >= 1, got 0"):
        equity("As Kd", "", 1, samples=0)
    with pytest.raises(ValueError, match="^seed must be an integer >= 0, got -1"):
        equity("As Kd", "", 1, seed=-1)


def test_cards_may_be_integers_or_names():
    assert equity([51, 45], [20, 24, 28], 1) == equity(["As", "Kd"], "7c 8c 9c", 1)


def test_report_is_strict_json_with_null_errors_when_exact():
    exact = json.loads(json.dumps(equity_report("As Kd", "7h 8h 9c", 1, exact=True), allow_nan=False))
    assert exact["exact"] is True and exact["equity_se"] is None and exact["seed"] is None
    assert exact["hole"] == ["As", "Kd"] and exact["deals"] == deal_count(47, 3, 1)
    assert exact["equity"] == equity("As Kd", "7h 8h 9c", 1).equity
    sampled = json.loads(json.dumps(equity_report("As Kd", "", 2, samples=5000, seed=4), allow_nan=False))
    assert sampled["samples"] == 5000 and sampled["seed"] == 4 and sampled["equity_se"] > 0

"""sniper.arena.analysis: the notebooks' helpers, on hand-made frames and on real duels (R3, R5, R7, R8, R13)."""

import numpy as np
import pandas as pd
import pytest

from kernels.sniper_holdem.codes import PASS
from sniper.arena import analysis
from sniper.arena.duel import DuelSetup, play_duel_chunk, ratio_ci, summarize_units
from sniper.games.sniper_holdem import analysis as sniper_analysis
from sniper.games.sniper_holdem.hands import best_hand, parse_snipe
from sniper.games.sniper_holdem.summary import held_snipe_codes


def showdown_frame(board, privates, snipes, first=0, puts=None, seating=None):
    """One hand's rows, every seat at the showdown (columns that the helpers read)."""
    rows = []
    for seat, cards in enumerate(privates):
        hand = best_hand(cards, board)
        rows.append(
            {
                "game": 0,
                "hand": 0,
                "seat": seat,
                "first_seat": first,
                "dealt_in": True,
                "stack_before": 60,
                "private_1": cards[0],
                "private_2": cards[1],
                **{f"board_{k + 1}": c for k, c in enumerate(board)},
                "ante": 1,
                "put_round_1": (puts or [0] * len(privates))[seat],
                "put_round_2": 0,
                "folded_round": 0,
                "snipe": parse_snipe(snipes[seat]).code if snipes[seat] else PASS,
                "category": int(hand.category),
                "top": hand.top,
                "showdown": True,
                "payout": 0,
            }
        )
    frame = pd.DataFrame(rows)
    if seating is not None:
        frame.insert(0, "seating", seating)
    return frame


def test_quick_mode_reads_the_environment(monkeypatch):
    monkeypatch.delenv(analysis.QUICK_ENV, raising=False)
    assert not analysis.quick_mode()
    monkeypatch.setenv(analysis.QUICK_ENV, "0")
    assert not analysis.quick_mode()
    monkeypatch.setenv(analysis.QUICK_ENV, "1")
    assert analysis.quick_mode()


def test_clustered_ratio_is_the_duel_ratio_estimator():
    rng = np.random.default_rng(1)
    frame = pd.DataFrame({"game": rng.integers(0, 30, 500), "x": rng.normal(1, 3, 500), "g": rng.integers(0, 2, 500)})
    out = analysis.clustered_ratio(frame, "x", by="g")
    for g, row in out.set_index("g").iterrows():
        part = frame[frame.g == g].groupby("game").x.agg(["sum", "size"])
        mean, half = ratio_ci(part["sum"].to_numpy(), part["size"].to_numpy().astype(float))
        assert row.estimate == pytest.approx(frame.x[frame.g == g].mean())
        assert row.estimate == pytest.approx(mean)
        assert row.ci95_high - row.estimate == pytest.approx(half)
        assert row.clusters == part.shape[0]
    single = analysis.clustered_ratio(frame.assign(game=0), "x")
    assert np.isnan(single.ci95_low.iloc[0]) and single.clusters.iloc[0] == 1


def test_edge_parts_sum_to_the_duel_result():
    """R9, R13: the duel rows reproduce sniper.arena.duel's net chips per hand, and the parts add up to it."""
    setup = DuelSetup("easy", "random", players=3, chunk_games=6)
    rows = analysis.duel_rows(setup, 6)
    expected = summarize_units(setup, play_duel_chunk(setup, 0))
    parts = sniper_analysis.edge_parts(rows).set_index("part")
    assert parts.loc["net", "estimate"] == pytest.approx(expected.net_per_hand)
    assert parts.loc["net", "ci95_high"] - parts.loc["net", "estimate"] == pytest.approx(expected.half_width)
    assert parts.estimate.drop("net").sum() == pytest.approx(expected.net_per_hand)
    assert set(rows.role) == {"A", "B"} and rows.seating.nunique() == len(setup.configs())


def test_role_difference_of_a_spec_against_itself_is_zero():
    rows = analysis.duel_rows(DuelSetup("easy", "easy", players=2), 5)
    out = analysis.role_difference(rows, "net")
    # every game 0: no interval (NaN bounds), not a zero-width [0, 0] (sniper.core.stats)
    assert out["difference"] == 0 and np.isnan(out["ci95_low"]) and np.isnan(out["ci95_high"])
    showdown = analysis.role_difference(rows, "showdown", mask=rows.dealt_in.to_numpy())
    assert showdown["a"] == pytest.approx(showdown["b"])


def test_role_difference_sees_a_real_gap():
    rows = analysis.duel_rows(DuelSetup("easy", "random", players=2), 20)
    out = analysis.role_difference(rows, "net")
    assert out["ci95_low"] > 0
    assert out["a"] == pytest.approx(-out["b"])


def test_snipe_order_runs_clockwise_from_the_first_player():
    """R3, R7: snipes go clockwise from the first player, skipping seats not at the showdown."""
    frame = showdown_frame((1, 2, 3, 4), [(5, 6), (7, 8), (9, 10), (9, 10)], [None] * 4, first=2)
    frame.loc[frame.seat == 2, "showdown"] = False
    assert sniper_analysis.snipe_order(frame).tolist() == [1, 2, -1, 0]


def test_stack_columns_follow_the_cap_when_the_short_stack_folds():
    """R5 and worked example 10: the cap is the smallest stack before the ante; it rises when that player folds."""
    frame = showdown_frame((1, 2, 3, 4), [(5, 6), (7, 8), (9, 10), (9, 10)], [None] * 4, puts=[3, 0, 4, 0])
    frame["stack_before"] = [60, 5, 60, 0]
    frame.loc[3, "dealt_in"] = False
    frame.loc[1, "folded_round"] = 1
    frame.loc[3, ["ante", "folded_round"]] = [0, 0]
    out = sniper_analysis.stack_columns(frame)
    assert out.stack_rank.tolist() == [1, 0, 1, -1]
    assert out.short.tolist() == [False, True, False, False]
    assert out.cap.tolist() == [5] * 4
    assert out.final_cap.tolist() == [60] * 4
    assert out.committed.tolist() == [4, 1, 5, 0]


@pytest.mark.parametrize(
    "board, texture",
    [
        ((7, 7, 7, 2), "three or four of a number"),
        ((9, 9, 5, 5), "two pairs"),
        ((6, 6, 9, 2), "one pair"),
        ((4, 7, 5, 6), "four in a row"),
        ((10, 1, 2, 3), "no pair, no run"),
        ((1, 3, 5, 7), "no pair, no run"),
    ],
)
def test_board_texture(board, texture):
    frame = showdown_frame(board, [(8, 8)], [None])
    assert sniper_analysis.board_texture(frame).tolist() == [texture]


def test_replay_showdowns_worked_example_7():
    """R8 worked example 7: with the snipe "9 full house" A wins; without snipes B's full house wins."""
    frame = showdown_frame((6, 6, 9, 9), [(6, 2), (9, 3), (4, 5)], [None, None, "9 full house"], puts=[2, 2, 2])
    frame["payout"] = [9, 0, 0]
    none = sniper_analysis.replay_showdowns(frame, "none")
    assert none.replay_payout.tolist() == [0, 9, 0]
    assert none.change.tolist() == [-9, 9, 0]
    own = sniper_analysis.replay_showdowns(frame, "own")
    # A naming its "6 full house" (C still snipes "9 full house"): A and B rank last, C wins.
    # B naming its "9 full house" as C did: A still wins. C naming its "9 two pair" instead of
    # "9 full house": B's full house is alive and wins.
    assert own.replay_payout.tolist() == [0, 0, 0]
    assert held_snipe_codes(frame).tolist() == [
        parse_snipe(n).code for n in ("6 full house", "9 full house", "9 two pair")
    ]
    with pytest.raises(ValueError, match="snipes must be"):
        sniper_analysis.replay_showdowns(frame, "all")


def test_hit_rates_keep_seatings_apart():
    """R8: a snipe hits only a hand held in the same hand of the same seating."""
    one = showdown_frame((6, 6, 9, 9), [(6, 2), (9, 3)], ["9 full house", None], seating=0)
    other = showdown_frame((6, 6, 9, 9), [(6, 2), (4, 5)], ["9 full house", None], seating=1)
    frame = pd.concat([one, other], ignore_index=True)
    assert sniper_analysis.hit_rates(frame).tolist() == [True, False, False, False]


def test_naming_ones_own_hand_can_force_a_split():
    """R8 worked example 5 style: both hold "9 full house", B wins on the other private card; A
    naming "9 full house" snipes both hands, so every hand is sniped and the pot is split."""
    frame = showdown_frame((6, 6, 9, 9), [(9, 2), (9, 3)], [None, None], first=0, puts=[3, 3])
    frame["payout"] = [0, 8]
    own = sniper_analysis.replay_showdowns(frame, "own")
    assert own.replay_payout.tolist() == [4, 4]
    assert own.change.tolist() == [4, -4]


def test_betting_style_reads_the_actions_table():
    """R6: bets, raises and all-ins are raises; calls and checks are quiet; snipe turns are ignored."""
    from kernels.sniper_holdem.codes import Act

    rows = [
        (0, 0, 0, 1, Act.RAISE_3),
        (0, 0, 1, 1, Act.CALL),
        (0, 0, 2, 1, Act.CHECK),
        (0, 0, 0, 2, Act.CHECK),
        (0, 0, 1, 2, Act.ALL_IN),
        (0, 0, 2, 2, Act.FOLD),
        (0, 0, 0, 3, 7),  # a snipe-round turn
        (0, 1, 0, 1, Act.CHECK),
        (0, 1, 1, 1, Act.RAISE_1),
        (0, 1, 0, 1, Act.CALL),
    ]
    actions = pd.DataFrame(rows, columns=["game", "hand", "seat", "round", "action"])
    out = sniper_analysis.betting_style(actions).set_index(["hand", "seat"])
    assert out.loc[(0, 0), "style"] == "raised in round 1 only"
    assert out.loc[(0, 1), "style"] == "raised in round 2"
    assert out.loc[(0, 2), "style"] == "checked through"
    assert out.loc[(1, 0), "style"] == "called, never raised"
    assert out.loc[(1, 1), ["raises_1", "raises_2", "calls"]].tolist() == [1, 0, 0]
    assert len(out) == 5


def test_stratified_difference_compares_within_strata():
    # Within each stratum the group is exactly 1 higher, though the groups' overall means differ by more
    frame = pd.DataFrame(
        {
            "stratum": [0, 0, 0, 0, 1, 1, 1, 1, 2],
            "group": [True, False, False, False, True, True, True, False, True],
            "y": [1.0, 0.0, 0.0, 0.0, 6.0, 6.0, 6.0, 5.0, 9.0],
            "game": [0, 1, 2, 3, 4, 5, 6, 7, 8],
        }
    )
    out = analysis.stratified_difference(frame, "y", "group", "stratum")
    assert out["difference"] == pytest.approx(1.0)
    assert out["ci95_low"] == pytest.approx(1.0) and out["ci95_high"] == pytest.approx(1.0)
    assert out["strata"] == 2 and out["rows"] == 8  # stratum 2 has no row outside the group
    naive = frame.y[frame.group].mean() - frame.y[~frame.group].mean()
    assert naive > 4


def test_stratified_difference_with_one_stratum_is_the_plain_difference():
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"s": 0, "g": rng.random(400) < 0.3, "y": rng.normal(size=400), "game": np.arange(400) // 4})
    out = analysis.stratified_difference(frame, "y", "g", "s")
    assert out["difference"] == pytest.approx(frame.y[frame.g].mean() - frame.y[~frame.g].mean())
    assert out["ci95_low"] < out["difference"] < out["ci95_high"]
    empty = analysis.stratified_difference(frame, "y", "g", "s", min_rows=1000)
    assert np.isnan(empty["difference"]) and empty["strata"] == 0


def test_a_snipe_of_ones_own_hand_is_no_hit():
    """R8: a snipe hits another seat's showdown hand; the sniper's own hand does not count."""
    frame = showdown_frame((6, 6, 9, 9), [(6, 2), (9, 3)], ["6 full house", "6 full house"])
    assert held_snipe_codes(frame).tolist() == [parse_snipe("6 full house").code, parse_snipe("9 full house").code]
    assert sniper_analysis.hit_rates(frame).tolist() == [False, True]

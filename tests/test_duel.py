"""Duplicate duels and leagues (R13): seatings, confidence intervals, variance reduction, ratings."""

import numpy as np
import pandas as pd
import pytest

from sniper.arena.duel import DuelSetup, ratio_ci, run_duel, seatings
from sniper.arena.league import TableSetup, play_table_chunk, run_league, write_league
from sniper.core.stats import bradley_terry
from sniper.games.sniper_holdem.rules import make_rules
from sniper.runs.backends import Backend


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seatings_give_each_agent_each_seat_equally_often(players):
    rows = seatings(players)
    assert len(rows) == len(set(rows))
    for seat in range(players):
        assert sum(row[seat] == "A" for row in rows) * 2 == len(rows)


def test_seatings_heads_up_swap_seats():
    assert seatings(2) == ["AB", "BA"]
    with pytest.raises(ValueError, match="2-6"):
        seatings(7)


def test_ratio_ci_matches_the_mean_for_equal_weights():
    y = np.array([1.0, 3.0, 2.0, 6.0])
    mean, half = ratio_ci(y, np.ones(4))
    assert mean == pytest.approx(3.0)
    assert half == pytest.approx(3.182446305 * y.std(ddof=1) / 2)


@pytest.mark.parametrize("players", [2, 3])
def test_same_spec_twice_is_no_significant_difference(players):
    result = run_duel(DuelSetup("easy", "easy", players=players), hands=600)
    assert result.net_per_hand == 0 and np.isnan(result.half_width), "every group 0: no interval, not [0, 0]"
    assert result.verdict == "no significant difference"
    assert result.a_wins == result.b_wins
    assert result.independent_half_width > 0


def test_duplicate_dealing_is_narrower_than_independent_deals():
    result = run_duel(DuelSetup("easy", "easy:bluff=0.2"), hands=2000)
    assert result.hands >= 2000
    assert 0 < result.half_width < result.independent_half_width
    assert result.variance_ratio > 2


def test_stronger_agent_is_found():
    result = run_duel(DuelSetup("easy", "random"), hands=1500)
    assert result.verdict == "A is stronger"
    swapped = run_duel(DuelSetup("random", "easy"), hands=1500)
    assert swapped.verdict == "B is stronger"
    assert swapped.net_per_hand == pytest.approx(-result.net_per_hand)


def test_duel_is_the_same_for_any_number_of_workers():
    setup = DuelSetup("easy", "random", players=3)
    alone = run_duel(setup, hands=1500)
    with Backend(2) as backend:
        pooled = run_duel(setup, hands=1500, backend=backend)
    np.testing.assert_array_equal(alone.units, pooled.units)


def test_until_ci_does_not_stop_on_groups_that_all_agree():
    """A spec against itself: every group is 0, so the duplicate CI has no width to measure (null), and
    ``--until-ci`` plays to the hand limit instead of taking a zero-width [0, 0] for a narrow interval."""
    result = run_duel(DuelSetup("easy", "easy", chunk_games=5), until_ci=0.05, max_hands=600)
    assert result.net_per_hand == 0 and np.isnan(result.half_width)
    assert result.target_reached is False and result.hands >= 600
    data = result.to_json()
    assert data["ci95"] == [None, None] and data["ci95_half_width"] is None and data["variance_ratio"] is None


def test_until_ci_plays_until_the_interval_is_narrow_enough():
    result = run_duel(DuelSetup("easy", "easy:bluff=0.2", chunk_games=5), hands=200, until_ci=0.05)
    assert result.half_width < 0.05
    assert result.hands >= 200
    assert result.target_reached is True and result.to_json()["target_reached"] is True
    capped = run_duel(DuelSetup("easy", "random", chunk_games=5), hands=200, until_ci=1e-6, max_hands=600)
    assert 600 <= capped.hands < 600 + 5 * 2 * 20
    assert capped.half_width > 1e-6
    assert capped.target_reached is False
    assert capped.to_json()["target_reached"] is False and capped.to_json()["until_ci"] == 1e-6
    plain = run_duel(DuelSetup("easy", "random", chunk_games=5), hands=200)
    assert plain.target_reached is None and "target_reached" not in plain.to_json()


def test_bradley_terry_orders_by_wins():
    wins = np.array([[0, 70, 90], [30, 0, 60], [10, 40, 0]], dtype=float)
    elo, se = bradley_terry(wins)
    assert elo[0] > elo[1] > elo[2]
    assert elo.mean() == pytest.approx(1500)
    assert (se > 0).all() and (se < 200).all()
    p_ab = 1 / (1 + 10 ** ((elo[1] - elo[0]) / 400))
    assert 0.6 < p_ab < 0.8


def test_table_places_follow_final_chips():
    setup = TableSetup(("easy", "random", "easy:bluff=0.3"), players=4, chunk_games=2)
    frame = play_table_chunk(setup, 0)
    assert len(frame) == 2 * 3 * 3
    per_game = frame.groupby(["game", "rotation"])
    assert (per_game["final"].sum() == 4 * 60).all()
    for _, match in per_game:
        best = match.loc[match["final"].idxmax()]
        assert best["place"] == 1


def test_league_smoke(tmp_path):
    specs = ["easy", "random", "easy:bluff=0.3"]
    result = run_league(specs, players=3, hands=300)
    table = result.crosstable
    assert len(table) == 6
    forward = table.set_index(["a", "b"])["net_per_hand"]
    for (a, b), value in forward.items():
        assert forward[(b, a)] == pytest.approx(-value)
    assert list(result.ratings.columns[:3]) == ["agent", "bt_rating", "bt_rating_se"]
    assert {"openskill_mu", "openskill_sigma", "openskill_ordinal"} <= set(result.ratings.columns)
    assert result.ratings["agent"].iloc[-1] == "random"
    write_league(result, tmp_path / "league", {"specs": specs})
    ratings = pd.read_parquet(tmp_path / "league" / "ratings.parquet")
    assert sorted(ratings["agent"]) == sorted(specs)
    assert len(pd.read_parquet(tmp_path / "league" / "tables.parquet")) == len(result.tables)
    with pytest.raises(FileExistsError):
        write_league(result, tmp_path / "league", {})
    with pytest.raises(ValueError, match="only once"):
        run_league(["easy", "easy"])


def test_duel_rules_change_the_games():
    short = run_duel(DuelSetup("easy", "random", rules=make_rules("ours", "10")), hands=400)
    assert short.units[..., 0].max() <= 10

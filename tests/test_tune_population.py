"""``sniper tune --aggregate``: a trial scored against a population (mean or worst of per-opponent duplicate
duels), the objective registry, and the crosstable of the tuned spec against every weaker level (issue 32)."""

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from sniper.arena import tune_objectives, tune_setup, tune_space
from sniper.arena.duel import DuelSetup, play_duel_chunk, summarize_units
from sniper.arena.tune_objectives import evaluate
from sniper.arena.tune_setup import PopulationSetup, TuneSetup, population_interval
from sniper.arena.tune_space import parse_param
from sniper.cli.app import app
from sniper.runs.backends import Backend


def population_setup(**changes) -> TuneSetup:
    """A tiny population study of Sniper Hold'em's ``normal`` (few samples) against easy and random."""
    base = dict(
        spec="normal:samples=20",
        against=("easy", "random"),
        players=2,
        params=(parse_param("bluff=0:0.3", "normal"),),
        trials=2,
        hands_per_trial=320,
        validate_hands=160,
        aggregate="mean",
    )
    return TuneSetup(**{**base, **changes})


def test_each_edge_is_the_duplicate_duel_against_that_opponent_on_the_same_games():
    """A population evaluation plays, per opponent, exactly the duplicate duel (``sniper.arena.duel``) of the same
    seed and games; the score is the mean or the worst of those edges."""
    chunks = range(3)
    with Backend.here("kernel") as backend:
        scores = {}
        for how in tune_space.AGGREGATES:
            setup = PopulationSetup("easy:bluff=0.2", ("easy", "random"), 2, seed=8, chunk_games=2, aggregate=how)
            result, stopped = evaluate(setup, chunks, backend)
            assert not stopped and result.groups == 6
            scores[how] = result
        for edge in scores["mean"].edges:
            pair = DuelSetup("easy:bluff=0.2", edge["against"], 2, seed=8, chunk_games=2)
            duel = summarize_units(pair, np.concatenate([play_duel_chunk(pair, c) for c in chunks]))
            assert duel.groups == 6
            assert edge["net_per_hand"] == pytest.approx(duel.net_per_hand)
            assert edge["ci95"] == pytest.approx(list(duel.ci95))
    edges = [e["net_per_hand"] for e in scores["mean"].edges]
    assert scores["mean"].net_per_hand == pytest.approx(np.mean(edges))
    assert scores["worst"].net_per_hand == pytest.approx(min(edges)) and min(edges) < max(edges)
    assert math.isfinite(scores["mean"].half_width) and math.isnan(scores["worst"].half_width)


def test_the_pruner_sees_each_group_once_with_the_aggregate_of_its_duels():
    """Each group is reported once under its game index, valued at the worst of its per-opponent edges."""

    def values(opponents: tuple[str, ...]) -> dict[int, float]:
        setup = PopulationSetup("easy:bluff=0.2", opponents, 2, seed=8, chunk_games=2, aggregate="worst")
        seen: dict[int, float] = {}
        evaluate(setup, [1, 0], backend, lambda game, value: seen.update({game: value}) or False)
        return seen

    with Backend.here("kernel") as backend:
        both, easy, rnd = values(("easy", "random")), values(("easy",)), values(("random",))
    assert sorted(both) == [0, 1, 2, 3]
    assert both == {g: min(easy[g], rnd[g]) for g in both}


def test_a_mean_of_one_ratio_has_the_ratio_estimators_interval():
    """Known answer: with one opponent the linearised interval of the mean is the duplicate-group ratio
    estimator's own (``sniper.arena.duel``), and two identical opponents give it again."""
    rng = np.random.default_rng(3)
    h = rng.integers(30, 41, size=(25, 1)).astype(float)
    y = rng.normal(0.3, 2.0, size=(25, 1)) * h
    score, half, per = population_interval(y, h, "mean")
    assert (score, half) == pytest.approx(tune_setup.interval(y[:, 0], h[:, 0]))
    twice = population_interval(np.hstack([y, y]), np.hstack([h, h]), "mean")
    assert twice[:2] == pytest.approx((score, half))
    with pytest.raises(ValueError, match="aggregate must be one of mean, worst"):
        population_interval(y, h, "median")


def test_population_hands_split_over_the_opponents_and_the_identity_names_the_aggregate():
    setup = population_setup()
    assert setup.seatings == 4 and setup.hands_per_group == 80 and setup.groups == tune_setup.PRUNE_STARTUP
    assert setup.identity()["aggregate"] == "mean"
    field = population_setup(aggregate=None, against=("easy",))
    assert "aggregate" not in field.identity() and "objective" not in field.identity()  # older studies resume
    assert tune_space.seats_for(["easy", "normal", "random"], None, population=True) == 2


def test_weaker_levels_follow_the_ladder():
    assert tune_space.weaker_levels("hard", "draw") == ("random", "easy", "normal")
    assert tune_space.weaker_levels("normal:bet_power=4", "holdem") == ("random", "easy")
    assert tune_space.weaker_levels("hard-v1") == ("random", "easy", "normal")
    assert tune_space.weaker_levels("random") == ()


def test_the_objective_registry_refuses_a_name_twice_and_an_unknown_objective():
    assert "edge" in tune_objectives.OBJECTIVES
    with pytest.raises(ValueError, match="registered already"):
        tune_objectives.register_objective(tune_objectives.Objective("edge", "chips/hand", tune_objectives.edge_score))
    with pytest.raises(ValueError, match="unknown objective 'nope'; valid: edge, lbr"):
        population_setup(objective="nope").check()


def test_the_lbr_objective_scores_minus_lbr_s_win_rate_and_needs_a_game_with_lbr():
    """Issue 32 item 5: against ``fold`` LBR wins exactly the ante, 1 chip/hand (R2; tests/test_lbr_sniper.py),
    so ``fold`` scores -1 with no interval, and ``call`` far less; a game without LBR is refused by ``check``."""
    from types import SimpleNamespace

    setup = SimpleNamespace(game="sniper", hands_per_group=5)
    folded, stopped = tune_objectives.lbr_score(setup, "fold", 3, 2, [0, 1], Backend(1))
    assert (folded.spec, folded.hands, folded.groups, folded.net_per_hand) == ("fold", 20, 10, -1.0) and not stopped
    assert not math.isfinite(folded.half_width) or folded.half_width == 0
    called, _ = tune_objectives.lbr_score(setup, "call", 3, 2, [0, 1], Backend(1))
    assert called.net_per_hand < -3 * 1.0
    draw = SimpleNamespace(game="draw", hands_per_group=5)  # draw's LBR takes fold's ante, 1 chip, every hand
    assert tune_objectives.lbr_score(draw, "fold", 3, 2, [0, 1], Backend(1))[0].net_per_hand == -1.0
    with pytest.raises(ValueError, match="lbr needs a local best response, which Saint Poker does not have"):
        TuneSetup("hard", ("easy",), 2, (parse_param("keep=0:1", "hard", "saint"),), game="saint",
                  objective="lbr").check()  # fmt: skip


def test_population_study_validates_and_prints_the_crosstable_in_json_and_text(tmp_path):
    args = ["tune", "normal:samples=20", "--against", "easy,random", "--aggregate", "worst"]
    args += ["--param", "bluff=0:0.3", "--trials", "2", "--hands-per-trial", "320", "--validate-hands", "160"]
    args += ["--study", str(tmp_path / "s")]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["game"], data["aggregate"], data["against"], data["players"]) == (
        "sniper",
        "worst",
        ["easy", "random"],
        2,
    )
    best = data["validation"]["candidates"][0]
    assert [e["against"] for e in best["edges"]] == ["easy", "random"]
    assert best["net_per_hand"] == min(e["net_per_hand"] for e in best["edges"])
    cross = data["validation"]["crosstable"]
    assert cross["players"] == 2 and cross["seed"] == data["validation"]["seed"]
    assert [row["against"] for row in cross["rows"]] == ["random", "easy"]
    for row in cross["rows"]:
        assert row["spec"] == data["best_spec"] and row["hands"] >= 160
        assert row["ci95"][0] <= row["net_per_hand"] <= row["ci95"][1]
    shown = CliRunner().invoke(app, args)  # the finished study again: validation and crosstable cached
    assert shown.exit_code == 0, shown.output
    assert "Crosstable on held-out seed 1, 2 seats" in shown.stdout and "vs easy" in shown.stdout
    from sniper.report.arena_reports import study_report

    assert ("aggregate", "worst of the per-opponent edges") in study_report(tmp_path / "s").facts


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--aggregate", "median"], "--aggregate must be one of mean, worst, got 'median'"),
        (["--objective", "nope"], "unknown --objective 'nope'; valid: edge, lbr"),
        (["--aggregate", "mean", "--against", "easy,easy"], "a spec is given twice in the --against population"),
    ],
)
def test_bad_population_input_is_one_line_exit_2(extra, message, tmp_path):
    args = ["tune", "normal", "--param", "bluff=0:0.1", "--study", str(tmp_path / "s")]
    args += ["--against", "easy"] if "--against" not in extra else []
    result = CliRunner().invoke(app, [*args, *extra])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert not (tmp_path / "s").exists()

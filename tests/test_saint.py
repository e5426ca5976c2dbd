"""Saint Poker (GAMES.md S1–S11): the rules' worked examples, random playouts of the table state, what a seat sees,
the levels, the env, and the commands (``sniper.games.saint``)."""

import json
import random
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core.registry import get_game
from sniper.core.table import CHANCE, SIMULTANEOUS, TERMINAL, SimultaneousTableState, joint_step, point_difference
from sniper.games.poker52.cards import DECK_SIZE, cards, value
from sniper.games.saint.levels import PARAMETERS, held, make_level, stock, usable
from sniper.games.saint.play import play_game
from sniper.games.saint.rules import FUTURE_RIVER, ROUNDS, SEATS
from sniper.games.saint.showdown import showdown
from sniper.games.saint.table import DEAL, PAIR_BASE, SaintTable, pair_of, score_round, tie_order


def invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def random_step(table: SaintTable, rng: random.Random) -> None:
    """One random legal step of ``table`` (all seats at once at ``SIMULTANEOUS``)."""
    if table.current_player() == SIMULTANEOUS:
        table.apply_actions({s: rng.choice(table.legal_actions(s)) for s in range(table.n_seats)})
    else:
        table.apply(rng.choice(table.legal_actions()))


# -- S5, S6: the worked examples ----------------------------------------------------------------------------------


def test_s5_two_players_tied_in_round_7_score_4_each_and_the_others_nothing():
    assert score_round(7, [10, 12, 12]) == (0, 4, 4)
    report = showdown("Ah Kh 7c 7d 2s", ["As Ks", "Ad Kd", "9c 9h"], 7)  # A-A-K-K-7 twice, 9-9-7-7-A
    assert report["points"] == [4, 4, 0] and report["players"][0]["hand"] == "two pair"


def test_s5_ties_share_rounded_up_three_ways_in_round_8_and_a_lone_winner_takes_the_round_number():
    royal = "As Ks Qs Js Ts"  # every player plays the river: a three-way tie
    assert showdown(royal, ["2c 3d", "4h 5c", "6d 7h"], 8)["points"] == [3, 3, 3]
    assert showdown("2c 7d 9h Jc Ks", ["Ah 3d", "4h 5c"], 1)["points"] == [1, 0]
    assert [score_round(r, [1, 1])[0] for r in range(1, 9)] == [1, 1, 2, 2, 3, 3, 4, 4]


def test_s1_one_pair_ranks_between_two_pair_and_high_card():
    report = showdown("2c 7d 9h Jc Ks", ["Ah Qd", "2h 3d", "7h 2d"], 3)
    assert [p["hand"] for p in report["players"]] == ["high card", "one pair", "two pair"]
    assert report["points"] == [0, 0, 3]


def test_s6_the_take_back_order_is_worst_first_with_ties_ordered_from_the_rounds_stream():
    values = [5, 9, 5, 1]
    orders = {tie_order(values, seed, 0, 2) for seed in range(40)}
    assert {order[0] for order in orders} == {3} and {order[-1] for order in orders} == {1}
    assert orders == {(3, 0, 2, 1), (3, 2, 0, 1)}, "seats 0 and 2 tie: both orders are drawn"
    assert tie_order(values, 7, 0, 2) == tie_order(values, 7, 0, 2)


@pytest.mark.parametrize("seats", list(SEATS))
def test_s2_s3_s6_s7_card_counts_and_the_order_of_every_round(seats):
    """S2/S3 counts at every round, S6's order and take-backs, S7's shrinking hands, S8's end, no card lost."""
    rng = random.Random(seats)
    table = SaintTable(seats, seed=seats, game=1)
    assert table.current_player() == CHANCE and table.legal_actions() == (DEAL,)
    table.apply(DEAL)
    assert [len(h) for h in table.hands] == [10] * seats and len(table.future) == FUTURE_RIVER[seats]
    while not table.is_over():
        record = table.round
        assert [len(h) for h in table.hands] == [11 - record.number] * seats  # S7: 10, 9, ... 3
        assert len(record.carried) == 5 - seats and len(table.future) == (5 - seats) * (record.number < ROUNDS)
        pools = [({*r.river, *(c for p in r.pairs for c in p)}, {c for _, c in r.takes}) for r in table.history[:-1]]
        assert all(len(pool - taken) == 5 for pool, taken in pools), "S6: 5 cards left out of the game"
        out = [c for pool, taken in pools for c in pool - taken]
        live = [*(c for h in table.hands for c in h), *table.deck, *record.carried, *table.future, *out]
        assert sorted(live) == list(range(DECK_SIZE)), "every card is in a hand, the deck, a river or out (S6)"
        for _ in range(2):  # the two simultaneous steps
            random_step(table, rng)
        assert len(record.river) == 5 and len(record.values) == seats
        assert record.values == tuple(value((*p, *record.river)) for p in record.pairs)
        if record.number < ROUNDS:
            assert [record.values[s] for s in record.order] == sorted(record.values), "S6: worst hand first"
            while table.round is record:
                random_step(table, rng)
            assert [seat for seat, _ in record.takes] == list(record.order) * 2, "S6: the order, twice"
    assert table.current_player() == TERMINAL and table.legal_actions() == () and table.hands == [[]] * seats
    last = table.history[-1]
    assert last.number == ROUNDS and last.order == () and last.takes == [], "S6: no step 3 in round 8"
    assert sum(r.points[s] for r in table.history for s in range(seats)) >= sum(range(1, 9))
    assert table.returns() == point_difference(table.scores) and sum(table.returns()) == 0


# -- the table state: random playouts, illegal actions, what a seat sees --------------------------------------------


def test_random_playouts_follow_the_protocol():
    for game in range(12):
        seats = 2 + game % 4
        table = SaintTable(seats, seed=11, game=game)
        assert isinstance(table, SimultaneousTableState)
        rng = random.Random(game)
        while not table.is_over():
            player = table.current_player()
            if player == SIMULTANEOUS:
                assert table.legal_actions() == () and all(table.legal_actions(s) for s in range(seats))
            elif player >= 0:
                assert all(table.legal_actions(s) == () for s in range(seats) if s != player)
            random_step(table, rng)
        assert len(table.history) == ROUNDS and sum(table.returns()) == 0


def test_an_illegal_pick_is_refused_and_leaves_the_table_unchanged():
    table = SaintTable(3, seed=4, game=0)
    with pytest.raises(ValueError, match="use apply_actions|not legal"):
        table.apply(0)
    table.apply(DEAL)
    hands = [list(h) for h in table.hands]
    other = next(c for c in range(DECK_SIZE) if c not in table.hands[0])
    with pytest.raises(ValueError, match="not legal for seat 0"):
        table.apply_actions({0: other, 1: table.hands[1][0], 2: table.hands[2][0]})
    with pytest.raises(ValueError, match="every seat"):
        table.apply_actions({0: table.hands[0][0]})
    with pytest.raises(ValueError, match="use apply_actions"):
        table.apply(table.hands[0][0])
    assert table.hands == hands and table.phase == "pick"


def test_s9_joint_step_asks_every_seat_before_any_pick_is_applied():
    table = SaintTable(4, seed=2, game=0)
    table.apply(DEAL)
    carried = table.round.carried
    asked = []

    def choose(seat, obs, legal):
        assert table.round.river == carried and obs.river == carried, "no pick is visible while seats choose"
        asked.append(seat)
        return legal[0]

    picks = joint_step(table, choose)
    assert asked == [0, 1, 2, 3] and table.round.picks == tuple(picks[s] for s in range(4))
    with pytest.raises(ValueError, match="SIMULTANEOUS"):
        SaintTable(2).apply(DEAL) or joint_step(SaintTable(2), choose)


def test_s10_an_observation_does_not_change_when_hidden_cards_are_swapped():
    """Swap a card of another seat's hand with a card of the deck (both unseen by seat 0): seat 0's observation is
    the same, at every step of a game; its own hand and the revealed cards are in it."""
    rng = random.Random(5)
    table = SaintTable(3, seed=5, game=0)
    table.apply(DEAL)
    checked = 0
    while not table.is_over():
        before = table.observe(0)
        assert all(c not in before.hand for h in table.hands[1:] for c in h)
        hidden = [c for c in table.hands[1] if c not in table.known[1]]
        if hidden and table.deck:
            a, b = hidden[0], table.deck[0]
            i = table.hands[1].index(a)
            table.hands[1][i], table.deck[0] = b, a
            assert table.observe(0) == before or table.phase == "pair" and table.observe(0).legal != before.legal
            table.hands[1][i], table.deck[0] = a, b
            checked += 1
        if table.phase == "pair":
            assert before.pairs == (None,) * 3, "step 2's picks are hidden until all have picked"
        random_step(table, rng)
    assert checked >= 8


def test_the_same_seed_plays_the_same_game_and_another_seed_another():
    agents = [make_level("hard", samples=8), make_level("normal"), make_level("random")]
    first, again = (play_game(3, 9, 4, agents).history for _ in range(2))
    other = play_game(3, 10, 4, agents).history
    assert first == again and first != other


def test_every_level_takes_only_legal_actions_in_random_states():
    rng = random.Random(1)
    levels = [make_level(name) for name in PARAMETERS] + [make_level("hard", samples=4, keep=3.0, late=0.0)]
    for game in range(6):
        table = SaintTable(2 + game % 4, seed=3, game=game)
        table.apply(DEAL)
        while not table.is_over():
            seats = range(table.n_seats) if table.current_player() == SIMULTANEOUS else [table.current_player()]
            for seat in seats:
                obs = table.observe(seat)
                for level in levels:
                    assert level.act(obs, table.stream(seat, 0)) in obs.legal
            random_step(table, rng)
    with pytest.raises(ValueError, match="keep must be a number in"):
        make_level("normal", keep=-1)
    with pytest.raises(ValueError, match="unknown Saint Poker level"):
        make_level("perfect")


def test_step_2_of_easy_reveals_its_best_pair():
    table = SaintTable(2, seed=8, game=0)
    table.apply(DEAL)
    table.apply_actions({s: table.legal_actions(s)[0] for s in range(2)})
    obs = table.observe(0)
    chosen = pair_of(make_level("easy").act(obs, table.stream(0, 1)) - PAIR_BASE)
    best = max(value((*pair_of(a - PAIR_BASE), *obs.river)) for a in obs.legal)
    assert value((*chosen, *obs.river)) == best


def test_at_5_players_normal_does_not_keep_a_flush_it_cannot_play():
    """S2, S3, S4: with 5 players there is no future river and a player brings three of its cards to a round, so
    five hearts in hand make no flush later (``usable``), and normal's step 1 there is easy's, this round's best
    hand: it gives up a heart (the lowest card: every pick keeps the aces and leaves king high)."""
    table = SaintTable(5, seed=1, game=0)
    table.apply(DEAL)
    hand = tuple(sorted(cards("2h 5h 9h Jh Kh As Ad 3c 4d 6s")))
    obs = replace(table.observe(0), hand=hand, legal=hand)
    assert (obs.river, obs.future) == ((), ())
    assert make_level("normal").act(obs, table.stream(0, 0)) == cards("2h")[0]
    assert usable(cards("5h 9h Jh Kh"), cards("2h")) < 5 <= usable(cards("5h 9h Jh Kh"), cards("2h 3h"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_at_5_players_normal_and_hard_take_back_a_second_pair_not_a_higher_card(level):
    """S2, S3, S6: with no future river a player's later rounds are its own cards, one group a round, so the keep
    term counts every pair and trip kept (``stock``): with kings and sevens, normal and hard take the 3 that pairs
    a third rank, where easy (and ``usable``, the best three cards) takes the ace, the higher rank."""
    table = SaintTable(5, seed=1, game=0)
    table.apply(DEAL)
    hand, pool = tuple(sorted(cards("Kh Kd 7c 7d 3s 9h"))), tuple(sorted(cards("Ac 3d")))
    obs = replace(table.observe(0), phase="take", round=3, hand=hand, pool=pool, legal=pool)
    assert make_level(level).act(obs, table.stream(0, 2)) == cards("3d")[0]
    assert make_level("easy").act(obs, table.stream(0, 2)) == cards("Ac")[0]
    assert stock((*hand, *cards("3d"))) > stock((*hand, *cards("Ac"))) == stock(hand)
    assert usable((*hand, *cards("3d")), ()) == usable((*hand, *cards("Ac")), ())


def test_normal_counts_the_cards_an_opponent_took_back_among_those_it_may_hold():
    """S10: take-backs are public, so normal's chance to beat an opponent's pair draws that pair from the unseen
    cards and the cards the opponents took back (``held``): kings lose to the aces seat 1 took back."""
    table = SaintTable(5, seed=1, game=0)
    table.apply(DEAL)
    river, hand, aces, unseen_cards = cards("2c 7d 9h Js 4c"), cards("Kh Kd 3s"), cards("As Ad"), cards("5s 6s")
    known = [frozenset(aces) if seat == 1 else frozenset() for seat in range(5)]
    seen = frozenset(set(range(DECK_SIZE)) - set(hand) - set(unseen_cards))
    obs = replace(table.observe(0), phase="pair", river=tuple(river), hand=tuple(sorted(hand)), known=tuple(known),
                  seen=seen, hand_size=3)  # fmt: skip
    assert held(obs) == sorted((*unseen_cards, *aces))
    kings = tuple(sorted(cards("Kh Kd")))
    strength = make_level("normal").strengths(obs, [kings], table.stream(0, 1))[0]
    assert strength == pytest.approx((5 / 6) ** 8)  # beats 5 of the 6 pairs of 5s 6s As Ad, not the aces,
    # to the power (seats - 1) * (hand_size - 1) = 4 * 2


def test_the_parallel_env_passes_pettingzoos_api_test_and_hides_other_hands():
    from pettingzoo.test import parallel_api_test

    from sniper.games.saint.env import encode, parallel_env

    parallel_api_test(parallel_env(players=3, opponents=["easy"]), num_cycles=200)
    env = parallel_env(players=2)
    observations, _ = env.reset(seed=3)
    mask = observations["player_0"]["action_mask"]
    assert sorted(mask.nonzero()[0].tolist()) == env.table.hands[0]
    assert not observations["player_0"]["observation"][:DECK_SIZE][env.table.hands[1]].any()
    total = 0.0
    while env.agents:
        actions = {a: int(o["action_mask"].nonzero()[0][0]) for a, o in observations.items() if o["action_mask"].any()}
        actions |= {a: 0 for a in env.agents if a not in actions}
        observations, rewards, *_ = env.step(actions)
        total += rewards["player_0"]
    assert total == env.table.returns()[0]
    assert encode(env.table.observe(1))["observation"].shape == observations["player_0"]["observation"].shape


# -- the commands ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("saint") / "run"
    invoke("simulate", "--game", "saint", "--players", "3", "--hands", "48", "--agents", "random,easy,random",
           "--seed", "2", "--out", str(out), "--quiet")  # fmt: skip
    return out


def test_the_game_declares_simultaneous_moves_and_points():
    spec = get_game("saint")
    assert (spec.dynamics, spec.utility, spec.unit, spec.score, spec.seat_text) == (
        "simultaneous",
        "points",
        "round",
        "points",
        "2-5",
    )
    assert get_game("sniper").dynamics == "sequential" and get_game("sniper").utility == "chips"


def test_simulate_summary_and_replay_of_a_saint_run(run):
    from sniper.runs.store import read_run

    hands = read_run(run, "hands")
    assert len(hands) == 48 * 3 and (hands.groupby(["game", "hand"])["net"].sum() == 0).all()
    last = hands[hands["hand"] == ROUNDS - 1]
    assert (last["stack_after"] == hands.groupby(["game", "seat"])["points"].sum().to_numpy()).all()
    shown = invoke("summary", str(run)).stdout
    assert "point difference per round" in shown and "points/round" in shown
    rows = json.loads(invoke("summary", str(run), "--json").stdout)["summary"]
    easy = next(r for r in rows if r["agent"] == "easy")
    assert easy["points_per_round"] == pytest.approx(hands.loc[hands["agent"] == "easy", "points"].mean())
    text = invoke("replay", str(run), "--game", "1").stdout
    assert text.count("Round ") == ROUNDS and "take-backs, worst first" in text and "future river" in text
    data = json.loads(invoke("replay", str(run), "--game", "1", "--hand", "7", "--format", "json").stdout)
    assert data["name"] == "saint" and [r["round"] for r in data["rounds"]] == [8]
    assert [s["score"] for s in data["rounds"][0]["seats"]] == last[last["game"] == 1]["stack_after"].tolist()
    missing = CliRunner().invoke(app, ["replay", str(run), "--game", "1", "--hand", "8"])
    assert missing.exit_code == 2 and "rounds 0-7, not 8" in missing.output


def test_a_resumed_saint_run_equals_the_run_and_its_report_is_written(run, tmp_path):
    from sniper.runs.store import read_run

    again = tmp_path / "again"
    invoke("simulate", "--game", "saint", "--players", "3", "--hands", "48", "--agents", "random,easy,random",
           "--seed", "2", "--out", str(again), "--quiet")  # fmt: skip
    sorted((again / "hands").glob("part-*.parquet"))[-1].unlink()
    line = invoke("simulate", "--resume", str(again)).stdout
    first = line.splitlines()[0]
    assert first.startswith("48 rounds in 6 games") and "rounds/s" in first and "hands" not in first  # its unit
    assert "48 of 48 rounds" in invoke("summary", str(again)).stdout
    for table in ("hands", "rounds"):
        assert read_run(again, table).equals(read_run(run, table))
    page = tmp_path / "saint.html"
    invoke("report", str(run), "--out", str(page))
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_the_report_of_a_saint_run_speaks_rounds_and_points_and_its_panels_match_the_hands_table(run, monkeypatch):
    """Issue 29 item 5: the report's panels (points by round number, S5; rounds and games won by seat, S5, S8;
    winning hands made by the river alone, S4) equal the same numbers computed from the hands table."""
    from sniper.core import plots
    from sniper.report.build import run_report
    from sniper.runs.store import read_run

    drawn, real = {}, plots.grouped

    def capture(frame, title, *args):
        drawn[title] = frame
        return real(frame, title, *args)

    monkeypatch.setattr(plots, "grouped", capture)
    report = run_report(run)
    words = " ".join([*(t.caption for s in report.sections for t in s.tables), *map(str, report.facts)])
    assert "point difference per round" in words and "rounds" in words and "chips" not in words
    hands = read_run(run, "hands")
    by_round = drawn["Points per round by round number (S5, 95% CI)"].set_index(["series", "group"])["estimate"]
    expected = hands.groupby(["agent", "hand"])["points"].mean()
    assert len(by_round) == len(expected)
    for (agent, hand), mean in expected.items():
        assert by_round[(agent, f"round {hand + 1}")] == pytest.approx(mean)
    seats = drawn["Rounds won by seat (95% CI)"].set_index(["series", "group"])["estimate"]
    for (agent, seat), share in (hands["points"] > 0).groupby([hands["agent"], hands["seat"]]).mean().items():
        assert seats[(agent, f"seat {seat}")] == pytest.approx(share)
    games = drawn["Games won by seat (S8, 95% CI)"]
    won = (games["estimate"] * games["rows"]).groupby(games["series"]).sum()
    summary = {r["agent"]: r["games_won"] for r in json.loads(invoke("summary", str(run), "--json").stdout)["summary"]}
    assert {agent: round(n) for agent, n in won.items()} == {agent: summary[agent] for agent in won.index}
    river = drawn["Winning hands made by the river alone, by round (95% CI)"].set_index("group")["estimate"]
    scored = hands[hands["points"] > 0]
    for hand, share in scored.groupby("hand")["river_only"].mean().items():
        assert river[f"round {hand + 1}"] == pytest.approx(share)


def test_a_level_against_itself_is_exactly_even_and_games_won_means_most_points():
    args = ("--game", "saint", "--json", "--quiet")
    same = json.loads(invoke("duel", "random", "random", "--hands", "32", *args).stdout)
    assert same["net_per_hand"] == 0
    duel = json.loads(invoke("duel", "easy", "random", "--hands", "64", *args).stdout)
    assert duel["games"]["a_won"] + duel["games"]["b_won"] + duel["games"]["drawn"] == duel["groups"] * 2


def test_league_and_tune_of_saint(tmp_path):
    import pandas as pd

    out = tmp_path / "league"
    invoke("league", "random", "easy", "random:", "--game", "saint", "--players", "3", "--hands", "24", "--out",
           str(out), "--quiet")  # fmt: skip
    tables = pd.read_parquet(out / "tables.parquet")
    assert (tables.groupby(["game", "rotation"])["net"].sum() == 0).all()
    args = ["tune", "normal", "--against", "random", "--param", "keep=0:2", "--game", "saint", "--trials", "2",
            "--players", "2", "--hands-per-trial", "32", "--validate-hands", "32", "--study", str(tmp_path / "s"),
            "--json"]  # fmt: skip
    report = json.loads(invoke(*args).stdout)
    assert report["tuning"]["trials"] == 2 and report["best_spec"].startswith("normal")


def test_showdown_of_saint_on_the_command_line():
    args = ["showdown", "--game", "saint", "--board", "As", "Td", "9c", "8h", "2d", "--hole", "Ah", "Ad"]
    report = json.loads(invoke(*args, "--hole", "Jc", "7c", "--hole", "Kd", "Qd", "--round", "7", "--json").stdout)
    assert report["game"] == "saint" and report["points"] == [0, 7, 0]
    assert report["players"][1]["hand"] == "straight" and report["players"][1]["best"] == "Jc Td 9c 8h 7c".split()
    for bad, message in [(["--round", "9"], "round must be 1-8"), (["--hole", "Ah", "Kd"], "appears twice")]:
        refused = CliRunner().invoke(app, [*args, "--hole", "Jc", "7c", *bad])
        assert refused.exit_code == 2 and message in refused.output

"""Reads that adapt within a game in no-limit Hold'em (``sniper.games.poker52.reads``; ``normal`` and ``hard``, GAMES.md
H11, H12): the public counts a table gives (``HoldemObservation.tendencies``), the looseness they make against a random
player and a tight one, the decisions it changes, and the kernel's same actions with any counts."""

from dataclasses import replace

import pytest
import shared_checks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_holdem_kernel import QUIET, decisions, same_decision

from sniper.core.rng import Stream
from sniper.games.holdem import levels
from sniper.games.holdem.agents import RandomAgent
from sniper.games.holdem.engine import CHECK_CALL, FOLD
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.reading import tendencies
from sniper.games.holdem.table import DEAL, HoldemTable
from sniper.games.poker52.cards import cards


def played_tendencies(agents, games=3, hands=20):
    """``shared_checks.played_tendencies`` on ``HoldemTable``."""
    return shared_checks.played_tendencies(HoldemTable, DEAL, tendencies, agents, games, hands)


def test_the_counts_tell_a_random_player_from_easy():
    normal = levels.make_level("normal")
    random, easy = played_tendencies([RandomAgent(), levels.make_level("easy")], games=10)
    assert min(random[1], random[3], easy[1], easy[3]) >= 10, (random, easy)
    assert random[0] > 0.2 * random[1] and easy[0] < 0.2 * easy[1]  # raises facing a bet: random a third
    assert random[2] > 0.35 * random[3] and easy[2] < 0.3 * easy[3]  # bets when checked to: random a half

    def read(counts):
        return normal.looseness(facing_a_bet(tuple(counts)), 1)

    assert read((0, 0, 0, 0)) == 0.0  # no history: the fixed parameters
    assert read(random) > 0.6, random
    assert read(easy) < 0.2, easy
    assert read((*random[:2], 0, 0)) > 0.3 and read((0, 0, *random[2:])) > 0.3  # each count tells alone


def test_a_decision_after_a_bet_counts_as_faced_and_the_blinds_do_not():
    class Hand:
        actions = [
            rec(0, 0, CHECK_CALL), rec(1, 0, CHECK_CALL),  # an unraised preflop: counted nowhere
            rec(1, 1, CHECK_CALL), rec(0, 1, 6),  # checked to: 1 checks, 0 bets
            rec(1, 1, 20), rec(0, 1, CHECK_CALL),  # facing a bet: 1 raises, then 0 calls the raise
            rec(1, 2, 10), rec(0, 2, FOLD),  # the turn: 1 bets when checked to (first), 0 folds facing it
        ]  # fmt: skip

    assert tendencies([Hand], 2) == ((0, 2, 1, 1), (1, 1, 1, 2))


def rec(seat, street, action):
    """An action record with what ``tendencies`` reads."""
    return type("Record", (), {"seat": seat, "street": street, "action": action})()


def facing_a_bet(tendency):
    """Seat 0 (the big blind, heads-up) holding ace-eight on a flop of nine-high, facing seat 1's pot bet, seat 1's
    ``tendencies`` ``tendency`` (``(raises, faced, bets, unfaced)``)."""
    return HoldemObservation(
        seat=0, seats=2, button=1, street=1, hole=cards("Ah 8d"), board=cards("9c 5s 2h"), stacks=(180, 168),
        bets=(0, 12), pot=12, in_hand=(True, True), to_call=12, min_raise_to=24, max_raise_to=180, big_blind=2,
        history=((1, 0, CHECK_CALL), (0, 0, 6), (1, 0, CHECK_CALL), (0, 1, CHECK_CALL), (1, 1, 12)),
        legal=(FOLD, CHECK_CALL, *range(24, 181)), hand=7, tendencies=((0, 0, 0, 0), tendency),
    )  # fmt: skip


def test_normal_and_hard_call_a_random_players_bet_they_fold_to_from_a_tight_one():
    normal, hard = levels.make_level("normal"), levels.make_level("hard", samples=400)
    tight, loose = facing_a_bet((1, 20, 2, 15)), facing_a_bet((8, 22, 12, 22))
    assert normal.looseness(tight, 1) < 0.1 < 0.7 < normal.looseness(loose, 1)
    assert normal.act(tight, Stream(1)) == FOLD and normal.act(loose, Stream(1)) != FOLD
    assert levels.read_range(loose, 1, hard).loose > 0.7 and levels.read_range(tight, 1, hard).loose < 0.1
    assert hard.equity(loose, 5) > hard.equity(tight, 5) + 0.1
    for key in (1, 2, 3):
        assert hard.act(tight, Stream(key)) == FOLD
        assert hard.act(loose, Stream(key)) != FOLD


@st.composite
def with_tendencies(draw):
    """A decision (``test_holdem_kernel.decisions``) whose seats carry any counts of earlier hands (or none)."""
    obs, stream = draw(decisions())
    if draw(st.booleans()):
        counts = st.integers(0, 30).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n)))
        rows = [draw(st.tuples(counts, counts)) for _ in range(obs.seats)]
        obs = replace(obs, tendencies=tuple((*a, *b) for a, b in rows))
    return obs, stream


@QUIET
@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=with_tendencies(), level=st.sampled_from(["normal", "hard:samples=20", "normal:read_weight=0.5"]))
def test_the_kernel_decides_as_the_reference_with_any_counts(case, level):
    name, _, params = level.partition(":")
    overrides = dict((k, float(v) if "." in v else int(v)) for k, v in (p.split("=") for p in params.split(",") if p))
    same_decision(levels.make_level(name, **overrides), *case)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_history_plays_the_fixed_parameters(level):
    agent = levels.make_level(level)
    for counts in ((0, 0, 0, 0), (8, 22, 12, 22)):
        obs = facing_a_bet(counts)
        assert agent.looseness(replace(obs, tendencies=()), 1) == 0.0
    assert agent.loosest(replace(facing_a_bet((8, 22, 12, 22)), tendencies=())) == 0.0

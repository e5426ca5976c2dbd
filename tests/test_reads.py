"""Reads that adapt within a game (``sniper.games.poker52.reads`` and its numba equivalent ``kernels.poker52.reads``;
five-card draw's ``hard``, GAMES.md D10, D11): the public counts a table gives (``DrawObservation.tendencies``), the
looseness they make against a random player and a tight one, the decision it changes, and the kernel's same floats
and actions."""

from dataclasses import replace

import numpy as np
import pytest

from kernels.draw.betting import NO_RAISE
from kernels.draw.policies import decide_nb
from kernels.draw.strength import new_scratch
from kernels.eval52 import tables
from kernels.poker52.reads import looseness_nb, toward_nb
from sniper.core.rng import Stream
from sniper.games.draw import kernel_engine as ke
from sniper.games.draw.agents import EasyAgent, RandomAgent
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, DEAL, FOLD, SECOND
from sniper.games.draw.levels import HardAgent
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.reading import tendencies
from sniper.games.draw.table import DrawTable
from sniper.games.poker52.cards import cards
from sniper.games.poker52.reads import looseness, toward


def played_tendencies(agents, games=3, hands=20):
    """``tendencies`` summed over ``games`` reference games of ``hands`` hands with ``agents`` (one per seat), and
    the table's own ``observe`` of the last decision's seat agreeing with ``reading.tendencies``."""
    total = [[0, 0] for _ in agents]
    for game in range(games):
        table = DrawTable(len(agents), 4111, game, hand_limit=hands)
        while not table.is_over():
            table.apply(DEAL)
            while not table.hand_over():
                seat = table.current_player()
                obs = table.observe(seat)
                assert obs.tendencies == tendencies(table.hands, len(agents))
                table.apply(agents[seat].act(obs, table.stream()))
        for seat, (raises, chances) in enumerate(tendencies(table.hands, len(agents))):
            total[seat][0] += raises
            total[seat][1] += chances
    return total


def test_looseness_rises_against_a_random_player_and_stays_near_the_prior_against_a_tight_one():
    hard = HardAgent()
    prior = (hard.read_rate, hard.read_weight, hard.read_noise)
    (r_raises, r_chances), (e_raises, e_chances) = played_tendencies([RandomAgent(), EasyAgent()])
    assert r_chances >= 10 and e_chances >= 10, (r_chances, e_chances)
    assert looseness(0, 0, *prior) == 0.0  # no history: hard reads as its fixed parameters
    assert looseness(r_raises, r_chances, *prior) > 0.6, (r_raises, r_chances)
    assert looseness(e_raises, e_chances, *prior) < 0.15, (e_raises, e_chances)


@pytest.mark.parametrize("events, chances", [(0, 0), (0, 9), (3, 9), (9, 9), (1, 40), (17, 50)])
@pytest.mark.parametrize("rate, weight, noise", [(0.08, 4.0, 0.3333), (0.0, 0.1, 1.0), (0.3, 100.0, 0.31)])
def test_the_kernel_reads_the_same_floats(events, chances, rate, weight, noise):
    share = looseness(events, chances, rate, weight, noise)
    assert 0.0 <= share <= 1.0
    assert looseness_nb(np.int64(events), np.int64(chances), rate, weight, noise) == share
    assert toward_nb(0.1663, 1.0, share) == toward(0.1663, 1.0, share)


def facing_a_bet(tendency):
    """Seat 0 holding a pair of eights after a 3-card draw, facing seat 1's second-round bet after it drew one card,
    heads-up, seat 1's ``tendencies`` ``tendency``."""
    return DrawObservation(
        seat=0, seats=2, button=1, hand=5, street=SECOND, cards=cards("8c 8d 9s 5h 2c"), discarded=(), drawn=(3, 1),
        stacks=(80, 76), bets=(0, 4), pot=12, in_hand=(True, True), to_call=4, bet_size=4, raises=1, raise_to=8,
        history=((0, 0, CHECK_CALL), (1, 0, CHECK_CALL), (0, SECOND, CHECK_CALL), (1, SECOND, BET_RAISE)),
        legal=(FOLD, CHECK_CALL, BET_RAISE), tendencies=((0, 0), tendency),
    )  # fmt: skip


def kernel_action(agent, obs, key):
    level, params = ke.kernel_agent(agent)
    h, me = ke.observation_hand(obs)
    words = np.array([key, 0], np.uint64)
    lt = ke.level_tables(ke.most_power([(level, params)]))
    raise_to = np.int64(NO_RAISE if obs.raise_to is None else obs.raise_to)
    scratch = new_scratch(agent.draw_samples)
    return int(decide_nb(np.int64(level), params, h, np.int64(me), raise_to, words, tables(), lt, scratch))


def test_hard_calls_a_random_players_bet_it_folds_to_from_a_tight_one_and_the_kernel_agrees():
    hard = HardAgent(samples=600)
    tight, loose = facing_a_bet((1, 20)), facing_a_bet((10, 24))
    assert hard.looseness(tight, 1) < 0.1 < 0.6 < hard.looseness(loose, 1)
    assert hard.call_margin_of(loose) < hard.call_margin_of(tight) == pytest.approx(hard.call_margin, abs=0.1)
    assert hard.equities(loose, 11, 12)[0] > hard.equities(tight, 11, 12)[0] + 0.1
    for key in (1, 2, 3):
        assert hard.act(tight, Stream(key)) == FOLD
        assert hard.act(loose, Stream(key)) != FOLD
        for obs in (tight, loose, replace(loose, tendencies=())):
            assert kernel_action(hard, obs, key) == hard.act(obs, Stream(key))

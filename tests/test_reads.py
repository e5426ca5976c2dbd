"""Reads that adapt within a game (``sniper.games.poker52.reads`` and its numba equivalent ``kernels.poker52.reads``;
five-card draw's ``hard``, GAMES.md D10, D11): the public counts a table gives (``DrawObservation.tendencies``), the
looseness they make against a random player and a tight one, the decision it changes, and the kernel's same floats
and actions."""

from dataclasses import replace

import numpy as np
import pytest
import shared_checks

from kernels.draw import codes
from kernels.draw.betting import NO_RAISE, new_hand
from kernels.draw.game import ActionLog, play_game_nb
from kernels.draw.policies import decide_nb
from kernels.draw.strength import new_scratch
from kernels.eval52 import tables
from kernels.poker52.reads import looseness_nb, toward_nb
from sniper.core.rng import Stream, derive, mix64
from sniper.games.draw import kernel_engine as ke
from sniper.games.draw.agents import EasyAgent, RandomAgent
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, DEAL, FOLD, SECOND
from sniper.games.draw.levels import HardAgent, NormalAgent
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.play import play_game
from sniper.games.draw.reading import TELLING_DRAW, TELLING_SHOW, tendencies
from sniper.games.draw.rules import GAME_LENGTHS
from sniper.games.draw.table import DrawTable
from sniper.games.poker52.cards import cards
from sniper.games.poker52.reads import looseness, toward
from sniper.games.poker52.spec import make_poker_rules


def played_tendencies(agents, games=3, hands=20):
    """``shared_checks.played_tendencies`` on ``DrawTable``."""
    return shared_checks.played_tendencies(DrawTable, DEAL, tendencies, agents, games, hands)


def test_looseness_rises_against_a_random_player_and_stays_near_the_prior_against_a_tight_one():
    hard = HardAgent()
    random, easy = played_tendencies([RandomAgent(), EasyAgent()])
    assert min(random[1], random[3], easy[1], easy[3]) >= 10, (random, easy)
    assert random[2] > 0.3 * random[3] and easy[2] < 0.1 * easy[3]  # two-card draws: random 10 in 26, easy rare

    def read(counts):
        return hard.looseness(replace(facing_a_bet((0,) * 6), tendencies=((0,) * 6, tuple(counts))), 1)

    assert read((0,) * 6) == 0.0  # no history: hard reads as its fixed parameters
    assert read(random) > 0.6, random
    assert read(easy) < 0.15, easy
    assert read((0, 0, *random[2:4], 0, 0)) > 0.5 and read((0, 0, *easy[2:4], 0, 0)) == 0.0  # the draws alone
    assert read((*random[:2], *easy[2:])) < read((*random[:2], 0, 0, 0, 0))  # easy's draws lower the read of the bets
    assert TELLING_DRAW == codes.TELLING_DRAW and TELLING_SHOW == codes.TELLING_SHOW


def test_random_shows_down_weak_hands_it_bet_and_the_levels_seldom_do():
    """The showdown count (``tendencies``' ``weak`` of ``shows``): ``random`` bets in the second round whatever it
    holds, so about half the hands it shows after betting are less than a pair; the levels bet made hands."""
    hard = HardAgent()
    random, easy = played_tendencies([RandomAgent(), EasyAgent()], games=6)
    normal_random, normal = played_tendencies([RandomAgent(), NormalAgent(draw_samples=16)], games=6)
    for row in (random, easy, normal_random, normal):
        assert row[5] >= 20, row
    assert random[4] > 0.35 * random[5] and normal_random[4] > 0.35 * normal_random[5]
    assert easy[4] < 0.1 * easy[5] and normal[4] < 0.1 * normal[5]

    def read(counts):
        return hard.looseness(replace(facing_a_bet((0,) * 6), tendencies=((0,) * 6, tuple(counts))), 1)

    assert read((0, 0, 0, 0, *random[4:])) > 0.5 > 0.1 > read((0, 0, 0, 0, *normal[4:]))  # the shows alone
    assert read((*normal_random[:4], 0, 0)) < read(normal_random)  # the shows raise the read of random
    assert read((*normal[:4], 0, 0)) >= read(normal)  # and never that of a level showing no weak hand


@pytest.mark.parametrize(
    "specs", [("random", "hard:samples=16,draw_samples=16"), ("normal:draw_samples=16", "random", "easy", "random")]
)
def test_the_kernel_tallies_what_the_reference_counts(specs):
    """``Hand.tally`` after a kernel game (``kernels.draw.game.play_game_nb``) equals ``tendencies`` of the
    reference's same game (``sniper.games.draw.play.play_game``), the showdown count included."""
    n = len(specs)
    inputs = ke.kernel_inputs(specs, make_poker_rules(GAME_LENGTHS, "standard", "20"))
    agents = [ke.make_agent(spec) for spec in specs]
    shown = 0
    for game in range(3):
        rec = np.zeros((len(ke.Field), 20 * n), np.int16)
        arec = np.zeros((len(ke.ActionField), 4096), np.int16)
        log = ActionLog(arec, np.array([0, 4096, 0, 0], np.int64))
        h, scratch = new_hand(), new_scratch(64)
        key = np.uint64(derive(mix64(4111), game))
        hands = play_game_nb(key, inputs, np.int64(20), rec, np.int64(0), log, np.zeros(n, np.int64), h, scratch)
        reference = play_game(n, 4111, game, agents, "20")
        assert hands == len(reference)
        assert [tuple(row) for row in h.tally[:n].tolist()] == list(tendencies(reference, n))
        shown += int(h.tally[:n, 5].sum())
    assert shown >= 5


@pytest.mark.parametrize("events, chances", [(0, 0), (0, 9), (3, 9), (9, 9), (1, 40), (17, 50)])
@pytest.mark.parametrize("twos, draws", [(0, 0), (4, 9), (0, 30)])
@pytest.mark.parametrize("rate, weight, noise", [(0.08, 4.0, 0.3333), (0.0, 0.1, 1.0), (0.3, 100.0, 0.31)])
def test_the_kernel_reads_the_same_floats(events, chances, twos, draws, rate, weight, noise):
    counts = ((events, chances, rate, noise), (twos, draws, 0.2, 0.3846), (draws // 3, draws // 2, 0.05, 0.52))
    share = looseness(counts, weight)
    assert 0.0 <= share <= 1.0
    if (
        not draws
    ):  # one count (the others empty): the posterior mean of the rate under a Beta prior, placed between rate and noise
        assert share == pytest.approx(
            min(max(((events + weight * rate) / (chances + weight) - rate) / (noise - rate), 0), 1)
        )
    typed = tuple((np.int64(e), np.int64(c), r, n) for e, c, r, n in counts)
    assert looseness_nb(typed, weight) == share
    assert toward_nb(0.1663, 1.0, share) == toward(0.1663, 1.0, share)


def facing_a_bet(tendency):
    """Seat 0 holding a pair of eights after a 3-card draw, facing seat 1's second-round bet after it drew one card,
    heads-up, seat 1's ``tendencies`` ``tendency`` (``(raises, chances, twos, draws, weak, shows)``)."""
    return DrawObservation(
        seat=0, seats=2, button=1, hand=5, street=SECOND, cards=cards("8c 8d 9s 5h 2c"), discarded=(), drawn=(3, 1),
        stacks=(80, 76), bets=(0, 4), pot=12, in_hand=(True, True), to_call=4, bet_size=4, raises=1, raise_to=8,
        history=((0, 0, CHECK_CALL), (1, 0, CHECK_CALL), (0, SECOND, CHECK_CALL), (1, SECOND, BET_RAISE)),
        legal=(FOLD, CHECK_CALL, BET_RAISE), tendencies=((0,) * 6, tendency),
    )  # fmt: skip


def kernel_action(agent, obs, key):
    level, params = ke.kernel_agent(agent)
    h, me = ke.observation_hand(obs)
    words = np.array([key, 0], np.uint64)
    lt = ke.level_tables(ke.most_power([(level, params)]))
    raise_to = np.int64(NO_RAISE if obs.raise_to is None else obs.raise_to)
    scratch = new_scratch(agent.draw_samples)
    parent = np.uint64(key)  # Stream(key)'s parent is its key
    return int(decide_nb(np.int64(level), params, h, np.int64(me), raise_to, words, parent, tables(), lt, scratch))


def test_hard_calls_a_random_players_bet_it_folds_to_from_a_tight_one_and_the_kernel_agrees():
    hard = HardAgent(samples=600, call_margin=1.64)  # a tighter caller than the default (which calls the tight one)
    tight, loose = facing_a_bet((1, 20, 1, 12, 0, 3)), facing_a_bet((10, 24, 2, 8, 2, 4))
    assert hard.looseness(tight, 1) < 0.1 < 0.6 < hard.looseness(loose, 1)
    assert hard.opponents_loose(loose) > 0.6 > 0.1 > hard.opponents_loose(tight)
    assert hard.equities(loose, 11, 12)[0] > hard.equities(tight, 11, 12)[0] + 0.1
    for key in (1, 2, 3):
        assert hard.act(tight, Stream(key)) == FOLD
        assert hard.act(loose, Stream(key)) != FOLD
        for obs in (tight, loose, replace(loose, tendencies=())):
            assert kernel_action(hard, obs, key) == hard.act(obs, Stream(key))


def three_dealt(obs):
    """``obs`` (``facing_a_bet``) in a hand dealt to three players: seat 2 (the button, no earlier hands) checked the
    first round, drew two cards and folded to seat 1's bet, so seat 0 faces the same single live opponent."""
    history = (*obs.history[:2], (2, 0, CHECK_CALL), *obs.history[2:], (2, SECOND, FOLD))
    return replace(
        obs, seats=3, button=2, drawn=(*obs.drawn, 2), stacks=(*obs.stacks, 80), bets=(*obs.bets, 0), pot=obs.pot + 6,
        in_hand=(True, True, False), history=history, tendencies=obs.tendencies and (*obs.tendencies, (0,) * 6),
    )  # fmt: skip


def test_hard_raises_and_calls_looser_by_the_loose_targets_from_loose_players_dealt_and_the_kernel_agrees():
    hard = HardAgent(samples=600, loose_bet_ratio=0.0, loose_raise_ratio=0.0, loose_call_margin=0.0, loose_power=1.0)
    hard = replace(hard, loose_players=3, heads_up_power=1.0)  # the loose targets multiway only
    before = replace(
        hard, loose_bet_ratio=hard.bet_ratio, loose_raise_ratio=hard.raise_ratio, loose_call_margin=1.0, loose_players=2
    )
    looser, duel = replace(hard, loose_power=2.0), replace(hard, heads_up_power=2.0)
    tight, loose = facing_a_bet((1, 20, 1, 12, 0, 3)), facing_a_bet((10, 24, 2, 8, 2, 4))
    heads_up = (tight, loose, replace(loose, tendencies=()))
    three = tuple(three_dealt(obs) for obs in heads_up)
    assert looser.opponents_loose(three[1]) == pytest.approx(hard.opponents_loose(three[1]) ** 2)
    assert duel.opponents_loose(loose) == pytest.approx(hard.opponents_loose(loose) ** 2)
    assert looser.opponents_loose(loose) == hard.opponents_loose(loose) == duel.opponents_loose(three[1])
    assert looser.opponents_loose(replace(three[1], tendencies=())) == 0.0
    assert hard.opponents_loose(three[1]) == hard.opponents_loose(loose) > 0.6
    assert hard.loose_targets(loose) == (hard.bet_ratio, hard.raise_ratio, 1.0)
    assert hard.loose_targets(three[1]) == (0.0, 0.0, 0.0)
    assert replace(hard, loose_players=4).loose_targets(three[1]) == (hard.bet_ratio, hard.raise_ratio, 1.0)
    for key in (1, 2, 3):
        for obs in heads_up:  # heads-up: the play from before the loose targets
            assert hard.act(obs, Stream(key)) == before.act(obs, Stream(key))
        assert replace(hard, loose_players=2).act(loose, Stream(key)) == BET_RAISE != hard.act(loose, Stream(key))
        assert hard.act(three[1], Stream(key)) == BET_RAISE != before.act(three[1], Stream(key))
        assert looser.act(three[1], Stream(key)) == BET_RAISE
        for agent in (hard, looser, duel, replace(hard, loose_players=4)):
            for obs in (*heads_up, *three):
                assert kernel_action(agent, obs, key) == agent.act(obs, Stream(key))


def checked_to(tendency):
    """Seat 0 holding king high after a 3-card draw, first to act in the second round (``facing_a_bet`` before seat
    1's bet), heads-up, seat 1's ``tendencies`` ``tendency``."""
    obs = facing_a_bet(tendency)
    return replace(
        obs, cards=cards("Kc 9d 7s 5h 2c"), stacks=(80, 80), bets=(0, 0), pot=8, to_call=0, raises=0, raise_to=4,
        history=obs.history[:2], legal=(CHECK_CALL, BET_RAISE),
    )  # fmt: skip


def test_hard_bets_by_the_loose_bet_ratio_against_a_loose_player_and_the_kernel_agrees():
    hard = HardAgent(samples=300, bluff=0.0, loose_players=2, heads_up_power=1.0)
    wild, tight = checked_to((24, 24, 10, 10, 4, 4)), checked_to((0, 20, 0, 12, 0, 3))
    assert hard.opponents_loose(wild) == 1.0 and hard.opponents_loose(tight) == 0.0
    for key in (1, 2, 3):
        assert replace(hard, loose_bet_ratio=0.0).act(wild, Stream(key)) == BET_RAISE
        assert replace(hard, loose_bet_ratio=9.0).act(wild, Stream(key)) == CHECK_CALL
        for bet in (0.0, 9.0):  # no read: the bet ratio itself
            assert replace(hard, loose_bet_ratio=bet).act(tight, Stream(key)) == hard.act(tight, Stream(key))
        for agent in (hard, replace(hard, loose_bet_ratio=9.0), replace(hard, loose_players=3)):
            for obs in (wild, tight, replace(wild, tendencies=())):
                assert kernel_action(agent, obs, key) == agent.act(obs, Stream(key))

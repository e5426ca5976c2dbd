"""Five-card draw's ``random`` and ``easy`` levels (``sniper.games.draw.agents``, GAMES.md D11): the easy
level's draw chart and betting, the fixed number of random draws per decision (which a kernel will
reproduce), uniform random choices, and the parameters' domains."""

from collections import Counter
from dataclasses import replace

import pytest

from sniper.core.rng import Stream
from sniper.games.draw.agents import PARAMETERS, EasyAgent, RandomAgent, draw_chart, make_level
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, DISCARD, DISCARDS, DRAW, FIRST, FOLD, SECOND
from sniper.games.draw.observation import DrawObservation
from sniper.games.poker52.cards import cards


@pytest.mark.parametrize(
    "hand, kept",
    [
        ("Ah Kd 7h 3h Qh", "Ah 7h 3h Qh"),  # four to a flush
        ("7c 7d Ks 4h 2c", "7c 7d"),  # one pair: draw three
        ("7c Ks 7d Kh 2c", "7c Ks 7d Kh"),  # two pair: draw one
        ("7c 2d 7s Kh 7h", "7c 7s 7h"),  # three of a kind: draw two
        ("7c 7d 7s 7h 2c", "7c 7d 7s 7h 2c"),  # four of a kind: stand pat
        ("7c 7d 7s 2h 2c", "7c 7d 7s 2h 2c"),  # full house
        ("5c 6d 7h 8s 9c", "5c 6d 7h 8s 9c"),  # straight
        ("Ac 2d 3h 4s 5c", "Ac 2d 3h 4s 5c"),  # the wheel
        ("Kh 9h 7h 4h 2h", "Kh 9h 7h 4h 2h"),  # flush
        ("Ac 9d 7h 4s 2c", "Ac 9d"),  # nothing: the two highest cards
        ("2c 9d Kh 4s Jc", "Kh Jc"),
        ("7h 7d Kh 4h 2h", "7h 7d"),  # a pair comes before four to a flush
    ],
)
def test_the_easy_draw_chart(hand, kept):
    held = cards(hand)
    mask = draw_chart(held)
    assert DISCARD + mask in DISCARDS
    assert tuple(c for j, c in enumerate(held) if not mask >> j & 1) == cards(kept)


def observation(hand: str, to_call: int = 0, legal=(CHECK_CALL, BET_RAISE), street: int = FIRST) -> DrawObservation:
    return DrawObservation(
        seat=0,
        seats=2,
        button=1,
        hand=0,
        street=street,
        cards=cards(hand),
        discarded=(),
        drawn=(None, None),
        stacks=(97, 95),
        bets=(0, to_call),
        pot=2,
        in_hand=(True, True),
        to_call=to_call,
        bet_size=2,
        raises=int(to_call > 0),
        raise_to=to_call + 2 if BET_RAISE in legal else None,
        history=(),
        legal=tuple(legal),
    )


PAIR, TWO_PAIR, NOTHING = "7c 7d Ks 4h 2c", "7c 7d Ks Kh 2c", "Ac 9d 7h 4s 2c"
FACING = (FOLD, CHECK_CALL, BET_RAISE)


@pytest.mark.parametrize(
    "hand, to_call, legal, bluff, expected",
    [
        (PAIR, 0, (CHECK_CALL, BET_RAISE), 0, BET_RAISE),  # bets a pair
        (NOTHING, 0, (CHECK_CALL, BET_RAISE), 0, CHECK_CALL),
        (NOTHING, 2, FACING, 0, FOLD),
        (PAIR, 2, FACING, 0, CHECK_CALL),
        (TWO_PAIR, 2, FACING, 0, BET_RAISE),  # raises two pair or better
        (TWO_PAIR, 2, (FOLD, CHECK_CALL), 0, CHECK_CALL),  # the cap: calls
        (NOTHING, 0, (CHECK_CALL, BET_RAISE), 1, BET_RAISE),  # a bluff bets
        (NOTHING, 2, FACING, 1, CHECK_CALL),  # and calls, never raises
    ],
)
def test_the_easy_level_bets_a_pair_or_better_and_bluffs_at_its_rate(hand, to_call, legal, bluff, expected):
    stream = Stream(7)
    assert EasyAgent(bluff=bluff).act(observation(hand, to_call, legal), stream) == expected
    assert stream.count == 1  # one draw per betting decision, bluffing or not


def test_the_easy_bluff_rate_is_its_parameter():
    agent = EasyAgent(bluff=0.25)
    bets = sum(agent.act(observation(NOTHING), Stream(key)) == BET_RAISE for key in range(4000))
    assert 900 < bets < 1100
    assert EasyAgent(bluff=0, bet_category=2).act(observation(PAIR), Stream(1)) == CHECK_CALL  # bets two pair up
    assert replace(EasyAgent(), bluff=0).act(observation(NOTHING, 2, FACING), Stream(1)) == FOLD


def test_the_easy_draw_uses_no_random_draw():
    stream = Stream(3)
    obs = observation(PAIR, legal=DISCARDS, street=DRAW)
    assert EasyAgent().act(obs, stream) == DISCARD + 0b11100 and stream.count == 0


@pytest.mark.parametrize(
    "legal, street",
    [((CHECK_CALL, BET_RAISE), FIRST), (FACING, SECOND), ((FOLD, CHECK_CALL), FIRST), (DISCARDS, DRAW)],
)
def test_the_random_level_is_uniform_over_the_legal_actions_with_one_draw(legal, street):
    counts = Counter()
    for key in range(260 * len(legal)):
        stream = Stream(key)
        counts[RandomAgent().act(observation(NOTHING, legal=legal, street=street), stream)] += 1
        assert stream.count == 1
    assert set(counts) == set(legal)
    assert all(abs(n - 260) < 80 for n in counts.values()), counts


def test_no_legal_action_and_parameters_outside_their_domains_are_refused():
    for agent in (RandomAgent(), EasyAgent()):
        with pytest.raises(ValueError, match="seat 0 has no legal action"):
            agent.act(observation(PAIR, legal=()), Stream(1))
    for bad in ({"bluff": 1.5}, {"bluff": -0.1}, {"bet_category": 9}, {"raise_category": True}, {"bluff": "x"}):
        with pytest.raises(ValueError, match=f"easy: {next(iter(bad))} must be"):
            EasyAgent(**bad)
        with pytest.raises(ValueError, match=f"easy: {next(iter(bad))} must be"):
            make_level("easy", **bad)
    with pytest.raises(ValueError, match="easy: bet_category must be an integer in \\[0, 8\\], got 1.5"):
        make_level("easy", bet_category=1.5)
    with pytest.raises(ValueError, match="unknown five-card draw level 'expert'; valid: random, easy, normal, hard"):
        make_level("expert")
    with pytest.raises(ValueError, match="random has no parameter 'bluff'; valid: none"):
        make_level("random", bluff=0.1)
    assert make_level("easy", raise_category=3) == EasyAgent(raise_category=3)
    assert {f: d[0] for f, d in PARAMETERS["easy"].items()} == vars(EasyAgent())

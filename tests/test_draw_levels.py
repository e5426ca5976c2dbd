"""Five-card draw's ``normal`` and ``hard`` levels (``sniper.games.draw.levels``, GAMES.md D11, seed 004):
legal and replayable decisions on many seeded table observations and whole games, the documented
stream words, the draws they choose, hard's bluff and snow frequencies and its reads of the opponents'
draws and bets, the hand-strength table, and the parameters' domains."""

import random
from collections import Counter
from dataclasses import fields, replace

import pytest

from kernels.draw.params import SETTLE_BLOCK, SETTLE_FIRST
from sniper.core.rng import Stream
from sniper.games.draw import levels as L
from sniper.games.draw import reading, strength
from sniper.games.draw.agents import LEVELS, PARAMETERS, RandomAgent, make_level
from sniper.games.draw.chart_keeps import chart_keeps
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, DEAL, DISCARD, DISCARDS, DRAW, FIRST, FOLD, SECOND
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.play import play_game
from sniper.games.draw.table import DrawTable
from sniper.games.poker52.cards import CATEGORIES, cards, category, text, value

FAST = {"random": {}, "easy": {}, "normal": {"draw_samples": 12}, "hard": {"samples": 8, "draw_samples": 12}}
"""Each level as the legality tests play it (fewer samples, for speed)."""


def observation(
    hand: str,
    street: int = SECOND,
    *,
    to_call: int = 0,
    drawn=(3, 3),
    history=(),
    seats: int = 2,
    button: int = 1,
    legal=None,
) -> DrawObservation:
    """Seat 0's observation heads-up (or at ``seats``, everyone in) with the legal actions D3–D5 give."""
    if legal is None:
        legal = DISCARDS if street == DRAW else ((FOLD,) if to_call else ()) + (CHECK_CALL, BET_RAISE)
    return DrawObservation(
        seat=0, seats=seats, button=button, hand=0, street=street, cards=cards(hand), discarded=(),
        drawn=tuple(drawn), stacks=(90,) * seats, bets=(0, to_call) + (0,) * (seats - 2), pot=10,
        in_hand=(True,) * seats, to_call=to_call, bet_size=2 if street == FIRST else 4,
        raises=int(to_call > 0), raise_to=None, history=tuple(history), legal=tuple(legal),
    )  # fmt: skip


def table_observations(seats: int, seed: int, hands: int = 6):
    """Every decision's observation and stream key of ``hands`` hands of a game of random agents."""
    table, found = DrawTable(seats, seed, 0, hand_limit=hands), []
    while not table.is_over():
        table.apply(DEAL)
        while not table.hand_over():
            seat = table.current_player()
            obs, stream = table.observe(seat), table.stream()
            found.append((obs, stream.key))
            table.apply(RandomAgent().act(obs, stream))
    return found


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_decision_is_legal_and_replays_from_its_key(level):
    agent = make_level(level, **FAST[level])
    kinds, streets = Counter(), set()
    for seats, seed in [(2, 1), (3, 2), (4, 3), (6, 4), (5, 5)]:
        for obs, key in table_observations(seats, seed):
            action = agent.act(obs, Stream(key))
            assert action in obs.legal, (level, obs, action)
            assert agent.act(obs, Stream(key)) == action
            kinds[min(action, DISCARD)] += 1
            streets.add(obs.street)
    assert streets == {FIRST, DRAW, SECOND} and len(kinds) == 4, kinds  # folds, calls, raises and draws


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_the_levels_play_whole_games_legally_and_replay(seats):
    names = [list(LEVELS)[(s + 2) % 4] for s in range(seats)]
    agents = [make_level(name, **FAST[name]) for name in names]
    hands = play_game(seats, seed=7, game=1, agents=agents, length="20")
    assert len(hands) > 3 and {a.seat for h in hands for a in h.actions} == set(range(seats))
    assert play_game(seats, seed=7, game=1, agents=agents, length="20") == hands


@pytest.mark.parametrize(("level", "words"), [("normal", 1), ("hard", 3)])
def test_each_level_draws_its_documented_words(level, words):
    agent = make_level(level, **FAST[level])
    for obs, key in table_observations(3, 9, hands=3):
        stream = Stream(key)
        agent.act(obs, stream)
        assert stream.count == words


def test_the_five_card_table_orders_hands_as_poker52():
    hands = strength.five_card_hands()
    assert len(hands.values) == 7462 and sum(hands.counts) == strength.FIVE_CARD_COUNT == 2598960
    assert list(hands.values) == sorted(hands.values)
    made = sum(n for v, n in zip(hands.values, hands.counts) if category(v) >= CATEGORIES.index("straight"))
    assert made == len(L.chart_keep_sets()[5]) == 19716
    rng = random.Random(4)
    for _ in range(5000):
        five = rng.sample(range(52), 5)
        assert hands.values[strength.five_card_index(five)] == value(five)
    assert strength.strength(cards("7c 5d 4h 3s 2c")) == pytest.approx(1020 / 2 / 2598960)
    assert strength.strength(cards("As Ks Qs Js Ts")) == pytest.approx(1 - 4 / 2 / 2598960)
    assert strength.power_table(3)[100] == pytest.approx(strength.power_table(1)[100] ** 3, rel=1e-15)


def test_the_chart_keep_sets_are_what_the_easy_chart_keeps():
    sets = L.chart_keep_sets()
    assert {n: len(v) for n, v in sets.items()} == {2: 78, 3: 52, 4: 5668, 5: 19716}
    assert all(chart_keeps(h) and list(h) == sorted(h) for v in sets.values() for h in v)
    assert len(set(sets[5])) == 19716 and not chart_keeps(cards("Ac Kc 7h 2d")) and chart_keeps(cards("Ac Kc 7c 2c"))


def kept(agent, hand: str, keys=range(10), seats: int = 2) -> Counter:
    """The cards ``agent`` keeps at the draw with ``hand`` against ``seats - 1`` opponents, over streams ``keys``."""
    obs = observation(hand, DRAW, drawn=(None,) * seats, seats=seats)
    return Counter(
        " ".join(text(c) for c in reading.kept_cards(obs.cards, agent.act(obs, Stream(k)) - DISCARD)) for k in keys
    )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_levels_keep_a_pair_and_draw_three_and_keep_a_pat_straight(level):
    agent = make_level(level)  # its draws are sampled: the kicker of a close call may stay now and then
    assert kept(agent, "Qc Qd 8s 5h 2c")["Qc Qd"] >= 8
    assert kept(agent, "5c 6d 7h 8s 9c") == {"5c 6d 7h 8s 9c": 10}
    assert all(keep.startswith("7c 7d 7s") for keep in kept(agent, "7c 7d 7s 4h 2c"))
    assert kept(agent, "Ah Kh 7h 3h Qd", range(5), seats=4).most_common(1)[0][0] == "Ah Kh 7h 3h"  # four to a flush


def test_normal_weighs_its_drawing_odds_and_the_pot_odds():
    normal = make_level("normal")
    flush_draw = normal.plan(observation("Ah Kh 7h 3h 2d", FIRST, drawn=(None, None)), 5)[1]
    nothing = normal.plan(observation("Jh 9d 7s 4c 2d", FIRST, drawn=(None, None)), 5)[1]
    assert flush_draw > nothing + 0.1
    cheap = replace(observation("Ts Td 7h 4c 2s", to_call=4), pot=40)
    dear = replace(observation("Ts Td 7h 4c 2s", to_call=4), pot=0)
    assert normal.act(cheap, Stream(1)) == CHECK_CALL and normal.act(dear, Stream(1)) == FOLD


def test_hard_bluffs_at_its_controlled_frequency():
    obs = observation("9c 7d 5h 4s 2c")  # nine high after a 3-card draw: no value bet
    for bluff in (0.0, 0.3):
        hard = make_level("hard", samples=4, draw_samples=4, bluff=bluff)
        bets = sum(hard.act(obs, Stream(key)) == BET_RAISE for key in range(600))
        assert abs(bets / 600 - bluff) < 0.05, (bluff, bets)


def test_hard_snows_a_worthless_hand_at_its_frequency_and_keeps_betting_it():
    for snow in (0.0, 0.25):
        hard = make_level("hard", samples=4, draw_samples=8, snow=snow)
        pat = sum(kept(hard, "Jc 9d 7h 4s 2c", keys=range(400))[k] for k in ["Jc 9d 7h 4s 2c"])
        assert abs(pat / 400 - snow) < 0.06, (snow, pat)
    snowed = observation("Jc 9d 7h 4s 2c", drawn=(0, 3))
    assert make_level("hard", bluff=0.0, samples=8).act(snowed, Stream(3)) == BET_RAISE


def test_hard_reads_a_pat_opponent_and_a_bettor_as_stronger():
    hard = make_level("hard", samples=600)
    kings = "Kc Kd 9s 5h 2c"
    against = {
        "3-card draw": hard.equities(observation(kings, drawn=(3, 3)), 11, 12)[0],
        "pat": hard.equities(observation(kings, drawn=(3, 0)), 11, 12)[0],
        "3-card draw, bet": hard.equities(observation(kings, drawn=(3, 3), history=[(1, SECOND, 2)]), 11, 12)[0],
    }
    assert against["pat"] < 0.2 < 0.5 < against["3-card draw"], against
    assert against["3-card draw, bet"] < against["3-card draw"] - 0.2, against
    # the read decides the call: with the untuned call margin and pair read (1.0, 0.5), kings fold to a pat
    # bettor and call a 3-card drawer's bet
    caller = make_level("hard", samples=600, call_margin=1.0, read_pair=0.5)
    assert caller.act(observation(kings, to_call=4, drawn=(3, 0), history=[(1, SECOND, 2)]), Stream(1)) == FOLD
    assert caller.act(observation(kings, to_call=4, drawn=(3, 3), history=[(1, SECOND, 2)]), Stream(1)) != FOLD


def test_parameters_are_one_truth_with_domains():
    assert list(LEVELS) == list(PARAMETERS) == ["random", "easy", "normal", "hard", "fold", "call"]
    for name in ("normal", "hard"):
        cls = LEVELS[name]
        assert [f.name for f in fields(cls)] == list(PARAMETERS[name]) == list(L.PARAMETERS[name])
        for pname, (default, low, high) in PARAMETERS[name].items():
            assert low <= default <= high and getattr(cls(), pname) == default
    with pytest.raises(ValueError, match=r"^hard: samples must be an integer in \[1, 10000\], got 0$"):
        make_level("hard", samples=0)
    with pytest.raises(ValueError, match=r"^normal: draw_power must be an integer in \[1, 40\], got 2.5$"):
        make_level("normal", draw_power=2.5)
    with pytest.raises(ValueError, match=r"^hard: bluff must be a number in \[0.0, 1.0\], got 1.5$"):
        L.HardAgent(bluff=1.5)
    with pytest.raises(ValueError, match="normal has no parameter 'bluff'"):
        make_level("normal", bluff=0.1)
    with pytest.raises(ValueError, match="unknown five-card draw level 'expert'; valid: random, easy, normal, hard"):
        make_level("expert")
    for level in ("normal", "hard"):
        with pytest.raises(ValueError, match="^seat 0 has no legal action$"):
            make_level(level).act(observation("Kc Kd 9s 5h 2c", legal=()), Stream(1))


def test_the_showdown_shares_split_ties_exactly():
    shows = L.Showdowns([5, 7, 7, -1], [1, 2, 1, 0])  # per sample: the best opponent order, how many hold it
    unit = L.SHARE_UNITS
    assert shows.units(8) == 4 * unit and shows.units(0) == unit and shows.units(-2) == 0
    assert shows.units(7) == 2 * unit + unit // 3 + unit // 2
    assert shows.units(5) == unit + unit // 2


def test_hard_adaptive_sampling_adds_its_blocks_up_and_stops_early():
    """``settle > 0``: the deals of the blocks add up to one run's floats (a decision that never settles decides as
    ``settle = 0``); with nothing to compare, or far from every threshold, it stops at its first check; the draw
    runs every sample."""
    grid = [i / 1000 for i in range(1001)]  # a threshold within any margin: never settled
    full = L.HardAgent(samples=64, draw_samples=16, settle=0.0)
    adaptive = replace(full, settle=1.5)
    first = observation("Kh Kd 7c 4s 2d", FIRST, drawn=(None, None))
    for obs, block in ((first, SETTLE_FIRST), (observation("Kh Kd 7c 4s 2d"), SETTLE_BLOCK)):
        want = full.equities(obs, 11, 12)
        assert adaptive.equities(obs, 11, 12, grid) == want == adaptive.equities(obs, 11, 12)
        early = replace(full, samples=block).equities(obs, 11, 12)
        assert early != want  # the number of deals shows
        assert adaptive.equities(obs, 11, 12, []) == early == adaptive.equities(obs, 11, 12, [5.0])
    draw = observation("Kh Kd 7c 4s 2d", DRAW, drawn=(None, None))
    assert adaptive.equities(draw, 11, 12, []) == full.equities(draw, 11, 12)
    assert L.next_stop(64, 128, 1.0, FIRST, True) == 128 and L.next_stop(112, 128, 1.0, SECOND, False) == 128


@pytest.mark.parametrize(
    "to_call, legal", [(0, (CHECK_CALL, BET_RAISE)), (4, (FOLD, CHECK_CALL, BET_RAISE)), (4, (FOLD, CHECK_CALL))]
)
def test_hard_thresholds_are_where_its_betting_changes(to_call, legal):
    """Each threshold of ``HardAgent.thresholds`` is an equity where ``decide`` changes its betting action (and
    no other equity of a fine grid is): the bet's checked to, the raise's when legal and the pot odds' facing a
    bet; none at the draw."""
    hard = make_level("hard")
    obs = observation("Kh Kd 7c 4s 2d", to_call=to_call, seats=3, legal=legal, drawn=(3, 2, 1))
    found = hard.thresholds(obs)
    assert len(found) == (1 if to_call == 0 else 1 + (BET_RAISE in legal))
    for t in found:
        assert hard.decide(obs, [t * (1 - 1e-9)], False) != hard.decide(obs, [t * (1 + 1e-9)], False)
    grid = [i / 500 for i in range(501)]
    changes = [(a, e) for a, e in zip(grid, grid[1:]) if hard.decide(obs, [a], False) != hard.decide(obs, [e], False)]
    assert len(changes) == len(found) and all(any(a < t <= e for t in found) for a, e in changes)
    assert hard.thresholds(observation("Kh Kd 7c 4s 2d", DRAW, drawn=(None, None))) == []

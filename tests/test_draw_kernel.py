"""The five-card draw game kernel (kernels.draw, sniper.games.draw.kernel_engine) against the reference engine.

The kernel must play the reference's games hand for hand: the same decks from the (seed, game, hand)
streams, the same decisions and random-stream consumption, the same chips. Each cross-check plays the same
seeded games on both (``sniper.games.draw.play.play_game`` on PokerKit, and ``play_records``) and compares
every ``HandRecord`` (cards dealt, discarded and drawn, every action, stacks, winnings); ``events`` then
counts, from the reference's records alone, the rare situations those games went through, and the test
asserts a minimum of each, so the agreement is known to cover them: capped betting rounds (D3), standing
pat and 3-card draws (D5), all-ins and side pots (D8), split pots with odd chips (D7), busts, at 2, 3, 4
and 6 seats. Every level is cross-checked at its default parameters, whole games and decision by decision
(the same action and the same number of random words drawn).
"""

import importlib
import pkgutil
import random
import sys
from collections import Counter
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from numba.core.registry import CPUDispatcher
from shared_checks import domain_parameters, event_counts, kernel_frees_what_it_allocates

import kernels.draw
from kernels.draw import codes
from kernels.draw.betting import (
    NO_RAISE,
    act_nb,
    begin_round_nb,
    deal_nb,
    end_round_nb,
    new_hand,
    raise_to_nb,
)
from kernels.draw.game import ActionLog, play_hand_nb
from kernels.draw.params import PARAMS_OF
from kernels.draw.policies import (
    decide_nb,
    hard_equity_nb,
    hard_read_nb,
    hard_thresholds_nb,
    normal_plan_nb,
    own_unseen_nb,
)
from kernels.draw.ranges import showdown_share_nb, showdown_units_nb
from kernels.draw.strength import MASKS, N_ORDERS, five_order_nb, keep_orders_nb, new_scratch
from kernels.eval52 import tables
from kernels.poker52.betting import actor_nb
from kernels.poker52.deck import shuffled_deck_nb
from kernels.rng import derive_nb
from sniper.core.rng import Stream, derive, mix64
from sniper.core.tables import to_table
from sniper.games.draw import draws, engine, levels, rules, strength
from sniper.games.draw import kernel_engine as ke
from sniper.games.draw.agents import LEVELS, PARAMETERS, make_level
from sniper.games.draw.play import HandRecord, play_game
from sniper.games.draw.table import DEAL, DrawTable, decision_stream
from sniper.games.poker52.cards import shuffled_deck, value
from sniper.games.poker52.hand import ActionRecord
from sniper.games.poker52.spec import make_poker_rules

STACKS = (1, 2, 3, 4, 6, 9, 13, 25, 100, 300)
"""Stacks of the generated hands: all in on the ante, short of a bet, of a call, deep, deeper than the start."""
FAST = ("random", "random", "easy", "normal:draw_samples=6", "hard:samples=3,draw_samples=6")
"""Levels of the generated hands (the Monte Carlo ones with few samples: the reference is slow)."""
QUIET = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")
"""PokerKit shuffles its own (unused) deck with ``random`` while hypothesis draws a hand: harmless here."""


def agents_of(specs):
    return [ke.make_agent(spec) for spec in specs]


def check_same_games(specs, seed, games, length="20"):
    """Play ``games`` of ``specs`` on both engines; assert every hand record is equal; return the reference's
    records (a list of hands per game)."""
    agents = agents_of(specs)
    inputs = ke.kernel_inputs(specs, make_poker_rules(rules.GAME_LENGTHS, "standard", length))
    mine = ke.play_records(seed, games, inputs, threads=1)
    theirs = [play_game(len(specs), seed, game, agents, length) for game in games]
    for game, a, b in zip(games, mine, theirs):
        assert len(a) == len(b), (game, len(a), len(b))
        for x, y in zip(a, b):
            assert x == y, (game, x, y)
    return theirs


# ----- the rare events the games exercised (from the reference's records only) -------------------


def contributions(record):
    """Chips each seat put in the pot, an uncalled bet returned (D8: the part of a round's largest bet above
    the second largest goes back), from the hand's antes and actions."""
    n = len(record.stacks_before)
    antes = [min(rules.ANTE, s) if record.holes[i] else 0 for i, s in enumerate(record.stacks_before)]
    rounds = [antes, [0] * n, [0] * n]
    for a in record.actions:
        rounds[a.street][a.seat] += a.amount
    put = [0] * n
    for bets in rounds:
        top, second = sorted(bets)[-1], sorted(bets)[-2]
        for s in range(n):
            put[s] += min(bets[s], second) if bets[s] == top else bets[s]
    return put


def still_in(record):
    """The seats dealt in that did not fold."""
    folded = {a.seat for a in record.actions if a.action == engine.FOLD and a.street != engine.DRAW}
    return [s for s, hole in enumerate(record.holes) if hole and s not in folded]


def pots(record, put):
    """``[(amount, the best hands' seats)]`` of a showdown (D7, D8): a level at each distinct contribution,
    contested by the players still in who put in as much; adjacent levels contested by the same players are
    one pot (written from GAMES.md, independently of ``share_pots``)."""
    live = still_in(record)
    cuts = sorted(set(put) - {0})
    out, previous = [], 0
    for level in cuts:
        amount = (level - previous) * sum(c >= level for c in put)
        contested = tuple(s for s in live if put[s] >= level)
        if out and out[-1][1] == contested:
            out[-1] = (out[-1][0] + amount, contested)
        else:
            out.append((amount, contested))
        previous = level
    best = [max(value(record.cards[s]) for s in contested) for _, contested in out]
    return [(amount, [s for s in c if value(record.cards[s]) == b]) for (amount, c), b in zip(out, best)]


def short_all_in_not_reopened(record):
    """Whether a short all-in (a bet or raise all in for less than half the round's fixed amount, D8) was
    followed, in its round and below the cap, by the turn of a player with chips to raise who had acted since
    the last full bet or raise (it may only call or fold: docs/draw.md)."""
    stacks = [s - min(rules.ANTE, s) for s in record.stacks_before]
    street, bets, top, full, acted, short, raises = None, None, 0, 0, set(), False, 0
    for a in record.actions:
        if a.street == engine.DRAW:
            continue
        if a.street != street:
            street, bets, top, acted, short, raises = a.street, [0] * len(stacks), 0, set(), False, 0
            full = (rules.BET_SIZES[a.street == engine.SECOND] + 1) // 2  # D8: half the fixed amount
        if short and raises < rules.CAP and a.seat in acted and stacks[a.seat] > top - bets[a.seat]:
            return True
        if a.action == engine.BET_RAISE:
            increment = a.to - top
            if increment >= full:
                acted = set()
            elif a.amount == stacks[a.seat]:
                short = True
            top, raises = a.to, raises + 1
        acted.add(a.seat)
        stacks[a.seat] -= a.amount
        bets[a.seat] = a.to
    return False


def hand_events(counts, record):
    """Add the rare situations of the hand ``record`` (module docstring) to ``counts``."""
    counts["seats"] = max(counts["seats"], len(record.stacks_before))
    counts["bust"] += any(b > 0 and a == 0 for b, a in zip(record.stacks_before, record.stacks))
    counts["stand pat"] += sum(d == 0 for d in record.draws)
    counts["3-card draw"] += sum(d == codes.MAX_DISCARDS for d in record.draws)
    for street in (engine.FIRST, engine.SECOND):
        bets = sum(a.action == engine.BET_RAISE for a in record.actions if a.street == street)
        counts["capped"] += bets == rules.CAP
    put = contributions(record)
    counts["all-in"] += any(record.holes[s] and put[s] == record.stacks_before[s] for s in range(len(put)))
    counts["short all-in not reopened"] += short_all_in_not_reopened(record)
    if not record.showdown:
        return
    counts["side pots"] += len({put[s] for s in still_in(record)}) > 1
    for amount, winners in pots(record, put):
        k = len(winners)
        counts["odd chips"] += k >= 2 and amount % k > 0
        counts["odd chips 3-way"] += k >= 3 and amount % k > 1


def events(records):
    """Counts of the rare situations of the reference's hands (module docstring)."""
    return event_counts(records, hand_events)


def at_least(counts, minimum):
    """Whether every count of ``minimum`` is reached (for an assertion that shows all the counts)."""
    return {k: counts[k] for k in minimum} == {k: max(counts[k], v) for k, v in minimum.items()}


# ----- the constants both layers read ---------------------------------------------------------------


def test_kernel_constants_are_the_reference_ones():
    assert (codes.FOLD, codes.CHECK_CALL, codes.BET_RAISE, codes.DISCARD) == (
        engine.FOLD, engine.CHECK_CALL, engine.BET_RAISE, engine.DISCARD,
    )  # fmt: skip
    assert tuple(codes.DISCARD + m for m in codes.DISCARD_MASKS) == engine.DISCARDS and codes.N_KEEPS == 26
    assert MASKS.tolist() == list(codes.DISCARD_MASKS)
    assert (codes.FIRST, codes.DRAW, codes.SECOND) == (engine.FIRST, engine.DRAW, engine.SECOND)
    assert (codes.HAND_SIZE, codes.MAX_DISCARDS, codes.MAX_SEATS) == (rules.HAND_SIZE, rules.MAX_DISCARDS, 6)
    assert codes.MAX_SEATS == max(rules.SEATS) and engine.cards_needed(5) == codes.CARDS_PER_PLAYER * 5
    assert [level.name.lower() for level in codes.Level] == list(LEVELS)
    parent = 0x9E3779B97F4A7C15  # the kernel keys a seat's own draws as the reference does (draws.own_draws_key)
    assert int(derive_nb(np.uint64(parent), codes.OWN_DRAWS)) == draws.own_draws_key(Stream(5, parent=parent))
    for level, names in PARAMS_OF.items():
        assert [p.name.lower() for p in names] == list(PARAMETERS[level.name.lower()])
    inputs = ke.game_inputs(agents_of(["random", "easy"]), 20)
    assert inputs.rules.ante == rules.ANTE and (inputs.rules.small_bet, inputs.rules.big_bet) == rules.BET_SIZES
    assert inputs.rules.cap == rules.CAP and inputs.rules.starting_stack == rules.STARTING_STACK
    assert inputs.rules.first_button == rules.FIRST_BUTTON
    assert (inputs.level_tables.max_tries, inputs.level_tables.share_units) == (levels.MAX_TRIES, levels.SHARE_UNITS)


REFERENCE_FREE = {"lbr"}
"""Kernels that copy no reference engine: local best response in bulk (``kernels.draw.lbr``) is the method itself
(Lisý & Bowling 2017), driven by ``sniper.games.draw.lbr``; its known answers are in ``tests/test_lbr_draw.py``."""


def test_lbr_kernels_name_the_paper_and_their_driver():
    doc = " ".join((importlib.import_module("kernels.draw.lbr").__doc__ or "").split())
    assert "Lisý & Bowling" in doc and "sniper.games.draw.lbr" in doc


def test_every_kernel_names_the_reference_it_copies():
    dispatchers = [
        (module.__name__, name)
        for info in pkgutil.iter_modules(kernels.draw.__path__)
        if info.name not in REFERENCE_FREE
        for module in [importlib.import_module(f"kernels.draw.{info.name}")]
        for name, f in vars(module).items()
        if isinstance(f, CPUDispatcher) and f.py_func.__module__ == module.__name__
    ]
    assert len(dispatchers) > 40
    for module, name in dispatchers:
        doc = " ".join((getattr(sys.modules[module], name).__doc__ or "").split()).lower()
        assert "numba equivalent of" in doc and "sniper." in doc, (module, name)


@pytest.mark.parametrize("seed, game, hand, n", [(0, 0, 0, 52), (7, 3, 11, 48), (2**64 - 1, 10**6, 99, 16)])
def test_deck_is_poker52s_shuffle(seed, game, hand, n):
    out = np.zeros(52, np.int64)
    shuffled_deck_nb(np.uint64(seed), game, hand, n, out)
    assert out[:n].tolist() == shuffled_deck(seed, game, hand, n)


def test_the_order_of_five_cards_and_the_power_tables_are_the_references():
    t, lt = tables(), ke.level_tables(40)
    rng = random.Random(4)
    hands = [tuple(rng.sample(range(52), 5)) for _ in range(3000)]
    hands += [(51, 47, 43, 39, 35), (48, 0, 4, 8, 12), (0, 1, 2, 3, 4)]  # a royal, a wheel, four of a kind
    for hand in hands:
        assert five_order_nb(np.array(hand, np.uint8), t, lt) == strength.five_card_index(hand), hand
    for n in (1, 3, 8, 17, 40):
        assert lt.powers[n].tolist() == list(strength.power_table(n)), n  # bit for bit
    sets = levels.chart_keep_sets()
    for n, members in sets.items():
        rows = lt.keep_cards[lt.keep_start[n] : lt.keep_start[n] + lt.keep_count[n], :n]
        assert [tuple(r) for r in rows.tolist()] == list(members)


# ----- whole games, hand for hand ----------------------------------------------------------------------

ODD_CHIPS = {3: (646, 1465), 6: (727,)}
"""Games of seed 20 ("20" hands, every seat ``random``) where a split pot has odd chips (found with the kernel;
``events`` counts them from the reference's records)."""


def test_random_level_hand_for_hand_with_the_rare_events():
    records = []
    for seats, games in ((2, range(30)), (3, [*range(20), *ODD_CHIPS[3]]), (4, range(12)), (6, [*range(8), 727])):
        records += check_same_games(["random"] * seats, 20, games)
    records += check_same_games(["random"] * 3, 21, range(2), "bust")  # long games, to their end
    counts = events(records)
    assert counts["seats"] == 6
    minimum = {
        "capped": 420,
        "stand pat": 200,
        "3-card draw": 2000,
        "all-in": 22,
        "side pots": 14,
        "bust": 15,
        "odd chips": len(ODD_CHIPS[3]) + len(ODD_CHIPS[6]),
    }
    assert at_least(counts, minimum), dict(counts)


@pytest.mark.parametrize(
    "specs, games, length",
    [
        (("easy", "random"), 8, "50"),
        (("easy", "easy", "random", "easy", "random", "easy"), 4, "20"),
        (("normal", "easy"), 4, "20"),
        (("normal", "random", "easy", "normal"), 2, "20"),
        (("hard", "normal"), 2, "20"),
        (("hard", "random", "easy"), 2, "20"),
        (("easy", "normal", "hard", "random", "hard", "normal"), 1, "20"),
        (("fold", "call", "easy", "random"), 4, "20"),
    ],
)
def test_every_level_at_its_defaults_hand_for_hand(specs, games, length):
    records = check_same_games(specs, 31, range(games), length)
    decisions = Counter(specs[a.seat] for played in records for record in played for a in record.actions)
    draws = Counter(specs[a.seat] for played in records for r in played for a in r.actions if a.street == engine.DRAW)
    assert min(decisions[spec] for spec in specs) >= 30 and min(draws[spec] for spec in specs) >= 5, decisions


@pytest.mark.parametrize(
    "specs, games",
    [
        (("hard/normal", "normal"), 2),
        (("normal/hard", "normal"), 2),
        (("easy/hard", "hard"), 3),
        (("random/normal", "normal/random", "easy"), 2),
        (("hard:samples=16,bluff=0.3/normal:draw_power=3", "normal:bet_power=2/easy", "random/hard:snow=0.5"), 1),
        (("call/easy", "fold/normal", "random/call"), 2),
    ],
)
def test_split_agents_hand_for_hand(specs, games):
    """A split agent ``BET/DRAW`` (``agents.SplitAgent``): the kernel's draw side decides at the draw, its
    betting side elsewhere, each on the decision's stream as alone; the same records as the reference."""
    records = check_same_games(specs, 47, range(games))
    draws = Counter(specs[a.seat] for played in records for r in played for a in r.actions if a.street == engine.DRAW)
    bets = Counter(specs[a.seat] for played in records for r in played for a in r.actions if a.street != engine.DRAW)
    assert min(draws[spec] for spec in specs) >= 5 and min(bets[spec] for spec in specs) >= 20, (draws, bets)


def test_a_split_agent_s_sides_are_its_levels_in_the_kernel():
    """``kernel_sides``: a level is both sides; a split agent's draw side is its own level and parameters,
    not the betting side's (a kernel that drew with the betting side would pass no split test above by
    luck alone, but this says where it differs)."""
    twenty = make_poker_rules(rules.GAME_LENGTHS, "standard", "20")
    inputs = ke.kernel_inputs(["hard/normal:draw_power=6", "easy"], twenty)
    a = inputs.agents
    assert a.levels.tolist() == [codes.Level.HARD, codes.Level.EASY]
    assert a.draw_levels.tolist() == [codes.Level.NORMAL, codes.Level.EASY]
    assert a.draw_params[0, PARAMS_OF[codes.Level.NORMAL].DRAW_POWER] == 6
    assert (a.draw_params[1] == a.params[1]).all()


# ----- one hand from any stacks ----------------------------------------------------------------------


def kernel_hand(specs, stacks, button, seed, game, hand, deck=None):
    """The kernel's ``HandRecord`` of hand ``hand`` of game ``game`` of run ``seed`` from ``stacks`` with the
    button on ``button``: its deck from the hand's stream, or ``deck`` (52 cards) when given."""
    inputs = ke.kernel_inputs(specs, make_poker_rules(rules.GAME_LENGTHS, "standard", "20"))
    rec = np.zeros((len(ke.Field), len(specs)), np.int16)
    arec = np.zeros((len(ke.ActionField), 256), np.int16)
    log = ActionLog(arec, np.array([0, 256, 0, hand], np.int64))
    after = np.array(stacks, np.int64)
    key = np.uint64(derive(derive(mix64(seed), game), hand))
    h, scratch = new_hand(), new_scratch(64)
    if deck is not None:
        h.deck[:] = deck
    play_hand_nb(h, scratch, after, button, key, inputs, rec, 0, hand, log, np.int64(deck is None))
    actions = tuple(ActionRecord(*arec[ke.ActionField.SEAT :, i].tolist()) for i in range(int(log.pos[0])))
    return ke.record_of(rec.T, actions)


def reference_hand(specs, stacks, button, seed, game, hand):
    """The reference's ``HandRecord`` of the same hand (``DrawTable`` from ``stacks``)."""
    table = DrawTable(len(specs), seed, game, hand_limit=hand + 1, stacks=stacks, button=button, hand=hand)
    agents = agents_of(specs)
    table.apply(DEAL)
    while not table.hand_over():
        seat = table.current_player()
        table.apply(agents[seat].act(table.observe(seat), table.stream()))
    return HandRecord.of(table.hand, hand)


@st.composite
def tables_of_stacks(draw):
    """A table of 2 to 6 seats with any stacks (0 to 300 chips: all in on the ante, short of a bet or a call),
    any button with chips, any (seed, game, hand) and a level per seat."""
    n = draw(st.integers(2, 6))
    stacks = [draw(st.sampled_from((0, *STACKS))) for _ in range(n)]
    assume(sum(s > 0 for s in stacks) >= 2)
    button = draw(st.sampled_from([s for s in range(n) if stacks[s] > 0]))
    specs = [draw(st.sampled_from(FAST)) for _ in range(n)]
    return specs, stacks, button, draw(st.integers(0, 2**32)), draw(st.integers(0, 99)), draw(st.integers(0, 999))


@QUIET
@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=tables_of_stacks())
def test_one_hand_from_any_stacks_hand_for_hand(case):
    assert kernel_hand(*case) == reference_hand(*case)


def kernel_spot(stacks, button, actions):
    """Play the betting ``actions`` (flat actions, in turn; everyone stands pat at the draw) on the kernel's
    betting (``kernels.draw.betting``) from a deal of ``stacks`` and ``button``: before each, the actor's
    seat, street and ``raise_to`` (``None`` for none); after each, the chips it put in and its bet."""
    h = new_hand()
    deal_nb(h, np.array(stacks, np.int64), button, np.uint64(7), rules.ANTE, rules.CAP, 1)
    street, out = engine.FIRST, []
    more = begin_round_nb(h, street, rules.BET_SIZES[0])
    for action in actions:
        while not more or actor_nb(h) < 0:
            assert not end_round_nb(h) and street == engine.FIRST
            street = engine.SECOND  # the draw: everyone stands pat, no card changes
            more = begin_round_nb(h, street, rules.BET_SIZES[1])
        p = actor_nb(h)
        to = raise_to_nb(h, p)
        amount = act_nb(h, action, to)
        shown = None if to == NO_RAISE else int(to)
        out.append((int(h.pl[p]["seat"]), street, shown, int(amount), int(h.pl[p]["bet"])))
    return out


def reference_spot(stacks, button, actions):
    """``kernel_spot`` on the reference engine (``DrawHand``, on PokerKit)."""
    hand = engine.DrawHand(stacks, button, shuffled_deck(0, 0, 0))
    out = []
    for action in actions:
        while hand.street == engine.DRAW:
            hand.act(engine.DISCARD)
        seat, street, to = hand.actor, hand.street, hand.raise_to()
        record = hand.act(action)
        out.append((seat, street, to, record.amount, record.to))
    return out


CALL, BET = engine.CHECK_CALL, engine.BET_RAISE
SPOTS = {
    # D8 (issue 27): seat 0 checks, seat 1 bets all in for 1 (less than half of 4), seat 2 calls: seat 0, who
    # already acted, may only call or fold (PokerKit alone counts a round's first bet as full)
    "an all-in opening bet below half a bet (D8)": ([100, 4, 100], 2, [CALL, BET, CALL, CALL, CALL, BET, CALL, CALL]),
    # seat 0 bets 4, seat 1 raises all in by 2 (half a bet): full, so seat 0 may raise again (PokerKit: short)
    "an all-in raise of half a bet (D8)": ([100, 9, 100], 2, [CALL, BET, CALL, CALL, BET, BET, CALL, BET, CALL]),
    # seat 0 bets 4, seat 1 raises all in by 1: short, seat 0 may only call
    "an all-in raise below half a bet (D8)": ([100, 8, 100], 2, [CALL, BET, CALL, CALL, BET, BET, CALL, CALL]),
    # the first round (bets of 2): an all-in raise of 1 is half a bet and reopens the betting
    "an all-in raise of 1 in the first round (D8)": ([100, 100, 4], 0, [BET, BET, CALL, BET, CALL, CALL]),
}


@pytest.mark.parametrize("spot", SPOTS)
def test_a_scripted_spot_plays_the_same_on_both_engines(spot):
    assert kernel_spot(*SPOTS[spot]) == reference_spot(*SPOTS[spot])


def test_the_spots_are_the_rules_cases():
    """What D8 says of the ``SPOTS`` (so the two engines agree on the rule, not on a bug)."""
    opening = reference_spot(*SPOTS["an all-in opening bet below half a bet (D8)"])
    assert opening[5][:3] == (1, engine.SECOND, 1) and opening[6][:3] == (2, engine.SECOND, 5)  # all in for 1
    assert opening[-1][:3] == (0, engine.SECOND, None)  # seat 0 checked before it: call or fold
    assert reference_spot(*SPOTS["an all-in raise of half a bet (D8)"])[-2][:3] == (0, engine.SECOND, 10)
    assert reference_spot(*SPOTS["an all-in raise below half a bet (D8)"])[-1][:3] == (0, engine.SECOND, None)
    assert reference_spot(*SPOTS["an all-in raise of 1 in the first round (D8)"])[3][:3] == (1, engine.FIRST, 5)


def test_short_stacks_hand_for_hand():
    """Hands from short random stacks (all in on the ante, short of a bet, of a call or of a raise) at 2 to 6
    seats, every level: all-ins, side pots, busts and short all-ins that do not reopen the betting."""
    rng = random.Random(8)
    found = Counter()
    for trial in range(400):
        n = rng.randint(2, 6)
        stacks = [rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 14)) for _ in range(n)]
        stacks[trial % n] = stacks[(trial + 1) % n] = rng.randint(1, 14)  # two players at least
        button = rng.choice([s for s in range(n) if stacks[s] > 0])
        specs = [rng.choice(FAST) for _ in range(n)]
        case = specs, stacks, button, 11, trial, rng.randrange(100)
        want = reference_hand(*case)
        assert kernel_hand(*case) == want, case
        found += events([[want]])
    # D8: a first-round all-in is always at least half a bet (1 of 2), so the short ones are second-round ones
    minimum = {"all-in": 170, "side pots": 90, "bust": 125, "short all-in not reopened": 5, "capped": 6}
    assert at_least(found, minimum), dict(found)


STRAIGHT = (0, 4, 8, 12, 16)
"""Card offsets of a 6-high straight 2-3-4-5-6 (``card = 4 * rank + suit``)."""


def tied_deck(rng, tied, others):
    """A deck dealing ``tied`` players (in dealing order, first) the same 6-high straight in mixed suits (so they
    tie, and an ``easy`` player stands pat with it), then ``others`` players five random cards, then the rest
    in random order (the draw's replacements)."""
    holes = [[r + (i + j) % 4 for j, r in enumerate(STRAIGHT)] for i in range(tied)]
    rest = [c for c in range(52) if c not in {c for h in holes for c in h}]
    rng.shuffle(rest)
    return [c for h in holes for c in h] + rest


def test_split_pots_with_odd_chips_hand_for_hand(monkeypatch):
    """Up to four players hold the same straight (``easy``: they raise it and stand pat) beside ``random``
    players, at short random stacks: split main and side pots with odd chips, the kernel as the reference."""
    rng = random.Random(5)
    found = Counter()
    for trial in range(250):
        n = rng.randint(2, 6)
        tied = rng.randint(2, min(4, n))
        stacks = [rng.choice((1, 2, 3, 5, 7, 9, 12, 20)) for _ in range(n)]
        button = rng.randrange(n)
        order = [(button + 1 + k) % n for k in range(n)]
        specs = ["easy" if order.index(s) < tied else "random" for s in range(n)]
        deck = tied_deck(rng, tied, n - tied)
        monkeypatch.setattr("sniper.games.poker52.table.shuffled_deck", lambda *_, deck=deck: deck)
        want = reference_hand(specs, stacks, button, 3, trial, 0)
        assert kernel_hand(specs, stacks, button, 3, trial, 0, np.array(deck, np.uint8)) == want, (stacks, button)
        found += events([[want]])
    assert at_least(found, {"odd chips": 130, "odd chips 3-way": 43, "side pots": 150, "all-in": 220}), dict(found)


# ----- decision by decision ----------------------------------------------------------------------------


@st.composite
def decisions(draw):
    """A hand of 2 to 6 seats stopped at a decision after random legal actions (the reference engine plays
    them, the draws included): ``(observation, the decision's stream)``."""
    n = draw(st.integers(2, 6))
    stacks = [draw(st.sampled_from((0, *STACKS))) for _ in range(n)]
    assume(sum(s > 0 for s in stacks) >= 2)
    table = DrawTable(
        n, draw(st.integers(0, 2**32)), draw(st.integers(0, 99)), hand_limit=1, stacks=stacks,
        button=draw(st.integers(0, n - 1)), hand=draw(st.integers(0, 99)),
    )  # fmt: skip
    table.apply(DEAL)
    decision = table.observe(table.current_player()), table.stream()
    for _ in range(draw(st.integers(0, 30))):
        legal = table.legal_actions()
        if table.hand.street == engine.DRAW:
            table.apply(legal[draw(st.integers(0, len(legal) - 1))])
        else:
            kind = draw(st.sampled_from(("call", "call", "call", "fold", "raise", "raise")))
            action = {"fold": engine.FOLD, "raise": engine.BET_RAISE}.get(kind, engine.CHECK_CALL)
            table.apply(action if action in legal else engine.CHECK_CALL)
        if table.hand_over():
            return decision  # the hand's last decision
        decision = table.observe(table.current_player()), table.stream()
    return decision


def kernel_decision(agent, obs, stream):
    """The kernel's action for ``agent`` on ``obs`` and the random words it drew from ``stream``'s key."""
    level, params = ke.kernel_agent(agent)
    h, me = ke.observation_hand(obs)
    words = np.array([stream.key, 0], np.uint64)
    lt = ke.level_tables(ke.most_power([(level, params)]))
    scratch = new_scratch(int(getattr(agent, "draw_samples", 1)))
    raise_to = np.int64(NO_RAISE if obs.raise_to is None else obs.raise_to)
    parent = np.uint64(stream.parent)
    action = decide_nb(np.int64(level), params, h, np.int64(me), raise_to, words, parent, tables(), lt, scratch)
    return int(action), int(words[1])


def parameters(draw, level):
    """Parameters of ``level`` drawn from their declared domains (``agents.PARAMETERS``); the sample counts kept
    small (the reference's Monte Carlo is slow)."""
    return domain_parameters(draw, PARAMETERS[level], ("samples", "draw_samples"))


def same_estimates(agent, obs, stream):
    """``normal``'s plan (its keep and estimate) and ``hard``'s showdown shares of every final hand, best keep
    and equity are the reference's, float for float, from the decision's keys (the words ``act`` draws)."""
    level, params = ke.kernel_agent(agent)
    if level not in (codes.Level.NORMAL, codes.Level.HARD):
        return
    h, me = ke.observation_hand(obs)
    t, lt = tables(), ke.level_tables(ke.most_power([(level, params)]))
    scratch = new_scratch(int(agent.draw_samples))
    words = Stream(stream.key)
    if level == codes.Level.NORMAL:
        if obs.street == engine.SECOND:
            return  # no plan after its draw
        key = draws.own_draws_key(stream)
        best, e = normal_plan_nb(h, np.int64(me), params, np.uint64(key), t, lt, scratch)
        assert (int(MASKS[best]), e) == agent.plan(obs, key), obs
    else:
        words.word()
        key, draw_key = words.word(), draws.own_draws_key(stream)
        thresholds = np.zeros(4)  # the kernel's, as hard_nb finds them (none with settle 0: unused)
        n_thresholds = hard_thresholds_nb(h, np.int64(me), obs.raise_to is not None, params, thresholds)
        assert thresholds[:n_thresholds].tolist() == (agent.thresholds(obs) if agent.settle > 0 else []), obs
        best, e = hard_equity_nb(
            h, np.int64(me), params, np.uint64(key), np.uint64(draw_key), thresholds, n_thresholds, t, lt, scratch
        )
        shows = agent.showdowns(obs, key)
        read, samples, m = hard_read_nb(params), np.int64(agent.samples), own_unseen_nb(h, np.int64(me), scratch)
        showdown_units_nb(h, np.int64(me), scratch.unseen, m, np.uint64(key), 0, samples, read, t, lt, scratch)
        assert scratch.units[:N_ORDERS].tolist() == [shows.units(order) for order in range(N_ORDERS)], obs
        own = strength.five_card_index(obs.cards)
        for order in sorted({own, *(b for b in shows.best if b >= 0), *(b + 1 for b in shows.best if b >= 0)}):
            if order < N_ORDERS:  # one order's units without the table, as the second round's equity
                one = showdown_share_nb(
                    h, np.int64(me), scratch.unseen, m, np.uint64(key), 0, samples, read, order, t, lt, scratch
                )
                assert one == shows.units(order), (obs, order)
        shares = agent.equities(obs, key, draw_key, agent.thresholds(obs))
        assert (best, e) == (levels.first_best(shares), shares[levels.first_best(shares)]), obs


def same_decision(agent, obs, stream):
    """The kernel decides as ``agent`` on ``obs`` and draws as many random words from ``stream``'s key (and,
    for the Monte Carlo levels, estimates as it does: ``same_estimates``)."""
    reference = Stream(stream.key, stream.parent)
    want = (agent.act(obs, reference), reference.count)
    assert kernel_decision(agent, obs, stream) == want, (agent, obs)
    same_estimates(agent, obs, stream)
    return obs


@QUIET
@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=decisions(), level=st.sampled_from(["random", "easy", "normal", "fold", "call"]))
def test_each_decision_at_the_defaults(case, level):
    same_decision(make_level(level), *case)


@QUIET
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=decisions())
def test_each_hard_decision_at_the_defaults(case):
    same_decision(make_level("hard"), *case)


@QUIET
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=decisions(), data=st.data(), level=st.sampled_from(["easy", "normal", "hard"]))
def test_each_decision_with_parameters_from_their_domains(case, data, level):
    same_decision(make_level(level, **parameters(data.draw, level)), *case)


def seeded_decisions(seats, seed, hands, stacks):
    """Every decision's observation and stream of ``hands`` hands from ``stacks``, played by uniformly random
    legal actions, but standing pat at every third draw (rare at random, 1 in 26)."""
    found, rng = [], random.Random(seed)
    for hand in range(hands):
        table = DrawTable(seats, seed, 0, hand_limit=hand + 1, stacks=stacks, button=hand % seats, hand=hand)
        table.apply(DEAL)
        while not table.hand_over():
            seat = table.current_player()
            obs, stream = table.observe(seat), table.stream()
            found.append((obs, stream))
            pat = obs.street == engine.DRAW and rng.random() < 1 / 3
            table.apply(engine.DISCARD if pat else rng.choice(obs.legal))
    return found


def test_every_decision_of_seeded_hands_with_every_kind_of_decision():
    """Every level (``hard`` with fewer samples, 48 of them in blocks: adaptive sampling, ``settle``) decides as the
    reference on every decision of seeded hands at 2 to 6 seats, deep and short: the draw and both rounds, facing a
    bet or not, a raise open or not (after the cap or a short all-in), the second round after standing pat and after
    a 3-card draw."""
    names = ("random", "easy", "normal", "fold", "call")
    agents = [make_level(name) for name in names] + [make_level("hard", samples=16), make_level("hard", samples=48)]
    seen = Counter()
    for seats, seed, stacks in [(2, 1, [100, 100]), (3, 2, [9, 100, 4]), (4, 3, [100] * 4), (6, 4, [3, 30, 100] * 2)]:
        for obs, stream in seeded_decisions(seats, seed, 3, stacks):
            for agent in agents:
                same_decision(agent, obs, stream)
            seen[(obs.street, obs.to_call > 0, engine.BET_RAISE in obs.legal)] += 1
            seen[("second round after drawing", obs.drawn[obs.seat])] += obs.street == engine.SECOND
    betting = [
        (s, owe, r) for s in (engine.FIRST, engine.SECOND) for owe, r in ((False, True), (True, True), (True, False))
    ]
    kinds = [(engine.DRAW, False, False), *betting, *(("second round after drawing", d) for d in (0, 3))]
    assert not [k for k in kinds if not seen[k]], seen


def test_own_draws_are_the_hands_and_the_kernel_recomputes_them_only_for_the_same_inputs():
    """A seat's decisions of one hand share its own draws' key (``draws.own_draws_key`` of their streams' parent),
    other seats' and hands' differ; the kernel's ``keep_orders_nb`` is the reference's ``keep_orders`` for each of a
    run of calls on one slot that change one input at a time (the key, the cards' order, the unseen cards, the
    samples) or none, so its memo serves only what it holds."""
    keys = {
        (h, s): {draws.own_draws_key(decision_stream(7, 0, h, s, d)) for d in range(4)} for h in (0, 1) for s in (0, 1)
    }
    assert all(len(k) == 1 for k in keys.values()) and len(set.union(*keys.values())) == 4
    t, lt = tables(), ke.level_tables()
    scratch = new_scratch(8)
    unseen = [c for c in range(52) if c not in (0, 5, 9, 14, 51)]
    calls = [
        ((0, 5, 9, 14, 51), unseen, 11, 8),
        ((0, 5, 9, 14, 51), unseen, 11, 8),  # held: nothing to do
        ((5, 0, 9, 14, 51), unseen, 11, 8),  # the same cards in another order
        ((5, 0, 9, 14, 51), unseen, 12, 8),
        ((5, 0, 9, 14, 51), unseen[1:], 12, 8),
        ((5, 0, 9, 14, 51), unseen[1:], 12, 5),
        ((5, 0, 9, 14, 51), unseen[1:], 12, 8),
    ]
    for cards, seen, key, samples in calls:
        keep_orders_nb(np.array(cards, np.uint8), np.array(seen, np.uint8), np.int64(len(seen)), np.uint64(key),
                       np.int64(samples), t, lt, scratch, np.int64(2))  # fmt: skip
        want = draws.keep_orders(cards, seen, key, samples)
        assert scratch.orders[2, :samples].tolist() == [list(row) for row in want], (cards, key, samples)


def test_normal_plans_memo_serves_only_the_same_orders_and_worths():
    """``normal_plan_nb`` on one scratch (memoized per player) is the reference's ``plan`` at each draw and
    first-round decision of seeded hands, for two ``normal`` levels of different powers in turn on the same slot:
    their orders are the same (the memo of ``keep_orders_nb`` holds them), their worths differ, so a stale plan
    would show; each second call in a row is served by the memo."""
    agents = [make_level("normal", draw_samples=12), make_level("normal", draw_samples=12, draw_power=5, bet_power=2)]
    kernel = [ke.kernel_agent(agent) for agent in agents]
    t, lt = tables(), ke.level_tables(ke.most_power(kernel))
    scratch = new_scratch(12)
    checked = 0
    for obs, stream in seeded_decisions(3, 5, 4, [100] * 3):
        if obs.street == engine.SECOND:
            continue
        h, me = ke.observation_hand(obs)
        key = draws.own_draws_key(stream)
        for agent, (_, params) in zip(agents, kernel):
            want = agent.plan(obs, key)
            for _ in range(2):
                best, e = normal_plan_nb(h, np.int64(me), params, np.uint64(key), t, lt, scratch)
                assert (int(MASKS[best]), e) == want, obs
                checked += 1
    assert checked > 20


# ----- the driver ----------------------------------------------------------------------------------


def test_threads_and_replayed_games_do_not_change_results(monkeypatch):
    inputs = ke.kernel_inputs(["easy", "random", "easy"], make_poker_rules(rules.GAME_LENGTHS, "standard", "bust"))
    one = ke.play_games_kernel(5, range(30), inputs, actions=True, threads=1)
    monkeypatch.setattr(ke, "BUST_CAPACITY", 2)  # every longer game overflows and is replayed
    monkeypatch.setattr(ke, "ACTIONS_PER_HAND", 1)
    two = ke.play_games_kernel(5, range(30), inputs, actions=True, threads=2)
    for table in ("hands", "actions"):
        for name, column in getattr(one, table).items():
            assert np.array_equal(column, getattr(two, table)[name]), (table, name)
    assert (one.counts > 2).sum() > 10  # games that did overflow
    assert ke.hand_records(one) == ke.hand_records(two)


def test_games_are_independent_of_the_list_they_are_played_in():
    inputs = ke.kernel_inputs(["random"] * 4, make_poker_rules(rules.GAME_LENGTHS, "standard", "20"))
    whole = ke.play_records(9, range(6), inputs)
    assert ke.play_records(9, [4, 1], inputs) == [whole[4], whole[1]]


def test_a_chunk_is_the_reference_engines_chunk():
    results = pytest.importorskip("sniper.games.draw.results")
    config = SimpleNamespace(
        agents=("hard:samples=20", "normal", "easy:bluff=0.3"),
        rules=make_poker_rules(rules.GAME_LENGTHS, "standard", "20"),
        seed=4,
        chunk_games=3,
    )
    for hands_only in (False, True):
        mine = ke.play_chunk_kernel(config, 2, hands_only)
        agents = agents_of(config.agents)
        records = [play_game(3, 4, game, agents, "20") for game in range(6, 9)]
        assert mine.counts == [len(r) for r in records]
        hands = {name: [] for name in results.COLUMNS}
        for game, played in zip(range(6, 9), records):
            for name, values in results.hand_rows(played, game, list(config.agents)).items():
                hands[name] += values
        assert mine.tables["hands"].equals(to_table(hands, results.COLUMNS))
        assert ("actions" in mine.tables) == (not hands_only)


NRT_SETUP = """
from sniper.games.draw.agents import make_level
from sniper.games.draw.kernel_engine import game_inputs, play_games_kernel
inputs = game_inputs([make_level(s) for s in ("random", "easy", "normal", "hard")], 20)
"""


def test_kernel_frees_what_it_allocates():
    """The per-hand kernels and every level's decisions run without reference counting (``kernels.NO_REFCOUNT``)
    on arrays ``play_games_nb`` allocates once per range of games: every array numba allocates during a run of
    games is freed again (``NUMBA_NRT_STATS``)."""
    kernel_frees_what_it_allocates(NRT_SETUP)


@pytest.mark.parametrize(
    "specs, games, message",
    [
        (["random"], [0], "a table has 2-6 seats"),
        (["random"] * 7, [0], "a table has 2-6 seats"),
        (["random", "expert"], [0], "unknown .*level 'expert'"),
        (["random", "hard:samples=0"], [0], "samples must be"),
        (["random", "hard/normal:draw_samples=0"], [0], "split agent spec 'hard/normal:draw_samples=0': normal"),
        (["random", "hard/normal/easy"], [0], "a split agent spec is BET/DRAW"),
        (["random"] * 2, [-1], "games are numbered from 0"),
    ],
)
def test_bad_inputs_are_refused_in_one_line(specs, games, message):
    with pytest.raises(ValueError, match=message) as error:
        ke.play_games_kernel(0, games, ke.kernel_inputs(specs, make_poker_rules(rules.GAME_LENGTHS, "standard", "20")))
    assert "\n" not in str(error.value)


def test_an_agent_the_kernel_lacks_is_refused():
    with pytest.raises(ValueError, match="the draw kernel has no agent object"):
        ke.kernel_agent(object())

"""Properties of random games (R3–R10), checked with hypothesis after every action.

``CheckedHand`` replaces ``HandState`` inside ``sniper.games.sniper_holdem.play`` so that hands played by
``play_hand``/``play_game`` check, before and after every action, facts recomputed here from the
rule text rather than read from the engine: the legal actions (R6), the cap (R5), the skip rule
(R6), that folded or busted seats never act or snipe (R4), and that the pot is paid out whole
(R8, R9).

Players still in have equal commitments whenever a betting round starts (each round ends with
every player still in at r == B). So a lone player below the cap always owes chips, and the
"all but one at the cap and that one owes nothing" case of the R6 skip rule never arises in
play; ``CheckedHand`` asserts both facts.
"""

import dataclasses
import random
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sniper.games.sniper_holdem.play
from kernels.sniper_holdem.codes import RAISE_STEPS, Act
from sniper.core.rng import Stream
from sniper.games.sniper_holdem.agents import EasyAgent, RandomAgent
from sniper.games.sniper_holdem.cards import fresh_deck
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.play import play_game, play_hand
from sniper.games.sniper_holdem.rules import make_rules

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RAISES = (Act.RAISE_1, Act.RAISE_3, Act.RAISE_5)


def out_or_folded(state):
    """Seats not dealt in or folded, from the bet records (not the engine's ``folded``)."""
    gone = {seat for seat in range(state.n_seats) if not state.in_play[seat]}
    return gone | {bet.seat for bet in state.bets if bet.action == Act.FOLD}


def still_in(state):
    return [seat for seat in range(state.n_seats) if seat not in out_or_folded(state)]


def rule_cap(state):
    """R5: the smallest stack before the ante among the players still in."""
    return min(state.stacks[seat] for seat in still_in(state))


def rule_legal(state, seat):
    """R6 legal actions of ``seat``, from the rule text."""
    r, level, c, cap = state.round_put[seat], max(state.round_put), state.committed[seat], rule_cap(state)
    owed = level - r
    legal = {Act.CHECK} if owed == 0 else {Act.FOLD, Act.CALL}
    for k, action in zip(RAISE_STEPS, RAISES):
        if c + level + k - r < cap:
            legal.add(action)
    if cap - c > owed:
        legal.add(Act.ALL_IN)
    return tuple(sorted(legal))


def check_cap(state):
    """R5: no commitment of a player still in above the cap; nobody above their stack."""
    cap = rule_cap(state)
    for seat in still_in(state):
        assert state.committed[seat] <= cap, f"seat {seat} committed {state.committed[seat]} > cap {cap}"
    for seat in range(state.n_seats):
        assert 0 <= state.committed[seat] <= state.stacks[seat]


def check_finished(state):
    """R4, R8, R9: the pot is paid out whole, only to players still in, and chips are conserved."""
    assert state.phase == Phase.DONE
    assert sum(state.payout) == state.pot == sum(state.committed)
    assert sum(state.stacks_after) == sum(state.stacks)
    assert all(s >= 0 for s in state.stacks_after)
    live = still_in(state)
    assert all(state.payout[seat] == 0 for seat in range(state.n_seats) if seat not in live)
    if len(live) == 1:
        assert state.result is None and state.snipes == []
        assert state.payout[live[0]] == state.pot
    else:
        assert [r.seat for r in state.snipes] == sorted(live, key=lambda s: (s - state.first) % state.n_seats)


class CheckedHand(HandState):
    """A ``HandState`` checking the rules before and after every action (see module docstring)."""

    finished: list = []

    def __post_init__(self):
        super().__post_init__()
        check_cap(self)

    def act(self, action):
        seat = self.actor
        assert seat is not None and seat not in out_or_folded(self), "a folded or busted seat acts"
        assert self.legal_actions() == rule_legal(self, seat)
        below = [s for s in still_in(self) if self.committed[s] < rule_cap(self)]
        assert seat in below, "a player at the cap acts"
        assert not (len(below) == 1 and self.owed(seat) == 0), "skip rule: lone player owing nothing acts"
        if not any(self.round_put):
            assert len({self.committed[s] for s in still_in(self)}) == 1, "unequal commitments at round start"
        record = super().act(action)
        check_cap(self)
        self.check_invariants()
        if self.phase == Phase.DONE:
            self.finish()
        return record

    def snipe(self, code):
        seat = self.sniper
        assert seat is not None and seat not in out_or_folded(self), "a folded or busted seat snipes"
        assert len(still_in(self)) >= 2
        record = super().snipe(code)
        if self.phase == Phase.DONE:
            self.finish()
        return record

    def finish(self):
        check_finished(self)
        self.check_invariants()
        CheckedHand.finished.append(self)


def checked():
    """Play with ``CheckedHand`` in place of ``HandState`` and start a fresh list of hands."""
    CheckedHand.finished = []
    return mock.patch.object(sniper.games.sniper_holdem.play, "HandState", CheckedHand)


agent_st = st.sampled_from([RandomAgent(), EasyAgent(), EasyAgent(bluff=0.5, raise_limit=20)])


@settings(SETTINGS, max_examples=120)
@given(
    agents=st.lists(agent_st, min_size=2, max_size=6),
    starting_stack=st.integers(1, 40),
    preset=st.sampled_from(["ours", "show"]),
    length=st.sampled_from(["10", "20", "bust"]),
    first_seat=st.integers(0, 5),
    seed=st.integers(0, 2**32),
)
def test_games(agents, starting_stack, preset, length, first_seat, seed):
    """R3, R9, R12: every game conserves chips after every hand, rotates the first player to the
    next seat clockwise still at the table with chips, and stops exactly when R9/R12 say so."""
    n = len(agents)
    rules = make_rules(preset, length, starting_stack)
    rules = dataclasses.replace(rules, first_seat=first_seat % n)
    with checked():
        hands = list(play_game(agents, seed, 0, rules))
    assert [id(h) for h in CheckedHand.finished] == [id(h) for h in hands]
    assert hands[0].first == first_seat % n
    at_table = [True] * n
    for i, state in enumerate(hands):
        assert sum(state.stacks_after) == n * starting_stack
        assert state.in_play == tuple(at_table[s] and state.stacks[s] > 0 for s in range(n))
        for seat, stack in enumerate(state.stacks_after):
            if stack == 0 or (preset == "show" and stack >= 75):
                at_table[seat] = False
        eligible = [at_table[s] and state.stacks_after[s] > 0 for s in range(n)]
        if i + 1 < len(hands):
            assert sum(eligible) >= 2
            step = next(k for k in range(1, n + 1) if eligible[(state.first + k) % n])
            assert hands[i + 1].first == (state.first + step) % n
            assert hands[i + 1].stacks == state.stacks_after
        else:
            assert sum(eligible) < 2 or len(hands) == rules.hands_per_game


@SETTINGS
@given(
    agents=st.lists(agent_st, min_size=2, max_size=6),
    stacks=st.lists(st.integers(0, 25), min_size=6, max_size=6),
    first=st.integers(0, 5),
    seed=st.integers(0, 2**32),
    hand=st.integers(0, 1000),
)
def test_hands_with_uneven_stacks(agents, stacks, first, seed, hand):
    """R4–R8: hands between uneven (often tiny) stacks, some seats out, obey the checks of
    ``CheckedHand`` after every action."""
    n = len(agents)
    stacks = stacks[:n]
    if sum(s > 0 for s in stacks) < 2:
        stacks[:2] = [3, 7]
    first = next((first + k) % n for k in range(n) if stacks[(first + k) % n] > 0)
    with checked():
        state = play_hand(agents, stacks, [True] * n, first, seed, 0, hand, make_rules())
    assert [id(h) for h in CheckedHand.finished] == [id(state)]


def replay(state, moves):
    """Apply recorded moves (("bet", action) or ("snipe", code)) to a fresh state."""
    for kind, value in moves:
        if kind == "bet":
            state.act(value)
        else:
            state.snipe(value)
    return state


@settings(max_examples=400, deadline=None)
@given(
    agents=st.lists(agent_st, min_size=2, max_size=6),
    stacks=st.lists(st.integers(1, 30), min_size=6, max_size=6),
    seed=st.integers(0, 2**32),
    pick=st.integers(0, 10**6),
    shuffle_seed=st.integers(0, 2**32),
    stream_key=st.integers(0, 2**64 - 1),
)
def test_decisions_ignore_hidden_cards(agents, stacks, seed, pick, shuffle_seed, stream_key):
    """R10: an agent decides from its own cards, the face-up board and the public history only.

    Play a hand, pick one decision, and rebuild the hand twice up to it: once with the real
    cards and once with every card the decider cannot see (other players' private cards, the
    unseen board cards, the undealt deck) shuffled. The two observations are equal, and each
    agent kind decides the same with the same stream key.
    """
    n = len(agents)
    stacks = stacks[:n]
    played = play_hand(agents, stacks, [True] * n, 0, seed, 0, 0, make_rules())
    moves = [("bet", b.action) for b in played.bets] + [("snipe", r.code) for r in played.snipes]
    d = pick % len(moves)

    def fresh(private, board):
        return HandState(tuple(stacks), 0, dict(private), tuple(board))

    real = replay(fresh(played.private, played.board), moves[:d])
    seat = real.sniper if real.phase == Phase.SNIPE else real.actor
    shown = real.visible
    seen = list(real.private[seat]) + list(real.board[:shown])
    pool = fresh_deck()
    for card in seen:
        pool.remove(card)
    random.Random(shuffle_seed).shuffle(pool)
    others = [s for s in sorted(real.private) if s != seat]
    private = {seat: real.private[seat]}
    for i, other in enumerate(others):
        private[other] = (pool[2 * i], pool[2 * i + 1])
    hidden_board = pool[2 * len(others) : 2 * len(others) + 4 - shown]
    twin = replay(fresh(private, (*real.board[:shown], *hidden_board)), moves[:d])

    obs, twin_obs = Observation.of(real, seat), Observation.of(twin, seat)
    assert obs == twin_obs
    for agent in (RandomAgent(), EasyAgent(), EasyAgent(bluff=0.5), agents[seat]):
        decide = agent.snipe if real.phase == Phase.SNIPE else agent.act
        assert decide(obs, Stream(stream_key)) == decide(twin_obs, Stream(stream_key))

"""Decision-level cross-check: every level × every snipe heuristic decides identically in Python and numba.

``sniper.games.sniper_holdem.agents`` is the readable reference of each policy and ``kernels.sniper_holdem.policies``
its numba copy
(one set of constants, ``kernels.sniper_holdem.params``). Hypothesis builds hands with the reference engine —
2 to 6 seats, short and deep stacks, any first player, random legal betting so far (commitments,
raises, folds, position, caps that rose after a fold), a board of 2 or 4, snipes already made —
and hands the same observation (R10) to the Python agent (pure-Python rollouts,
``sniper.games.sniper_holdem.rollout.rollout``) and to the numba policy. Both must return the same action or snipe
*and* draw the same number of random words from the decision's stream (R13).
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import sniper.games.sniper_holdem.agents
import sniper.games.sniper_holdem.kernel_engine
import sniper.games.sniper_holdem.snipes
from kernels.sniper_holdem.betting import SEAT
from kernels.sniper_holdem.codes import PASS, Act
from kernels.sniper_holdem.evaluator import POW5, PRIVATE_PART, tables
from kernels.sniper_holdem.policies import Turn, bet_decision_nb, mc_equity_nb, new_scratch
from kernels.sniper_holdem.snipes import SnipeTurn, snipe_decision_nb
from sniper.core.rng import Stream
from sniper.games.sniper_holdem.agents import RAISES
from sniper.games.sniper_holdem.cards import shuffled_deck
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.kernel_engine import kernel_agent
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.parameters import LEVELS, make_agent
from sniper.games.sniper_holdem.snipes import SNIPE_HEURISTICS, live_seats

SNIPE_SAMPLES = 12
"""Rollouts of ``beater``/``ev`` for levels without ``samples`` here (the default 200 in pure Python
is slow); the kernel and the reference both read the patched value."""
SAMPLES = st.sampled_from([1, 3, 8, 16, 40, 80])
"""Rollouts of the Monte Carlo levels: few, and past ``SETTLE_BLOCK`` so adaptive sampling can stop early."""
STACKS = (0, 1, 2, 3, 4, 5, 6, 8, 11, 20, 60)


def strength_key(private: tuple[int, int], board: tuple[int, ...]) -> int:
    """The kernel's strength key of a seat with the full board (``kernels.sniper_holdem.betting.deal_nb``)."""
    t = tables()
    a, b = private
    return int(t.base[sum(int(POW5[c]) for c in (*board, a, b))]) + int(PRIVATE_PART[a, b])


def kernel_view(state: HandState, seat: int) -> tuple:
    """``(seats, private, board)`` as the game kernel holds them when ``seat`` decides, with only
    what R10 lets the seat see filled in: the others' cards and the hidden board cards are 0."""
    n = state.n_seats
    seats = np.zeros(n, SEAT)
    for s in range(n):
        seats[s]["in_play"] = state.in_play[s]
        seats[s]["before"] = state.stacks[s]
        seats[s]["folded"] = state.folded[s]
        seats[s]["committed"] = state.committed[s]
        seats[s]["round_put"] = state.round_put[s]
        seats[s]["raises"] = sum(1 for bet in state.bets if bet.seat == s and bet.action in RAISES)
        seats[s]["key"] = -1
    seats[seat]["key"] = strength_key(state.private[seat], state.board)
    private = np.zeros((n, 2), np.uint8)
    private[seat] = state.private[seat]
    board = np.zeros(4, np.uint8)
    board[: state.visible] = state.board[: state.visible]
    return seats, private, board


BETTING = (Phase.BETTING_1, Phase.BETTING_2)


@st.composite
def hands(draw, snipe_round: bool):
    """A hand stopped at a betting decision (round 1 or 2), or at a snipe-round turn."""
    n = draw(st.integers(2, 6))
    stacks = [draw(st.sampled_from(STACKS)) for _ in range(n)]
    for s in range(2):
        stacks[s] = stacks[s] or draw(st.sampled_from(STACKS[1:]))
    dealt = [s for s in range(n) if stacks[s] > 0]
    first = draw(st.sampled_from(dealt))
    deck = shuffled_deck(draw(st.integers(0, 2**31)), 0, 0, 2 * len(dealt) + 4)
    order = sorted(dealt, key=lambda s: (s - first) % n)
    private = {s: (deck[2 * i], deck[2 * i + 1]) for i, s in enumerate(order)}
    state = HandState(tuple(stacks), first, private, tuple(deck[2 * len(dealt) :]))
    steps = 99 if snipe_round else draw(st.integers(0, 12))
    passive = draw(st.floats(0, 1))
    for _ in range(steps):
        if state.phase not in BETTING:
            break
        legal = state.legal_actions()
        calm = [a for a in (Act.CHECK, Act.CALL) if a in legal]
        pick = draw(st.floats(0, 1))
        state.act(calm[0] if calm and pick < passive else legal[draw(st.integers(0, len(legal) - 1))])
    if snipe_round:
        while state.phase == Phase.SNIPE and len(state.snipes) < len(state.live) - 1 and draw(st.booleans()):
            state.snipe(draw(st.sampled_from([PASS, *range(60)])))
    assume(state.phase == (Phase.SNIPE if snipe_round else state.phase) and state.phase != Phase.DONE)
    assume(snipe_round or state.phase in BETTING)
    return state


SPECS = [f"{level}+{heuristic}" for level in LEVELS for heuristic in SNIPE_HEURISTICS]
EXAMPLES = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much, HealthCheck.too_slow],
)


@pytest.fixture
def pure_python(monkeypatch):
    """Reference agents on pure-Python rollouts; the rollout heuristics of levels without
    ``samples`` use ``SNIPE_SAMPLES`` rollouts in both layers."""
    monkeypatch.setattr(sniper.games.sniper_holdem.snipes, "SNIPE_SAMPLES", SNIPE_SAMPLES)
    monkeypatch.setattr(sniper.games.sniper_holdem.kernel_engine, "SNIPE_SAMPLES", SNIPE_SAMPLES)


def with_samples(spec: str, samples: int, tweaks: dict[str, float] | None = None) -> str:
    """``spec`` with ``samples`` rollouts if its level has the parameter, and ``tweaks`` to the
    parameters it has (defaults otherwise)."""
    agent = LEVELS[spec.split("+")[0]]
    changes = {"samples": samples} if hasattr(agent, "samples") else {}
    changes |= {name: value for name, value in (tweaks or {}).items() if hasattr(agent, name)}
    return f"{spec}:" + ",".join(f"{k}={v}" for k, v in changes.items()) if changes else spec


TWEAKS = st.one_of(
    st.just({}),
    st.fixed_dictionaries(
        {
            "raise_limit": st.integers(0, 8),
            "bluff": st.sampled_from([0.0, 0.5, 1.0]),
            "texture": st.sampled_from([0.0, 0.4, 0.9]),
            "short_stack": st.integers(0, 30),
            "position": st.sampled_from([0.0, 0.3, 1.0]),
            "settle": st.sampled_from([0.0, 1.0, 3.0]),
        }
    ),
)
"""Level defaults, or parameters that reach rarer branches (raise limits, bluffs, texture, all-ins)."""


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS)
@EXAMPLES
@given(
    state=hands(snipe_round=False),
    samples=SAMPLES,
    key=st.integers(0, 2**64 - 1),
    tweaks=TWEAKS,
)
def test_bet_decisions_match(spec, state, samples, key, tweaks, pure_python):
    """R6, R10, R13: same betting action and same random draws from ``sniper.games.sniper_holdem.agents`` and
    ``kernels.sniper_holdem.policies``."""
    spec = with_samples(spec, samples, tweaks)
    agent, kernel = make_agent(spec), kernel_agent(spec)
    seat = state.actor
    stream = Stream(key)
    expected = agent.act(Observation.of(state, seat), stream)
    seats, private, board = kernel_view(state, seat)
    words = np.array([key, 0], np.uint64)
    legal = state.legal_actions()
    mask = sum(1 << int(a) for a in legal)
    turn = Turn(seat, state.first, state.visible, state.level, state.cap, len(legal), mask)
    actual = bet_decision_nb(kernel.level, kernel.params, seats, private, board, words, new_scratch(), turn, tables())
    assert (Act(actual), int(words[1])) == (expected, stream.count)
    assert expected in legal


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS)
@EXAMPLES
@given(state=hands(snipe_round=True), samples=SAMPLES, key=st.integers(0, 2**64 - 1))
def test_snipe_decisions_match(spec, state, samples, key, pure_python):
    """R7, R10, R13: same snipe (or pass) and same random draws from both layers."""
    check_snipe_decision(spec, state, samples, key)


@pytest.mark.parametrize("spec", ["easy+beater", "easy+ev"])
def test_repeated_snipe_is_named_once(spec, pure_python):
    """R7: a snipe may repeat an earlier one; the kernel's set of named codes holds it once
    (found by hypothesis: adding the bit twice named the next code instead)."""
    state = HandState((1, 1, 1), 0, {0: (9, 6), 1: (4, 2), 2: (5, 2)}, (3, 7, 10, 10))
    while state.phase in BETTING:
        state.act(Act.CHECK if Act.CHECK in state.legal_actions() else Act.CALL)
    state.snipe(43)
    state.snipe(43)
    check_snipe_decision(spec, state, 1, 0)


def check_snipe_decision(spec: str, state: HandState, samples: int, key: int) -> None:
    """Assert that the Python agent and the numba policy of ``spec`` pick the same snipe at
    ``state`` and draw the same number of words from the stream ``key``."""
    spec = with_samples(spec, samples)
    agent, kernel = make_agent(spec), kernel_agent(spec)
    seat = state.sniper
    stream = Stream(key)
    expected = agent.snipe(Observation.of(state, seat), stream)
    seats, private, board = kernel_view(state, seat)
    words = np.array([key, 0], np.uint64)
    named = np.uint64(sum(1 << code for code in {r.code for r in state.snipes} if code != PASS))
    turn = SnipeTurn(seat, named, len(state.snipes), len(state.live))
    scratch = new_scratch()
    actual = snipe_decision_nb(kernel.heuristic, kernel.params, seats, private, board, words, scratch, turn, tables())
    assert (int(actual), int(words[1])) == (expected, stream.count)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["normal", "hard"])
@EXAMPLES
@given(state=hands(snipe_round=False), samples=SAMPLES, key=st.integers(0, 2**64 - 1), tweaks=TWEAKS)
def test_monte_carlo_equity_matches(level, state, samples, key, tweaks, pure_python):
    """The equity behind every Monte Carlo bet, bit for bit: betting weights, future snipes, texture (R7, R8)."""
    spec = with_samples(level, samples, tweaks)
    agent, kernel = make_agent(spec), kernel_agent(spec)
    seat = state.actor
    obs = Observation.of(state, seat)
    seats, private, board = kernel_view(state, seat)
    live = live_seats(obs)
    raises = np.array([seats[s]["raises"] for s in live if s != seat] or [0], np.int64)
    thresholds = agent.thresholds(obs) if agent.settle > 0 else []
    found = np.array([*thresholds, 0.0, 0.0, 0.0], np.float64)
    view = (seats, private, board, seat, state.visible, len(live), raises, found, len(thresholds))
    actual = mc_equity_nb(kernel.params, np.uint64(key), *view, new_scratch(), tables())
    assert actual == agent.equity(obs, key, thresholds)


@pytest.mark.parametrize("level", ["normal", "hard", "normal:texture=0.9,future_snipes=0.5,aggression=0.5"])
@pytest.mark.parametrize(
    "private, board",
    [((6, 2), (6, 6, 9, 9)), ((7, 7), (7, 2, 2, 9)), ((4, 8), (3, 4, 5, 6)), ((10, 1), (7, 8, 9, 6))],
)
def test_equity_where_the_board_names_the_hand(level, private, board, pure_python):
    """Round 2 with the agent's hand among the board's obvious snipes: texture and future snipes
    apply, and a raise weighs the opponents' hands (R7 worked examples 1–3, 7)."""
    rest = [c for c in shuffled_deck(5, 0, 0, 40) if c not in (*private, *board)][:4]
    state = HandState((30, 30, 30), 1, {0: private, 1: tuple(rest[:2]), 2: tuple(rest[2:])}, board)
    state.act(Act.RAISE_3)
    state.act(Act.CALL)
    state.act(Act.CALL)
    assert state.phase == Phase.BETTING_2
    state.act(Act.CHECK)
    state.act(Act.CHECK)
    seat = state.actor
    assert seat == 0
    spec = level.replace("normal", "normal:samples=40") if ":" not in level else level + ",samples=40"
    agent, kernel = make_agent(spec), kernel_agent(spec)
    obs = Observation.of(state, seat)
    seats, private_cards, board_cards = kernel_view(state, seat)
    raises = np.array([seats[s]["raises"] for s in live_seats(obs) if s != seat], np.int64)
    thresholds = agent.thresholds(obs) if agent.settle > 0 else []
    found = np.array([*thresholds, 0.0, 0.0, 0.0], np.float64)
    view = (seats, private_cards, board_cards, seat, 4, 3, raises, found, len(thresholds), new_scratch(), tables())
    assert mc_equity_nb(kernel.params, np.uint64(11), *view) == agent.equity(obs, 11, thresholds)

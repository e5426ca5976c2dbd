"""AI levels, snipe heuristics and agent specs (R7, R10; sniper.games.sniper_holdem.agents,
sniper.games.sniper_holdem.parameters)."""

import random
import re

import pytest

from kernels.sniper_holdem.codes import PASS, SNIPE_CODE, Act, Category
from sniper.core.agent_spec import split_specs
from sniper.core.registry import get_game
from sniper.core.rng import Stream
from sniper.games.sniper_holdem.agents import MonteCarloAgent
from sniper.games.sniper_holdem.cards import shuffled_deck
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.parameters import LEVELS, level_parameters, make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.snipes import SNIPE_HEURISTICS, board_snipes, future_snipe_probs, own_snipe_code

KERNEL = "kernel"
"""The rollout backend of the agents of the slow tests here: the same results as "python"
(``test_kernel_rollouts_play_the_same_games``), only faster."""


def code(category, top):
    return SNIPE_CODE[(int(category), top)]


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (
            (6, 6, 9, 9),
            [
                (Category.FULL_HOUSE, 9),
                (Category.THREE_OF_A_KIND, 9),
                (Category.FULL_HOUSE, 6),
                (Category.THREE_OF_A_KIND, 6),
            ],
        ),
        ((3, 4, 5, 6), [(Category.STRAIGHT, 7)]),
        ((7, 8, 9, 10), [(Category.STRAIGHT, 10)]),
        ((4, 4, 4, 1), [(Category.FOUR_OF_A_KIND, 4), (Category.FULL_HOUSE, 4)]),
        ((1, 3, 7, 9), []),
    ],
)
def test_board_snipes_name_the_obvious_dangers(board, expected):
    """R7 strategy notes: a pair on board → full house and three of a kind; four in a row → straight."""
    assert board_snipes(board) == [code(c, t) for c, t in expected]


def test_future_snipe_model_is_a_distribution():
    probs = future_snipe_probs((6, 6, 9, 9), 1.0)
    assert len(probs) == 61 and min(probs) >= 0 and sum(probs) == pytest.approx(1.0)
    assert probs[code(Category.FULL_HOUSE, 9)] == pytest.approx(0.4)
    assert future_snipe_probs((1, 3, 7, 9), 1.0)[60] == 1.0


def snipe_round(seed, players, named):
    """A hand checked down to the snipe round, with ``named`` snipes already made."""
    deck = shuffled_deck(seed, 0, 0, 2 * players + 4)
    private = {s: (deck[2 * s], deck[2 * s + 1]) for s in range(players)}
    state = HandState((60,) * players, 0, private, tuple(deck[2 * players :]))
    while state.phase != Phase.SNIPE:
        state.act(Act.CHECK)
    for c in named[: players - 1]:
        state.snipe(c)
    return state


@pytest.mark.parametrize("heuristic", sorted(SNIPE_HEURISTICS))
def test_heuristics_never_name_own_hand_or_repeat(heuristic):
    """Issue rule for every heuristic: never the agent's own current hand, never a repeated snipe."""
    rng = random.Random(heuristic)
    agents = [
        make_agent(f"easy+{heuristic}", rollouts=KERNEL),
        make_agent(f"normal+{heuristic}:samples=50", rollouts=KERNEL),
    ]
    named_any = 0
    for trial in range(60):
        players = rng.randint(2, 5)
        state = snipe_round(trial, players, [rng.randrange(60) for _ in range(4)])
        obs = Observation.of(state, state.sniper)
        for agent in agents:
            choice = agent.snipe(obs, Stream(rng.getrandbits(64)))
            assert choice == PASS or 0 <= choice < 60
            if choice != PASS:
                named_any += 1
                assert choice != own_snipe_code(obs)
                assert choice not in {r.code for r in obs.snipes}
    assert heuristic == "pass" or named_any > 0


def test_beater_names_what_beats_it():
    """The seed AI on board 6 10 9 9: holding 6 6 ("6 full house"), the hands that beat it are
    the full houses of 9s and 10s and four 9s, and it names the most frequent, "9 full house";
    holding 2 3 ("9 one pair", its own name, so not allowed), it names the most frequent other
    beater of its rollouts, "9 two pair" (R7, R8)."""
    agent = make_agent("normal+beater:samples=400", rollouts=KERNEL)
    state = HandState((60, 60), 0, {0: (6, 6), 1: (2, 3)}, (6, 10, 9, 9))
    while state.phase != Phase.SNIPE:
        state.act(Act.CHECK)
    obs0 = Observation.of(state, 0)
    assert own_snipe_code(obs0) == code(Category.FULL_HOUSE, 6)
    assert agent.snipe(obs0, Stream(1)) == code(Category.FULL_HOUSE, 9)
    state.snipe(PASS)
    obs1 = Observation.of(state, 1)
    assert own_snipe_code(obs1) == code(Category.ONE_PAIR, 9)
    assert agent.snipe(obs1, Stream(2)) == code(Category.TWO_PAIR, 9)


def test_kernel_rollouts_play_the_same_games():
    """The rollout backend changes speed only: identical hand histories (R13)."""
    specs = ("normal:samples=12", "hard+ev:samples=12", "easy+beater", "random")

    def histories(rollouts):
        agents = [make_agent(s, rollouts=rollouts) for s in specs]
        out = []
        for game in range(2):
            for state in play_game(agents, 5, game, make_rules(game_length="10")):
                out.append((state.bets, state.snipes, state.payout))
        return out

    assert histories(KERNEL) == histories("python")


def test_mc_decision_ignores_hidden_cards():
    """R10: a Monte Carlo agent's decision depends only on what it can see."""
    agent = make_agent("hard:samples=200", rollouts=KERNEL)
    for seed in range(20):
        deck = shuffled_deck(seed, 1, 2)
        mine, board = (deck[0], deck[1]), tuple(deck[2:6])
        rest = deck[6:]
        decisions = set()
        for shift in (0, 4, 8):
            others = {1: (rest[shift], rest[shift + 1]), 2: (rest[shift + 2], rest[shift + 3])}
            state = HandState((60, 60, 60), 0, {0: mine, **others}, board[:2] + tuple(rest[20 + shift : 22 + shift]))
            decisions.add(agent.act(Observation.of(state, 0), Stream(seed)))
        assert len(decisions) == 1


def test_specs_parse_levels_heuristics_and_parameters():
    hard = make_agent("hard+ev:samples=4000,bluff=0.08")
    assert (hard.samples, hard.bluff, hard.snipes, hard.spec) == (4000, 0.08, "ev", "hard+ev:samples=4000,bluff=0.08")
    assert make_agent("normal+pass").snipes == "pass"
    assert make_agent("easy").snipes == "board" and make_agent("normal").snipes == "beater"
    assert LEVELS["hard"].samples > LEVELS["normal"].samples
    assert "samples" in level_parameters("hard") and level_parameters("random") == {}
    assert split_specs("hard:samples=4000,bluff=0.08,easy") == ["hard:samples=4000,bluff=0.08", "easy"]
    assert get_game("sniper").parse_agents("easy", 3) == ["easy"] * 3


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("expert", "unknown agent level 'expert'; valid: random, easy, normal, hard"),
        ("hard+sniper", "unknown snipe heuristic"),
        ("hard:depth=3", "bad parameter 'depth=3'"),
        ("hard:samples=many", "needs an integer, got 'many'"),
        ("hard:bluff=some", "needs a number, got 'some'"),
        ("easy:bluff=-1", "in [0, 1]"),
        ("easy:bluff=2", "easy: bluff must be a number in [0, 1], got 2"),
        ("hard:position=1.5", "must be a number in [0, 1]"),
        ("hard:samples=0", "hard: samples must be an integer of at least 1, got 0"),
        ("hard:raise_big=-2", "hard: raise_big must be a number of at least 0"),
    ],
)
def test_bad_specs_are_refused_with_the_reason(spec, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        make_agent(spec)


def test_parse_agents_checks_the_seat_count():
    with pytest.raises(ValueError, match="3 agents given for 4 players"):
        get_game("sniper").parse_agents("easy,hard,normal", 4)
    with pytest.raises(ValueError, match="empty agent spec"):
        get_game("sniper").parse_agents("easy,", 4)


def test_monte_carlo_agent_prefers_strong_hands():
    """A Monte Carlo level bets its four of a kind and folds nothing-hands to a big bet (R6 odds)."""
    agent = MonteCarloAgent(samples=300, bluff=0.0, rollouts=KERNEL)
    strong = HandState((60, 60), 0, {0: (9, 9), 1: (2, 3)}, (9, 9, 4, 1))
    assert agent.act(Observation.of(strong, 0), Stream(3)) in (Act.RAISE_3, Act.RAISE_5, Act.ALL_IN)
    weak = HandState((60, 60), 1, {0: (2, 3), 1: (9, 9)}, (9, 8, 10, 1))
    weak.act(Act.RAISE_5)
    assert agent.act(Observation.of(weak, 0), Stream(4)) == Act.FOLD


def test_danger_leaves_what_the_others_will_name():
    """``hard``'s ``danger`` (R7, R8): first to snipe of four on board 6 10 9 9, holding 6 6 ("6 full house"),
    the opponents' hands that beat it are "9 full house" (8 combinations of the unseen cards: 9 with 6 or 10),
    "10 full house" (3: 10 10) and four 9s (1). ``beater`` names the most frequent, "9 full house"; but the
    three opponents yet to snipe are modelled (``future_snipes=1``) to name it with probability 0.4 each, so
    it stays unsniped in 0.6³ of the deals and ``danger`` names "10 full house", which nobody is expected to call."""
    private = {0: (6, 6), 1: (2, 3), 2: (1, 4), 3: (5, 7)}
    state = HandState((60,) * 4, 0, private, (6, 10, 9, 9))
    while state.phase != Phase.SNIPE:
        state.act(Act.CHECK)
    obs = Observation.of(state, 0)
    assert own_snipe_code(obs) == code(Category.FULL_HOUSE, 6)
    named = {
        heuristic: make_agent(f"hard+{heuristic}:samples=400,future_snipes=1", rollouts=KERNEL).snipe(obs, Stream(3))
        for heuristic in ("beater", "danger")
    }
    assert named == {"beater": code(Category.FULL_HOUSE, 9), "danger": code(Category.FULL_HOUSE, 10)}

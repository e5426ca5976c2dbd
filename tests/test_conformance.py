"""Every driver shows a seat only what R10 allows, and all drivers play the same game (R4, R10, R13).

The drivers: ``sniper.games.sniper_holdem.play.play_game`` (the ``Observation`` each agent decides from), a served
room of AI seats run in-process (every ``state`` message each seat is sent, the observation the
bot side rebuilds from it, the ``Observation`` each AI seat decides from) and the PettingZoo env
(every observation of every learner seat, the learners replaying ``play_game``'s decisions).

R10 is checked counterfactually: each observation a driver built is rebuilt from the same point of
the hand on a deal where everything the seat may not know is drawn again (the other seats' private
cards, except those shown at a showdown, and the board cards not yet turned); it must not change.
The board cards turned are counted from the rules (R4, R6), not from the engine.
"""

import asyncio
import random
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from kernels.sniper_holdem.codes import PASS
from sniper.games.sniper_holdem.cards import fresh_deck
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.results import action_rows, hand_rows
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.views import hand_view
from sniper.serve.bot import observation_of
from sniper.serve.settings import Settings
from sniper.serve.table import Room

pytest.importorskip("pettingzoo")
from sniper.games.sniper_holdem.env import PASS_ACTION, SNIPE_ACTION, raw_env, seat_observation  # noqa: E402

SEEDS = (14, 3, 27)
CASES = [
    ("ours", ["random", "random"], "10"),
    ("show", ["random", "random"], "20"),
    ("ours", ["easy", "random", "normal:samples=20"], "10"),
    ("show", ["random", "easy", "random", "normal:samples=20"], "10"),
]
"""(rules, one agent spec per seat, game length); in the env the first seat is the learner."""


def turned(state: HandState) -> int:
    """Community cards face up by the rules: 2 until betting round 2 begins (or the betting is
    skipped, R6) and after a hand won by folds in round 1; else 4 (R4)."""
    later = state.phase in (Phase.BETTING_2, Phase.SNIPE) or state.result is not None
    return 4 if later or any(bet.round == 2 for bet in state.bets) else 2


def at_point(final: HandState, n_bets: int, n_snipes: int, private=None, board=None) -> HandState:
    """The hand ``final`` after its first ``n_bets`` betting actions and ``n_snipes`` snipe turns,
    dealt ``private`` and ``board`` (default: its own deal)."""
    state = HandState(
        final.stacks, final.first, private or final.private, board or final.board, final.rules, final.in_play
    )
    for bet in final.bets[:n_bets]:
        state.act(bet.action)
    for record in final.snipes[:n_snipes]:
        state.snipe(record.code)
    return state


def hidden_changed(state: HandState, seat: int, rng: random.Random) -> HandState:
    """``state`` replayed on a deal where all that R10 hides from ``seat`` is drawn again."""
    k = turned(state)
    keep = ({seat} & set(state.private)) | (set(state.live) if state.result is not None else set())
    known = [c for s in keep for c in state.private[s]] + list(state.board[:k])
    rest = list((Counter(fresh_deck()) - Counter(known)).elements())
    rng.shuffle(rest)
    private = {s: cards if s in keep else (rest.pop(), rest.pop()) for s, cards in state.private.items()}
    board = tuple(state.board[:k]) + tuple(rest.pop() for _ in range(4 - k))
    return at_point(state, len(state.bets), len(state.snipes), private, board)


def same(a, b) -> bool:
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    return a == b


def check_r10(real: HandState, seat: int, build, seen, what: str, rng: random.Random) -> None:
    """``seen``, what a driver built for ``seat`` at ``real``, is what ``build`` makes of ``real``
    and does not change when what the seat may not know changes."""
    assert same(build(real, seat), seen), f"{what}: the driver built something else than {build.__name__}"
    for _ in range(2):
        assert same(build(hidden_changed(real, seat, rng), seat), seen), f"{what}: shows what R10 hides"


def check_observation(real: HandState, obs: Observation, what: str, rng: random.Random) -> None:
    """An agent's ``Observation``: its own cards, the board turned, nothing hidden (R10)."""
    assert obs.private == tuple(real.private.get(obs.seat, ())), what
    assert obs.board == real.board[: turned(real)], f"{what}: board {obs.board}"
    check_r10(real, obs.seat, Observation.of, obs, what, rng)


@dataclass
class Recording:
    """An agent that records each ``Observation`` it is given, with the hand's index, then decides as ``agent``."""

    agent: object
    seen: list
    hand: object

    @property
    def spec(self) -> str:
        return self.agent.spec

    def act(self, obs, stream):
        self.seen.append((self.hand(), obs))
        return self.agent.act(obs, stream)

    def snipe(self, obs, stream):
        self.seen.append((self.hand(), obs))
        return self.agent.snipe(obs, stream)


@dataclass
class Inbox:
    """A ``Client`` of a room seat that keeps every message."""

    messages: list

    def push(self, message: dict) -> None:
        self.messages.append(message)

    def close(self, code: int, reason: str) -> None:
        pass


def by_play_game(specs, rules, seed):
    """The game's finished hands and the (hand, Observation) of every decision."""
    hands, seen = [], []
    agents = [Recording(make_agent(spec), seen, lambda: len(hands)) for spec in specs]
    for state in play_game(agents, seed, 0, rules):
        hands.append(state)
    return hands, seen


def by_room(specs, rules_name, length, seed, tmp_path):
    """An all-AI room run in-process: its finished hands, the (hand, Observation) of every AI
    decision and every message each seat was sent."""
    settings = Settings(ai_delay=0.0, result_seconds=0.0, keep_seconds=0.0, out=tmp_path)
    room = Room("conformance", settings, rules_name, length, len(specs), tuple(specs), None, seed=seed)
    room.start()
    seen, inboxes = [], [Inbox([]) for _ in specs]
    for seat, inbox in zip(room.seats, inboxes):
        seat.agent = Recording(seat.agent, seen, lambda: room.hand_index)
        seat.client = inbox
    asyncio.run(room.run())
    assert not room.errors and room.status == "over", room.errors
    return room.hands, seen, [inbox.messages for inbox in inboxes]


def env_action(move) -> int:
    """The env's action id of a betting record or a snipe turn (``sniper.games.sniper_holdem.env``)."""
    if hasattr(move, "action"):
        return int(move.action)
    return PASS_ACTION if move.code == PASS else SNIPE_ACTION + move.code


def by_env(specs, rules_name, length, seed, reference):
    """The env with seat 0 the learner, replaying its decisions in ``reference`` (finished hands):
    the env's finished hands and (hand, moves played so far, seat, observation) of every observation
    of every learner seat, at every learner turn and at the end."""
    environment = raw_env(players=len(specs), opponents=specs[1:], rules=rules_name, game_length=length)
    script = []
    for h, final in enumerate(reference):
        moves = [*final.bets, *final.snipes]
        script += [(h, i, move) for i, move in enumerate(moves) if move.seat == 0]
    environment.reset(seed=seed)
    seen = []
    for h, i, move in script:
        assert not any(environment.terminations.values()), "the env's game ended before the reference game"
        assert environment.agent_selection == "player_0"
        seen.append((h, i, 0, environment.observe("player_0")))
        environment.step(env_action(move))
    assert all(environment.terminations.values()), "the env's game goes on after the reference game"
    last = len(reference) - 1
    seen.append((last, len(reference[last].bets) + len(reference[last].snipes), 0, environment.observe("player_0")))
    return environment.hands, seen


def tables(hands, labels):
    """The hands and actions tables of a game's finished hands, as column → values."""
    rows = [hand_rows(state, 0, h, labels) for h, state in enumerate(hands)]
    acts = [action_rows(state, 0, h) for h, state in enumerate(hands)]
    return {k: [v for r in rows for v in r[k]] for k in rows[0]}, {k: [v for r in acts for v in r[k]] for k in acts[0]}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("rules_name", "specs", "length"), CASES)
def test_every_driver_shows_only_what_r10_allows_and_all_play_the_same_game(rules_name, specs, length, seed, tmp_path):
    rules = make_rules(rules_name, length)
    rng = random.Random(seed)
    reference, decisions = by_play_game(specs, rules, seed)
    for h, obs in decisions:
        real = at_point(reference[h], len(obs.bets), len(obs.snipes))
        check_observation(real, obs, f"play_game hand {h} seat {obs.seat}", rng)

    served, ai_decisions, inboxes = by_room(specs, rules_name, length, seed, tmp_path)
    for h, obs in ai_decisions:
        real = at_point(served[h], len(obs.bets), len(obs.snipes))
        check_observation(real, obs, f"room AI hand {h} seat {obs.seat}", rng)
    n_views = 0
    for seat, messages in enumerate(inboxes):
        for message in messages:
            view = message["hand"]
            if view is None:
                continue
            n_views += 1
            h = view["hand"]
            real = at_point(served[h], len(view["bets"]), len(view["snipes"]))
            what = f"room message hand {h} seat {seat} ({view['phase']})"
            assert view["board"] == list(real.board[: turned(real)]), f"{what}: board {view['board']}"
            shown = view["result"] and view["result"]["showdown"]
            assert bool(shown) == (real.result is not None), what
            check_r10(real, seat, lambda st, s, h=h: hand_view(st, s, h), view, what, rng)
            obs = observation_of(message)
            assert obs == Observation.of(real, seat), f"{what}: the bot side rebuilds another observation"
            check_observation(real, obs, f"{what}, bot side", rng)
    assert n_views > len(served)

    env_hands, observations = by_env(specs, rules_name, length, seed, reference)
    for h, i, seat, seen in observations:
        final = reference[h]
        real = at_point(final, min(i, len(final.bets)), max(0, i - len(final.bets)))
        k = turned(real)
        board = seen["observation"][5:9]
        assert list(board) == [*real.board[:k], *[0] * (4 - k)], f"env hand {h} move {i}: board {list(board)}"
        check_r10(real, seat, seat_observation, seen, f"env hand {h} move {i}", rng)

    labels = list(specs)
    assert tables(served, labels) == tables(reference, labels), "the served room played another game"
    assert tables(env_hands, labels) == tables(reference, labels), "the env played another game"


def test_a_hand_won_by_folds_in_round_one_turns_no_more_cards():
    """R4, R10: the issue's case. Seat 0 folds whenever it can; when a hand ends by folds in round 1
    the last observation shows the 2 board cards turned and zeros for the 2 never turned."""
    environment = raw_env(players=2, opponents=["random"], game_length="10")
    environment.reset(seed=14)
    while not all(environment.terminations.values()):
        mask = environment.observe("player_0")["action_mask"]
        environment.step(0 if mask[0] else int(np.flatnonzero(mask)[0]))
    last = environment.hands[-1]
    assert last.result is None and last.bets[-1].round == 1
    assert last.visible == 2
    board = environment.observe("player_0")["observation"][5:9]
    assert list(board) == [*last.board[:2], 0, 0]


def test_the_sample_covers_every_way_a_hand_shows_or_hides_cards():
    """The games above hold hands won by folds in round 1 and in round 2, showdowns with a folded
    seat, betting skipped (R6) and seats not dealt in (R2), so each R10 case is checked."""
    kinds = Counter()
    for rules_name, specs, length in CASES:
        for seed in SEEDS:
            for state in by_play_game(specs, make_rules(rules_name, length), seed)[0]:
                folded_out = state.result is None
                kinds["folds in round 1"] += folded_out and state.bets[-1].round == 1
                kinds["folds in round 2"] += folded_out and state.bets[-1].round == 2
                kinds["showdown with a fold"] += not folded_out and any(state.folded[s] for s in state.private)
                kinds["betting skipped"] += state.betting_skipped
                kinds["seat not dealt in"] += not all(state.in_play)
    assert len(+kinds) == 5, kinds

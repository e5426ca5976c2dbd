"""The five-card draw PettingZoo AEC environment (``sniper.games.draw.env``): API conformance, the same game
as ``play_game`` for the same actions, the action mask against the table's legal actions (the draw's 0-3
card masks, D5), the observation's fields (D10), refusals."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from shared_checks import pettingzoo_tests  # noqa: E402

from sniper.games.draw.agents import RandomAgent  # noqa: E402
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, DISCARD, DISCARDS, DRAW, FOLD  # noqa: E402
from sniper.games.draw.env import N_ACTIONS, NOT_DRAWN, OBS_FIELDS, OBS_SIZE, env, raw_env  # noqa: E402
from sniper.games.draw.play import play_game  # noqa: E402
from sniper.games.draw.rules import STARTING_STACK  # noqa: E402

SETTINGS = [
    {"players": 2},
    {"players": 4, "opponents": [RandomAgent(), "easy"]},
    {"players": 6, "opponents": ["easy", "random", "easy"], "game_length": "bust"},
]


test_pettingzoo_api, test_pettingzoo_seed_test = pettingzoo_tests(env, SETTINGS, SETTINGS, seed_cycles=100)


def decode(vector: np.ndarray) -> dict[str, list[int]]:
    """An observation vector as field name → its entries (``OBS_FIELDS``)."""
    fields, start = {}, 0
    for name, length in OBS_FIELDS:
        fields[name] = vector[start : start + length].tolist()
        start += length
    assert start == len(vector) == OBS_SIZE
    return fields


class Replay:
    """A draw agent that plays the actions it is given, in order, each checked legal where it is played."""

    def __init__(self, actions: list[int]) -> None:
        self.actions = list(actions)

    def act(self, obs, stream) -> int:
        action = self.actions.pop(0)
        assert action in obs.legal, (action, obs.legal)
        return action


@pytest.mark.parametrize(("players", "opponents", "seed"), [(2, [], 3), (4, [], 8), (5, [RandomAgent(), "easy"], 21)])
def test_a_seeded_random_game_ends_as_play_game_driven_by_the_same_actions(players, opponents, seed):
    """Two games of a run through the env, the learner choosing uniformly among the masked actions; then
    ``play_game`` with those actions replayed at the learner's seats and the same opponents: the same
    hands, actions and final stacks, and the rewards sum to each seat's net chips."""
    environment = env(players=players, opponents=opponents, game_length="20")
    raw = environment.unwrapped
    rng = np.random.default_rng(seed)
    draws = 0
    for game in range(2):
        environment.reset(seed=seed if game == 0 else None)
        chosen = {seat: [] for seat in raw.agent_seat.values()}
        totals = dict.fromkeys(environment.possible_agents, 0)
        for agent in environment.agent_iter():
            obs, reward, terminated, truncated, _ = environment.last()
            totals[agent] += reward
            action = None
            if not (terminated or truncated):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                chosen[raw.agent_seat[agent]].append(action)
                draws += action > DISCARD
            environment.step(action)
        agents = [Replay(chosen[s]) if s in chosen else raw.bots[s] for s in range(players)]
        records = play_game(players, seed, game, agents, length="20")
        assert all(not agent.actions for agent in agents if isinstance(agent, Replay)), "every action was replayed"
        assert [r.actions for r in records] == [tuple(h.actions) for h in raw.table.hands]
        assert list(records[-1].stacks) == raw.table.stacks
        assert totals == {agent: raw.table.stacks[s] - STARTING_STACK for agent, s in raw.agent_seat.items()}
        assert any(totals.values())
    assert draws >= 10, "the learner discarded cards"


def test_the_mask_allows_exactly_the_legal_actions_of_each_decision():
    environment = env(players=3, opponents=[RandomAgent()], game_length="50")
    raw = environment.unwrapped
    rng = np.random.default_rng(4)
    seen = {"fold": 0, "no fold": 0, "no raise": 0, "draw": 0}
    for seed in range(3):
        environment.reset(seed=seed)
        for agent in environment.agent_iter():
            obs, _, terminated, truncated, _ = environment.last()
            mask = obs["action_mask"]
            assert mask.shape == (N_ACTIONS,) and mask.dtype == np.int8
            if terminated or truncated:
                assert not mask.any()
                environment.step(None)
                continue
            assert tuple(np.flatnonzero(mask)) == raw.table.legal_actions()
            other = [a for a in environment.possible_agents if a != agent]
            assert not any(environment.observe(a)["action_mask"].any() for a in other), "one seat acts at a time"
            if raw.table.hand.street == DRAW:
                assert tuple(np.flatnonzero(mask)) == DISCARDS and mask[DISCARD:].sum() == 26
                assert not mask[[DISCARD + m for m in range(32) if m.bit_count() > 3]].any()
                seen["draw"] += 1
            else:
                assert not mask[DISCARD:].any() and mask[CHECK_CALL]
                seen["fold" if mask[FOLD] else "no fold"] += 1
                seen["no raise"] += not mask[BET_RAISE]
            environment.step(int(rng.choice(np.flatnonzero(mask))))
    assert min(seen.values()) >= 10, seen


def to_the_draw(environment) -> None:
    """Check around the first round of hand 0 (heads-up: seat 1, then seat 0) to the draw."""
    environment.reset(seed=0)
    while environment.unwrapped.table.hand.street != DRAW:
        environment.step(CHECK_CALL)


def test_an_illegal_action_raises_one_line_and_changes_nothing():
    environment = raw_env(players=2)
    environment.reset(seed=0)
    before = environment.observe("player_1")
    assert environment.agent_selection == "player_1" and not before["action_mask"][FOLD]
    refusals = [(FOLD, r"^action 0 is not legal for seat 1 now; legal: 1, 2$")]
    refusals.append((DISCARD + 1, r"^action 4 is not legal for seat 1 now; legal: 1, 2$"))
    for action, message in refusals:
        with pytest.raises(ValueError, match=message):
            environment.step(action)
    to_the_draw(environment)
    refusals = [
        (DISCARD + 0b01111, r"^action 18 discards 4 cards \(mask 01111\); a draw discards 0-3 \(D5\)$"),
        (DISCARD + 0b11111, r"^action 34 discards 5 cards \(mask 11111\); a draw discards 0-3 \(D5\)$"),
        (BET_RAISE, r"^action 2 is not legal for seat 1 now; legal: 3-17, 19-25, 27-29, 31 \(discard masks"),
    ]
    before = environment.observe("player_1")
    for action, message in refusals:
        with pytest.raises(ValueError, match=message) as refused:
            environment.step(action)
        assert "\n" not in str(refused.value)
        after = environment.observe("player_1")
        assert environment.agent_selection == "player_1"
        assert all(np.array_equal(before[k], after[k]) for k in before), "nothing changed"
    environment.step(DISCARD + 0b00111)
    assert environment.table.hand.drawn == {1: 3}


def test_the_wrapped_env_ends_the_game_with_a_penalty_for_a_masked_action():
    environment = env(players=2)
    to_the_draw(environment)
    assert environment.agent_selection == "player_1"
    environment.step(DISCARD + 0b01111)
    assert environment.rewards["player_1"] == -1 and all(environment.terminations.values())


def test_the_observation_is_the_seat_s_view_and_the_opponents_draw_counts():
    environment = raw_env(players=3, game_length="20")
    environment.reset(seed=5)
    while environment.table.hand.street != DRAW:  # everyone checks or calls to the draw
        environment.step(CHECK_CALL)
    draws = {1: 0b00000, 2: 0b10010, 0: 0b00111}  # seat 1 stands pat, 2 draws two, 0 draws three (D5)
    shown = []
    while environment.table.hand.street == DRAW:
        seat = environment.agent_seat[environment.agent_selection]
        environment.step(DISCARD + draws[seat])
        shown.append(decode(environment.observe("player_1")["observation"])["drawn"])
    assert shown == [[NOT_DRAWN, 0, *[NOT_DRAWN] * 4], [NOT_DRAWN, 0, 2, *[NOT_DRAWN] * 3], [3, 0, 2, *[NOT_DRAWN] * 3]]
    hand = environment.table.hand
    for agent, seat in environment.agent_seat.items():
        seen = environment.table.observe(seat)
        fields = decode(environment.observe(agent)["observation"])
        assert fields["cards"] == [c + 1 for c in hand.cards[seat]] and len(hand.cards[seat]) == 5
        assert np.flatnonzero(fields["held"]).tolist() == sorted(hand.cards[seat])
        assert np.flatnonzero(fields["discarded"]).tolist() == sorted(hand.discards[seat])
        assert fields["drawn"] == [3, 0, 2, *[NOT_DRAWN] * 3]
        assert fields["acting"] == [seat == 1] and fields["street"] == [2] and fields["seat"] == [seat]
        assert fields["stacks"] == [*seen.stacks, 0, 0, 0] and fields["pot"] == [seen.pot] == [3]
        assert (fields["bet_size"], fields["raises"], fields["raise_to"]) == ([4], [0], [4 if seat == 1 else 0])
    environment.step(BET_RAISE)
    environment.step(BET_RAISE)
    fields = decode(environment.observe("player_0")["observation"])
    assert fields["raises_second"] == [0, 1, 1, 0, 0, 0] and fields["raises_first"] == [0] * 6
    assert (fields["to_call"], fields["bets"]) == ([8], [0, 4, 8, 0, 0, 0])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 7}, "^players must be 2-6, got 7$"),
        ({"players": 2, "opponents": ["easy", "easy"]}, "^2 opponents leave no seat of 2 to the learner$"),
        ({"players": 3, "opponents": [object()]}, "^opponents must be draw agents"),
        ({"players": 3, "opponents": ["expert"]}, "expert"),
        ({"players": 3, "game_length": "10"}, "^game length must be one of 20, 50, bust, got '10'$"),
        ({"players": 3, "render_mode": "rgb"}, "^unknown render mode 'rgb'; valid: human, ansi$"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(arguments, message):
    with pytest.raises(ValueError, match=message) as refused:
        env(**arguments)
    assert "\n" not in str(refused.value)

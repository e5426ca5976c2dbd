"""The Hold'em PettingZoo AEC environment (``sniper.games.holdem.env``): API conformance, the action mask
against the table's legal actions, the bet-size menu, hidden cards (H11), seeds and rewards."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from shared_checks import pettingzoo_tests, random_play  # noqa: E402

import sniper.games.poker52.table as table_module  # noqa: E402  (the table draws its decks there)
from sniper.games.holdem.agents import RandomAgent  # noqa: E402
from sniper.games.holdem.engine import ALL_IN_1, CHECK_CALL, DEAL, FOLD  # noqa: E402
from sniper.games.holdem.env import (  # noqa: E402
    BET_SIZES,
    FIRST_BET,
    N_ACTIONS,
    OBS_FIELDS,
    OBS_SIZE,
    action_mask,
    env,
    raise_to,
    table_action,
)
from sniper.games.holdem.rules import STARTING_STACK  # noqa: E402
from sniper.games.holdem.table import HoldemTable  # noqa: E402
from sniper.games.poker52.cards import shuffled_deck  # noqa: E402

PARAMS = [
    {"players": 2},
    {"players": 6, "opponents": [RandomAgent()] * 3, "game_length": "50"},
    {"players": 9, "opponents": [RandomAgent()] * 7, "game_length": "bust"},
]


test_pettingzoo_api, test_pettingzoo_seed_test = pettingzoo_tests(env, PARAMS)


def field(vector: np.ndarray, name: str) -> np.ndarray:
    """The entries of field ``name`` (``OBS_FIELDS``) of an observation vector."""
    start = 0
    for other, length in OBS_FIELDS:
        if other == name:
            return vector[start : start + length]
        start += length
    raise KeyError(name)


def play(environment, seed, policy_seed, episodes=2, call=0.0):
    """Run ``episodes`` games with a seeded random policy over the action masks (check/call with
    probability ``call``, else uniform); the trajectory of (agent, observation, mask, reward, action)."""

    def choose(rng, legal):
        return CHECK_CALL if rng.random() < call else int(rng.choice(legal))

    return random_play(environment, seed, policy_seed, episodes, choose)


def test_the_menu_of_a_preflop_spot_is_the_documented_raise_to_amounts():
    """Three seats, button 0: seat 1 posts 1, seat 2 posts 2 and seat 0 acts first, owing 2: the pot a
    call makes is 5, so half pot is to 2 + 2 = 4, three quarters to 2 + 3, pot to 7, twice to 12."""
    table = HoldemTable(3, seed=1, game=0)
    table.apply(DEAL)
    obs = table.observe(0)
    assert (obs.bets, obs.pot, obs.min_raise_to, obs.max_raise_to) == ((0, 1, 2), 0, 4, STARTING_STACK)
    assert [raise_to(obs, size) for size in BET_SIZES] == [4, 4, 5, 7, 12, 200]
    assert [table_action(obs, a) for a in range(N_ACTIONS)] == [FOLD, CHECK_CALL, 4, 4, 5, 7, 12, 200]


def test_the_mask_offers_a_one_chip_all_in_bet_h5():
    """Heads-up, seat 0 (big blind, 3 chips) checks to the flop with 1 chip behind: all in for 1 is legal
    (H5), so every bet size is marked and each is the table's 1-chip all-in bet."""
    table = HoldemTable(2, seed=1, game=0, stacks=[3, 200], button=1)
    table.apply(DEAL)
    table.apply(CHECK_CALL)
    table.apply(CHECK_CALL)
    obs = table.observe(0)
    assert obs.street == 1 and obs.legal == (CHECK_CALL, ALL_IN_1)
    assert action_mask(obs).tolist() == [0, 1, *[1] * len(BET_SIZES)]
    assert {table_action(obs, a) for a in range(FIRST_BET, N_ACTIONS)} == {ALL_IN_1}
    table.apply(table_action(obs, N_ACTIONS - 1))
    assert table.hand.actions[-1].to == 1 and table.hand.stacks()[0] == 0


def test_the_mask_marks_exactly_the_actions_that_map_to_legal_table_actions():
    environment = env(players=4, opponents=[RandomAgent()], game_length="50")
    raw = environment.unwrapped
    rng = np.random.default_rng(5)
    counts = {"fold": 0, "raise": 0, "no raise": 0}
    for seed in range(8):
        environment.reset(seed=seed)
        for agent in environment.agent_iter():
            obs, _, terminated, truncated, _ = environment.last()
            mask = obs["action_mask"]
            if terminated or truncated:
                assert not mask.any()
                environment.step(None)
                continue
            seen = raw.table.observe(raw.agent_seat[agent])
            legal = raw.table.legal_actions()
            assert mask[FOLD] == (FOLD in legal) and mask[CHECK_CALL] == 1
            assert mask[FIRST_BET:].all() == (seen.min_raise_to is not None) == mask[FIRST_BET:].any()
            mapped = [table_action(seen, a) for a in np.flatnonzero(mask)]
            assert all(a in legal for a in mapped)
            if mask[FIRST_BET]:
                sizes = mapped[-len(BET_SIZES) :]
                assert sizes == sorted(sizes) and (sizes[0], sizes[-1]) == (
                    min(a for a in legal if a > CHECK_CALL),
                    max(legal),
                )
            for a in np.flatnonzero(mask == 0):
                with pytest.raises(ValueError, match=f"^action {a} is not legal"):
                    table_action(seen, int(a))
            counts["fold"] += int(mask[FOLD])
            counts["raise" if mask[FIRST_BET] else "no raise"] += 1
            environment.step(int(rng.choice(np.flatnonzero(mask))))
    assert min(counts.values()) >= 20, counts


@pytest.mark.parametrize("hidden", ["hole", "river"])
def test_flipping_a_hidden_card_changes_no_other_seat_s_observation(monkeypatch, hidden):
    """Hand 0 of three seats deals seats 1, 2, 0 (deck 0-5) and the board (deck 6-10); deck 11 is never
    dealt. Swapping it with seat 1's first card (or the river) must leave every observation it may
    not see unchanged: the other seats' all hand long (the river's, every seat's before the river)."""
    position = 0 if hidden == "hole" else 10

    def flipped(seed, game, hand, n_cards=52):
        deck = shuffled_deck(seed, game, hand)
        deck[position], deck[11] = deck[11], deck[position]
        return deck[:n_cards]

    def hand_zero(seed):
        environment = env(players=3, game_length="50").unwrapped
        rng = np.random.default_rng(seed)
        environment.reset(seed=seed)
        seen = []
        while environment.table.hand_index == 0 and not environment.table.hand_over():
            hand = environment.table.hand
            for agent, seat in environment.agent_seat.items():
                if (seat != 1) if hidden == "hole" else len(hand.board) < 5:
                    seen.append((seat, environment.observe(agent)["observation"].tolist()))
            mask = environment.observe(environment.agent_selection)["action_mask"]
            environment.step(CHECK_CALL if rng.random() < 0.8 else int(rng.choice(np.flatnonzero(mask))))
        return seen, environment.table.hands[0]

    compared = 0
    for seed in range(4):
        plain, hand = hand_zero(seed)
        monkeypatch.setattr(table_module, "shuffled_deck", flipped)
        swapped, other = hand_zero(seed)
        monkeypatch.undo()
        card = hand.holes[1][0] if hidden == "hole" else hand.full_board[-1]
        assert card != (other.holes[1][0] if hidden == "hole" else other.full_board[-1]), "the card was flipped"
        assert plain == swapped
        compared += len(plain)
    assert compared >= 30


def test_an_observation_shows_the_seat_s_own_cards_and_the_board_only():
    environment = env(players=5, game_length="50").unwrapped
    environment.reset(seed=3)
    hand = environment.table.hand
    for agent, seat in environment.agent_seat.items():
        vector = environment.observe(agent)["observation"]
        assert vector.shape == (OBS_SIZE,)
        assert np.flatnonzero(field(vector, "hole")).tolist() == sorted(hand.holes[seat])
        assert not field(vector, "board").any() and field(vector, "seat")[0] == seat
        assert field(vector, "stacks")[:5].tolist() == list(hand.stacks()) and not field(vector, "stacks")[5:].any()


def test_same_seed_same_games_other_seed_other_games():
    make = lambda: env(players=4, opponents=[RandomAgent(), RandomAgent()], game_length="50")  # noqa: E731
    first = play(make(), seed=11, policy_seed=0)
    assert first == play(make(), seed=11, policy_seed=0)
    assert first != play(make(), seed=12, policy_seed=0)
    assert {step[0] for step in first} == {"player_0", "player_1"}, "only the learner's seats are agents"


def test_rewards_are_net_chips_summing_to_the_final_stack():
    environment = env(players=3, opponents=[RandomAgent()], game_length="50")
    trajectory = random_play(environment, seed=2, policy_seed=3, episodes=1)
    totals = dict.fromkeys(environment.possible_agents, 0)
    for agent, _, _, reward, _ in trajectory:
        totals[agent] += reward
    table = environment.unwrapped.table
    assert table.is_over() and any(totals.values())
    assert totals == {f"player_{s}": table.stacks[s] - STARTING_STACK for s in range(2)}
    assert sum(table.stacks) == 3 * STARTING_STACK, "chips are conserved"


def test_an_illegal_action_ends_the_game_with_a_penalty():
    environment = env(players=2)
    environment.reset(seed=0)
    while environment.last()[0]["action_mask"].all():  # call until folding is not offered (checking is free)
        environment.step(CHECK_CALL)
    agent = environment.agent_selection
    assert environment.last()[0]["action_mask"][FOLD] == 0
    environment.step(FOLD)
    assert environment.rewards[agent] == -1 and all(environment.terminations.values())


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="^players must be 2-9, got 10"):
        env(players=10)
    with pytest.raises(ValueError, match="^2 opponents leave no seat of 2"):
        env(players=2, opponents=[RandomAgent(), RandomAgent()])
    with pytest.raises(ValueError, match="^opponents must be Hold'em agents"):
        env(players=3, opponents=[object()])
    with pytest.raises(ValueError, match="^unknown no-limit Hold'em level 'expert'"):
        env(players=3, opponents=["expert"])
    with pytest.raises(ValueError, match="^game length must be one of"):
        env(players=3, game_length="20")

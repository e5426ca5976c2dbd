"""The table state's API (``sniper.core.table.TableState``, Sniper Hold'em's ``SniperTable``), checked as
OpenSpiel's random-playout tests check a game: over whole games of random legal actions, the legal
actions are non-empty until the game is over, an illegal action raises ``ValueError`` naming it and
changes nothing, the returns sum to 0, ``observe(seat)`` holds only what R10 lets the seat know, and
the game is the one ``sniper.games.sniper_holdem.play.play_game`` plays (R3, R9, R12)."""

import copy
import random
from collections import Counter

import pytest
from test_conformance import hidden_changed, turned

from sniper.core.registry import get_game
from sniper.core.table import CHANCE, TERMINAL, TableState
from sniper.games.sniper_holdem.engine import Phase
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.results import hand_rows
from sniper.games.sniper_holdem.rules import DEAL, N_SEAT_ACTIONS, PASS_ACTION, SNIPE_ACTION, make_rules

GAME = get_game("sniper")
CASES = [(2, "ours", "10", 1), (3, "show", "20", 2), (4, "ours", "bust", 3), (6, "show", "10", 4), (5, "ours", "20", 5)]
"""(seats, rules, game length, seed)."""


def hidden_redrawn(table, seat: int, rng: random.Random):
    """A copy of ``table`` whose hand is replayed on a deal redrawing all R10 hides from ``seat``: the
    other seats' private cards (except those shown at a showdown) and the board cards not turned."""
    other = copy.copy(table)
    other.hand = hidden_changed(table.hand, seat, rng)
    return other


def snapshot(table):
    hand = table.hand
    moves = None if hand is None else (len(hand.bets), len(hand.snipes), hand.phase)
    return table.current_player(), table.legal_actions(), moves, list(table.stacks), len(table.hands), table.ended


def illegal_actions(legal) -> list:
    """Actions that are not legal now: every integer of the numbering (and around it) not in ``legal``,
    and values that are no action at all."""
    return [a for a in range(-2, N_SEAT_ACTIONS + 3) if a not in legal] + [True, "3", 1.0, None]


@pytest.mark.parametrize(("seats", "rules_name", "length", "seed"), CASES)
def test_random_playouts_keep_the_api_consistent(seats, rules_name, length, seed):
    rules = make_rules(rules_name, length)
    table = GAME.new_table(seats, rules, seed, 0)
    assert isinstance(table, TableState)
    rng = random.Random(seed)
    kinds = Counter()
    while True:
        player, legal = table.current_player(), table.legal_actions()
        assert table.is_over() == (player == TERMINAL) == (legal == ())
        assert sum(table.returns()) == 0, "chips are conserved (R9)"
        assert list(legal) == sorted(set(legal))
        if table.is_over():
            break
        if player == CHANCE:
            assert legal == (DEAL,)
        else:
            assert 0 <= player < seats and all(0 <= a < N_SEAT_ACTIONS for a in legal)
            snipe = table.hand.phase == Phase.SNIPE
            assert (legal == tuple(range(PASS_ACTION, N_SEAT_ACTIONS))) == snipe
            assert legal == (tuple(range(PASS_ACTION, N_SEAT_ACTIONS)) if snipe else table.observe(player).legal)
            for seat in range(seats):  # R10: nothing hidden from the seat shows in what it observes
                seen = table.observe(seat)
                assert seen.private == tuple(table.hand.private.get(seat, ()))
                assert seen.board == table.hand.board[: turned(table.hand)]
                assert hidden_redrawn(table, seat, rng).observe(seat) == seen, f"seat {seat} sees what R10 hides"
        before = snapshot(table)
        for bad in rng.sample(illegal_actions(legal), 6):
            with pytest.raises(ValueError, match=f"action {bad!r}"):
                table.apply(bad)
            assert snapshot(table) == before, f"the illegal action {bad!r} changed the table"
        action = rng.choice(legal)
        kinds["deal" if action == DEAL else "snipe" if action >= PASS_ACTION else "bet"] += 1
        table.apply(action)
    assert table.legal_actions() == () and table.current_player() == TERMINAL
    with pytest.raises(ValueError, match="the game is over"):
        table.apply(DEAL)
    start = rules.starting_stack
    assert table.returns() == tuple(s - start for s in table.stacks)
    left = sum(at and chips > 0 for at, chips in zip(table.at_table, table.stacks))
    assert table.ended == ("chips" if left < 2 else "hands") and (left < 2 or len(table.hands) == rules.hands_per_game)
    assert kinds["deal"] == len(table.hands) and kinds["bet"] and kinds["snipe"]


def test_an_illegal_action_is_named_in_the_error():
    table = GAME.new_table(3, make_rules("ours", "10"), 1, 0)
    with pytest.raises(ValueError, match=r"action 0 \(FOLD\) is not legal at the deal now; legal: DEAL"):
        table.apply(0)
    table.apply(DEAL)
    with pytest.raises(ValueError, match=r"action 9 \(SNIPE_1\) is not legal for seat 0 now; legal: CHECK"):
        table.apply(SNIPE_ACTION + 1)
    with pytest.raises(ValueError, match="seat must be 0-2, got 3"):
        table.observe(3)
    with pytest.raises(ValueError, match="no hand has been dealt yet"):
        GAME.new_table(3, make_rules("ours", "10"), 1, 0).observe(0)


@pytest.mark.parametrize(("seats", "rules_name", "length", "seed"), CASES)
def test_the_table_plays_the_game_play_game_plays(seats, rules_name, length, seed):
    """The same agents on a bare table, driven here by hand, play ``play_game``'s game (R13): every
    hand, and the game ends at the same point with the same returns."""
    rules = make_rules(rules_name, length)
    agents = [make_agent(spec) for spec in ["random", "easy"] * 3][:seats]
    reference = list(play_game(agents, seed, 7, rules))
    table = GAME.new_table(seats, rules, seed, 7)
    while not table.is_over():
        seat = table.current_player()
        if seat == CHANCE:
            table.apply(DEAL)
            continue
        obs, stream = table.observe(seat), table.stream()
        snipe = table.hand.phase == Phase.SNIPE
        table.apply(table.action_of(agents[seat].snipe(obs, stream) if snipe else agents[seat].act(obs, stream)))
    labels = [a.spec for a in agents]
    assert [hand_rows(h, 7, i, labels) for i, h in enumerate(table.hands)] == [
        hand_rows(h, 7, i, labels) for i, h in enumerate(reference)
    ]
    assert sum(table.returns()) == 0 and table.returns() != (0,) * seats

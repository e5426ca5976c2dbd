"""What a seat is told (R10): nothing of other seats' private cards or the unturned board leaks.

The test is counterfactual: replay the same actions on a deal where everything a seat may not know
is different (the other seats' private cards, the board cards not yet turned); every view the
seat gets must be identical, message for message. At a showdown only the folded seats' cards are
changed, since the showdown shows the others (R10).
"""

import random
from collections import Counter

import pytest

from kernels.sniper_holdem.codes import PASS, Act
from sniper.games.sniper_holdem.agents import RandomAgent
from sniper.games.sniper_holdem.cards import fresh_deck
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.play import deal_hand, decision_stream
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.views import ACTION_NAMES, best_so_far, hand_view
from sniper.serve.bot import observation_of
from sniper.serve.table import timeout_choice

RULES = make_rules()


def random_hand(seed: int, n: int) -> tuple[HandState, list[int]]:
    """A finished hand of ``n`` random agents from random stacks, and its moves in order."""
    rng = random.Random(seed)
    stacks = [rng.choice([1, 2, 3, 5, 8, 20, 60, 90]) for _ in range(n)]
    at_table = [True] * n
    state = deal_hand(stacks, at_table, rng.randrange(n), seed, 0, 0, RULES)
    agent, moves, decisions = RandomAgent(), [], [0] * n
    while state.phase != Phase.DONE:
        seat = state.sniper if state.phase == Phase.SNIPE else state.actor
        stream = decision_stream(seed, 0, 0, seat, decisions[seat])
        decisions[seat] += 1
        obs = Observation.of(state, seat)
        move = agent.snipe(obs, stream) if state.phase == Phase.SNIPE else agent.act(obs, stream)
        moves.append(move)
        (state.snipe if state.phase == Phase.SNIPE else state.act)(move)
    return state, moves


def redeal(state: HandState, keep: set[int], keep_board: int, rng: random.Random) -> HandState:
    """A fresh start of ``state``'s hand where only ``keep`` seats' cards and the first ``keep_board``
    board cards stay; every other card is drawn again from the rest of the deck."""
    known = [c for s in keep for c in state.private[s]] + list(state.board[:keep_board])
    rest = list((Counter(fresh_deck()) - Counter(known)).elements())
    rng.shuffle(rest)
    private = {s: (cards if s in keep else (rest.pop(), rest.pop())) for s, cards in state.private.items()}
    board = tuple(state.board[:keep_board]) + tuple(rest.pop() for _ in range(4 - keep_board))
    return HandState(state.stacks, state.first, private, board, state.rules, state.in_play)


def apply(state: HandState, move: int) -> None:
    (state.snipe if state.phase == Phase.SNIPE else state.act)(move)


def views_along(state: HandState, moves: list[int], seat: int, flags: list | None = None) -> list[dict]:
    """The seat's view after each move; ``flags`` gets (in round 1, showdown reached) per step from the engine."""
    out = [hand_view(state, seat)]
    for move in [None, *moves]:
        if move is not None:
            apply(state, move)
            out.append(hand_view(state, seat))
        if flags is not None:
            ended_in_round_1 = state.phase == Phase.DONE and state.result is None and state.bets[-1].round == 1
            flags.append((state.phase == Phase.BETTING_1 or ended_in_round_1, state.result is not None))
    return out


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_no_view_depends_on_what_the_seat_may_not_know(n):
    """R10: over many random hands, every view of a seat is unchanged when the other seats' private
    cards and the unturned board change; at a showdown, when the folded seats' cards change."""
    rng = random.Random(n)
    shown = uncontested = 0
    for seed in range(60):
        final, moves = random_hand(1000 * n + seed, n)
        for seat in final.private:
            start = redeal(final, set(final.private), 4, rng)
            flags = []
            truth = views_along(start, moves, seat, flags)
            # keep 4 board cards: compare until a showdown; keep 2: compare while only 2 are face up
            for keep_board, secret in ((4, [not shown for _, shown in flags]), (2, [early for early, _ in flags])):
                other = redeal(final, {seat}, keep_board, rng)
                for step, move in enumerate([None, *moves]):
                    if move is not None:
                        apply(other, move)
                    if secret[step]:
                        assert hand_view(other, seat) == truth[step], f"seed {seed} seat {seat} step {step}: leak"
            assert all(len(view["board"]) in (2, 4) for view in truth)
            if final.result is None:
                uncontested += 1
                assert truth[-1]["result"]["showdown"] is None
            else:
                shown += 1
                folded = {s for s in final.private if final.folded[s] and s != seat}
                if folded:
                    keep = set(final.private) - folded
                    again = views_along(redeal(final, keep, 4, rng), moves, seat)
                    assert again == truth, f"seed {seed} seat {seat}: a folded hand was shown"
                showdown = truth[-1]["result"]["showdown"]
                assert {s["seat"] for s in showdown} == set(final.live)
    assert shown and uncontested, "the sample must cover showdowns and uncontested hands"


def test_uncontested_round_one_keeps_the_last_two_board_cards_hidden():
    """R4: a hand won by folds in betting round 1 never turns the last two community cards."""
    state = HandState((60, 60), 0, {0: (1, 2), 1: (3, 4)}, (5, 6, 7, 8))
    state.act(Act.RAISE_1)
    state.act(Act.FOLD)
    assert state.visible == 2 and Observation.of(state, 1).board == (5, 6)
    view = hand_view(state, 0)
    assert view["board"] == [5, 6] and view["result"]["showdown"] is None and view["result"]["winners"] == [0]


def test_view_round_trips_to_the_observation():
    """The bot side rebuilds exactly ``Observation.of`` from a view (R10), at every decision."""
    for seed in range(20):
        final, moves = random_hand(seed, 4)
        state = redeal(final, set(final.private), 4, random.Random(0))
        for move in moves:
            seat = state.sniper if state.phase == Phase.SNIPE else state.actor
            message = {"seat": seat, "hand": hand_view(state, seat)}
            assert observation_of(message) == Observation.of(state, seat)
            apply(state, move)


def test_helper_names_the_best_hand_and_warns_when_sniped():
    """R11 "Show my best hand": worked example 1 (R8) and a snipe that hits it (R7)."""
    state = HandState((60, 60), 0, {0: (7, 7), 1: (3, 4)}, (7, 2, 2, 9))
    assert best_so_far((7, 7), (7, 2), ())["name"] == "7 three of a kind"
    state.act(Act.CHECK)
    state.act(Act.CHECK)
    state.act(Act.CHECK)
    state.act(Act.CHECK)
    assert hand_view(state, 0)["best"] == {"name": "7 full house", "final": True, "sniped_by": []}
    from sniper.games.sniper_holdem.hands import parse_snipe

    state.snipe(PASS)
    state.snipe(parse_snipe("7 full house").code)
    assert hand_view(state, 0)["result"]["showdown"][0]["sniped"] is True
    assert hand_view(state, 0)["best"]["sniped_by"] == [1]


def test_timeout_rule():
    """R11: running out of time checks if possible, folds if chips are owed, passes in the snipe round."""
    state = HandState((60, 60, 60), 0, {0: (1, 2), 1: (3, 4), 2: (5, 6)}, (7, 8, 9, 10))
    assert timeout_choice(state) == Act.CHECK
    state.act(Act.RAISE_3)
    assert timeout_choice(state) == Act.FOLD
    state.act(Act.CALL)
    state.act(Act.CALL)
    for _ in range(3):
        state.act(Act.CHECK)
    assert state.phase == Phase.SNIPE and timeout_choice(state) == PASS


def test_action_names_cover_every_betting_action():
    """R6: seven betting actions, seven distinct wire names."""
    assert sorted(ACTION_NAMES) == [Act.FOLD, Act.CHECK, Act.CALL, Act.RAISE_1, Act.RAISE_3, Act.RAISE_5, Act.ALL_IN]
    assert len(set(ACTION_NAMES.values())) == 7


def test_options_carry_the_chips_each_action_puts_in_and_to_call_what_is_owed():
    """R6: each legal action of the actor with the chips the engine then records and B after it;
    ``to_call`` is ``B - r[p]`` for a seat still betting, and 0 once it folded or the hand is done."""
    calls = 0
    for seed in range(40):
        final, moves = random_hand(500 + seed, 4)
        state = redeal(final, set(final.private), 4, random.Random(seed))
        for move in moves:
            views = {seat: hand_view(state, seat) for seat in state.private}
            for seat, view in views.items():
                betting = state.phase in (Phase.BETTING_1, Phase.BETTING_2) and not state.folded[seat]
                assert view["to_call"] == (state.level - state.round_put[seat] if betting else 0)
            if state.phase != Phase.SNIPE:
                view = views[state.actor]
                assert [o["action"] for o in view["options"]] == view["legal"]
                call = [o["chips"] for o in view["options"] if o["action"] == "call"]
                assert view["to_call"] == (call[0] if call else 0)
                calls += bool(call)
                chosen = next(o for o in view["options"] if o["action"] == ACTION_NAMES[move])
                record = state.act(move)
                assert (chosen["chips"], chosen["level_after"]) == (record.chips, record.level_after)
                assert all(v["options"] == [] for s, v in views.items() if s != record.seat)
            else:
                assert all(v["options"] == [] for v in views.values())
                apply(state, move)
        done = hand_view(state, 0)
        assert done["to_call"] == 0 and done["options"] == []
    assert calls, "the sample must cover calls"

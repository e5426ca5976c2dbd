"""The rules of RULES.md as tests: the ten worked examples, then focused tests per rule (R1–R13).

Expected values come from the rule text, worked out by hand in each docstring; none is copied from
the engine's output. Seats are named A = 0, B = 1, C = 2, D = 3.
"""

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from kernels.sniper_holdem.codes import N_SNIPES, PASS, SNIPE_CODE, Act, Category
from sniper.games.sniper_holdem.agents import RandomAgent
from sniper.games.sniper_holdem.cards import NUMBERS, deal, fresh_deck, shuffled_deck
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.hands import ALL_SNIPES, Hand, Snipe, best_hand, parse_snipe, strength
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.play import next_first, play_game, play_hand
from sniper.games.sniper_holdem.rules import PRESETS, Rules, make_rules
from sniper.games.sniper_holdem.showdown import showdown, split_pot

A, B, C, D = 0, 1, 2, 3
BOARD = (7, 8, 9, 10)
PRIVATE = {A: (1, 2), B: (3, 4), C: (5, 6), D: (1, 3), 4: (2, 4), 5: (5, 1)}


def new_hand(stacks, first=A, private=None, board=BOARD, rules="ours"):
    """A hand dealt to every seat with chips, with fixed cards unless given."""
    seats = [seat for seat, stack in enumerate(stacks) if stack > 0]
    private = private or {seat: PRIVATE[seat] for seat in seats}
    return HandState(tuple(stacks), first, private, board, rules)


def play(state, *actions):
    """Apply betting actions in turn, checking the invariants after each; returns the state."""
    for action in actions:
        state.act(action)
        state.check_invariants()
    return state


def snipe_all(state, *names):
    """Snipe round: each name in turn ("pass" or a snipe name); returns the state."""
    for name in names:
        state.snipe(PASS if name == "pass" else parse_snipe(name).code)
    return state


def actors(state, actions):
    """Seats that took ``actions`` in turn."""
    seats = []
    for action in actions:
        seats.append(state.actor)
        state.act(action)
    return seats


class PassiveAgent:
    """Checks when it can, else calls; always passes the snipe. Never busts anyone quickly."""

    spec = "passive"

    def act(self, obs, stream):
        return Act.CHECK if Act.CHECK in obs.legal else Act.CALL

    def snipe(self, obs, stream):
        return PASS


# ----- worked examples ------------------------------------------------------------------------


def test_example_1_full_house():
    """Example 1 (R8): private 7 7, board 7 2 2 9 → "7 full house", three 7s over a pair of 2s."""
    hand = best_hand((7, 7), (7, 2, 2, 9))
    assert hand.category == Category.FULL_HOUSE
    assert hand.numbers == (7, 7, 7, 2, 2)
    assert hand.name == "7 full house"


def test_example_2_low_straight():
    """Example 2 (R8): private 3 4, board 5 6 7 10 → "7 straight" (3-4-5-6-7)."""
    hand = best_hand((3, 4), (5, 6, 7, 10))
    assert (hand.category, hand.top) == (Category.STRAIGHT, 7)
    assert sorted(hand.numbers) == [3, 4, 5, 6, 7]


def test_example_3_ten_straight():
    """Example 3 (R8): private 10 1, board 7 8 9 6 → "10 straight" (6-10); the 1 plays no part."""
    hand = best_hand((10, 1), (7, 8, 9, 6))
    assert (hand.category, hand.top) == (Category.STRAIGHT, 10)
    assert sorted(hand.numbers) == [6, 7, 8, 9, 10]


def test_example_4_no_wrap():
    """Example 4 (R8): private 7 8, board 9 10 1 3 → no wrap, "10 high card", 10 9 8 7 3."""
    hand = best_hand((7, 8), (9, 10, 1, 3))
    assert hand.category == Category.HIGH_CARD
    assert hand.numbers == (10, 9, 8, 7, 3)
    assert hand.name == "10 high card"


def test_example_5_other_private_card_breaks_tie():
    """Example 5 (R8 steps 2–4): board 9 9 5 5; A 10 2, B 10 3 → equal two pair with a 10
    kicker and equal higher private card; the other private card 3 > 2 gives B the pot."""
    board = (9, 9, 5, 5)
    assert best_hand((10, 2), board) == best_hand((10, 3), board) == Hand(Category.TWO_PAIR, (9, 9, 5, 5, 10))
    result = showdown(board, {A: (10, 2), B: (10, 3)}, [], pot=10, first=A, n_seats=2)
    assert result.winners == (B,)
    assert result.payout == (0, 10)


def test_example_6_split_odd_chip_to_first():
    """Example 6 (R8): board 9 9 5 5; A 10 2, B 2 10, pot 7, A first → split, A 4, B 3."""
    result = showdown((9, 9, 5, 5), {A: (10, 2), B: (2, 10)}, [], pot=7, first=A, n_seats=2)
    assert result.winners == (A, B)
    assert result.payout == (4, 3)


def test_example_6_odd_chip_follows_the_first_player():
    """Example 6 with B first (R8): the odd chip goes to B, the first player in betting order."""
    result = showdown((9, 9, 5, 5), {A: (10, 2), B: (2, 10)}, [], pot=7, first=B, n_seats=2)
    assert result.payout == (3, 4)


def test_example_7_sniped_full_house_ranks_last():
    """Example 7 (R8): board 6 6 9 9; A 6 2 ("6 full house"), B 9 3 ("9 full house"), C 4 5
    ("9 two pair", kicker 5). Only "9 full house" is sniped → B ranks last; A's full house wins."""
    board = (6, 6, 9, 9)
    private = {A: (6, 2), B: (9, 3), C: (4, 5)}
    assert best_hand(private[A], board).name == "6 full house"
    assert best_hand(private[B], board).name == "9 full house"
    assert best_hand(private[C], board) == Hand(Category.TWO_PAIR, (9, 9, 6, 6, 5))
    result = showdown(board, private, [parse_snipe("9 full house")], pot=9, first=A, n_seats=3)
    assert result.sniped == {A: False, B: True, C: False}
    assert result.winners == (A,)
    assert result.payout == (9, 0, 0)


def test_example_7_through_the_engine():
    """Example 7 played as a hand (R4, R7, R8): everyone checks, only C snipes "9 full house"."""
    state = new_hand((60, 60, 60), private={A: (6, 2), B: (9, 3), C: (4, 5)}, board=(6, 6, 9, 9))
    play(state, *[Act.CHECK] * 6)
    snipe_all(state, "pass", "pass", "9 full house")
    assert state.phase == Phase.DONE
    assert state.stacks_after == (62, 59, 59)


def test_example_8_all_sniped_split():
    """Example 8 (R8): as 7, only A and B reach the showdown, snipes "6 full house" and "9 full
    house" → both sniped, they tie for last and split, although B's full house is stronger."""
    board = (6, 6, 9, 9)
    snipes = [parse_snipe("6 full house"), parse_snipe("9 full house")]
    result = showdown(board, {A: (6, 2), B: (9, 3)}, snipes, pot=8, first=A, n_seats=3)
    assert result.sniped == {A: True, B: True}
    assert result.winners == (A, B)
    assert result.payout == (4, 4, 0)


def test_example_8_through_the_engine_folded_seat_gets_nothing():
    """Example 8 as a hand (R4, R8): A bets +1, B calls, C folds; both showdown hands are sniped.
    Pot = 3 antes + 1 + 1 = 5, split A 3 (odd chip, A is first), B 2; C, folded, gets nothing."""
    state = new_hand((60, 60, 60), private={A: (6, 2), B: (9, 3), C: (4, 5)}, board=(6, 6, 9, 9))
    play(state, Act.RAISE_1, Act.CALL, Act.FOLD, Act.CHECK, Act.CHECK)
    snipe_all(state, "6 full house", "9 full house")
    assert state.pot == 5
    assert state.payout == (3, 2, 0)
    assert state.stacks_after == (61, 60, 59)


def test_example_9_cap_and_skip():
    """Example 9 (R5, R6): stacks A 60, B 5, C 60, A first; the cap is 5. A bets +3 (commits 4).
    B may fold, call or go all-in (+1 reaches the cap, so it is the all-in); +3, +5 illegal.
    B all-in, C and A call: everyone is at the cap, round 2 is skipped, snipes follow, pot 15."""
    state = new_hand((60, 5, 60))
    assert state.cap == 5
    play(state, Act.RAISE_3)
    assert state.committed[A] == 4
    assert state.actor == B
    assert state.legal_actions() == (Act.FOLD, Act.CALL, Act.ALL_IN)
    assert state.chips_for(Act.ALL_IN) == 4
    for illegal in (Act.RAISE_1, Act.RAISE_3, Act.RAISE_5, Act.CHECK):
        assert not state.can_act(illegal)
    play(state, Act.ALL_IN)
    assert state.actor == C
    assert state.legal_actions() == (Act.FOLD, Act.CALL)
    play(state, Act.CALL)
    assert state.actor == A
    play(state, Act.CALL)
    assert state.phase == Phase.SNIPE
    assert state.betting_skipped
    assert state.visible == 4
    assert state.sniper == A
    assert state.pot == 15
    assert [bet.round for bet in state.bets] == [1, 1, 1, 1]


def test_example_10_fold_raises_cap():
    """Example 10 (R5): same start, B folds to A's bet → the cap becomes 60 and C may raise up
    to it: +1, +3, +5 and an all-in of 59 chips (commitment 60)."""
    state = play(new_hand((60, 5, 60)), Act.RAISE_3, Act.FOLD)
    assert state.cap == 60
    assert state.actor == C
    assert state.legal_actions() == (Act.FOLD, Act.CALL, Act.RAISE_1, Act.RAISE_3, Act.RAISE_5, Act.ALL_IN)
    assert state.chips_for(Act.ALL_IN) == 59
    play(state, Act.ALL_IN)
    assert state.committed[C] == 60


# ----- R1 cards ---------------------------------------------------------------------------------


def test_r1_deck_composition():
    """R1: 40 cards, the numbers 1–10, four copies each, no suits."""
    deck = fresh_deck()
    assert len(deck) == 40
    assert Counter(deck) == {number: 4 for number in range(1, 11)}
    assert NUMBERS == tuple(range(1, 11))


@pytest.mark.parametrize("seed", range(5))
def test_r1_every_hand_gets_a_fresh_full_shuffle(seed):
    """R1: each hand's deck is a permutation of the full 40-card deck, independently per hand."""
    decks = [shuffled_deck(seed, 0, hand) for hand in range(20)]
    for deck in decks:
        assert sorted(deck) == fresh_deck()
    assert len({tuple(deck) for deck in decks}) == 20


def test_r1_partial_shuffle_is_a_prefix_of_the_full_one():
    """R1, R13: dealing n cards takes the first n of the full shuffle (no burn cards)."""
    for n in (8, 12, 16, 40):
        assert shuffled_deck(7, 1, 3, n) == shuffled_deck(7, 1, 3)[:n]


# ----- R2 / R3 order ----------------------------------------------------------------------------


def test_r2_busted_seat_not_dealt_in():
    """R2: a seat with 0 chips is not dealt in: it antes nothing, never acts, never snipes."""
    state = new_hand((60, 0, 60, 60))
    assert state.folded[B]
    assert state.committed == [1, 0, 1, 1]
    assert actors(state, [Act.CHECK] * 6) == [A, C, D, A, C, D]
    for _ in range(3):
        state.snipe(PASS)
    assert [r.seat for r in state.snipes] == [A, C, D]
    assert state.payout[B] == 0 and state.stacks_after[B] == 0


def test_r3_betting_order_clockwise_from_first():
    """R3: with first = C at a 4-seat table, both rounds and the snipes run C, D, A, B."""
    state = new_hand((60, 60, 60, 60), first=C)
    assert actors(state, [Act.CHECK] * 4) == [C, D, A, B]
    assert state.phase == Phase.BETTING_2
    assert actors(state, [Act.CHECK] * 4) == [C, D, A, B]
    assert state.phase == Phase.SNIPE
    assert state.sniper == C


def test_r3_rounds_start_with_next_player_still_in():
    """R3: when the first player has folded, round 2 and the snipe round start with the next
    player still in. First = C; C checks, D bets, A and B call, C folds."""
    state = new_hand((60, 60, 60, 60), first=C)
    play(state, Act.CHECK, Act.RAISE_1, Act.CALL, Act.CALL, Act.FOLD)
    assert state.phase == Phase.BETTING_2
    assert actors(state, [Act.CHECK] * 3) == [D, A, B]
    assert [state.snipe(PASS).seat for _ in range(3)] == [D, A, B]


def test_r3_action_continues_clockwise_after_a_raise():
    """R3, R6: after B raises, the action goes on clockwise from B: C, then A."""
    state = new_hand((60, 60, 60))
    assert actors(state, [Act.CHECK, Act.RAISE_1, Act.CALL, Act.CALL]) == [A, B, C, A]
    assert state.phase == Phase.BETTING_2


def test_r3_next_first_skips_seats_without_chips():
    """R3: the next first player is the next seat clockwise after the previous one with chips."""
    assert next_first(0, [True, True, True]) == 1
    assert next_first(2, [True, True, True]) == 0
    assert next_first(0, [True, False, True]) == 2
    assert next_first(1, [False, True, False, True]) == 3
    assert next_first(3, [False, True, False, True]) == 1
    assert next_first(2, [False, False, True, True]) == 3


def test_r3_rotation_in_games_skips_busted_seats():
    """R3, R9: in played games, each hand's first player is the next seat clockwise after the
    previous hand's first that still has chips, also when a seat has busted in between."""
    agents = [RandomAgent() for _ in range(4)]
    rules = make_rules("ours", "20", starting_stack=6)
    skipped_a_bust = False
    for seed in range(30):
        hands = list(play_game(agents, seed, 0, rules))
        assert hands[0].first == 0
        for before, after in zip(hands, hands[1:]):
            stacks = before.stacks_after
            expected = next((before.first + step) % 4 for step in range(1, 5) if stacks[(before.first + step) % 4] > 0)
            assert after.first == expected
            skipped_a_bust |= stacks[(before.first + 1) % 4] == 0
    assert skipped_a_bust, "no game exercised a busted seat next to the first player"


# ----- R4 a hand --------------------------------------------------------------------------------


def test_r4_ante_and_deal():
    """R4.1–2: every player dealt in antes 1 chip; 2 board cards show in round 1, 4 afterwards."""
    state = new_hand((60, 60, 0, 60))
    assert state.committed == [1, 1, 0, 1]
    assert state.pot == 3
    assert state.visible == 2
    assert Observation.of(state, A).board == BOARD[:2]
    play(state, *[Act.CHECK] * 3)
    assert state.visible == 4
    assert Observation.of(state, A).board == BOARD


def test_r4_all_fold_but_one_ends_at_once():
    """R4: A bets +1, B and C fold → A takes the pot (3 antes + 1 = 4) at once: no round 2,
    no snipe round, no showdown (no cards shown)."""
    state = play(new_hand((60, 60, 60)), Act.RAISE_1, Act.FOLD, Act.FOLD)
    assert state.phase == Phase.DONE
    assert state.actor is None and state.sniper is None
    assert state.snipes == [] and state.result is None
    assert state.payout == (4, 0, 0)
    assert state.stacks_after == (62, 59, 59)
    assert not state.can_snipe(PASS)
    with pytest.raises(ValueError):
        state.snipe(PASS)
    with pytest.raises(ValueError):
        state.act(Act.CHECK)


def test_r4_all_fold_in_round_two():
    """R4: everyone folding to a bet in round 2 also ends the hand before the snipe round."""
    state = play(new_hand((60, 60)), Act.CHECK, Act.CHECK, Act.RAISE_5, Act.FOLD)
    assert state.phase == Phase.DONE
    assert state.result is None and state.snipes == []
    assert state.stacks_after == (61, 59)


def test_r4_full_hand_sequence():
    """R4: ante → round 1 (2 cards) → round 2 (4 cards) → snipe round → showdown."""
    state = new_hand((60, 60))
    assert (state.phase, state.visible) == (Phase.BETTING_1, 2)
    play(state, Act.CHECK, Act.CHECK)
    assert (state.phase, state.visible) == (Phase.BETTING_2, 4)
    play(state, Act.CHECK, Act.CHECK)
    assert state.phase == Phase.SNIPE
    snipe_all(state, "pass", "pass")
    assert state.phase == Phase.DONE
    assert state.result is not None


# ----- R5 the cap -------------------------------------------------------------------------------


def test_r5_cap_is_smallest_stack_before_ante():
    """R5: C = min stack before the ante among players still in; the ante counts toward it.
    Stacks 60, 3: after the ante A has 1 in, so +1 (commit 2) is legal, +3 (commit 4) is not,
    and the all-in puts in 2."""
    state = new_hand((60, 3))
    assert state.cap == 3
    assert state.legal_actions() == (Act.CHECK, Act.RAISE_1, Act.ALL_IN)
    assert state.chips_for(Act.ALL_IN) == 2


def test_r5_busted_seats_do_not_set_the_cap():
    """R5: seats not in the hand (0 chips) do not count toward the cap."""
    assert new_hand((60, 0, 40)).cap == 40


def test_r5_cap_does_not_drop_when_a_big_stack_folds():
    """R5: the cap is recomputed on a fold over the players still in; a big stack folding
    leaves it at the smallest stack."""
    state = play(new_hand((60, 10, 30)), Act.RAISE_1, Act.CALL, Act.FOLD)
    assert state.cap == 10


def test_r5_cap_rises_and_capped_players_act_again():
    """R5: A 60, B 60, C 5, D 60; cap 5. A all-in (5), B calls (5): both at the cap. C folds →
    cap 60, so A and B are below it. D raises +5 (level 9): A and B owe 5 and act again."""
    state = play(new_hand((60, 60, 5, 60)), Act.ALL_IN, Act.CALL)
    assert state.at_cap(A) and state.at_cap(B)
    play(state, Act.FOLD)
    assert state.cap == 60
    assert not state.at_cap(A) and not state.at_cap(B)
    play(state, Act.RAISE_5)
    assert state.committed[D] == 10
    assert state.actor == A
    assert state.legal_actions() == (Act.FOLD, Act.CALL, Act.RAISE_1, Act.RAISE_3, Act.RAISE_5, Act.ALL_IN)
    play(state, Act.CALL)
    assert state.actor == B
    play(state, Act.CALL)
    assert state.phase == Phase.BETTING_2


def test_r5_capped_players_bet_again_next_round_after_cap_rises():
    """R5, R6: as above but D calls: every player still in has acted since A's all-in and
    matched it, so round 1 ends; in round 2 A, B and D, all at 5 of a cap of 60, bet again."""
    state = play(new_hand((60, 60, 5, 60)), Act.ALL_IN, Act.CALL, Act.FOLD, Act.CALL)
    assert state.phase == Phase.BETTING_2
    assert state.committed == [5, 5, 1, 5]
    assert not state.betting_skipped
    assert state.actor == A
    assert Act.RAISE_5 in state.legal_actions()


# ----- R6 betting rounds ------------------------------------------------------------------------


def test_r6_check_and_fold_legality():
    """R6: check only when r == B; fold only when owing (folding when you could check is illegal)."""
    state = new_hand((60, 60, 60))
    assert state.can_act(Act.CHECK)
    assert not state.can_act(Act.FOLD)
    assert not state.can_act(Act.CALL)
    with pytest.raises(ValueError, match="FOLD"):
        state.verify_action(Act.FOLD)
    play(state, Act.RAISE_1)
    assert state.can_act(Act.FOLD) and state.can_act(Act.CALL)
    assert not state.can_act(Act.CHECK)


def test_r6_illegal_action_leaves_state_unchanged():
    """R6 (verify/can/act): an illegal action raises ``ValueError`` and changes nothing."""
    state = new_hand((60, 60))
    with pytest.raises(ValueError):
        state.act(Act.FOLD)
    assert state.bets == [] and state.actor == A and state.committed == [1, 1]


def test_r6_raise_amounts():
    """R6: +k raises the level to B + k and costs B + k − r[p]. A bets +3 (puts 3); B raises +5
    (level 8, puts 8); A raises +1 (level 9, puts 9 − 3 = 6); B calls (puts 1)."""
    state = new_hand((60, 60))
    assert [state.chips_for(a) for a in (Act.RAISE_1, Act.RAISE_3, Act.RAISE_5)] == [1, 3, 5]
    record = state.act(Act.RAISE_3)
    assert (record.seat, record.chips) == (A, 3)
    assert state.act(Act.RAISE_5).chips == 8
    assert state.level == 8
    assert state.act(Act.RAISE_1).chips == 6
    assert state.level == 9
    assert state.act(Act.CALL).chips == 1
    assert state.committed == [10, 10]
    assert state.phase == Phase.BETTING_2


@pytest.mark.parametrize("k, action", [(1, Act.RAISE_1), (3, Act.RAISE_3), (5, Act.RAISE_5)])
def test_r6_step_reaching_cap_exactly_is_the_all_in(k, action):
    """R6: with a cap of 1 + k, A's bet +k commits exactly the cap, so it is the all-in (one
    action per chip amount): the +k id is not offered, smaller steps are, larger ones are not."""
    state = new_hand((60, 1 + k))
    legal = state.legal_actions()
    assert action not in legal
    assert Act.ALL_IN in legal
    assert state.chips_for(Act.ALL_IN) == k
    for step, other in ((1, Act.RAISE_1), (3, Act.RAISE_3), (5, Act.RAISE_5)):
        assert (other in legal) == (step < k)
    amounts = [state.chips_for(a) for a in legal]
    assert len(amounts) == len(set(amounts))


def test_r6_all_in_only_when_more_than_a_call():
    """R6: facing an all-in that reaches the cap, a player's all-in equals the call: only fold
    and call are offered. Stacks 10, 60: A all-in (9 more), B owes 9 = its own all-in."""
    state = play(new_hand((10, 60)), Act.ALL_IN)
    assert state.legal_actions() == (Act.FOLD, Act.CALL)
    assert state.chips_for(Act.CALL) == state.chips_for(Act.ALL_IN) == 9


def test_r6_all_in_is_a_raise_of_any_size():
    """R6: the all-in need not be a +1/+3/+5 step. Stacks 60, 60, 8: A bets +1, B's all-in puts
    in 7 (level 7, a raise of 6) and re-opens the action."""
    state = play(new_hand((60, 60, 8)), Act.RAISE_1)
    assert state.chips_for(Act.ALL_IN) == 7
    play(state, Act.ALL_IN)
    assert state.level == 7
    assert state.actor == C
    play(state, Act.CALL)
    assert state.actor == A
    assert state.legal_actions() == (Act.FOLD, Act.CALL)


def test_r6_raise_reopens_action():
    """R6: every bet or raise re-opens the action: A bets, B raises, C calls; A must act again."""
    state = play(new_hand((60, 60, 60)), Act.RAISE_1, Act.RAISE_3, Act.CALL)
    assert state.phase == Phase.BETTING_1
    assert state.actor == A
    assert state.owed(A) == 3
    play(state, Act.RAISE_1)
    assert state.actor == B
    play(state, Act.CALL)
    assert state.actor == C
    play(state, Act.CALL)
    assert state.phase == Phase.BETTING_2


def test_r6_round_ends_when_everyone_acted_and_matched():
    """R6: the round does not end before everyone has acted (checks by A and B leave C to act),
    and ends as soon as the last one matches."""
    state = play(new_hand((60, 60, 60)), Act.CHECK, Act.CHECK)
    assert state.phase == Phase.BETTING_1 and state.actor == C
    play(state, Act.CHECK)
    assert state.phase == Phase.BETTING_2 and state.actor == A
    assert state.round_put == [0, 0, 0]


def test_r6_skip_when_everyone_is_at_the_cap_from_the_ante():
    """R6 skip: a 1-chip stack sets the cap to 1; after the ante everyone is at the cap, so all
    betting is skipped and the hand goes straight to the snipe round with 4 cards up."""
    state = new_hand((1, 60, 60))
    assert state.phase == Phase.SNIPE
    assert state.betting_skipped and state.visible == 4
    assert state.legal_actions() == ()
    snipe_all(state, "pass", "pass", "pass")
    assert state.phase == Phase.DONE and state.pot == 3


def test_r6_skip_lone_player_below_cap_who_owes_still_acts():
    """R6 skip: A (5 chips) all-in, B calls: all but C are at the cap but C owes 4, so C still
    acts. After C calls, everyone is at the cap: the rest of the betting is skipped."""
    state = play(new_hand((5, 60, 60)), Act.ALL_IN, Act.CALL)
    assert state.phase == Phase.BETTING_1 and state.actor == C
    assert state.legal_actions() == (Act.FOLD, Act.CALL)
    play(state, Act.CALL)
    assert state.phase == Phase.SNIPE and state.betting_skipped and state.visible == 4


def test_r6_skip_after_fold_leaves_only_capped_players():
    """R6 skip: A (5) all-in, B calls, C folds: A and B, the players still in, are at the cap."""
    state = play(new_hand((5, 60, 60)), Act.ALL_IN, Act.CALL, Act.FOLD)
    assert state.phase == Phase.SNIPE and state.betting_skipped
    assert state.cap == 5


def test_r6_skip_in_round_two():
    """R6 skip: the skip can start in round 2: A (10) goes all-in in round 2 and B calls."""
    state = play(new_hand((10, 60)), Act.CHECK, Act.CHECK, Act.ALL_IN, Act.CALL)
    assert state.phase == Phase.SNIPE
    assert state.pot == 20


# ----- R7 snipes --------------------------------------------------------------------------------


def test_r7_sixty_names():
    """R7: the table has 60 names: 10 four of a kind, 10 full house, 6 straight (5–10),
    10 three of a kind, 9 two pair (2–10), 10 one pair, 5 high card (6–10)."""
    expected = (
        [(Category.FOUR_OF_A_KIND, t) for t in range(1, 11)]
        + [(Category.FULL_HOUSE, t) for t in range(1, 11)]
        + [(Category.STRAIGHT, t) for t in range(5, 11)]
        + [(Category.THREE_OF_A_KIND, t) for t in range(1, 11)]
        + [(Category.TWO_PAIR, t) for t in range(2, 11)]
        + [(Category.ONE_PAIR, t) for t in range(1, 11)]
        + [(Category.HIGH_CARD, t) for t in range(6, 11)]
    )
    assert N_SNIPES == len(ALL_SNIPES) == len(SNIPE_CODE) == 60
    assert [(s.category, s.top) for s in ALL_SNIPES] == expected
    assert [s.code for s in ALL_SNIPES] == list(range(60))


def all_six_card_hands():
    """Every multiset of 6 cards the deck allows (at most 4 copies of a number)."""
    for cards in combinations_with_replacement(range(1, 11), 6):
        if max(Counter(cards).values()) <= 4:
            yield cards


def test_r7_six_high_card_is_legal_but_never_hits():
    """R7: "6 high card" is a legal name, yet no 6 cards make it (six distinct cards ≤ 6 are 1–6,
    a straight); every other one of the 60 names is made by some 6 cards, and no 6 cards make a
    name outside the table."""
    assert parse_snipe("6 high card") == Snipe(Category.HIGH_CARD, 6)
    made = {(h.category, h.top) for h in (best_hand(c[:2], c[2:]) for c in all_six_card_hands())}
    names = {(s.category, s.top) for s in ALL_SNIPES}
    assert made == names - {(Category.HIGH_CARD, 6)}


@pytest.mark.parametrize(
    "text, category, top",
    [
        ("9 full house", Category.FULL_HOUSE, 9),
        ("9 Full  House", Category.FULL_HOUSE, 9),
        ("9 straight", Category.STRAIGHT, 9),
        ("5 straight", Category.STRAIGHT, 5),
        ("10 high card", Category.HIGH_CARD, 10),
        ("  2 two pair ", Category.TWO_PAIR, 2),
        ("1 four of a kind", Category.FOUR_OF_A_KIND, 1),
        ("3 three of a kind", Category.THREE_OF_A_KIND, 3),
        ("1 one pair", Category.ONE_PAIR, 1),
    ],
)
def test_r7_parse_forms(text, category, top):
    """R7: a snipe reads "<top> <hand type>" with R7's names (case and spacing free)."""
    assert parse_snipe(text) == Snipe(category, top)


@pytest.mark.parametrize(
    "text",
    [
        "4 straight",
        "11 straight",
        "5 high card",
        "1 two pair",
        "0 one pair",
        "11 four of a kind",
        "9 flush",
        "full house",
        "9",
        "",
        "nine full house",
        "full house 9",
        "9 fullhouse",
        "9 pair",
        "9 trips",
        "9 boat",
        "9 full-house",
    ],
)
def test_r7_parse_errors(text):
    """R7: names outside the table (bad top number, unknown type, missing part, another order, an alias) are
    rejected with one line that says what is valid."""
    with pytest.raises(ValueError) as error:
        parse_snipe(text)
    message = str(error.value)
    assert "\n" not in message
    assert "9 full house" in message or "valid:" in message


def test_r7_snipe_round_order_repeats_and_own_hand():
    """R7: every player still in snipes in betting order from the first, including players at
    the cap; repeats and naming one's own hand are legal; snipes are public at once."""
    private = {A: (6, 2), B: (9, 3), C: (4, 5)}
    state = new_hand((60, 60, 60), first=B, private=private, board=(6, 6, 9, 9))
    play(state, *[Act.CHECK] * 6)
    assert state.sniper == B
    assert state.can_snipe(parse_snipe("9 full house").code)
    state.snipe(parse_snipe("9 full house").code)
    assert Observation.of(state, C).snipes[0].snipe == parse_snipe("9 full house")
    state.snipe(parse_snipe("9 full house").code)
    assert state.sniper == A
    state.snipe(parse_snipe("6 full house").code)
    assert [r.seat for r in state.snipes] == [B, C, A]
    assert state.result.sniped == {A: True, B: True, C: False}
    assert state.payout == (0, 0, 3)


def test_r7_snipe_codes_validated():
    """R7: only PASS or a code 0..59 may be named, and only in the snipe round."""
    state = new_hand((60, 60))
    assert not state.can_snipe(PASS)
    play(state, *[Act.CHECK] * 4)
    for code in (PASS, 0, 59):
        assert state.can_snipe(code)
    for code in (-2, 60, 100):
        assert not state.can_snipe(code)
        with pytest.raises(ValueError):
            state.snipe(code)


# ----- R8 hands and showdown --------------------------------------------------------------------


def test_r8_category_order():
    """R8: four of a kind > full house > straight > three of a kind > two pair > pair > high."""
    board = (2, 3, 4, 9)
    ordered = [
        ((1, 7), Category.HIGH_CARD),
        ((9, 1), Category.ONE_PAIR),
        ((9, 4), Category.TWO_PAIR),
        ((9, 9), Category.THREE_OF_A_KIND),
        ((5, 6), Category.STRAIGHT),
    ]
    hands = [best_hand(p, board) for p, _ in ordered]
    assert [h.category for h in hands] == [c for _, c in ordered]
    assert hands == sorted(hands)
    full, four = best_hand((9, 9), (9, 2, 2, 3)), best_hand((9, 9), (9, 9, 2, 3))
    assert (full.category, four.category) == (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)
    assert hands[-1] < full < four


def test_r8_straights_do_not_wrap():
    """R8: 1 is always low: 1-2-3-4-5 is "5 straight", 7-8-9-10-1 is not a straight."""
    assert best_hand((1, 2), (3, 4, 5, 9)).name == "5 straight"
    assert best_hand((10, 1), (7, 8, 9, 3)).name == "10 high card"
    assert best_hand((1, 2), (3, 4, 5, 6)).name == "6 straight"


def test_r8_best_five_of_six_no_weaker_choice():
    """R8: the hand is always the best 5 of 6, even if a weaker one would dodge a snipe:
    private 9 9, board 9 2 2 3 is "9 full house"; the cards also hold three 9s, but a snipe on
    "9 three of a kind" misses and A still wins."""
    board = (9, 2, 2, 3)
    hand = best_hand((9, 9), board)
    assert hand.name == "9 full house"
    result = showdown(board, {A: (9, 9), B: (1, 4)}, [parse_snipe("9 three of a kind")], 4, A, 2)
    assert result.sniped == {A: False, B: False}
    assert result.winners == (A,)


@pytest.mark.parametrize(
    "board, weaker, stronger",
    [
        ((9, 9, 9, 2), (3, 1), (4, 1)),  # three 9s, kickers 4 2 > 3 2
        ((9, 9, 9, 9), (3, 1), (5, 2)),  # four 9s, kicker 5 > 3
        ((7, 7, 3, 3), (2, 1), (4, 1)),  # two pair 7s and 3s, kicker 4 > 2
        ((7, 7, 3, 2), (9, 5), (9, 6)),  # pair of 7s, kickers 9 6 3 > 9 5 3
        ((10, 8, 6, 2), (4, 1), (5, 1)),  # high card 10 8 6 5 2 > 10 8 6 4 2
        ((5, 5, 5, 2), (2, 1), (3, 3)),  # full house 5s over 3s > 5s over 2s
        ((6, 7, 8, 1), (4, 5), (9, 5)),  # straight 9 > straight 8
    ],
)
def test_r8_numbers_break_ties_within_a_category(board, weaker, stronger):
    """R8 step 2: within a category the numbers decide, in the order R8 lists."""
    result = showdown(board, {A: weaker, B: stronger}, [], 4, A, 2)
    assert result.winners == (B,)
    assert best_hand(weaker, board).category == best_hand(stronger, board).category


def test_r8_higher_private_card_breaks_tie_even_if_unplayed():
    """R8 step 3: board 1 2 3 4; A 9 5 and B 10 5 both make "5 straight" 5 4 3 2 1. The higher
    private card decides, 10 > 9, so B wins although neither the 10 nor the 9 plays."""
    board = (1, 2, 3, 4)
    assert best_hand((10, 5), board) == best_hand((9, 5), board)
    result = showdown(board, {A: (9, 5), B: (10, 5)}, [], 4, A, 2)
    assert result.winners == (B,)


def test_r8_sniped_hand_ranks_below_every_unsniped_hand():
    """R8: a sniped four of a kind loses to an unsniped high card."""
    board = (8, 8, 8, 2)
    result = showdown(board, {A: (8, 3), B: (1, 4)}, [parse_snipe("8 four of a kind")], 4, A, 2)
    assert result.sniped == {A: True, B: False}
    assert result.payout == (0, 4)


def test_r8_snipe_matches_category_and_top_only():
    """R8: a snipe hits every hand with that category and top number, whatever else it holds."""
    board = (9, 9, 4, 2)
    private = {A: (9, 1), B: (9, 3), C: (8, 7)}
    result = showdown(board, private, [parse_snipe("9 three of a kind")], 3, A, 3)
    assert result.sniped == {A: True, B: True, C: False}
    assert result.winners == (C,)


def test_r8_still_equal_splits_odd_chips_from_first_player():
    """R8: three equal hands (9 8 with board 1 2 3 4 → "9 high card" 9 8 4 3 2) split a pot of
    11 at a 4-seat table with C first and C not at the showdown: 11 = 3·3 + 2, odd chips to D
    then A in betting order from C, so A 4, B 3, C 0, D 4."""
    private = {A: (9, 8), B: (8, 9), D: (9, 8)}
    result = showdown((1, 2, 3, 4), private, [], pot=11, first=C, n_seats=4)
    assert result.winners == (D, A, B)
    assert result.payout == (4, 3, 0, 4)


def test_r8_split_pot_function():
    """R8: ``split_pot`` gives pot // k each and the odd chips in betting order from first."""
    assert split_pot(10, [0, 1, 2], first=1, n_seats=3) == {1: 4, 2: 3, 0: 3}
    assert split_pot(11, [0, 2], first=1, n_seats=3) == {2: 6, 0: 5}
    assert split_pot(12, [3, 0, 1], first=0, n_seats=4) == {0: 4, 1: 4, 3: 4}
    with pytest.raises(ValueError):
        split_pot(5, [], first=0, n_seats=2)


def test_r8_all_sniped_split_excludes_folded_seats():
    """R8: when every showdown hand is sniped, only the showdown players split; a folded seat
    gets nothing. On 6 6 9 9, C folds to B's bet; A (6 2, "6 full house") and B (9 3, "9 full
    house") are both sniped and split 3 antes + 1 + 1 = 5: A 3 (odd chip, A is first), B 2."""
    state = new_hand((60, 60, 60), private={A: (6, 2), B: (9, 3), C: (9, 6)}, board=(6, 6, 9, 9))
    play(state, Act.CHECK, Act.RAISE_1, Act.FOLD, Act.CALL, Act.CHECK, Act.CHECK)
    snipe_all(state, "9 full house", "6 full house")
    assert state.result.winners == (A, B)
    assert C not in state.result.hands, "a folded hand is never shown (R10)"
    assert state.payout == (3, 2, 0)
    assert sum(state.stacks_after) == 180


def test_r8_all_sniped_among_many_ignores_strength():
    """R8: every showdown hand sniped → all tie for last: a 4-way split of 13 from first = B:
    B 4, C 3, D 3, A 3 (one odd chip, to B), whatever the hands."""
    board = (5, 5, 8, 8)
    private = {A: (5, 1), B: (8, 2), C: (1, 2), D: (3, 4)}
    snipes = [parse_snipe(s) for s in ("5 full house", "8 full house", "8 two pair")]
    result = showdown(board, private, snipes, pot=13, first=B, n_seats=4)
    assert all(result.sniped.values())
    assert result.payout == (3, 4, 3, 3)


# ----- R9 game ----------------------------------------------------------------------------------


@pytest.mark.parametrize("length, n_hands", [("10", 10), ("20", 20)])
def test_r9_game_length(length, n_hands):
    """R9: a game of 10 or 20 hands plays exactly that many when nobody busts."""
    hands = list(play_game([PassiveAgent()] * 3, 1, 0, make_rules("ours", length)))
    assert len(hands) == n_hands
    assert all(sum(h.stacks_after) == 180 for h in hands)


def test_r9_bust_game_runs_until_one_player_holds_every_chip():
    """R9: the "bust" length plays until one player holds every chip (and only then stops)."""
    rules = make_rules("ours", "bust", starting_stack=8)
    for seed in range(5):
        hands = list(play_game([RandomAgent()] * 3, seed, 0, rules))
        for h in hands[:-1]:
            assert max(h.stacks_after) < 24
        assert max(hands[-1].stacks_after) == 24


def test_r9_game_ends_early_when_one_player_has_chips():
    """R9: a 20-hand game ends early as soon as only one player has chips; chips conserved."""
    rules = make_rules("ours", "20", starting_stack=4)
    ended_early = False
    for seed in range(20):
        hands = list(play_game([RandomAgent()] * 2, seed, 0, rules))
        for h in hands:
            assert sum(h.stacks_after) == 8
        for h in hands[:-1]:
            assert sum(s > 0 for s in h.stacks_after) >= 2
        if len(hands) < 20:
            ended_early = True
            assert sorted(hands[-1].stacks_after) == [0, 8]
    assert ended_early


def test_r9_make_rules_errors():
    """R9, R12: unknown presets and lengths and non-positive stacks are rejected."""
    with pytest.raises(ValueError):
        make_rules("vegas")
    with pytest.raises(ValueError):
        make_rules("ours", "15")
    with pytest.raises(ValueError):
        make_rules("ours", "10", starting_stack=0)
    assert make_rules("ours", "bust").hands_per_game is None
    assert Rules().starting_stack == 60 and Rules().first_seat == 0


# ----- R12 the show's rules ---------------------------------------------------------------------


def test_r12_show_preset():
    """R12: the show preset exits at 75 chips and uses the private-sum tie-break."""
    show = PRESETS["show"]
    assert (show.exit_at, show.tie_break) == (75, "show")
    assert PRESETS["ours"].exit_at is None


def test_r12_players_with_75_leave_the_table():
    """R12: under the show's rules a player ending a hand with ≥ 75 chips leaves and is never
    dealt in again; the game goes on until one player is left (or the hand limit). Under our
    rules the same player stays."""
    agents = [RandomAgent()] * 4
    saw_exit = False
    for seed in range(20):
        hands = list(play_game(agents, seed, 0, make_rules("show", "20")))
        gone = set()
        for h in hands:
            assert not any(h.in_play[seat] for seat in gone)
            assert sum(h.stacks_after) == 240
            gone |= {seat for seat in range(4) if h.stacks_after[seat] >= 75 or h.stacks_after[seat] == 0}
        if any(h.stacks_after[s] >= 75 for h in hands for s in range(4)):
            saw_exit = True
        left = [s for s in range(4) if s not in gone]
        assert len(hands) == 20 or len(left) <= 1
    assert saw_exit
    for seed in range(20):
        hands = list(play_game(agents, seed, 0, make_rules("ours", "20")))
        for before, after in zip(hands, hands[1:]):
            for seat in range(4):
                if before.stacks_after[seat] >= 75:
                    assert after.in_play[seat]


@pytest.mark.parametrize("seed, split", [(0, False), (1, False), (22, True), (30, True)])
def test_r12_exactly_75_leaves(seed, split):
    """R12: two players with 74 chips check every hand down; a hand with one winner ends
    75 (74 − 1 ante + 2) to 73, the winner leaves the table safe and, one player being left,
    the game ends. Under our rules the game goes on. A split (74/74; seeds 22 and 30 deal one
    first) plays a second hand."""
    agents = [PassiveAgent()] * 2
    show = list(play_game(agents, seed, 0, make_rules("show", "20", starting_stack=74)))
    ours = list(play_game(agents, seed, 0, make_rules("ours", "20", starting_stack=74)))
    first = show[0].stacks_after
    if split:
        assert first == (74, 74)
        assert len(show) > 1
    else:
        assert sorted(first) == [73, 75]
        assert len(show) == 1
        assert len(ours) == 20


def test_r12_private_sum_tie_break_equals_r8_steps_3_and_4():
    """R12: after equal numbers, "higher private card, then higher sum" orders every pair of
    private pairs exactly like R8 steps 3–4 ("higher private card, then the other"). Exhaustive
    over all private pairs, with the comparison of R8 written out from the rule text."""
    hand = Hand(Category.HIGH_CARD, (10, 9, 8, 7, 5))
    pairs = [(x, y) for x in range(1, 11) for y in range(x, 11)]

    def r8_steps_3_4(p, q):
        key = lambda cards: (max(cards), min(cards))  # noqa: E731
        return (key(p) > key(q)) - (key(p) < key(q))

    def sign(p, q, rules):
        a, b = strength(hand, p, rules), strength(hand, q, rules)
        return (a > b) - (a < b)

    for p in pairs:
        for q in pairs:
            expected = r8_steps_3_4(p, q)
            assert sign(p, q, "ours") == expected
            assert sign(p, q, "show") == expected
            assert sign(p[::-1], q, "show") == expected


def test_r12_show_tie_break_in_showdown():
    """R12: Example 5 under the show's rules: sums 12 < 13, so B wins there too."""
    result = showdown((9, 9, 5, 5), {A: (10, 2), B: (10, 3)}, [], 10, A, 2, rules="show")
    assert result.winners == (B,)


# ----- R13 reproducibility ----------------------------------------------------------------------


def history(state):
    """Everything that happened in a hand, for comparing replays."""
    return (
        state.first,
        state.stacks,
        state.private,
        state.board,
        [(b.seat, b.action, b.chips, b.round) for b in state.bets],
        [(s.seat, s.code) for s in state.snipes],
        state.payout,
    )


def test_r13_same_seed_same_histories():
    """R13: the same (seed, game) and agents give the same hand histories; another seed or
    game index does not."""
    from sniper.games.sniper_holdem.agents import EasyAgent

    agents = [RandomAgent(), EasyAgent(), RandomAgent(), EasyAgent()]
    rules = make_rules("ours", "20", starting_stack=20)
    run = [history(h) for h in play_game(agents, 42, 3, rules)]
    assert run == [history(h) for h in play_game(agents, 42, 3, rules)]
    assert run != [history(h) for h in play_game(agents, 43, 3, rules)]
    assert run != [history(h) for h in play_game(agents, 42, 4, rules)]


def test_r13_deal_order():
    """R13: private cards go two at a time to the players in betting order from the first
    (skipping seats out of the game), then the four community cards in order."""
    stacks, at_table = [60, 0, 60, 60, 60], [True] * 5
    state = play_hand([PassiveAgent()] * 5, stacks, at_table, 3, seed=9, game=2, hand=5, rules=Rules())
    deck = shuffled_deck(9, 2, 5)
    order = [3, 4, 0, 2]
    for i, seat in enumerate(order):
        assert state.private[seat] == (deck[2 * i], deck[2 * i + 1])
    assert 1 not in state.private
    assert state.board == tuple(deck[8:12])
    assert deal(deck, order) == (state.private, state.board)

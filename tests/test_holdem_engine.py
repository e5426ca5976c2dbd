"""No-limit Hold'em's reference engine (sniper.games.holdem, on PokerKit) against GAMES.md H1–H12.

Concrete hands are dealt from hand-made decks (``deck_for``: the cards each seat and the board get, in
the engine's dealing order), so their results are worked out by hand from the rules; the random games
check what must hold in every hand (chips, order, H11) and that the same seed plays the same game.
"""

from collections.abc import Sequence
from dataclasses import fields

import pytest

from kernels.streams import STREAM_AGENT
from sniper.core.rng import derive, hand_key
from sniper.core.table import CHANCE, TERMINAL, TableState
from sniper.games.holdem.agents import RandomAgent, raise_menu
from sniper.games.holdem.engine import ALL_IN_1, CHECK_CALL, DEAL, FOLD, HoldemHand, bet_action, bet_to, dealing_order
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.play import play_game
from sniper.games.holdem.rules import BIG_BLIND, GAME_LENGTHS, SMALL_BLIND, STARTING_STACK
from sniper.games.holdem.table import HoldemTable
from sniper.games.poker52.cards import cards, shuffled_deck, text, value

ROYAL = "As Ks Qs Js Ts"  # a board every player ties on


def deck_for(stacks: Sequence[int], button: int, holes: dict[int, str], board: str) -> list[int]:
    """A deck dealing ``holes[seat]`` to each seat with chips and ``board`` (written independently of
    the engine's ``deal_cards``: two cards each clockwise from the seat left of the button, then the board)."""
    n = len(stacks)
    players = [s % n for s in range(button + 1, button + n + 1) if stacks[s % n] > 0]
    used = set(cards(" ".join([*holes.values(), board])))
    spare = iter(c for c in range(52) if c not in used)
    deck: list[int] = []
    for seat in players:
        deck += cards(holes[seat]) if seat in holes else [next(spare), next(spare)]
    return deck + list(cards(board))


def hand_of(stacks: Sequence[int], button: int, holes: dict[int, str] | None = None, board: str = "2c 7d 9h 3s 4c"):
    return HoldemHand(stacks, button, deck_for(stacks, button, holes or {}, board))


class CallAgent:
    """Always checks or calls."""

    def act(self, obs: HoldemObservation, stream) -> int:
        return CHECK_CALL


def play(hand: HoldemHand, *actions: int) -> None:
    for action in actions:
        hand.act(action)


# ----- H2, H4: button, blinds, order -------------------------------------------------------------


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after_h2():
    hand = hand_of([200, 200], button=1)
    assert hand.bets() == (BIG_BLIND, SMALL_BLIND)
    assert hand.actor == 1  # the button (small blind) acts first before the flop
    play(hand, CHECK_CALL)
    assert hand.actor == 0
    play(hand, CHECK_CALL)  # the big blind checks: the flop
    assert hand.street == 1 and hand.actor == 0  # after the flop the button acts last
    play(hand, CHECK_CALL)
    assert hand.actor == 1


def test_blinds_left_of_the_button_and_first_to_act_h2_h4():
    hand = hand_of([200] * 6, button=2)
    assert hand.bets() == (0, 0, 0, SMALL_BLIND, BIG_BLIND, 0)  # small blind seat 3, big blind seat 4
    assert hand.actor == 5  # clockwise of the big blind
    play(hand, CHECK_CALL, FOLD, FOLD, FOLD)  # seats 5, 0, 1, 2
    assert hand.actor == 3
    play(hand, FOLD, CHECK_CALL)  # the small blind folds, the big blind checks
    assert hand.street == 1 and hand.actor == 4  # the first player still in clockwise of the button


def test_dealing_order_and_the_deck_are_those_documented():
    table = HoldemTable(4, seed=11, game=2, button=1)
    table.apply(DEAL)
    deck = shuffled_deck(11, 2, 0)
    order = (2, 3, 0, 1)
    assert dealing_order([200] * 4, 1) == order
    hand = table.hand
    for k, seat in enumerate(order):
        assert hand.holes[seat] == (deck[2 * k], deck[2 * k + 1])
        assert tuple(repr(c) for c in hand.state.hole_cards[k]) == tuple(text(c) for c in hand.holes[seat])
    assert hand.full_board == tuple(deck[8:13])


# ----- H5, H6: min-raise and short all-ins --------------------------------------------------------


def test_min_raise_is_the_largest_raise_so_far_h5():
    hand = hand_of([200] * 3, button=0)
    assert hand.raise_range() == (4, 200)  # a raise of at least the big blind
    play(hand, 10)  # the button raises by 8
    assert hand.raise_range() == (18, 200)  # seat 1 must raise by 8 more
    with pytest.raises(ValueError, match="action 17"):
        hand.act(17)
    play(hand, 30)  # raises by 20
    assert hand.raise_range() == (50, 200)
    play(hand, FOLD, FOLD)
    assert hand.done and hand.winnings == (-10, 12, -2)  # seat 1 wins the 10 and the big blind


def test_postflop_bet_is_at_least_the_big_blind_and_fold_is_not_offered_when_check_is_free_h5():
    hand = hand_of([200] * 2, button=0)
    play(hand, CHECK_CALL, CHECK_CALL)
    assert hand.street == 1
    assert hand.legal_actions() == (CHECK_CALL, *range(BIG_BLIND, 199))
    with pytest.raises(ValueError, match="action 0"):
        hand.act(FOLD)


def test_a_one_chip_all_in_bet_is_offered_as_its_own_action_h5():
    hand = hand_of([3, 200], button=1)  # seat 0: big blind 2, 1 chip behind
    play(hand, CHECK_CALL, CHECK_CALL)
    assert hand.actor == 0 and hand.legal_actions() == (CHECK_CALL, ALL_IN_1) and hand.raise_range() == (1, 1)
    record = hand.act(ALL_IN_1)  # H5: all-in is always offered, also below the minimum bet
    assert (record.action, record.amount, record.to) == (ALL_IN_1, 1, 1) and hand.stacks()[0] == 0
    assert hand.actor == 1 and hand.legal_actions()[:2] == (FOLD, CHECK_CALL)
    play(hand, CHECK_CALL)
    assert hand.done and sum(hand.winnings) == 0 and abs(hand.winnings[0]) == 3


def test_every_bet_keeps_its_amount_as_its_number_but_a_bet_to_1():
    assert [bet_action(t) for t in (1, 2, 3, 1800)] == [ALL_IN_1, 2, 3, 1800]
    assert [bet_to(bet_action(t)) for t in (1, 2, 3, 1800)] == [1, 2, 3, 1800]
    assert ALL_IN_1 not in (FOLD, CHECK_CALL, DEAL) and ALL_IN_1 > 9 * STARTING_STACK
    hand = hand_of([200, 200], button=1)
    assert not hand.is_legal(ALL_IN_1)  # 200 chips behind: all in is raise to 200


def short_all_in_hand(short_stack: int) -> HoldemHand:
    """Three players see a flop for 2 each (seat 1 then has ``short_stack - 2``); seat 0 bets 10,
    seat 1 goes all-in, seat 2 calls: seat 0 acts again, facing seat 1's all-in."""
    hand = hand_of([200, short_stack, 200], button=2)
    play(hand, CHECK_CALL, CHECK_CALL, CHECK_CALL)  # button 2 calls, small blind 0 calls, big blind 1 checks
    assert hand.street == 1 and hand.actor == 0
    play(hand, 10)
    all_in = short_stack - 2
    assert hand.raise_range() == (min(20, all_in), all_in)
    play(hand, all_in)
    return hand


def test_a_short_all_in_does_not_reopen_the_betting_h6():
    hand = short_all_in_hand(17)  # all-in to 15: a raise of 5, less than the full 10
    assert hand.actor == 2 and hand.raise_range() == (25, 198)  # seat 2 has not acted: it may raise
    play(hand, CHECK_CALL)
    assert hand.actor == 0
    assert hand.legal_actions() == (FOLD, CHECK_CALL)  # seat 0 already acted: call or fold only
    with pytest.raises(ValueError, match="action 25"):
        hand.act(25)
    play(hand, CHECK_CALL)
    assert hand.street == 2  # the round is closed


def test_a_short_all_in_over_a_limp_does_not_reopen_the_betting_before_the_flop_h6():
    # issue 27's probe: seat 3 limps, seat 0 (3 chips) goes all in to 3, a raise of 1: before the flop the
    # big blind is the opening bet (H6), so that is less than a full raise and the limper may not raise
    table = HoldemTable(4, seed=0, game=0, stacks=[3, 200, 200, 200], button=0)
    table.apply(DEAL)
    assert table.current_player() == 3
    table.apply(CHECK_CALL)
    table.apply(3)
    assert table.current_player() == 1 and table.hand.raise_range() == (5, 200)  # the blinds have not acted
    table.apply(CHECK_CALL)
    table.apply(CHECK_CALL)
    assert table.current_player() == 3 and table.legal_actions() == (FOLD, CHECK_CALL)
    with pytest.raises(ValueError, match="action 5 is not legal for seat 3"):
        table.apply(5)
    table.apply(CHECK_CALL)
    assert table.hand.street == 1


def test_a_full_all_in_raise_reopens_the_betting_h6():
    hand = short_all_in_hand(22)  # all-in to 20: a full raise of 10
    play(hand, CHECK_CALL)
    assert hand.actor == 0 and hand.raise_range() == (30, 198)


def test_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting_h6_pokerkit():
    # PokerKit's rule (docs/holdem.md): seat 0 bets 10; seats 1 and 2 go all-in to 15 and 20 (+5, +5)
    hand = hand_of([200, 17, 22, 200], button=3)
    play(hand, CHECK_CALL, CHECK_CALL, CHECK_CALL, CHECK_CALL)
    assert hand.street == 1 and hand.actor == 0
    play(hand, 10, 15, 20, CHECK_CALL)
    assert hand.actor == 0 and hand.raise_range() == (30, 198)


# ----- H7, H8: side pots, uncalled bets, run-out ----------------------------------------------------


def test_three_way_side_pots_and_the_uncalled_bet_returned_h7():
    # seat 0 (small blind) 50 chips and the best hand, seat 1 (big blind) 100 and the second, seat 2 200
    holes = {0: "Ah Ad", 1: "Kh Kd", 2: "Qh Qd"}
    hand = hand_of([50, 100, 200], button=2, holes=holes)
    play(hand, 200, CHECK_CALL, CHECK_CALL)  # the button shoves, both call all-in
    assert hand.done and tuple(hand.board) == cards("2c 7d 9h 3s 4c")
    # main pot 3 x 50 to seat 0, side pot 2 x 50 to seat 1, seat 2's uncalled 100 back
    assert hand.stacks_after == (150, 100, 100)
    assert hand.actions[-1].pot_after == 350


def test_side_pot_to_the_covering_stack_when_the_short_stack_loses_h7():
    holes = {0: "Qh Qd", 1: "Kh Kd", 2: "Ah Ad"}
    hand = hand_of([50, 100, 200], button=2, holes=holes)
    play(hand, 200, CHECK_CALL, CHECK_CALL)
    assert hand.stacks_after == (0, 0, 350)


def test_all_in_run_out_deals_the_board_with_no_more_betting_h8():
    hand = hand_of([200, 200, 200], button=0, board="Kc 8d 5h 2s Jc")
    play(hand, CHECK_CALL, CHECK_CALL, CHECK_CALL)
    play(hand, 198, CHECK_CALL)  # seat 1 shoves on the flop, seat 2 calls: seat 0 still has chips
    assert hand.actor == 0 and hand.legal_actions() == (FOLD, CHECK_CALL)  # nothing left to raise against
    play(hand, FOLD)
    assert hand.done and tuple(hand.board) == cards("Kc 8d 5h 2s Jc")
    assert [a.street for a in hand.actions] == [0, 0, 0, 1, 1, 1]


def test_heads_up_all_in_preflop_runs_out_h8():
    hand = hand_of([200, 200], button=0)
    play(hand, 200, CHECK_CALL)
    assert hand.done and len(hand.board) == 5 and len(hand.actions) == 2


# ----- H9: split pots and odd chips -----------------------------------------------------------------


def test_split_pot_odd_chip_to_the_first_winner_clockwise_of_the_button_h9():
    hand = hand_of([200] * 3, button=0, board=ROYAL)
    play(hand, CHECK_CALL, FOLD, CHECK_CALL)  # button calls, small blind folds (1 chip), big blind checks
    for _ in range(3):
        play(hand, CHECK_CALL, CHECK_CALL)
    # pot 5 split between seat 2 and the button: the odd chip to seat 2, first clockwise of the button
    assert hand.winnings == (0, -1, 1)


def test_odd_chips_one_each_from_the_first_seat_clockwise_of_the_button_h9():
    # pot 23 split three ways: GAMES.md gives 8, 8, 7 (PokerKit alone gives the first winner 9, 7, 7)
    hand = hand_of([200] * 5, button=0, board=ROYAL)
    play(hand, 4, CHECK_CALL, CHECK_CALL, FOLD, CHECK_CALL)  # seats 3, 4, 0 (button); 1 folds; 2 calls
    play(hand, 2, CHECK_CALL, CHECK_CALL, FOLD)  # the flop: seat 2 bets, 3 and 4 call, the button folds
    for _ in range(2):
        play(hand, CHECK_CALL, CHECK_CALL, CHECK_CALL)
    assert hand.stacks_after == (196, 199, 202, 202, 201)


def test_each_side_pot_shares_its_odd_chip_even_when_the_losers_muck_h7_h9():
    # seat 0 (small blind) folds 1 chip; seats 1 and 3 go all in for 3 and 6 and lose; seats 2 and 4 tie.
    # Pots: 5 + 8 = 13 among seats 1-4, then 9 among seats 2-4; seat 2 is the first winner clockwise of
    # the button in both, so each odd chip goes to it: 7 + 5 and 6 + 4. PokerKit mucks the losers and
    # merges the two pots (22, split 11 and 11).
    holes = {1: "Qh Jd", 2: "Ah Kd", 3: "Qd Jh", 4: "Ad Kh"}
    hand = hand_of([200, 3, 200, 6, 200], button=4, holes=holes)
    play(hand, 6, CHECK_CALL, CHECK_CALL, FOLD, CHECK_CALL)  # seat 2 raises to 6; 3, 4 and 1 call; 0 folds
    for _ in range(3):
        play(hand, CHECK_CALL, CHECK_CALL)
    assert hand.stacks_after == (199, 0, 206, 0, 204)


# ----- H10: games, busts, the button ----------------------------------------------------------------


def test_the_button_skips_a_seat_that_has_left_h2_h10():
    table = HoldemTable(4, seed=3, game=0, stacks=[200, 0, 200, 200], button=0)
    table.apply(DEAL)
    assert table.hand.bets() == (0, 0, SMALL_BLIND, BIG_BLIND) and 1 not in table.hand.holes
    while not table.hand_over():
        table.apply(FOLD if FOLD in table.legal_actions() else CHECK_CALL)
    table.apply(DEAL)
    assert table.hand.button == 2


def test_bust_ends_the_game_busted_seats_leave_and_the_button_skips_them_h10():
    busts = 0
    for game in range(40):
        table = HoldemTable(4, seed=8, game=game, length="bust")
        agent = RandomAgent()
        left: set[int] = set()
        button = None
        while not table.is_over():
            table.apply(DEAL)
            hand = table.hand
            if button is not None:
                nxt = next(s % 4 for s in range(button + 1, button + 5) if s % 4 not in left)
                assert hand.button == nxt
            assert not left & set(hand.holes) and all(not hand.in_hand()[s] for s in left)
            button = hand.button
            while not table.hand_over():
                seat = table.current_player()
                assert seat not in left
                table.apply(agent.act(table.observe(seat), table.stream()))
            gone = {s for s in range(4) if hand.stacks_after[s] == 0} - left
            busts += len(gone) > 0 and len(left | gone) < 3
            left |= gone
        assert table.ended == "chips" and sorted(table.stacks) == [0, 0, 0, 4 * STARTING_STACK]
        assert table.current_player() == TERMINAL and table.legal_actions() == ()
    assert busts >= 20  # the button had to skip busted seats many times


def test_a_game_lasts_its_length_unless_someone_holds_every_chip_h10():
    for game in range(5):
        hands = play_game(3, seed=21, game=game, agents=[RandomAgent()] * 3, length="50")
        assert len(hands) == GAME_LENGTHS["50"] or sorted(hands[-1].stacks)[-1] == 3 * STARTING_STACK
    hands = play_game(2, seed=21, game=0, agents=[CallAgent()] * 2, length="100")
    assert len(hands) == GAME_LENGTHS["100"] and min(hands[-1].stacks) > 0


# ----- random games: chips, determinism, H11 ----------------------------------------------------------


def check_game(seats: int, seed: int, game: int) -> None:
    hands = play_game(seats, seed, game, [RandomAgent()] * seats, length="50")
    stacks = (STARTING_STACK,) * seats
    for record in hands:
        assert record.stacks_before == stacks and sum(record.winnings) == 0
        assert min(record.stacks) >= 0 and sum(record.stacks) == seats * STARTING_STACK
        assert record.stacks_before[record.button] > 0
        if record.showdown and len(record.board) == 5:  # the best hand(s) never lose chips (H7, H9)
            folded = {a.seat for a in record.actions if a.action == FOLD}
            live = [s for s in range(seats) if record.holes[s] and s not in folded]
            values = {s: value(record.holes[s] + record.board) for s in live}
            best = max(values.values())
            assert all(record.winnings[s] >= 0 for s in live if values[s] == best)
        stacks = record.stacks


def test_chips_are_conserved_in_hundreds_of_heads_up_games():
    for game in range(500):
        check_game(2, 5, game)


def test_chips_are_conserved_in_nine_seat_games():
    for game in range(100):
        check_game(9, 6, game)


def test_same_seed_same_game():
    agents = [RandomAgent()] * 6
    assert play_game(6, 9, 4, agents, length="50") == play_game(6, 9, 4, agents, length="50")
    assert play_game(6, 9, 4, agents, length="50") != play_game(6, 9, 5, agents, length="50")


def test_observe_never_shows_another_seats_cards_h11():
    assert [f.name for f in fields(HoldemObservation)] == [
        "seat", "seats", "button", "street", "hole", "board", "stacks", "bets", "pot", "in_hand",
        "to_call", "min_raise_to", "max_raise_to", "big_blind", "history", "legal", "hand", "tendencies",
    ]  # fmt: skip
    agent = RandomAgent()
    for game in range(15):
        table = HoldemTable(5, seed=2, game=game, length="50")
        assert isinstance(table, TableState)
        while not table.is_over():
            table.apply(DEAL)
            hand = table.hand
            while not table.hand_over():
                actor = table.current_player()
                for seat in range(5):
                    obs = table.observe(seat)
                    others = {c for s, h in hand.holes.items() if s != seat for c in h}
                    assert obs.hole == hand.holes.get(seat, ()) and not others & set(obs.hole + obs.board)
                    assert obs.board == tuple(hand.full_board[: len(obs.board)])
                    assert (obs.legal != ()) == (seat == actor)
                obs = table.observe(actor)
                assert obs.legal == table.legal_actions()
                assert sum(obs.stacks) + sum(obs.bets) + obs.pot == 5 * STARTING_STACK
                table.apply(agent.act(obs, table.stream()))


# ----- the table's API: refusals, streams ----------------------------------------------------------


def test_legal_actions_and_apply_refusals_name_the_action():
    table = HoldemTable(3, seed=1, game=0)
    assert table.current_player() == CHANCE and table.legal_actions() == (DEAL,)
    with pytest.raises(ValueError, match="no hand has been dealt"):
        table.observe(0)
    with pytest.raises(ValueError, match=r"action 1 is not legal at the deal"):
        table.apply(CHECK_CALL)
    table.apply(DEAL)
    legal = table.legal_actions()
    assert legal == tuple(sorted(set(legal))) and legal == (FOLD, CHECK_CALL, *range(4, 201))
    for bad in (2, 3, 201, DEAL, -1, True, "1", 1.0):
        with pytest.raises(ValueError, match=f"action {bad!r} is not legal for seat 0"):
            table.apply(bad)
    with pytest.raises(ValueError, match="seat must be 0-2"):
        table.observe(3)
    table.apply(CHECK_CALL)
    table.apply(CHECK_CALL)
    table.apply(CHECK_CALL)  # the big blind checks: the flop, checking is free
    with pytest.raises(ValueError, match="action 0 is not legal for seat 1"):
        table.apply(FOLD)


def test_apply_refuses_everything_once_the_game_is_over():
    table = HoldemTable(2, seed=1, game=0, hand_limit=1)
    table.apply(DEAL)
    table.apply(FOLD)
    assert table.is_over() and table.ended == "hands" and table.returns() == (-SMALL_BLIND, SMALL_BLIND)
    with pytest.raises(ValueError, match="the game is over"):
        table.apply(DEAL)


def test_each_decision_draws_from_its_documented_stream():
    table = HoldemTable(2, seed=4, game=3, button=0)
    table.apply(DEAL)
    table.apply(CHECK_CALL)  # seat 0's decision 0
    table.apply(CHECK_CALL)  # seat 1's decision 0
    table.apply(CHECK_CALL)  # seat 1's decision 1 (first after the flop)
    stream = table.stream()
    assert table.current_player() == 0
    assert stream.key == derive(hand_key(4, 3, 0, STREAM_AGENT + 0), 1)


def test_random_level_menu_and_kinds_h12():
    table = HoldemTable(2, seed=1, game=0, button=0)
    table.apply(DEAL)
    obs = table.observe(0)  # the button: 1 in, facing 2, pot 0: a pot raise is to 2 + (3 + 1)
    assert raise_menu(obs) == (4, 4, 6, 200)
    kinds = {FOLD: 0, CHECK_CALL: 0, "raise": 0}
    for game in range(900):
        t = HoldemTable(2, seed=1, game=game, button=0)
        t.apply(DEAL)
        action = RandomAgent().act(t.observe(0), t.stream())
        kinds["raise" if action >= 2 else action] += 1
        assert action in t.legal_actions()
    assert all(250 < n < 350 for n in kinds.values()), kinds

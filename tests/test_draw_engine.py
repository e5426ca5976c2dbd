"""Five-card draw, fixed limit, on PokerKit (``sniper.games.draw``, GAMES.md D1–D11): antes and the
button (D1), the fixed bets and the cap (D3), the order of play (D4–D6), the 0–3 discard limit this
layer adds to PokerKit (D5), showdowns with split pots and odd chips (D7), all-ins and side pots
(D8), the end of a game (D9), what a seat may see (D10), and whole random games checked against an
independent referee (chips conserved, every pot to the right seats)."""

import itertools
import random

import pytest

from sniper.core.table import CHANCE, TERMINAL, TableState
from sniper.games.draw.agents import EasyAgent, RandomAgent
from sniper.games.draw.engine import (
    BET_RAISE,
    CHECK_CALL,
    DEAL,
    DISCARD,
    DISCARDS,
    DRAW,
    FIRST,
    FOLD,
    SECOND,
    DrawHand,
    cards_needed,
    discard_action,
)
from sniper.games.draw.play import HandRecord, play_game
from sniper.games.draw.rules import ANTE, BET_SIZES, CAP, STARTING_STACK
from sniper.games.draw.table import DrawTable
from sniper.games.poker52.cards import DECK_SIZE, cards, shuffled_deck, value
from sniper.games.poker52.hand import our_cards, pk_cards

STAND_PAT = DISCARD


def deck_of(holes: list[str], stock: str = "") -> list[int]:
    """A deck dealing ``holes`` (five cards each, in dealing order) and then ``stock`` as the draw's
    replacements, the other cards after them."""
    head = [c for hole in holes for c in cards(hole)] + list(cards(stock))
    return head + [c for c in range(DECK_SIZE) if c not in head]


def hand_of(stacks, button, holes, stock=""):
    return DrawHand(list(stacks), button, deck_of(holes, stock))


def play(hand: DrawHand, actions) -> None:
    for action in actions:
        hand.act(action)


WEAK = ["2c 3d 4h 5s 7c", "2d 3h 4s 5c 7d", "2h 3s 4c 5d 7h", "2s 3c 4d 5h 7s", "8c 9d Jh Qs 6c", "8d 9h Js Qc 6d"]
"""Hands without a pair to fill seats: the first four of one value (7-high: they tie), the last two Q-high."""


# ----- D1 antes and the button ----------------------------------------------------------------------


def test_every_player_antes_and_the_button_moves_to_the_next_player_still_at_the_table():
    table = DrawTable(4, seed=5, game=0, stacks=[50, 0, 70, 30], button=0)
    assert isinstance(table, TableState) and table.current_player() == CHANCE
    table.apply(DEAL)
    hand = table.hand
    assert hand.stacks() == (49, 0, 69, 29) and hand.pot() == 3 * ANTE and hand.bets() == (0,) * 4
    assert hand.order == (2, 3, 0) and 1 not in hand.holes  # the busted seat is not dealt in
    assert table.current_player() == 2  # the first seat left of the button, seat 1 having left
    while not table.hand_over():  # everyone checks and stands pat
        table.apply(CHECK_CALL if table.hand.street != DRAW else STAND_PAT)
    assert sum(table.stacks) == 150 and table.button == 2
    table.apply(DEAL)
    assert table.hand.button == 2 and table.hand.order == (3, 0, 2)


def test_a_fresh_game_starts_with_the_starting_stacks_and_the_button_on_seat_0():
    table = DrawTable(3, seed=1, game=0)
    table.apply(DEAL)
    assert table.hand.stacks_before == (STARTING_STACK,) * 3 and table.hand.button == 0


# ----- D3 fixed limits and the cap --------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_bets_and_raises_are_fixed_and_a_round_is_capped_at_four_bets(seats):
    hand = hand_of([100] * seats, 0, WEAK[:seats])
    first = hand.actor
    raise_tos = []
    for _ in range(CAP):
        raise_tos.append(hand.raise_to())
        hand.act(BET_RAISE)
    assert raise_tos == [BET_SIZES[0] * k for k in range(1, CAP + 1)]
    assert [a.amount for a in hand.actions][:2] == [2, 4]  # a bet, then a raise to 4
    # the cap: the next seat may only call or fold
    assert hand.raises() == CAP and hand.legal_actions() == (FOLD, CHECK_CALL) and hand.raise_to() is None
    with pytest.raises(ValueError, match="action 2 is not legal"):
        hand.act(BET_RAISE)
    while hand.street == FIRST:
        hand.act(CHECK_CALL)
    play(hand, [STAND_PAT] * seats)
    assert hand.street == SECOND and hand.actor == first and hand.raises() == 0
    raise_tos = []
    for _ in range(CAP):
        raise_tos.append(hand.raise_to())
        hand.act(BET_RAISE)
    assert raise_tos == [BET_SIZES[1] * k for k in range(1, CAP + 1)]
    assert BET_RAISE not in hand.legal_actions()
    while not hand.done:
        hand.act(CHECK_CALL)
    # every seat put in its ante and the two capped rounds
    assert hand.stacks_after == (100,) * seats and sum(a.amount for a in hand.actions) == seats * (8 + 16)


# ----- D4 / D6 order ------------------------------------------------------------------------------------


def test_order_of_play_and_draw_from_the_first_seat_left_of_the_button():
    hand = hand_of([100] * 4, 2, WEAK[:4])
    seen = []
    for action in [BET_RAISE, CHECK_CALL, CHECK_CALL, FOLD]:  # seat 3 bets, 0 and 1 call, 2 folds
        seen.append(hand.actor)
        hand.act(action)
    assert seen == [3, 0, 1, 2]
    seen = []
    for _ in range(3):
        seen.append(hand.actor)
        hand.act(STAND_PAT)
    assert seen == [3, 0, 1] and hand.street == SECOND
    assert hand.actor == 3
    hand.act(CHECK_CALL)
    assert hand.actor == 0


def test_the_second_round_starts_with_the_first_player_still_in_left_of_the_button():
    hand = hand_of([100] * 4, 2, WEAK[:4])
    play(hand, [CHECK_CALL, BET_RAISE, FOLD, CHECK_CALL, FOLD])  # 3 checks, 0 bets, 1 folds, 2 calls, 3 folds
    assert hand.street == DRAW and hand.actor == 0 and hand.in_hand() == (True, False, True, False)
    hand.act(STAND_PAT)
    assert hand.actor == 2
    hand.act(STAND_PAT)
    assert hand.street == SECOND and hand.actor == 0


def test_heads_up_the_player_left_of_the_button_acts_first_in_both_rounds():
    hand = hand_of([100, 100], 1, WEAK[:2])
    assert hand.order == (0, 1) and hand.actor == 0
    play(hand, [CHECK_CALL, CHECK_CALL])
    assert hand.actor == 0 and hand.street == DRAW
    play(hand, [STAND_PAT, STAND_PAT])
    assert hand.actor == 0 and hand.street == SECOND


# ----- D5 the draw ----------------------------------------------------------------------------------------


def test_the_deal_and_the_draw_take_the_decks_cards_in_order():
    seed, game, n_hand = 11, 2, 3
    deck = shuffled_deck(seed, game, n_hand, cards_needed(3))
    hand = DrawHand([100] * 3, 1, deck)
    assert hand.order == (2, 0, 1)
    for k, seat in enumerate(hand.order):
        assert hand.holes[seat] == tuple(deck[5 * k : 5 * k + 5])
    play(hand, [CHECK_CALL] * 3)
    play(hand, [discard_action(0b10101), STAND_PAT])  # seat 2 draws 3, seat 0 stands pat
    # nothing is dealt until the last player still in has drawn (PokerKit's draw)
    assert hand.cards[2] == [deck[1], deck[3]] and hand.drawn == {2: 3, 0: 0}
    hand.act(discard_action(0b00011))  # seat 1 draws 2
    assert hand.drawn_cards == {2: tuple(deck[15:18]), 0: (), 1: tuple(deck[18:20])}
    assert hand.discards == {2: (deck[0], deck[2], deck[4]), 0: (), 1: (deck[10], deck[11])}
    assert hand.cards[2] == [deck[1], deck[3], *deck[15:18]]
    assert hand.cards[1] == [*deck[12:15], *deck[18:20]]
    assert hand.cards[0] == list(deck[5:10])
    for i, seat in enumerate(hand.order):  # PokerKit holds the same cards
        assert our_cards(hand.state.hole_cards[i]) == tuple(hand.cards[seat])


def test_a_draw_of_four_cards_is_refused_though_pokerkit_takes_it():
    hand = hand_of([100, 100], 0, WEAK[:2])
    play(hand, [CHECK_CALL, CHECK_CALL])
    four = discard_action(0b01111)
    assert four not in hand.legal_actions() and len(DISCARDS) == 26
    assert hand.state.can_stand_pat_or_discard(pk_cards(hand.cards[1][:4]))  # PokerKit allows it
    with pytest.raises(ValueError, match=r"action 18 is not legal now \(it discards 4 cards, at most 3, D5\)"):
        hand.act(four)
    with pytest.raises(ValueError, match="action 34"):
        hand.act(discard_action(0b11111))
    assert hand.drawn == {} and hand.actor == 1  # nothing changed
    table = DrawTable(2, seed=1, game=0)
    table.apply(DEAL)
    table.apply(CHECK_CALL)
    table.apply(CHECK_CALL)
    with pytest.raises(ValueError, match=r"action 18 is not legal for seat 1 now; legal: 3-17, 19-25, 27-29, 31"):
        table.apply(18)


def test_standing_pat_keeps_the_five_cards():
    hand = hand_of([100, 100], 0, WEAK[:2], stock="Ah Ad Ac")
    play(hand, [CHECK_CALL, CHECK_CALL, STAND_PAT, STAND_PAT])
    assert hand.cards == {1: list(cards(WEAK[0])), 0: list(cards(WEAK[1]))} and hand.drawn == {1: 0, 0: 0}
    assert hand.drawn_cards == {1: (), 0: ()} and hand.street == SECOND


# ----- D7 showdown ----------------------------------------------------------------------------------------


def test_a_tie_splits_the_pot_and_the_odd_chips_go_from_the_first_seat_left_of_the_button():
    # seats 4, 0, 1 hold the same straight; with the button on 3 the odd chips go to 4, then 0
    straights = ["Ac Kd Qh Js Tc", "Ad Kh Qs Jc Td", "Ah Ks Qc Jd Th"]
    hand = hand_of([100] * 5, 3, [*straights, WEAK[0], WEAK[1]])
    assert hand.order == (4, 0, 1, 2, 3)
    play(hand, [BET_RAISE, CHECK_CALL, CHECK_CALL, FOLD, FOLD])  # the pot: 5 antes + 3 x 2 = 11
    play(hand, [STAND_PAT] * 3 + [CHECK_CALL] * 3)
    assert hand.done and hand.showdown
    assert hand.winnings == (1, 0, -1, -1, 1)  # 11 = 4 + 4 + 3 to seats 4, 0, 1; each put in 3
    assert hand.state.stacks == [97 + 5, 97 + 3, 97 + 3, 99, 99]  # PokerKit alone (seats 4, 0, 1, 2, 3): 5, 3, 3


def test_the_better_kicker_wins_and_a_folded_pot_shows_nothing():
    hand = hand_of([100, 100], 0, ["Ah Ad 9c 5s 2d", "As Ac 8c 5h 2h"])
    play(hand, [CHECK_CALL, CHECK_CALL, STAND_PAT, STAND_PAT, CHECK_CALL, CHECK_CALL])
    assert hand.winnings == (-1, 1)  # seat 1's A-A-9 beats seat 0's A-A-8
    hand = hand_of([100, 100], 0, WEAK[:2])
    play(hand, [BET_RAISE, FOLD])
    assert hand.done and not hand.showdown and hand.winnings == (-1, 1) and hand.street == FIRST


# ----- D8 all-in and side pots ----------------------------------------------------------------------------


def test_a_short_stack_bets_all_in_for_less_and_a_side_pot_goes_to_the_next_best_hand():
    # seat 1 (2 chips) holds the best hand, seat 2 the second, seat 0 the worst (holes in dealing order)
    hand = hand_of([100, 2, 100], 0, ["Ac Ad 9h 6s 3c", "Kc Kd 7h 4s 2c", "Qc Qd 8h 5s 3d"])
    assert hand.order == (1, 2, 0) and hand.raise_to() == 1  # 1 chip behind after the ante: all-in for less
    hand.act(BET_RAISE)
    assert hand.stacks()[1] == 0 and hand.raise_to() == 3  # the next raise is the fixed 2 above it
    play(hand, [BET_RAISE, CHECK_CALL])  # seat 2 raises to 3, seat 0 calls
    assert hand.street == DRAW and hand.actor == 1  # the all-in player still draws
    play(hand, [STAND_PAT] * 3)
    assert hand.actor == 2  # seat 1 is all-in: the round starts with seat 2
    play(hand, [BET_RAISE, CHECK_CALL])
    # main pot 3 antes + 3 x 1 = 6 to seat 1; side pot 2 x (2 + 4) = 12 to seat 2
    assert hand.stacks_after == (92, 6, 104)


def test_each_side_pot_is_split_apart_though_pokerkit_merges_them_once_the_losers_muck():
    # seats 0 and 2 tie (Q-high) over three pots: 5 chips (with seats 3, 4), 3 (with seat 3) and 10
    hand = hand_of([100, 100, 100, 2, 1], 4, [WEAK[4], WEAK[0], WEAK[5], WEAK[1], WEAK[2]])
    play(hand, [BET_RAISE, FOLD, CHECK_CALL, CHECK_CALL])  # seat 0 bets, 1 folds, 2 calls, 3 calls all-in
    play(hand, [STAND_PAT] * 4 + [BET_RAISE, CHECK_CALL])
    # 5 = 3 + 2, 3 = 2 + 1, 10 = 5 + 5, the odd chips to seat 0 (first left of the button)
    assert hand.stacks_after == (100 - 7 + 10, 99, 100 - 7 + 8, 0, 0)
    assert hand.state.stacks[0] == hand.state.stacks[2] == 102  # PokerKit: one pot of 18, 9 and 9


def second_round(stacks, first_round):
    """Seats 0, 1, 2 (button 2: order 0, 1, 2) play ``first_round`` and stand pat: the second round (bets of 4)."""
    hand = hand_of(stacks, 2, WEAK[:3])
    play(hand, [*first_round, STAND_PAT, STAND_PAT, STAND_PAT])
    assert hand.street == SECOND and hand.actor == 0 and hand.bet_size() == BET_SIZES[1]
    return hand


def test_an_all_in_raise_of_less_than_half_a_bet_counts_toward_the_cap_and_does_not_reopen_the_betting_d8():
    # seat 1 has 6 chips after the ante and its bet of 2 in the first round: 5 in the second
    hand = second_round([100, 8, 100], [CHECK_CALL, BET_RAISE, CHECK_CALL, CHECK_CALL])
    play(hand, [BET_RAISE, BET_RAISE])  # seat 0 bets 4, seat 1 raises all in to 5: by 1, less than half of 4
    assert hand.stacks()[1] == 0 and hand.raises() == 2
    assert hand.actor == 2 and hand.raise_to() == 9  # seat 2 has not acted: it may raise, to 5 + 4
    hand.act(CHECK_CALL)
    assert hand.actor == 0 and hand.legal_actions() == (FOLD, CHECK_CALL)  # seat 0 had acted: call or fold
    hand.act(CHECK_CALL)
    assert hand.done


def test_an_all_in_raise_of_half_a_bet_or_more_reopens_the_betting_d8():
    # seat 1 has 6 chips in the second round; PokerKit alone would count its raise of 2 as short
    hand = second_round([100, 9, 100], [CHECK_CALL, BET_RAISE, CHECK_CALL, CHECK_CALL])
    play(hand, [BET_RAISE, BET_RAISE, CHECK_CALL])  # seat 0 bets 4, seat 1 all in to 6 (by 2, half), seat 2 calls
    assert hand.actor == 0 and hand.legal_actions() == (FOLD, CHECK_CALL, BET_RAISE) and hand.raise_to() == 10
    play(hand, [BET_RAISE, CHECK_CALL])
    assert hand.done and sum(hand.winnings) == 0 and hand.actions[-2].to == 10
    # in the first round (bets of 2) an all-in raise of 1 is half a bet: it reopens the betting too
    hand = hand_of([100, 100, 4], 0, WEAK[:3])  # order 1, 2, 0; seat 2 has 3 chips after the ante
    play(hand, [BET_RAISE, BET_RAISE, CHECK_CALL])  # seat 1 bets 2, seat 2 raises all in to 3, seat 0 calls
    assert hand.actor == 1 and hand.raise_to() == 5


def test_an_all_in_opening_bet_of_less_than_half_a_bet_does_not_reopen_the_betting_d8():
    # seat 1 has 1 chip in the second round: seat 0 checks, seat 1 bets all in for 1 (PokerKit: a full opening bet)
    hand = second_round([100, 4, 100], [CHECK_CALL, BET_RAISE, CHECK_CALL, CHECK_CALL])
    play(hand, [CHECK_CALL, BET_RAISE])
    assert hand.stacks()[1] == 0 and hand.actor == 2 and hand.raise_to() == 5  # seat 2 has not acted
    hand.act(CHECK_CALL)
    assert hand.actor == 0 and hand.legal_actions() == (FOLD, CHECK_CALL)  # seat 0 checked: call or fold


def test_with_everyone_but_one_all_in_the_draw_is_played_and_the_second_round_skipped():
    hand = hand_of([100, 3, 100], 1, ["Ac Ad 9h 6s 3c", *WEAK[:2]])  # order 2, 0, 1
    play(hand, [BET_RAISE, FOLD, CHECK_CALL])  # seat 2 bets, 0 folds, 1 calls all-in
    assert hand.street == DRAW and hand.stacks()[1] == 0
    play(hand, [discard_action(0b11100), discard_action(0b00111)])
    assert hand.done and hand.drawn == {2: 3, 1: 3} and all(a.street != SECOND for a in hand.actions)


def test_a_player_all_in_from_the_ante_is_dealt_in_and_draws_without_betting():
    hand = hand_of([1, 100, 100], 0, [*WEAK[:2], "Ac Ad 9h 6s 3c"])  # seat 0, dealt last, holds aces
    assert hand.order == (1, 2, 0) and hand.stacks() == (0, 99, 99) and hand.actor == 1
    play(hand, [BET_RAISE, CHECK_CALL])
    assert hand.street == DRAW and hand.actor == 1
    play(hand, [STAND_PAT] * 3 + [CHECK_CALL] * 2)
    assert hand.stacks_after == (3, 99, 99)  # the main pot (3 antes) to seat 0; seats 1 and 2 split the side pot


def test_an_uncalled_bet_is_returned():
    hand = hand_of([100, 100, 100], 0, WEAK[:3])
    play(hand, [BET_RAISE, FOLD, FOLD])
    assert hand.winnings == (-1, 2, -1)


# ----- D9 the game ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_a_bust_game_ends_when_one_player_holds_every_chip(seats):
    agents = [EasyAgent(), RandomAgent(), RandomAgent()][:seats]
    table = DrawTable(seats, seed=3, game=1, length="bust")
    busted: set[int] = set()
    while not table.is_over():
        table.apply(DEAL)
        assert busted.isdisjoint(table.hand.holes)  # a busted player has left
        while not table.hand_over():
            seat = table.current_player()
            table.apply(agents[seat].act(table.observe(seat), table.stream()))
        busted |= {s for s, chips in enumerate(table.stacks) if chips == 0}
    assert table.ended == "chips" and sorted(table.stacks)[-2:] == [0, seats * STARTING_STACK]
    assert table.current_player() == TERMINAL and table.legal_actions() == ()
    with pytest.raises(ValueError, match=f"action {DEAL} is not legal: the game is over"):
        table.apply(DEAL)


def test_a_game_of_20_hands_plays_20_hands_unless_someone_busts_everyone():
    hands = play_game(3, seed=2, game=0, agents=[EasyAgent()] * 3, length="20")
    assert len(hands) == 20 and [h.hand for h in hands] == list(range(20))


# ----- chips, pots and the deal on many random games ----------------------------------------------


def contributions(h) -> tuple[list[int], list[int]]:
    """The chips each seat put in during the hand record ``h`` (ante and actions), and the seats still in."""
    put = [ANTE if hole else 0 for hole in h.holes]
    for a in h.actions:
        put[a.seat] += a.amount
    folded = {a.seat for a in h.actions if a.action == FOLD and a.street != DRAW}
    return put, [s for s, hole in enumerate(h.holes) if hole and s not in folded]


def referee(h, odd_splits: list | None = None) -> tuple[int, ...]:
    """Each seat's winnings in the hand record ``h``, worked out without PokerKit: contributions from
    the antes and the actions, pots by contribution level (adjacent levels with the same players
    merged, as H7), each to the best ``poker52.value`` among its players still in, odd chips one each
    from the first seat left of the button. Appends ``(pot, winners)`` of each split pot with odd
    chips to ``odd_splits``."""
    seats = len(h.stacks)
    put, live = contributions(h)
    clockwise = [(h.button + k) % seats for k in range(1, seats + 1)]
    pots: list[list] = []
    low = 0
    for level in sorted(set(p for p in put if p > 0)):
        givers = [s for s in range(seats) if put[s] >= level]
        players = [s for s in clockwise if s in live and put[s] >= level]
        assert players, "a pot nobody can win"
        if pots and pots[-1][1] == players:
            pots[-1][0] += (level - low) * len(givers)
        else:
            pots.append([(level - low) * len(givers), players])
        low = level
    got = [0] * seats
    for amount, players in pots:
        best = max(value(h.cards[s]) for s in players) if len(live) > 1 else None
        winners = [s for s in players if best is None or value(h.cards[s]) == best]
        share, odd = divmod(amount, len(winners))
        if odd and odd_splits is not None:
            odd_splits.append((amount, winners))
        for rank, s in enumerate(winners):
            got[s] += share + (rank < odd)
    return tuple(g - p for g, p in zip(got, put))


@pytest.mark.parametrize("seats, games, length", [(2, 30, "bust"), (6, 12, "20")])
def test_random_games_conserve_chips_and_every_pot_goes_to_the_right_seats(seats, games, length):
    events = {"capped": 0, "all-in": 0, "side pot": 0, "3-card draw": 0, "stand pat": 0}
    for game in range(games):
        agents = [RandomAgent() if (s + game) % 3 else EasyAgent(bluff=0.3) for s in range(seats)]
        hands = play_game(seats, seed=9, game=game, agents=agents, length=length)
        for before, after in itertools.pairwise(hands):
            assert after.stacks_before == before.stacks
        for h in hands:
            assert sum(h.winnings) == 0 and min(h.stacks) >= 0
            assert sum(h.stacks) == seats * STARTING_STACK
            assert h.winnings == referee(h), h
            dealt = [s for s in range(seats) if h.holes[s]]
            deck = shuffled_deck(9, game, h.hand, cards_needed(len(dealt)))
            stock = iter(deck[5 * len(dealt) :])
            order = sorted(dealt, key=lambda s: (s - h.button - 1) % seats)
            for k, seat in enumerate(order):
                assert h.holes[seat] == tuple(deck[5 * k : 5 * k + 5])
                assert h.drawn[seat] == tuple(next(stock) for _ in range(h.draws[seat] or 0))
                kept = [c for c in h.holes[seat] if c not in h.discards[seat]]
                assert h.cards[seat] == (tuple(kept) + h.drawn[seat] if h.draws[seat] is not None else h.holes[seat])
            rounds = itertools.groupby(h.actions, key=lambda a: a.street)
            events["capped"] += any(sum(a.action == BET_RAISE for a in acts) == CAP for _, acts in rounds)
            put, live = contributions(h)
            events["all-in"] += any(put[s] == h.stacks_before[s] for s in dealt)
            events["side pot"] += len({put[s] for s in live}) > 1  # heads-up: an uncalled bet returned
            events["3-card draw"] += 3 in h.draws
            events["stand pat"] += 0 in h.draws
    assert all(events.values()), events


def test_ties_across_side_pots_share_each_pot_with_the_odd_chips_to_the_right_seats():
    # equal hands (the four 7-highs of WEAK) at short random stacks, random betting, everyone stands pat
    rng = random.Random(21)
    odd_splits: list = []
    for trial in range(400):
        seats = rng.randint(2, 6)
        stacks = [rng.randint(1, 12) for _ in range(seats)]
        button = rng.randrange(seats)
        hand = hand_of(stacks, button, rng.sample(WEAK, seats))
        while not hand.done:
            hand.act(STAND_PAT if hand.street == DRAW else rng.choice(hand.legal_actions()))
        assert hand.winnings == referee(HandRecord.of(hand, trial), odd_splits), (stacks, button, hand.actions)
    three_way = [winners for _, winners in odd_splits if len(winners) > 2]
    assert len(odd_splits) > 50 and len(three_way) > 10 and any(w[0] > w[1] for w in three_way), odd_splits


def test_the_same_seed_plays_the_same_game_and_another_seed_another():
    agents = [RandomAgent(), EasyAgent(), RandomAgent()]
    first = play_game(3, seed=4, game=2, agents=agents, length="20")
    assert play_game(3, seed=4, game=2, agents=agents, length="20") == first
    assert play_game(3, seed=5, game=2, agents=agents, length="20") != first


# ----- D10 what a seat sees ---------------------------------------------------------------------------


def observations(deck: list[int], actions: list[int], seat: int) -> list:
    """``seat``'s observation after each of ``actions`` in a 3-seat hand (button 2) dealt from ``deck``."""
    table = DrawTable(3, seed=0, game=0, button=2)
    table.apply(DEAL)
    table.hand = DrawHand(table.stacks, 2, deck)
    seen = [table.observe(seat)]
    for action in actions:
        table.apply(action)
        seen.append(table.observe(seat))
    return seen


def test_observe_hides_the_other_cards_and_which_cards_were_drawn():
    # seat 0 draws first (button 2), then seat 1, then 2: seat 0's replacements are the first stock cards
    base = deck_of(["Ac Kc 7d 4h 2s", "Qh Qs 8c 6d 3h", "Jd Td 9s 5c 2c"], stock="3c 9d 8h Th 7s As")
    other = deck_of(["Ac Kc 7d 4h 2s", "Ah 5d 5h 9c 4c", "Kd Ks 6c 6h 3s"], stock="3c 9d 8h 8s Js Ad")
    # same public actions; seat 1 discards other positions, the same number of cards
    plan = [BET_RAISE, CHECK_CALL, CHECK_CALL, discard_action(0b11100)]
    seen = observations(base, [*plan, discard_action(0b00110), STAND_PAT, CHECK_CALL], seat=0)
    again = observations(other, [*plan, discard_action(0b01001), STAND_PAT, CHECK_CALL], seat=0)
    assert seen == again
    last = seen[-1]
    assert last.cards == cards("Ac Kc 3c 9d 8h") and last.discarded == cards("7d 4h 2s")
    assert last.drawn == (3, 2, 0) and len(last.history) == 4 and last.street == SECOND


def test_observe_shows_only_the_seats_own_cards_on_random_games():
    table = DrawTable(4, seed=8, game=0)
    agent = RandomAgent()
    while table.hand_index < 5 and not table.is_over():
        table.apply(DEAL)
        hand = table.hand
        while not table.hand_over():
            seat = table.current_player()
            for s in range(4):
                obs = table.observe(s)
                mine = set(hand.holes.get(s, ())) | set(hand.drawn_cards.get(s, ()))
                assert set(obs.cards) | set(obs.discarded) <= mine
                assert obs.legal == (table.legal_actions() if s == seat else ())
            table.apply(agent.act(table.observe(seat), table.stream()))
        if table.is_over():
            break


# ----- refusals -----------------------------------------------------------------------------------------


def test_refusals_name_the_action_and_change_nothing():
    table = DrawTable(3, seed=1, game=0)
    with pytest.raises(ValueError, match="action 1 is not legal at the deal now; legal: 35"):
        table.apply(CHECK_CALL)
    with pytest.raises(ValueError, match="no hand has been dealt yet"):
        table.observe(0)
    table.apply(DEAL)
    before = table.observe(1)
    for bad in (FOLD, 35, 99, -1, True, "2", 2.0, DISCARD):
        with pytest.raises(ValueError, match=rf"action {bad!r} is not legal for seat 1 now; legal: 1, 2"):
            table.apply(bad)
    assert table.observe(1) == before
    with pytest.raises(ValueError, match="seat must be 0-2, got 3"):
        table.observe(3)
    for bad_seats in (1, 7, True):
        with pytest.raises(ValueError, match="seats must be 2-6"):
            DrawTable(bad_seats, seed=1, game=0)
    with pytest.raises(ValueError, match="game length must be one of 20, 50, bust, got '100'"):
        DrawTable(2, seed=1, game=0, length="100")
    with pytest.raises(ValueError, match="need 16 cards"):
        DrawHand([100, 100], 0, list(range(15)))
    with pytest.raises(ValueError, match="the button must be a seat with chips"):
        DrawHand([100, 0, 100], 1, list(range(24)))

"""One hand of five-card draw in numba: its state, PokerKit's fixed-limit betting and the draw (GAMES.md D1–D8).

Numba equivalent of ``sniper.games.draw.engine.DrawHand``, i.e. of the PokerKit 0.7.7 ``State`` it drives
(fixed limit, antes, no blinds, tournament mode, every automation but dealing, the streets of
``engine.PK_STREETS``). The players of a hand are the seats with chips in the engine's dealing order
(``deal_nb``: clockwise from the seat left of the button, the button last), and every per-player array is
indexed by that position ``p``, PokerKit's player index. What PokerKit does, step by step, and this
module with it:

- **antes** (``deal_nb``): every player antes ``min(ante, stack)``; the antes are collected at once, any
  part of the largest above the second largest returned (PokerKit's ante trimming; with a 1-chip ante
  and stacks of at least one chip it never happens);
- **a round's first actor** (``begin_round_nb``, PokerKit's ``Opening.POSITION`` with no blind): player 0,
  then in turn; to act are the players still in with chips and a positive effective stack (the second
  largest stack-plus-bet among the players in, less their bet); a round with fewer than two of them
  has no betting (D4, D6, D8);
- **actions** (``fold_nb``, ``check_call_nb``, ``bet_raise_nb``): an actor acts once, in turn; a bet or
  raise puts every other player still in with chips back in turn after it (D3);
- **who may bet or raise** (``raise_to_nb``, PokerKit's ``_verify_completion_betting_or_raising`` with
  D8's full bet): not when the call is less than the round's largest raise, at most half the fixed
  amount (a short all-in is not raised), nor after the cap (``CAP`` bets and raises, D3), nor when the
  actor has acted since the last full bet or raise while the short all-ins since then add up to less
  than a full one, nor when the actor's stack does not exceed the call, nor when every other player
  still in is all in for at most the largest bet. A bet or raise is full when it is at least half the
  fixed amount (``full_nb``, D8; PokerKit counts a raise full when it is at least the largest raise so
  far, and a round's first bet always: ``sniper.games.draw.engine`` enforces D8 over it). The bet or
  raise is *to* the round's fixed amount above the largest bet, or all in for less (D3, D8);
- **the draw** (``discard_nb``, ``deal_replacements_nb``): every player still in (all-in ones too), in
  turn from player 0, discards; once all have, each takes its replacements from the deck after the
  dealt hands, in player order (``engine``'s deal, D5);
- **the end of a round** (``end_round_nb``): the bets go into the pot, the part of the largest bet above
  the second largest returned (an uncalled bet, D8).

A hand's state is a ``Hand``: a ``PLAYER`` record per player and one ``ROUND`` record, allocated once per
range of games (``new_hand_nb``) and reset by ``deal_nb``. Kernels do no validation: an action must be
legal (``raise_to_nb``).
"""

from typing import NamedTuple

import numpy as np

from kernels.draw.codes import (
    BET_RAISE,
    CARDS_PER_PLAYER,
    FIRST,
    HAND_SIZE,
    MAX_DISCARDS,
    MAX_SEATS,
    NO_DRAW,
    TALLY,
)
from kernels.eval52 import N_CARDS
from kernels.jit import njit
from kernels.poker52 import betting as shared
from kernels.poker52.deck import shuffle_into_nb
from kernels.rng import derive_nb
from kernels.streams import STREAM_DECK

NO_RAISE = -1
"""``raise_to_nb`` when no bet or raise is legal."""

PLAYER = np.dtype(
    [
        *shared.PLAYER_FIELDS,
        ("decisions", np.int64),
        ("value", np.int64),
        ("drawn", np.int64),
        ("first", np.int64),
        ("second", np.int64),
    ]
)
"""One player's state in a hand (a record; chips are chips, flags 0/1):

- ``seat``: the player's seat; ``start``: its stack before the hand; ``stack``: chips behind; ``bet``:
  chips bet this round (PokerKit's ``bets``); ``put``: chips in the pot from earlier rounds and the ante
  (after any uncalled bet came back); ``won``: chips taken from the pot at the end;
- ``active``: still in (not folded); ``acted``: acted since the round began or the last full raise
  (PokerKit's ``acted_player_indices``); ``decisions``: decisions taken this hand, the index of its
  next decision stream (R13; the draw counts);
- ``value``: its five cards' ``sniper.games.poker52.cards.value`` at the showdown, -1 otherwise;
- ``drawn``: cards it drew (0–3), ``NO_DRAW`` before (D5, public);
- ``first``, ``second``: its aggression in the first and second betting round as ``hard`` reads it
  (``sniper.games.draw.reading.aggression``: 0 none, 1 a bet, 2 a raise over a bet).
"""

ROUND = np.dtype(
    [
        ("players", np.int64),
        ("street", np.int64),
        ("max_bet", np.int64),
        ("pot", np.int64),
        ("n_active", np.int64),
        ("bet_size", np.int64),
        ("cap", np.int64),
        ("raise_amount", np.int64),
        ("raises", np.int64),
        ("short_n", np.int64),
        ("short_sum", np.int64),
        ("head", np.int64),
        ("tail", np.int64),
        ("next_card", np.int64),
    ]
)
"""The hand-wide state (one record):

- ``players``: players dealt in (``m``); ``street``: ``FIRST``, ``DRAW`` or ``SECOND``; ``max_bet``: the
  largest bet of the round; ``pot``: every chip in the middle, this round's bets included (PokerKit's
  ``total_pot_amount``); ``n_active``: players still in;
- ``bet_size``: the round's fixed bet and raise (D3); ``cap``: the most bets and raises a round (D3);
  ``raise_amount``: the largest bet or raise of the round (PokerKit's
  ``completion_betting_or_raising_amount``); ``raises``: bets and raises made this round (PokerKit's
  ``completion_betting_or_raising_count``); ``short_n``, ``short_sum``: count and sum of the consecutive
  short all-in raises (PokerKit's ``consecutive_short_all_in_amounts``);
- ``head``, ``tail``: the players still to act are ``Hand.queue[head:tail]`` (PokerKit's ``actor_indices``);
- ``next_card``: the deck position of the next replacement card (D5).
"""


class Hand(NamedTuple):
    """One hand's state, allocated once (``new_hand_nb``) and reset by ``deal_nb``."""

    pl: np.ndarray
    """``PLAYER (MAX_SEATS,)``: per-player state by position ``p`` (``st.players`` entries used)."""
    st: np.ndarray
    """``ROUND (1,)``: the hand-wide state."""
    queue: np.ndarray
    """``int64 (MAX_SEATS,)``: positions still to act, ``queue[st.head:st.tail]``."""
    hole: np.ndarray
    """``uint8 (MAX_SEATS, 5)``: each player's five dealt cards, by position."""
    cards: np.ndarray
    """``uint8 (MAX_SEATS, 5)``: the cards each player holds, in order (after the draw: its kept cards,
    then its replacements; the order a discard mask's bits refer to)."""
    discards: np.ndarray
    """``uint8 (MAX_SEATS, 3)``: each player's discards, in the order held (``PLAYER.drawn`` of them)."""
    drawn: np.ndarray
    """``uint8 (MAX_SEATS, 3)``: each player's replacement cards, in deck order (``PLAYER.drawn`` of them)."""
    deck: np.ndarray
    """``uint8 (52,)``: the hand's shuffled deck."""
    stream: np.ndarray
    """``uint64 (2,)``: the random stream of the decision being taken (``kernels.rng.stream_word_nb``)."""
    agent_keys: np.ndarray
    """``uint64 (MAX_SEATS,)``: each player's agent stream key of the hand, ``hand_key(seed, game, hand,
    STREAM_AGENT + seat)`` (its ``d``-th decision draws from ``derive(key, d)``)."""
    levels: np.ndarray
    """``int64 (MAX_SEATS,)``: scratch of the showdown: the distinct contributions, ascending."""
    tally: np.ndarray
    """``int64 (MAX_SEATS, TALLY)``: per seat, its raises facing a bet in the first betting round, its first-round
    decisions facing a bet, its two-card draws, its draws, its hands shown down less than a pair after a
    second-round bet or raise and its hands shown down after one, over the game's earlier hands (public, D10:
    ``DrawObservation.tendencies``; all 0 at a game's start, ``kernels.draw.game.play_game_nb``); what the levels'
    reads adapt to (``kernels.draw.ranges.looseness_of_nb``)."""
    hand_tally: np.ndarray
    """``int64 (MAX_SEATS, TALLY)``: the same counts for the current hand (``kernels.draw.game.betting_nb``,
    ``draw_nb``, ``play_dealt_nb``), added to ``tally`` when the hand is over."""


def new_hand():
    """A ``Hand`` (arrays allocated, contents set by ``deal_nb``): the numba equivalent of
    ``sniper.games.draw.engine.DrawHand``'s state. Plain Python, compiled as ``new_hand_nb``, so Python code
    can build a ``Hand`` of the very same numba type."""
    return Hand(
        np.zeros(MAX_SEATS, PLAYER),
        np.zeros(1, ROUND),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros((MAX_SEATS, HAND_SIZE), np.uint8),
        np.zeros((MAX_SEATS, HAND_SIZE), np.uint8),
        np.zeros((MAX_SEATS, MAX_DISCARDS), np.uint8),
        np.zeros((MAX_SEATS, MAX_DISCARDS), np.uint8),
        np.zeros(N_CARDS, np.uint8),
        np.zeros(2, np.uint64),
        np.zeros(MAX_SEATS, np.uint64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros((MAX_SEATS, TALLY), np.int64),
        np.zeros((MAX_SEATS, TALLY), np.int64),
    )


new_hand_nb = njit(cache=True)(new_hand)
"""``new_hand`` compiled (numba)."""


# ----- the deal (D1, D2) -----------------------------------------------------------------------


@njit(cache=True, inline="always")
def seat_nb(h, stacks, button, ante, cap):
    """Start a hand: the players and their antes (D1); returns the players dealt in. Numba equivalent of
    ``sniper.games.draw.engine.DrawHand.__init__`` before the deal (``kernels.poker52.betting.seat_players_nb``,
    then the antes, collected at once by ``kernels.poker52.betting.collect_bets_nb``).

    ``stacks`` ``int64 (n,)``: chips per seat (0: not at the table); ``button``: a seat with chips; ``ante``,
    ``cap``: chips and bets a round (D1, D3). The players are the seats with chips clockwise from the seat
    left of the button, the button last (``pokerkit_hand.dealing_order``).
    """
    pl, s = h.pl, h.st[0]
    m = shared.seat_players_nb(h, stacks, button)
    s.cap = cap
    s.pot = 0
    for p in range(m):
        q = pl[p]
        q.bet = min(ante, q.stack)
        q.stack -= q.bet
        q.drawn = NO_DRAW
        q.first = 0
        q.second = 0
        s.pot += q.bet
    shared.collect_bets_nb(h)
    return m


@njit(cache=True, inline="always")
def deal_cards_nb(h):
    """Deal the five cards of each player from ``h.deck`` (D2, ``engine``'s deal): ``deck[5p:5p+5]`` to player
    ``p``, the replacements to come from ``deck[5m:]``. Numba equivalent of
    ``sniper.games.draw.engine.DrawHand.__init__``'s deal."""
    m = h.st[0].players
    for p in range(m):
        for j in range(HAND_SIZE):
            h.hole[p, j] = h.deck[HAND_SIZE * p + j]
            h.cards[p, j] = h.deck[HAND_SIZE * p + j]
    h.st[0].next_card = HAND_SIZE * m


@njit(cache=True, inline="always")
def deal_nb(h, stacks, button, hand_key, ante, cap, shuffle):
    """Start a hand (D1, D2): ``seat_nb``, then, when ``shuffle`` (``int64`` 1), the deck of ``hand_key``
    (``derive(derive(mix64(seed), game), hand)``; its first ``8m`` cards shuffled, numba equivalent of
    ``sniper.games.poker52.shuffled_deck``) into ``h.deck``; with ``shuffle`` 0, the deck the caller put in
    ``h.deck`` (a given deal, as ``sniper.games.draw.engine.DrawHand``'s ``deck``); then ``deal_cards_nb``.
    Returns the players dealt in. Numba equivalent of ``sniper.games.draw.engine.DrawHand.__init__``."""
    m = seat_nb(h, stacks, button, ante, cap)
    if shuffle:
        shuffle_into_nb(derive_nb(hand_key, STREAM_DECK), CARDS_PER_PLAYER * m, h.deck)
    deal_cards_nb(h)
    return m


# ----- a round's turn order (D4, D6) -------------------------------------------------------------


@njit(cache=True, inline="always")
def begin_round_nb(h, street, bet_size):
    """Start betting round ``street`` (``FIRST`` or ``SECOND``) at the fixed ``bet_size`` (D3, D4, D6): player
    0 opens, the players to act in turn (module docstring), no bet yet. Returns whether anyone is to act.
    Numba equivalent of PokerKit's ``_begin_betting`` under ``sniper.games.draw.engine.DrawHand``
    (``kernels.poker52.betting.open_betting_nb`` from player 0)."""
    s = h.st[0]
    s.street = street
    s.bet_size = bet_size
    s.raises = 0
    return shared.open_betting_nb(h, 0)


# ----- what the actor may do (D3, D8) ------------------------------------------------------------


@njit(cache=True, inline="always")
def full_nb(s):
    """The smallest bet or raise (chips above the largest bet) that counts as full in round record ``s``:
    half the fixed amount, rounded up (D8: an all-in of at least half reopens the betting, one of less
    does not). Numba equivalent of ``sniper.games.draw.engine.DrawHand.full_bet``."""
    return (s.bet_size + 1) // 2


@njit(cache=True, inline="always")
def raise_to_nb(h, p):
    """Actor ``p``'s total bet of the round after ``BET_RAISE``, or ``NO_RAISE`` when it may not bet or raise:
    numba equivalent of ``sniper.games.draw.engine.DrawHand.raise_to`` (PokerKit's
    ``min_completion_betting_or_raising_to_amount``; the rules in the module docstring, the cap beside
    ``kernels.poker52.betting.may_raise_nb``)."""
    s = h.st[0]
    q = h.pl[p]
    full = full_nb(s)
    if s.raises >= s.cap or not shared.may_raise_nb(h, p, min(s.raise_amount, full), full):
        return np.int64(NO_RAISE)
    return min(q.stack + q.bet, max(s.raise_amount, s.bet_size) + s.max_bet)


# ----- actions (D3, D4, D8) ----------------------------------------------------------------------


@njit(cache=True, inline="always")
def note_raise_nb(h, p):
    """Count a bet or raise of ``p`` in its aggression of the round (``PLAYER.first``/``second``): numba
    equivalent of ``sniper.games.draw.reading.aggression``, called before the raise is applied (2 when a
    bet or raise of the round came before, else 1)."""
    q, s = h.pl[p], h.st[0]
    level = 2 if s.raises > 0 else 1
    if s.street == FIRST:
        q.first = max(q.first, level)
    else:
        q.second = max(q.second, level)


@njit(cache=True, inline="always")
def fold_nb(h):
    """The actor folds (only when it owes chips); returns the chips it put in (0). Numba equivalent of
    ``sniper.games.draw.engine.DrawHand.act(FOLD)``."""
    p = shared.pop_actor_nb(h)
    h.pl[p].active = 0
    h.st[0].n_active -= 1
    return np.int64(0)


@njit(cache=True, inline="always")
def bet_raise_nb(h, amount):
    """The actor bets or raises *to* ``amount`` chips (``raise_to_nb``); returns the chips it put in. Numba
    equivalent of ``sniper.games.draw.engine.DrawHand.act(BET_RAISE)``, i.e. PokerKit's
    ``complete_bet_or_raise_to``: every other player still in with chips is to act again, in turn after it;
    a bet or raise of at least half the fixed amount is full (``full_nb``: the players who acted may raise
    again); the round's short all-ins are summed, and count as full when they add up to a full one; it
    counts towards the cap (D3, D8; ``kernels.poker52.betting.complete_raise_nb``)."""
    s = h.st[0]
    full = full_nb(s)
    s.raises += 1
    return shared.complete_raise_nb(h, amount, full, full)


@njit(cache=True, inline="always")
def act_nb(h, action, raise_to):
    """Apply the actor's legal betting ``action`` (0 fold, 1 check/call, 2 bet/raise to ``raise_to``);
    returns the chips it put in. Numba equivalent of ``sniper.games.draw.engine.DrawHand.act`` when betting."""
    if action == BET_RAISE:
        return bet_raise_nb(h, raise_to)
    if action == 0:
        return fold_nb(h)
    return shared.check_call_nb(h)


# ----- the draw (D5) -----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def discard_nb(h, p, mask):
    """Player ``p`` discards the cards at the set bits of ``mask`` (0–3 of them): its kept cards close up in
    order, its discards are noted; the replacements come with ``deal_replacements_nb``. Numba
    equivalent of ``sniper.games.draw.engine.DrawHand.act`` at the draw."""
    kept = 0
    gone = 0
    for j in range(HAND_SIZE):
        c = h.cards[p, j]
        if (mask >> j) & 1:
            h.discards[p, gone] = c
            gone += 1
        else:
            h.cards[p, kept] = c
            kept += 1
    h.pl[p].drawn = gone


@njit(cache=True, inline="always")
def deal_replacements_nb(h):
    """Deal every drawer its replacements, in player order, from the deck after the dealt hands (D5;
    numba equivalent of ``sniper.games.draw.engine.DrawHand._advance``'s deal)."""
    pl, s = h.pl, h.st[0]
    for p in range(s.players):
        d = pl[p].drawn
        for i in range(d if d > 0 else 0):
            c = h.deck[s.next_card]
            s.next_card += 1
            h.cards[p, HAND_SIZE - d + i] = c
            h.drawn[p, i] = c


@njit(cache=True, inline="always")
def end_round_nb(h):
    """End a betting round; returns whether all but one player folded (the pot is theirs, unshown: D7). Numba
    equivalent of ``sniper.games.draw.engine.DrawHand._advance`` at a round's end (PokerKit's
    ``_end_betting`` and ``collect_bets``, ``kernels.poker52.betting.collect_bets_nb``)."""
    shared.collect_bets_nb(h)
    return h.st[0].n_active == 1

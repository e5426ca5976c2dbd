"""One hand of no-limit Hold'em in numba: its state and PokerKit's betting rules (GAMES.md H2–H8).

Numba equivalent of ``sniper.games.holdem.engine.HoldemHand``, i.e. of the PokerKit 0.7.7 ``State``
it drives (``pokerkit.state``, no-limit, blinds, tournament mode, every automation but dealing). The
players of a hand are the seats with chips in the engine's dealing order (``deal_nb``: clockwise from
the seat left of the button, the button last), and every per-player array is indexed by that
position ``p``, PokerKit's player index. What PokerKit does, step by step, and this module with it:

- **blinds** (``deal_nb``): player 0 posts the small blind and player 1 the big blind; heads-up
  player 0 (the big blind) posts the big blind and player 1 (the button) the small one (H2);
  a short stack posts what it has;
- **a street's first actor** (``begin_street_nb``, PokerKit's ``Opening.POSITION``): the player
  after the one with the largest blind bet (ties: the later player), i.e. the player left of the big
  blind before the flop and player 0 after it (H4); to act are the players still in with chips and
  a positive effective stack (the second largest stack-plus-bet among the players in, less their
  bet), in turn from the opener; nobody acts when the only one left has matched the largest bet;
- **actions** (``fold_nb``, ``check_call_nb``, ``raise_to_nb``): an actor acts once, in turn; a
  bet or raise puts every other player still in with chips back in turn after it (H5);
- **who may raise** (``raise_range_nb``, PokerKit's ``_verify_completion_betting_or_raising``):
  not when the call is less than the last full raise (H6's short all-in that does not reopen),
  nor when the actor has acted since the last full raise while the short all-ins since then add up
  to less than a full raise, nor when the actor's stack does not exceed the call, nor when every
  other player still in is all in for at most the largest bet. The raise is *to* at least
  ``max(last raise, big blind) + largest bet`` (or all in for less, down to the 1-chip all-in bet,
  flat action ``ALL_IN_1``) and at most all in (H5); a raise counts as full when it raises by at
  least the last raise, and before the flop by at least the big blind too (``full_raise_nb``:
  GAMES.md H6 counts the big blind as the opening bet, where PokerKit counts a street's first raise
  as full however small; ``sniper.games.holdem.engine`` enforces the same over PokerKit);
- **the end of a street** (``end_street_nb``): the bets go into the pot, the part of the largest
  bet above the second largest returned (an uncalled bet, H7); when at most one player still in
  has chips, the board runs out with no more betting (H8).

A hand's state is a ``Hand``: a ``PLAYER`` record per player and one ``STREET`` record, allocated
once per range of games (``new_hand_nb``) and reset by ``deal_nb``. Kernels do no validation: an
action must be legal (``raise_range_nb``).
"""

from typing import NamedTuple

import numpy as np

from kernels import NO_REFCOUNT
from kernels.eval52 import N_CARDS
from kernels.holdem.codes import ALL_IN_1, BOARD_CARDS, BOARD_SIZES, HOLE_CARDS, MAX_SEATS, MIN_RAISE_ACTION
from kernels.jit import njit
from kernels.poker52 import betting as shared
from kernels.poker52.deck import shuffle_into_nb
from kernels.rng import derive_nb
from kernels.streams import STREAM_DECK

_BOARD_SIZES = np.array(BOARD_SIZES, dtype=np.int64)
NO_RAISE = -1
"""``raise_range_nb``'s bounds when no bet or raise is legal."""

PLAYER = np.dtype(
    [
        *shared.PLAYER_FIELDS,
        ("folded_street", np.int64),
        ("decisions", np.int64),
        ("value", np.int64),
        ("pre_raises", np.int64),
        ("pre_calls", np.int64),
        ("post_raises", np.int64),
    ]
)
"""One player's state in a hand (a record; chips are chips, flags 0/1):

- ``seat``: the player's seat; ``start``: its stack before the hand; ``stack``: chips behind;
  ``bet``: chips bet this street (PokerKit's ``bets``); ``put``: chips in the pot from earlier
  streets (after any uncalled bet came back); ``won``: chips taken from the pot at the end;
- ``active``: still in (not folded); ``acted``: acted since the street began or the last full raise
  (PokerKit's ``acted_player_indices``); ``folded_street``: street 0–3 of its fold, -1 if none;
- ``decisions``: decisions taken this hand, the index of its next decision stream (R13);
- ``value``: its hand's ``sniper.games.poker52.cards.value`` at the showdown, -1 otherwise;
- ``pre_raises``, ``pre_calls``, ``post_raises``: the public history ``hard`` reads
  (``sniper.games.holdem.levels.read_range``): bets and raises before the flop, voluntary
  check/calls before the flop, bets and raises from the flop on.
"""

STREET = np.dtype(
    [
        ("players", np.int64),
        ("street", np.int64),
        ("board_n", np.int64),
        ("max_bet", np.int64),
        ("pot", np.int64),
        ("n_active", np.int64),
        ("all_in", np.int64),
        ("opener", np.int64),
        ("raise_amount", np.int64),
        ("short_n", np.int64),
        ("short_sum", np.int64),
        ("head", np.int64),
        ("tail", np.int64),
        ("raised_pre", np.int64),
        ("aggressor", np.int64),
        ("aggressor_street", np.int64),
        ("small_blind", np.int64),
        ("big_blind", np.int64),
    ]
)
"""The hand-wide state (one record):

- ``players``: players dealt in (``m``); ``street``: 0 preflop … 3 river; ``board_n``: board cards
  face up; ``max_bet``: the largest bet of the street; ``pot``: every chip in the middle, this
  street's bets included (PokerKit's ``total_pot_amount``); ``n_active``: players still in;
  ``all_in``: at most one player still in has chips (PokerKit's ``all_in_status``, H8);
- ``opener``: PokerKit's ``opener_index``; ``raise_amount``: the largest raise of the street
  (PokerKit's ``completion_betting_or_raising_amount``); ``short_n``, ``short_sum``: count and sum
  of the consecutive short all-in raises (PokerKit's ``consecutive_short_all_in_amounts``);
- ``head``, ``tail``: the players still to act are ``Hand.queue[head:tail]`` (PokerKit's ``actor_indices``);
- ``raised_pre``: someone bet or raised before the flop so far (``read_range``);
- ``aggressor``, ``aggressor_street``: the player of the hand's last bet or raise and its street, -1 before one
  (``kernels.holdem.reads.bettor_looseness_nb``);
- ``small_blind``, ``big_blind``: the table's blinds, chips (H1).
"""


class Hand(NamedTuple):
    """One hand's state, allocated once (``new_hand_nb``) and reset by ``deal_nb``."""

    pl: np.ndarray
    """``PLAYER (MAX_SEATS,)``: per-player state by position ``p`` (``st.players`` entries used)."""
    st: np.ndarray
    """``STREET (1,)``: the hand-wide state."""
    queue: np.ndarray
    """``int64 (MAX_SEATS,)``: positions still to act, ``queue[st.head:st.tail]``."""
    hole: np.ndarray
    """``uint8 (MAX_SEATS, 2)``: each player's private cards, by position."""
    board: np.ndarray
    """``uint8 (5,)``: the whole board (``st.board_n`` of it face up)."""
    deck: np.ndarray
    """``uint8 (52,)``: the shuffled deck (scratch of ``deal_nb``)."""
    stream: np.ndarray
    """``uint64 (2,)``: the random stream of the decision being taken (``kernels.rng.stream_word_nb``)."""
    levels: np.ndarray
    """``int64 (MAX_SEATS,)``: scratch of the showdown: the distinct contributions, ascending."""
    tally: np.ndarray
    """``int64 (MAX_SEATS, 4)``: per seat, ``(raises, faced, bets, unfaced)`` over the game's earlier hands (public,
    H11: ``HoldemObservation.tendencies``; all 0 at a game's start, ``kernels.holdem.game.play_game_nb``); what the
    levels' reads adapt to (``kernels.holdem.reads``)."""
    hand_tally: np.ndarray
    """``int64 (MAX_SEATS, 4)``: the same counts for the current hand (``kernels.holdem.game.betting_nb``), added to
    ``tally`` when the hand is over."""


def new_hand():
    """A ``Hand`` (arrays allocated, contents set by ``deal_nb``); plain Python, compiled as
    ``new_hand_nb``, so Python code can build a ``Hand`` of the very same numba type."""
    return Hand(
        np.zeros(MAX_SEATS, PLAYER),
        np.zeros(1, STREET),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros((MAX_SEATS, HOLE_CARDS), np.uint8),
        np.zeros(BOARD_CARDS, np.uint8),
        np.zeros(N_CARDS, np.uint8),
        np.zeros(2, np.uint64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros((MAX_SEATS, 4), np.int64),
        np.zeros((MAX_SEATS, 4), np.int64),
    )


new_hand_nb = njit(cache=True)(new_hand)
"""``new_hand`` compiled (numba)."""


# ----- the deal (H2, H3) -----------------------------------------------------------------------


@njit(cache=True, inline="always")
def post_nb(h, p, amount):
    """Player ``p`` posts a blind of ``amount`` chips, or all it has when that is less."""
    pl, s = h.pl, h.st[0]
    a = min(amount, pl[p].stack)
    pl[p].bet += a
    pl[p].stack -= a
    s.pot += a
    s.max_bet = max(s.max_bet, pl[p].bet)


@njit(cache=True, **NO_REFCOUNT)
def deal_nb(h, stacks, button, hand_key, small_blind, big_blind):
    """Start a hand: the players, the cards and the blinds (H2, H3); returns the players dealt in.

    ``stacks`` ``int64 (n,)``: chips per seat (0: not at the table); ``button``: a seat with chips;
    ``hand_key``: ``derive(derive(mix64(seed), game), hand)``. The players are the seats with chips
    clockwise from the seat left of the button, the button last (``engine.dealing_order``); with
    ``m`` players the deck's first ``2m + 5`` cards are dealt: ``deck[2p], deck[2p + 1]`` to player
    ``p``, then the board (``engine.deal_cards``; no burn card).
    """
    pl, s = h.pl, h.st[0]
    m = shared.seat_players_nb(h, stacks, button)
    for p in range(m):
        q = pl[p]
        q.folded_street = -1
        q.pre_raises = 0
        q.pre_calls = 0
        q.post_raises = 0
    s.street = 0
    s.board_n = 0
    s.max_bet = 0
    s.pot = 0
    s.all_in = 0
    s.raised_pre = 0
    s.aggressor = -1
    s.aggressor_street = -1
    s.small_blind = small_blind
    s.big_blind = big_blind
    deck = h.deck
    shuffle_into_nb(derive_nb(hand_key, STREAM_DECK), HOLE_CARDS * m + BOARD_CARDS, deck)
    for p in range(m):
        h.hole[p, 0] = deck[2 * p]
        h.hole[p, 1] = deck[2 * p + 1]
    for i in range(BOARD_CARDS):
        h.board[i] = deck[HOLE_CARDS * m + i]
    if m == 2:
        post_nb(h, 0, big_blind)
        post_nb(h, 1, small_blind)
    else:
        post_nb(h, 0, small_blind)
        post_nb(h, 1, big_blind)
    return m


# ----- a street's turn order (H4) --------------------------------------------------------------


@njit(cache=True, **NO_REFCOUNT)
def begin_street_nb(h, street):
    """Start betting round ``street`` (0–3, H3, H4): its board cards face up, the opener, the players
    to act in turn (module docstring, ``kernels.poker52.betting.open_betting_nb``), no raise yet. Returns whether
    anyone is to act."""
    pl, s = h.pl, h.st[0]
    m = s.players
    s.street = street
    s.board_n = _BOARD_SIZES[street]
    # PokerKit's Opening.POSITION: the player after the largest blind bet (ties: the later player)
    top = np.int64(-1)
    top_p = np.int64(0)
    for p in range(m):
        key = pl[p].bet if p < 2 else 0
        if key >= top:
            top = key
            top_p = p
    s.opener = (top_p + 1) % m
    return shared.open_betting_nb(h, s.opener)


# ----- what the actor may do (H5, H6) ----------------------------------------------------------


@njit(cache=True, inline="always")
def owed_nb(h, p):
    """Chips player ``p`` must add to match the largest bet (not capped by its stack)."""
    return h.st[0].max_bet - h.pl[p].bet


@njit(cache=True, inline="always")
def full_raise_nb(s):
    """The raise (chips above the largest bet) that counts as full now (H6), of the ``STREET`` record
    ``s``: the largest raise of the street, before the flop at least the big blind, the round's
    opening bet. Numba equivalent of ``sniper.games.holdem.engine.HoldemHand._full_raise``."""
    return max(s.raise_amount, s.big_blind) if s.street == 0 else s.raise_amount


@njit(cache=True, inline="always")
def raise_range_nb(h, p):
    """The smallest and largest legal bet/raise *to* of actor ``p`` (H5, H6), or ``(NO_RAISE,
    NO_RAISE)``: numba equivalent of ``HoldemHand.raise_range`` (PokerKit's
    ``min/max_completion_betting_or_raising_to_amount``; the rules in the module docstring,
    ``kernels.poker52.betting.may_raise_nb``)."""
    s = h.st[0]
    q = h.pl[p]
    if not shared.may_raise_nb(h, p, s.raise_amount, full_raise_nb(s)):
        return np.int64(NO_RAISE), np.int64(NO_RAISE)
    high = q.stack + q.bet
    low = min(high, max(s.raise_amount, s.big_blind) + s.max_bet)
    return low, high


# ----- actions (H5, H6) ------------------------------------------------------------------------


@njit(cache=True, inline="always")
def history_nb(h, p, action):
    """Count ``p``'s ``action`` in the public history the levels read (``PLAYER.pre_raises`` …, ``aggressor``)."""
    q, s = h.pl[p], h.st[0]
    if action >= MIN_RAISE_ACTION:
        s.aggressor = p
        s.aggressor_street = s.street
    if s.street == 0:
        if action >= MIN_RAISE_ACTION:
            q.pre_raises += 1
        elif action == 1 and (s.raised_pre or p != (0 if s.players == 2 else 1)):
            q.pre_calls += 1
        if action >= MIN_RAISE_ACTION:
            s.raised_pre = 1
    elif action >= MIN_RAISE_ACTION:
        q.post_raises += 1


@njit(cache=True, inline="always")
def fold_nb(h):
    """The actor folds (only when it owes chips); returns the chips it put in (0)."""
    p = shared.pop_actor_nb(h)
    q, s = h.pl[p], h.st[0]
    q.active = 0
    q.folded_street = s.street
    s.n_active -= 1
    return np.int64(0)


@njit(cache=True, **NO_REFCOUNT)
def raise_to_nb(h, amount):
    """The actor bets or raises *to* ``amount`` chips (legal: ``raise_range_nb``); returns the chips
    it put in. PokerKit's ``complete_bet_or_raise_to``: every other player still in with chips is
    to act again, in turn after it; a full raise (``full_raise_nb``) lets the players who acted raise
    again; the street's short all-ins are summed, and count as a full raise when they add up to one
    (H6). The street's full raise once this one counts is ``max(full, increment)``
    (``kernels.poker52.betting.complete_raise_nb``)."""
    s = h.st[0]
    p = h.queue[s.head]
    full = full_raise_nb(s)
    delta = shared.complete_raise_nb(h, amount, full, max(full, amount - s.max_bet))
    s.opener = p
    return delta


@njit(cache=True, inline="always")
def bet_action_nb(to):
    """The flat action of a bet or raise *to* ``to`` chips: ``to``, or ``ALL_IN_1`` for a bet to 1
    (numba equivalent of ``sniper.games.holdem.engine.bet_action``, H5)."""
    return np.int64(ALL_IN_1) if to == 1 else np.int64(to)


@njit(cache=True, inline="always")
def act_nb(h, action):
    """Apply the actor's legal flat ``action`` (0 fold, 1 check/call, ``a >= 2`` raise to ``a``,
    ``ALL_IN_1`` bet to 1); returns the chips it put in."""
    if action == 0:
        return fold_nb(h)
    if action == 1:
        return shared.check_call_nb(h)
    if action == ALL_IN_1:
        return raise_to_nb(h, 1)
    return raise_to_nb(h, action)


# ----- the end of a street (H7, H8) ------------------------------------------------------------

NEXT_STREET = 0
"""``end_street_nb``: deal the next street."""
FOLDED = 1
"""``end_street_nb``: all but one folded; the pot is theirs, unshown (H9)."""
SHOWDOWN = 2
"""``end_street_nb``: two or more are in after the river, or the board runs out (H8, H9)."""


@njit(cache=True, **NO_REFCOUNT)
def end_street_nb(h):
    """End the street: PokerKit's ``_end_betting`` and ``collect_bets`` (module docstring). Returns
    ``NEXT_STREET``, ``FOLDED`` or ``SHOWDOWN``.

    The part of the largest bet above the second largest (of every player's bet, folded ones
    included) goes back to its stack (H7), and the bets go into the pot (``PLAYER.put``). (With one
    player still in, PokerKit leaves that player's bet uncollected; it comes back with the pot,
    ``showdown.fold_win_nb``: the same chips.)"""
    pl, s = h.pl, h.st[0]
    if s.n_active > 1:
        with_chips = 0
        for p in range(s.players):
            if pl[p].active and pl[p].stack > 0:
                with_chips += 1
        if with_chips <= 1:
            s.all_in = 1
    shared.collect_bets_nb(h)
    if s.n_active == 1:
        return FOLDED
    if s.street == 3 or s.all_in:
        s.board_n = BOARD_CARDS
        return SHOWDOWN
    return NEXT_STREET

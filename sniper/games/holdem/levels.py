"""The AI levels ``easy``, ``normal`` and ``hard`` of no-limit Texas Hold'em (GAMES.md H12).

Seed ``002`` ("Artificiell intelligens"): the AIs use only their own hand, the public cards, the
allowed history and the actions the server allows (H11); *Lätt* (easy) plays mainly on the
immediate strength of its cards; *Normal* uses position, stack depth, pot odds, the structure of
the board and simplified starting-hand ranges; *Svår* (hard) estimates its chance of winning by
Monte Carlo, keeps controlled bluffing frequencies and reads only public information. H12's
``random`` is ``sniper.games.holdem.agents.RandomAgent``; ``LEVELS`` names all four.

A level is a frozen dataclass (a ``sniper.games.holdem.agents.HoldemAgent``) whose fields are its
parameters, declared once in ``PARAMETERS`` (level → name → ``(default, low, high)``, the domain
``sniper tune`` searches; an ``int`` default makes an integer parameter). ``act(obs, stream)`` takes a
``HoldemObservation`` (``sniper.games.holdem.observation``, H11) and returns a flat action: 0 fold,
1 check or call, ``a >= 2`` bet or raise *to* ``a`` chips (the seat's total for the round; a 1-chip
all-in bet is ``ALL_IN_1``, ``sniper.games.holdem.engine.bet_action``, H5). Every amount comes from one
menu, ``raise_menu`` (half pot, pot, all in; ``menu_raise``): clipped to ``[min_raise_to, max_raise_to]``,
and check/call when no raise is open.

Randomness comes only from ``stream`` (a ``sniper.core.rng.Stream``, R13), in a fixed order each class
documents, so a numba kernel can replay every decision bit for bit: no Python ``random``, no sets,
no dict order, floats computed in a fixed order. ``easy`` and ``normal`` draw nothing.

>>> from sniper.games.poker52 import cards
>>> chen_score(cards("As Ah")), chen_score(cards("7h 2c")), chen_score(cards("Js Ts"))
(20, -1, 9)
>>> make_level("hard", samples=50).samples
50
"""

from dataclasses import dataclass, fields
from typing import ClassVar

from sniper.core.rng import Stream, derive
from sniper.games.holdem.agents import (
    NO_DRAWS,
    RAISE_SIZES,
    CallAgent,
    FoldAgent,
    HoldemAgent,
    RandomAgent,
    give_up,
    mixture,
    raise_menu,
)
from sniper.games.holdem.engine import CHECK_CALL, FOLD, bet_action  # noqa: F401 (FOLD: the levels name it beside CALL)
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.parameters import PARAMETERS
from sniper.games.holdem.rules import TITLE
from sniper.games.level_parameters import check_parameters
from sniper.games.poker52 import DECK_SIZE, category, value

CALL = CHECK_CALL
"""Flat action 1: check, or call (for less when all in); ``FOLD`` is 0 (``sniper.games.holdem.engine``)."""


PAIR_BONUS = 10
"""What a pair adds to ``easy``'s preflop score (``pair_high_score``)."""
MAX_TRIES = 100
"""Proposals per opponent hand in ``hard``'s range sampling before the last one is kept."""
SHARE_UNITS = 2520
"""A pot in integer share units: divisible by 1..9, so a split among up to nine winners is exact."""


def _default(level: str, name: str):
    return PARAMETERS[level][name][0]


class _Level:
    """Shared by the levels: checks its fields against ``PARAMETERS[name]`` when built."""

    name: ClassVar[str]

    def __post_init__(self) -> None:
        check_parameters(PARAMETERS, self.name, {f.name: getattr(self, f.name) for f in fields(self)}, TITLE)

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        raise NotImplementedError


# ----- what every level reads of an observation (H11) --------------------------------------------


def total_pot(obs: HoldemObservation) -> int:
    """Chips in the middle: the pot of earlier rounds plus every bet of this round."""
    return obs.pot + sum(obs.bets)


HALF_POT, POT, ALL_IN = (RAISE_SIZES.index(name) for name in ("half pot", "pot", "all-in"))
"""The bet sizes of the levels' menu: indices of ``sniper.games.holdem.agents.raise_menu`` (H12)."""


def menu_raise(obs: HoldemObservation, size: int) -> int:
    """Entry ``size`` (``HALF_POT``, ``POT``, ``ALL_IN``) of ``raise_menu``: the flat action of a bet or
    raise to that many chips (``bet_action``), clipped to ``[min_raise_to, max_raise_to]`` (H5, H6);
    check/call when no raise is open."""
    return CALL if obs.min_raise_to is None else bet_action(raise_menu(obs)[size])


def sized(obs: HoldemObservation, size: int, allin_spr: float) -> int:
    """``menu_raise(obs, size)``, or all in when the seat's chips behind are at most ``allin_spr`` pots
    (``total_pot + to_call``)."""
    short = obs.stacks[obs.seat] <= allin_spr * (total_pot(obs) + obs.to_call)
    return menu_raise(obs, ALL_IN if short else size)


def at_table(obs: HoldemObservation, seat: int) -> bool:
    """Whether ``seat`` is playing this hand (still in, chips behind or a bet); a seat with no chips
    has left the table (GAMES.md, "Shared for all three")."""
    return obs.in_hand[seat] or obs.stacks[seat] > 0 or obs.bets[seat] > 0


def postflop_order(obs: HoldemObservation) -> tuple[int, ...]:
    """The seats at the table clockwise from the button's left, the button last (H4 after the flop)."""
    n = len(obs.stacks)
    return tuple(s for s in ((obs.button + 1 + i) % n for i in range(n)) if at_table(obs, s))


def position(obs: HoldemObservation) -> float:
    """The seat's place in the post-flop order (H2, H4), 0 first to act to 1 last (the button).

    The position the seat keeps for the whole hand; in 6-max the small blind is 0 and the button 1,
    heads-up the big blind 0 and the button 1. 1.0 when the seat is alone.
    """
    order = postflop_order(obs)
    return order.index(obs.seat) / (len(order) - 1) if len(order) > 1 else 1.0


def big_blind_seat(obs: HoldemObservation) -> int:
    """The big blind's seat (H2): second clockwise of the button, heads-up the seat that is not the button."""
    order = postflop_order(obs)
    return order[0] if len(order) == 2 else order[1]


def live_opponents(obs: HoldemObservation) -> tuple[int, ...]:
    """Opponents still in the hand, clockwise from the seat's left."""
    n = len(obs.stacks)
    return tuple(s for s in ((obs.seat + 1 + i) % n for i in range(n - 1)) if obs.in_hand[s])


def effective_stack(obs: HoldemObservation) -> int:
    """Chips at stake against the deepest live opponent: min(own stack + bet, their stack + bet)."""
    own = obs.stacks[obs.seat] + obs.bets[obs.seat]
    other = max((obs.stacks[s] + obs.bets[s] for s in live_opponents(obs)), default=0)
    return min(own, other)


def price(obs: HoldemObservation) -> float:
    """Pot odds: the share of the pot after calling that the call costs, ``to_call / (pot + to_call)``."""
    return obs.to_call / (total_pot(obs) + obs.to_call) if obs.to_call > 0 else 0.0


# ----- hand strength -------------------------------------------------------------------------------


def pair_high_score(hole) -> int:
    """``easy``'s preflop score: the two ranks (0 for a 2 … 12 for an ace) added, plus ``PAIR_BONUS``
    for a pair; 1 (3-2) to 34 (A-A), suits ignored."""
    a, b = hole[0] // 4, hole[1] // 4
    return a + b + (PAIR_BONUS if a == b else 0)


_CHEN_HALVES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20)
"""Chen points of the higher card, in half points, by rank 2..A (A 10, K 8, Q 7, J 6, else half its face)."""


def chen_score(hole) -> int:
    """The Chen formula score of two hole cards, -1 (7-2 offsuit) to 20 (A-A): ``normal``'s chart.

    Bill Chen's formula (Lou Krieger, *Hold'em Excellence*, 2nd ed.): the higher card's points
    (``_CHEN_HALVES``); a pair doubles them (at least 5); suited +2; a gap of 1, 2, 3, 4+ ranks
    costs 1, 2, 4, 5; +1 for no gap or a gap of one with both cards below a queen; halves rounded up.
    """
    hi, lo = max(hole[0] // 4, hole[1] // 4), min(hole[0] // 4, hole[1] // 4)
    halves = _CHEN_HALVES[hi]
    if hi == lo:
        return max(2 * halves, 10) // 2
    if hole[0] % 4 == hole[1] % 4:
        halves += 4
    gap = hi - lo - 1
    halves -= (0, 2, 4, 8, 10)[min(gap, 4)]
    if gap <= 1 and hi < 10:
        halves += 2
    return (halves + 1) // 2


def _preflop_percentiles() -> tuple[float, ...]:
    """``PREFLOP_TOP``: classes sorted best first by (Chen score, higher rank, lower rank, suited)."""
    classes = []
    for hi in range(13):
        for lo in range(hi + 1):
            for suited in (True, False) if hi != lo else (False,):
                score = chen_score((4 * hi, 4 * lo + (0 if suited else 1)))
                combos = 6 if hi == lo else 4 if suited else 12
                classes.append(((score, hi, lo, suited), hi, lo, suited, combos))
    classes.sort(key=lambda c: c[0], reverse=True)
    table = [0.0] * 169
    better = 0
    for _, hi, lo, suited, combos in classes:
        table[13 * hi + lo if suited or hi == lo else 13 * lo + hi] = better / 1326
        better += combos
    return tuple(table)


PREFLOP_TOP = _preflop_percentiles()
"""The preflop strength table of ``hard``'s ranges: for each of the 169 starting hands, the share of
the 1,326 two-card combinations in strictly better classes (0 for A-A), classes ordered by
``chen_score`` then the higher rank, the lower rank and suitedness. Index ``13 * hi + lo`` for a pair
or suited hand (``hi >= lo`` ranks), ``13 * lo + hi`` offsuit (``preflop_top``)."""


def preflop_top(hole) -> float:
    """Where two hole cards stand in ``PREFLOP_TOP``: in the top fraction ``x`` of hands iff below ``x``."""
    hi, lo = max(hole[0] // 4, hole[1] // 4), min(hole[0] // 4, hole[1] // 4)
    suited = hole[0] % 4 == hole[1] % 4
    return PREFLOP_TOP[13 * hi + lo if suited or hi == lo else 13 * lo + hi]


def rank_shape_category(board) -> int:
    """The category (``poker52.CATEGORIES`` index) that rank multiplicities alone make of 3–4 cards:
    four of a kind 7, three of a kind 3, two pair 2, one pair 1, else 0."""
    counts = [0] * 13
    for c in board:
        counts[c // 4] += 1
    top, pairs = max(counts), sum(1 for k in counts if k >= 2)
    return 7 if top == 4 else 3 if top == 3 else 2 if pairs >= 2 else 1 if pairs == 1 else 0


def made_category(hole, board) -> int:
    """The category of the seat's best hand (``poker52.value`` of hole + board, 3–5 board cards), or
    0 (high card) unless it beats the category the board makes alone: what its own cards add
    (a pair on the board is nobody's pair)."""
    own = category(value((*hole, *board)))
    alone = category(value(board)) if len(board) == 5 else rank_shape_category(board)
    return own if own > alone else 0


def texture(board) -> int:
    """How wet the board is, 0–3: one each for paired (a rank twice or more), flush (three cards of a
    suit, or two with cards to come) and straight (three distinct ranks in some five consecutive
    ranks, the ace also low, or two with cards to come)."""
    to_come = len(board) < 5
    suits = [0] * 4
    ranks = [False] * 13
    for c in board:
        suits[c % 4] += 1
        ranks[c // 4] = True
    need = 2 if to_come else 3
    paired = len(board) > sum(ranks)
    flush = max(suits) >= need
    straight = False
    for low in range(-1, 9):
        if sum(1 for r in range(low, low + 5) if ranks[r if r >= 0 else 12]) >= need:
            straight = True
            break
    return int(paired) + int(flush) + int(straight)


def hand_strength(hole, board) -> float:
    """Immediate hand strength (Billings et al., "Opponent modeling in poker", AAAI 1998): the share
    of the unseen two-card hands the seat's hand beats now, ties counting half, in [0, 1].

    Every pair ``i < j`` of the unseen cards (ascending) is one opponent hand; 3–5 board cards.
    Deterministic (no draws).
    """
    seen = (*hole, *board)
    unseen = [c for c in range(DECK_SIZE) if c not in seen]
    mine = value(seen)
    halves = total = 0
    for i in range(len(unseen)):
        for j in range(i + 1, len(unseen)):
            theirs = value((unseen[i], unseen[j], *board))
            halves += 2 if mine > theirs else 1 if mine == theirs else 0
            total += 2
    return halves / total


def draw_outs(hole, board) -> int:
    """Cards that complete a draw the seat's own cards are part of, flop or turn (else 0):
    9 for a flush draw (four of a suit, one a hole card), 8 for an open-ended straight draw (four
    consecutive ranks, 2-3-4-5 to T-J-Q-K, one a hole card), 15 for both; 0 with a straight or
    better already made."""
    if not 3 <= len(board) <= 4:
        return 0
    seven = (*hole, *board)
    if category(value(seven)) >= 4:
        return 0
    flush = False
    for suit in range(4):
        if sum(1 for c in seven if c % 4 == suit) == 4 and (hole[0] % 4 == suit or hole[1] % 4 == suit):
            flush = True
    ranks = [False] * 13
    for c in seven:
        ranks[c // 4] = True
    holes = (hole[0] // 4, hole[1] // 4)
    straight = False
    for low in range(9):
        if all(ranks[low : low + 4]) and (low <= holes[0] < low + 4 or low <= holes[1] < low + 4):
            straight = True
    return 15 if flush and straight else 9 if flush else 8 if straight else 0


def outs_equity(outs: int, board_size: int) -> float:
    """Chance to hit one of ``outs`` cards by the river from the ``52 - 2 - board_size`` unseen cards:
    ``outs / m`` with one card to come, ``1 - (m - outs)(m - outs - 1) / (m (m - 1))`` with two."""
    m = DECK_SIZE - 2 - board_size
    if board_size == 4:
        return outs / m
    return 1.0 - (m - outs) * (m - outs - 1) / (m * (m - 1))


# ----- the levels -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EasyLevel(_Level):
    """``easy`` (H12; seed 002: *Lätt spelar främst på kortens omedelbara styrka*): immediate strength only.

    Strength before the flop is ``pair_high_score``: strong at ``raise_score`` or more, medium at
    ``call_score``; after it, ``made_category`` (what its own cards add to the board): strong at
    ``raise_category``, medium at ``call_category``. Strong raises (or bets) the pot (``menu_raise``);
    medium calls a bet; weak folds to a bet; otherwise it checks. Draws nothing.
    """

    name: ClassVar[str] = "easy"
    raise_score: int = _default("easy", "raise_score")
    call_score: int = _default("easy", "call_score")
    raise_category: int = _default("easy", "raise_category")
    call_category: int = _default("easy", "call_category")

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """A flat action by immediate strength (H5)."""
        if obs.street == 0:
            s, strong, medium = pair_high_score(obs.hole), self.raise_score, self.call_score
        else:
            s, strong, medium = made_category(obs.hole, obs.board), self.raise_category, self.call_category
        if s >= strong:
            return menu_raise(obs, POT)
        if s >= medium and obs.to_call > 0:
            return CALL
        return give_up(obs)

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]:
        """``{act(obs): 1.0}``: ``easy`` draws nothing (``action_probabilities``)."""
        return {self.act(obs, NO_DRAWS): 1.0}


@dataclass(frozen=True)
class NormalLevel(_Level):
    """``normal`` (H12; seed 002: position, stack depth, pot odds, board texture, simplified starting-hand
    ranges). Deterministic: draws nothing.

    ``p = position(obs)`` (0 first to act after the flop, 1 the button). Before the flop, with
    ``c = chen_score``:

    - stack depth: ``effective_stack`` at most ``short_stack`` big blinds → all in at ``c >=
      push_score``, else check or fold;
    - unraised (the largest bet at most the big blind) → a pot raise at ``c >= open_early +
      (open_late - open_early) * p`` (a wider range in late position), else check or fold;
    - raised → a pot re-raise at ``c >= reraise_score``; a call at ``c >= call_score + odds_slope *
      (price - 1/3)`` (pot odds: cheaper calls, wider), else fold.

    After the flop, equity ``e = max(hand_strength ** k, outs_equity(draw_outs))`` against ``k`` live
    opponents, board wetness ``w = texture(board)`` and ``shift = texture * w - position * p``:

    - nothing to call → bet at ``e >= bet_equity + shift``: the pot on a wet board (``w > 0``) or at
      ``e >= big_equity``, else half the pot; else check;
    - facing a bet → a pot raise at ``e >= raise_equity + shift``; a call when ``e >= price *
      call_margin`` (pot odds); else fold.

    Every bet or raise goes all in when the chips behind are at most ``allin_spr`` pots (``sized``).
    """

    name: ClassVar[str] = "normal"
    open_early: int = _default("normal", "open_early")
    open_late: int = _default("normal", "open_late")
    call_score: int = _default("normal", "call_score")
    reraise_score: int = _default("normal", "reraise_score")
    odds_slope: float = _default("normal", "odds_slope")
    short_stack: float = _default("normal", "short_stack")
    push_score: int = _default("normal", "push_score")
    bet_equity: float = _default("normal", "bet_equity")
    big_equity: float = _default("normal", "big_equity")
    raise_equity: float = _default("normal", "raise_equity")
    call_margin: float = _default("normal", "call_margin")
    position: float = _default("normal", "position")
    texture: float = _default("normal", "texture")
    allin_spr: float = _default("normal", "allin_spr")

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """A flat action by chart, position, stack depth, pot odds and board texture (H5)."""
        if obs.street == 0:
            return self.preflop(obs, position(obs))
        return self.choose(obs, self.equity(obs))

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]:
        """``{act(obs): 1.0}``: ``normal`` draws nothing (``action_probabilities``)."""
        return {self.act(obs, NO_DRAWS): 1.0}

    @staticmethod
    def equity(obs: HoldemObservation) -> float:
        """The postflop equity ``e = max(hand_strength ** k, outs_equity(draw_outs))`` of ``act`` (3+ board cards)."""
        hs, e = hand_strength(obs.hole, obs.board), 1.0
        for _ in live_opponents(obs):
            e *= hs  # hs ** k as k products, the order a kernel repeats bit for bit
        return max(e, outs_equity(draw_outs(obs.hole, obs.board), len(obs.board)))

    def choose(self, obs: HoldemObservation, e: float) -> int:
        """The postflop decision of ``act`` (class docstring) at equity ``e`` (``equity``)."""
        p = position(obs)
        w = texture(obs.board)
        shift = self.texture * w - self.position * p
        if obs.to_call == 0:
            if e >= self.bet_equity + shift:
                return sized(obs, POT if w > 0 or e >= self.big_equity else HALF_POT, self.allin_spr)
            return CALL
        if e >= self.raise_equity + shift:
            return sized(obs, POT, self.allin_spr)
        if e >= price(obs) * self.call_margin:
            return CALL
        return give_up(obs)

    def preflop(self, obs: HoldemObservation, p: float) -> int:
        """The preflop decision of ``act`` (class docstring), at position ``p``."""
        c = chen_score(obs.hole)
        if effective_stack(obs) <= self.short_stack * obs.big_blind:
            return menu_raise(obs, ALL_IN) if c >= self.push_score else give_up(obs)
        if max(obs.bets) <= obs.big_blind:
            if c >= self.open_early + (self.open_late - self.open_early) * p:
                return sized(obs, POT, self.allin_spr)
            return give_up(obs)
        if c >= self.reraise_score:
            return sized(obs, POT, self.allin_spr)
        if c >= self.call_score + self.odds_slope * (price(obs) - 1 / 3):
            return CALL
        return give_up(obs)


@dataclass(frozen=True)
class Range:
    """What ``hard`` reads of one opponent's hand from the public betting (H11).

    ``top``: its hand is among the top ``top`` fraction of ``PREFLOP_TOP`` (1.0: any hand).
    ``bettor``: it bet or raised after the flop, so its hand makes at least a pair with a hole card
    (``made_category >= 1``) or it is bluffing (a ``read_bluff`` chance).
    """

    top: float = 1.0
    bettor: bool = False


def read_range(obs: HoldemObservation, seat: int, level: "HardLevel") -> Range:
    """``seat``'s ``Range`` from ``obs.history`` (public, H11): ``reraise_range`` after two or more
    preflop raises, ``raise_range`` after one, ``call_range`` after a voluntary preflop call (a call
    by a seat other than the big blind, or after a raise), else any hand; ``bettor`` after any bet or
    raise from the flop on."""
    raises = calls = postflop = 0
    raised = False
    bb = big_blind_seat(obs)
    for s, street, action in obs.history:
        if street == 0 and s == seat:
            raises += action >= 2
            calls += action == CALL and (raised or seat != bb)
        if street == 0 and action >= 2:
            raised = True
        if street > 0 and s == seat and action >= 2:
            postflop += 1
    top = level.reraise_range if raises >= 2 else level.raise_range if raises else level.call_range if calls else 1.0
    return Range(top=top, bettor=postflop > 0)


def monte_carlo_equity(hole, board, ranges, key: int, samples: int, read_bluff: float) -> float:
    """Expected share of the pot (0..1) of ``hole`` against one opponent per ``Range`` in ``ranges``,
    estimated from ``samples`` deals of the unseen cards (never the deck's real order).

    Sample ``j`` draws from ``Stream(derive(key, j))``, over a fresh list of the unseen cards in
    ascending order, a partial Fisher–Yates shuffle: each draw swaps the next free position ``k`` with
    ``k + stream.integer(m - k)`` (``m`` unseen cards). For each opponent in order: draw two cards;
    accept them if ``preflop_top`` of them is below the range's ``top`` and, for a ``bettor`` (3+
    board cards), if they make ``made_category >= 1`` or the next ``stream.random() < read_bluff``;
    otherwise draw the two again from the same positions, at most ``MAX_TRIES`` times (the last
    kept). Then the missing board cards, one draw each. The best ``value`` wins ``SHARE_UNITS``,
    split evenly on a tie; the estimate is the units summed over samples / (``SHARE_UNITS * samples``).
    """
    seen = (*hole, *board)
    unseen = [c for c in range(DECK_SIZE) if c not in seen]
    m = len(unseen)
    units = 0
    for j in range(samples):
        s = Stream(derive(key, j))
        deck = list(unseen)
        k = 0
        opponents = []
        for r in ranges:
            for _ in range(MAX_TRIES):
                for pos in (k, k + 1):
                    i = pos + s.integer(m - pos)
                    deck[pos], deck[i] = deck[i], deck[pos]
                pair = (deck[k], deck[k + 1])
                if preflop_top(pair) >= r.top:
                    continue
                if not r.bettor or len(board) < 3 or made_category(pair, board) >= 1 or s.random() < read_bluff:
                    break
            opponents.append(pair)
            k += 2
        full = list(board)
        while len(full) < 5:
            i = k + s.integer(m - k)
            deck[k], deck[i] = deck[i], deck[k]
            full.append(deck[k])
            k += 1
        mine = value((*hole, *full))
        values = [value((*pair, *full)) for pair in opponents]
        best = max(values, default=-1)
        if mine > best:
            units += SHARE_UNITS
        elif mine == best:
            units += SHARE_UNITS // (1 + values.count(best))
    return units / (SHARE_UNITS * samples)


@dataclass(frozen=True)
class HardLevel(_Level):
    """``hard`` (H12; seed 002: Monte Carlo chance to win, controlled bluffing, public information only).

    Equity ``e = monte_carlo_equity`` over ``samples`` deals against the live opponents
    (``live_opponents`` order) with the ranges ``read_range`` reads from the public betting
    (``raise_range``, ``reraise_range``, ``call_range``, ``read_bluff``). With ``n`` players in,
    ``ratio = e * n`` compares it with a fair share; thresholds scale by ``1 - position * p``
    (``position(obs)``):

    - nothing to call → a pot bet at ``ratio >= big_ratio``, half the pot at ``ratio >= bet_ratio``;
      else a bluff of half the pot with probability ``bluff`` (a controlled frequency), else check;
    - facing a bet → a pot raise at ``ratio >= raise_ratio``; a call when ``e >= price *
      call_margin`` (pot odds); else fold.

    Every bet or raise goes all in when the chips behind are at most ``allin_spr`` pots (``sized``).
    Draws: word 0 is the bluff draw (``stream.random()``), word 1 the Monte Carlo key
    (``stream.word()``), both drawn at every decision.
    """

    name: ClassVar[str] = "hard"
    samples: int = _default("hard", "samples")
    bluff: float = _default("hard", "bluff")
    bet_ratio: float = _default("hard", "bet_ratio")
    big_ratio: float = _default("hard", "big_ratio")
    raise_ratio: float = _default("hard", "raise_ratio")
    call_margin: float = _default("hard", "call_margin")
    position: float = _default("hard", "position")
    allin_spr: float = _default("hard", "allin_spr")
    raise_range: float = _default("hard", "raise_range")
    reraise_range: float = _default("hard", "reraise_range")
    call_range: float = _default("hard", "call_range")
    read_bluff: float = _default("hard", "read_bluff")

    def equity(self, obs: HoldemObservation, key: int, samples: int | None = None) -> float:
        """``monte_carlo_equity`` of the seat against the live opponents' read ranges, keyed by ``key``,
        from ``samples`` deals (default: the level's ``samples``)."""
        ranges = tuple(read_range(obs, s, self) for s in live_opponents(obs))
        n = self.samples if samples is None else samples
        return monte_carlo_equity(obs.hole, obs.board, ranges, key, n, self.read_bluff)

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """A flat action by Monte Carlo equity, pot odds and position, bluffing at ``bluff`` (H5)."""
        bluffing = stream.random() < self.bluff
        return self.choose(obs, self.equity(obs, stream.word()), bluffing)

    def action_probabilities(
        self, obs: HoldemObservation, key: int = 0, samples: int | None = None
    ) -> dict[int, float]:
        """The probability of each flat action ``act`` takes at ``obs`` given one equity estimate: ``equity``
        keyed by ``key`` from ``samples`` deals (default: the level's ``samples``), the bluff at its exact
        probability ``bluff`` (``choose``). ``act`` draws its own key, so its frequencies are these averaged
        over the estimate's noise; with many ``samples`` (or far from a threshold) they coincide."""
        e = self.equity(obs, key, samples)
        return mixture(((self.choose(obs, e, True), self.bluff), (self.choose(obs, e, False), 1.0 - self.bluff)))

    def choose(self, obs: HoldemObservation, e: float, bluffing: bool) -> int:
        """The decision of ``act`` (class docstring) at equity ``e``, with or without the bluff."""
        ratio = e * (len(live_opponents(obs)) + 1)
        scale = 1.0 - self.position * position(obs)
        if obs.to_call == 0:
            if ratio >= self.big_ratio * scale:
                return sized(obs, POT, self.allin_spr)
            if ratio >= self.bet_ratio * scale or bluffing:
                return sized(obs, HALF_POT, self.allin_spr)
            return CALL
        if ratio >= self.raise_ratio * scale:
            return sized(obs, POT, self.allin_spr)
        if e >= price(obs) * self.call_margin:
            return CALL
        return give_up(obs)


LEVELS: dict[str, type] = {
    "random": RandomAgent,
    "easy": EasyLevel,
    "normal": NormalLevel,
    "hard": HardLevel,
    "fold": FoldAgent,
    "call": CallAgent,
}
"""The level classes by name, in ladder order, then the baselines (``PARAMETERS`` has the same keys);
``random``, ``fold`` and ``call`` are in ``sniper.games.holdem.agents`` and have no parameters."""


def make_level(name: str, **params) -> HoldemAgent:
    """The level ``name`` with ``params`` overriding its defaults; ``ValueError`` (one line) for an
    unknown level or parameter, or a value outside its ``PARAMETERS`` domain."""
    check_parameters(PARAMETERS, name, params, TITLE)
    return LEVELS[name](**params)

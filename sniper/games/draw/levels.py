"""The AI levels ``normal`` and ``hard`` of five-card draw, fixed limit (GAMES.md D11, seed 004).

Seed ``004`` ("Artificiell intelligens"): the AIs use only their own hand, the allowed history and
the actions the server allows (D10); *Normal* weighs its hand, its position, the number of
opponents, its drawing odds and the pot odds; *Svår* (hard) combines opponent ranges, a limited
bluff frequency and Monte Carlo simulation without access to the hidden cards; GAMES.md D11 adds
that hard reads the ranges from the opponents' bets *and how many cards they drew*. ``random`` and
``easy`` are in ``sniper.games.draw.agents``, whose ``LEVELS`` and ``PARAMETERS`` name all four.

A level is a frozen dataclass (a ``sniper.games.draw.agents.DrawAgent``) whose fields are its
parameters, declared once in ``PARAMETERS`` (level → name → ``(default, low, high)``,
``sniper.games.level_parameters``; an ``int`` default makes an integer parameter). ``act(obs,
stream)`` reads a ``DrawObservation`` (D10) and returns a flat action of ``sniper.games.draw.engine``:
0 fold, 1 check/call, 2 bet/raise (the fixed amount, D3), ``DISCARD + mask`` at the draw (D5).

Randomness comes only from ``stream`` (R13), a fixed number of words per decision that each class
documents, so a numba kernel can replay every decision bit for bit: no Python ``random``, no sets
or dict order in a decision, floats computed in a fixed order (a power as repeated products,
``power_table``). Every Monte Carlo loop is bounded by a parameter (``draw_samples``, ``samples``).

**Hand strength** (``FIVE_CARD_HANDS``): the 7,462 distinct values of five cards, in ascending
order, each with how many of the 2,598,960 five-card hands have it. A hand's ``strength`` is the
share of all five-card hands it beats, ties counting half (0..1): its chance to beat one random
*pat* hand. ``strength ** n`` is its chance to beat ``n`` of them (ignoring card removal).

>>> from sniper.games.poker52 import cards
>>> round(strength(cards("Ah Ad 7c 4s 2d")), 3), round(strength(cards("7c 2d 4h 5s 9c")), 4)
(0.894, 0.0052)
>>> HardAgent(samples=50).samples
50
"""

from dataclasses import dataclass, fields
from functools import cache
from math import comb
from typing import ClassVar

from sniper.core.rng import Stream, derive
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, DISCARD, DISCARDS, DRAW, FIRST, FOLD, SECOND
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.rules import HAND_SIZE, MAX_DISCARDS
from sniper.games.level_parameters import check_parameters
from sniper.games.poker52 import CATEGORIES, DECK_SIZE, category, value

__all__ = [
    "FIVE_CARD_HANDS",
    "MAX_TRIES",
    "PARAMETERS",
    "Deal",
    "HardAgent",
    "NormalAgent",
    "five_card_index",
    "power_table",
    "strength",
]

TITLE = "five-card draw"
"""The game's name in error messages (as ``sniper.games.draw.agents``)."""

PARAMETERS: dict[str, dict[str, tuple[float, float, float]]] = {
    "normal": {
        "draw_samples": (64, 1, 10000),
        "draw_power": (8, 1, 40),
        "bet_power": (3, 1, 40),
        "bet_equity": (0.5, 0.0, 1.0),
        "raise_equity": (0.7, 0.0, 1.0),
        "call_margin": (1.0, 0.0, 3.0),
        "position": (0.1, 0.0, 1.0),
    },
    "hard": {
        "samples": (64, 1, 10000),
        "bluff": (0.08, 0.0, 1.0),
        "snow": (0.05, 0.0, 1.0),
        "bet_ratio": (1.1, 0.0, 9.0),
        "raise_ratio": (1.5, 0.0, 9.0),
        "call_margin": (1.0, 0.0, 3.0),
        "position": (0.1, 0.0, 1.0),
        "read_bluff": (0.2, 0.0, 1.0),
        "read_loose": (0.1, 0.0, 1.0),
        "read_snow": (0.03, 0.0, 1.0),
        "read_bet": (CATEGORIES.index("two pair"), 0, len(CATEGORIES) - 1),
    },
}
"""The parameters of ``normal`` and ``hard``, ``level → name → (default, low, high)``: the one truth of
their defaults and domains (meanings in each class's docstring); ``sniper.games.draw.agents.PARAMETERS``
includes them. Categories are ``sniper.games.poker52.CATEGORIES`` indices (0 high card … 8 straight flush)."""

MAX_TRIES = 50
"""Proposals per opponent hand in ``hard``'s range sampling before the last one is kept."""
SHARE_UNITS = 2520
"""A pot in integer share units: divisible by 1..6, so a split among up to six winners is exact."""
FIVE_CARD_COUNT = comb(DECK_SIZE, HAND_SIZE)
"""Five-card hands of a 52-card deck: 2,598,960."""
STRAIGHT = CATEGORIES.index("straight")
"""The lowest category a pat hand is read to hold (the easy chart stands pat with a straight or better)."""


# ----- the strength of five cards ----------------------------------------------------------------


def _rank_key(ranks, flush: bool) -> int:
    """``FIVE_CARD_HANDS``'s key of five ranks (ascending) and whether they are one suit."""
    key = int(flush)
    for r in ranks:
        key = key * 13 + r
    return key


@dataclass(frozen=True)
class FiveCardHands:
    """The 7,462 distinct five-card values (``build_five_card_hands``).

    ``values``: the ``sniper.games.poker52.value`` of each, ascending (its index is the hand's
    *order*, 0 for 7-5-4-3-2 … 7,461 for a royal flush); ``counts``: five-card hands with that value
    (summing to ``FIVE_CARD_COUNT``); ``halves``: twice the hands below it plus the hands equal to it
    (``strength = halves / (2 * FIVE_CARD_COUNT)``, exact in integers); ``index``: the order of a
    hand by ``_rank_key`` (its ranks ascending and whether it is a flush).
    """

    values: tuple[int, ...]
    counts: tuple[int, ...]
    halves: tuple[int, ...]
    index: dict[int, int]


@cache
def build_five_card_hands() -> FiveCardHands:
    """Every distinct five-card hand by rank multiset: five distinct ranks are 1,020 hands of mixed
    suits and 4 flushes; a multiset with repeated ranks ``r`` (``c_r`` times) is ``prod C(4, c_r)``
    hands, never a flush. Each class is valued once by ``poker52.value`` of a representative (about
    0.1 s, once per process)."""
    classes: dict[int, list] = {}
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        ranks = (a, b, c, d, e)
                        if a == e:
                            continue
                        distinct = len(set(ranks)) == HAND_SIZE
                        suits = [ranks[:j].count(r) for j, r in enumerate(ranks)]
                        mixed = [4 * r + (j % 2 if distinct else s) for j, (r, s) in enumerate(zip(ranks, suits))]
                        count = 1020 if distinct else 1
                        if not distinct:
                            for r in sorted(set(ranks)):
                                count *= comb(4, ranks.count(r))
                        classes[_rank_key(ranks, False)] = [value(mixed), count]
                        if distinct:
                            classes[_rank_key(ranks, True)] = [value([4 * r for r in ranks]), 4]
    by_value: dict[int, int] = {}
    for v, n in classes.values():
        by_value[v] = by_value.get(v, 0) + n
    values = tuple(sorted(by_value))
    order = {v: i for i, v in enumerate(values)}
    halves, below = [], 0
    for v in values:
        halves.append(2 * below + by_value[v])
        below += by_value[v]
    index = {key: order[v] for key, (v, _) in classes.items()}
    return FiveCardHands(values, tuple(by_value[v] for v in values), tuple(halves), index)


FIVE_CARD_HANDS = build_five_card_hands()
"""The five-card hand table (``FiveCardHands``), built once at import."""


def five_card_index(cards) -> int:
    """The order (0..7,461, ``FIVE_CARD_HANDS``) of five distinct cards (``poker52`` integers): a higher
    order is a better hand, equal orders tie; ``FIVE_CARD_HANDS.values[order] == poker52.value(cards)``.
    A lookup by rank multiset, ~10x faster than ``poker52.value``; no validation."""
    s = cards[0] & 3
    flush = (cards[1] & 3) == s and (cards[2] & 3) == s and (cards[3] & 3) == s and (cards[4] & 3) == s
    return FIVE_CARD_HANDS.index[_rank_key(sorted([c >> 2 for c in cards]), flush)]


def strength(cards) -> float:
    """The share (0..1) of the 2,598,960 five-card hands that five ``cards`` beat, ties counting half."""
    return FIVE_CARD_HANDS.halves[five_card_index(cards)] / (2 * FIVE_CARD_COUNT)


@cache
def power_table(n: int) -> tuple[float, ...]:
    """``strength ** n`` for every order of ``FIVE_CARD_HANDS`` (``n >= 1``), each as ``n`` products in
    turn (the order a kernel repeats bit for bit): a hand's chance to beat ``n`` random pat hands."""
    table = []
    for h in FIVE_CARD_HANDS.halves:
        s, p = h / (2 * FIVE_CARD_COUNT), 1.0
        for _ in range(n):
            p *= s
        table.append(p)
    return tuple(table)


# ----- what both levels read of an observation (D10) ---------------------------------------------


def check_legal(obs: DrawObservation) -> None:
    """``ValueError`` unless ``obs`` offers a legal action (the message of ``sniper.games.draw.agents``)."""
    if not obs.legal:
        raise ValueError(f"seat {obs.seat} has no legal action")
    if len(obs.cards) != HAND_SIZE:
        raise ValueError(f"seat {obs.seat} holds {len(obs.cards)} cards; a level decides with {HAND_SIZE}")


def at_table(obs: DrawObservation, seat: int) -> bool:
    """Whether ``seat`` plays this hand: still in, or with chips behind or a bet (a seat with no chips
    has left the table, D1)."""
    return obs.in_hand[seat] or obs.stacks[seat] > 0 or obs.bets[seat] > 0


def position(obs: DrawObservation) -> float:
    """The seat's place in the betting order (D4, D6: clockwise from the button's left, the button
    last), 0 first to act to 1 last; 1.0 when it is alone."""
    n = obs.seats
    order = [s for s in ((obs.button + 1 + i) % n for i in range(n)) if at_table(obs, s)]
    return order.index(obs.seat) / (len(order) - 1) if len(order) > 1 else 1.0


def live_opponents(obs: DrawObservation) -> tuple[int, ...]:
    """Opponents still in the hand (``in_hand``), clockwise from the seat's left."""
    n = obs.seats
    return tuple(s for s in ((obs.seat + 1 + i) % n for i in range(n - 1)) if obs.in_hand[s])


def price(obs: DrawObservation) -> float:
    """Pot odds: the share of the pot after calling that the call costs, ``to_call / (pot + bets +
    to_call)``; 0 when nothing is owed."""
    return obs.to_call / (obs.pot + sum(obs.bets) + obs.to_call) if obs.to_call > 0 else 0.0


def draw_ahead(obs: DrawObservation) -> bool:
    """Whether the seat's own draw is still to come (the first round, or the draw before it discards)."""
    return obs.street in (FIRST, DRAW) and obs.drawn[obs.seat] is None


def raised(obs: DrawObservation, seat: int, street: int) -> bool:
    """Whether ``seat`` bet or raised in betting round ``street`` (``FIRST`` or ``SECOND``) so far."""
    return any(s == seat and st == street and a == BET_RAISE for s, st, a in obs.history)


def unseen_cards(obs: DrawObservation) -> list[int]:
    """The cards the seat has not seen, ascending: the deck less its own cards and its own discards."""
    seen = (*obs.cards, *obs.discarded)
    return [c for c in range(DECK_SIZE) if c not in seen]


def kept_cards(cards, mask: int) -> list[int]:
    """The cards of ``cards`` (in order) whose positions are not set bits of the discard ``mask``."""
    return [c for j, c in enumerate(cards) if not mask >> j & 1]


def opponent_chart(cards) -> int:
    """The discard mask the ``easy`` chart draws with five ``cards``: ``hard``'s model of an opponent's
    draw (``sniper.games.draw.agents.draw_chart``, imported here because agents imports this module)."""
    from sniper.games.draw.agents import draw_chart

    return draw_chart(tuple(cards))


def betting(obs: DrawObservation, value_bet: bool, value_raise: bool, call: bool) -> int:
    """The betting action of a level's three answers: checked to, bet when ``value_bet`` (check
    otherwise); facing a bet, raise when ``value_raise`` (and a raise is legal), else call when
    ``call``, else fold."""
    can_raise = BET_RAISE in obs.legal
    if obs.to_call == 0:
        return BET_RAISE if value_bet and can_raise else CHECK_CALL
    if value_raise and can_raise:
        return BET_RAISE
    return CHECK_CALL if call or FOLD not in obs.legal else FOLD


class _Level:
    """Shared by the levels: checks its fields against ``PARAMETERS[name]`` when built."""

    name: ClassVar[str]

    def __post_init__(self) -> None:
        check_parameters(PARAMETERS, self.name, {f.name: getattr(self, f.name) for f in fields(self)}, TITLE)


def _default(level: str, name: str):
    return PARAMETERS[level][name][0]


# ----- normal --------------------------------------------------------------------------------------


def draw_plan(cards, unseen, key: int, samples: int, powers: tuple[tuple[float, ...], ...]) -> list[list[float]]:
    """For each legal keep (``engine.DISCARDS`` order), the mean over ``samples`` draws of each table
    of ``powers`` (``power_table``s) at the final hand: ``list[list[float]]``, ``[keep][table]``.

    Sample ``j`` draws from ``Stream(derive(key, j))`` three replacement cards over a fresh copy of
    ``unseen`` (ascending), a partial Fisher–Yates shuffle (draw ``i`` swaps position ``i`` with ``i +
    stream.integer(m - i)``, ``m = len(unseen)``); a keep that discards ``d`` cards takes the first
    ``d`` of them (common random numbers: every keep sees the same cards). Sums run over the samples
    in order, then divide.
    """
    masks = [a - DISCARD for a in DISCARDS]
    keeps = [kept_cards(cards, m) for m in masks]
    sums = [[0.0] * len(powers) for _ in masks]
    m = len(unseen)
    for j in range(samples):
        s = Stream(derive(key, j))
        deck = list(unseen)
        for i in range(MAX_DISCARDS):
            x = i + s.integer(m - i)
            deck[i], deck[x] = deck[x], deck[i]
        for q, keep in enumerate(keeps):
            order = five_card_index([*keep, *deck[: HAND_SIZE - len(keep)]])
            for t, table in enumerate(powers):
                sums[q][t] += table[order]
    return [[total / samples for total in row] for row in sums]


@dataclass(frozen=True)
class NormalAgent(_Level):
    """``normal`` (D11; seed 004: hand, position, number of opponents, drawing odds, pot odds).

    With ``k`` live opponents, a final hand's worth is ``strength ** (power * k)``: its chance to beat
    ``power * k`` random pat hands, i.e. each opponent counted as ``power`` of them (an opponent who
    draws, or who stays in, is stronger than one random hand).

    - **Drawing odds** (the draw, and the first round): ``draw_plan`` over ``draw_samples`` sampled
      replacements estimates, for every legal keep, the mean of ``strength ** (draw_power * k)`` (the
      made-hand expectation it draws to maximise: the first keep in ``engine.DISCARDS`` order with
      the largest mean; stand pat first) and of ``strength ** (bet_power * k)``; ``e`` is the latter
      for the chosen keep. In the second round ``e = strength ** (bet_power * k)`` of its five cards.
    - **Betting**, ``p = position(obs)``: checked to, bet at ``e >= bet_equity - position * p``; facing
      a bet, raise at ``e >= raise_equity - position * p``, else call when ``e >= price * call_margin``
      (pot odds), else fold.

    Draws: one word per decision, ``key = stream.word()``, the sampling key of ``draw_plan`` (drawn
    in the second round too, unused there).
    """

    name: ClassVar[str] = "normal"
    draw_samples: int = _default("normal", "draw_samples")
    draw_power: int = _default("normal", "draw_power")
    bet_power: int = _default("normal", "bet_power")
    bet_equity: float = _default("normal", "bet_equity")
    raise_equity: float = _default("normal", "raise_equity")
    call_margin: float = _default("normal", "call_margin")
    position: float = _default("normal", "position")

    def plan(self, obs: DrawObservation, key: int) -> tuple[int, float]:
        """The keep it draws with (a discard mask) and its ``e`` (class docstring), sampled with ``key``."""
        k = max(len(live_opponents(obs)), 1)
        tables = (power_table(self.draw_power * k), power_table(self.bet_power * k))
        plan = draw_plan(obs.cards, unseen_cards(obs), key, self.draw_samples, tables)
        best = 0
        for q in range(1, len(plan)):
            if plan[q][0] > plan[best][0]:
                best = q
        return DISCARDS[best] - DISCARD, plan[best][1]

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """A legal flat action for ``obs`` (class docstring); ``ValueError`` if it offers none."""
        check_legal(obs)
        key = stream.word()
        if obs.street == DRAW:
            return DISCARD + self.plan(obs, key)[0]
        if draw_ahead(obs):
            e = self.plan(obs, key)[1]
        else:
            e = power_table(self.bet_power * max(len(live_opponents(obs)), 1))[five_card_index(obs.cards)]
        shift = self.position * position(obs)
        return betting(obs, e >= self.bet_equity - shift, e >= self.raise_equity - shift, e >= price(obs) * self.call_margin)


# ----- hard ----------------------------------------------------------------------------------------


def chart_keeps(kept) -> bool:
    """Whether the easy chart would keep exactly ``kept`` (2–5 cards) of a hand: a pair (a 3-card
    draw), three of a kind (2), two pair or four of one suit (1), or a straight or better (pat)."""
    n = len(kept)
    if n == HAND_SIZE:
        return category(FIVE_CARD_HANDS.values[five_card_index(kept)]) >= STRAIGHT
    ranks = sorted(c >> 2 for c in kept)
    if n == 4:
        two_pair = ranks[0] == ranks[1] and ranks[2] == ranks[3] and ranks[1] != ranks[2]
        return two_pair or all(c & 3 == kept[0] & 3 for c in kept)
    return ranks[0] == ranks[-1]


class Deal:
    """A partial Fisher–Yates shuffle of ``unseen`` (ascending) drawn from ``stream``: ``card(pos)``
    swaps position ``pos`` with ``pos + stream.integer(m - pos)`` and returns the card now there."""

    __slots__ = ("deck", "m", "stream")

    def __init__(self, unseen, stream: Stream) -> None:
        self.deck, self.m, self.stream = list(unseen), len(unseen), stream

    def card(self, pos: int) -> int:
        """The card dealt to position ``pos`` (class docstring)."""
        deck = self.deck
        x = pos + self.stream.integer(self.m - pos)
        deck[pos], deck[x] = deck[x], deck[pos]
        return deck[pos]


@dataclass(frozen=True)
class Read:
    """What ``hard`` reads of one opponent from the public actions (D10): ``drawn`` (how many cards it
    drew, ``None`` before its draw), ``bet_first`` / ``bet_second`` (it bet or raised in the first /
    second betting round)."""

    drawn: int | None
    bet_first: bool
    bet_second: bool


def read_opponents(obs: DrawObservation) -> tuple[Read, ...]:
    """The ``Read`` of each live opponent, in ``live_opponents`` order."""
    return tuple(Read(obs.drawn[o], raised(obs, o, FIRST), raised(obs, o, SECOND)) for o in live_opponents(obs))


def opponent_final(deal: Deal, k: int, read: Read, level: "HardAgent") -> tuple[list[int], int]:
    """One opponent's final five cards sampled at positions ``k``.. of ``deal``, and the next free
    position (``HardAgent.equities`` documents the model)."""
    s = deal.stream
    if read.drawn is not None:
        kept_n = HAND_SIZE - read.drawn
        leak = level.read_snow if read.drawn == 0 else level.read_loose
        for _ in range(MAX_TRIES):
            hand = [deal.card(k + i) for i in range(HAND_SIZE)]
            if not chart_keeps(hand[:kept_n]) and not s.random() < leak:
                continue
            if not read.bet_second or category(FIVE_CARD_HANDS.values[five_card_index(hand)]) >= level.read_bet:
                break
            if s.random() < level.read_bluff:
                break
        return hand, k + HAND_SIZE
    for _ in range(MAX_TRIES):
        hand = [deal.card(k + i) for i in range(HAND_SIZE)]
        if not read.bet_first or category(FIVE_CARD_HANDS.values[five_card_index(hand)]) >= 1:
            break
        if s.random() < level.read_bluff:
            break
    mask = opponent_chart(hand)
    kept = kept_cards(hand, mask)
    k += HAND_SIZE
    for _ in range(HAND_SIZE - len(kept)):
        kept.append(deal.card(k))
        k += 1
    return kept, k


@dataclass(frozen=True)
class HardAgent(_Level):
    """``hard`` (D11; seed 004: opponent ranges, a limited bluff frequency, Monte Carlo without the hidden cards).

    **Equity** (``equities``): the expected pot share against the live opponents over ``samples``
    deals of the cards it has not seen, each opponent's hand drawn from a range read from its public
    actions (``read_opponents``), and, while its own draw is ahead, for every legal keep (the same
    deals for every keep). ``e`` is the best keep's equity (the first best in ``engine.DISCARDS``
    order), or the equity of its five cards after its draw.

    - **Draw**: the best keep, except that with a high-card hand it *snows* (stands pat, a bluff)
      with probability ``snow``.
    - **Betting**, with ``n`` players in, ``ratio = e * n`` against a fair share and ``scale = 1 -
      position * p`` (``position(obs)``): checked to, bet at ``ratio >= bet_ratio * scale``, or when
      bluffing (probability ``bluff``: the controlled frequency), or in the second round after a snow
      (it stood pat with a high-card hand: it keeps up the bluff); facing a bet, raise at ``ratio >=
      raise_ratio * scale``, else call when ``e >= price * call_margin`` (pot odds), else fold.

    Draws: word 0 ``stream.random()`` (the bluff draw when betting, the snow draw at the draw), word 1
    the Monte Carlo key ``stream.word()``; both at every decision.
    """

    name: ClassVar[str] = "hard"
    samples: int = _default("hard", "samples")
    bluff: float = _default("hard", "bluff")
    snow: float = _default("hard", "snow")
    bet_ratio: float = _default("hard", "bet_ratio")
    raise_ratio: float = _default("hard", "raise_ratio")
    call_margin: float = _default("hard", "call_margin")
    position: float = _default("hard", "position")
    read_bluff: float = _default("hard", "read_bluff")
    read_loose: float = _default("hard", "read_loose")
    read_snow: float = _default("hard", "read_snow")
    read_bet: int = _default("hard", "read_bet")

    def equities(self, obs: DrawObservation, key: int) -> list[float]:
        """The seat's equity (expected pot share, 0..1) for each legal keep in ``engine.DISCARDS`` order
        while its draw is ahead, else a one-item list for its five cards; estimated from ``samples``
        deals keyed by ``key`` (never the real deck).

        Sample ``j`` draws from ``Stream(derive(key, j))`` a ``Deal`` of the unseen cards
        (``unseen_cards``). Each live opponent in turn (``live_opponents``) takes the next positions,
        by its ``Read``:

        - **drawn ``d`` cards**: five cards per try, at most ``MAX_TRIES`` tries (the last kept): the
          first ``5 - d`` are what it kept, the rest what it drew. A try is kept if the easy chart
          would keep those ``5 - d`` (``chart_keeps``: a 3-card draw is read to a pair, a pat hand to
          a straight or better), or else if the next ``stream.random() < read_loose`` (``read_snow``
          for a pat hand); and, if it bet or raised in the second round, if its five make at least
          ``read_bet`` (category) or else the next ``stream.random() < read_bluff``.
        - **not drawn yet**: five cards per try (at most ``MAX_TRIES``), kept unless it bet or raised
          in the first round with less than a pair and the next ``stream.random() >= read_bluff``;
          then it draws by the easy chart (``opponent_chart``), its replacements from the next positions.

        Then, while the seat's draw is ahead, three more cards: a keep discarding ``d`` takes the first
        ``d``. The best ``five_card_index`` wins ``SHARE_UNITS``, split evenly on a tie; a keep's equity
        is its units summed over the samples / (``SHARE_UNITS * samples``).
        """
        reads = read_opponents(obs)
        unseen = unseen_cards(obs)
        ahead = draw_ahead(obs)
        keeps = [kept_cards(obs.cards, a - DISCARD) for a in DISCARDS] if ahead else [list(obs.cards)]
        units = [0] * len(keeps)
        for j in range(self.samples):
            deal = Deal(unseen, Stream(derive(key, j)))
            k, orders = 0, []
            for read in reads:
                hand, k = opponent_final(deal, k, read, self)
                orders.append(five_card_index(hand))
            best = max(orders, default=-1)
            extra = [deal.card(k + i) for i in range(MAX_DISCARDS)] if ahead else []
            for q, keep in enumerate(keeps):
                mine = five_card_index([*keep, *extra[: HAND_SIZE - len(keep)]])
                if mine > best:
                    units[q] += SHARE_UNITS
                elif mine == best:
                    units[q] += SHARE_UNITS // (1 + orders.count(best))
        return [u / (SHARE_UNITS * self.samples) for u in units]

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """A legal flat action for ``obs`` (class docstring); ``ValueError`` if it offers none."""
        check_legal(obs)
        chance = stream.random()
        shares = self.equities(obs, stream.word())
        best = 0
        for q in range(1, len(shares)):
            if shares[q] > shares[best]:
                best = q
        nothing = category(FIVE_CARD_HANDS.values[five_card_index(obs.cards)]) == 0
        if obs.street == DRAW:
            return DISCARD if nothing and chance < self.snow else DISCARDS[best]
        e = shares[best]
        ratio = e * (len(live_opponents(obs)) + 1)
        scale = 1.0 - self.position * position(obs)
        snowing = obs.street == SECOND and nothing and obs.drawn[obs.seat] == 0
        return betting(
            obs,
            ratio >= self.bet_ratio * scale or chance < self.bluff or snowing,
            ratio >= self.raise_ratio * scale,
            e >= price(obs) * self.call_margin,
        )

"""Saint Poker's ``TableState`` (``sniper.core.table``): one whole game of 8 rounds (GAMES.md S1–S10), written once.

The flow: ``CHANCE`` once, the deal (S2: ten cards each from the game's shuffled deck, then the future river,
the rest is the deck); then each round: the future river becomes the current river and a new one is dealt
(S3, none in round 8); ``SIMULTANEOUS``: every player picks one card, revealed together into the river (S3);
``SIMULTANEOUS``: every player picks two cards, revealed together (S4); the score (S5); then, except in round 8,
the take-backs one seat at a time in step 3's order, twice round (S6). After round 8 the game is over (S8).

The flat action numbering (``SaintTable``; the env's ``Discrete(ACTIONS)``):

=====================  ======================================================================================
action                 meaning
=====================  ======================================================================================
0–51                   a card (``sniper.games.poker52``): step 1's pick (S3) or a take-back (S6)
52 + ``pair_index``    step 2's two cards ``a < b`` (S4), ``PAIR_BASE + b * (b - 1) // 2 + a`` (52–1377)
1378 (``DEAL``)        the deal (S2): the one action at ``CHANCE``
=====================  ======================================================================================

**Random streams** (R13's keys): the deck is ``sniper.games.poker52.shuffled_deck(seed, game, 0)`` (one deck a
game, S2); step 3's order among tied hands in round ``r`` (from 0) is drawn from stream ``STREAM_ORDER`` of
"hand" ``r`` (S5, S6: ``tie_order``); the ``d``-th decision of seat ``s`` in round ``r`` draws from
``decision_stream(seed, game, r, s, d)``.

>>> table = SaintTable(2, seed=1, game=0)
>>> table.current_player() == CHANCE, table.legal_actions()
(True, (1378,))
>>> table.apply(DEAL); table.current_player() == SIMULTANEOUS, len(table.legal_actions(0)), table.legal_actions()
(True, 10, ())
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from kernels.saint.codes import STREAM_ORDER
from kernels.streams import STREAM_AGENT
from sniper.core.rng import Stream, derive, hand_key, uniform_int
from sniper.core.table import CHANCE, SIMULTANEOUS, TERMINAL, point_difference
from sniper.games.poker52.cards import DECK_SIZE, shuffled_deck, text, value
from sniper.games.saint.observation import SaintObservation
from sniper.games.saint.rules import FUTURE_RIVER, HAND_SIZE, PICK_TWO, ROUNDS, SEATS, TITLE, round_points

PAIR_BASE = DECK_SIZE
"""The first step-2 action: ``PAIR_BASE + pair_index(a, b)``."""
PAIRS = DECK_SIZE * (DECK_SIZE - 1) // 2
"""The number of two-card picks (1326)."""
DEAL = PAIR_BASE + PAIRS
"""The deal (S2), the one action at ``CHANCE`` (1378)."""
ACTIONS = DEAL
"""The actions a seat may take: cards 0–51 and pairs 52–1377 (the env's ``Discrete(ACTIONS)``)."""


def pair_index(a: int, b: int) -> int:
    """The index 0–1325 of the two distinct cards ``a``, ``b`` (either order; the colex rank of ``{a, b}``).

    >>> pair_index(0, 1), pair_index(51, 50), pair_of(pair_index(7, 3))
    (0, 1325, (3, 7))
    """
    a, b = min(a, b), max(a, b)
    return b * (b - 1) // 2 + a


def pair_of(index: int) -> tuple[int, int]:
    """The two cards ``(a, b)``, ``a < b``, of pair index ``index`` (0–1325), the inverse of ``pair_index``."""
    b = int(((8 * index + 1) ** 0.5 + 1) / 2)
    while b * (b - 1) // 2 > index:
        b -= 1
    while (b + 1) * b // 2 <= index:
        b += 1
    return index - b * (b - 1) // 2, b


def pair_action(a: int, b: int) -> int:
    """The step-2 action of revealing cards ``a`` and ``b`` (S4)."""
    return PAIR_BASE + pair_index(a, b)


def decision_stream(seed: int, game: int, round_index: int, seat: int, decision: int) -> Stream:
    """The random stream of seat ``seat``'s ``decision``-th decision (from 0) of round ``round_index`` (from 0),
    R13's keys: ``Stream(derive(hand_key(seed, game, round_index, STREAM_AGENT + seat), decision))``."""
    return Stream(derive(hand_key(seed, game, round_index, STREAM_AGENT + seat), decision))


def tie_order(values: Sequence[int], seed: int, game: int, round_index: int) -> tuple[int, ...]:
    """Step 3's order (S6): the seats by hand value, worst first, players with equal hands in an order drawn from
    the round's stream (S5, S6): a Fisher–Yates shuffle of the seats (draw ``i`` from ``n - 1`` down to 1 picks
    ``uniform_int(derive(key, i), i + 1)``, ``key = hand_key(seed, game, round_index, STREAM_ORDER)``), then a
    stable sort by value. Returns a tuple of seats."""
    seats = list(range(len(values)))
    key = hand_key(seed, game, round_index, STREAM_ORDER)
    for i in range(len(seats) - 1, 0, -1):
        j = uniform_int(derive(key, i), i + 1)
        seats[i], seats[j] = seats[j], seats[i]
    return tuple(sorted(seats, key=lambda s: values[s]))


def score_round(number: int, values: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points in round ``number`` (1–8) with hand values ``values`` (S5): the best hand scores
    ``number``, players tied for it ``ceil(number / tied)`` each, the others 0.

    >>> score_round(7, [5, 9, 9]), score_round(3, [2, 1]), score_round(8, [4, 4, 4, 1])
    ((0, 4, 4), (3, 0), (3, 3, 3, 0))
    """
    best = max(values)
    tied = sum(v == best for v in values)
    return tuple(round_points(number, tied) if v == best else 0 for v in values)


@dataclass
class RoundRecord:
    """One finished round, as the results tables and the replay read it (cards are ``poker52`` integers).

    ``number``: 1–8; ``carried``: the cards the future river brought (S3); ``future``: the new future river dealt
    (S3); ``picks``: per seat, its step-1 card (S3); ``river``: the complete current river, ``carried`` then the
    picks in seat order; ``pairs``: per seat, its step-2 cards (S4); ``values``: per seat, its hand's value
    (``poker52.value`` of its pair and the river); ``river_only``: per seat, whether the river alone is as good;
    ``points``: per seat (S5); ``order``: step 3's order, worst first (S6; empty in round 8); ``takes``: the
    take-backs in turn, ``(seat, card)``; ``scores``: the points after the round.
    """

    number: int
    carried: tuple[int, ...]
    future: tuple[int, ...]
    picks: tuple[int, ...] = ()
    river: tuple[int, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()
    values: tuple[int, ...] = ()
    river_only: tuple[bool, ...] = ()
    points: tuple[int, ...] = ()
    order: tuple[int, ...] = ()
    takes: list[tuple[int, int]] = field(default_factory=list)
    scores: tuple[int, ...] = ()


class SaintTable:
    """One game of Saint Poker (GAMES.md S1–S10) as a ``sniper.core.table.SimultaneousTableState``.

    ``SaintTable(seats, seed, game)``: ``seats`` 2–5 (S1; ``ValueError`` otherwise). ``history``: the
    ``RoundRecord`` of every round started (the last one is the current round); ``scores``: points so far;
    ``hands``: every seat's cards (sorted lists; the table's own, never shown by ``observe`` but to their seat).
    """

    def __init__(self, seats: int, seed: int = 0, game: int = 0, **options) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in SEATS:
            raise ValueError(f"{TITLE} seats 2-5 players (S1), got {seats!r}")
        self.n_seats, self.seed, self.game = seats, seed, game
        self.phase = "deal"
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.deck: list[int] = []
        self.future: tuple[int, ...] = ()
        self.scores = [0] * seats
        self.history: list[RoundRecord] = []
        self.pool: list[int] = []
        self.turn = 0
        self.taken: list[tuple[int, int, int]] = []
        self.known: list[set[int]] = [set() for _ in range(seats)]
        self.seen: list[set[int]] = [set() for _ in range(seats)]

    # -- the protocol --------------------------------------------------------------------------------------

    @property
    def round(self) -> RoundRecord | None:
        """The current (or last) round's record, ``None`` before the deal."""
        return self.history[-1] if self.history else None

    @property
    def round_index(self) -> int:
        """The current round from 0 (-1 before the deal)."""
        return len(self.history) - 1

    def current_player(self) -> int:
        """``CHANCE`` before the deal, ``SIMULTANEOUS`` in steps 1 and 2, the seat to take in step 3,
        ``TERMINAL`` after round 8."""
        if self.phase == "deal":
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        if self.phase == "take":
            return self.round.order[self.turn % self.n_seats]
        return SIMULTANEOUS

    def legal_actions(self, seat: int | None = None) -> tuple[int, ...]:
        """The actions of ``seat`` now, sorted (``None``: the current player's; empty at ``SIMULTANEOUS`` and
        ``TERMINAL``): a card of its hand in step 1, two of its cards (``pair_action``) in step 2, a card of the
        pool on its turn in step 3, ``DEAL`` at ``CHANCE``."""
        player = self.current_player()
        if seat is None:
            if player == CHANCE:
                return (DEAL,)
            return self.legal_actions(player) if player >= 0 else ()
        self._check_seat(seat)
        if self.phase == "pick":
            return tuple(self.hands[seat])
        if self.phase == "pair":
            hand = self.hands[seat]
            return tuple(sorted(pair_action(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]))
        if self.phase == "take" and seat == player:
            return tuple(sorted(self.pool))
        return ()

    def apply(self, action: int) -> None:
        """``DEAL`` at ``CHANCE`` (S2) or the current seat's take-back (S6); ``ValueError`` naming an action that
        is not legal now (``apply_actions`` at ``SIMULTANEOUS``)."""
        player = self.current_player()
        if action not in self.legal_actions():
            where = "a simultaneous step: use apply_actions" if player == SIMULTANEOUS else "now"
            raise ValueError(f"action {action!r} is not legal {where}; legal: {self.legal_actions()}")
        if player == CHANCE:
            self._deal()
        else:
            self._take(player, action)

    def apply_actions(self, actions: Mapping[int, int]) -> None:
        """Every seat's pick at once (S9): one card each in step 1 (S3), two each in step 2 (S4). ``ValueError``
        (the table unchanged) unless ``actions`` maps every seat to one of its ``legal_actions(seat)``."""
        if self.current_player() != SIMULTANEOUS:
            raise ValueError(f"apply_actions is for the simultaneous steps; the table is at {self.phase!r}")
        if sorted(actions) != list(range(self.n_seats)):
            raise ValueError(f"give one action for every seat 0-{self.n_seats - 1}, got seats {sorted(actions)}")
        for seat, action in actions.items():
            if action not in self.legal_actions(seat):
                raise ValueError(f"action {action!r} is not legal for seat {seat} now")
        if self.phase == "pick":
            self._reveal_picks([actions[s] for s in range(self.n_seats)])
        else:
            self._reveal_pairs([pair_of(actions[s] - PAIR_BASE) for s in range(self.n_seats)])

    def observe(self, seat: int) -> SaintObservation:
        """What ``seat`` may know now (S10), the one place it is decided: its own hand, the current and future
        river, every revealed card (the picks only once all have picked, S9), the take-backs and by whom, the
        scores and the round; never another seat's hand or a pick not yet revealed. ``ValueError`` for a seat
        not at the table."""
        self._check_seat(seat)
        record = self.round
        pairs = tuple(record.pairs) if record is not None and record.pairs else (None,) * self.n_seats
        scored = record is not None and bool(record.points)
        acting = self.current_player() in (seat, SIMULTANEOUS)
        return SaintObservation(
            seat=seat,
            seats=self.n_seats,
            round=record.number if record else 0,
            phase=self.phase,
            hand=tuple(self.hands[seat]),
            river=tuple(record.river) if record else (),
            future=self.future,
            pairs=pairs,
            points=tuple(record.points) if scored else None,
            scores=tuple(self.scores),
            order=tuple(record.order) if scored else (),
            pool=tuple(sorted(self.pool)),
            taken=tuple(self.taken),
            known=tuple(frozenset(k) for k in self.known),
            hand_size=len(self.hands[seat]),
            seen=frozenset(self.seen[seat]),
            legal=self.legal_actions(seat) if acting else (),
        )

    def is_over(self) -> bool:
        """Whether round 8 is over (S8)."""
        return self.phase == "over"

    def returns(self) -> tuple[int, ...]:
        """The zero-sum utility of the points so far (``sniper.core.table.point_difference``); they sum to 0."""
        return point_difference(self.scores)

    def points(self) -> tuple[int, ...]:
        """The points each seat has scored so far (S5)."""
        return tuple(self.scores)

    def stream(self, seat: int, decision: int) -> Stream:
        """Seat ``seat``'s random stream for its ``decision``-th decision of the current round (``decision_stream``)."""
        return decision_stream(self.seed, self.game, self.round_index, seat, decision)

    # -- the rules ----------------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ValueError(f"seat must be 0-{self.n_seats - 1}, got {seat!r}")

    def _draw(self, count: int) -> tuple[int, ...]:
        cards, self.deck = tuple(self.deck[:count]), self.deck[count:]
        return cards

    def _deal(self) -> None:
        """S2: ten cards to each player (seat 0's first), then the future river; the rest is the deck."""
        self.deck = shuffled_deck(self.seed, self.game, 0)
        for seat in range(self.n_seats):
            self.hands[seat] = sorted(self._draw(HAND_SIZE))
        self.future = self._draw(FUTURE_RIVER[self.n_seats])
        self._start_round()

    def _start_round(self) -> None:
        """S3: the future river becomes the current river; a new one is dealt (none in round 8)."""
        number = len(self.history) + 1
        carried = self.future
        self.future = self._draw(FUTURE_RIVER[self.n_seats]) if number < ROUNDS else ()
        self.history.append(RoundRecord(number, carried, self.future, river=carried))
        for seen in self.seen:
            seen.update(carried, self.future)
        self.phase = "pick"

    def _reveal(self, seat: int, cards: Sequence[int]) -> None:
        for c in cards:
            self.hands[seat].remove(c)
            self.known[seat].discard(c)
        for seen in self.seen:
            seen.update(cards)

    def _reveal_picks(self, picks: list[int]) -> None:
        """S3: the picks, revealed together, join the current river (5 cards)."""
        record = self.round
        for seat, card in enumerate(picks):
            self._reveal(seat, (card,))
        record.picks, record.river = tuple(picks), (*record.carried, *picks)
        self.phase = "pair"

    def _reveal_pairs(self, pairs: list[tuple[int, int]]) -> None:
        """S4, S5: the pairs, revealed together; each hand is the best five of its pair and the river; the best
        scores the round's number, ties share it rounded up; then step 3's order (S6), or the end (S8)."""
        record = self.round
        for seat, pair in enumerate(pairs):
            self._reveal(seat, pair)
        record.pairs = tuple(pairs)
        record.values = tuple(value((*pair, *record.river)) for pair in pairs)
        alone = value(record.river)
        record.river_only = tuple(v == alone for v in record.values)
        record.points = score_round(record.number, record.values)
        self.scores = [s + p for s, p in zip(self.scores, record.points)]
        record.scores = tuple(self.scores)
        if record.number == ROUNDS:  # S6: no step 3 in round 8
            self.phase = "over"
            return
        record.order = tie_order(record.values, self.seed, self.game, self.round_index)
        self.pool = [*record.river, *(c for pair in pairs for c in pair)]
        self.turn = 0
        self.phase = "take"

    def _take(self, seat: int, card: int) -> None:
        """S6: the seat takes one card of the pool into its hand; after everyone has taken two, the rest is out."""
        record = self.round
        self.pool.remove(card)
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.known[seat].add(card)
        self.taken.append((record.number, seat, card))
        record.takes.append((seat, card))
        self.turn += 1
        if self.turn == PICK_TWO * self.n_seats:
            self.pool = []
            self._start_round()

    def __repr__(self) -> str:
        river = " ".join(text(c) for c in self.round.river) if self.round else ""
        return f"SaintTable(seats={self.n_seats}, round={self.round_index + 1}, phase={self.phase}, river={river})"

"""One whole game of hands on PokerKit, the flow shared by the 52-card betting games (``../shared/GAMES.md``).

``PokerKitTable`` is the part of a ``sniper.core.table.TableState`` that no-limit Hold'em (H1–H11) and
five-card draw (D1–D11) have in common: ``CHANCE`` before each hand (the one legal action is the game's
``DEAL``), the hand's deck from ``sniper.games.poker52.cards.shuffled_deck(seed, game, hand)``, the seat
to act and its legal flat actions from the game's hand (a ``sniper.games.poker52.hand.PokerKitHand``),
and between hands: the chips move, busted players leave (GAMES.md), the game ends (H10, D9) or the
button moves to the next player still at the table (H2, D1). A game's table subclasses it, sets its
facts as class attributes and writes ``observe``, the one place its view rule is decided.

**Random streams** (R13's design, as Sniper Hold'em's ``sniper.games.sniper_holdem.play.decision_stream``):
the ``d``-th decision (from 0) of seat ``s`` in hand ``h`` draws from ``Stream(derive(hand_key(seed,
game, h, STREAM_AGENT + s), d))`` (``decision_stream``; the seat's hand key is the stream's ``parent``); a game's
kernel reproduces it.
"""

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import islice
from types import ModuleType
from typing import TypeVar

from kernels.streams import STREAM_AGENT
from sniper.core.rng import Stream, derive, hand_key
from sniper.core.table import CHANCE, TERMINAL, agent_where, ask_agent, hand_over, play_to_end
from sniper.games.poker52.cards import shuffled_deck
from sniper.games.poker52.hand import PokerKitHand, next_button
from sniper.games.poker52.spec import hands_of_length

R = TypeVar("R")
"""A game's hand record (its ``play.HandRecord``)."""


def decision_stream(seed: int, game: int, hand: int, seat: int, decision: int) -> Stream:
    """The random stream of seat ``seat``'s ``decision``-th decision (from 0) of hand ``hand`` (R13's
    keys, as Sniper Hold'em's): ``Stream(derive(agent, decision), agent)``, ``agent = hand_key(seed, game, hand,
    STREAM_AGENT + seat)`` its ``parent``, the same for all the seat's decisions of the hand."""
    agent = hand_key(seed, game, hand, STREAM_AGENT + seat)
    return Stream(derive(agent, decision), agent)


class PokerKitTable:
    """One game of hands of a PokerKit game (module docstring); a game's table subclasses it.

    The subclass sets ``HAND`` (its ``PokerKitHand`` subclass, with ``legal_actions()``, ``is_legal(a)``,
    ``act(a)`` and ``legal_text()``) and ``DEAL`` (the flat action of ``CHANCE``), names its ``rules`` module
    (``class HoldemTable(PokerKitTable, rules=rules)``), whose ``RULE_FACTS`` it takes: ``SEATS`` (a range),
    ``STARTING_STACK``, ``FIRST_BUTTON``, ``GAME_LENGTHS``, ``DEFAULT_LENGTH`` and ``TITLE``, and writes
    ``observe``.

    ``seats``: a count in ``SEATS``; ``seed``, ``game``: the run's seed and the game's number, which fix
    every deck and decision stream; ``length``: a key of ``GAME_LENGTHS``. ``hand_limit``: the hands the
    game lasts at most, overriding ``length`` (``None``: the length's own); ``stacks``, ``button``,
    ``hand``: where the game stands before its next deal (default: a fresh game, every seat with
    ``STARTING_STACK`` chips, the button on ``FIRST_BUTTON``, hand 0); ``returns`` count from those
    stacks. ``ValueError`` for seats outside ``SEATS``, an unknown length, or stacks that do not fit.

    Attributes: ``hand`` the current (or last) hand (``None`` before the first deal) and ``hand_index``
    its number; ``hands`` the finished hands; ``stacks`` and ``button`` between hands (updated when a
    hand ends; a seat with no chips has left the table); ``ended`` why the game is over: "chips" (one
    player holds every chip) or "hands" (the hand limit), else ``None``.
    """

    HAND: type[PokerKitHand]
    DEAL: int
    SEATS: range
    STARTING_STACK: int
    FIRST_BUTTON: int
    GAME_LENGTHS: Mapping[str, int | None]
    DEFAULT_LENGTH: str
    TITLE: str

    RULE_FACTS = ("SEATS", "STARTING_STACK", "FIRST_BUTTON", "GAME_LENGTHS", "DEFAULT_LENGTH", "TITLE")
    """The class attributes a subclass takes from its game's ``rules`` module."""

    def __init_subclass__(cls, rules: ModuleType | None = None, **options) -> None:
        super().__init_subclass__(**options)
        for name in cls.RULE_FACTS if rules is not None else ():
            setattr(cls, name, getattr(rules, name))

    def __init__(
        self,
        seats: int,
        seed: int,
        game: int,
        length: str | None = None,
        hand_limit: int | None = None,
        stacks: Sequence[int] | None = None,
        button: int | None = None,
        hand: int = 0,
    ) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in self.SEATS:
            raise ValueError(f"seats must be {self.SEATS.start}-{self.SEATS.stop - 1} ({self.TITLE}), got {seats!r}")
        self.n_seats, self.seed, self.game = seats, seed, game
        limit = hands_of_length(self.GAME_LENGTHS, self.DEFAULT_LENGTH if length is None else length)
        self.hand_limit = limit if hand_limit is None else hand_limit
        self.stacks = list(stacks) if stacks is not None else [self.STARTING_STACK] * seats
        if len(self.stacks) != seats or sum(s > 0 for s in self.stacks) < 2:
            raise ValueError(f"stacks must give {seats} seats, two or more with chips, got {self.stacks!r}")
        self.button = self.FIRST_BUTTON if button is None else button
        if not 0 <= self.button < seats or self.stacks[self.button] <= 0:
            self.button = next_button(self.button % seats, self.stacks)
        self._start = tuple(self.stacks)
        self._next = hand
        self.hand: PokerKitHand | None = None
        self.hand_index = hand
        self.hands: list[PokerKitHand] = []
        self.ended: str | None = None
        self._decisions = [0] * seats

    # ----- the TableState API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` before each deal, ``TERMINAL`` once the game is over."""
        if self.ended is not None:
            return TERMINAL
        hand = self.hand
        if hand is None or hand.done:
            return CHANCE
        return hand.actor

    def legal_actions(self) -> tuple[int, ...]:
        """The flat actions legal now, sorted: the actor's (the hand's ``legal_actions``), ``(DEAL,)`` at
        ``CHANCE``, ``()`` once the game is over."""
        player = self.current_player()
        if player == TERMINAL:
            return ()
        if player == CHANCE:
            return (self.DEAL,)
        return self.hand.legal_actions()

    def observe(self, seat: int):
        """What ``seat`` may know now: the game's view rule, written by the subclass."""
        raise NotImplementedError

    def apply(self, action: int) -> None:
        """Apply the current player's flat ``action``: deal the next hand at ``CHANCE``, else the seat's
        action; a hand's last action settles it and moves the game on. ``ValueError`` naming the action
        if it is not in ``legal_actions()`` (nothing changes)."""
        given = action
        try:
            action = None if isinstance(action, bool) else operator.index(action)
        except TypeError:
            action = None
        player = self.current_player()
        if player == CHANCE and action == self.DEAL:
            self._deal()
            return
        if player < 0 or action is None or not self.hand.is_legal(action):
            raise ValueError(self._illegal(given))
        self.hand.act(action)
        self._decisions[player] += 1
        if self.hand.done:
            self._end_hand()

    def is_over(self) -> bool:
        """Whether the game is over: the hand limit reached or one player holds every chip."""
        return self.ended is not None

    def returns(self) -> tuple[int, ...]:
        """Chips each seat has won (+) or lost (-) over the game's finished hands, from the stacks it
        started with; they sum to 0 (chips are conserved)."""
        return tuple(now - start for now, start in zip(self.stacks, self._start))

    # ----- for the drivers ------------------------------------------------------------------

    def hand_over(self) -> bool:
        """Whether the current hand is finished (its result stands until the next deal)."""
        return self.hand is not None and self.hand.done

    def stream(self) -> Stream:
        """The random stream of the current player's next decision of this hand (``decision_stream``);
        ``ValueError`` when no seat is to act."""
        seat = self.current_player()
        if seat < 0:
            raise ValueError("no seat is to act")
        return decision_stream(self.seed, self.game, self.hand_index, seat, self._decisions[seat])

    # ----- internals --------------------------------------------------------------------------

    def _check_seat(self, seat: object) -> PokerKitHand:
        """The current hand, for ``observe(seat)``; ``ValueError`` for a seat not at the table or
        before the first deal."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ValueError(f"seat must be 0-{self.n_seats - 1}, got {seat!r}")
        if self.hand is None:
            raise ValueError("no hand has been dealt yet")
        return self.hand

    def _illegal(self, action: object) -> str:
        player = self.current_player()
        shown = f"action {action!r}"
        if player == TERMINAL:
            return f"{shown} is not legal: the game is over"
        if player == CHANCE:
            return f"{shown} is not legal at the deal now; legal: {self.DEAL} (deal)"
        return f"{shown} is not legal for seat {player} now; legal: {self.hand.legal_text()}"

    def _deal(self) -> None:
        self.hand_index = self._next
        players = sum(s > 0 for s in self.stacks)
        deck = shuffled_deck(self.seed, self.game, self.hand_index, self.HAND.cards_needed(players))
        self.hand = self.HAND(self.stacks, self.button, deck)
        self._decisions = [0] * self.n_seats

    def _end_hand(self) -> None:
        """Chips move, busted players leave (GAMES.md), the game ends or the button moves on (H2, D1)."""
        hand = self.hand
        self.hands.append(hand)
        self.stacks = list(hand.stacks_after)
        self._next = self.hand_index + 1
        if sum(s > 0 for s in self.stacks) < 2:
            self.ended = "chips"
        elif self.hand_limit is not None and self._next >= self.hand_limit:
            self.ended = "hands"
        else:
            self.button = next_button(self.button, self.stacks)


def played_hands(table: PokerKitTable, agents: Sequence) -> Iterator[PokerKitHand]:
    """Each hand of ``table``'s game, as soon as ``agents`` (one per seat, ``act(obs, stream)`` with the decision's
    stream, ``table.stream()``) have played it to its end: the table deals (``DEAL``) and
    ``sniper.core.table.play_to_end`` plays the hand (a caller may stop early; ``table.hand_index`` is the hand's
    number when it is yielded). ``AgentError`` naming the agent, its seat, the game and the hand when an agent
    raises or chooses an action that is not legal (``sniper.core.table.ask_agent``)."""

    def decide(seat: int, obs, legal: tuple[int, ...]) -> int:
        where = agent_where(agents[seat], seat, table.game, table.hand_index)
        return ask_agent(agents[seat], "act", obs, table.stream(), legal, where)

    while not table.is_over():
        table.apply(table.DEAL)
        play_to_end(table, decide, hand_over)
        yield table.hand


def hand_records(
    new_table: Callable[[], PokerKitTable], seats: int, agents: Sequence, record: Callable[[PokerKitHand, int], R]
) -> Iterator[R]:
    """The game's hands as records, each as soon as it is played (``played_hands`` on the table ``new_table()``
    makes; ``record(hand, number)``: the game's ``play.HandRecord.of``); the ``play.hands_of`` of the 52-card
    games. ``ValueError`` unless there is one agent per seat (``seats``), before the table is made, and for seats
    or a length the table refuses; ``sniper.core.errors.AgentError`` naming the agent, its seat, the game and the
    hand when an agent raises or chooses an action that is not legal (``played_hands``)."""
    if len(agents) != seats:
        raise ValueError(f"one agent per seat: {seats} seats, {len(agents)} agents")
    table = new_table()
    for hand in played_hands(table, agents):
        yield record(hand, table.hand_index)


def hand_of_game(
    hands_of: Callable[..., Iterable[R]],
    make_agent: Callable[[str], object],
    default_length: str,
    agents: Sequence[str],
    seed: int,
    game: int,
    hand: int,
    rules,
) -> R:
    """The ``play.play_hand`` of the 52-card games: hand ``hand`` of game ``game`` of run ``seed`` played by
    the agents ``make_agent(spec)`` of the specs ``agents`` (one per seat) under ``rules``
    (``sniper.games.poker52.spec.PokerRules``; ``None``: ``default_length``), the records
    ``hands_of(seats, seed, game, players, length)`` (the game's ``play.hands_of``, the hands before it played
    too), naming ``agents``, ``seed`` and ``game`` (the record's ``agents``, ``seed`` and ``game``).
    ``ValueError`` for a bad spec, ``LookupError`` when the game ends before hand ``hand``."""
    players = [make_agent(spec) for spec in agents]
    length = default_length if rules is None else rules.length
    for found in islice(hands_of(len(players), seed, game, players, length), hand, None):
        return replace(found, agents=tuple(agents), seed=seed, game=game)
    raise LookupError(f"game {game} of seed {seed} ends before hand {hand}")

"""What the table server needs of a game, declared once per game (``GameSpec.served``).

``sniper serve`` hosts every registered game in the same rooms (``sniper.serve.table.Room``): a room drives the
game's table state (``GameSpec.new_table``, ``sniper.core.table``) and asks the game's ``ServedGame`` — a
subclass of the class below, written in the game's package (``sniper.games.<game>.served``) — only for what
differs between games:

- ``PAGE``: the browser page of the game (a file name of ``sniper/serve/static``); ``LEVELS``: the AI levels
  that may fill a seat (levels of the game's ``GameSpec.levels``); ``MOVES``: the message types a seat plays
  with (docs/serve-protocol.md);
- ``view(seat, hand)``: the ``hand`` part of the ``state`` message a seat is sent, built from the game's own
  observation rule (``table.observe``, the one place it is decided) and, once a hand is over, what its rules
  show to everyone (a showdown's cards);
- ``move(seat, message)``: a move message turned into the table's flat action, or an error text;
  ``kind(seat)``: the message type the seat's turn takes;
- ``timeout(seat)``: what running out of time does (a flat action and its name);
- ``ai(seat, agent)``: an AI seat's decision as a call to run off the event loop, and ``ai_action`` its flat
  action;
- ``finished()``: the hand (or round) that has just ended, as the game's ``GameSpec.record`` reads it;
  ``scores()``: each seat's chips (or points) and whether it is still at the table;
- ``PRIVATE`` and ``spectate(hand)``: what a spectator is sent, a seat's view without the parts only that seat's
  observation holds (its own cards, what it may do now): the public part of the observation rule;
- ``observation(seat)``: the seat's observation itself as JSON data, sent to bot seats, and ``observation_from`` /
  ``message_of``, the bot side: the observation rebuilt from that data and an agent's flat action as a move message;
- ``history(hands, labels, seat)``: the finished hands as the game's hand history (PHH, or JSON for a game PHH cannot
  write), with what ``seat`` (``None``: a spectator) may not know hidden.

Nothing a client sends is imported, evaluated or used as a path: a move message is read field by field into
one of the table's legal actions, and everything else is refused with an error text.
"""

import dataclasses
import threading
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any

import tomllib

from sniper.core.table import CHANCE, SIMULTANEOUS
from sniper.core.toml import phhs_text, toml_value


def whole_number(value: object) -> bool:
    """Whether ``value`` is an ``int`` and not a ``bool`` (a field of a move message).

    >>> whole_number(3), whole_number(True), whole_number(3.0), whole_number("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def to_json(value: Any) -> Any:
    """An observation (a dataclass of integers, strings, booleans, tuples and frozensets of them) as JSON data:
    a dataclass as an object of its fields, tuples as lists, frozensets as sorted lists.

    >>> to_json((1, frozenset({3, 2}), None))
    [1, [2, 3], None]
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, frozenset):
        return sorted(to_json(v) for v in value)
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    return int(value) if hasattr(value, "__index__") and not isinstance(value, bool) else value


def from_json(kind: Any, data: Any) -> Any:
    """``data`` (``to_json``'s output) as a value of the type ``kind`` (an annotation of an observation's field:
    ``int``, ``str``, ``bool``, ``X | None``, ``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]``, a dataclass).
    ``TypeError`` or ``ValueError`` for data not of that type.

    >>> from_json(tuple[frozenset[int], ...], [[2, 3], []]), from_json(int | None, None)
    ((frozenset({2, 3}), frozenset()), None)
    """
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        return from_json(next(a for a in args if a is not type(None)), data)
    if origin is tuple:
        if not isinstance(data, list):
            raise TypeError(f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        if len(args) != len(data):
            raise ValueError(f"expected {len(args)} items, got {len(data)}")
        return tuple(from_json(a, v) for a, v in zip(args, data))
    if origin is frozenset:
        if not isinstance(data, list):
            raise TypeError(f"expected a list, got {type(data).__name__}")
        return frozenset(from_json(args[0], v) for v in data)
    if dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise TypeError(f"expected an object, got {type(data).__name__}")
        hints = typing.get_type_hints(kind)
        return kind(**{f.name: from_json(hints[f.name], data[f.name]) for f in dataclasses.fields(kind)})
    if kind in (int, str, bool) and (type(data) is not kind):
        raise TypeError(f"expected {kind.__name__}, got {type(data).__name__}")
    return data


def hide_cards(phh: str, seat: int | None) -> str:
    """One hand's PHH text (TOML, as this project's writers make it: one ``key = value`` a field, with ``seats``, the
    1-based seat of each player ``p1``..``pK``) with the cards ``seat`` may not know written as unknown (``??`` a
    card, PHH's notation): the private cards dealt to another player (``d dh pK ...``) and its discards
    (``pK sd ...``); cards shown at the showdown (``pK sm ...``) and the board stay. ``seat``: ``None`` hides every
    player's private cards (a spectator). The text is this server's own, read as data (``tomllib``).

    >>> text = 'seats = [2, 1]\\nactions = [\\n  "d dh p1 AhKd",\\n  "d dh p2 7c7d",\\n  "p2 sd 7c",\\n]\\n'
    >>> print(hide_cards(text, 0), end="")
    seats = [2, 1]
    actions = [
      "d dh p1 ????",
      "d dh p2 7c7d",
      "p2 sd 7c",
    ]
    """
    fields = tomllib.loads(phh)
    own = None if seat is None or seat + 1 not in fields["seats"] else f"p{fields['seats'].index(seat + 1) + 1}"

    def hidden(action: str) -> str:
        words = action.split(" ")
        player = words[2] if words[:2] == ["d", "dh"] else words[0] if words[1:2] == ["sd"] else own
        at = 3 if words[:2] == ["d", "dh"] else 2
        if player == own or len(words) <= at:
            return action
        words[at] = "??" * (len(words[at]) // 2)
        return " ".join(words)

    fields["actions"] = [hidden(a) for a in fields["actions"]]
    return "".join(f"{key} = {toml_value(v)}\n" for key, v in fields.items())


class ServedGame:
    """The server's view of one game of a game (module docstring); a game's package subclasses it.

    ``ServedGame(table, spec)``: ``table`` the game's ``TableState`` (from ``GameSpec.new_table``), ``spec`` its
    ``GameSpec``. The defaults here fit a sequential game whose hands begin at ``CHANCE``, its table a
    ``sniper.core.table.HandTableState`` (``ai``, ``hand_over``, ``finished``, ``ended`` and ``scores`` read its
    ``stream()``, ``hand_over()``, ``hand``, ``ended`` and ``stacks``; a game whose table is not one writes
    them); a subclass sets ``PAGE``, ``LEVELS``, ``MOVES`` and writes ``view``, ``move``, ``timeout`` and
    ``finished``.
    """

    PAGE: str = "index.html"
    LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
    MOVES: tuple[str, ...] = ("act",)
    HAND_LIMIT: bool = True
    """Whether the table takes a ``hand_limit`` (the server's ``Settings.bust_hands`` for a game played until
    one holds every chip)."""
    ROLLOUTS: bool = False
    """Whether the game's agents take a rollout backend (Sniper Hold'em's ``rollouts="kernel"``)."""
    PRIVATE: tuple[str, ...] = ()
    """The keys of a seat's ``view`` (its ``hand`` part) that come from that seat's own observation only (its private
    cards, what it may do now, what it owes): blanked in a spectator's view (``spectate``)."""
    OBSERVATION: Any = None
    """The game's observation class (a dataclass, ``table.observe``'s type): what ``observation_from`` rebuilds."""
    HISTORY: str = "phhs"
    """The file type of ``history``: ``phhs`` (PHH hands, TOML) or ``json``."""

    def __init__(self, table: Any, spec: Any) -> None:
        self.table, self.spec = table, spec
        self.shown: Any = None
        self._histories: list[str] = []
        self._viewed: dict[int | None, tuple[int, str]] = {}
        self._history_lock = threading.Lock()

    def show_finished(self, hand: Any) -> None:
        """Show ``hand`` (a finished hand, from ``finished``) instead of the hand in play from now on: a game that
        ends mid-hand (everyone left) shows its last finished hand. A game whose views are built from the table's
        current state only (the default) keeps showing the hand in play."""
        self.shown = hand

    # ----- who decides -------------------------------------------------------------------------

    def deciders(self) -> tuple[int, ...]:
        """The seats whose decision the table waits for now: the current player, every picking seat at
        ``SIMULTANEOUS`` (``legal_actions(seat)`` not empty), none at ``CHANCE`` or the end."""
        player = self.table.current_player()
        if player == SIMULTANEOUS:
            return tuple(s for s in range(self.table.n_seats) if self.table.legal_actions(s))
        return (player,) if player >= 0 else ()

    def at_chance(self) -> bool:
        """Whether the next hand is to be dealt (``CHANCE``)."""
        return self.table.current_player() == CHANCE

    def deal(self) -> None:
        """Deal the next hand: the one legal action at ``CHANCE``."""
        self.table.apply(self.table.legal_actions()[0])

    def kind(self, seat: int) -> str:
        """The message type ``seat``'s turn takes now (one of ``MOVES``)."""
        return self.MOVES[0]

    # ----- the game's own parts ----------------------------------------------------------------

    def view(self, seat: int, hand: int) -> dict | None:
        """The ``hand`` part of ``seat``'s ``state`` message (``None`` before the first deal)."""
        raise NotImplementedError

    def spectate(self, hand: int) -> dict | None:
        """The ``hand`` part of a spectator's ``state`` message: what every seat's view holds in common, never
        any seat's private part: the view of seat 0 with each of ``PRIVATE`` blanked (an empty list, or ``None``).
        ``None`` before the first deal."""
        view = self.view(0, hand)
        if view is not None:
            for key in self.PRIVATE:
                view[key] = [] if isinstance(view.get(key), list) else None
        return view

    def observation(self, seat: int) -> dict:
        """``seat``'s observation now (``table.observe``, the game's observation rule) as JSON data (``to_json``):
        what a bot seat decides from, sent to bot seats only (docs/serve-protocol.md)."""
        return to_json(self.table.observe(seat))

    @classmethod
    def observation_from(cls, data: dict) -> Any:
        """The observation (``OBSERVATION``) an ``observation`` message field holds; ``TypeError``, ``ValueError``,
        ``KeyError`` for data that is not one."""
        return from_json(cls.OBSERVATION, data)

    @classmethod
    def message_of(cls, obs: Any, action: int) -> dict:
        """The move message (without ``turn``) playing the flat ``action`` for the seat observing ``obs``: what a bot
        sends for its agent's choice, the inverse of ``move``."""
        raise NotImplementedError

    def history(self, hands: Sequence[Any], labels: Sequence[str], seat: int | None) -> str:
        """The finished ``hands`` (``finished``'s, in order) as a ``.phhs`` text, a TOML comment naming the game
        then one PHH hand each (``hand_history``), with what ``seat`` may not know hidden (``hide_cards``; ``None``: a
        spectator); players named by ``labels``, one a seat. Each hand's text is made once and kept (a game has at
        most its length of hands), and each viewer's file until one more hand is finished; may be called from any
        thread."""
        with self._history_lock:
            made = self._viewed.get(seat)
            if made is not None and made[0] == len(hands):
                return made[1]
            for index in range(len(self._histories), len(hands)):
                self._histories.append(self.hand_history(index, hands[index], labels))
            texts = self._histories[: len(hands)]
            count = f"{len(texts)} {self.spec.unit}{'' if len(texts) == 1 else 's'}"
            title = f"# {self.spec.title} ({self.spec.name}), {count}\n"
            text = title + phhs_text(hide_cards(text, seat) for text in texts)
            self._viewed[seat] = (len(hands), text)  # one text a viewer (a seat, or the spectators): asked again, kept
            return text

    def hand_history(self, index: int, hand: Any, labels: Sequence[str]) -> str:
        """Finished hand ``index`` as one PHH hand, every card in it: the game's ``GameSpec.history`` from its
        ``GameSpec.record`` rows; no seed (it is secret until the game is over, R13). ``LookupError`` for a game
        that declares no ``record`` and ``history``."""
        if self.spec.record is None or self.spec.history is None:
            raise LookupError(f"{self.spec.title} has no hand-history format")
        record, write = self.spec.resolve(self.spec.record), self.spec.resolve(self.spec.history)
        tables = record([(0, index, hand)], list(labels)).tables
        return write(tables["hands"].to_pydict(), tables["actions"].to_pydict(), None)

    def move(self, seat: int, message: dict) -> int | str:
        """The flat action ``message`` asks for, legal for ``seat`` now, or an error text (what was sent is
        never echoed)."""
        raise NotImplementedError

    def timeout(self, seat: int) -> tuple[int, str]:
        """The flat action running out of time plays for ``seat``, and its name."""
        raise NotImplementedError

    def ai(self, seat: int, agent: Any) -> tuple[Callable, tuple]:
        """The call deciding for ``seat`` (``agent.act(observation, stream)`` by default), taken now on the event
        loop, run in a thread: (function, arguments); ``ai_action`` turns its result into a flat action."""
        return agent.act, (self.table.observe(seat), self.table.stream())

    def ai_action(self, seat: int, choice: int) -> int:
        """The flat action of an AI's ``choice`` (the choice itself by default)."""
        return int(choice)

    def make_ai(self, level: str) -> Any:
        """The agent of an AI seat of ``level`` (``GameSpec.make_agent``)."""
        return self.spec.make_agent(level)

    def vector(self, agent: Any, level: str) -> dict:
        """An AI seat's parameter vector in the record's manifest (``GameSpec.agent_vector``)."""
        return self.spec.agent_vector(level)

    def hand_over(self) -> bool:
        """Whether the current hand has just ended (its result shows until the next deal)."""
        return self.table.hand_over()

    def finished(self) -> Any:
        """The hand that has just ended, as the game's ``GameSpec.record`` reads it."""
        return self.table.hand

    def ended(self) -> str:
        """Why the game is over: "chips" (one player holds every chip) or "hands" (its length)."""
        return self.table.ended

    def scores(self) -> tuple[list[int], list[bool]]:
        """Each seat's chips (or points) between hands and whether it is still at the table."""
        stacks = list(self.table.stacks)
        return stacks, [s > 0 for s in stacks]

"""The table state every game implements: one whole game, played one decision at a time (OpenSpiel's ``State``).

A ``TableState`` is the only place a game's flow is written — who deals, who acts, what is legal, when
a hand ends, when the next is dealt and when the game is over — and the only place it decides what a
seat may see (``observe``). Every driver (a run's games, the server's rooms, the env) asks it
``current_player()``, gets that player's decision its own way, and gives it back with ``apply``.

``current_player()`` is a seat (0, 1, …), ``CHANCE`` when the next hand is to be dealt (the one legal
action is the game's deal action; the deal itself is fixed by the seed, R13 for Sniper Hold'em), or
``TERMINAL`` once the game is over (no legal action). The markers are OpenSpiel's
``kChancePlayerId`` and ``kTerminalPlayerId``.

A game whose ``GameSpec.dynamics`` is ``"simultaneous"`` (OpenSpiel's ``GameType.Dynamics``) may also stop at
``SIMULTANEOUS`` (OpenSpiel's ``kSimultaneousPlayerId``): every seat with legal actions picks one at once.
Its table then also has ``legal_actions(seat)`` (a seat's actions now; empty for a seat that does not pick)
and ``apply_actions(actions)`` (one action per picking seat, applied together); ``legal_actions()`` and
``apply`` keep their meaning at the other points (chance and sequential turns). Drivers take every picking
seat's observation before any pick is asked for and give the picks to the table together
(``joint_step``), so no seat sees another's pick before all have picked (Saint Poker's S9).

``returns()`` is each seat's zero-sum utility, the number duels, leagues, tune and summaries add up: chips
for a chip game (``GameSpec.utility == "chips"``). A points game (``"points"``) scores each seat's points and
returns ``n * points - total`` per seat: the sum of its point differences with every other seat, Goofspiel's
``point_difference`` at two players and ``n`` times points minus the table's mean (an integer, zero-sum, 0
in expectation for equal players).
"""

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from sniper.core.errors import AgentError

CHANCE = -1
"""``current_player()`` when the next hand is to be dealt (OpenSpiel's ``kChancePlayerId``)."""
SIMULTANEOUS = -2
"""``current_player()`` when every seat with legal actions picks at once (OpenSpiel's ``kSimultaneousPlayerId``)."""
TERMINAL = -4
"""``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``)."""
DYNAMICS = ("sequential", "simultaneous")
"""A game's dynamics (``GameSpec.dynamics``, OpenSpiel's ``GameType.Dynamics``): one seat acts at a time, or
some decisions are taken by every seat at once (``SIMULTANEOUS``)."""
UTILITIES = ("chips", "points")
"""What a game's ``returns()`` count (``GameSpec.utility``): chips won and lost (zero-sum as they are), or
points scored, made zero-sum as ``point_difference``."""


def point_difference(points: Sequence[int]) -> tuple[int, ...]:
    """The zero-sum utility of points ``points`` (one integer per seat): ``n * p - sum(points)`` for each seat,
    the sum of its point differences with every other seat (Goofspiel's ``point_difference`` at two seats;
    ``n`` times points minus the table's mean). Integers summing to 0.

    >>> point_difference([3, 0]), point_difference([5, 0, 0]), point_difference([2, 2, 2])
    ((3, -3), (10, -5, -5), (0, 0, 0))
    """
    total, n = sum(points), len(points)
    return tuple(n * int(p) - total for p in points)


def joint_step(table: Any, choose: Callable[[int, Any, tuple[int, ...]], int]) -> Mapping[int, int]:
    """One simultaneous step of ``table`` (at ``SIMULTANEOUS``): every seat with legal actions is observed first
    (``table.observe(seat)``, all before any pick is asked for), then ``choose(seat, observation, legal)`` gives
    its action, and the picks are applied together (``table.apply_actions``). Returns the picks, seat → action.

    The one driver loop of a simultaneous step (S9: no seat sees another's pick before all have picked; an
    agent gets its own observation only). ``ValueError`` when ``table`` is not at ``SIMULTANEOUS``, or from
    ``apply_actions`` for an illegal pick (the table is then unchanged).
    """
    if table.current_player() != SIMULTANEOUS:
        raise ValueError(f"joint_step needs a table at SIMULTANEOUS, not at {table.current_player()}")
    seats = [seat for seat in range(table.n_seats) if table.legal_actions(seat)]
    seen = {seat: (table.observe(seat), tuple(table.legal_actions(seat))) for seat in seats}
    picks = {seat: choose(seat, *seen[seat]) for seat in seats}
    table.apply_actions(picks)
    return picks


Decide = Callable[[int, Any, tuple[int, ...]], int]
"""A driver's decision: ``decide(seat, observation, legal)`` → the table's flat action for ``seat`` (its
observation ``table.observe(seat)`` and its legal actions now), however it is got (an agent, a learner, a person)."""


def play_to_end(table: Any, decide: Decide, stop: Callable[[Any], bool] | None = None) -> Any:
    """Drive ``table`` (a ``TableState``) until the game is over or ``stop(table)`` holds (asked before every step):
    the one driver loop of every game's runs, env and façade. Returns ``table``.

    At ``CHANCE`` the deal (its one legal action); at ``SIMULTANEOUS`` a ``joint_step`` (every picking seat observed
    before any is asked, ``decide`` for each, the picks applied together); at a seat ``decide(seat,
    table.observe(seat), table.legal_actions())``, applied. ``ValueError`` from the table for an illegal action;
    whatever ``decide`` raises (an agent's failure: ``ask_agent``).

    >>> class Countdown:  # a one-seat game: deal, then seat 0 says 0 until three decisions are made
    ...     def __init__(self): self.left, self.dealt = 3, False
    ...     def current_player(self): return TERMINAL if not self.left else 0 if self.dealt else CHANCE
    ...     def legal_actions(self): return (0,) if self.left else ()
    ...     def observe(self, seat): return self.left
    ...     def apply(self, action): self.left -= self.dealt; self.dealt = True
    ...     def is_over(self): return not self.left
    >>> play_to_end(Countdown(), lambda seat, obs, legal: legal[0]).left
    0
    """
    while not table.is_over() and not (stop is not None and stop(table)):
        player = table.current_player()
        if player == CHANCE:
            table.apply(table.legal_actions()[0])
        elif player == SIMULTANEOUS:
            joint_step(table, decide)
        else:
            table.apply(decide(player, table.observe(player), tuple(table.legal_actions())))
    return table


def hand_over(table: Any) -> bool:
    """Whether ``table``'s current hand is finished (``HandTableState.hand_over``): the ``stop`` of ``play_to_end``
    that plays one hand of a dealt table."""
    return table.hand_over()


def agent_label(agent: Any) -> str:
    """How a failing agent is named: its spec (``spec``, an outside agent's import path) or its class's name."""
    return getattr(agent, "spec", type(agent).__name__)


def agent_where(agent: Any, seat: int, game: int, hand: int, unit: str = "hand") -> str:
    """Where an agent failed, the start of its ``AgentError``: "agent SPEC in seat S, game G, hand H" (``unit``:
    what the game calls a hand, Saint Poker's "round")."""
    return f"agent {agent_label(agent)} in seat {seat}, game {game}, {unit} {hand}"


def legal_text(legal: Collection) -> str:
    """``legal`` as people read it in a one-line error: the names of named actions (an ``IntEnum``), else the
    numbers with runs of consecutive ones written ``first-last``.

    >>> legal_text([0, 1, 2, 3, 7, 9, 10])
    '0-3, 7, 9-10'
    """
    if any(hasattr(a, "name") for a in legal):
        return ", ".join(getattr(a, "name", str(a)) for a in legal)
    runs: list[list[int]] = []
    for a in sorted(legal):
        if runs and a == runs[-1][1] + 1:
            runs[-1][1] = a
        else:
            runs.append([a, a])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def ask_agent(agent: Any, method: str, obs: Any, stream: Any, legal: Collection | None, where: str) -> Any:
    """``agent.<method>(obs, stream)``, an agent's decision as every game's drivers ask it. ``AgentError`` (one line,
    starting with ``where``: the agent, its seat, the game and the hand or round) when the agent raises (its
    exception's type and first line; an outside agent's ``TimeoutError`` included) or, unless ``legal`` is
    ``None``, returns something not in ``legal`` (a ``bool`` is refused)."""
    try:
        choice = getattr(agent, method)(obs, stream)
    except Exception as error:  # noqa: BLE001 - any failure of an agent ends the run the same way
        reason = str(error).splitlines()[0] if str(error) else ""
        raise AgentError(f"{where}: {type(error).__name__}: {reason}".rstrip(": ")) from None
    if legal is not None and (isinstance(choice, bool) or choice not in legal):
        raise AgentError(f"{where}: {choice!r} is not a legal action (legal: {legal_text(legal)})")
    return choice


@runtime_checkable
class TableState(Protocol):
    """One game of a game (all its hands), as a state machine driven one action at a time.

    Actions are integers in one flat numbering per game, covering every kind of decision (the game's
    table module documents it). ``apply`` raises ``ValueError`` naming an action that is not in
    ``legal_actions()``; ``observe(seat)`` raises ``ValueError`` for a seat not at the table.

    ``n_seats``: the seats at the table; ``seed`` and ``game``: the run's seed and the game's number in it, which
    fix every deal and every decision's random stream. Everything a game-independent driver calls is declared
    here (``play_to_end``, ``joint_step``, the env, the server's rooms) or on ``SimultaneousTableState`` and
    ``HandTableState`` for the games that are such (``tests/test_table_protocol.py`` plays every registered game
    through these declarations only).
    """

    n_seats: int
    seed: int
    game: int

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` (deal the next hand), ``TERMINAL`` (the game is over) or, in a
        simultaneous game, ``SIMULTANEOUS`` (every seat with ``legal_actions(seat)`` picks, ``apply_actions``)."""
        ...

    def legal_actions(self) -> tuple[int, ...]:
        """The actions ``apply`` accepts now, sorted; empty exactly when the game is over."""
        ...

    def observe(self, seat: int) -> Any:
        """What ``seat`` may know now, and nothing more (the game's view rule; R10 for Sniper Hold'em)."""
        ...

    def apply(self, action: int) -> None:
        """Apply the current player's ``action``; ``ValueError`` naming it if it is not legal now."""
        ...

    def is_over(self) -> bool:
        """Whether the game is over (``current_player() == TERMINAL``)."""
        ...

    def returns(self) -> tuple[int, ...]:
        """Each seat's zero-sum utility over the finished hands of the game (chips won (+) or lost (-); a points
        game's ``point_difference`` of its points); they sum to 0."""
        ...


@runtime_checkable
class SimultaneousTableState(TableState, Protocol):
    """The table state of a simultaneous game (``GameSpec.dynamics == "simultaneous"``): a ``TableState`` that may
    stop at ``SIMULTANEOUS``, where ``legal_actions(seat)`` are each seat's actions (empty for a seat that does
    not pick) and ``apply_actions(actions)`` applies one action per picking seat together (``ValueError`` naming
    a missing, extra or illegal pick, the table unchanged). ``legal_actions()`` without a seat are the current
    player's, empty at ``SIMULTANEOUS``."""

    def legal_actions(self, seat: int | None = None) -> tuple[int, ...]:
        """The actions of ``seat`` now (``None``: the current player's), sorted."""
        ...

    def apply_actions(self, actions: Mapping[int, int]) -> None:
        """Apply every picking seat's action at once (seat → action)."""
        ...


@runtime_checkable
class HandTableState(TableState, Protocol):
    """The table state of a game of hands played one seat at a time on chips (Sniper Hold'em, no-limit Hold'em,
    five-card draw): what its drivers (``sniper.core.served.ServedGame``'s defaults, ``sniper.core.env.TableEnv``'s
    opponents, ``play_to_end`` with ``hand_over``) read between and within hands.

    ``hand``: the current hand (the game's own hand state; ``None`` before the first deal), which stands, finished,
    until the next deal; ``hand_index``: its number in the game, from 0; ``stacks``: each seat's chips between
    hands; ``ended``: why the game is over, "chips" (fewer than two players with chips) or "hands" (its length),
    ``None`` while it is not. ``hand_over()``: whether ``hand`` is finished; ``stream()``: the random stream of
    the current player's next decision of this hand (``ValueError`` when no seat is to act), which an agent
    draws any randomness from (R13).
    """

    hand: Any
    hand_index: int
    stacks: list[int]
    ended: str | None

    def hand_over(self) -> bool:
        """Whether the current hand is finished (its result stands until the next deal)."""
        ...

    def stream(self) -> Any:
        """The random stream (``sniper.core.rng.Stream``) of the current player's next decision of this hand."""
        ...

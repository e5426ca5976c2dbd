"""Whole games of Sniper Hold'em with agents (R3, R4, R9), and the pieces of the table state.

The game's flow (deal, who acts, when a hand ends, the next hand, game over) is written once, in
Sniper Hold'em's table state (``sniper.games.sniper_holdem.table.SniperTable``, from ``deal_hand``,
``leave_table``, ``next_first`` here); ``play_game`` and ``play_hand`` drive it with agents (``seat_action``,
``sniper.core.table.play_to_end``), as the server's rooms and the env drive it with people and learners. The rule
presets and the flat actions: ``sniper.games.sniper_holdem.rules``.
"""

import operator
from collections.abc import Iterator, Sequence

from kernels.sniper_holdem.codes import N_SNIPES, PASS, STREAM_AGENT
from sniper.core.errors import AgentError
from sniper.core.registry import get_game
from sniper.core.rng import Stream, derive, hand_key
from sniper.core.table import TableState, agent_where, ask_agent, hand_over, play_to_end
from sniper.games.sniper_holdem.agents import Agent
from sniper.games.sniper_holdem.cards import deal, shuffled_deck
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.rules import DEAL, Rules


def deal_hand(
    stacks: Sequence[int], at_table: Sequence[bool], first: int, seed: int, game: int, hand: int, rules: Rules
) -> HandState:
    """The hand's state after the ante and the deal (R4.1–2, R13): seats at the table with chips
    are dealt in, from the deck of stream (seed, game, hand, deck)."""
    n = len(stacks)
    in_play = tuple(at_table[s] and stacks[s] > 0 for s in range(n))
    order = [(first + i) % n for i in range(n) if in_play[(first + i) % n]]
    deck = shuffled_deck(seed, game, hand, 2 * len(order) + 4)
    private, board = deal(deck, order)
    return HandState(tuple(stacks), first, private, board, rules.tie_break, in_play)


def seat_action(table: TableState, agent: Agent, obs) -> int:
    """The flat action ``agent``, in the seat to act of ``table`` (a ``SniperTable``), chooses (R6, R7): its
    betting action or snipe for ``obs`` (``table.observe(seat)``, R10), drawing from ``table.stream()`` (R13).
    Raises ``AgentError`` naming the agent, seat, game and hand when the agent raises (a ``TimeoutError``
    included), or returns an action that is not legal or a snipe that is not ``PASS`` or a code 0..59
    (``sniper.core.table.ask_agent``)."""
    seat, game, hand = table.current_player(), table.game, table.hand_index
    where = agent_where(agent, seat, game, hand)
    if table.hand.phase != Phase.SNIPE:
        return table.action_of(ask_agent(agent, "act", obs, table.stream(), obs.legal, where))
    choice = ask_agent(agent, "snipe", obs, table.stream(), None, where)
    try:
        code = operator.index(choice)
    except TypeError:
        code = None
    if isinstance(choice, bool) or code is None or not (code == PASS or 0 <= code < N_SNIPES):
        raise AgentError(f"{where}: snipe {choice!r} is not PASS (-1) or a snipe code 0-{N_SNIPES - 1}")
    return table.action_of(code)


def decision_stream(seed: int, game: int, hand: int, seat: int, decision: int) -> Stream:
    """The random stream of seat ``seat``'s ``decision``-th decision of a hand, counting from 0 (R13)."""
    return Stream(derive(hand_key(seed, game, hand, STREAM_AGENT + seat), decision))


def new_table(seats: int, rules: Rules, seed: int, game: int, **options) -> TableState:
    """Sniper Hold'em's table state for game ``game`` of run ``seed`` (``GameSpec.new_table`` of "sniper":
    ``sniper.games.sniper_holdem.table.SniperTable``, looked up in the registry, the layer above this one)."""
    return get_game("sniper").new_table(seats, rules, seed, game, **options)


def play_next_hand(table: TableState, agents: Sequence[Agent]) -> HandState:
    """Deal ``table``'s next hand, let ``agents`` (one per seat) play it to the end (``seat_action``, driven by
    ``sniper.core.table.play_to_end``) and return the finished ``HandState``. ``AgentError`` when an agent fails."""
    table.apply(DEAL)
    play_to_end(table, lambda seat, obs, legal: seat_action(table, agents[seat], obs), hand_over)
    return table.hand


def play_hand(
    agents: Sequence[Agent],
    stacks: Sequence[int],
    at_table: Sequence[bool],
    first: int,
    seed: int,
    game: int,
    hand: int,
    rules: Rules,
) -> HandState:
    """Play one hand to the end and return its finished ``HandState`` (R4–R8, R13).

    Seats at the table with chips are dealt in (``deal_hand``); agent ``s``'s ``d``-th decision of
    the hand draws from ``derive(hand_key(seed, game, hand, STREAM_AGENT + s), d)``. Raises
    ``AgentError`` when an agent fails (``decide``).
    """
    table = new_table(len(agents), rules, seed, game, stacks=stacks, at_table=at_table, first=first, hand=hand)
    return play_next_hand(table, agents)


def next_first(first: int, eligible: Sequence[bool]) -> int:
    """The next seat clockwise after ``first`` that can still play (R3); ``first`` if none."""
    n = len(eligible)
    for step in range(1, n + 1):
        seat = (first + step) % n
        if eligible[seat]:
            return seat
    return first


def leave_table(stacks: Sequence[int], at_table: Sequence[bool], rules: Rules) -> list[bool]:
    """Who is still at the table after a hand (R2, R12): a player with 0 chips is out, and under
    ``rules.exit_at`` one with that many chips or more leaves safe. ``stacks`` in chips."""
    exit_at = rules.exit_at
    return [at_table[s] and stacks[s] > 0 and (exit_at is None or stacks[s] < exit_at) for s in range(len(stacks))]


def play_game(agents: Sequence[Agent], seed: int, game: int, rules: Rules) -> Iterator[HandState]:
    """Play game ``game`` from fresh stacks and yield each finished hand (R3, R9, R12).

    The game ends after ``rules.hands_per_game`` hands, or when fewer than two players are left
    at the table with chips. A player with 0 chips is out; under ``exit_at`` a player ending a
    hand with that many chips or more leaves the table safe, keeping the chips. The game's flow
    is the table state's (``new_table``); this only asks the agents.
    """
    table = new_table(len(agents), rules, seed, game)
    while not table.is_over():
        yield play_next_hand(table, agents)

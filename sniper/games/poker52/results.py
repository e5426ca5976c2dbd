"""The run-table rows the 52-card betting games (no-limit Hold'em, five-card draw) write alike, from their hand
records (each game's ``play.HandRecord``): a hands-table row per seat per hand, an actions-table row per seat
action. Each game's ``results`` module declares its columns (``COLUMNS``, ``ACTION_COLUMNS``) and gives the
columns of its own cards; nothing here imports PokerKit (the registry imports the games' ``results``).
"""

from collections.abc import Callable, Iterable, Mapping, Sequence

__all__ = ["action_rows", "hand_rows"]


def hand_rows(
    records: Iterable, game: int, agents: Sequence[str], columns: Mapping, cards: Callable[[object, int], dict]
) -> dict[str, list]:
    """The hands-table columns ``columns`` of game ``game``'s ``records`` (in order), ``agents[s]`` seated at seat
    ``s``: one row per seat per hand. ``cards(record, seat)``: the game's card columns of the seat's row (its
    private cards, the board, the draw), placed after ``stack_before``."""
    rows: dict[str, list] = {name: [] for name in columns}
    for record in records:
        for seat, agent in enumerate(agents):
            values = {
                "game": game,
                "hand": record.hand,
                "seat": seat,
                "agent": agent,
                "button": record.button,
                "dealt_in": bool(record.holes[seat]),
                "stack_before": record.stacks_before[seat],
                **cards(record, seat),
                "showdown": record.showdown,
                "net": record.winnings[seat],
                "stack_after": record.stacks[seat],
            }
            for name, value in values.items():
                rows[name].append(value)
    return rows


def action_rows(
    records: Iterable, game: int, columns: Mapping, extra: Callable[[object], tuple] = lambda act: ()
) -> dict[str, list]:
    """The actions-table columns ``columns`` of game ``game``'s ``records``, in the order played: game, hand,
    sequence number, seat, street, action, the game's ``extra(act)`` columns (draw's ``draws``), amount, the bet
    after it and the pot after it."""
    rows: dict[str, list] = {name: [] for name in columns}
    for record in records:
        for seq, act in enumerate(record.actions):
            values = (game, record.hand, seq, act.seat, act.street, act.action, *extra(act))
            values += (act.amount, act.to, act.pot_after)
            for name, value in zip(columns, values, strict=True):
                rows[name].append(value)
    return rows

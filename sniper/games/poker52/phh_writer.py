"""PHH files written: the one PHH writer of the 52-card games, parameterised by the game's variant
(``sniper.games.holdem.phh``, ``sniper.games.draw.phh``); the reading is ``sniper.games.poker52.phh_files``.

``PhhWriter`` writes a hand's header, actions (replayed on PokerKit's state as they are written), ``rows_phh``,
``game_phhs`` and ``run_phhs``; ``write_phhs`` writes a ``.phhs`` text (``sniper.core.toml.phhs_text``) to a
temporary file, then renames it (nothing is overwritten).

>>> cards_text([0, 51])
'2cAs'
"""

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pokerkit import parse_action

from sniper.core.toml import phhs_text, toml_value
from sniper.games.poker52.cards import text
from sniper.games.poker52.hand import dealing_order
from sniper.games.poker52.phh_files import PhhError, one_line

__all__ = ["PhhWriter", "cards_text", "write_phhs"]


def write_phhs(path, text: str) -> None:
    """Write a ``.phh``/``.phhs`` text to ``path``: to a temporary file beside it, then renamed (never
    half-written). Raises ``PhhError`` when ``path`` exists (nothing is overwritten)."""
    path = Path(path)
    if path.exists():
        raise PhhError(f"{path} already exists; give a new file (nothing is overwritten)")
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def cards_text(cards: Iterable[int]) -> str:
    """PHH's text of ``cards`` (``sniper.games.poker52.cards`` numbers), the names run together: ``"AsKd"``."""
    return "".join(text(c) for c in cards)


@dataclass(frozen=True)
class PhhWriter:
    """The PHH writer of a 52-card game, parameterised by its variant: one finished hand (the game's
    ``play.HandRecord``) as the PHH text of the variant ``code``, replayed on PokerKit's state as it is written.

    ``code``: the variant ("NT", "F5CD"); ``history``: the PokerKit ``HandHistory`` class that knows it (its
    ``create_state``); ``betting(n)``: the fields between ``variant`` and ``starting_stacks`` of a hand of ``n``
    players (``ante_trimming_status``, ``antes``, ``blinds_or_straddles``, the bets), in PHH's order;
    ``deal(state, record, order)``: the dealer's action PokerKit's ``state`` waits for, if it is the game's own
    (Hold'em's board ``d db …``, draw's replacements ``d dh pK …``), else ``None``; ``shown(record, seat)``: the
    cards ``seat`` shows at the showdown; ``fold``, ``check_call``: the game's action numbers of those two (any
    other betting action is ``cbr`` to ``a.to``); ``draw_street``: the street of the draw (``pK sd …``, the cards
    discarded: ``record.discards[seat]``), ``None`` for a game without; ``prepare(state)``: called before each
    action is applied (draw's ``engine.open_betting``); ``hand_record(hands, actions)``: a hand's record from
    its rows of a run's tables (the game's ``results.hand_record``).

    The players ``p1 … pK`` are the seats dealt in, in the dealing order (``poker52.hand.dealing_order``,
    PokerKit's player order); every player's private cards are written first (``d dh pK …``, a simulation log),
    PHH writes no burn card (its reader burns an unknown one, as here), and ``pK sm …`` comes for each player
    PokerKit asks at the showdown.
    """

    code: str
    history: type
    betting: Callable[[int], dict]
    deal: Callable[..., str | None]
    shown: Callable[[object, int], Sequence[int]]
    fold: int
    check_call: int
    hand_record: Callable[[Mapping, Mapping], object]
    draw_street: int | None = None
    prepare: Callable[[object], None] = lambda state: None

    def hand_phh(
        self, record, game: int | None = None, seed: int | None = None, players: Sequence[str] | None = None
    ) -> str:
        """The PHH text (TOML, the variant ``code``) of one finished hand (``record``, the game's ``play.HandRecord``).

        ``game``: written as ``table`` (the game's number in its run) when given; ``seed``: the run's seed,
        written as the user-defined ``_seed`` (a decimal string: seeds reach 2^64-1, TOML integers stop at
        2^63-1); ``players``: a name per seat (``len == seats``), written for the players dealt in. Also
        written: ``seats`` (1-based seat numbers), ``seat_count``, ``hand`` (``record.hand``) and
        ``finishing_stacks`` (our final stacks, chips). Raises ``ValueError`` when the record is not a hand
        PokerKit can replay (an action out of turn or illegal, a board too short, replacements missing), or for a
        name TOML cannot hold.
        """
        order = dealing_order(record.stacks_before, record.button)
        if players is not None and len(players) != len(record.stacks_before):
            raise ValueError(f"one name per seat: {len(record.stacks_before)} seats, {len(players)} names")
        header = {"variant": self.code, **self.betting(len(order))}
        header["starting_stacks"] = [record.stacks_before[s] for s in order]
        actions = self._actions(record, order, self.history(**header, actions=[]).create_state())
        fields = header | {
            "actions": actions,
            "players": None if players is None else [players[s] for s in order],
            "seats": [s + 1 for s in order],
            "seat_count": len(record.stacks_before),
            "hand": record.hand,
            "table": game,
            "finishing_stacks": [record.stacks[s] for s in order],
            "_seed": None if seed is None else str(seed),
        }
        return "".join(f"{key} = {toml_value(v)}\n" for key, v in fields.items() if v is not None)

    def _actions(self, record, order: Sequence[int], state) -> list[str]:
        """The hand's PHH actions, each applied to PokerKit's ``state`` as it is written (PokerKit's own
        ``parse_action``), so that boards, replacements and showdowns come where its reader waits for them."""
        index = {seat: k for k, seat in enumerate(order)}
        actions: list[str] = []

        def emit(action: str) -> None:
            try:
                self.prepare(state)
                parse_action(state, action)
            except ValueError as error:
                raise ValueError(f"hand {record.hand}: PokerKit refuses {action!r}: {one_line(error)}") from None
            actions.append(action)

        def deal_and_show() -> None:  # what the state waits for before the next seat acts or draws, or to end
            while state.status and state.actor_index is None and state.stand_patter_or_discarder_index is None:
                if state.can_burn_card():
                    state.burn_card("??")
                elif (dealt := self.deal(state, record, order)) is not None:
                    emit(dealt)
                elif state.can_show_or_muck_hole_cards():
                    k = state.showdown_index
                    emit(f"p{k + 1} sm {cards_text(self.shown(record, order[k]))}")
                else:
                    raise ValueError(f"hand {record.hand}: PokerKit waits for an operation PHH cannot write")

        for k, seat in enumerate(order):
            emit(f"d dh p{k + 1} {cards_text(record.holes[seat])}")
        for a in record.actions:
            deal_and_show()
            drawing = a.street == self.draw_street
            turn = state.stand_patter_or_discarder_index if drawing else state.actor_index
            if a.seat not in index or turn != index[a.seat]:
                raise ValueError(f"hand {record.hand}: seat {a.seat} acts out of PokerKit's turn")
            p = f"p{index[a.seat] + 1}"
            if drawing:
                emit(f"{p} sd {cards_text(record.discards[a.seat])}".rstrip())
            else:
                emit(
                    f"{p} f"
                    if a.action == self.fold
                    else f"{p} cc"
                    if a.action == self.check_call
                    else f"{p} cbr {a.to}"
                )
        deal_and_show()
        if state.status:
            raise ValueError(f"hand {record.hand}: the record ends before the hand is over")
        return actions

    def rows_phh(self, hands, actions, seed: int | None = None) -> str:
        """The PHH text of one hand of a run from its rows of the hands and actions tables (dicts of columns; the
        game's ``GameSpec.history``: ``sniper replay DIR --game G --hand H --format phh``); players named by their
        agent specs."""
        record = self.hand_record(hands, actions)
        agents = [str(a) for _, a in sorted(zip(hands["seat"], hands["agent"], strict=True))]
        return self.hand_phh(record, int(hands["game"][0]) if len(hands["game"]) else None, seed, agents)

    def game_phhs(
        self, records: Iterable, game: int | None = None, seed: int | None = None, players: Sequence[str] | None = None
    ) -> str:
        """One game's hands (``play.play_game``'s records, in order) as a ``.phhs`` text (``hand_phh``)."""
        return phhs_text(self.hand_phh(r, game, seed, players) for r in records)

    def run_phhs(
        self, games: Iterable[tuple[int, Iterable]], seed: int | None = None, players: Sequence[str] | None = None
    ) -> str:
        """A run's hands as one ``.phhs`` text: ``games`` yields ``(game number, its records)`` in game order;
        every hand is written with its game as ``table`` (``hand_phh``)."""
        return phhs_text(self.hand_phh(r, game, seed, players) for game, records in games for r in records)

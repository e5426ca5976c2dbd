"""No-limit Hold'em hands in PHH, both ways: our hands written as standard PHH, real hand histories read in.

PHH (the poker hand history format of PokerKit, https://github.com/uoftcprg/phh-std) is TOML: one hand
per ``.phh`` file, or many hands as the tables ``[1]``, ``[2]``, … of a ``.phhs`` file. The choices are
listed in docs/holdem.md ("PHH, both ways").

**Writing** (``hand_phh``, ``game_phhs``, ``run_phhs``, ``write_phhs``): a ``HandRecord`` (``play.play_game``)
becomes a standard hand of variant ``"NT"``. The players ``p1 … pK`` are the seats dealt in, in the
engine's dealing order (``engine.dealing_order``: the first seat left of the button first, the button
last), which is PokerKit's player order, so ``blinds_or_straddles`` is ``[1, 2, 0, …]`` (PokerKit
reverses it heads-up, as the engine does). The actions are ``d dh pK AsKd`` (every private card,
a simulation log), ``pK f``, ``pK cc``, ``pK cbr T`` (``T`` the to-amount), ``d db 7h8h9c`` and
``pK sm AsKd`` for every player at the showdown. The hand is replayed on a PokerKit state as it is
written, so the board and the showdown come exactly where PokerKit's reader expects them (after an
all-in, the showdown before the run-out). PokerKit's reader replays every written hand to our final
stacks, except where PokerKit's pots differ from GAMES.md's (H7, H9): it gives a split pot's whole
remainder to the first winner where GAMES.md gives one chip each (and it merges side pots once the
losers are out, ``sniper.games.poker52.hand``); ``finishing_stacks`` holds our stacks (tested).

**Reading** (``import_hands``, ``read_phh``): the hands of a ``.phh`` or ``.phhs`` file as in PokerKit's
phh-dataset (hidden private cards ``????``, decimal amounts, antes, straddles) are each replayed by
PokerKit (``pokerkit.HandHistory`` → states) into rows of the Hold'em hands and actions tables
(``sniper.games.holdem.results``: ``results.COLUMNS``, ``results.ACTION_COLUMNS``). A file's
decimal amounts are scaled to whole chips by the smallest power of ten that makes every amount of
the file whole (``scale``, at most ``10**MAX_DECIMALS``). A hand's ``finishing_stacks``, when the
file gives them, must be PokerKit's or GAMES.md's (``sniper.games.poker52.hand.share_pots``, as this
module writes them). A hand that cannot be replayed is skipped with one line naming the file, the
hand and the reason. The file is read as data only (``tomllib``; nothing in it is evaluated or
imported), at most ``MAX_FILE_BYTES`` bytes and ``MAX_HANDS`` hands.

>>> from sniper.games.holdem.agents import RandomAgent
>>> from sniper.games.holdem.play import play_game
>>> record = play_game(3, seed=1, game=0, agents=[RandomAgent()] * 3, length="50")[0]
>>> print(hand_phh(record).split("actions")[0], end="")
variant = "NT"
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
"""

from collections.abc import Sequence
from dataclasses import dataclass

from pokerkit import (
    BoardDealing,
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Folding,
    HandHistory,
    HoleCardsShowingOrMucking,
    HoleDealing,
)

from sniper.core.tables import Imported
from sniper.core.toml import phhs_text as phhs_text
from sniper.games.holdem import results
from sniper.games.holdem.engine import BOARD_SIZES, CHECK_CALL, FOLD, HOLE_CARDS, bet_action
from sniper.games.holdem.play import HandRecord
from sniper.games.holdem.results import NO_CARD
from sniper.games.holdem.rules import ANTE, BIG_BLIND, SEATS, SMALL_BLIND
from sniper.games.poker52 import phh_files
from sniper.games.poker52.cards import card, value
from sniper.games.poker52.phh_files import MAX_DECIMALS as MAX_DECIMALS
from sniper.games.poker52.phh_files import MAX_FILE_BYTES, MAX_HANDS, ImportedFile, SkipHand, seat_labels
from sniper.games.poker52.phh_files import PhhError as PhhError
from sniper.games.poker52.phh_writer import PhhWriter, cards_text
from sniper.games.poker52.phh_writer import write_phhs as write_phhs

__all__ = [*phh_files.PHH_MODULE_NAMES, "MAX_FILE_BYTES", "VARIANT", "seat_labels"]

VARIANT = "NT"
"""PHH's variant code of no-limit Texas Hold'em, the only one written or read."""
_REQUIRED = ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
_AMOUNTS = ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "finishing_stacks")
"""The amount fields of an NT hand (``sniper.games.poker52.phh_files.file_scale``)."""


# ----- writing ------------------------------------------------------------------------------------


def _betting(n: int) -> dict:
    """The NT fields of a hand of ``n`` players between ``variant`` and ``starting_stacks`` (H1: blinds 1 and 2)."""
    return {
        "ante_trimming_status": False,
        "antes": [ANTE] * n,
        "blinds_or_straddles": [SMALL_BLIND, BIG_BLIND] + [0] * (n - 2),
        "min_bet": BIG_BLIND,
    }


def _deal_board(state, record: HandRecord, order: Sequence[int]) -> str | None:
    """The board cards PokerKit's ``state`` waits for, ``d db …`` (``None`` when it waits for none);
    ``ValueError`` when the record's board lacks them."""
    if not state.can_deal_board():
        return None
    dealt = len(state.board_cards)
    size = next(b for b in BOARD_SIZES if b > dealt)
    if len(record.board) < size:
        raise ValueError(f"hand {record.hand}: the board {cards_text(record.board)} lacks cards PokerKit deals")
    return f"d db {cards_text(record.board[dealt:size])}"


WRITER = PhhWriter(
    VARIANT,
    HandHistory,
    _betting,
    _deal_board,
    lambda record, seat: record.holes[seat],
    FOLD,
    CHECK_CALL,
    results.hand_record,
)
"""The PHH writer of no-limit Hold'em (``sniper.games.poker52.phh_writer.PhhWriter``: variant ``"NT"``, the board dealt
as PokerKit waits for it, the private cards shown at the showdown)."""
hand_phh = WRITER.hand_phh
rows_phh = WRITER.rows_phh
game_phhs = WRITER.game_phhs
run_phhs = WRITER.run_phhs


# ----- reading: the tables ------------------------------------------------------------------------


def import_hands(path, game: int = 0, limit: int = MAX_HANDS) -> ImportedFile:
    """Read the hands of the ``.phh`` or ``.phhs`` file ``path`` into table rows (module docstring), with
    ``game`` in their ``game`` column and each hand's place in the file (from 0) in ``hand``
    (``sniper.games.poker52.phh_files.import_file``).

    Each hand must be variant ``"NT"`` with 2–9 players (H1); it is replayed by PokerKit (its
    ``HandHistory`` states, with PokerKit's rules: the odd chips of a split pot all to the first
    winner, no rake) from its amounts scaled to whole chips. A hand that is not NT, has a bad field,
    an amount finer than ``MAX_DECIMALS`` decimals or an unknown (``inf``) stack, cannot be replayed,
    stops before its end, deals more than one board, or has ``finishing_stacks`` that are neither
    PokerKit's final stacks nor GAMES.md's (``_settled``) is skipped with one line "PATH: hand KEY:
    reason" (``KEY`` the ``.phhs`` table's name, ``1`` for a ``.phh``). Raises ``PhhError`` (one line)
    for a file that is not a readable ``.phh``/``.phhs`` UTF-8 TOML file of at most ``MAX_FILE_BYTES``
    bytes, or holds more than ``limit`` hands.
    """
    return phh_files.import_file(path, game, limit, _import_hand, _AMOUNTS, results.COLUMNS, results.ACTION_COLUMNS)


def _import_hand(entry, scale: int) -> tuple[list[tuple], list[tuple]]:
    """One hand table → its seat rows (``results.COLUMNS`` but game and hand) and action rows
    (``results.ACTION_COLUMNS`` but game, hand and seq); ``SkipHand`` naming why it cannot be imported."""
    hand = phh_files.hand_fields(entry, scale, VARIANT, "no-limit Texas Hold'em", _REQUIRED, SEATS, "H1")
    min_bet = phh_files.chips(entry["min_bet"], scale, "min_bet")
    if min_bet <= 0:
        raise SkipHand("min_bet must be positive")
    fields = {"antes": hand.antes, "blinds_or_straddles": hand.blinds, "min_bet": min_bet}

    def replay() -> _Replay:  # the HandHistory inside the guard too: PokerKit may refuse the fields
        history = HandHistory(
            variant=VARIANT,
            ante_trimming_status=hand.trimming,
            starting_stacks=hand.stacks,
            actions=hand.actions,
            **fields,
        )
        return _replay(history, hand.n)

    replayed = phh_files.pokerkit_replay(replay)
    final = _settled(replayed, hand.stacks, hand.finishing)
    rows = _rows(replayed, hand.stacks, final, hand.seat_of, hand.table_size, hand.names)
    seat_of = hand.seat_of
    return rows, [
        (seat_of[k], street, action, amount, to, pot) for k, street, action, amount, to, pot in replayed.actions
    ]


@dataclass
class _Replay:
    """What PokerKit's replay of a hand gives, by PokerKit player index (chips)."""

    holes: list[list[int]]
    board: list[int]
    live: list[bool]  # not folded
    pushed: list[int]  # chips PokerKit pushed from the pots
    final: list[int]
    actions: list[tuple[int, int, int, int, int, int]]  # player, street, action, amount, to, pot after


def _card(c) -> int:
    return NO_CARD if c.unknown_status else card(repr(c))


def _replay(history: HandHistory, n: int) -> _Replay:
    """Replay ``history`` through PokerKit's ``state_actions`` (its reader), reading every operation;
    the state before each step gives the street, the bets and the pot an action starts from."""
    out = _Replay([[NO_CARD] * HOLE_CARDS for _ in range(n)], [], [True] * n, [0] * n, [], [])
    seen = 0
    street, bets, pot = None, [0] * n, 0
    for state, _ in history.state_actions:
        for op in state.operations[seen:]:
            if isinstance(op, HoleDealing):
                out.holes[op.player_index] = [_card(c) for c in op.cards]
            elif isinstance(op, HoleCardsShowingOrMucking) and any(not c.unknown_status for c in op.hole_cards):
                out.holes[op.player_index] = [_card(c) for c in op.hole_cards]
            elif isinstance(op, BoardDealing):
                out.board += [_card(c) for c in op.cards]
            elif isinstance(op, ChipsPushing):
                out.pushed = [p + a for p, a in zip(out.pushed, op.amounts)]
            elif isinstance(op, Folding | CheckingOrCalling | CompletionBettingOrRaisingTo):
                i = op.player_index
                action, amount = phh_files.replayed_bet(op, i, bets, out.live, bet_action)
                pot += amount
                out.actions.append((i, street, action, amount, bets[i], pot))
        seen = len(state.operations)
        street, bets, pot = state.street_index, list(state.bets), state.total_pot_amount
    if state.status:
        raise SkipHand("the actions stop before the hand is over")
    if len(out.board) > BOARD_SIZES[-1] or NO_CARD in out.board:
        raise SkipHand("more than one board, or a hidden board card: not a hand of one run-out")
    out.final = list(state.stacks)
    return out


def _settled(replay: _Replay, stacks: list[int], finishing: list[int] | None) -> list[int]:
    """The final stacks (``sniper.games.poker52.phh_files.settled``): PokerKit's, or the file's when they are GAMES.md's
    (computable when every player still in shows a full board's hand)."""
    shown = all(NO_CARD not in h for h, alive in zip(replay.holes, replay.live) if alive)
    strengths = None
    if shown and len(replay.board) == BOARD_SIZES[-1]:
        strengths = [value(h + replay.board) if alive else 0 for h, alive in zip(replay.holes, replay.live)]
    return phh_files.settled(stacks, replay.final, replay.pushed, replay.live, strengths, finishing)


def _rows(replay: _Replay, stacks: list[int], final: list[int], seat_of: list[int], table_size: int, names) -> list:
    """The hands-table rows of one replayed hand, seat by seat (``results.COLUMNS`` but game and hand)."""
    board = replay.board + [NO_CARD] * (BOARD_SIZES[-1] - len(replay.board))
    showdown = sum(replay.live) > 1
    button = seat_of[-1]  # the last player of PHH order
    player_of = {seat: k for k, seat in enumerate(seat_of)}
    rows = []
    for seat in range(table_size):
        k = player_of.get(seat)
        if k is None:
            rows.append((seat, "", button, False, 0, NO_CARD, NO_CARD, *board, showdown, 0, 0))
        else:
            name = "" if names is None else names[k]
            hole = replay.holes[k]
            rows.append((seat, name, button, True, stacks[k], *hole, *board, showdown, final[k] - stacks[k], final[k]))
    return rows


# ----- reading: the hands of a new run directory ----------------------------------------------------


def read_phh(paths: Sequence) -> Imported:
    """The hands of the PHH files ``paths`` (``import_hands``; file ``g`` of ``paths`` is game ``g``) for a new
    run directory: Hold'em's ``GameSpec.importer`` (``sniper import``, ``sniper.runs.store.import_run``, which
    writes them; ``sniper.games.poker52.phh_files.read_files``). ``Imported``: the hands and actions tables
    (``results.SCHEMA``, ``results.ACTION_SCHEMA``) and the hands of each file, a label per seat
    (``phh_files.seat_labels``), the files read (``details["format"]`` "phh", ``details["files"]``: each
    file's game, path, hands, skipped count and scale; ``details["skipped"]``) and the skipped lines.

    Raises ``PhhError`` (one line) when no path is given, for a file ``import_hands`` refuses, for more than
    ``MAX_HANDS`` hands in all, and when no hand at all could be imported (naming the first skipped line).
    """
    return phh_files.read_files(paths, import_hands)

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
losers are out, ``sniper.games.pokerkit_hand``); ``finishing_stacks`` holds our stacks (tested).

**Reading** (``import_hands``, ``read_phh``): the hands of a ``.phh`` or ``.phhs`` file as in PokerKit's
phh-dataset (hidden private cards ``????``, decimal amounts, antes, straddles) are each replayed by
PokerKit (``pokerkit.HandHistory`` → states) into rows of the Hold'em hands and actions tables
(``sniper.games.holdem.results``: ``results.COLUMNS``, ``results.ACTION_COLUMNS``). A file's
decimal amounts are scaled to whole chips by the smallest power of ten that makes every amount of
the file whole (``scale``, at most ``10**MAX_DECIMALS``). A hand's ``finishing_stacks``, when the
file gives them, must be PokerKit's or GAMES.md's (``sniper.games.pokerkit_hand.share_pots``, as this
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

import os
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

import pyarrow as pa
import tomllib
from pokerkit import (
    BoardDealing,
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Folding,
    HandHistory,
    HoleCardsShowingOrMucking,
    HoleDealing,
    parse_action,
)

from sniper.core.tables import Chunk, Imported, to_table
from sniper.core.toml import phhs_text, toml_value
from sniper.games.holdem import results
from sniper.games.holdem.engine import BOARD_SIZES, CHECK_CALL, FOLD, HOLE_CARDS, dealing_order
from sniper.games.holdem.play import HandRecord
from sniper.games.holdem.results import NO_CARD
from sniper.games.holdem.rules import ANTE, BIG_BLIND, SEATS, SMALL_BLIND
from sniper.games.poker52 import card, text, value
from sniper.games.pokerkit_hand import share_pots

VARIANT = "NT"
"""PHH's variant code of no-limit Texas Hold'em, the only one written or read."""
SUFFIXES = (".phh", ".phhs")
"""A file of one hand, a file of many hands (TOML tables ``[1]``, ``[2]``, …)."""
MAX_FILE_BYTES = 256 * 2**20
"""The largest file ``import_hands`` reads (256 MiB)."""
MAX_HANDS = 200_000
"""The most hands one import reads (all its files together)."""
MAX_DECIMALS = 6
"""The most decimal places of an amount (a chip is then 10^-6 of the file's unit)."""
MAX_AMOUNT = 2**53
"""The largest amount in chips after scaling (chip columns are int64; PokerKit's arithmetic stays exact)."""
MAX_REASON = 300
"""The longest reason of a skipped hand's line (characters); it is one line, whatever the file holds."""
_REQUIRED = ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")


class PhhError(ValueError):
    """A file or an output directory that cannot be used at all (one line, naming it)."""


# ----- writing ------------------------------------------------------------------------------------


def hand_phh(
    record: HandRecord, game: int | None = None, seed: int | None = None, players: Sequence[str] | None = None
) -> str:
    """The standard PHH text (TOML, variant ``"NT"``) of one finished hand (module docstring).

    ``game``: written as ``table`` (the game's number in its run) when given; ``seed``: the run's seed,
    written as the user-defined ``_seed`` (a decimal string: seeds reach 2^64-1, TOML integers stop at
    2^63-1); ``players``: a name per seat (``len == seats``), written for the players dealt in. Also
    written: ``seats`` (1-based seat numbers), ``seat_count``, ``hand`` (``record.hand``) and
    ``finishing_stacks`` (our final stacks, chips). Raises ``ValueError`` when the record is not a
    hand PokerKit can replay (an action out of turn or illegal, a board too short), or for a name
    TOML cannot hold.
    """
    order = dealing_order(record.stacks_before, record.button)
    n = len(order)
    if players is not None and len(players) != len(record.stacks_before):
        raise ValueError(f"one name per seat: {len(record.stacks_before)} seats, {len(players)} names")
    header = {
        "variant": VARIANT,
        "ante_trimming_status": False,
        "antes": [ANTE] * n,
        "blinds_or_straddles": [SMALL_BLIND, BIG_BLIND] + [0] * (n - 2),
        "min_bet": BIG_BLIND,
        "starting_stacks": [record.stacks_before[s] for s in order],
    }
    actions = _phh_actions(record, order, HandHistory(**header, actions=[]).create_state())
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


def _phh_actions(record: HandRecord, order: Sequence[int], state) -> list[str]:
    """The hand's PHH actions, each applied to PokerKit's ``state`` as it is written (PokerKit's own
    ``parse_action``), so that boards and showdowns come where its reader waits for them."""
    index = {seat: k for k, seat in enumerate(order)}
    actions: list[str] = []

    def emit(action: str) -> None:
        try:
            parse_action(state, action)
        except ValueError as error:
            raise ValueError(f"hand {record.hand}: PokerKit refuses {action!r}: {_one_line(error)}") from None
        actions.append(action)

    def deal_and_show() -> None:  # what the state waits for before the next seat acts, or to end
        while state.status and state.actor_index is None:
            if state.can_burn_card():  # PHH writes no burn card: its reader burns an unknown one, as here
                state.burn_card("??")
            elif state.can_deal_board():
                dealt = len(state.board_cards)
                size = next(b for b in BOARD_SIZES if b > dealt)
                if len(record.board) < size:
                    raise ValueError(f"hand {record.hand}: the board {_cards(record.board)} lacks cards PokerKit deals")
                emit(f"d db {_cards(record.board[dealt:size])}")
            elif state.can_show_or_muck_hole_cards():
                k = state.showdown_index
                emit(f"p{k + 1} sm {_cards(record.holes[order[k]])}")
            else:
                raise ValueError(f"hand {record.hand}: PokerKit waits for an operation PHH cannot write")

    for k, seat in enumerate(order):
        emit(f"d dh p{k + 1} {_cards(record.holes[seat])}")
    for a in record.actions:
        deal_and_show()
        if a.seat not in index or state.actor_index != index[a.seat]:
            raise ValueError(f"hand {record.hand}: seat {a.seat} acts out of PokerKit's turn")
        p = f"p{index[a.seat] + 1}"
        emit(f"{p} f" if a.action == FOLD else f"{p} cc" if a.action == CHECK_CALL else f"{p} cbr {a.to}")
    deal_and_show()
    if state.status:
        raise ValueError(f"hand {record.hand}: the record ends before the hand is over")
    return actions


def rows_phh(hands, actions, seed: int | None = None) -> str:
    """The PHH text of one hand of a run from its rows of the hands and actions tables (``GameSpec.history``
    of "holdem": ``sniper replay DIR --game G --hand H --format phh``); players named by their agent specs."""
    record = results.hand_record(hands, actions)
    agents = [str(a) for _, a in sorted(zip(hands["seat"], hands["agent"], strict=True))]
    return hand_phh(record, int(hands["game"][0]) if len(hands["game"]) else None, seed, agents)


def game_phhs(
    records: Iterable[HandRecord],
    game: int | None = None,
    seed: int | None = None,
    players: Sequence[str] | None = None,
) -> str:
    """One game's hands (``play.play_game``'s records, in order) as a ``.phhs`` text (``hand_phh``)."""
    return phhs_text(hand_phh(r, game, seed, players) for r in records)


def run_phhs(
    games: Iterable[tuple[int, Iterable[HandRecord]]], seed: int | None = None, players: Sequence[str] | None = None
) -> str:
    """A run's hands as one ``.phhs`` text: ``games`` yields ``(game number, its records)`` in game
    order; every hand is written with its game as ``table`` (``hand_phh``)."""
    return phhs_text(hand_phh(r, game, seed, players) for game, records in games for r in records)


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


def _cards(cs: Iterable[int]) -> str:
    return "".join(text(c) for c in cs)


# ----- reading: the tables ------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportedFile:
    """The hands of one PHH file (``import_hands``): ``hands`` and ``actions`` are pyarrow tables of
    ``results.SCHEMA`` and ``results.ACTION_SCHEMA``; ``count`` the hands imported; ``read`` the hands in the file;
    ``scale`` chips per unit of the file's amounts; ``skipped`` one line per hand not imported."""

    path: str
    game: int
    hands: pa.Table
    actions: pa.Table
    count: int
    read: int
    scale: int
    skipped: tuple[str, ...]


class _Skip(Exception):
    """A hand that is not imported, and why (one line)."""


def import_hands(path, game: int = 0, limit: int = MAX_HANDS) -> ImportedFile:
    """Read the hands of the ``.phh`` or ``.phhs`` file ``path`` into table rows (module docstring), with
    ``game`` in their ``game`` column and each hand's place in the file (from 0) in ``hand``.

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
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise PhhError(f"{path}: a hand history file ends in .phh or .phhs")
    if not path.is_file():
        raise PhhError(f"{path} is not a file")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise PhhError(f"{path}: cannot read it ({error.strerror or error})") from None
    if len(data) > MAX_FILE_BYTES:
        raise PhhError(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MiB")
    try:
        doc = tomllib.loads(data.decode("utf-8"), parse_float=Decimal)
    except UnicodeDecodeError as error:
        raise PhhError(f"{path} is not UTF-8 text (byte {error.start})") from None
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"{path} is not a TOML file ({error})") from None
    entries = [("1", doc)] if suffix == ".phh" else list(doc.items())
    if len(entries) > limit:
        raise PhhError(
            f"{path} holds {len(entries)} hands; the import can read {limit} more (at most {MAX_HANDS} in all)"
        )
    scale = _file_scale(entries)
    hand_rows: dict[str, list] = {name: [] for name in results.COLUMNS}
    action_rows: dict[str, list] = {name: [] for name in results.ACTION_COLUMNS}
    skipped = []
    for number, (key, entry) in enumerate(entries):
        try:
            seats, actions = _import_hand(entry, scale)
        except _Skip as reason:
            shown = key if key.isalnum() else repr(key)
            skipped.append(f"{path}: hand {shown}: {_one_line(reason)[:MAX_REASON]}")
            continue
        for row in seats:
            for name, v in zip(results.COLUMNS, (game, number, *row), strict=True):
                hand_rows[name].append(v)
        for seq, row in enumerate(actions):
            for name, v in zip(results.ACTION_COLUMNS, (game, number, seq, *row), strict=True):
                action_rows[name].append(v)
    return ImportedFile(
        str(path),
        game,
        to_table(hand_rows, results.COLUMNS),
        to_table(action_rows, results.ACTION_COLUMNS),
        len(entries) - len(skipped),
        len(entries),
        scale,
        tuple(skipped),
    )


def _file_scale(entries: Sequence[tuple[str, object]]) -> int:
    """The smallest ``10**k`` (``k <= MAX_DECIMALS``) that makes every amount of the file's hands whole
    (amounts with more decimals are left for their hand to refuse)."""
    places = 0
    for _, entry in entries:
        if not isinstance(entry, dict):
            continue
        for amount in _amounts(entry):
            if isinstance(amount, Decimal) and amount.is_finite():
                exponent = amount.normalize().as_tuple().exponent
                if -MAX_DECIMALS <= exponent < 0:
                    places = max(places, -exponent)
    return 10**places


def _amounts(entry: dict) -> Iterable:
    """Every amount a hand table holds: antes, blinds or straddles, min bet, stacks, bet-to amounts."""
    for name in ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "finishing_stacks"):
        field = entry.get(name)
        yield from field if isinstance(field, list) else [field]
    actions = entry.get("actions")
    for action in actions if isinstance(actions, list) else []:
        words = action.split("#", 1)[0].split() if isinstance(action, str) else []
        if len(words) == 3 and words[1] == "cbr":
            try:
                yield Decimal(words[2].replace(",", ""))
            except InvalidOperation:
                pass


def _chips(v, scale: int, what: str) -> int:
    """``v`` (an int or a TOML float read as ``Decimal``) times ``scale`` as whole chips; ``_Skip`` otherwise."""
    if isinstance(v, bool) or not isinstance(v, int | Decimal):
        raise _Skip(f"{what} must be a number, got {v!r}")
    if isinstance(v, Decimal) and not v.is_finite():
        raise _Skip(f"{what} is {v} (an unknown amount cannot be replayed)")
    chips = v * scale
    if chips != int(chips):
        raise _Skip(f"{what} {v} has more than {MAX_DECIMALS} decimals")
    if not 0 <= chips <= MAX_AMOUNT:
        raise _Skip(f"{what} {v} is outside 0-{MAX_AMOUNT} chips")
    return int(chips)


def _per_player(v, n: int, scale: int, what: str) -> list[int]:
    """A per-player amount field (a list of ``n`` amounts, or one amount for everyone) in chips."""
    if isinstance(v, list):
        if len(v) != n:
            raise _Skip(f"{what} has {len(v)} entries for {n} players")
        return [_chips(x, scale, what) for x in v]
    return [_chips(v, scale, what)] * n


def _scaled_action(action, scale: int) -> str:
    """The PHH action with its bet-to amount in chips and any commentary dropped."""
    if not isinstance(action, str):
        raise _Skip(f"an action must be a string, got {action!r}")
    words = action.split("#", 1)[0].split()
    if len(words) == 3 and words[1] == "cbr":
        try:
            amount = Decimal(words[2].replace(",", ""))
        except InvalidOperation:
            raise _Skip(f"bad amount in action {action!r}") from None
        words[2] = str(_chips(amount, scale, "bet-to amount"))
    return " ".join(words)


def _import_hand(entry, scale: int) -> tuple[list[tuple], list[tuple]]:
    """One hand table → its seat rows (``results.COLUMNS`` but game and hand) and action rows
    (``results.ACTION_COLUMNS`` but game, hand and seq); ``_Skip`` naming why it cannot be imported."""
    if not isinstance(entry, dict):
        raise _Skip("not a hand (a TOML table)")
    if "variant" not in entry:
        raise _Skip("missing field 'variant' (a .phhs file holds its hands as tables [1], [2], ...)")
    variant = entry["variant"]
    if variant != VARIANT:
        raise _Skip(f"variant {variant!r} is not no-limit Texas Hold'em ({VARIANT!r}); only NT hands are imported")
    missing = [name for name in _REQUIRED if name not in entry]
    if missing:
        raise _Skip(f"missing field {missing[0]!r}")
    raw_stacks = entry["starting_stacks"]
    if not isinstance(raw_stacks, list) or len(raw_stacks) not in SEATS:
        raise _Skip(f"starting_stacks must list {SEATS.start}-{SEATS.stop - 1} players (H1)")
    n = len(raw_stacks)
    stacks = [_chips(v, scale, "a starting stack") for v in raw_stacks]
    if min(stacks) <= 0:
        raise _Skip("a starting stack is not positive")
    antes = _per_player(entry["antes"], n, scale, "antes")
    blinds = _per_player(entry["blinds_or_straddles"], n, scale, "blinds_or_straddles")
    min_bet = _chips(entry["min_bet"], scale, "min_bet")
    trimming = entry.get("ante_trimming_status", False)
    if not isinstance(entry["actions"], list) or not isinstance(trimming, bool) or min_bet <= 0:
        raise _Skip("actions must be a list of strings, ante_trimming_status a boolean, min_bet positive")
    actions = [_scaled_action(a, scale) for a in entry["actions"]]
    seat_of, table_size = _seats(entry, n)
    names = entry.get("players")
    if names is not None and (
        not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names)
    ):
        raise _Skip(f"players must list {n} names")
    finishing = entry.get("finishing_stacks")
    finishing = None if finishing is None else _per_player(finishing, n, scale, "finishing_stacks")
    fields = {"antes": antes, "blinds_or_straddles": blinds, "min_bet": min_bet, "starting_stacks": stacks}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PokerKit warns of odd but legal moves (a fold when checking is free)
            history = HandHistory(variant=VARIANT, ante_trimming_status=trimming, actions=actions, **fields)
            replay = _replay(history, n)
    except _Skip:
        raise
    except Exception as error:  # PokerKit refuses a history in its own words: skip the hand with them
        raise _Skip(f"PokerKit cannot replay it: {_one_line(error)}") from None
    final = _settled(replay, stacks, finishing)
    rows = _rows(replay, stacks, final, seat_of, table_size, names)
    return rows, [
        (seat_of[k], street, action, amount, to, pot) for k, street, action, amount, to, pot in replay.actions
    ]


def _seats(entry: dict, n: int) -> tuple[list[int], int]:
    """Seat index per player (PHH ``seats`` - 1, else the player's place) and the table's seats
    (``seat_count``, else the largest seat + 1), at most ``max(SEATS)``."""
    seats, count = entry.get("seats"), entry.get("seat_count")
    if seats is None:
        seat_of = list(range(n))
    elif (
        not isinstance(seats, list)
        or len(seats) != n
        or len(set(seats)) != n
        or not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= max(SEATS) for s in seats)
    ):
        raise _Skip(f"seats must be {n} distinct seat numbers 1-{max(SEATS)}")
    else:
        seat_of = [s - 1 for s in seats]
    if count is None:
        return seat_of, max(seat_of) + 1
    if isinstance(count, bool) or not isinstance(count, int) or not max(seat_of) < count <= max(SEATS):
        raise _Skip(f"seat_count must hold every seat and be at most {max(SEATS)}, got {count!r}")
    return seat_of, count


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
                if isinstance(op, Folding):
                    action, amount = FOLD, 0
                    out.live[i] = False
                elif isinstance(op, CheckingOrCalling):
                    action, amount = CHECK_CALL, op.amount
                else:
                    action, amount = op.amount, op.amount - bets[i]
                bets[i] += amount
                pot += amount
                out.actions.append((i, street, action, amount, bets[i], pot))
        seen = len(state.operations)
        street, bets, pot = state.street_index, list(state.bets), state.total_pot_amount
    if state.status:
        raise _Skip("the actions stop before the hand is over")
    if len(out.board) > BOARD_SIZES[-1] or NO_CARD in out.board:
        raise _Skip("more than one board, or a hidden board card: not a hand of one run-out")
    out.final = list(state.stacks)
    return out


def _settled(replay: _Replay, stacks: list[int], finishing: list[int] | None) -> list[int]:
    """The final stacks: PokerKit's; or, when the file's ``finishing_stacks`` are GAMES.md's (the pots
    shared by ``sniper.games.pokerkit_hand.share_pots``, odd chips one each, as our engine and this
    module's files have them; computable when every player still in shows a full board's hand),
    those. ``_Skip`` when the file gives ``finishing_stacks`` that are neither."""
    if finishing is None or finishing == replay.final:
        return replay.final
    # what each player put in, uncalled bets returned (as PokerKitHand._settle reads it)
    put = [start - (final - got) for start, final, got in zip(stacks, replay.final, replay.pushed)]
    shown = all(NO_CARD not in h for h, alive in zip(replay.holes, replay.live) if alive)
    if shown and len(replay.board) == BOARD_SIZES[-1]:
        strengths = [value(h + replay.board) if alive else 0 for h, alive in zip(replay.holes, replay.live)]
        ours = [s - p + r for s, p, r in zip(stacks, put, share_pots(put, replay.live, strengths))]
        if finishing == ours:
            return ours
    raise _Skip(f"PokerKit replays it to the stacks {replay.final}, its finishing_stacks are {finishing}")


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


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


# ----- reading: the hands of a new run directory ----------------------------------------------------


def seat_labels(hands: pa.Table) -> tuple[str, ...]:
    """A label per seat of the imported ``hands`` (``results.SCHEMA``; the largest table): the seat's player
    when every hand that deals it in names the same one, else ``"seat N"`` (``N`` from 1, as PHH numbers seats).

    >>> seat_labels(pa.table({"seat": [0, 1, 0, 1], "agent": ["ann", "bo", "ann", "cy"], "dealt_in": [True] * 4}))
    ('ann', 'seat 2')
    """
    seats, names, dealt = (hands[c].to_pylist() for c in ("seat", "agent", "dealt_in"))
    seen: dict[int, set[str]] = {s: set() for s in range(max(seats) + 1)}
    for seat, name, playing in zip(seats, names, dealt):
        if playing:
            seen[seat].add(name)
    return tuple(
        next(iter(found)) if len(found) == 1 and "" not in found else f"seat {seat + 1}"
        for seat, found in sorted(seen.items())
    )


def read_phh(paths: Sequence) -> Imported:
    """The hands of the PHH files ``paths`` (``import_hands``; file ``g`` of ``paths`` is game ``g``) for a new
    run directory: Hold'em's ``GameSpec.importer`` (``sniper import``, ``sniper.runs.store.import_run``, which
    writes them). ``Imported``: the hands and actions tables (``results.SCHEMA``, ``results.ACTION_SCHEMA``)
    and the hands of each file, a label per seat (``seat_labels``), the files read (``details["format"]``
    "phh", ``details["files"]``: each file's game, path, hands, skipped count and scale; ``details["skipped"]``)
    and the skipped lines.

    Raises ``PhhError`` (one line) when no path is given, for a file ``import_hands`` refuses, for more than
    ``MAX_HANDS`` hands in all, and when no hand at all could be imported (naming the first skipped line).
    """
    if not paths:
        raise PhhError("give one or more .phh or .phhs files to import")
    files, budget = [], MAX_HANDS
    for game, path in enumerate(paths):
        imported = import_hands(path, game, budget)
        budget -= imported.read
        files.append(imported)
    skipped = tuple(line for f in files for line in f.skipped)
    if sum(f.count for f in files) == 0:
        first = f"; first: {skipped[0]}" if skipped else ""
        raise PhhError(f"no hand could be imported ({len(skipped)} skipped{first})")
    tables = {
        "hands": pa.concat_tables([f.hands for f in files]),
        "actions": pa.concat_tables([f.actions for f in files]),
    }
    details = {
        "format": "phh",
        "files": [
            {"game": f.game, "path": f.path, "hands": f.count, "skipped": len(f.skipped), "scale": f.scale}
            for f in files
        ],
        "skipped": list(skipped),
    }
    chunk = Chunk(tables, [f.count for f in files])
    return Imported(chunk, seat_labels(tables["hands"]), details, skipped)

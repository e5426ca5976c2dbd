"""PHH files read: the parts the 52-card games' hand history readers share (``sniper.games.holdem.phh``,
``sniper.games.draw.phh``); the writing is ``sniper.games.poker52.phh_writer``.

PHH (the poker hand history format of PokerKit, https://github.com/uoftcprg/phh-std) is TOML: one hand per
``.phh`` file, or many hands as the tables ``[1]``, ``[2]``, … of a ``.phhs`` file. Written once here:

- **Reading a file** (``import_file``): the file is read as data only (``tomllib``; nothing in it is
  evaluated or imported), at most ``MAX_FILE_BYTES`` bytes and ``MAX_HANDS`` hands (``read_entries``). A
  file's decimal amounts are scaled to whole chips by the smallest power of ten that makes every amount of
  the file whole (``file_scale``, at most ``10**MAX_DECIMALS``; ``chips``, ``per_player``,
  ``scaled_action``). Each hand is turned into table rows by the game's own ``import_hand(entry, scale)``,
  which replays it on PokerKit; a hand it refuses (``SkipHand``) is skipped with one line naming the file,
  the hand and the reason.
- **The hands of an import** (``read_files``, ``seat_labels``): the hands of many files as a
  ``sniper.core.tables.Imported``, a game's ``GameSpec.importer`` (``sniper.runs.store.import_run`` writes it
  as a new run directory).

>>> from decimal import Decimal
>>> file_scale([("1", {"antes": [Decimal("0.25")], "actions": ["p1 cbr 1.5"]})], ("antes",))
100
"""

import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

import pyarrow as pa
import tomllib
from pokerkit import CheckingOrCalling, Folding

from sniper.core.tables import Chunk, Imported, to_table
from sniper.games.poker52.hand import share_pots
from sniper.games.poker52.history import CHECK_CALL, FOLD

SUFFIXES = (".phh", ".phhs")
"""A file of one hand, a file of many hands (TOML tables ``[1]``, ``[2]``, …)."""
MAX_FILE_BYTES = 256 * 2**20
"""The largest file ``read_entries`` reads (256 MiB)."""
MAX_HANDS = 200_000
"""The most hands one import reads (all its files together)."""
MAX_DECIMALS = 6
"""The most decimal places of an amount (a chip is then 10^-6 of the file's unit)."""
MAX_AMOUNT = 2**53
"""The largest amount in chips after scaling (chip columns are int64; PokerKit's arithmetic stays exact)."""
MAX_REASON = 300
"""The longest reason of a skipped hand's line (characters); it is one line, whatever the file holds."""


class PhhError(ValueError):
    """A file or an output directory that cannot be used at all (one line, naming it)."""


class SkipHand(Exception):
    """A hand that is not imported, and why (one line): raised by a game's ``import_hand``."""


def one_line(error: BaseException) -> str:
    """``error``'s message on one line (its type's name when it has none)."""
    return " ".join(str(error).split()) or type(error).__name__


# ----- reading: amounts ---------------------------------------------------------------------------


def read_entries(path, limit: int = MAX_HANDS) -> list[tuple[str, object]]:
    """The hands of the ``.phh`` or ``.phhs`` file ``path``: ``(key, table)`` pairs, the key ``"1"`` for a
    ``.phh`` file, the ``.phhs`` table names otherwise (floats read as ``Decimal``). Raises ``PhhError``
    (one line) for a file that is not a readable ``.phh``/``.phhs`` UTF-8 TOML file of at most
    ``MAX_FILE_BYTES`` bytes, or holds more than ``limit`` hands."""
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
    return entries


def file_scale(entries: Sequence[tuple[str, object]], fields: Sequence[str]) -> int:
    """The smallest ``10**k`` (``k <= MAX_DECIMALS``) that makes every amount of the file's hands whole:
    the amount ``fields`` of each hand (a number or a list of numbers) and its ``cbr`` amounts (amounts with
    more decimals are left for their hand to refuse)."""
    places = 0
    for _, entry in entries:
        if not isinstance(entry, dict):
            continue
        for amount in _amounts(entry, fields):
            if isinstance(amount, Decimal) and amount.is_finite():
                exponent = amount.normalize().as_tuple().exponent
                if -MAX_DECIMALS <= exponent < 0:
                    places = max(places, -exponent)
    return 10**places


def _amounts(entry: dict, fields: Sequence[str]) -> Iterable:
    """Every amount a hand table holds: its amount ``fields``, then its bet-to amounts."""
    for name in fields:
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


def chips(v, scale: int, what: str) -> int:
    """``v`` (an int or a TOML float read as ``Decimal``) times ``scale`` as whole chips; ``SkipHand`` naming
    ``what`` otherwise (not a number, unknown, too fine, out of range)."""
    if isinstance(v, bool) or not isinstance(v, int | Decimal):
        raise SkipHand(f"{what} must be a number, got {v!r}")
    if isinstance(v, Decimal) and not v.is_finite():
        raise SkipHand(f"{what} is {v} (an unknown amount cannot be replayed)")
    amount = v * scale
    if amount != int(amount):
        raise SkipHand(f"{what} {v} has more than {MAX_DECIMALS} decimals")
    if not 0 <= amount <= MAX_AMOUNT:
        raise SkipHand(f"{what} {v} is outside 0-{MAX_AMOUNT} chips")
    return int(amount)


def per_player(v, n: int, scale: int, what: str) -> list[int]:
    """A per-player amount field (a list of ``n`` amounts, or one amount for everyone) in chips."""
    if isinstance(v, list):
        if len(v) != n:
            raise SkipHand(f"{what} has {len(v)} entries for {n} players")
        return [chips(x, scale, what) for x in v]
    return [chips(v, scale, what)] * n


def scaled_action(action, scale: int) -> str:
    """The PHH action with its bet-to amount in chips and any commentary dropped."""
    if not isinstance(action, str):
        raise SkipHand(f"an action must be a string, got {action!r}")
    words = action.split("#", 1)[0].split()
    if len(words) == 3 and words[1] == "cbr":
        try:
            amount = Decimal(words[2].replace(",", ""))
        except InvalidOperation:
            raise SkipHand(f"bad amount in action {action!r}") from None
        words[2] = str(chips(amount, scale, "bet-to amount"))
    return " ".join(words)


def seats_of(entry: dict, n: int, most: int) -> tuple[list[int], int]:
    """Seat index per player (PHH ``seats`` - 1, else the player's place) and the table's seats
    (``seat_count``, else the largest seat + 1), at most ``most``; ``SkipHand`` for fields that do not fit."""
    seats, count = entry.get("seats"), entry.get("seat_count")
    if seats is None:
        seat_of = list(range(n))
    elif (
        not isinstance(seats, list)
        or len(seats) != n
        or len(set(seats)) != n
        or not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= most for s in seats)
    ):
        raise SkipHand(f"seats must be {n} distinct seat numbers 1-{most}")
    else:
        seat_of = [s - 1 for s in seats]
    if count is None:
        return seat_of, max(seat_of) + 1
    if isinstance(count, bool) or not isinstance(count, int) or not max(seat_of) < count <= most:
        raise SkipHand(f"seat_count must hold every seat and be at most {most}, got {count!r}")
    return seat_of, count


@dataclass(frozen=True)
class HandFields:
    """The fields every imported hand has, checked and in chips (``hand_fields``): ``n`` players,
    ``stacks`` (starting), ``antes`` and ``blinds`` per player, ``trimming`` (``ante_trimming_status``),
    ``actions`` (``scaled_action``), ``seat_of`` (each player's seat) and ``table_size`` (``seats_of``),
    ``names`` (``players``, ``None`` when not given) and ``finishing`` (``finishing_stacks``, ``None`` when
    not given)."""

    n: int
    stacks: list[int]
    antes: list[int]
    blinds: list[int]
    trimming: bool
    actions: list[str]
    seat_of: list[int]
    table_size: int
    names: list[str] | None
    finishing: list[int] | None


def hand_fields(entry, scale: int, variant: str, title: str, required: Sequence[str], seats: range, rule: str):
    """A hand table's ``HandFields`` (amounts scaled by ``scale``), for a game whose PHH variant is
    ``variant`` (``title`` its name in the message), whose hands need the fields ``required`` and seat
    ``seats`` players (``rule`` its rule number); ``SkipHand`` naming the first field that does not fit."""
    if not isinstance(entry, dict):
        raise SkipHand("not a hand (a TOML table)")
    if "variant" not in entry:
        raise SkipHand("missing field 'variant' (a .phhs file holds its hands as tables [1], [2], ...)")
    if entry["variant"] != variant:
        raise SkipHand(f"variant {entry['variant']!r} is not {title} ({variant!r}); only {variant} hands are imported")
    missing = [name for name in required if name not in entry]
    if missing:
        raise SkipHand(f"missing field {missing[0]!r}")
    raw = entry["starting_stacks"]
    if not isinstance(raw, list) or len(raw) not in seats:
        raise SkipHand(f"starting_stacks must list {seats.start}-{seats.stop - 1} players ({rule})")
    n = len(raw)
    stacks = [chips(v, scale, "a starting stack") for v in raw]
    if min(stacks) <= 0:
        raise SkipHand("a starting stack is not positive")
    antes = per_player(entry["antes"], n, scale, "antes")
    blinds = per_player(entry.get("blinds_or_straddles", 0), n, scale, "blinds_or_straddles")
    trimming = entry.get("ante_trimming_status", False)
    if not isinstance(entry["actions"], list) or not isinstance(trimming, bool):
        raise SkipHand("actions must be a list of strings and ante_trimming_status a boolean")
    actions = [scaled_action(a, scale) for a in entry["actions"]]
    seat_of, table_size = seats_of(entry, n, max(seats))
    names = entry.get("players")
    if names is not None and (
        not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names)
    ):
        raise SkipHand(f"players must list {n} names")
    finishing = entry.get("finishing_stacks")
    finishing = None if finishing is None else per_player(finishing, n, scale, "finishing_stacks")
    return HandFields(n, stacks, antes, blinds, trimming, actions, seat_of, table_size, names, finishing)


def pokerkit_replay(replay: Callable[[], object]) -> object:
    """``replay()`` (a game's replay of a hand history on PokerKit), PokerKit's refusals, in its own words,
    as ``SkipHand`` ("PokerKit cannot replay it: …"); its warnings of odd but legal moves (a fold when
    checking is free) are silenced."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return replay()
    except SkipHand:
        raise
    except Exception as error:  # PokerKit refuses a history in its own words: skip the hand with them
        raise SkipHand(f"PokerKit cannot replay it: {one_line(error)}") from None


def replayed_bet(op, i: int, bets: list[int], live: list[bool], raise_action: Callable[[int], int]) -> tuple[int, int]:
    """A PokerKit betting operation ``op`` (``Folding``, ``CheckingOrCalling`` or
    ``CompletionBettingOrRaisingTo``) of player ``i`` as an actions-table row's ``(action, amount)``: ``FOLD``
    with 0 chips (``live[i]`` set to ``False``), ``CHECK_CALL`` with the chips called, or
    ``raise_action(to)`` (the game's code of a bet or raise to ``to`` chips) with the chips put in beyond
    ``bets[i]``; ``bets[i]`` (the chips player ``i`` has in this betting round) grows by the amount."""
    if isinstance(op, Folding):
        action, amount = FOLD, 0
        live[i] = False
    elif isinstance(op, CheckingOrCalling):
        action, amount = CHECK_CALL, op.amount
    else:
        action, amount = raise_action(op.amount), op.amount - bets[i]
    bets[i] += amount
    return action, amount


PHH_MODULE_NAMES = (
    "MAX_DECIMALS",
    "MAX_HANDS",
    "ImportedFile",
    "PhhError",
    "game_phhs",
    "hand_phh",
    "import_hands",
    "phhs_text",
    "read_phh",
    "rows_phh",
    "run_phhs",
    "write_phhs",
)
"""The names every 52-card game's PHH module exports (``sniper.games.holdem.phh``, ``sniper.games.draw.phh``:
the limits and errors of this module, their writers and their reader)."""


def settled(
    stacks: Sequence[int],
    final: Sequence[int],
    pushed: Sequence[int],
    live: Sequence[bool],
    strengths: Sequence[object] | None,
    finishing: Sequence[int] | None,
) -> list[int]:
    """A replayed hand's final stacks: PokerKit's ``final``; or, when the file's ``finishing`` stacks are
    GAMES.md's (the pots shared by ``sniper.games.poker52.hand.share_pots``, odd chips one each, as our
    engines and our files have them), those. ``stacks``: the starting stacks; ``pushed``: the chips PokerKit
    pushed to each player from the pots; ``live``: who is still in; ``strengths``: each live player's hand
    value (``None`` when not every one is known, so GAMES.md's pots cannot be computed). ``SkipHand`` when the
    file gives ``finishing`` stacks that are neither. Players in PokerKit's order."""
    if finishing is None or list(finishing) == list(final):
        return list(final)
    # what each player put in, uncalled bets returned (as PokerKitHand._settle reads it)
    put = [start - (end - got) for start, end, got in zip(stacks, final, pushed)]
    if strengths is not None:
        ours = [s - p + r for s, p, r in zip(stacks, put, share_pots(put, live, strengths))]
        if list(finishing) == ours:
            return ours
    raise SkipHand(f"PokerKit replays it to the stacks {list(final)}, its finishing_stacks are {list(finishing)}")


# ----- reading: the tables ------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportedFile:
    """The hands of one PHH file (``import_file``): ``hands`` and ``actions`` are pyarrow tables of the
    game's hands and actions schemas; ``game`` the number of its first game and ``counts`` the hands imported
    of each of its games (one per ``table`` the file names, in order of appearance; one game for a file that
    names none); ``count`` the hands imported; ``read`` the hands in the file; ``scale`` chips per unit of the
    amounts of its imported hands; ``skipped`` one line per hand not imported; ``tables`` the ``table`` of each
    game (``None``: not named)."""

    path: str
    game: int
    hands: pa.Table
    actions: pa.Table
    count: int
    read: int
    scale: int
    skipped: tuple[str, ...]
    counts: tuple[int, ...] = ()
    tables: tuple[object, ...] = ()


ImportHand = Callable[[object, int], tuple[list[tuple], list[tuple]]]
"""A game's ``import_hand(entry, scale)``: one hand table → its seat rows (the hands table's columns but
``game`` and ``hand``) and action rows (the actions table's columns but ``game``, ``hand`` and ``seq``);
``SkipHand`` naming why it cannot be imported."""


def table_of(entry) -> object:
    """The ``table`` a PHH hand names (PHH's optional field: the table it was played at), ``None`` if none; a
    name that is not a string or an integer is taken as its text."""
    table = entry.get("table") if hasattr(entry, "get") else None
    return table if table is None or isinstance(table, int | str) else str(table)


def import_file(
    path,
    game: int,
    limit: int,
    import_hand: ImportHand,
    fields: Sequence[str],
    columns: Mapping[str, tuple],
    action_columns: Mapping[str, tuple],
) -> ImportedFile:
    """The hands of the file ``path`` (``read_entries``, at most ``limit``) as rows of a game's tables
    (``columns``, ``action_columns``: the ``sniper.core.tables`` column docs).

    Games: the hands of each ``table`` the file names (``table_of``) are one game, numbered from ``game`` in
    order of the tables' first hands; a file that names no table is one game. A hand's ``hand`` is its place
    among its game's hands in the file (from 0; for a file of one game, its place in the file). Amounts: the
    file's are scaled by ``file_scale`` over the amount ``fields`` of the hands that are imported (a skipped
    hand does not set the scale). Each hand goes through ``import_hand``; a hand it refuses is skipped with one
    line "PATH: hand KEY: reason" (``KEY`` the ``.phhs`` table's name, ``1`` for a ``.phh``). Raises
    ``PhhError`` as ``read_entries``."""
    entries = read_entries(path, limit)
    scale = file_scale(entries, fields)
    for _ in range(len(entries) + 1):  # a smaller scale never skips a hand a larger one imported
        done, skipped = {}, []
        for number, (key, entry) in enumerate(entries):
            try:
                done[number] = import_hand(entry, scale)
            except SkipHand as reason:
                shown = key if key.isalnum() else repr(key)
                skipped.append(f"{path}: hand {shown}: {one_line(reason)[:MAX_REASON]}")
        kept = [entries[number] for number in done]
        own = file_scale(kept, fields) if kept else scale
        if own == scale:
            break
        scale = own
    tables = list(dict.fromkeys(table_of(entry) for _, entry in entries))
    places = {table: 0 for table in tables}
    hand_rows: dict[str, list] = {name: [] for name in columns}
    action_rows: dict[str, list] = {name: [] for name in action_columns}
    counts = [0] * len(tables)
    for number, (_, entry) in enumerate(entries):
        table = table_of(entry)
        at, place = tables.index(table), places[table]
        places[table] += 1
        if number not in done:
            continue
        counts[at] += 1
        seats, actions = done[number]
        for row in seats:
            for name, v in zip(columns, (game + at, place, *row), strict=True):
                hand_rows[name].append(v)
        for seq, row in enumerate(actions):
            for name, v in zip(action_columns, (game + at, place, seq, *row), strict=True):
                action_rows[name].append(v)
    kept_games = [k for k, n in enumerate(counts) if n]
    renumber = {game + k: game + new for new, k in enumerate(kept_games)}  # a table all of whose hands were skipped
    for rows in (hand_rows, action_rows):
        rows["game"] = [renumber[g] for g in rows["game"]]
    return ImportedFile(
        str(path),
        game,
        to_table(hand_rows, columns),
        to_table(action_rows, action_columns),
        len(entries) - len(skipped),
        len(entries),
        scale,
        tuple(skipped),
        tuple(counts[k] for k in kept_games),
        tuple(tables[k] for k in kept_games),
    )


# ----- reading: the hands of an import ------------------------------------------------------------


def seat_labels(hands: pa.Table) -> tuple[str, ...]:
    """A label per seat of the imported ``hands`` (a hands table with ``seat``, ``agent`` and ``dealt_in``;
    the largest table): the seat's player when every hand that deals it in names the same one, else
    ``"seat N"`` (``N`` from 1, as PHH numbers seats).

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


ImportHands = Callable[[object, int, int], ImportedFile]
"""A game's reader of one file, ``import_hands(path, game, limit)``: its hands as rows of the game's tables
(``import_file`` with the game's ``import_hand``, amount fields and column docs)."""


def read_files(paths: Sequence, import_hands: ImportHands) -> Imported:
    """The hands of the PHH files ``paths`` (``import_hands``, the game's reader of one file; each file's games,
    one per ``table`` it names or one for the file, numbered on from the previous file's) for a new run
    directory: a game's ``GameSpec.importer`` (``sniper import``,
    ``sniper.runs.store.import_run``, which writes them). ``Imported``: the hands and actions tables (the
    game's schemas, as ``import_hands`` gives them) and the hands of each file, a label per seat
    (``seat_labels``), the files read (``details["format"]`` "phh", ``details["files"]``: each file's game,
    path, hands, skipped count and scale; ``details["skipped"]``) and the skipped lines.

    Raises ``PhhError`` (one line) when no path is given, for a file ``import_hands`` refuses, for more than
    ``MAX_HANDS`` hands in all, and when no hand at all could be imported (naming the first skipped line).
    """
    if not paths:
        raise PhhError("give one or more .phh or .phhs files to import")
    files, budget, game = [], MAX_HANDS, 0
    for path in paths:
        imported = import_hands(path, game, budget)
        budget -= imported.read
        game += len(imported.counts)
        files.append(imported)
    skipped = tuple(line for f in files for line in f.skipped)
    if sum(f.count for f in files) == 0:
        first = f"; first: {skipped[0]}" if skipped else ""
        raise PhhError(f"no hand could be imported ({len(skipped)} skipped{first})")
    hands = pa.concat_tables([f.hands for f in files])
    labels = seat_labels(hands)
    named = [
        name if playing and name else labels[seat]  # a seat not dealt in, or unnamed: its label, never ""
        for seat, name, playing in zip(*(hands[c].to_pylist() for c in ("seat", "agent", "dealt_in")))
    ]
    hands = hands.set_column(hands.schema.get_field_index("agent"), "agent", pa.array(named, pa.string()))
    tables = {"hands": hands, "actions": pa.concat_tables([f.actions for f in files])}
    details = {
        "format": "phh",
        "files": [
            {
                "game": f.game,
                "games": len(f.counts),
                "tables": [t if t is None or isinstance(t, int) else str(t) for t in f.tables],
                "path": f.path,
                "hands": f.count,
                "skipped": len(f.skipped),
                "scale": f.scale,
            }
            for f in files
        ],
        "skipped": list(skipped),
    }
    chunk = Chunk(tables, [count for f in files for count in f.counts])
    return Imported(chunk, labels, details, skipped)

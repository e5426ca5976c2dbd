"""The tables every game writes, and what its engines return: the columns all games share, in one place.

A game's run writes one parquet table per name of its ``GameSpec.tables`` (``sniper.core.registry``); each
is documented by a dict column name → ``(pyarrow type, meaning)``, whose schema ``schema_of`` builds. Every
game has a ``hands`` table, one row per seat per hand, with at least the ``HAND_COLUMNS``: what the
game-independent layers read (duels and leagues their chips, ``sniper summary`` of a game without its own
summary, ``sniper replay`` of one without its own history). ``check_hand_schema`` checks a game's hands
table when it is registered. An engine plays a chunk of games into a ``Chunk``.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import pyarrow as pa

HANDS = "hands"
"""The table every game writes: one row per seat per hand."""

HAND_COLUMNS: dict[str, str] = {
    "game": "game index within the run, from 0",
    "hand": "hand index within the game, from 0",
    "seat": "seat index, 0 to seats-1",
    "agent": "the agent spec playing the seat (in a record of games played elsewhere, the seat's label)",
    "net": "chips the seat won (+) or lost (-) in the hand (a points game: the round's point difference, "
    "sniper.core.table.point_difference)",
    "stack_after": "the seat's chips after the hand (a points game: its points so far)",
}
"""The columns every game's hands table has (integers, but ``agent``, a string): the one list of them."""

SUMMARY_BY = ("agent", "seat")
"""What a run's summary groups the rows by: the agent (its seats merged) or the seat (``sniper summary --by``)."""


def schema_of(columns_doc: Mapping[str, tuple[pa.DataType, str]]) -> pa.Schema:
    """The arrow schema of a table documented by ``columns_doc`` (column name → (pyarrow type, meaning)).

    No column is ever null, so every field is non-nullable: parquet then writes no definition
    levels (≈ 15% less CPU to write a part, ``experiments/README.md``, "Fourth sitting"). Parts
    written before with nullable fields are read and resumed alike (``sniper.runs.runner``)."""
    return pa.schema([pa.field(name, dtype, nullable=False) for name, (dtype, _) in columns_doc.items()])


def to_table(columns: Mapping[str, Iterable], columns_doc: Mapping[str, tuple[pa.DataType, str]]) -> pa.Table:
    """A pyarrow table with exactly the schema ``columns_doc`` describes, from column name → values;
    ``KeyError`` if one is missing."""
    arrays = {name: pa.array(columns[name], type=dtype) for name, (dtype, _) in columns_doc.items()}
    return pa.table(arrays, schema=schema_of(columns_doc))


def check_columns(columns: Sequence[str] | None, schema: pa.Schema, table: str) -> None:
    """``ValueError`` naming the first of ``columns`` that ``schema`` (the ``table`` table's) lacks."""
    unknown = [c for c in columns or () if c not in schema.names]
    if unknown:
        raise ValueError(f"unknown column {unknown[0]!r} of the {table} table; columns: {', '.join(schema.names)}")


def check_hand_schema(schema: object, game: str) -> None:
    """``ValueError`` unless ``schema`` (game ``game``'s hands table) is a pyarrow schema with every one of
    ``HAND_COLUMNS``: ``agent`` a string, the others integers."""
    if not isinstance(schema, pa.Schema):
        raise ValueError(f"{game}: the hands table must be a pyarrow schema, got {type(schema).__name__}")
    for name in HAND_COLUMNS:
        if name not in schema.names:
            raise ValueError(
                f"{game}: the hands table has no {name!r} column (every game's has {', '.join(HAND_COLUMNS)})"
            )
        kind = schema.field(name).type
        if not (pa.types.is_string(kind) if name == "agent" else pa.types.is_integer(kind)):
            wanted = "a string" if name == "agent" else "an integer"
            raise ValueError(f"{game}: the hands table's {name!r} column must be {wanted}, not {kind}")


@dataclass(frozen=True)
class Chunk:
    """A chunk of games as an engine played them: ``tables`` (table name → pyarrow table with the game's
    schema; the hands table at least) and ``counts``, the number of hands of each game, in game order.

    A table is also an attribute: ``chunk.hands``, ``chunk.actions``.
    """

    tables: Mapping[str, pa.Table]
    counts: list[int] = field(default_factory=list)

    def __getattr__(self, name: str) -> pa.Table:
        tables = self.__dict__.get("tables")
        if tables is None or name.startswith("__") or name not in tables:
            raise AttributeError(name)
        return tables[name]


@dataclass(frozen=True)
class Imported:
    """Hands played elsewhere, read from files by a game's importer (``GameSpec.importer(paths)``), which
    ``sniper.runs.store.import_run`` writes as a new run directory (``sniper import``).

    ``chunk``: the tables (every table of the game, its schemas) and the hands of each game, in game order;
    ``agents``: a label per seat (the manifest's ``config.agents``; data, never parsed as agent specs);
    ``details``: plain JSON data about what was read (the files, their games, ...: the manifest's
    ``import``); ``skipped``: one line per hand that was not imported (file, hand, reason).
    """

    chunk: Chunk
    agents: tuple[str, ...]
    details: Mapping[str, object] = field(default_factory=dict)
    skipped: tuple[str, ...] = ()

"""The tables every game writes, and what its engines return: the columns all games share, in one place.

A game's run writes one parquet table per name of its ``GameSpec.tables`` (``sniper.core.registry``); each
is documented by a dict column name → ``(pyarrow type, meaning)``, whose schema ``schema_of`` builds. Every
game has a ``hands`` table, one row per seat per hand, with at least the ``HAND_COLUMNS``: what the
game-independent layers read (duels and leagues their chips, ``sniper summary`` of a game without its own
summary, ``sniper replay`` of one without its own history). ``check_hand_schema`` checks a game's hands
table when it is registered. An engine plays a chunk of games into a ``Chunk``.

Numpy to arrow and back without pandas (``arrow_array``, ``string_array``, ``to_numpy``): pyarrow imports pandas
(≈ 0.2 s) the first time it converts a numpy array or a Python value (``pa.array``, ``pa.scalar``, ``to_numpy``),
if pandas is installed, only to ask whether the value is a pandas object; ``sniper simulate`` writes its tables
and prints its summary through these instead, on arrow's buffers, and never imports pandas.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
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


def numpy_dtype(dtype: pa.DataType) -> np.dtype:
    """The numpy dtype of a fixed-width arrow type (a boolean, an integer or a float): what
    ``dtype.to_pandas_dtype()`` gives, without importing pandas. ``ValueError`` for another type.

    >>> numpy_dtype(pa.int16()), numpy_dtype(pa.uint8()), numpy_dtype(pa.float64()), numpy_dtype(pa.bool_())
    (dtype('int16'), dtype('uint8'), dtype('float64'), dtype('bool'))
    """
    if pa.types.is_boolean(dtype):
        return np.dtype(np.bool_)
    for kind, test in (
        ("i", pa.types.is_signed_integer),
        ("u", pa.types.is_unsigned_integer),
        ("f", pa.types.is_floating),
    ):
        if test(dtype):
            return np.dtype(f"{kind}{dtype.bit_width // 8}")
    raise ValueError(f"not a fixed-width arrow type: {dtype}")


def arrow_array(values: np.ndarray, dtype: pa.DataType) -> pa.Array:
    """``pa.array(values, type=dtype)`` of a numpy array of shape (n,) and a fixed-width ``dtype`` (``numpy_dtype``),
    each value cast to its numpy dtype (``astype``), built on the array's buffer (a boolean's packed to bits):
    no nulls, and no pandas (module docstring). ``ValueError`` for another type.

    >>> arrow_array(np.array([3, -1]), pa.int8()).to_pylist(), arrow_array(np.array([1, 0, 1]), pa.bool_()).to_pylist()
    ([3, -1], [True, False, True])
    """
    values = np.ascontiguousarray(values, dtype=numpy_dtype(dtype)).ravel()
    data = np.packbits(values, bitorder="little") if values.dtype == np.bool_ else values
    return pa.Array.from_buffers(dtype, len(values), [None, pa.py_buffer(data)])


def string_array(values: Sequence[str], codes: np.ndarray | None = None) -> pa.Array:
    """``pa.array(values, pa.string())`` of Python strings, built on their UTF-8 bytes: no pandas (module docstring).
    With ``codes`` (integers of shape (n,), each in ``0 .. len(values) - 1``; ``IndexError`` above): the string array
    of ``values[c]`` for each ``c`` of ``codes``, its bytes gathered by numpy, without a Python string per row (nor
    ``pyarrow.compute``'s ``take``, ≈ 0.05 s to import and set up). ``ValueError`` past 2 GiB of text (int32
    offsets).

    >>> string_array(["easy", "hard"]).to_pylist()
    ['easy', 'hard']
    >>> string_array(["easy", "", "hard"], np.array([2, 0, 2, 1])).to_pylist()
    ['hard', 'easy', 'hard', '']
    """
    data = [value.encode() for value in values]
    lengths = np.array([len(d) for d in data], np.int64)
    codes = np.arange(len(data)) if codes is None else np.asarray(codes, np.int64)
    if codes.size and codes.min() < 0:
        raise IndexError(f"string codes are indices into {len(data)} values, got {int(codes.min())}")
    row_lengths = lengths[codes]
    offsets = np.zeros(codes.size + 1, np.int64)
    np.cumsum(row_lengths, out=offsets[1:])
    if offsets[-1] > np.iinfo(np.int32).max:
        raise ValueError(f"{int(offsets[-1])} bytes of strings are more than an arrow string array holds")
    # byte k of row r is byte k - offsets[r] of its value, which starts at starts[codes[r]] in the joined values
    starts = np.cumsum(lengths) - lengths
    gather = np.arange(offsets[-1]) + np.repeat(starts[codes] - offsets[:-1], row_lengths)
    text = np.frombuffer(b"".join(data), np.uint8)[gather]
    buffers = [None, pa.py_buffer(offsets.astype(np.int32)), pa.py_buffer(text)]
    return pa.Array.from_buffers(pa.string(), int(codes.size), buffers)


def to_numpy(column: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """A fixed-width arrow column without nulls (``numpy_dtype``) as a numpy array of shape (n,): ``to_numpy``
    without pandas (module docstring), a view of the buffer of a column of one chunk (read-only) and a copy of one
    of several or of booleans. ``ValueError`` for another type or a null.

    >>> to_numpy(pa.chunked_array([arrow_array(np.arange(3), pa.int32()), arrow_array(np.arange(2), pa.int32())]))
    array([0, 1, 2, 0, 1], dtype=int32)
    """
    dtype = numpy_dtype(column.type)
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    arrays = []
    for chunk in chunks:
        if chunk.null_count:
            raise ValueError("a column with nulls has no numpy array of its type")
        buffer, start, n = chunk.buffers()[1], chunk.offset, len(chunk)
        if n == 0:  # an empty chunk may have no buffer
            arrays.append(np.empty(0, dtype))
        elif dtype == np.bool_:
            bits = np.unpackbits(np.frombuffer(buffer, np.uint8), count=start + n, bitorder="little")
            arrays.append(bits[start:].astype(np.bool_))
        else:
            arrays.append(np.frombuffer(buffer, dtype, count=n, offset=start * dtype.itemsize))
    if len(arrays) == 1:
        return arrays[0]
    return np.concatenate(arrays) if arrays else np.empty(0, dtype)


def first_seen(values: np.ndarray) -> np.ndarray:
    """The distinct values of an integer array of shape (n,) in order of first appearance (``pandas.unique``,
    without pandas: module docstring).

    >>> first_seen(np.array([3, 1, 3, 2, 1]))
    array([3, 1, 2])
    """
    unique, first = np.unique(values, return_index=True)
    return unique[np.argsort(first)]


def string_codes(column: pa.Array | pa.ChunkedArray) -> tuple[list[str], np.ndarray]:
    """``(names, codes)`` of a string column without nulls: its distinct values in order of first appearance and,
    per row, the int64 index of its value in them (``pandas.factorize``, without pandas: module docstring). A
    column of dictionary arrays (``sniper.runs.rundir.read_parts``' ``dictionary``) is read from its indices and
    each chunk's few values, without ``pyarrow.compute`` (≈ 0.05 s to import and set up); another by
    ``pyarrow.compute``'s ``unique`` and ``index_in``.

    >>> string_codes(string_array(["hard", "easy", "hard"]))
    (['hard', 'easy'], array([0, 1, 0]))
    >>> string_codes(pa.chunked_array([string_array(["b", "a"]).dictionary_encode(), string_array(["c", "a"])
    ...     .dictionary_encode()]))
    (['b', 'a', 'c'], array([0, 1, 2, 1]))
    """
    if not pa.types.is_dictionary(column.type):
        import pyarrow.compute as pc

        names = pc.unique(column)
        return names.to_pylist(), to_numpy(pc.index_in(column, value_set=names)).astype(np.int64)
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    names: list[str] = []
    code_of: dict[str, int] = {}
    codes = []
    for chunk in chunks:
        indices = to_numpy(chunk.indices).astype(np.int64)
        values = chunk.dictionary.to_pylist()
        to_code = np.zeros(len(values), np.int64)
        used = np.flatnonzero(np.bincount(indices, minlength=len(values)))
        first = [int(np.argmax(indices == i)) for i in used]  # one pass per value used (agents: a few)
        for i in used[np.argsort(first)].tolist():  # in order of first appearance
            to_code[i] = code_of.setdefault(values[i], len(names))
            if to_code[i] == len(names):
                names.append(values[i])
        codes.append(to_code[indices])
    return names, np.concatenate(codes) if codes else np.empty(0, np.int64)


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


@dataclass
class Summary:
    """A run's per-agent (or per-seat) summary as plain rows, what a game's ``GameSpec.summary`` returns: the
    pandas frame's data (``to_frame``) without pandas, for ``sniper simulate`` and ``sniper summary``
    (``sniper.cli.terminal.print_summary`` and ``summary_json`` read it as they read the frame).

    ``rows``: one dict per agent (or seat), every one with the same keys (the columns) in the same order, values
    Python ints, floats (``nan`` for none) and strings; ``attrs``: how to show it (the frame's ``attrs``: headers,
    legend, ...). ``columns``, ``empty``, ``to_dict("records")`` and ``insert`` are the frame's.

    >>> summary = Summary([{"agent": "easy", "hands": 3}], {"unit": "round"})
    >>> summary.insert(1, "won", [2]); summary.to_dict("records"), summary.columns
    ([{'agent': 'easy', 'won': 2, 'hands': 3}], ['agent', 'won', 'hands'])
    """

    rows: list[dict]
    attrs: dict = field(default_factory=dict)

    @property
    def columns(self) -> list[str]:
        """The column names, in order (none without a row)."""
        return list(self.rows[0]) if self.rows else []

    @property
    def empty(self) -> bool:
        """True without a row."""
        return not self.rows

    def column(self, name: str) -> list:
        """The values of column ``name``, one per row; ``KeyError`` for an unknown column."""
        return [row[name] for row in self.rows]

    def insert(self, at: int, name: str, values: Sequence) -> None:
        """Put column ``name`` (one value per row) at position ``at``, as ``pandas.DataFrame.insert``: ``ValueError``
        for a column it has or a number of values other than of rows."""
        if name in self.columns:
            raise ValueError(f"the summary has a column {name!r} already")
        for row, value in zip(self.rows, values, strict=True):
            items = list(row.items())
            items.insert(at, (name, value))
            row.clear()
            row.update(items)

    def to_dict(self, orient: str = "records") -> list[dict]:
        """The rows (copies), as ``pandas.DataFrame.to_dict("records")``; ``ValueError`` for another ``orient``."""
        if orient != "records":
            raise ValueError(f"a summary's rows are records, not {orient!r}")
        return [dict(row) for row in self.rows]

    def to_frame(self):
        """The pandas ``DataFrame`` of the rows, with the ``attrs`` (imports pandas)."""
        import pandas as pd

        frame = pd.DataFrame(self.rows)
        frame.attrs.update(self.attrs)
        return frame

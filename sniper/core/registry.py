"""The games ``sniper`` can play, registered by name (OpenSpiel's ``register_game``/``load_game``).

A game declares its facts once, in a ``GameSpec`` (its seat range, rule presets, game lengths,
tables, agent levels, engines …), and registers it with ``register_game``; the runner, the arena,
the command line, the server and the env look it up with ``get_game(name)`` instead of writing the
facts again. The built-in games are the packages of ``sniper.games``, registered when that package
is imported (``get_game`` imports it on first use, so ``import sniper`` stays cheap).

Nothing here imports a game: a spec names its heavy pieces (table schemas, engines) as
``"module:attribute"`` texts that ``GameSpec.resolve`` imports when they are needed. The texts are
the game's own declarations, never input from a user, a client or a file.

>>> get_game("sniper").title
"Sniper Hold'em"
>>> get_game("chess")
Traceback (most recent call last):
ValueError: unknown game 'chess'; valid: sniper
"""

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from sniper.core.table import TableState

DEFAULT_GAME = "sniper"
"""The game of every command and API given none (``--game``), and of a run whose manifest names none."""

BUILTIN_GAMES = "sniper.games"
"""The package whose import registers the built-in games (``sniper/games/__init__.py``)."""

_GAMES: dict[str, "GameSpec"] = {}


@dataclass(frozen=True)
class GameSpec:
    """What a game is, declared once (OpenSpiel's ``GameType``/``GameInfo``; PokerKit's variants).

    ``name``: the registry key and ``--game`` value (e.g. "sniper"); ``title``: its name for people.
    ``seats``: the table sizes allowed, a ``range`` of seat counts (``range(2, 7)``: 2 to 6 seats).
    ``rules``: the rule preset names and ``default_rules`` the one played when none is given;
    ``game_lengths``: the game length names (hands per game) and ``default_length``. ``tables``:
    table name → ``"module:attribute"`` of its pyarrow schema, the tables a run of the game writes.
    ``levels``: the AI level names of its agent specs; ``parameters``: level → parameter name →
    ``(low, high)``, the domain of the values a spec may give it (``None``: no upper bound).
    ``default_agents``: the specs seated by default, repeated to fill the table. ``engines``: engine
    name → ``"module:attribute"`` of the function that plays a chunk of a run with it, the reference
    engine first. ``new_table``: the builder of its table state, ``new_table(seats, rules, seed, game,
    **options)`` → a ``sniper.core.table.TableState`` playing one whole game (the one place its game
    flow is written). ``rules_doc``: the path, from the repository root, of the rules the game follows.
    Raises ``ValueError`` for a name that is not an identifier, seats that are not a range of
    positive counts, or a default that is not among the names; ``TypeError`` if ``new_table`` is not callable.
    """

    name: str
    title: str
    seats: range
    rules: tuple[str, ...]
    game_lengths: tuple[str, ...]
    tables: Mapping[str, str]
    levels: tuple[str, ...]
    parameters: Mapping[str, Mapping[str, tuple[float, float | None]]]
    default_agents: tuple[str, ...]
    engines: Mapping[str, str]
    new_table: Callable[..., TableState]
    default_rules: str
    default_length: str
    rules_doc: str

    def __post_init__(self):
        if not self.name or not self.name.isidentifier():
            raise ValueError(f"a game's name must be an identifier, got {self.name!r}")
        if not isinstance(self.seats, range) or self.seats.step != 1 or len(self.seats) < 1 or self.seats.start < 1:
            raise ValueError(f"a game's seats must be a range of seat counts such as range(2, 7), got {self.seats!r}")
        for name in ("rules", "game_lengths", "levels", "default_agents"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        for name in ("tables", "engines"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        params = {level: MappingProxyType(dict(domains)) for level, domains in self.parameters.items()}
        object.__setattr__(self, "parameters", MappingProxyType(params))
        if not callable(self.new_table):
            raise TypeError(f"{self.name}: new_table must build a TableState, got {self.new_table!r}")
        if self.default_rules not in self.rules or self.default_length not in self.game_lengths:
            raise ValueError(f"{self.name}: the default rules and game length must be among its own")

    @property
    def min_seats(self) -> int:
        """The fewest seats at a table."""
        return self.seats.start

    @property
    def max_seats(self) -> int:
        """The most seats at a table."""
        return self.seats.stop - 1

    @property
    def seat_text(self) -> str:
        """The seat range as people read it, e.g. "2-6" (help texts and errors)."""
        return f"{self.min_seats}-{self.max_seats}" if self.max_seats > self.min_seats else str(self.min_seats)

    def check_seats(self, seats: object, name: str = "players") -> None:
        """``ValueError`` naming the parameter ``name`` unless ``seats`` is a whole number in ``self.seats``
        (a ``bool`` is refused)."""
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in self.seats:
            raise ValueError(f"{name} must be {self.seat_text} ({self.title} seats), got {seats!r}")

    def resolve(self, target: str) -> object:
        """The object a ``"module:attribute"`` declaration of this spec names (a value of ``tables`` or
        ``engines``), imported now; ``ValueError`` for a text the spec does not declare."""
        if target not in (*self.tables.values(), *self.engines.values()):
            raise ValueError(f"{target!r} is not declared by the game {self.name!r}")
        module, _, attribute = target.partition(":")
        return getattr(importlib.import_module(module), attribute)

    def schema(self, table: str) -> object:
        """The pyarrow schema of the game's table ``table``; ``ValueError`` naming the tables otherwise."""
        if table not in self.tables:
            raise ValueError(f"unknown table {table!r} of {self.title}; valid: {', '.join(self.tables)}")
        return self.resolve(self.tables[table])


def register_game(spec: GameSpec) -> GameSpec:
    """Register ``spec`` under ``spec.name`` and return it; ``ValueError`` if another spec has that name
    (registering the same spec again is a no-op)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register_game takes a GameSpec, got {type(spec).__name__}")
    known = _GAMES.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"a game named {spec.name!r} is already registered")
    _GAMES[spec.name] = spec
    return spec


def _load_builtin() -> None:
    importlib.import_module(BUILTIN_GAMES)


def game_names() -> tuple[str, ...]:
    """The names of the registered games, sorted."""
    _load_builtin()
    return tuple(sorted(_GAMES))


def get_game(name: str = DEFAULT_GAME) -> GameSpec:
    """The ``GameSpec`` registered as ``name``; ``ValueError`` naming the valid names otherwise."""
    _load_builtin()
    spec = _GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise ValueError(f"unknown game {name!r}; valid: {', '.join(sorted(_GAMES))}")
    return spec

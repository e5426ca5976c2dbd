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
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: unknown game 'chess'; valid: draw, holdem, saint, sniper...
"""

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from types import MappingProxyType
from typing import Any, Protocol

from sniper.core import agent_spec
from sniper.core.agent_spec import AGENT_METHODS
from sniper.core.errors import ParameterError
from sniper.core.table import DYNAMICS, UTILITIES, TableState
from sniper.core.tables import HANDS, check_hand_schema

DEFAULT_GAME = "sniper"
"""The game of every command and API given none (``--game``), and of a run whose manifest names none."""

BUILTIN_GAMES = "sniper.games"
"""The package whose import registers the built-in games (``sniper/games/__init__.py``)."""

_GAMES: dict[str, "GameSpec"] = {}


class GameRules(Protocol):
    """What the game-independent layers know of a game's rules (``GameSpec.make_rules`` builds them).

    ``name``: the rule preset; ``hands_per_game``: the hands a game lasts at most (``None``: until it
    ends by itself); ``planned_hands``: the hands a game is taken to last when work is sized (chunks,
    duplicate groups); ``to_dict()``: plain JSON data (a run's manifest), which the class's
    ``from_dict`` reads back (``ValueError`` for data that does not fit).
    """

    name: str
    hands_per_game: int | None

    @property
    def planned_hands(self) -> int: ...

    def to_dict(self) -> dict: ...

    @classmethod
    def from_dict(cls, data: dict) -> "GameRules": ...


def head_level(spec: str) -> str:
    """The level of an agent spec ``LEVEL[:NAME=VALUE,…]`` (``GameSpec.level_of`` by default).

    >>> head_level("high:threshold=7")
    'high'
    """
    return spec.strip().partition(":")[0].strip()


@dataclass(frozen=True)
class GameSpec:
    """What a game is, declared once (OpenSpiel's ``GameType``/``GameInfo``; PokerKit's variants).

    ``name``: the registry key and ``--game`` value (e.g. "sniper"); ``title``: its name for people.
    ``seats``: the table sizes allowed, a ``range`` of seat counts (``range(2, 7)``: 2 to 6 seats).
    ``rules``: the rule preset names and ``default_rules`` the one played when none is given;
    ``game_lengths``: the game length names (hands per game) and ``default_length``; ``make_rules(preset,
    length)``: the rules object (``GameRules``) of a preset and length, ``ValueError`` naming the valid ones.
    ``tables``: table name → ``"module:attribute"`` of its pyarrow schema, the tables a run of the game
    writes, ``hands`` first (with the ``sniper.core.tables.HAND_COLUMNS``, checked by ``register_game``).

    Agents. An agent spec is a text ``LEVEL[:NAME=VALUE,…]`` (a game may add to the level's part, as
    Sniper Hold'em's ``+HEURISTIC``): ``levels`` are the AI level names; ``parameters``: level → parameter
    name → ``(low, high)``, the domain of the values a spec may give it (``None``: no upper bound);
    ``default_agents``: the specs seated by default, repeated to fill the table. ``make_agent(spec,
    decision_timeout=None)``: the agent a spec names (``ValueError`` saying why not);
    ``agent_vector(spec)``: its full parameter vector as plain JSON data (a manifest's ``agent_parameters``,
    the defaults of a level's parameters); ``split_agents(text)``: the specs of a comma list (default
    ``sniper.core.agent_spec.split_specs``);
    ``level_of(spec)``: a spec's level; ``is_outside(spec)``: whether it names an agent of the user's own,
    ``module:ClassName[:NAME=VALUE,…]`` (imported, so played on the reference engine only; default: the head
    of the spec is none of ``levels``, ``sniper.core.agent_spec.is_outside``); ``agent_methods``: the methods
    of the game's agent interface, each ``method(obs, stream)`` with the game's observation (default
    ``("act",)``; an outside agent and an env's opponent object must have them). The grammar of the specs is
    ``sniper.core.agent_spec``'s, shared by every game.

    Engines. ``engines``: engine name → ``"module:attribute"`` of the function that plays a chunk of a run,
    the reference engine first: ``play(config, chunk, hands_only=False)`` → ``sniper.core.tables.Chunk``
    (``config`` a ``sniper.runs.config.RunConfig``; with ``hands_only`` its tables may hold the hands
    table only). ``default_engine``: the one played when none is given (default: the first).
    ``engine_checks``: engine name → ``"module:attribute"`` of ``check(agents, rules)``, ``ValueError``
    when that engine cannot play those specs under those rules (``sniper tune`` asks before a study
    starts). ``new_table``: the builder of its table state, ``new_table(seats, rules, seed, game,
    **options)`` → a ``sniper.core.table.TableState`` playing one whole game (the one place its game
    flow is written).

    Optional, ``"module:attribute"`` (``None``: the game-independent default): ``summary(read, by)``, the
    per-agent or per-seat summary of a run (``read(columns)`` → its hands table's ``columns``, a pyarrow table; its
    string columns may be dictionary arrays: ``sniper.core.tables.string_codes`` reads either), a
    ``sniper.core.tables.Summary`` (its rows without pandas, which ``sniper simulate`` never imports) or a pandas
    frame (default ``sniper.core.analysis.hand_summary_rows``); ``replay(out, game, hand, fmt, export,
    games)``, what ``sniper replay`` prints (default: the hand's rows of each table,
    ``sniper.runs.replay``); ``record(hands, agents)``, the ``Chunk`` of finished hands played elsewhere,
    (game, hand, state) in order (``sniper.runs.store.write_run``; ``None``: not recorded);
    ``decision_time(spec, players, rules)``, the CPU µs per decision of a spec (``sniper tune``'s time
    budget; ``None``: not measured); ``equity(**cards, opponents, seed, samples, exact)``, a hand's
    equity as strict-JSON-ready data (``sniper equity --game``, ``sniper.core.inputs.game_equity``: called by
    keyword, its card texts by the names of its own card parameters, e.g. Hold'em's ``hole`` and ``board``,
    draw's ``hand`` and ``keep``; ``samples`` only when given, ``exact`` only when asked; ``ValueError``
    naming the parameter; ``None``: the game has none); ``importer(paths)``, real hand histories read from the
    files ``paths`` as a ``sniper.core.tables.Imported`` (``sniper import``: ``sniper.runs.store.import_run``
    writes them as a new run directory; ``ValueError``, one line, for a file it cannot read);
    ``history(hands, actions, seed)``, one hand's PHH text from its rows of the hands and actions tables
    (dicts of columns; ``sniper replay --format phh`` and ``--export`` of a game without its own ``replay``).
    ``report_panels(manifest)``, the game's own panels of a run's report (``sniper report``; a
    ``sniper.core.panels.RunPanels``, given the run a part at a time; ``None``: the base panels only, from the
    ``HAND_COLUMNS``); ``play_hand(agents, seed, game, hand, rules)``, one hand played by the reference engine
    with the agents the specs ``agents`` name, as the game's own record of it (``sniper.play_hand``; the hands
    before it are played too; ``LookupError`` when the game ends sooner; ``None``: the hand's rows of each
    table, ``sniper.runs.replay.play_hand_rows``). ``hand_text(hands, actions, seed)``, one hand's history in
    words from its rows of the hands and actions tables (dicts of columns) and the run's seed (``sniper replay``'s
    text of a game without its own ``replay``; ``None``: the hand's rows of each table). ``exploit(opponent,
    hands, bets, rounds, seed, workers, model_samples, rollouts)``, local best response's win rate against an
    agent spec as a ``sniper.core.lbr.LbrResult`` (``sniper exploit``; an option ``None``: the game's default;
    ``None``: not available for the game yet). ``warmup()``, compiling the game's numba kernel engine (or loading it
    from the disk cache) before a command's clock starts, in the module of an ``is_cached()`` that says whether the
    cache holds it (``sniper.cli.terminal.warm_up``; ``None``: nothing compiled ahead, e.g. a game whose kernels
    compile on first use).
    ``rules_doc``: the path, from the repository root, of its rules. ``big_blind``: the big blind in chips of a
    game with blinds (no-limit Hold'em's 2, H1), whose results are also shown in big blinds per 100 hands
    (``bb_per_100``, the field's unit); ``None``: chips only.

    Kind (OpenSpiel's ``GameType.dynamics`` and ``utility``): ``dynamics``, ``"sequential"`` (one seat acts at a
    time) or ``"simultaneous"`` (its table may stop at ``sniper.core.table.SIMULTANEOUS``, every picking seat
    choosing at once: ``sniper.core.table.SimultaneousTableState``); ``utility``, ``"chips"`` (the hands table's
    ``net`` and ``stack_after`` are chips) or ``"points"`` (``stack_after`` is the seat's points so far, so the
    most wins a game, and ``net`` the round's ``sniper.core.table.point_difference``: every layer adding ``net``
    up — duels, leagues, tune, summaries — gets a zero-sum utility). ``unit`` and ``score``: what the game
    calls a hand and what it counts, for people ("hand", "chips"; Saint Poker's "round", "points").
    ``showdown``: ``"module:attribute"`` of ``showdown(board, holes, **options)``, a showdown of the game's
    cards as strict-JSON-ready data (``sniper showdown --game``; ``None``: Sniper Hold'em's only).
    ``game_replay``: ``"module:attribute"`` of ``render(rows, game, hand, fmt, title)``, a whole game (or one of its
    hands) as text or JSON from its rows of each table (``sniper.runs.replay.whole_game_replay``: ``sniper replay
    --game G [--hand H]`` of a game without its own ``replay``; ``None``: the hand's rows, ``table_replay``).
    ``served``: ``"module:attribute"`` of the game's ``sniper.core.served.ServedGame`` subclass, what ``sniper
    serve`` needs to host it (its page, moves, timeout, AI levels, views; ``None``: not hosted).

    Raises ``ValueError`` for a name that is not an identifier, seats that are not a range of
    positive counts, no engine, or a default that is not among the names; ``TypeError`` if ``new_table``
    or another builder is not callable.
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
    make_rules: Callable[[str, str], GameRules]
    make_agent: Callable[..., Any]
    agent_vector: Callable[[str], dict]
    default_engine: str = ""
    engine_checks: Mapping[str, str] = field(default_factory=dict)
    split_agents: Callable[[str], list[str]] = agent_spec.split_specs
    level_of: Callable[[str], str] = head_level
    is_outside: Callable[[str], bool] | None = None
    agent_methods: tuple[str, ...] = AGENT_METHODS
    summary: str | None = None
    replay: str | None = None
    record: str | None = None
    decision_time: str | None = None
    equity: str | None = None
    importer: str | None = None
    history: str | None = None
    report_panels: str | None = None
    play_hand: str | None = None
    hand_text: str | None = None
    big_blind: int | None = None
    exploit: str | None = None
    dynamics: str = "sequential"
    utility: str = "chips"
    unit: str = "hand"
    score: str = "chips"
    showdown: str | None = None
    game_replay: str | None = None
    served: str | None = None
    warmup: str | None = None

    @property
    def net_name(self) -> str:
        """What the hands table's ``net`` counts, for people: "net chips" in a chip game, "point difference" in a
        points game (``utility``)."""
        return "net chips" if self.utility == "chips" else "point difference"

    def __post_init__(self):
        if not self.name or not self.name.isidentifier():
            raise ValueError(f"a game's name must be an identifier, got {self.name!r}")
        if not isinstance(self.seats, range) or self.seats.step != 1 or len(self.seats) < 1 or self.seats.start < 1:
            raise ValueError(f"a game's seats must be a range of seat counts such as range(2, 7), got {self.seats!r}")
        for name in ("rules", "game_lengths", "levels", "default_agents", "agent_methods"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if self.is_outside is None:
            object.__setattr__(self, "is_outside", partial(agent_spec.is_outside, levels=self.levels))
        for name in ("tables", "engines", "engine_checks"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        params = {level: MappingProxyType(dict(domains)) for level, domains in self.parameters.items()}
        object.__setattr__(self, "parameters", MappingProxyType(params))
        if not callable(self.new_table):
            raise TypeError(f"{self.name}: new_table must build a TableState, got {self.new_table!r}")
        for name in ("make_rules", "make_agent", "agent_vector", "split_agents", "level_of", "is_outside"):
            if not callable(getattr(self, name)):
                raise TypeError(f"{self.name}: {name} must be callable, got {getattr(self, name)!r}")
        if self.default_rules not in self.rules or self.default_length not in self.game_lengths:
            raise ValueError(f"{self.name}: the default rules and game length must be among its own")
        if self.dynamics not in DYNAMICS or self.utility not in UTILITIES:
            raise ValueError(
                f"{self.name}: dynamics must be one of {', '.join(DYNAMICS)} and utility one of {', '.join(UTILITIES)}"
            )
        if not self.engines:
            raise ValueError(f"{self.name}: a game needs at least one engine (its reference engine first)")
        object.__setattr__(self, "default_engine", self.default_engine or next(iter(self.engines)))
        if self.default_engine not in self.engines or not set(self.engine_checks) <= set(self.engines):
            raise ValueError(f"{self.name}: the default engine and the checked engines must be among its engines")

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

    def game_rules(self, preset: str | None = None, length: str | None = None) -> GameRules:
        """The rules of preset ``preset`` and game length ``length`` (``None`` or ``""``: the game's
        defaults, ``default_rules`` and ``default_length``), from ``make_rules``, which raises
        ``ValueError`` for an unknown preset or length."""
        return self.make_rules(preset or self.default_rules, length or self.default_length)

    def check_seats(self, seats: object, name: str = "players") -> None:
        """``ParameterError`` naming the parameter ``name`` unless ``seats`` is a whole number in ``self.seats``
        (a ``bool`` is refused)."""
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in self.seats:
            raise ParameterError(
                "{" + name + "} must be {seat_range} ({title} seats), got {got!r}",
                seat_range=self.seat_text,
                title=self.title,
                got=seats,
            )

    def seated_agents(self, seats: int) -> tuple[str, ...]:
        """The specs a table of ``seats`` seats gets when none are given: ``default_agents`` repeated to fill it
        (no-limit Hold'em's ``easy,normal,hard`` at 4 seats: ``easy,normal,hard,easy``)."""
        return tuple(self.default_agents[i % len(self.default_agents)] for i in range(seats))

    def fit_seats(self, players: int) -> int:
        """``players`` moved into the seat range (the default seat count of a command, for a game whose range
        does not hold it)."""
        return min(max(players, self.min_seats), self.max_seats)

    def declared(self) -> tuple[str, ...]:
        """Every ``"module:attribute"`` text the spec declares (``resolve`` imports only these)."""
        hooks = (self.summary, self.replay, self.record, self.decision_time, self.equity, self.importer)
        optional = (*hooks, self.history, self.report_panels, self.play_hand, self.hand_text, self.exploit)
        optional = (*optional, self.showdown, self.game_replay, self.served, self.warmup)
        texts = (*self.tables.values(), *self.engines.values(), *self.engine_checks.values(), *optional)
        return tuple(text for text in texts if text is not None)

    def resolve(self, target: str) -> object:
        """The object a ``"module:attribute"`` declaration of this spec names (``declared``), imported now;
        ``ValueError`` for a text the spec does not declare."""
        if target not in self.declared():
            raise ValueError(f"{target!r} is not declared by the game {self.name!r}")
        module, _, attribute = target.partition(":")
        return getattr(importlib.import_module(module), attribute)

    def schema(self, table: str) -> object:
        """The pyarrow schema of the game's table ``table``; ``ValueError`` naming the tables otherwise."""
        if table not in self.tables:
            raise ValueError(f"unknown table {table!r} of {self.title}; valid: {', '.join(self.tables)}")
        return self.resolve(self.tables[table])

    def engine(self, name: str) -> Callable:
        """The chunk-playing function of engine ``name`` (``engines``); ``ValueError`` naming the valid ones."""
        self.check_engine(name)
        return self.resolve(self.engines[name])

    def check_engine(self, name: str) -> None:
        """``ValueError`` unless ``name`` is one of the game's engines."""
        if name not in self.engines:
            raise ValueError(f"unknown engine {name!r}; valid: {', '.join(self.engines)}")

    def check_agents(self, engine: str, agents: Sequence[str], rules: GameRules) -> None:
        """``ValueError`` when ``engine`` cannot play ``agents`` under ``rules`` (its ``engine_checks``; every
        spec must make an agent)."""
        for spec in agents:
            self.make_agent(spec)
        if engine in self.engine_checks:
            self.resolve(self.engine_checks[engine])(list(agents), rules)

    def choose_engine(self, agents: Sequence[str], engine: str) -> tuple[str, str | None]:
        """The engine a run of ``agents`` plays on, and a one-line note when it is not ``engine``: outside
        agents (``is_outside``) play on the reference engine (the first of ``engines``; same results)."""
        reference = next(iter(self.engines))
        outside = [spec for spec in agents if self.is_outside(spec)]
        if not outside or engine == reference:
            return engine, None
        names = ", ".join(dict.fromkeys(outside))
        return reference, f"outside agent {names} plays on the {reference} engine (--engine {reference})"

    def agent_of(self, agent: object, refusal: str | None = None) -> Any:
        """The agent that plays a seat given as ``agent`` (an env's opponent): a spec (a level name such as
        "easy", or any spec ``make_agent`` takes, an outside agent's import path included) made by ``make_agent``;
        an object with the game's ``agent_methods`` as itself. ``ValueError`` for a bad spec (``make_agent``'s)
        or another object (``refusal``, else a line naming what is taken)."""
        if isinstance(agent, str):
            return self.make_agent(agent)
        if all(callable(getattr(agent, method, None)) for method in self.agent_methods):
            return agent
        methods = " and ".join(f"{method}(obs, stream)" for method in self.agent_methods)
        raise ValueError(refusal or f"an agent of {self.title} is an agent spec or an object with {methods}")

    def parse_agents(self, text: str, seats: int) -> list[str]:
        """The agent specs of a comma list, one per seat: one spec is repeated for every seat; otherwise
        there must be exactly ``seats``. ``ValueError`` when a spec names no agent or the count is wrong."""
        specs = self.split_agents(text)
        if len(specs) == 1:
            specs = specs * seats
        if len(specs) != seats:
            raise ValueError(f"{len(specs)} agents given for {seats} players; give 1 or {seats}")
        for spec in specs:
            self.make_agent(spec)
        return specs

    def level_parameters(self, level: str) -> dict[str, object]:
        """The tunable parameters of ``level`` and their defaults (from ``agent_vector(level)``); ``ValueError``
        for an unknown level."""
        if level not in self.parameters:
            raise ValueError(f"unknown agent level {level!r}; valid: {', '.join(self.levels)}")
        vector = self.agent_vector(level)
        return {name: vector[name] for name in self.parameters[level]}

    def parameter_domain(self, level: str, name: str) -> tuple[float, float | None]:
        """The values parameter ``name`` of ``level`` may take, ``(low, high)`` (``None``: no upper bound)."""
        return self.parameters[level][name]

    def length_of(self, rules: GameRules) -> str:
        """The game length name of ``rules`` (the one ``make_rules`` gives its hands per game), else its hands
        per game as text."""
        for length in self.game_lengths:
            try:
                if self.make_rules(rules.name, length).hands_per_game == rules.hands_per_game:
                    return length
            except ValueError:
                break
        return str(rules.hands_per_game)


def bb_per_100(chips_per_hand: float, big_blind: int) -> float:
    """Chips per hand in big blinds per 100 hands (bb/100, the unit of win rates at Hold'em):
    ``chips_per_hand * 100 / big_blind``.

    >>> bb_per_100(0.5, 2)
    25.0
    """
    return chips_per_hand * 100 / big_blind


def register_game(spec: GameSpec) -> GameSpec:
    """Register ``spec`` under ``spec.name`` and return it; ``ValueError`` if another spec has that name
    (registering the same spec again is a no-op) or its hands table lacks a column every game has
    (``sniper.core.tables.check_hand_schema``; its schema is imported now)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register_game takes a GameSpec, got {type(spec).__name__}")
    known = _GAMES.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"a game named {spec.name!r} is already registered")
    if next(iter(spec.tables), None) != HANDS:
        raise ValueError(f"{spec.name}: a game's tables start with its {HANDS!r} table")
    check_hand_schema(spec.schema(HANDS), spec.name)
    _GAMES[spec.name] = spec
    return spec


def _load_builtin() -> None:
    importlib.import_module(BUILTIN_GAMES)


def game_names() -> tuple[str, ...]:
    """The names of the registered games, sorted."""
    _load_builtin()
    return tuple(sorted(_GAMES))


def get_game(name: str = DEFAULT_GAME) -> GameSpec:
    """The ``GameSpec`` registered as ``name``; ``ValueError`` naming the valid names otherwise. Only the
    built-in games' package is ever imported here: a name is looked up, never imported."""
    _load_builtin()
    spec = _GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise ValueError(f"unknown game {name!r}; valid: {', '.join(sorted(_GAMES))}")
    return spec

"""What a run plays and how a user asks for it: ``RunConfig`` (the manifest's ``config``), ``RunOptions``
(the options of ``sniper simulate``, with their ``DEFAULTS``), and the checks a resumed run's options pass
(``refuse_changes``, ``refuse_outside``). ``RunDirError``: a directory is not a run, or cannot be resumed.

A run plays one registered game (``RunConfig.game``, ``sniper.core.registry``): its rules, agents and engines
come from the game's ``GameSpec``; nothing here imports a game.
"""

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from sniper.core import defaults
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, GameRules, GameSpec, get_game


class RunDirError(ValueError):
    """A directory is not a run directory, or cannot be resumed; the message says why."""


@dataclass(frozen=True)
class RunConfig:
    """What a run plays: agent specs (one per seat), rules, seed, and at least ``hands`` hands of ``game``.

    ``game``: a registered game (``sniper.core.registry``; the manifest's top-level ``game``, not part of
    ``to_dict``); ``rules``: its rules object (``GameSpec.make_rules``). ``engine`` is one of the game's
    engines (``GameSpec.engines``; default ``GameSpec.default_engine``; Sniper Hold'em's "reference" and
    "kernel" give the same rows, R13). ``decision_timeout`` (seconds, ``None`` = none) limits each
    decision of an outside agent; outside agents need the reference engine (``GameSpec.choose_engine``).
    Raises ``ValueError`` for a game that is not registered.
    """

    agents: tuple[str, ...]
    rules: GameRules
    seed: int = defaults.SEED
    hands: int = defaults.HANDS
    chunk_games: int = defaults.CHUNK_GAMES
    engine: str = ""
    decision_timeout: float | None = None
    game: str = DEFAULT_GAME

    def __post_init__(self):
        object.__setattr__(self, "engine", self.engine or get_game(self.game).default_engine)

    def to_dict(self) -> dict:
        """The config as plain JSON data (the manifest's ``config``; the game is the manifest's own key)."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "game"}
        return {**data, "agents": list(self.agents), "rules": self.rules.to_dict()}

    @classmethod
    def from_dict(cls, data: dict, game: str = DEFAULT_GAME) -> "RunConfig":
        """The config a manifest's ``config`` describes, of the manifest's ``game``; ``RunDirError`` if it does
        not fit."""
        names = {f.name for f in fields(cls)} - {"game"}
        spec = get_game(game)
        rules = type(spec.game_rules())
        try:
            if set(data) != names:
                raise ValueError("fields")
            return cls(
                **{**data, "agents": tuple(data["agents"]), "rules": rules.from_dict(data["rules"]), "game": game}
            )
        except (TypeError, ValueError):
            raise RunDirError("the manifest's config does not match this version's parameters") from None


@dataclass(frozen=True)
class RunOptions:
    """A run as a user asks for it (the options of ``sniper simulate``); ``None`` means not given.

    For a new run an option not given takes its value from ``DEFAULTS`` (the one source of the
    defaults, shown by ``--help`` too); when resuming, the run's own value, and an option given
    with a value other than the run's is refused. ``game`` a registered game (``sniper.core.registry``,
    default ``DEFAULT_GAME``), whose ``GameSpec`` gives the rest its meaning and, for a game other than
    Sniper Hold'em, its defaults (``default_players``, ``GameSpec.default_agents``, ``default_rules``,
    ``default_length``, ``default_engine``): ``players`` a seat count of it (2-6 for Sniper Hold'em, R2);
    ``hands`` at least that many hands; ``agents`` a comma list of specs, one per seat or one for all
    (``GameSpec.parse_agents``); ``game_length`` and ``rules`` a length and preset of it (Sniper Hold'em:
    "10", "20" or "bust" and "ours" or "show", R9, R12; ``GameSpec.make_rules``); ``engine`` one of its
    engines (outside agents switch a new run to the reference engine: ``GameSpec.choose_engine``);
    ``chunk_games`` games per chunk (at least 1; default ``default_chunk_games``); ``decision_timeout``
    seconds per decision of an outside agent.
    """

    players: int | None = None
    hands: int | None = None
    agents: str | None = None
    seed: int | None = None
    game_length: str | None = None
    rules: str | None = None
    engine: str | None = None
    chunk_games: int | None = None
    decision_timeout: float | None = None
    game: str | None = None

    def given(self) -> dict[str, object]:
        """The options given (not ``None``), in field order."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}

    def spec(self) -> GameSpec:
        """The ``GameSpec`` of ``game`` (``DEFAULT_GAME`` when not given); ``ValueError`` for an unknown game."""
        return get_game(self.game or DEFAULT_GAME)

    def check(self) -> None:
        """``ValueError`` naming the first given option out of range (the agents are checked with the seats)."""
        spec = self.spec()
        if self.players is not None:
            spec.check_seats(self.players, "players")
        if self.hands is not None and self.hands < 1:
            raise ParameterError("{hands} must be at least 1, got {got}", got=self.hands)
        if self.chunk_games is not None and self.chunk_games < 1:
            raise ParameterError("{chunk_games} must be 1 or more, got {got}", got=self.chunk_games)
        if self.decision_timeout is not None and not self.decision_timeout > 0:
            raise ParameterError(
                "{decision_timeout} must be a positive number of seconds, got {got}", got=self.decision_timeout
            )
        if self.engine is not None:
            spec.check_engine(self.engine)
        spec.game_rules(self.rules, self.game_length)

    def seats(self) -> int:
        """Seats of a new run: ``players``, else the number of agents listed (if more than one), else the
        default (``default_players``)."""
        listed = self.spec().split_agents(self.agents) if self.agents else []
        return self.players or (len(listed) if len(listed) > 1 else default_players(self.spec()))

    def config(self) -> RunConfig:
        """The ``RunConfig`` of a new run with these options (defaults for the rest); ``ValueError`` if invalid."""
        self.check()
        spec, n = self.spec(), self.seats()
        mix = ",".join(spec.seated_agents(n))
        pick = {name: value if value is not None else getattr(DEFAULTS, name) for name, value in asdict(self).items()}
        agents = tuple(spec.parse_agents(self.agents or mix, n))
        rules = spec.game_rules(self.rules, self.game_length)
        engine = spec.choose_engine(agents, self.engine or spec.default_engine)[0]
        return RunConfig(
            agents=agents,
            rules=rules,
            seed=pick["seed"],
            hands=pick["hands"],
            chunk_games=self.chunk_games or default_chunk_games(pick["hands"], rules, engine),
            engine=engine,
            decision_timeout=self.decision_timeout,
            game=spec.name,
        )


def default_players(spec: GameSpec) -> int:
    """Seats of a new run given neither players nor a list of agents: ``DEFAULTS.players``, moved into the
    game's seat range (``GameSpec.fit_seats``)."""
    return spec.fit_seats(DEFAULTS.players)


def default_chunk_games(hands: int, rules: GameRules, engine: str) -> int:
    """Games per chunk of a new run given no ``--chunk-games``.

    With the kernel, about ``hands / CHUNKS_PER_RUN`` hands per chunk, between ``CHUNK_GAMES`` and
    ``KERNEL_CHUNK_GAMES`` games (bigger parts cost less per hand to write). With the reference
    engine, about ``hands / REFERENCE_CHUNKS`` hands per chunk, between 1 and ``CHUNK_GAMES`` games:
    small runs play few games beyond ``hands``, and the chunks are what its worker processes
    share (any engine but "kernel" runs on processes, ``Backend``). Games are taken to last
    ``GameRules.planned_hands``. Results do not depend on it: every hand
    is fixed by (seed, game, hand) (R13), and it does not depend on the number of workers.

    >>> rules = get_game().make_rules("ours", "20")
    >>> [default_chunk_games(h, rules, "kernel") for h in (1_000_000, 10_000)]
    [2000, 200]
    >>> [default_chunk_games(h, rules, "reference") for h in (20, 200, 1_000_000)]
    [1, 2, 200]
    """
    per_game = rules.planned_hands
    if engine != "kernel":
        return max(1, min(defaults.CHUNK_GAMES, -(-hands // (defaults.REFERENCE_CHUNKS * per_game))))
    games = -(-hands // (defaults.CHUNKS_PER_RUN * per_game))
    return max(defaults.CHUNK_GAMES, min(defaults.KERNEL_CHUNK_GAMES, games))


DEFAULTS = RunOptions(
    players=defaults.PLAYERS,
    hands=defaults.HANDS,
    agents=",".join(defaults.AGENTS),
    seed=defaults.SEED,
    game_length=defaults.GAME_LENGTH,
    rules=defaults.RULES,
    engine=defaults.ENGINE,
    game=DEFAULT_GAME,
)
"""The options of a new run of the default game when none are given (from ``sniper.core.defaults``, which
``--help`` shows); a run of another game takes its own from its ``GameSpec`` (``RunOptions``)."""


def run_options(config: RunConfig) -> RunOptions:
    """The options that make ``config`` (its agents as a comma list; game length and preset from its rules)."""
    return RunOptions(
        players=len(config.agents),
        hands=config.hands,
        agents=",".join(config.agents),
        seed=config.seed,
        game_length=get_game(config.game).length_of(config.rules),
        rules=config.rules.name,
        engine=config.engine,
        chunk_games=config.chunk_games,
        decision_timeout=config.decision_timeout,
        game=config.game,
    )


def refuse_changes(out: Path, config: RunConfig, requested: "RunOptions | dict | None") -> None:
    """Refuse to resume ``config`` with other options: ``RunDirError`` naming the first option given with a value
    other than the run's, and both values (``--agents`` is compared seat by seat, so "easy" equals "easy,easy").

    ``requested`` is a ``RunOptions`` or a dict of its field names (agents may also be a sequence of specs).
    Raises ``ValueError`` for an invalid option (e.g. an unknown agent).
    """
    if isinstance(requested, dict):
        agents = requested.get("agents")
        if agents is not None and not isinstance(agents, str):
            requested = {**requested, "agents": ",".join(agents)}
        requested = RunOptions(**requested)
    requested = requested or RunOptions()
    if requested.game is None:  # checked as options of the run's own game
        requested = replace(requested, game=config.game)
    requested.check()
    have = run_options(config)
    for name, value in requested.given().items():
        own = getattr(have, name)
        if name == "agents":
            seats = requested.players or len(config.agents)
            same = tuple(get_game(config.game).parse_agents(value, seats)) == config.agents
        else:
            same = value == own
        if not same:
            option = name.replace("_", "-")
            raise RunDirError(f"cannot resume {out}: the run has {option} {own}, not {value}")


def check_engine(engine: str, game: str = DEFAULT_GAME) -> None:
    """``ValueError`` unless ``engine`` is one of the engines of ``game`` (``GameSpec.engines``)."""
    get_game(game).check_engine(engine)

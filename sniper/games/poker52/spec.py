"""What the 52-card games' ``GameSpec``s share: rules objects, agent specs and the reference engine's chunks.

No-limit Hold'em (``sniper.games.holdem``) and five-card draw (``sniper.games.draw``) are declared the same
way: one rule preset ("standard"), game lengths by name (H10, D9), agent specs ``LEVEL[:NAME=VALUE,…]``
(``sniper.core.agent_spec``, with outside agents) over levels whose parameters are data
(``sniper.games.poker52.level_parameters``), and a reference engine that plays whole games on the game's PokerKit
table. A light module: importing it imports no PokerKit (the registry loads every game's spec when it is
first asked).

>>> spec_vector({"easy": {"bluff": (0.05, 0.0, 1.0)}}, "easy")
{'spec': 'easy', 'level': 'easy', 'bluff': 0.05}
>>> hands_of_length({"20": 20, "bust": None}, "10")
Traceback (most recent call last):
ValueError: game length must be one of 20, bust, got '10'
>>> rules = make_poker_rules({"50": 50, "bust": None}, "standard", "bust")
>>> rules.hands_per_game, rules.planned_hands, PokerRules.from_dict(rules.to_dict()) == rules
(None, 100, True)
"""

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib import import_module
from types import ModuleType

from sniper.core.agent_spec import OutsideAgent, is_outside, make_outside_agent, outside_vector, parse_spec
from sniper.core.tables import Chunk, to_table
from sniper.games.poker52.level_parameters import Parameters, domains

PRESET = "standard"
"""The one rule preset of the 52-card games (GAMES.md fixes their rules)."""
BUST_PLANNED_HANDS = 100
"""The hands a game played until one player holds every chip ("bust") is taken to last when work is sized."""


def spec_fields(
    package: str, parameters: Parameters, lengths: Mapping[str, int | None], default_length: str, rules_doc: str
) -> dict:
    """The ``GameSpec`` fields no-limit Hold'em, five-card draw and Saint Poker declare alike, for the game package
    ``sniper.games.<package>`` (``sniper.core.registry.GameSpec``): the one preset ``PRESET``, the game lengths
    ``lengths`` (default ``default_length``), the levels of ``parameters`` and their tunable domains, seats
    filled with easy, normal and hard by default, the reference engine (``<package>.chunks:play_chunk_reference``)
    and the default kernel engine (``<package>.kernel_engine``: ``play_chunk_kernel``, checked by
    ``kernel_inputs``), and the rules page ``rules_doc``.

    >>> fields = spec_fields("holdem", {"easy": {"bluff": (0.05, 0.0, 1.0)}}, {"20": 20}, "20", "docs/holdem.md")
    >>> fields["engines"]["kernel"], fields["levels"], fields["default_rules"]
    ('sniper.games.holdem.kernel_engine:play_chunk_kernel', ('easy',), 'standard')
    """
    module = f"sniper.games.{package}"
    return {
        "rules": (PRESET,),
        "game_lengths": tuple(lengths),
        "levels": tuple(parameters),
        "parameters": domains(parameters),
        "default_agents": ("easy", "normal", "hard"),
        "engines": {
            "reference": f"{module}.chunks:play_chunk_reference",
            "kernel": f"{module}.kernel_engine:play_chunk_kernel",
        },
        "default_engine": "kernel",
        "engine_checks": {"kernel": f"{module}.kernel_engine:kernel_inputs"},
        "default_rules": PRESET,
        "default_length": default_length,
        "rules_doc": rules_doc,
    }


def hands_of_length(lengths: Mapping[str, int | None], length: str) -> int | None:
    """The hands a game of ``length`` (a key of the game's ``lengths``) lasts at most; ``None`` for a
    game played until one player holds every chip (H10, D9). ``ValueError`` naming the length otherwise."""
    if not isinstance(length, str) or length not in lengths:
        raise ValueError(f"game length must be one of {', '.join(lengths)}, got {length!r}")
    return lengths[length]


@dataclass(frozen=True)
class PokerRules:
    """A 52-card game's rules as a run records them (``sniper.core.registry.GameRules``).

    ``name``: the preset ("standard"); ``length``: the game length's name ("50", "bust" …);
    ``hands_per_game``: its hands, ``None`` for "bust".
    """

    name: str
    length: str
    hands_per_game: int | None

    @property
    def planned_hands(self) -> int:
        """The hands a game is taken to last when chunks and duplicate groups are sized."""
        return self.hands_per_game or BUST_PLANNED_HANDS

    def to_dict(self) -> dict:
        """The rules as plain JSON data (a manifest's ``config.rules``)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "PokerRules":
        """The rules ``to_dict`` wrote; ``ValueError`` for data that does not fit."""
        if not isinstance(data, dict) or set(data) != {"name", "length", "hands_per_game"}:
            raise ValueError("the manifest's rules are not those of a 52-card game")
        return cls(**data)


def make_poker_rules(lengths: Mapping[str, int | None], preset: str, length: str) -> PokerRules:
    """The ``PokerRules`` of ``preset`` (only ``PRESET``) and ``length`` (a key of ``lengths``);
    ``ValueError`` naming the valid ones otherwise."""
    if preset != PRESET:
        raise ValueError(f"rules must be {PRESET}, got {preset!r}")
    return PokerRules(PRESET, length, hands_of_length(lengths, length))


def spec_vector(parameters: Parameters, spec: str) -> dict:
    """A level spec's full parameter vector as plain JSON data: ``spec``, ``level`` and every parameter of the
    level (its default where the spec gives none). ``ValueError`` for an unknown level."""
    level, given = parse_spec(spec)
    if level not in parameters:
        raise ValueError(f"unknown level {level!r}; valid: {', '.join(parameters)}")
    values = {name: given.get(name, default) for name, (default, _, _) in parameters[level].items()}
    return {"spec": spec, "level": level, **values}


def agent_vector(parameters: Parameters, make_agent: Callable[[str], object], spec: str) -> dict:
    """A 52-card game's ``GameSpec.agent_vector``: the agent ``make_agent(spec)`` is built (``ValueError`` saying
    why it cannot be), then an outside agent's vector (``sniper.core.agent_spec.outside_vector``) or a level
    spec's (``spec_vector`` over the game's ``parameters``)."""
    agent = make_agent(spec)
    return outside_vector(agent, spec) if isinstance(agent, OutsideAgent) else spec_vector(parameters, spec)


def agent_builder(make_level: Callable[..., object], levels: Collection[str]) -> Callable[..., object]:
    """``make_agent(spec, decision_timeout=None)`` of a ``GameSpec`` from the game's ``make_level(name,
    **params)`` and its ``levels``: an outside agent for an import path (``sniper.core.agent_spec``, with
    ``decision_timeout`` seconds per decision), else the level a level spec ``LEVEL[:NAME=VALUE,…]`` names.
    ``ValueError`` saying why not."""

    def make_agent(spec: str, decision_timeout: float | None = None):
        if is_outside(spec, levels):
            return make_outside_agent(spec, decision_timeout)
        level, params = parse_spec(spec)
        return make_level(level, **params)

    return make_agent


def lazy_agent_builder(target: str) -> Callable[..., object]:
    """``make_agent(spec, decision_timeout=None)`` of a ``GameSpec`` declared from the game's light modules: the
    game's own builder, ``target`` (``"module:attribute"``, e.g. ``"sniper.games.holdem.levels:make_agent"``),
    imported when an agent is first made (the registry imports no PokerKit when it loads the games). The agent a
    spec names: a level ``LEVEL[:NAME=VALUE,…]`` or an outside agent ``module:ClassName[:NAME=VALUE,…]``
    (``sniper.core.agent_spec``, each decision limited to ``decision_timeout`` seconds); ``ValueError`` saying
    why not."""
    module, attribute = target.split(":")

    def make_agent(spec: str, decision_timeout: float | None = None):
        return getattr(import_module(module), attribute)(spec, decision_timeout)

    return make_agent


def play_reference_chunk(
    config,
    chunk: int,
    hands_only: bool = False,
    *,
    make_agent: Callable[[str], object],
    play_game: Callable,
    results: ModuleType,
) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig``) on a 52-card game's reference
    engine: its ``config.chunk_games`` games from game ``chunk * config.chunk_games``, each played by
    ``play_game(seats, seed, game, agents, length)`` (the game's ``play.play_game``, hand records) with one
    ``make_agent(spec)`` per seat, as the hands table (and the actions table unless ``hands_only``) of the
    game's ``results`` module and the hands of each game (``records_chunk``). ``ValueError`` for a bad spec. A game's
    ``chunks.play_chunk_reference`` is this function with its ``make_agent``, ``play_game`` and ``results``."""
    agents = [make_agent(spec) for spec in config.agents]
    start = chunk * config.chunk_games
    games = range(start, start + config.chunk_games)
    played = ((g, play_game(len(agents), config.seed, g, agents, config.rules.length)) for g in games)
    return records_chunk(played, config.agents, hands_only, results)


def finished_chunk(
    hands: Iterable[tuple[int, int, object]], agents: Sequence[str], record_of: Callable, results: ModuleType
) -> Chunk:
    """Both tables' rows of finished hands played elsewhere (a served game), given as (game, hand, state) in order
    (``state`` the game's finished ``PokerKitHand``), seated by the labels ``agents``: ``records_chunk`` of each
    game's ``record_of(state, hand)`` (the game's ``play.HandRecord.of``); a 52-card game's ``GameSpec.record``
    (its ``chunks.record_chunk``: this function with its ``record_of`` and ``results``).
    ``ValueError`` for no hands, an unfinished hand or a hand without one seat per label."""
    played: list[tuple[int, list]] = []
    for game, hand, state in hands:
        if state.seats != len(agents):
            raise ValueError(f"game {game} hand {hand} has {state.seats} seats, not {len(agents)}")
        if not played or played[-1][0] != game:
            played.append((game, []))
        played[-1][1].append(record_of(state, hand))
    if not played:
        raise ValueError("write_run needs at least one hand")
    return records_chunk(played, agents, False, results)


def records_chunk(
    played: Iterable[tuple[int, Sequence]], agents: Sequence[str], hands_only: bool, results: ModuleType
) -> Chunk:
    """The chunk of ``played``, pairs of a game's number and its hand records (the game's ``play.HandRecord``
    list, one per hand, from its reference engine or its kernel), seats ``agents`` (specs): the hands table (and
    the actions table unless ``hands_only``) of the game's ``results`` module (``COLUMNS``, ``ACTION_COLUMNS``,
    ``hand_rows``, ``action_rows``), games in the order of ``played``, and the hands of each game."""
    hands = {name: [] for name in results.COLUMNS}
    actions = {name: [] for name in results.ACTION_COLUMNS}
    counts = []
    for game, records in played:
        for name, values in results.hand_rows(records, game, list(agents)).items():
            hands[name].extend(values)
        if not hands_only:
            for name, values in results.action_rows(records, game).items():
                actions[name].extend(values)
        counts.append(len(records))
    tables = {"hands": to_table(hands, results.COLUMNS)}
    if not hands_only:
        tables["actions"] = to_table(actions, results.ACTION_COLUMNS)
    return Chunk(tables, counts)

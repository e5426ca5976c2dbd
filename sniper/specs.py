"""Agent specs as data: the one place where a text such as ``hard+ev:samples=4000`` becomes an agent.

Grammar: ``LEVEL[+HEURISTIC][:NAME=VALUE,NAME=VALUE…]``. ``LEVEL`` is a key of ``LEVELS`` (a class
and its default parameters), ``HEURISTIC`` a key of ``sniper.agents.SNIPE_HEURISTICS`` (default:
the level's own), and the parameters override the level's defaults (``level_parameters`` lists
them). Examples: ``hard``, ``hard+ev``, ``normal+pass``, ``hard:samples=4000,bluff=0.08``.
"""

from dataclasses import fields, replace

from kernels.params import HARD_DEFAULTS, NORMAL_DEFAULTS
from sniper.agents import SNIPE_HEURISTICS, Agent, EasyAgent, MonteCarloAgent, RandomAgent

LEVELS: dict[str, Agent] = {
    "random": RandomAgent(),
    "easy": EasyAgent(),
    "normal": MonteCarloAgent(**NORMAL_DEFAULTS, spec="normal"),
    "hard": MonteCarloAgent(**HARD_DEFAULTS, spec="hard"),
}
"""Every level with its default parameters (documented in README.md)."""


UNIT_INTERVAL = {"bluff", "position", "texture", "future_snipes"}
"""Parameters that are probabilities or fractions, so 0 to 1."""


def level_parameters(level: str) -> dict[str, object]:
    """The tunable parameters of a level and their defaults; ``ValueError`` for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown agent level {level!r}; valid: {', '.join(LEVELS)}")
    agent = LEVELS[level]
    return {f.name: getattr(agent, f.name) for f in fields(agent) if f.name not in ("spec", "snipes")}


def make_agent(spec: str) -> Agent:
    """The agent a spec names (module docstring), e.g. ``"hard+ev:samples=4000,bluff=0.08"``.

    Raises ``ValueError`` naming the valid levels, heuristics or parameters.
    """
    text = spec.strip()
    head, _, params = text.partition(":")
    level, _, heuristic = head.partition("+")
    defaults = level_parameters(level.strip())
    changes: dict[str, object] = {"spec": text}
    if heuristic:
        if heuristic.strip() not in SNIPE_HEURISTICS:
            raise ValueError(f"unknown snipe heuristic {heuristic!r}; valid: {', '.join(SNIPE_HEURISTICS)}")
        changes["snipes"] = heuristic.strip()
    for item in filter(None, (p.strip() for p in params.split(","))):
        name, eq, value = (part.strip() for part in item.partition("="))
        if not eq or name not in defaults:
            raise ValueError(f"bad parameter {item!r} for {level!r}; parameters: {', '.join(defaults) or 'none'}")
        kind = type(defaults[name])
        try:
            number = kind(value) if kind is int else float(value)
        except ValueError:
            raise ValueError(f"parameter {name!r} of {level!r} needs a {kind.__name__}, got {value!r}") from None
        if number < 0 or (name == "samples" and number < 1) or (name in UNIT_INTERVAL and number > 1):
            valid = "at least 1" if name == "samples" else "0-1" if name in UNIT_INTERVAL else ">= 0"
            raise ValueError(f"parameter {name!r} of {level!r} must be {valid}, got {value}")
        changes[name] = number
    return replace(LEVELS[level.strip()], **changes)


def split_specs(text: str) -> list[str]:
    """Split a comma list of specs; a piece ``NAME=VALUE`` belongs to the spec before it.

    ``"hard:samples=4000,bluff=0.08,easy"`` → ``["hard:samples=4000,bluff=0.08", "easy"]``.
    Raises ``ValueError`` for an empty piece (``"easy,"``).
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise ValueError(f"empty agent spec in {text!r}; give specs separated by single commas")
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def parse_agents(text: str, players: int) -> list[str]:
    """The agent specs of a ``--agents`` list, one per seat (R2); ``ValueError`` when invalid.

    One spec is repeated for every seat; otherwise there must be exactly ``players`` specs.
    """
    specs = split_specs(text)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ValueError(f"{len(specs)} agents given for {players} players; give 1 or {players}")
    for spec in specs:
        make_agent(spec)
    return specs

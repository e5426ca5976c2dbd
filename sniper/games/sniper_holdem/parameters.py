"""Agent specs as data: the one place where a text such as ``hard+ev:samples=4000`` becomes an agent.

Grammar: ``LEVEL[+HEURISTIC][:NAME=VALUE,NAME=VALUE…]``. ``LEVEL`` is a key of ``LEVELS`` (a class
and its default parameters), ``HEURISTIC`` a key of ``sniper.games.sniper_holdem.snipes.SNIPE_HEURISTICS`` (default:
the level's own), and the parameters override the level's defaults (``level_parameters`` lists
them). Examples: ``hard``, ``hard+ev``, ``normal+pass``, ``hard:samples=4000,bluff=0.08``.

An *outside agent* is an import path: ``package.module:ClassName[:NAME=VALUE,…]`` (the grammar every game
shares, ``sniper.core.agent_spec``, which also splits a comma list). The class is
imported and called with the parameters as keyword arguments (values parsed as int, float, bool
or left as text); the instance implements ``sniper.games.sniper_holdem.agents.Agent`` (``act`` and ``snipe``).
Outside agents play on the reference engine only (``sniper.core.registry.GameSpec.choose_engine``); each
decision may be given a time limit (``make_agent(..., decision_timeout=…)``).
"""

from dataclasses import fields, replace

from kernels.sniper_holdem.params import HARD_DEFAULTS, HARD_V1_DEFAULTS, NORMAL_DEFAULTS, NORMAL_V1_DEFAULTS
from sniper.core import agent_spec
from sniper.core.agent_spec import OutsideAgent, plain_vector
from sniper.games.sniper_holdem.agents import Agent, CallAgent, EasyAgent, FoldAgent, MonteCarloAgent, RandomAgent
from sniper.games.sniper_holdem.snipes import ROLLOUT_BACKENDS, SNIPE_HEURISTICS

LEVELS: dict[str, Agent] = {
    "random": RandomAgent(),
    "easy": EasyAgent(),
    "normal": MonteCarloAgent(**NORMAL_DEFAULTS, spec="normal"),
    "hard": MonteCarloAgent(**HARD_DEFAULTS, spec="hard"),
    "normal-v1": MonteCarloAgent(**NORMAL_V1_DEFAULTS, spec="normal-v1"),
    "hard-v1": MonteCarloAgent(**HARD_V1_DEFAULTS, spec="hard-v1"),
    "fold": FoldAgent(),
    "call": CallAgent(),
}
"""Every level with its default parameters (documented in docs/sniper-holdem.md, "Agents"); ``fold`` and
``call`` are the baselines without parameters."""


UNIT_INTERVAL = {"bluff", "position", "texture", "future_snipes"}
"""Parameters that are probabilities or fractions, so 0 to 1."""


NOT_PARAMETERS = ("spec", "snipes", "rollouts")
"""Fields of a level's agent that are not its tunable parameters: its spec text, its snipe heuristic (the
spec's ``+HEURISTIC``) and its rollout backend (``sniper.games.sniper_holdem.snipes.ROLLOUT_BACKENDS``, speed only)."""


def level_parameters(level: str) -> dict[str, object]:
    """The tunable parameters of a level and their defaults; ``ValueError`` for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown agent level {level!r}; valid: {', '.join(LEVELS)}")
    agent = LEVELS[level]
    return {f.name: getattr(agent, f.name) for f in fields(agent) if f.name not in NOT_PARAMETERS}


def parameter_domain(name: str) -> tuple[float, float | None]:
    """The values a level parameter may take, ``(low, high)`` (``None``: no upper bound): fractions
    (``UNIT_INTERVAL``) 0-1, ``samples`` at least 1, the others at least 0.

    >>> parameter_domain("bluff"), parameter_domain("samples")
    ((0, 1), (1, None))
    """
    return (1 if name == "samples" else 0, 1 if name in UNIT_INTERVAL else None)


AGENT_METHODS = ("act", "snipe")
"""The methods of a Sniper Hold'em agent (``sniper.games.sniper_holdem.agents.Agent``; ``GameSpec.agent_methods``)."""


def is_outside(spec: str) -> bool:
    """Whether ``spec`` is an import path ``module:ClassName[:…]`` rather than a level spec
    (``sniper.core.agent_spec.is_outside`` over ``LEVELS``)."""
    return agent_spec.is_outside(spec, LEVELS)


def make_outside_agent(spec: str, decision_timeout: float | None = None) -> OutsideAgent:
    """The outside agent an import-path spec names, with ``act`` and ``snipe`` methods
    (``sniper.core.agent_spec.make_outside_agent``); ``ValueError`` saying why not."""
    return agent_spec.make_outside_agent(spec, decision_timeout, AGENT_METHODS)


def make_agent(spec: str, decision_timeout: float | None = None, rollouts: str = "python") -> Agent:
    """The agent a spec names (module docstring), e.g. ``"hard+ev:samples=4000,bluff=0.08"`` or
    ``"examples.cautious:Cautious:margin=2"``; ``decision_timeout`` (seconds) limits each decision
    of an outside agent; ``rollouts`` is where a level's rollouts run, "python" or "kernel"
    (``sniper.games.sniper_holdem.snipes.ROLLOUT_BACKENDS``: the same decisions, faster; an outside agent has its own).

    Raises ``ValueError`` naming the valid levels, heuristics, parameters or rollout backends.
    """
    if rollouts not in ROLLOUT_BACKENDS:
        raise ValueError(f"unknown rollout backend {rollouts!r}; valid: {', '.join(ROLLOUT_BACKENDS)}")
    if is_outside(spec):
        return make_outside_agent(spec, decision_timeout)
    text = spec.strip()
    head, items = agent_spec.spec_items(text)
    level, _, heuristic = head.partition("+")
    defaults = level_parameters(level.strip())
    changes: dict[str, object] = {"spec": text, "rollouts": rollouts}
    if heuristic:
        if heuristic.strip() not in SNIPE_HEURISTICS:
            raise ValueError(f"unknown snipe heuristic {heuristic!r}; valid: {', '.join(SNIPE_HEURISTICS)}")
        changes["snipes"] = heuristic.strip()
    for name, value in items.items():
        if name not in defaults:
            item = f"{name}={value}"
            raise ValueError(f"bad parameter {item!r} for {level!r}; parameters: {', '.join(defaults) or 'none'}")
        kind = type(defaults[name])
        try:
            number = kind(value) if kind is int else float(value)
        except ValueError:
            wanted = "an integer" if kind is int else "a number"
            raise ValueError(f"parameter {name!r} of {level!r} needs {wanted}, got {value!r}") from None
        low, high = parameter_domain(name)
        if number < low or (high is not None and number > high):
            wanted = "an integer" if kind is int else "a number"
            valid = f"in [{low}, {high}]" if high is not None else f"of at least {low}"
            raise ValueError(f"{level.strip()}: {name} must be {wanted} {valid}, got {value}")
        changes[name] = number
    return replace(LEVELS[level.strip()], **changes)


def parameter_vector(agent: Agent, spec: str) -> dict:
    """The full parameter vector of ``agent`` (built from ``spec``): its spec text, class, every
    parameter and its snipe heuristic, as plain JSON data, e.g. for a run's manifest. Read from the
    object, nothing is parsed or imported: an outside agent (``OutsideAgent``) gives the class and the
    dataclass fields of plain types of the object it wraps (``sniper.core.agent_spec.plain_vector``)."""
    return plain_vector(agent.agent if isinstance(agent, OutsideAgent) else agent, spec)


def agent_vector(spec: str) -> dict:
    """``parameter_vector`` of the agent ``spec`` names (``make_agent``; ``ValueError`` if it names none).

    For specs the operator gave (command-line options, library calls) only: an outside agent's module
    is imported. A name, a label or text read from a file or sent by a client is data and never comes
    here (``sniper.runs.store.write_run`` records seats by label).
    """
    return parameter_vector(make_agent(spec), spec)

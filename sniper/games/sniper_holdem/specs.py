"""Agent specs as data: the one place where a text such as ``hard+ev:samples=4000`` becomes an agent.

Grammar: ``LEVEL[+HEURISTIC][:NAME=VALUE,NAME=VALUE…]``. ``LEVEL`` is a key of ``LEVELS`` (a class
and its default parameters), ``HEURISTIC`` a key of ``sniper.games.sniper_holdem.snipes.SNIPE_HEURISTICS`` (default:
the level's own), and the parameters override the level's defaults (``level_parameters`` lists
them). Examples: ``hard``, ``hard+ev``, ``normal+pass``, ``hard:samples=4000,bluff=0.08``.

An *outside agent* is an import path: ``package.module:ClassName[:NAME=VALUE,…]``. The class is
imported and called with the parameters as keyword arguments (values parsed as int, float, bool
or left as text); the instance implements ``sniper.games.sniper_holdem.agents.Agent`` (``act`` and ``snipe``).
Outside agents play on the reference engine only (``sniper.core.registry.GameSpec.choose_engine``); each
decision may be given a time limit (``make_agent(..., decision_timeout=…)``).
"""

import importlib
import os
import sys
import threading
from dataclasses import dataclass, fields, is_dataclass, replace

from kernels.sniper_holdem.params import HARD_DEFAULTS, HARD_V1_DEFAULTS, NORMAL_DEFAULTS, NORMAL_V1_DEFAULTS
from sniper.core.inputs import error_line
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


def is_outside(spec: str) -> bool:
    """Whether ``spec`` is an import path ``module:ClassName[:…]`` rather than a level spec."""
    head, _, rest = spec.strip().partition(":")
    name = rest.partition(":")[0].strip()
    return head.split("+")[0].strip() not in LEVELS and name.isidentifier()


@dataclass(frozen=True)
class OutsideAgent:
    """An outside agent (module docstring) wrapped with its spec and an optional time limit.

    ``act`` and ``snipe`` call the user's object; with ``decision_timeout`` (seconds) each call
    runs on a daemon thread and raises ``TimeoutError`` when it has not returned in time (the
    thread is abandoned: the run ends).
    """

    agent: object
    spec: str
    decision_timeout: float | None = None

    def act(self, obs, stream):
        """The user's betting decision (R6)."""
        return self._call(self.agent.act, obs, stream)

    def snipe(self, obs, stream):
        """The user's snipe-round decision (R7)."""
        return self._call(self.agent.snipe, obs, stream)

    def _call(self, method, obs, stream):
        if self.decision_timeout is None:
            return method(obs, stream)
        box: dict = {}

        def run() -> None:
            try:
                box["value"] = method(obs, stream)
            except BaseException as error:  # noqa: BLE001 - handed to the caller's thread
                box["error"] = error

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(self.decision_timeout)
        if thread.is_alive():
            raise TimeoutError(f"no decision within {self.decision_timeout:g} s (--decision-timeout)")
        if "error" in box:
            raise box["error"]
        return box["value"]


def _value(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def import_failure(module_name: str, error: Exception) -> str:
    """Why ``module_name`` could not be imported, and what to do, in one line (for ``make_outside_agent``).

    When the module (or a package holding it) is not found: where it was looked for, the current
    directory and then ``sys.path``, and the two fixes, running from the folder that holds it or
    installing it. When it was found but importing it failed (an import inside it, a syntax error, any
    exception its code raised): that error's first line, as the module's own.
    """
    missing = getattr(error, "name", None)
    if isinstance(error, ModuleNotFoundError) and missing and (module_name + ".").startswith(missing + "."):
        top = module_name.partition(".")[0]
        return (
            f"cannot import module {module_name!r} ({error}); modules are looked up in the current directory "
            f"({os.getcwd()}), then on sys.path (installed packages, PYTHONPATH): run sniper from the folder "
            f"that holds {top}/ or {top}.py, or pip install it"
        )
    kind = type(error).__name__
    why = f"{kind}: {error_line(error)}" if str(error) else kind
    return f"module {module_name!r} was found but importing it failed: {why}"


def make_outside_agent(spec: str, decision_timeout: float | None = None) -> OutsideAgent:
    """The outside agent an import-path spec names (module docstring); ``ValueError`` saying why
    it cannot be imported, built, or does not implement ``act`` and ``snipe``.

    The current directory is searched first, as ``python -m`` does (and uvicorn for its apps), so
    ``examples.cautious:Cautious`` works from a checkout with the installed ``sniper`` command too.
    """
    text = spec.strip()
    module_name, _, rest = text.partition(":")
    class_name, _, params = rest.partition(":")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name.strip())
    except Exception as error:  # noqa: BLE001 - a user's module may raise anything while it is imported
        raise ValueError(f"agent {text!r}: {import_failure(module_name.strip(), error)}") from None
    cls = getattr(module, class_name.strip(), None)
    if cls is None:
        raise ValueError(f"agent {text!r}: module {module_name.strip()!r} has no {class_name.strip()!r}")
    kwargs = {}
    for item in filter(None, (p.strip() for p in params.split(","))):
        name, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not name.isidentifier():
            raise ValueError(f"agent {text!r}: bad parameter {item!r}; give NAME=VALUE")
        kwargs[name] = _value(value)
    try:
        agent = cls(**kwargs)
    except Exception as error:  # noqa: BLE001 - a user's constructor may raise anything
        raise ValueError(f"agent {text!r}: {class_name.strip()}(**{kwargs}) failed: {error}") from None
    if not (callable(getattr(agent, "act", None)) and callable(getattr(agent, "snipe", None))):
        raise ValueError(f"agent {text!r} does not implement the Agent protocol (act and snipe methods)")
    if decision_timeout is not None and not decision_timeout > 0:
        raise ValueError(f"decision timeout must be > 0 seconds, got {decision_timeout}")
    return OutsideAgent(agent, text, decision_timeout)


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
    head, _, params = text.partition(":")
    level, _, heuristic = head.partition("+")
    defaults = level_parameters(level.strip())
    changes: dict[str, object] = {"spec": text, "rollouts": rollouts}
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
            wanted = "an integer" if kind is int else "a number"
            raise ValueError(f"parameter {name!r} of {level!r} needs {wanted}, got {value!r}") from None
        low, high = parameter_domain(name)
        if number < low or (high is not None and number > high):
            valid = f"{low}-{high}" if high is not None else "at least 1" if low == 1 else f">= {low}"
            raise ValueError(f"parameter {name!r} of {level!r} must be {valid}, got {value}")
        changes[name] = number
    return replace(LEVELS[level.strip()], **changes)


def parameter_vector(agent: Agent, spec: str) -> dict:
    """The full parameter vector of ``agent`` (built from ``spec``): its spec text, class, every
    parameter and its snipe heuristic, as plain JSON data, e.g. for a run's manifest. Read from the
    object, nothing is parsed or imported: an outside agent (``OutsideAgent``) gives the class and the
    dataclass fields of plain types of the object it wraps."""
    inner = agent.agent if isinstance(agent, OutsideAgent) else agent
    vector: dict[str, object] = {"spec": spec, "class": type(inner).__name__}
    for f in fields(inner) if is_dataclass(inner) else ():
        value = getattr(inner, f.name)
        if f.name not in ("spec", "rollouts") and isinstance(value, (bool, int, float, str, type(None))):
            vector[f.name] = value
    return vector


def agent_vector(spec: str) -> dict:
    """``parameter_vector`` of the agent ``spec`` names (``make_agent``; ``ValueError`` if it names none).

    For specs the operator gave (command-line options, library calls) only: an outside agent's module
    is imported. A name, a label or text read from a file or sent by a client is data and never comes
    here (``sniper.runs.store.write_run`` records seats by label).
    """
    return parameter_vector(make_agent(spec), spec)


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

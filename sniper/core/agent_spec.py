"""Agent specs, the one grammar every game's agents are named by: parsed, formatted, split and imported here.

A *level spec* ``LEVEL[:NAME=VALUE,…]`` names one of a game's AI levels (``GameSpec.levels``) with parameter
values overriding its defaults (the values are checked against the level's domains, ``GameSpec.parameters``,
by the game's ``make_agent``). A game may add to the level's part: Sniper Hold'em's ``LEVEL+HEURISTIC``,
five-card draw's split ``BET/DRAW`` (two level specs).

An *outside agent* ``package.module:ClassName[:NAME=VALUE,…]`` names a class of the user's own, in any game:
the class is imported and called with the parameters as keyword arguments (values read as int, float, bool or
left as text); the instance implements the game's agent interface (``GameSpec.agent_methods``: ``act(obs,
stream)``, and Sniper Hold'em's ``snipe(obs, stream)``), seeing the game's observation. Outside agents are for
specs the operator types (command-line options, library calls): nothing a client sends or a file holds is
imported (``sniper serve`` seats levels only). They play on a game's reference engine
(``GameSpec.choose_engine``).

A comma list holds several specs; a piece ``NAME=VALUE`` belongs to the spec before it.

>>> split_specs("hard:bluff=0.2,samples=50,easy,mybot:Caller:k=1,j=x")
['hard:bluff=0.2,samples=50', 'easy', 'mybot:Caller:k=1,j=x']
>>> parse_spec("hard:bluff=0.2,samples=50")
('hard', {'bluff': 0.2, 'samples': 50})
>>> format_spec("hard", {"bluff": 0.2, "samples": 50})
'hard:bluff=0.2,samples=50'
>>> is_outside("mybot:Caller:k=1", ["easy"]), is_outside("easy:bluff=0", ["easy"])
(True, False)
"""

import importlib
import os
import sys
import threading
from collections.abc import Collection, Mapping
from dataclasses import dataclass, fields, is_dataclass

from sniper.core.errors import error_line

AGENT_METHODS = ("act",)
"""The methods of a game's agent interface unless the game declares more (``GameSpec.agent_methods``)."""


def split_specs(text: str) -> list[str]:
    """The agent specs of a comma list; a piece ``NAME=VALUE`` without a level belongs to the spec before it
    (``"hard:bluff=0.2,samples=50,easy"`` is two specs), also when a split spec's ``/`` follows it (five-card
    draw's ``BET/DRAW``: ``"hard:bluff=0.2,samples=50/normal"`` is one spec). ``ValueError`` for an empty
    piece or a list that starts with a parameter.

    >>> split_specs("hard:bluff=0.2,samples=50/normal:draw_power=6,bet_power=4,easy")
    ['hard:bluff=0.2,samples=50/normal:draw_power=6,bet_power=4', 'easy']
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise ValueError(f"empty agent spec in {text!r}; give specs separated by single commas")
        head = piece.partition("/")[0]
        if "=" in head and ":" not in head:
            if not specs:
                raise ValueError(f"agent spec {piece!r} names no level; write LEVEL:{piece}")
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def spec_items(spec: str, params: str | None = None) -> tuple[str, dict[str, str]]:
    """The head (the level's part, or an outside agent's ``module``) of ``spec`` and its parameters as texts,
    name → value, from ``NAME=VALUE,…`` after the first ``:`` (or from ``params`` when given: an outside agent's
    part after its class). ``ValueError`` for a parameter that is not ``NAME=VALUE`` with an identifier name.

    >>> spec_items("hard+ev:samples=4000, bluff=0.08")
    ('hard+ev', {'samples': '4000', 'bluff': '0.08'})
    """
    text = spec.strip()
    head, _, rest = text.partition(":")
    items: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in (rest if params is None else params).split(","))):
        name, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not name.isidentifier():
            raise ValueError(f"bad parameter {item!r} in agent spec {text!r}; write NAME=VALUE")
        items[name] = value
    return head.strip(), items


def _number(text: str, name: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"parameter {name} must be a number, got {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"parameter {name} must be a finite number, got {text!r}")
    return value


def parse_spec(spec: str) -> tuple[str, dict[str, int | float]]:
    """The level and parameter values (int where the text is one, else a finite float) of a level spec
    ``LEVEL[:NAME=VALUE,…]``; ``ValueError`` for a malformed spec (the values are checked against the level's
    domains by the game's ``make_agent``)."""
    level, items = spec_items(spec)
    return level, {name: _number(value, name) for name, value in items.items()}


def format_spec(level: str, params: Mapping[str, object]) -> str:
    """The spec ``LEVEL[:NAME=VALUE,…]`` of ``level`` with ``params`` (in their order; the level alone for none),
    which ``parse_spec`` reads back."""
    return level if not params else f"{level}:" + ",".join(f"{name}={value}" for name, value in params.items())


def is_outside(spec: str, levels: Collection[str]) -> bool:
    """Whether ``spec`` is an outside agent's import path ``module:ClassName[:…]`` rather than a spec of one of
    ``levels`` (the level's part before a ``+`` or ``/`` is not a level and a class name follows the ``:``)."""
    head, _, rest = spec.strip().partition(":")
    name = rest.partition(":")[0].strip()
    level = head.partition("+")[0].partition("/")[0].strip()
    return level not in levels and name.isidentifier()


@dataclass(frozen=True)
class OutsideAgent:
    """An outside agent (module docstring) wrapped with its spec and an optional time limit.

    ``act`` and ``snipe`` call the user's object (``agent``); with ``decision_timeout`` (seconds) each call
    runs on a daemon thread and raises ``TimeoutError`` when it has not returned in time (the thread is
    abandoned: the run ends).
    """

    agent: object
    spec: str
    decision_timeout: float | None = None

    def act(self, obs, stream):
        """The user's decision for ``obs`` (the game's observation), drawing from ``stream``."""
        return self._call(self.agent.act, obs, stream)

    def snipe(self, obs, stream):
        """The user's snipe-round decision (Sniper Hold'em's R7)."""
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


def make_outside_agent(
    spec: str, decision_timeout: float | None = None, methods: tuple[str, ...] = AGENT_METHODS
) -> OutsideAgent:
    """The outside agent an import-path spec names (module docstring), which must have the game's agent
    ``methods``; ``ValueError`` saying why it cannot be imported, built, or does not implement them.

    The current directory is searched first, as ``python -m`` does (and uvicorn for its apps), so
    ``examples.cautious:Cautious`` works from a checkout with the installed ``sniper`` command too.
    """
    text = spec.strip()
    module_name, _, rest = text.partition(":")
    class_name, _, params = (part.strip() for part in rest.partition(":"))
    module_name = module_name.strip()
    try:
        _, items = spec_items(text, params)
    except ValueError as error:
        raise ValueError(f"agent {text!r}: {error}") from None
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # noqa: BLE001 - a user's module may raise anything while it is imported
        raise ValueError(f"agent {text!r}: {import_failure(module_name, error)}") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise ValueError(f"agent {text!r}: module {module_name!r} has no {class_name!r}")
    kwargs = {name: _value(value) for name, value in items.items()}
    try:
        agent = cls(**kwargs)
    except Exception as error:  # noqa: BLE001 - a user's constructor may raise anything
        raise ValueError(f"agent {text!r}: {class_name}(**{kwargs}) failed: {error}") from None
    if not all(callable(getattr(agent, method, None)) for method in methods):
        raise ValueError(f"agent {text!r} does not implement the Agent protocol ({' and '.join(methods)} methods)")
    if decision_timeout is not None and not decision_timeout > 0:
        raise ValueError(f"decision timeout must be > 0 seconds, got {decision_timeout}")
    return OutsideAgent(agent, text, decision_timeout)


def outside_vector(agent: OutsideAgent, spec: str) -> dict:
    """The parameter vector of an outside agent built from ``spec``, as plain JSON data (a manifest's
    ``agent_parameters``): ``spec``, the ``class`` of the user's object and its dataclass fields of plain types
    (a field ``spec`` or ``rollouts`` left out). Read from the object: nothing is parsed or imported."""
    return plain_vector(agent.agent, spec)


def plain_vector(inner: object, spec: str) -> dict:
    """``spec``, ``inner``'s ``class`` and its dataclass fields of plain types (bool, int, float, str, None;
    ``spec`` and ``rollouts`` left out) as plain JSON data (``outside_vector``; Sniper Hold'em's levels)."""
    vector: dict[str, object] = {"spec": spec, "class": type(inner).__name__}
    for f in fields(inner) if is_dataclass(inner) else ():
        value = getattr(inner, f.name)
        if f.name not in ("spec", "rollouts") and isinstance(value, (bool, int, float, str, type(None))):
            vector[f.name] = value
    return vector

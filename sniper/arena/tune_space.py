"""``sniper tune``'s parameter space: ``ParamRange`` (``--param NAME=LOW:HIGH[:KIND]``), the level tuned
(``tunable_level``), the seats and the ladder of weaker levels, and the spec a trial's parameters make
(``tuned_spec``); ``TuneError`` for a study that cannot be used. The search itself: ``sniper.arena.tune``.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sniper.core import defaults
from sniper.core.agent_spec import format_spec, spec_items
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, get_game

KINDS = ("float", "int", "log")

AGGREGATES = ("mean", "worst")
"""``--aggregate``: a population trial's score is the mean or the worst (lowest) of its per-opponent edges."""
LADDER = ("random", "easy", "normal", "hard")
"""The levels every game ranks in order, weakest first: the crosstable of a tuned level is against those below
it (``weaker_levels``); other names of a game (older versions such as ``hard-v1``, baselines) are not rungs."""


class TuneError(ParameterError):
    """A study directory that cannot be used (another setup, or in use); the message says why (naming the
    parameter ``study``, ``sniper.core.errors``)."""


@dataclass(frozen=True)
class ParamRange:
    """One searched parameter: ``name`` of the level, bounds ``low < high``, ``kind`` float, int or log.

    Integer parameters of the level (``samples``, ``raise_limit``, ``short_stack``) are always
    searched as integers; ``log`` samples on a log scale (``low > 0``).
    """

    name: str
    low: float
    high: float
    kind: str = "float"
    integer: bool = False

    def suggest(self, trial) -> float | int:
        """The trial's value of this parameter (``optuna.trial.Trial.suggest_*``)."""
        if self.integer or self.kind == "int":
            return trial.suggest_int(self.name, int(self.low), int(self.high), log=self.kind == "log")
        return trial.suggest_float(self.name, self.low, self.high, log=self.kind == "log")

    def contains(self, value: float) -> bool:
        """Whether ``value`` is a value this range can suggest (within the bounds; whole if integer)."""
        whole = not (self.integer or self.kind == "int") or float(value).is_integer()
        return self.low <= value <= self.high and whole

    def __str__(self) -> str:
        return f"{self.name}={self.low:g}:{self.high:g}:{self.kind}"


def tunable_level(spec: str, game: str = DEFAULT_GAME) -> str:
    """The level of ``game`` whose parameters ``sniper tune`` searches for ``spec`` (``GameSpec.level_of``:
    ``hard`` for ``hard+ev:bluff=0.1``); ``ValueError`` for an outside agent (an import path: its parameters
    are not known) or an unknown level.

    >>> tunable_level("hard+ev:bluff=0.1")
    'hard'
    """
    known = get_game(game)
    if known.is_outside(spec):
        raise ValueError(
            f"{spec.strip()!r} is an outside agent: sniper tune searches the parameters of a level "
            f"({', '.join(known.levels)}), with its own :NAME=VALUE"
        )
    level = known.level_of(spec)
    known.level_parameters(level)
    return level


def seats_for(against: Sequence[str], players: int | None, population: bool = False) -> int:
    """Seats of a study: ``players`` if given, else one per ``against`` spec plus the tuned spec's, or
    ``defaults.TUNE_PLAYERS`` for one spec (repeated), as ``simulate`` takes its seats from ``--agents``; for a
    ``population`` (``--aggregate``), whose specs are met one at a time, ``defaults.TUNE_PLAYERS`` (heads-up).

    >>> seats_for(["normal", "normal", "normal"], None), seats_for(["normal"], None), seats_for(["normal"], 4)
    (4, 2, 4)
    >>> seats_for(["easy", "normal", "random"], None, population=True)
    2
    """
    if players is not None:
        return players
    if population:
        return defaults.TUNE_PLAYERS
    return len(against) + 1 if len(against) > 1 else defaults.TUNE_PLAYERS


def weaker_levels(spec: str, game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The ladder's levels (``LADDER``) below the level of ``spec`` that ``game`` has, weakest first: the
    opponents of the tuned spec's crosstable. A level off the ladder counts as the rung its name starts with
    (``hard-v1`` as ``hard``); one that starts with none has no weaker levels.

    >>> weaker_levels("hard:bluff=0.1"), weaker_levels("easy"), weaker_levels("random")
    (('random', 'easy', 'normal'), ('random',), ())
    """
    level = get_game(game).level_of(spec)
    rung = next((i for i, name in enumerate(LADDER) if level == name or level.startswith(f"{name}-")), 0)
    return tuple(name for name in LADDER[:rung] if name in get_game(game).levels)


def parse_param(text: str, level: str, game: str = DEFAULT_GAME) -> ParamRange:
    """A ``param`` value ``NAME=LOW:HIGH[:int|:log]`` for ``level`` of ``game``; ``ParameterError`` saying why.

    Refused: an unknown parameter for the level, a non-number, ``LOW >= HIGH``, bounds outside the
    parameter's domain (``GameSpec.parameters``; Sniper Hold'em: fractions 0-1, ``samples`` >= 1, others
    >= 0), ``log`` with ``LOW <= 0``.
    """
    known = get_game(game)
    defaults = known.level_parameters(level)
    name, eq, rest = (part.strip() for part in text.partition("="))
    if not eq or name not in defaults:
        raise ParameterError(
            "bad {param} {text!r} for {level!r}; parameters: {names}",
            text=text,
            level=level,
            names=", ".join(defaults) or "none",
        )
    parts = [p.strip() for p in rest.split(":")]
    kind = parts.pop() if len(parts) == 3 else "float"
    if len(parts) != 2 or kind not in KINDS:
        raise ParameterError(
            "{param} {text!r} must be NAME=LOW:HIGH, NAME=LOW:HIGH:int or NAME=LOW:HIGH:log", text=text
        )
    try:
        low, high = float(parts[0]), float(parts[1])
    except ValueError:
        raise ParameterError("{param} {text!r}: bounds must be numbers", text=text) from None
    if not (math.isfinite(low) and math.isfinite(high)) or low >= high:
        raise ParameterError("{param} {text!r}: LOW must be below HIGH", text=text)
    integer = isinstance(defaults[name], int)
    floor, top = known.parameter_domain(level, name)
    ceiling = math.inf if top is None else top
    if low < floor or high > ceiling:
        domain = "0-1" if (floor, ceiling) == (0, 1) else f"{floor:g}-{ceiling:g}" if top is not None else f">= {floor}"
        raise ParameterError("{param} {text!r}: {name} must be {domain}", text=text, name=name, domain=domain)
    if kind == "log" and low <= 0:
        raise ParameterError("{param} {text!r}: a log scale needs LOW > 0", text=text)
    if (integer or kind == "int") and math.floor(high) < math.ceil(low):
        raise ParameterError("{param} {text!r}: no whole number between LOW and HIGH", text=text)
    if integer or kind == "int":
        low, high = float(math.ceil(low)), float(math.floor(high))
    return ParamRange(name, low, high, kind, integer)


def format_value(value: float | int) -> str:
    """A parameter value as it appears in a spec: integers as such, floats to 4 significant digits."""
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return f"{float(value):.4g}"


def tuned_spec(spec: str, values: dict[str, float | int]) -> str:
    """``spec`` with ``values`` set (overriding the spec's own), e.g. ``hard:bluff=0.07,raise_big=0.83``
    (``sniper.core.agent_spec``'s grammar; ``ValueError`` for a malformed spec)."""
    head, merged = spec_items(spec)
    merged.update({name: format_value(v) for name, v in values.items()})
    return format_spec(head, merged)

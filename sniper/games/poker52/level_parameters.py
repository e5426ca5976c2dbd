"""AI levels' parameters declared as data, the convention shared by the 52-card games' levels.

A game declares its levels' parameters once, ``level → name → (default, low, high)`` (the domain
``sniper tune`` searches; an ``int`` default makes an integer parameter), as no-limit Hold'em's
``sniper.games.holdem.parameters.PARAMETERS`` and five-card draw's ``sniper.games.draw.parameters.PARAMETERS``
do. ``check_parameters`` refuses values outside it; ``domains`` is the ``level → name → (low, high)``
table of a ``sniper.core.registry.GameSpec``.

>>> table = {"random": {}, "easy": {"bluff": (0.05, 0.0, 1.0), "bet_category": (1, 0, 8)}}
>>> domains(table)
{'random': {}, 'easy': {'bluff': (0.0, 1.0), 'bet_category': (0, 8)}}
>>> check_parameters(table, "easy", {"bet_category": 1.5}, "draw")
Traceback (most recent call last):
ValueError: easy: bet_category must be an integer in [0, 8], got 1.5
"""

from collections.abc import Mapping

Parameters = Mapping[str, Mapping[str, tuple[float, float, float]]]
"""``level → name → (default, low, high)``."""


def check_parameters(parameters: Parameters, level: str, values: Mapping[str, object], title: str) -> None:
    """``ValueError`` (one line) unless ``level`` is a level of ``parameters`` and every value lies in its
    domain, integer where the default is (a ``bool`` is refused); ``title`` names the game in the
    message for an unknown level (which says so when it holds Sniper Hold'em's ``+heuristic``)."""
    if level not in parameters:
        snipes = " (a snipe heuristic after + is Sniper Hold'em's only)" if "+" in level else ""
        raise ValueError(f"unknown {title} level {level!r}{snipes}; valid: {', '.join(parameters)}")
    known = parameters[level]
    for name, v in values.items():
        if name not in known:
            raise ValueError(f"{level} has no parameter {name!r}; valid: {', '.join(known) or 'none'}")
        default, low, high = known[name]
        kind = int if isinstance(default, int) else (int, float)
        if isinstance(v, bool) or not isinstance(v, kind) or not low <= v <= high:
            what = "an integer" if kind is int else "a number"
            raise ValueError(f"{level}: {name} must be {what} in [{low}, {high}], got {v!r}")


def domains(parameters: Parameters) -> dict[str, dict[str, tuple[float, float]]]:
    """``level → name → (low, high)``: the domains of ``parameters`` (a ``GameSpec``'s ``parameters``)."""
    return {level: {name: (low, high) for name, (_, low, high) in known.items()} for level, known in parameters.items()}

"""Agent specs as data: the one place where a text such as ``easy`` becomes an agent.

A spec is a level name, optionally with parameters: ``easy:bluff=0.1,raise_limit=4``. Levels and
their parameters are listed in ``LEVELS``; ``parse_agents`` reads the ``--agents`` list.
"""

from dataclasses import fields

from sniper.agents import Agent, EasyAgent, RandomAgent

LEVELS: dict[str, type] = {"random": RandomAgent, "easy": EasyAgent}


def make_agent(spec: str) -> Agent:
    """The agent a spec names, e.g. ``"easy"`` or ``"easy:bluff=0.1"``.

    Raises ``ValueError`` naming the valid levels or parameters when the spec is unknown.
    """
    text = spec.strip()
    name, _, params = text.partition(":")
    if name not in LEVELS:
        raise ValueError(f"unknown agent {name!r}; valid: {', '.join(LEVELS)}")
    cls = LEVELS[name]
    known = {f.name: f.type for f in fields(cls) if f.name != "spec"} if hasattr(cls, "__dataclass_fields__") else {}
    kwargs = {}
    for item in filter(None, params.split(",")):
        key, eq, value = item.partition("=")
        if not eq or key.strip() not in known:
            valid = ", ".join(known) or "none"
            raise ValueError(f"bad parameter {item!r} for agent {name!r}; parameters: {valid}")
        try:
            kwargs[key.strip()] = float(value) if known[key.strip()] in (float, "float") else int(value)
        except ValueError:
            raise ValueError(f"parameter {key.strip()!r} of agent {name!r} needs a number, got {value!r}") from None
    return cls(**kwargs, spec=text) if kwargs else cls()


def parse_agents(text: str, players: int) -> list[str]:
    """Split a comma list of agent specs and check it fits ``players`` seats (R2).

    One spec is repeated for every seat; otherwise there must be exactly ``players`` specs.
    Parameters use ``:`` and ``=``, and several are separated by ``;`` inside a list
    (``easy:bluff=0.1;raise_limit=4``). Raises ``ValueError``.
    """
    specs = [s.strip().replace(";", ",") for s in text.split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ValueError(f"{len(specs)} agents given for {players} players; give 1 or {players}")
    for spec in specs:
        make_agent(spec)
    return specs

"""Sniper Hold'em (docs/RULES.md) as a registered game: its ``GameSpec``, declared once.

The facts come from the modules that implement the game: its rules and lengths
(``sniper.games.sniper_holdem.rules``), its agent specs (``sniper.games.sniper_holdem.parameters``), its
tables (``sniper.games.sniper_holdem.results``), its engines (``sniper.games.sniper_holdem.chunks``,
``sniper.games.sniper_holdem.kernel_engine``), its summary (``sniper.games.sniper_holdem.summary``), its
hand histories (``sniper.games.sniper_holdem.history``), its report panels
(``sniper.games.sniper_holdem.report``), its table state (``table.SniperTable``) and the
defaults of ``sniper.core.defaults``; the seat range (R2) is written here and nowhere else. Everything
game-independent reads it with ``sniper.core.registry.get_game("sniper")``.

>>> SPEC.seat_text, SPEC.default_rules, SPEC.default_length, list(SPEC.engines), SPEC.default_engine
('2-6', 'ours', '20', ['reference', 'kernel'], 'kernel')
"""

from sniper.core import defaults
from sniper.core.registry import GameSpec, register_game
from sniper.games.sniper_holdem.parameters import (
    AGENT_METHODS,
    LEVELS,
    agent_vector,
    is_outside,
    level_parameters,
    make_agent,
    parameter_domain,
)
from sniper.games.sniper_holdem.rules import GAME_LENGTHS, PRESETS, make_rules
from sniper.games.sniper_holdem.table import SniperTable


def level_of(spec: str) -> str:
    """The level of a spec ``LEVEL[+HEURISTIC][:NAME=VALUE,…]`` (``hard`` for ``hard+ev:bluff=0.1``)."""
    return spec.strip().partition(":")[0].partition("+")[0].strip()


SPEC = register_game(
    GameSpec(
        name="sniper",
        title="Sniper Hold'em",
        seats=range(2, 7),  # R2: 2 to 6 players
        rules=tuple(PRESETS),
        game_lengths=tuple(GAME_LENGTHS),
        tables={
            "hands": "sniper.games.sniper_holdem.results:SCHEMA",
            "actions": "sniper.games.sniper_holdem.results:ACTION_SCHEMA",
        },
        levels=tuple(LEVELS),
        parameters={level: {name: parameter_domain(name) for name in level_parameters(level)} for level in LEVELS},
        default_agents=defaults.AGENTS,
        engines={
            "reference": "sniper.games.sniper_holdem.chunks:play_chunk_reference",
            "kernel": "sniper.games.sniper_holdem.chunks:play_kernel",
        },
        new_table=SniperTable,
        default_rules=defaults.RULES,
        default_length=defaults.GAME_LENGTH,
        rules_doc="docs/RULES.md",
        make_rules=make_rules,
        make_agent=make_agent,
        agent_vector=agent_vector,
        default_engine=defaults.ENGINE,
        engine_checks={"kernel": "sniper.games.sniper_holdem.kernel_engine:kernel_inputs"},
        level_of=level_of,
        is_outside=is_outside,
        agent_methods=AGENT_METHODS,
        summary="sniper.games.sniper_holdem.summary:summary_rows",
        replay="sniper.games.sniper_holdem.history:replay_command",
        record="sniper.games.sniper_holdem.results:record_chunk",
        decision_time="sniper.games.sniper_holdem.kernel_engine:decision_time_us",
        report_panels="sniper.games.sniper_holdem.report:SniperPanels",
        play_hand="sniper.games.sniper_holdem.history:play_hand",
        served="sniper.games.sniper_holdem.served:SniperServed",
        exploit="sniper.games.sniper_holdem.lbr:exploit",
        warmup="kernels.sniper_holdem.game:warmup",
    )
)
"""The Sniper Hold'em ``GameSpec`` (registered as "sniper")."""

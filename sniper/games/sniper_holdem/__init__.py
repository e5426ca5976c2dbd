"""Sniper Hold'em (docs/RULES.md) as a registered game: its ``GameSpec``, declared once.

The facts come from the modules that implement the game (``sniper.game``, ``sniper.specs``,
``sniper.defaults``, ``sniper.results``, ``sniper.runner``, ``sniper.kernel_engine``), which do not
move yet (issue 19), and its table state (``table.SniperTable``); the seat range (R2) is written
here and nowhere else. Everything game-independent reads it with ``sniper.core.registry.get_game("sniper")``.

>>> SPEC.seat_text, SPEC.default_rules, SPEC.default_length, list(SPEC.engines)
('2-6', 'ours', '20', ['reference', 'kernel'])
"""

from sniper import defaults
from sniper.core.registry import GameSpec, register_game
from sniper.game import GAME_LENGTHS, PRESETS
from sniper.games.sniper_holdem.table import SniperTable
from sniper.specs import LEVELS, level_parameters, parameter_domain

SPEC = register_game(
    GameSpec(
        name="sniper",
        title="Sniper Hold'em",
        seats=range(2, 7),  # R2: 2 to 6 players
        rules=tuple(PRESETS),
        game_lengths=tuple(GAME_LENGTHS),
        tables={"hands": "sniper.results:SCHEMA", "actions": "sniper.results:ACTION_SCHEMA"},
        levels=tuple(LEVELS),
        parameters={level: {name: parameter_domain(name) for name in level_parameters(level)} for level in LEVELS},
        default_agents=defaults.AGENTS,
        engines={"reference": "sniper.runner:play_chunk_reference", "kernel": "sniper.kernel_engine:play_chunk_kernel"},
        new_table=SniperTable,
        default_rules=defaults.RULES,
        default_length=defaults.GAME_LENGTH,
        rules_doc="docs/RULES.md",
    )
)
"""The Sniper Hold'em ``GameSpec`` (registered as "sniper")."""

"""Sniper Hold'em (docs/RULES.md) as a registered game: its ``GameSpec``, declared once.

The facts come from the modules that implement the game (``sniper.games.sniper_holdem.game``,
``sniper.games.sniper_holdem.specs``,
``sniper.core.defaults``, ``sniper.runs.results``, ``sniper.runs.runner``,
``sniper.games.sniper_holdem.kernel_engine``), which do not
move yet (issue 19), and its table state (``table.SniperTable``); the seat range (R2) is written
here and nowhere else. Everything game-independent reads it with ``sniper.core.registry.get_game("sniper")``.

>>> SPEC.seat_text, SPEC.default_rules, SPEC.default_length, list(SPEC.engines)
('2-6', 'ours', '20', ['reference', 'kernel'])
"""

from sniper.core import defaults
from sniper.core.registry import GameSpec, register_game
from sniper.games.sniper_holdem.game import GAME_LENGTHS, PRESETS
from sniper.games.sniper_holdem.specs import LEVELS, level_parameters, parameter_domain
from sniper.games.sniper_holdem.table import SniperTable

SPEC = register_game(
    GameSpec(
        name="sniper",
        title="Sniper Hold'em",
        seats=range(2, 7),  # R2: 2 to 6 players
        rules=tuple(PRESETS),
        game_lengths=tuple(GAME_LENGTHS),
        tables={"hands": "sniper.runs.results:SCHEMA", "actions": "sniper.runs.results:ACTION_SCHEMA"},
        levels=tuple(LEVELS),
        parameters={level: {name: parameter_domain(name) for name in level_parameters(level)} for level in LEVELS},
        default_agents=defaults.AGENTS,
        engines={
            "reference": "sniper.runs.runner:play_chunk_reference",
            "kernel": "sniper.games.sniper_holdem.kernel_engine:play_chunk_kernel",
        },
        new_table=SniperTable,
        default_rules=defaults.RULES,
        default_length=defaults.GAME_LENGTH,
        rules_doc="docs/RULES.md",
    )
)
"""The Sniper Hold'em ``GameSpec`` (registered as "sniper")."""

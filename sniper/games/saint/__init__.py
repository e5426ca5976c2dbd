"""Saint Poker (seed 003, ``docs/GAMES.md`` S1–S11) as a registered game ("saint"): simultaneous picks, points.

Modules, lowest first: ``rules`` (the game's facts, S1–S8), ``parameters`` (its levels' parameters, S11),
``observation`` (what a seat sees, S10), ``table`` (one whole game as a ``sniper.core.table``
``SimultaneousTableState``, S2–S9), ``levels`` (``random``, ``easy``, ``normal``, ``hard``, S11), ``play`` (a game
driven to its end), ``results`` (the run tables), ``chunks`` (the reference engine of a run), ``summary``,
``history`` (``sniper replay``), ``showdown`` (``sniper showdown --game saint``), ``report`` (its panels of
``sniper report``), ``env`` (a PettingZoo ``ParallelEnv``) and ``kernel_engine`` (the numba kernel
``kernels.saint``: the default engine, the same games). The rules as we play them: docs/saint.md.

The first game of ``dynamics="simultaneous"`` and ``utility="points"`` (``sniper.core.registry.GameSpec``): a
"hand" of the shared layers is a round, ``stack_after`` the points so far and ``net`` the round's point difference.

>>> SPEC.seat_text, SPEC.default_length, SPEC.levels, SPEC.dynamics, SPEC.utility, SPEC.unit
('2-5', '8', ('random', 'easy', 'normal', 'hard'), 'simultaneous', 'points', 'round')
"""

from functools import partial

from sniper.core.registry import GameSpec, register_game
from sniper.games.poker52.spec import PRESET, PokerRules, lazy_agent_builder, make_poker_rules, spec_fields
from sniper.games.poker52.spec import agent_vector as poker_agent_vector
from sniper.games.saint.parameters import PARAMETERS
from sniper.games.saint.rules import DEFAULT_LENGTH, GAME_LENGTHS, SCORE, SEATS, TITLE, UNIT


def make_rules(preset: str = PRESET, length: str = DEFAULT_LENGTH) -> PokerRules:
    """The rules of a Saint Poker run: ``preset`` "standard" and length "8" (S8: 8 rounds)."""
    return make_poker_rules(GAME_LENGTHS, preset, length)


make_agent = lazy_agent_builder("sniper.games.saint.chunks:make_agent")
"""``make_agent(spec, decision_timeout=None)``: the Saint Poker agent a spec names, a level of
``sniper.games.saint.levels`` or an outside agent (``sniper.games.poker52.spec.lazy_agent_builder``)."""


agent_vector = partial(poker_agent_vector, PARAMETERS, make_agent)
"""``agent_vector(spec)``: a Saint Poker spec's full parameter vector (``sniper.games.poker52.spec.agent_vector``),
checked by building it."""


def new_table(seats: int, rules: PokerRules, seed: int, game: int, **options):
    """The table state of game ``game`` of run ``seed`` (``sniper.games.saint.table.SaintTable``)."""
    from sniper.games.saint.table import SaintTable

    return SaintTable(seats, seed, game, **options)


SPEC = register_game(
    GameSpec(
        name="saint",
        **spec_fields("saint", PARAMETERS, GAME_LENGTHS, DEFAULT_LENGTH, "docs/saint.md"),
        title=TITLE,
        seats=SEATS,  # S1: 2 to 5 players
        tables={"hands": "sniper.games.saint.results:SCHEMA", "rounds": "sniper.games.saint.results:ROUND_SCHEMA"},
        new_table=new_table,
        make_rules=make_rules,
        make_agent=make_agent,
        agent_vector=agent_vector,
        summary="sniper.games.saint.summary:summary_rows",
        game_replay="sniper.games.saint.history:render",
        dynamics="simultaneous",
        utility="points",
        unit=UNIT,
        score=SCORE,
        showdown="sniper.games.saint.showdown:showdown",
        record="sniper.games.saint.results:record_chunk",
        served="sniper.games.saint.served:SaintServed",
        report_panels="sniper.games.saint.report:SaintPanels",
    )
)
"""The Saint Poker ``GameSpec`` (registered as "saint")."""

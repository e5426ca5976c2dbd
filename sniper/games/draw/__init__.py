"""Five-card draw, fixed limit (seed 004, ``../shared/GAMES.md`` D1–D11) as a registered game ("draw").

Modules, lowest first: ``rules`` (the game's facts, D1, D3, D5, D9), ``parameters`` (its levels' parameters,
D11), ``observation`` (what a seat sees, D10), ``engine`` (one hand on a PokerKit ``State``, D1–D8),
``table`` (one whole game as a ``sniper.core.table.TableState``, D9), ``agents`` (the ``random`` and
``easy`` levels, split agents ``BET/DRAW``) and ``levels`` (``normal``, ``hard``, D11), ``play`` (a game
driven to its end, as hand records), ``results`` (the run tables), ``chunks`` (the reference engine of a
run), ``summary`` (the summary with the draw breakdown), ``phh`` (hand histories both ways), ``env``
(PettingZoo) and ``equity``. What it shares with no-limit Hold'em is in ``sniper.games.poker52.hand``,
``sniper.games.poker52.table``, ``sniper.games.poker52.env``, ``sniper.games.poker52.spec`` and
``sniper.games.poker52.phh_files``. The rules as we play them: docs/draw.md.

The ``GameSpec`` below is declared from the light modules only (no PokerKit import when the registry
loads); its builders import the engine when they are called.

>>> SPEC.seat_text, SPEC.default_length, SPEC.levels, list(SPEC.engines), SPEC.default_agents
('2-6', '20', ('random', 'easy', 'normal', 'hard', 'fold', 'call'), ['reference', 'kernel'], ('easy', 'normal', 'hard'))
"""

from sniper.core.registry import GameSpec, register_game
from sniper.games.draw.parameters import PARAMETERS, level_of, split_sides
from sniper.games.draw.rules import DEFAULT_LENGTH, GAME_LENGTHS, SEATS, TITLE
from sniper.games.poker52.spec import PRESET, PokerRules, lazy_agent_builder, make_poker_rules, spec_fields, spec_vector
from sniper.games.poker52.spec import agent_vector as poker_agent_vector


def make_rules(preset: str = PRESET, length: str = DEFAULT_LENGTH) -> PokerRules:
    """The rules of a five-card draw run: ``preset`` "standard" and a length of ``GAME_LENGTHS`` (D9)."""
    return make_poker_rules(GAME_LENGTHS, preset, length)


make_agent = lazy_agent_builder("sniper.games.draw.agents:make_agent")
"""``make_agent(spec, decision_timeout=None)``: the five-card draw agent a spec names, a level, a split agent
``BET/DRAW`` or an outside agent (``sniper.games.draw.agents.make_agent``, imported when first called:
``sniper.games.poker52.spec.lazy_agent_builder``)."""


def agent_vector(spec: str) -> dict:
    """A five-card draw spec's full parameter vector (``sniper.games.poker52.spec.agent_vector``), checked by
    building it; a split spec ``BET/DRAW``'s is ``spec``, ``level`` (``level_of``) and each side's vector,
    its keys prefixed ``bet.`` and ``draw.``.

    >>> vector = agent_vector("hard:samples=64/normal")
    >>> vector["level"], vector["bet.level"], vector["bet.samples"], vector["draw.draw_power"]
    ('hard/normal', 'hard', 64, 8)
    """
    sides = split_sides(spec)
    if len(sides) == 1:
        return poker_agent_vector(PARAMETERS, make_agent, spec)
    make_agent(spec)
    vector = {"spec": spec, "level": level_of(spec)}
    for prefix, side in zip(("bet", "draw"), sides):
        vector |= {f"{prefix}.{k}": v for k, v in spec_vector(PARAMETERS, side).items() if k != "spec"}
    return vector


def decision_time(spec: str, players: int, rules: PokerRules, games: int = 16, repeats: int = 3) -> float:
    """CPU microseconds per decision of ``spec`` in self-play at ``players`` seats, in the five-card draw kernel
    (``sniper.games.poker52.decision_time.kernel_decision_time_us``; ``sniper tune``'s decision times and budget)."""
    from sniper.games.draw.kernel_engine import kernel_inputs, play_games_kernel
    from sniper.games.poker52.decision_time import kernel_decision_time_us

    return kernel_decision_time_us(kernel_inputs, play_games_kernel, spec, players, rules, games, repeats)


def new_table(seats: int, rules: PokerRules, seed: int, game: int, **options):
    """The table state of game ``game`` of run ``seed`` (``sniper.games.draw.table.DrawTable``)."""
    from sniper.games.draw.table import DrawTable

    return DrawTable(seats, seed, game, rules.length, **options)


SPEC = register_game(
    GameSpec(
        name="draw",
        **spec_fields("draw", PARAMETERS, GAME_LENGTHS, DEFAULT_LENGTH, "docs/draw.md"),
        title=TITLE,
        seats=SEATS,  # D1: 2 to 6 players
        tables={
            "hands": "sniper.games.draw.results:SCHEMA",
            "actions": "sniper.games.draw.results:ACTION_SCHEMA",
        },
        new_table=new_table,
        make_rules=make_rules,
        make_agent=make_agent,
        agent_vector=agent_vector,
        level_of=level_of,
        summary="sniper.games.draw.summary:summary_rows",
        decision_time="sniper.games.draw:decision_time",
        equity="sniper.games.draw.equity:equity_report",
        importer="sniper.games.draw.phh:read_phh",
        history="sniper.games.draw.phh:rows_phh",
        play_hand="sniper.games.draw.play:play_hand",
        hand_text="sniper.games.draw.play:replay_text",
        record="sniper.games.draw.chunks:record_chunk",
        served="sniper.games.draw.served:DrawServed",
        exploit="sniper.games.draw.lbr:exploit",
    )
)
"""The five-card draw ``GameSpec`` (registered as "draw")."""

"""No-limit Texas Hold'em (seed 002, ``../shared/GAMES.md`` H1–H12) as a registered game ("holdem").

Modules, lowest first: ``rules`` (the game's facts, H1, H10), ``parameters`` (its levels' parameters, H12),
``observation`` (what a seat sees, H11), ``engine`` (one hand on a PokerKit ``State``, H1–H9), ``table``
(one whole game as a ``sniper.core.table.TableState``, H10), ``agents`` (``random``, ``fold``, ``call``) and ``levels``
(``easy``, ``normal``, ``hard``, H12), ``play`` (a game driven to its end, as hand records), ``results``
(the run tables), ``chunks`` (the reference engine of a run), ``phh`` (hand histories both ways), ``env``
(PettingZoo), ``equity`` and ``lbr`` (local best response, ``sniper exploit``). The rules as we play them:
docs/holdem.md.

The ``GameSpec`` below is declared from the light modules only (no PokerKit import when the registry
loads); its builders import the engine when they are called.

>>> SPEC.seat_text, SPEC.default_length, SPEC.levels, list(SPEC.engines)
('2-9', '100', ('random', 'easy', 'normal', 'hard', 'fold', 'call'), ['reference', 'kernel'])
"""

from functools import partial

from sniper.core.registry import GameSpec, register_game
from sniper.games.holdem.parameters import PARAMETERS
from sniper.games.holdem.rules import BIG_BLIND, DEFAULT_LENGTH, GAME_LENGTHS, SEATS, TITLE
from sniper.games.poker52.spec import PRESET, PokerRules, lazy_agent_builder, make_poker_rules, spec_fields
from sniper.games.poker52.spec import agent_vector as poker_agent_vector


def make_rules(preset: str = PRESET, length: str = DEFAULT_LENGTH) -> PokerRules:
    """The rules of a Hold'em run: ``preset`` "standard" and a length of ``GAME_LENGTHS`` (H10)."""
    return make_poker_rules(GAME_LENGTHS, preset, length)


make_agent = lazy_agent_builder("sniper.games.holdem.levels:make_agent")
"""``make_agent(spec, decision_timeout=None)``: the Hold'em agent a spec names, a level of
``sniper.games.holdem.levels`` or an outside agent (``sniper.games.poker52.spec.lazy_agent_builder``)."""


agent_vector = partial(poker_agent_vector, PARAMETERS, make_agent)
"""``agent_vector(spec)``: a Hold'em spec's full parameter vector (``sniper.games.poker52.spec.agent_vector``),
checked by building it."""


def decision_time(spec: str, players: int, rules: PokerRules, games: int = 16, repeats: int = 3) -> float:
    """CPU microseconds per decision of ``spec`` in self-play at ``players`` seats, in the no-limit Hold'em kernel
    (``sniper.games.poker52.decision_time.kernel_decision_time_us``; ``sniper tune``'s decision times and budget)."""
    from sniper.games.holdem.kernel_engine import kernel_inputs, play_games_kernel
    from sniper.games.poker52.decision_time import kernel_decision_time_us

    return kernel_decision_time_us(kernel_inputs, play_games_kernel, spec, players, rules, games, repeats)


def new_table(seats: int, rules: PokerRules, seed: int, game: int, **options):
    """The table state of game ``game`` of run ``seed`` (``sniper.games.holdem.table.HoldemTable``)."""
    from sniper.games.holdem.table import HoldemTable

    return HoldemTable(seats, seed, game, rules.length, **options)


SPEC = register_game(
    GameSpec(
        name="holdem",
        **spec_fields("holdem", PARAMETERS, GAME_LENGTHS, DEFAULT_LENGTH, "docs/holdem.md"),
        title=TITLE,
        seats=SEATS,  # H1: 2 to 9 players
        tables={
            "hands": "sniper.games.holdem.results:SCHEMA",
            "actions": "sniper.games.holdem.results:ACTION_SCHEMA",
        },
        new_table=new_table,
        make_rules=make_rules,
        make_agent=make_agent,
        agent_vector=agent_vector,
        decision_time="sniper.games.holdem:decision_time",
        equity="sniper.games.holdem.equity:equity_report",
        importer="sniper.games.holdem.phh:read_phh",
        history="sniper.games.holdem.phh:rows_phh",
        play_hand="sniper.games.holdem.play:play_hand",
        hand_text="sniper.games.holdem.play:replay_text",
        big_blind=BIG_BLIND,  # H1: results in bb/100 beside chips
        exploit="sniper.games.holdem.lbr:exploit",
        record="sniper.games.holdem.chunks:record_chunk",
        served="sniper.games.holdem.served:HoldemServed",
    )
)
"""The no-limit Hold'em ``GameSpec`` (registered as "holdem")."""

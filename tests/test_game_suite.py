"""The shared game suite: every registered game — the built-in four and the two toys of ``tests/`` — through the
declared ``sniper.core.table.TableState`` protocol only (OpenSpiel's ``games_sim_test``, PettingZoo's ``api_test``).

For each game, at its fewest and most seats, on its shortest game: random playouts that use only the methods the
protocol declares (``current_player``, ``legal_actions``, ``observe``, ``apply``, ``is_over``, ``returns``, and for
a simultaneous game ``legal_actions(seat)``, ``apply_actions`` and ``n_seats``), checking at every step what the
protocol promises (sorted legal actions, empty exactly at the end; an illegal action refused with ``ValueError`` and
the table unchanged; zero-sum returns); the same seed plays the same game and other seeds other games; and every
engine of the game plays a chunk of its levels at their defaults exactly as its reference engine does.

The view rule of each game (``observe`` never shows a hidden card: swap the hidden cards, compare) is checked in
each game's own tests, where the deck can be changed: ``tests/test_saint.py`` (S10), ``tests/test_holdem_env.py``
(H11), ``tests/test_draw_env.py`` (D10), ``tests/test_serve_views.py`` and ``tests/test_env.py`` (R10), and per
game at the server (``tests/test_serve_games.py``).
"""

import random

import pytest
import toy_bids  # noqa: F401  (registers "toy_bids")
import toy_game  # noqa: F401  (registers "toy")

from sniper.core.registry import game_names, get_game
from sniper.core.table import CHANCE, SIMULTANEOUS, TERMINAL, SimultaneousTableState, TableState

GAMES = game_names()
MAX_STEPS = 200_000
"""More actions than any game of the suite takes: a playout that does not end by then is a failure."""


def shortest_rules(spec):
    """The rules of ``spec``'s default preset at its shortest game length with a hand limit."""
    lengths = [spec.make_rules(spec.default_rules, length) for length in spec.game_lengths]
    return min((r for r in lengths if r.hands_per_game), key=lambda r: r.hands_per_game)


def seat_counts(spec):
    return sorted({spec.seats.start, spec.seats.stop - 1})


CASES = [(game, seats) for game in GAMES for seats in seat_counts(get_game(game))]


def snapshot(table, seats: int) -> tuple:
    """Everything the protocol shows of ``table``: whose turn, the legal actions (per seat at SIMULTANEOUS) and
    every seat's observation (as text: observations are the game's own objects)."""
    player = table.current_player()
    legal = tuple(table.legal_actions(s) for s in range(seats)) if player == SIMULTANEOUS else table.legal_actions()
    return player, legal, tuple(repr(table.observe(s)) for s in range(seats))


def not_legal(legal) -> int:
    """An action number that is not in ``legal``."""
    return max(legal, default=0) + 1


def playout(game: str, seats: int, seed: int, choices: int) -> list:
    """One game of ``game`` at ``seats`` seats, run seed ``seed``, every decision a uniform pick of a
    ``random.Random(choices)`` (chance takes its one legal action), through the declared protocol only, asserting
    its promises at each step; returns the trace (whose turn, the actions taken) and the returns at the end."""
    spec = get_game(game)
    table = spec.new_table(seats, shortest_rules(spec), seed, 0)
    assert isinstance(table, TableState)
    simultaneous = spec.dynamics == "simultaneous"
    if simultaneous:
        assert isinstance(table, SimultaneousTableState) and table.n_seats == seats
    rng, trace = random.Random(choices), []
    for _ in range(MAX_STEPS):
        player = table.current_player()
        assert table.is_over() == (player == TERMINAL)
        if player == TERMINAL:
            assert table.legal_actions() == ()
            break
        if player == SIMULTANEOUS:
            assert simultaneous and table.legal_actions() == ()
            legal = {s: table.legal_actions(s) for s in range(seats)}
            assert any(legal.values()) and all(list(a) == sorted(a) for a in legal.values())
            picks = {s: rng.choice(a) for s, a in legal.items() if a}
            wrong = next(iter(picks))
            before = snapshot(table, seats)
            with pytest.raises(ValueError):
                table.apply_actions({**picks, wrong: not_legal(legal[wrong])})
            assert snapshot(table, seats) == before, "a refused joint step changed the table"
            table.apply_actions(picks)
            trace.append((player, tuple(sorted(picks.items()))))
            continue
        legal = table.legal_actions()
        assert legal and list(legal) == sorted(legal)
        if player == CHANCE:
            action = legal[0]
        else:
            assert 0 <= player < seats
            table.observe(player)
            action = rng.choice(legal)
            if rng.random() < 0.05:
                before = snapshot(table, seats)
                with pytest.raises(ValueError):
                    table.apply(not_legal(legal))
                assert snapshot(table, seats) == before, "a refused action changed the table"
        table.apply(action)
        trace.append((player, action))
    else:
        pytest.fail(f"{game} did not end within {MAX_STEPS} actions")
    returns = table.returns()
    assert len(returns) == seats and sum(returns) == 0, returns
    for seat in range(seats):
        table.observe(seat)
    with pytest.raises(ValueError):
        table.observe(seats)
    return trace, returns


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_random_playouts_keep_the_table_protocol(game, seats):
    for seed in range(2):
        trace, _ = playout(game, seats, seed, choices=seed)
        assert trace, "a game with no action"


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_game_and_other_seeds_other_games(game):
    seats = get_game(game).seats.start
    first = playout(game, seats, 7, choices=1)
    assert playout(game, seats, 7, choices=1) == first
    others = [playout(game, seats, seed, choices=1) for seed in (8, 9, 10)]
    assert any(other != first for other in others)


def engine_cases():
    for game in GAMES:
        spec = get_game(game)
        for engine in list(spec.engines)[1:]:
            yield game, engine


def level_tables(spec) -> list[tuple[str, ...]]:
    """Tables that seat every level of ``spec`` once (as many seats as the game allows, the last table filled
    up with the first levels to its fewest seats)."""
    levels, most = list(spec.levels), spec.max_seats
    tables = [tuple(levels[i : i + most]) for i in range(0, len(levels), most)]
    short = spec.min_seats - len(tables[-1])
    return tables[:-1] + [tables[-1] + tuple(levels[:short]) if short > 0 else tables[-1]]


@pytest.mark.parametrize(("game", "engine"), list(engine_cases()) or [pytest.param("-", "-", marks=pytest.mark.skip)])
def test_every_engine_plays_every_level_at_its_defaults_as_the_reference_does(game, engine):
    """Every level at its defaults (``level_tables``: one game of the shortest length per table), played by
    ``engine`` and by the reference engine: the same tables, row for row. Each game's own kernel tests check many
    more games, seat counts, parameters and rare events."""
    from sniper.runs.config import RunConfig

    spec = get_game(game)
    rules, reference = shortest_rules(spec), next(iter(spec.engines))
    for agents in level_tables(spec):
        played = {}
        for name in (reference, engine):
            config = RunConfig(agents, rules, seed=11, hands=rules.hands_per_game, chunk_games=1, engine=name,
                               game=game)  # fmt: skip
            played[name] = spec.resolve(spec.engines[name])(config, 0)
        assert played[engine].counts == played[reference].counts
        for table in played[reference].tables:
            assert played[engine].tables[table].equals(played[reference].tables[table]), (game, agents, table)

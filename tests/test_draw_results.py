"""Five-card draw's run tables (sniper.games.draw.results; docs/draw.md, "Run tables"): the rows of every hand
give its ``HandRecord`` back, at 2-6 seats and with every level, through arrow and pandas."""

from collections import Counter

import pytest

from sniper.core.tables import HAND_COLUMNS, check_hand_schema, to_table
from sniper.games.draw import results
from sniper.games.draw.agents import make_level
from sniper.games.draw.engine import DISCARD, DRAW
from sniper.games.draw.parameters import PARAMETERS
from sniper.games.draw.play import HandRecord, play_game

SPECS = ("random", "easy", "normal:draw_samples=8", "hard:samples=8,draw_samples=8")
"""Every level (the Monte Carlo ones with few samples: the tables do not depend on how well they play)."""


def agents_for(seats: int, game: int) -> list[str]:
    return [SPECS[(game + s) % len(SPECS)] for s in range(seats)]


def build(spec: str):
    level, _, rest = spec.partition(":")
    params = dict(item.split("=") for item in rest.split(",") if item)
    return make_level(level, **{k: int(v) for k, v in params.items()})


@pytest.fixture(scope="module")
def games() -> list[tuple[int, list[str], list[HandRecord]]]:
    out = []
    for game in range(10):
        seats = 2 + game % 5
        specs = agents_for(seats, game)
        out.append((game, specs, play_game(seats, 7, game, [build(s) for s in specs], "bust" if game < 2 else "20")))
    return out


def test_the_tables_have_the_columns_every_game_has_and_no_nulls():
    check_hand_schema(results.SCHEMA, "draw")
    assert set(HAND_COLUMNS) <= set(results.SCHEMA.names)
    assert not any(f.nullable for f in (*results.SCHEMA, *results.ACTION_SCHEMA))
    assert list(PARAMETERS) == ["random", "easy", "normal", "hard", "fold", "call"]


def test_the_rows_of_every_hand_give_its_record_back(games):
    draws, busted = Counter(), 0
    for game, specs, records in games:
        hands = to_table(results.hand_rows(records, game, specs), results.COLUMNS).to_pandas()
        actions = to_table(results.action_rows(records, game), results.ACTION_COLUMNS).to_pandas()
        assert len(hands) == len(specs) * len(records) and (hands.groupby("hand")["net"].sum() == 0).all()
        for record in records:
            rows = hands[hands.hand == record.hand].sample(frac=1, random_state=record.hand)  # any row order
            acts = actions[actions.hand == record.hand]
            assert results.hand_record(rows.to_dict("list"), acts.to_dict("list")) == record
            draws.update(d for d in record.draws)
            busted += sum(not h for h in record.holes)
        drawing = actions[actions.street == DRAW]
        assert (drawing.draws == (drawing.action - DISCARD).map(int.bit_count)).all()
        assert (actions[actions.street != DRAW].draws == results.NO_DRAW).all()
    assert min(draws[d] for d in (None, 0, 1, 2, 3)) >= 20, draws  # every case of the draw, often
    assert busted > 0, "the bust games leave seats out"


def test_rows_of_one_hand_only(games):
    game, specs, records = games[0]
    hands, actions = results.hand_rows(records, game, specs), results.action_rows(records, game)
    with pytest.raises(ValueError, match="exactly one hand"):
        results.hand_record(hands, actions)
    with pytest.raises(ValueError, match="exactly one hand"):
        results.hand_record(*results.rows_of(hands, actions, hand=10**6))

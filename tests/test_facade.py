"""The façade's ``sniper.play_hand`` plays one hand of any registered game (``game``): the game's own record
(Sniper Hold'em's ``HandHistory``, Hold'em's and draw's ``HandRecord``) or, for a game without one, the hand's
rows of its tables, each the hand a run of the same agents, seed and game stores; bad input is one line naming
the parameter."""

import inspect

import pandas as pd
import pytest
import toy_game

import sniper
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.games.draw import results as draw_results
from sniper.games.holdem import results
from sniper.runs.config import RunConfig
from sniper.runs.runner import simulate
from sniper.runs.store import read_run


def run_of(tmp_path, name: str, agents: tuple[str, ...], seed: int, hands: int):
    spec = get_game(name)
    rules = spec.game_rules()
    config = RunConfig(agents, rules, seed, hands, 1, next(iter(spec.engines)), game=name)
    return simulate(config, tmp_path / name, 1).out


def test_the_default_game_is_the_default_game():
    assert inspect.signature(sniper.play_hand).parameters["game"].default is None
    assert sniper.play_hand(["easy", "random"], seed=1) == sniper.play_hand(
        ["easy", "random"], seed=1, game=DEFAULT_GAME
    )


def test_a_holdem_hand_is_the_record_its_run_stores(tmp_path):
    agents = ("easy", "random", "normal")
    out = run_of(tmp_path, "holdem", agents, seed=6, hands=12)
    hands, actions = read_run(out, "hands"), read_run(out, "actions")
    for game, hand in ((0, 0), (0, 5), (0, 11)):
        record = sniper.play_hand(list(agents), seed=6, game_index=game, hand=hand, game="holdem")
        rows = hands[(hands.game == game) & (hands.hand == hand)].to_dict("list")
        acts = actions[(actions.game == game) & (actions.hand == hand)].to_dict("list")
        assert record == results.hand_record(rows, acts)
    assert sniper.play_hand("easy,random,normal", seed=6, hand=5, game="holdem").hand == 5


def test_a_draw_hand_is_the_record_its_run_stores(tmp_path):
    agents = ("easy", "random", "easy")
    out = run_of(tmp_path, "draw", agents, seed=4, hands=8)
    hands, actions = read_run(out, "hands"), read_run(out, "actions")
    for game, hand in ((0, 0), (0, 7)):
        record = sniper.play_hand(list(agents), seed=4, game_index=game, hand=hand, game="draw")
        rows = hands[(hands.game == game) & (hands.hand == hand)].to_dict("list")
        acts = actions[(actions.game == game) & (actions.hand == hand)].to_dict("list")
        assert record == draw_results.hand_record(rows, acts)


def test_a_hand_of_a_game_without_a_record_of_its_own_is_its_rows(tmp_path):
    assert get_game(toy_game.SPEC.name).play_hand is None
    agents = ("high", "random", "high:threshold=8")
    out = run_of(tmp_path, "toy", agents, seed=3, hands=30)
    rows = sniper.play_hand(list(agents), seed=3, game_index=2, hand=1, game="toy")
    stored = read_run(out, "hands", filters=[("game", "=", 2), ("hand", "=", 1)])
    assert list(rows) == ["hands"]
    pd.testing.assert_frame_equal(rows["hands"].reset_index(drop=True), stored)


def test_read_run_with_an_empty_column_list_reads_no_columns(tmp_path):
    out = run_of(tmp_path, "toy", ("high", "random"), seed=3, hands=5)
    every = sniper.read_run(out, "hands")
    none = sniper.read_run(out, "hands", columns=[])
    assert len(every.columns) > 0 and list(none.columns) == [] and len(none) == len(every)
    assert list(sniper.read_run(out, "hands", columns=["seat"]).columns) == ["seat"]


@pytest.mark.parametrize(
    "call, message",
    [
        (dict(game="chess"), r"^game must be a registered game \(.*holdem, saint, sniper.*\), got 'chess'$"),
        (dict(game="holdem", game_index=-1), r"^game_index must be an integer from 0 to"),
        (dict(game="holdem", variant="draw"), r"^give the game played as game only"),
        (dict(game="holdem", hand=-1), r"^hand must be an integer from 0 to 2147483647, got -1$"),
        (dict(agents=["easy"] * 10, game="holdem"), r"^agents must give one spec per seat, 2-9 of them"),
        (dict(agents=["easy", "wizard"], game="holdem"), "wizard"),
        (dict(game="holdem", game_length="7"), "7"),
    ],
)
def test_bad_input_is_one_line_naming_the_parameter(call, message):
    arguments = {"agents": ["easy", "random"], **call}
    with pytest.raises(ValueError, match=message) as error:
        sniper.play_hand(**arguments)
    assert "\n" not in str(error.value)


def test_a_hand_after_the_games_end_is_a_lookup_error():
    with pytest.raises(LookupError, match="ends before hand 30000"):
        sniper.play_hand(["random", "random"], seed=1, hand=30000, game_length="bust", game="holdem")


def test_the_old_spellings_work_for_one_release_with_a_deprecation_warning():
    """Issue 27 item 5: ``game=`` names the game and ``game_index=`` numbers it; ``game=N`` and ``variant=NAME``
    are the old spellings, still taken with a ``DeprecationWarning``."""
    agents = ["easy", "random"]
    new = sniper.play_hand(agents, seed=2, game_index=1, hand=0, game="holdem")
    with pytest.warns(DeprecationWarning, match="variant=NAME is deprecated.*use game=NAME"):
        assert sniper.play_hand(agents, seed=2, game_index=1, hand=0, variant="holdem") == new
    with pytest.warns(DeprecationWarning, match="game=N for the game's number is deprecated.*game_index=N"):
        old = sniper.play_hand(agents, 2, hand=0, game=1)
    assert old == sniper.play_hand(agents, 2, 1, 0)
    with pytest.warns(DeprecationWarning, match="game_index=N"):
        assert sniper.play_game(agents, seed=2, game=1) == sniper.play_game(agents, seed=2, game_index=1)


def test_play_game_names_only_sniper_holdem_and_refuses_another_game_in_one_line():
    """``play_game`` plays Sniper Hold'em: ``game="sniper"`` is its default, another game a ``ParameterError`` (was a
    ``TypeError`` from deep in the deck's key)."""
    agents = ["easy", "random"]
    assert sniper.play_game(agents, seed=2, game="sniper") == sniper.play_game(agents, seed=2)
    with pytest.raises(ParameterError, match="play_game plays Sniper Hold'em only, got game='holdem'"):
        sniper.play_game(agents, seed=2, game="holdem")


@pytest.mark.parametrize("name", ["holdem", "draw"])
def test_a_hand_record_prints_as_a_readable_history(name):
    """Issue 27 item 5: cards as text, actions as words, streets, pots and the result."""
    record = sniper.play_hand(["easy", "normal", "random"], seed=5, hand=2, game=name)
    text = str(record)
    lines = text.splitlines()
    assert lines[0] == f"{get_game(name).title} - seed 5, game 0, hand 2"
    assert lines[1].startswith("Seat 0: easy (") and "chips)" in lines[1]
    assert "*** RESULT *** pot " in text and "*** STACKS ***" in text
    first = record.holes[0]
    from sniper.games.poker52.cards import text as card_text

    assert f"[{' '.join(card_text(c) for c in first)}]" in text, "cards as text"
    words = ("fold", "check", "call ", "bet ", "raise to ", "draws ", "stands pat")
    acting = [line for line in lines if line.startswith("Seat ") and line.split(": ", 1)[1].startswith(words)]
    assert len(acting) == len(record.actions), "one line in words per action"
    for seat, (stack, net) in enumerate(zip(record.stacks, record.winnings)):
        assert f"Seat {seat}: {stack} chips ({net:+d})" in text

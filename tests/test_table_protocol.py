"""The table protocol is complete (issue 28 item 3): every registered game plays through the declared API only.

``sniper.core.table`` declares what drivers may call: ``TableState`` for every game, ``SimultaneousTableState`` for
a game whose seats pick at once, ``HandTableState`` for a game of hands on chips. Each registered game
(``game_names()``) is played to its end through a proxy that answers only the declared members of the protocols
its table implements (an undeclared one raises ``AttributeError``), with the one driver loop
(``sniper.core.table.play_to_end``); and the game-independent drivers' code reads only declared members of
their tables.
"""

import ast
import random
from pathlib import Path

import pytest

from sniper.core.registry import game_names, get_game
from sniper.core.table import (
    TERMINAL,
    HandTableState,
    SimultaneousTableState,
    TableState,
    hand_over,
    play_to_end,
)

ROOT = Path(__file__).resolve().parents[1]
DRIVERS = ("sniper/core/env.py", "sniper/core/served.py", "sniper/core/table.py", "sniper/serve/table.py")
"""The game-independent drivers of tables: the env scaffolding, the server's defaults and rooms, the driver loop."""
PROTOCOLS = (TableState, SimultaneousTableState, HandTableState)


def declared(protocol: type) -> set[str]:
    """The public members a protocol declares (its methods and annotated attributes), its bases' included."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls in PROTOCOLS:
            names |= {name for name in (*vars(cls), *getattr(cls, "__annotations__", {})) if not name.startswith("_")}
    return names


class Declared:
    """``table`` seen through the members ``names`` only."""

    def __init__(self, table, names: set[str]) -> None:
        self._table, self._names = table, names

    def __getattr__(self, name: str):
        if name not in self._names:
            raise AttributeError(f"{name!r} is not declared by the table protocol")
        return getattr(self._table, name)


def implemented(table) -> set[str]:
    """The declared members of every protocol ``table`` implements."""
    return set().union(*(declared(p) for p in PROTOCOLS if isinstance(table, p)))


def shortest_rules(spec):
    """The game's default rules at its shortest game length."""
    return min((spec.game_rules(None, length) for length in spec.game_lengths), key=lambda r: r.planned_hands)


def playout(name: str, seed: int) -> tuple[list[int], tuple[int, ...], object]:
    """Game 0 of run ``seed`` of game ``name`` at 3 seats (or the nearest count), every decision a seeded random
    legal action, through the declared API only: the actions chosen, the returns and the proxy."""
    spec = get_game(name)
    table = spec.new_table(spec.fit_seats(3), shortest_rules(spec), seed, 0)
    proxy = Declared(table, implemented(table))
    rng, chosen = random.Random(seed), []

    def decide(seat, obs, legal):
        assert legal and obs is not None, f"seat {seat} is asked with no legal action"
        chosen.append(rng.choice(legal))
        return chosen[-1]

    play_to_end(proxy, decide)
    return chosen, tuple(proxy.returns()), proxy


@pytest.mark.parametrize("name", sorted(game_names()))
def test_every_game_plays_to_its_end_through_the_declared_api_only(name):
    chosen, returns, proxy = playout(name, 5)
    assert isinstance(proxy._table, TableState)
    assert proxy.is_over() and proxy.current_player() == TERMINAL and tuple(proxy.legal_actions()) == ()
    assert len(returns) == proxy.n_seats and sum(returns) == 0 and chosen
    assert isinstance(proxy.seed, int) and proxy.game == 0
    assert playout(name, 5)[:2] == (chosen, returns), "the same seed plays the same game"
    if get_game(name).dynamics == "simultaneous":
        assert isinstance(proxy._table, SimultaneousTableState)


def test_the_builtin_games_implement_their_protocols():
    tables = {name: get_game(name).new_table(2, get_game(name).game_rules(), 1, 0) for name in game_names()}
    assert {"sniper", "holdem", "draw"} <= {name for name, table in tables.items() if isinstance(table, HandTableState)}
    assert isinstance(tables["saint"], SimultaneousTableState)


@pytest.mark.parametrize("name", ("sniper", "holdem", "draw"))
def test_a_game_of_hands_is_driven_hand_by_hand_through_the_declared_api(name):
    """Dealt, played hand by hand (``hand_over``) with agents drawing from ``stream()``: the hands, stacks and end
    the protocol declares, and the same game as one ``play_to_end``."""
    spec = get_game(name)
    table = spec.new_table(3, shortest_rules(spec), 7, 0)
    proxy = Declared(table, declared(HandTableState))
    assert proxy.hand is None and proxy.ended is None and len(proxy.stacks) == 3
    total, hands = sum(proxy.stacks), 0
    while not proxy.is_over():
        proxy.apply(proxy.legal_actions()[0])
        assert proxy.hand_index == hands and proxy.hand is not None
        play_to_end(proxy, lambda seat, obs, legal: legal[proxy.stream().integer(len(legal))], hand_over)
        assert proxy.hand_over() and proxy.hand is not None and sum(proxy.stacks) == total
        hands += 1
    assert proxy.ended in ("chips", "hands") and hands >= 1
    again = spec.new_table(3, shortest_rules(spec), 7, 0)
    play_to_end(again, lambda seat, obs, legal: legal[again.stream().integer(len(legal))])
    assert again.returns() == proxy.returns() and again.hand_index == proxy.hand_index


def table_members(path: Path) -> set[str]:
    """The attributes the code of ``path`` reads of a table: ``table.X`` and ``self.table.X``."""
    members = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "table") or (
            isinstance(owner, ast.Attribute) and owner.attr == "table" and isinstance(owner.value, ast.Name)
        ):
            members.add(node.attr)
    return members


@pytest.mark.parametrize("driver", DRIVERS)
def test_the_game_independent_drivers_call_only_declared_members(driver):
    known = set().union(*(declared(p) for p in PROTOCOLS))
    used = table_members(ROOT / driver)
    assert used, f"{driver} reads no table: the scan finds nothing"
    assert used <= known, f"{driver} calls undeclared table members: {sorted(used - known)}"

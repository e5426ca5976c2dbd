"""Game-level cross-check: the kernel against the reference engine at the levels' *default* parameters.

The reference agents run their rollouts in pure Python (``sniper.games.sniper_holdem.rollout.rollout``), so nothing of
the kernels is on the reference side. Each case plays whole short games with both engines and
compares the hands and actions tables row for row (R2–R13). A seeded matrix then counts the rare
events those games went through and asserts a minimum of each, so the comparison is known to
cover them: split pots and odd chips (R8), all-sniped showdowns (R8), caps that rose after a fold
(R5), betting skipped in round 2 (R6), busts (R9) and the show's 75-chip exit (R12).
"""

import numpy as np
import pandas as pd
import pytest

from sniper.games.sniper_holdem.chunks import play_chunk_reference
from sniper.games.sniper_holdem.kernel_engine import play_chunk_kernel
from sniper.games.sniper_holdem.rules import make_rules
from sniper.runs.config import RunConfig


def played_by_both(config: RunConfig) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Chunk 0 of ``config`` from both engines, asserted identical; returns (hands, actions) frames."""
    expected = play_chunk_reference(config, 0)
    actual = play_chunk_kernel(config, 0, actions=True)
    assert actual.counts == expected.counts
    for name in ("hands", "actions"):
        a, e = getattr(actual, name), getattr(expected, name)
        if not a.equals(e):
            a, e = a.to_pandas(), e.to_pandas()
            assert len(a) == len(e), f"{name}: {len(a)} kernel rows, {len(e)} reference rows"
            first = int(np.flatnonzero((a != e).any(axis=1).to_numpy())[0])
            pytest.fail(
                f"{config.agents}: {name} row {first} differs:\nkernel\n{a.iloc[first]}\nreference\n{e.iloc[first]}"
            )
    return expected.hands.to_pandas(), expected.actions.to_pandas()


DEFAULT_CASES = [
    # (agents at their defaults, preset, game length, starting stack, seed, games)
    (("normal", "hard"), "ours", "10", 60, 1, 8),
    (("hard", "normal", "hard"), "show", "10", 60, 2, 6),
    (("normal", "hard", "easy", "random"), "ours", "10", 60, 3, 5),
    (("hard", "hard", "normal", "normal", "hard"), "ours", "10", 15, 4, 4),
    (("normal", "hard", "normal", "hard", "normal", "hard"), "show", "10", 60, 5, 3),
    (("hard", "normal"), "ours", "bust", 8, 6, 6),
    (("normal+ev", "hard+random", "hard+board", "normal+pass"), "ours", "10", 60, 7, 3),
    (("fold", "call", "easy", "random"), "ours", "20", 60, 8, 4),
    (("call+board", "fold+random", "hard", "normal"), "show", "10", 60, 9, 3),
]


@pytest.mark.slow
@pytest.mark.parametrize("agents, preset, length, stack, seed, games", DEFAULT_CASES)
def test_default_levels_equal_reference(agents, preset, length, stack, seed, games):
    """normal and hard at their default parameters (100 and 400 samples, future snipes, betting
    weights, beater snipes) play the same games in both engines, table for table (R2–R13)."""
    config = RunConfig(agents, make_rules(preset, length, stack), seed=seed, chunk_games=games)
    hands, actions = played_by_both(config)
    assert hands["game"].nunique() == games
    assert (actions["round"] == 2).any() or length == "bust"


def rare_events(hands: pd.DataFrame, actions: pd.DataFrame, rules: str) -> dict[str, int]:
    """Counts of the rare events a chunk went through (module docstring), from its tables."""
    keys = ["game", "hand"]
    sd = hands[hands["showdown"]]
    per_hand = sd.groupby(keys).agg(
        seats=("seat", "size"),
        winners=("payout", lambda p: int((p > 0).sum())),
        spread=("payout", lambda p: int(p[p > 0].max() - p[p > 0].min()) if (p > 0).any() else 0),
        all_sniped=("sniped", "all"),
    )
    betting = actions[actions["round"] <= 2]
    rounds = betting.groupby(keys)["round"].max()
    skipped = per_hand.index.difference(rounds[rounds == 2].index)
    caps = betting.groupby(keys)["cap"]
    folds = actions.groupby(keys)["action"].apply(lambda a: int((a == 0).sum()))
    exits = 0
    if rules == "show":
        last = hands.groupby("game")["hand"].transform("max")
        exits = int(((hands["stack_after"] >= 75) & (hands["hand"] < last) & hands["dealt_in"]).sum())
    return {
        "split pots": int((per_hand["winners"] >= 2).sum()),
        "odd chips": int(((per_hand["winners"] >= 2) & (per_hand["spread"] > 0)).sum()),
        "all-sniped showdowns": int((per_hand["all_sniped"] & (per_hand["seats"] >= 2)).sum()),
        "cap rises after a fold": int(((caps.max() > caps.first()) & (folds > 0)).sum()),
        "betting skipped in round 2": len(skipped),
        "busts": int(((hands["stack_before"] > 0) & (hands["stack_after"] == 0)).sum()),
        "75-chip exits": exits,
    }


MATRIX = [
    # (agents, preset, game length, starting stack, seed, games): small stacks for caps, skips
    # and busts; the show's rules for exits; board snipes for all-sniped showdowns
    (("random", "easy", "random", "easy"), "ours", "20", 5, 101, 120),
    (("easy", "random", "random"), "ours", "20", 9, 102, 120),
    (("random",) * 6, "ours", "20", 4, 103, 60),
    (("easy", "easy", "random", "random", "easy"), "ours", "bust", 6, 104, 60),
    (("easy+board", "easy+board", "random+board"), "ours", "20", 12, 105, 120),
    (("random+board", "random+board"), "ours", "20", 3, 106, 200),
    (("random+board", "easy+board", "random+board", "easy+board"), "ours", "10", 2, 107, 150),
    (("random", "easy", "random", "easy"), "show", "20", 60, 108, 60),
    (("easy", "random", "random", "easy", "random"), "show", "bust", 60, 109, 20),
    (("normal:samples=10", "hard:samples=10", "random", "easy"), "show", "20", 40, 110, 8),
    (("hard:samples=10", "random", "normal:samples=10"), "ours", "20", 7, 111, 10),
]
MINIMUM = {
    "split pots": 40,
    "odd chips": 12,
    "all-sniped showdowns": 4,
    "cap rises after a fold": 100,
    "betting skipped in round 2": 500,
    "busts": 500,
    "75-chip exits": 40,
}
"""About half of what the matrix contains (seeded, so the counts are fixed): a floor that fails if
a change to the matrix or the engines stops exercising an event."""


@pytest.mark.slow
def test_rare_events_are_cross_checked():
    """Every game of the matrix is identical in both engines, and together they contain at least
    ``MINIMUM`` of each rare event (R5, R6, R8, R9, R12)."""
    total = dict.fromkeys(MINIMUM, 0)
    for agents, preset, length, stack, seed, games in MATRIX:
        config = RunConfig(agents, make_rules(preset, length, stack), seed=seed, chunk_games=games)
        for name, count in rare_events(*played_by_both(config), preset).items():
            total[name] += count
    assert {name: total[name] >= MINIMUM[name] for name in MINIMUM} == dict.fromkeys(MINIMUM, True), total

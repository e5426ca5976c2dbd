"""The rows of a duplicate duel as one results frame, for the analyses of any game (R13).

``duel_rows`` plays a duel's games under every seating (``sniper.arena.duel``) into one frame with the
columns ``seating`` and ``role``; the estimators over such frames are ``sniper.core.analysis``'s (imported
here, so ``sniper.arena.analysis.clustered_ratio`` is that one), and a game's own analyses are in its
package (Sniper Hold'em: ``sniper.games.sniper_holdem.analysis``).
"""

from dataclasses import replace

import numpy as np
import pandas as pd

from sniper.arena.duel import DuelSetup
from sniper.core.analysis import (  # noqa: F401  (the notebooks' one import of the estimators)
    QUICK_ENV,
    clustered_ratio,
    hand_keys,
    plot_estimates,
    quick_mode,
    role_difference,
    stratified_difference,
)
from sniper.runs.runner import play_chunk


def duel_rows(setup: DuelSetup, games: int) -> pd.DataFrame:
    """The results rows of a duplicate duel: games ``0..games-1`` under every seating of ``setup``.

    The same deals and random streams as ``sniper.arena.duel.run_duel`` (R13), with two more columns:
    ``seating`` (int, index into ``sniper.arena.duel.seatings``) and ``role`` ("A" or "B", whose spec
    holds the seat). ``game`` is the duplicate group. Raises ``ValueError`` for ``games < 1``.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    frames = []
    for k, (seating, config) in enumerate(setup.configs()):
        table, _ = play_chunk(replace(config, chunk_games=games), 0)
        frame = table.to_pandas()
        frame.insert(0, "seating", k)
        frame["role"] = np.array(list(seating))[frame["seat"].to_numpy()]
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)

"""How a ``sniper tune`` trial is scored: ``Evaluation`` (a spec's chips per hand on duplicate groups, with its
95% CI), ``evaluate`` (play the groups, reporting each to the pruner) and the named objectives (``OBJECTIVES``,
``register_objective``; ``edge``, the default, and ``lbr``, exploitability by local best response). The search:
``sniper.arena.tune``.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from sniper.arena.duel import (
    play_duel_chunk,
)
from sniper.core.registry import get_game
from sniper.runs.backends import Backend

if TYPE_CHECKING:  # the setups import OBJECTIVES: named here for the annotations only
    from sniper.arena.tune_setup import FieldSetup, PopulationSetup, TuneSetup


@dataclass
class Evaluation:
    """A spec's net chips per hand against the field (or its population score) over duplicate groups, with
    its 95% CI; ``edges``: a population's per-opponent edges (``PopulationSetup.summary``; None for a field);
    ``against``: the opponent, for one duel of the crosstable (else None)."""

    spec: str
    hands: int
    groups: int
    net_per_hand: float
    half_width: float
    edges: list[dict] | None = None
    against: str | None = None

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% CI of ``net_per_hand`` (chips/hand)."""
        return self.net_per_hand - self.half_width, self.net_per_hand + self.half_width

    def to_json(self) -> dict:
        """Plain JSON data (non-finite values as null); ``edges`` and ``against`` when set."""
        return finite(
            {
                "spec": self.spec,
                **({"against": self.against} if self.against is not None else {}),
                "hands": self.hands,
                "net_per_hand": self.net_per_hand,
                "ci95": list(self.ci95),
                **({"edges": self.edges} if self.edges is not None else {}),
            }
        )

    @classmethod
    def from_cache(cls, cached: dict) -> "Evaluation":
        """The evaluation stored in a study (``asdict`` with non-finite values as null): a null half-width is
        ``inf`` again (no interval), other nulls stay."""
        return cls(**{k: (math.inf if v is None and k == "half_width" else v) for k, v in cached.items()})


def finite(value):
    """``value`` with every non-finite float replaced by None (strict JSON)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    return value


def evaluate(
    setup: "FieldSetup | PopulationSetup",
    chunks: Sequence[int],
    backend: Backend,
    report: Callable[[int, float], bool] | None = None,
) -> tuple[Evaluation, bool]:
    """Play ``chunks`` of ``setup`` in the given order; ``report(game, value)`` after each group, ``value`` the
    group's ``setup.group_value`` (a field: net chips per hand; a population: their aggregate over its duels).

    Stops after the chunk in which ``report`` returned True (pruned): the rest of that chunk is already
    played, so its groups count. A stop asked for in the last chunk is ignored: every group has been
    played, nothing is saved, and the evaluation is complete. Returns the evaluation of the groups
    played (``setup.summary``) and whether it stopped early (True only when some chunks were not played).
    """
    parts = setup.parts()
    y, h = [], []
    stopped = False
    results = backend.map(play_duel_chunk, ((part, c) for c in chunks for part in parts))
    try:
        for position, chunk in enumerate(chunks):
            units = [next(results) for _ in parts]
            for i in range(units[0].shape[0]):
                hands = [int(u[i, :, 0].sum()) for u in units]
                nets = [int(u[i, :, 1].sum()) for u in units]
                y.append(nets)
                h.append(hands)
                if report is not None and report(chunk * setup.chunk_games + i, setup.group_value(nets, hands)):
                    stopped = position < len(chunks) - 1
            if stopped:
                break
    finally:
        results.close()
    y_array, h_array = np.array(y, float).reshape(-1, len(parts)), np.array(h, float).reshape(-1, len(parts))
    score, half, edges = setup.summary(y_array, h_array)
    return Evaluation(setup.candidate, int(h_array.sum()), len(y), score, half, edges), stopped


@dataclass(frozen=True)
class Objective:
    """A named way to score a configuration (``--objective``), maximised by the study.

    ``score(setup, spec, seed, chunk_games, chunks, backend, report)`` plays configuration ``spec`` of the
    ``TuneSetup`` on run seed ``seed`` (chunks of ``chunk_games`` games, in the order ``chunks``), calls
    ``report(instance, value)`` per paired instance (``WilcoxonPruner``: True asks to stop) and returns
    ``(Evaluation, stopped_early)``, higher better; ``unit`` says what the value measures.
    """

    name: str
    unit: str
    score: Callable[..., tuple[Evaluation, bool]]


OBJECTIVES: dict[str, Objective] = {}
"""The objectives ``sniper tune`` knows, by name (``register_objective``)."""


def register_objective(objective: Objective) -> Objective:
    """Add ``objective`` to ``OBJECTIVES`` (e.g. an exploitability objective, the negated win rate of a local
    best response against the spec); ``ValueError`` if its name is taken."""
    if objective.name in OBJECTIVES:
        raise ValueError(f"an objective named {objective.name!r} is registered already")
    OBJECTIVES[objective.name] = objective
    return objective


def edge_score(
    setup: "TuneSetup",
    spec: str,
    seed: int,
    chunk_games: int,
    chunks: Sequence[int],
    backend: Backend,
    report: Callable[[int, float], bool] | None = None,
) -> tuple[Evaluation, bool]:
    """The ``edge`` objective: chips per hand of ``spec`` against the field, or the population's aggregate
    (``TuneSetup.play_setup``, ``evaluate``)."""
    return evaluate(setup.play_setup(spec, seed, chunk_games), chunks, backend, report)


register_objective(Objective("edge", "chips/hand", edge_score))


def lbr_score(
    setup: "TuneSetup", spec: str, seed: int, chunk_games: int, chunks: Sequence[int], *_unused: object
) -> tuple[Evaluation, bool]:
    """The ``lbr`` objective: ``spec``'s chips per hand against a local best response (Lisý & Bowling 2017; the
    game's ``GameSpec.exploit`` with its default options, heads-up, in duplicate), i.e. minus LBR's win rate, so
    the least exploitable configuration scores highest. The field and the population are not played.

    It plays about as many hands as ``edge`` would on these chunks (``len(chunks) × chunk_games`` groups of
    ``setup.hands_per_group`` hands, rounded up to an even number: deals in both seats) on run seed ``seed``,
    in this process and unpruned (``_unused``: ``Objective.score``'s ``backend`` and ``report``, not used; LBR's
    deals are not the pruner's paired instances). ``ValueError`` if the game has no LBR (``TuneSetup.check``
    refuses it first)."""
    game = get_game(setup.game)
    if game.exploit is None:
        raise ValueError(f"the lbr objective needs a local best response, which {game.title} does not have yet")
    hands = 2 * max(1, -(-len(chunks) * chunk_games * setup.hands_per_group // 2))
    result = game.resolve(game.exploit)(spec, hands, None, None, seed, 1, None, None)
    ci = result.interval
    deals = len(result.nets)
    return Evaluation(spec, 2 * deals, deals, -ci.estimate, ci.half_width), False


register_objective(Objective("lbr", "chips/hand against a local best response", lbr_score))

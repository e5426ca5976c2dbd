"""Every number an AI policy uses, defined once for the reference agents and the numba kernels.

Plain Python with no numba import: ``sniper.games.sniper_holdem.agents`` and
``sniper.games.sniper_holdem.parameters`` (the readable reference) and ``kernels.sniper_holdem.policies`` /
``kernels.sniper_holdem.rollout`` (the numba equivalents) all import from here, so a level or a heuristic is
retuned in one place. The raise steps of R6 and the snipe names
of R7 are rules, not policy: they live in ``kernels.sniper_holdem.codes``.

The kernels see an agent as data: a betting ``Level``, a snipe ``Heuristic`` and a ``float64``
parameter vector laid out by ``Param`` (built by ``sniper.games.sniper_holdem.kernel_engine.kernel_agent``).
"""

from enum import IntEnum


class Level(IntEnum):
    """Betting levels (``sniper.games.sniper_holdem.parameters.LEVELS``): ``RANDOM`` (``RandomAgent``), ``EASY``
    (``EasyAgent``), ``MONTE_CARLO`` (``MonteCarloAgent``: ``normal`` and ``hard`` differ only in
    their parameters), ``FOLD`` and ``CALL`` (the baselines ``FoldAgent``, ``CallAgent``). Parameter
    vectors are laid out by ``Param``."""

    RANDOM = 0
    EASY = 1
    MONTE_CARLO = 2
    FOLD = 3
    CALL = 4


class Heuristic(IntEnum):
    """Snipe heuristics, as ``sniper.games.sniper_holdem.snipes.SNIPE_HEURISTICS`` of the same name (R7)."""

    PASS = 0
    RANDOM = 1
    BOARD = 2
    BEATER = 3
    EV = 4
    DANGER = 5


class Param(IntEnum):
    """Positions in a seat's ``float64`` parameter vector: the agent field of the same name.

    ``SAMPLES`` and ``FUTURE_SNIPES`` are also read by the rollout heuristics (``beater``, ``danger``, ``ev``)
    of every level: ``SNIPE_SAMPLES`` and 0 for levels without those fields.
    """

    SAMPLES = 0
    FUTURE_SNIPES = 1
    BLUFF = 2
    RAISE_LIMIT = 3
    RAISE_SMALL = 4
    RAISE_MID = 5
    RAISE_BIG = 6
    CALL_MARGIN = 7
    POSITION = 8
    TEXTURE = 9
    SHORT_STACK = 10
    AGGRESSION = 11
    SETTLE = 12


N_PARAMS = len(Param)
"""Length of each seat's parameter vector."""

# ----- level defaults (docs/sniper-holdem.md "Agents"; sniper.games.sniper_holdem.parameters.LEVELS) ------------------

RANDOM_DEFAULTS: dict[str, object] = {"snipes": "random"}
"""``random``: uniform over the legal actions; snipes uniformly (``sniper.games.sniper_holdem.agents.RandomAgent``)."""

EASY_DEFAULTS: dict[str, object] = {"bluff": 0.05, "raise_limit": 6, "snipes": "board"}
"""``easy`` (``sniper.games.sniper_holdem.agents.EasyAgent``): bluff probability, raise limit in chips, snipe
heuristic."""

NORMAL_V1_DEFAULTS: dict[str, object] = {
    "samples": 100,
    "bluff": 0.05,
    "raise_small": 1.2,
    "raise_mid": 1.6,
    "raise_big": 2.2,
    "call_margin": 1.0,
    "position": 0.1,
    "texture": 0.4,
    "short_stack": 4,
    "raise_limit": 12,
    "future_snipes": 0.0,
    "aggression": 0.0,
    "settle": 0.0,
    "snipes": "beater",
}
"""``normal-v1``: ``normal`` as it was before adaptive sampling and retuning (kept so old results
stay reproducible); meanings in ``sniper.games.sniper_holdem.agents.MonteCarloAgent``'s docstring."""

HARD_V1_DEFAULTS: dict[str, object] = {
    **NORMAL_V1_DEFAULTS,
    "samples": 400,
    "bluff": 0.08,
    "raise_big": 1.8,
    "call_margin": 1.3,
    "position": 0.3,
    "texture": 0.0,
    "future_snipes": 1.0,
    "aggression": 1.0,
}
"""``hard-v1``: ``normal-v1`` with 4× the samples, future snipes and betting-weighted rollouts."""

NORMAL_DEFAULTS: dict[str, object] = {**NORMAL_V1_DEFAULTS, "settle": 1.0}
"""``normal`` (``sniper.games.sniper_holdem.agents.MonteCarloAgent``): ``normal-v1`` with adaptive sampling."""

HARD_DEFAULTS: dict[str, object] = {
    **HARD_V1_DEFAULTS,
    "samples": 744,
    "bluff": 0.01851,
    "raise_small": 1.123,
    "raise_mid": 1.236,
    "raise_big": 1.948,
    "call_margin": 1.031,
    "position": 0.6227,
    "short_stack": 12,
    "raise_limit": 30,
    "future_snipes": 0.7576,
    "aggression": 4.668,
    "settle": 1.0,
    "snipes": "danger",
}
"""``hard``: retuned with ``sniper tune`` against three ``normal`` at 4 seats (three rounds, winners
chosen on held-out seeds; ``experiments/tune/``), with adaptive sampling: bets less often on
middling hands, bluffs rarely, weighs position and the opponents' raises far more than ``hard-v1``;
snipes with ``danger`` (the beater that would win at the showdown as R8 plays it, the snipes made and
those modelled to come counted; issue 32: ``beater`` before)."""

SETTLE_BLOCK = 25
"""Adaptive sampling (``settle > 0``): rollouts run in blocks of this many samples, and after each
block the decision stops once its equity is settled (``sniper.games.poker52.settle.settled``)."""

# ----- snipe heuristics and the rollout models (R7) -------------------------------------------

SNIPE_SAMPLES = 200
"""Rollouts for ``beater``, ``danger`` and ``ev`` when the level itself has no ``samples`` parameter."""

EV_CANDIDATES = 5
"""``ev`` compares passing with the most frequent beaters, at most this many."""

FUTURE_SNIPE_WEIGHTS = (0.4, 0.2, 0.1, 0.1)
"""Chance that an opponent yet to snipe names the 1st, 2nd, 3rd, 4th board snipe (hard's model)."""

AGGRESSION_SCALE = 6.0
"""Betting weight of a rollout sample: ``1 + aggression * raises * category / AGGRESSION_SCALE``
per opponent (``kernels.sniper_holdem.rollout``); 6 is ``Category.FOUR_OF_A_KIND``, so the strongest hand of an
opponent who raised once weighs ``1 + aggression``."""

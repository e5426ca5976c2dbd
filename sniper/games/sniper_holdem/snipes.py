"""The snipe round (R7) as the AIs play it: which names an agent may call (``allowed_snipes``), what the board
suggests (``board_snipes``), the rollouts the heuristics and the Monte Carlo levels run (``rollout_sums``), and
the snipe heuristics by name (``SNIPE_HEURISTICS``: pass, random, board, beater, ev, danger) with their policies
(``snipe_probabilities``, ``policy_of``). The agents: ``sniper.games.sniper_holdem.agents``.
"""

import math
from collections import Counter
from collections.abc import Sequence

from kernels.sniper_holdem.codes import N_SNIPES, PASS, SNIPE_CODE, Category
from kernels.sniper_holdem.params import (
    EV_CANDIDATES,
    FUTURE_SNIPE_WEIGHTS,
    SETTLE_BLOCK,
    SNIPE_SAMPLES,
)
from sniper.core.policy import POLICY_KEYS, over_streams, uniform
from sniper.core.rng import Stream
from sniper.games.sniper_holdem.hands import best_hand
from sniper.games.sniper_holdem.observation import Observation


def board_snipes(board: tuple[int, ...]) -> list[int]:
    """Snipe codes the four-card board makes most obvious, most obvious first (R7 strategy notes).

    A set on board → that four of a kind and full house; a pair on board (highest first) → that
    full house and three of a kind; four numbers in a row → the straight they complete (the
    higher one when both ends are open).
    """
    counts = Counter(board)
    names: list[tuple[Category, int]] = []
    for number, count in sorted(counts.items(), key=lambda nc: (nc[1], nc[0]), reverse=True):
        if count >= 3:
            names += [(Category.FOUR_OF_A_KIND, number), (Category.FULL_HOUSE, number)]
        elif count == 2:
            names += [(Category.FULL_HOUSE, number), (Category.THREE_OF_A_KIND, number)]
    low, high = min(board), max(board)
    if len(counts) == 4 and high - low == 3:
        names.append((Category.STRAIGHT, high + 1 if high < 10 else high))
    return [SNIPE_CODE[(int(c), t)] for c, t in names if (int(c), t) in SNIPE_CODE]


def own_snipe_code(obs: Observation) -> int:
    """Snipe code of the agent's current best hand (R8), ``PASS`` if it has no legal name."""
    own = best_hand(obs.private, obs.board)
    return SNIPE_CODE.get((int(own.category), own.top), PASS)


def allowed_snipes(obs: Observation) -> list[int]:
    """Snipe codes a heuristic may name: not the agent's own current hand, not already named (R7)."""
    own = own_snipe_code(obs)
    named = {r.code for r in obs.snipes}
    return [code for code in range(N_SNIPES) if code != own and code not in named]


def live_seats(obs: Observation) -> list[int]:
    """Seats still in the hand, in betting order from the first player (R3)."""
    n = len(obs.stacks)
    return [(obs.first + i) % n for i in range(n) if not obs.folded[(obs.first + i) % n]]


def future_snipe_probs(board: tuple[int, ...], weight: float) -> list[float]:
    """A model of what one opponent yet to snipe names: 61 probabilities, index 60 = pass (R7).

    The ``i``-th name of ``board_snipes(board)`` gets ``weight * FUTURE_SNIPE_WEIGHTS[i]``; the
    rest of the mass passes. ``weight`` is in [0, 1].
    """
    probs = [0.0] * (N_SNIPES + 1)
    for code, w in zip(board_snipes(board), FUTURE_SNIPE_WEIGHTS):
        probs[code] += weight * w
    probs[N_SNIPES] = 1.0 - sum(probs[:N_SNIPES])
    return probs


ROLLOUT_BACKENDS = ("python", "kernel")
"""Where an agent's rollouts run, its ``rollouts`` field (given to ``sniper.games.sniper_holdem.parameters.make_agent``,
never a
process-wide switch): "python" (``sniper.games.sniper_holdem.rollout.rollout``, the reference, the default) or "kernel"
(``sniper.games.sniper_holdem.rollout.kernel_rollout`` on ``kernels.sniper_holdem.rollout``). The results do not
change: the kernel is tested
bit for bit against the pure-Python rollout on the same keys; only the speed does (about a thousand times
faster). The backend is not a parameter of the agent: specs, parameter vectors and manifests leave it out."""


def rollout_sums(*args, backend: str = "python"):
    """``sniper.games.sniper_holdem.rollout.rollout(*args)`` (its arguments: ``private``, ``board``,
    ``n_opponents``, ``snipe_codes``, ``snipe_probs``, ``n_future``, ``key``, ``n_samples``, then optionally
    ``opp_raises``, ``aggression``, ``first``), or for ``backend`` "kernel" (``ROLLOUT_BACKENDS``) its kernel
    ``kernel_rollout`` on the same arguments, in one thread: ``RolloutSums`` (R8). Raises ``ValueError`` for
    another backend."""
    from sniper.games.sniper_holdem.rollout import kernel_rollout, rollout

    if backend == "kernel":
        return kernel_rollout(*args[:8], False, *args[8:])
    if backend != "python":
        raise ValueError(f"unknown rollout backend {backend!r}; valid: {', '.join(ROLLOUT_BACKENDS)}")
    return rollout(*args)


# ----- snipe heuristics (R7) ------------------------------------------------------------------------


def snipe_pass(agent, obs: Observation, stream: Stream) -> int:
    """``pass``: never snipes."""
    return PASS


def snipe_options(obs: Observation) -> list[int]:
    """What ``random`` chooses among: the allowed names (``allowed_snipes``), then passing."""
    return [*allowed_snipes(obs), PASS]


def snipe_random(agent, obs: Observation, stream: Stream) -> int:
    """``random``: uniform among ``snipe_options``; one integer."""
    options = snipe_options(obs)
    return options[stream.integer(len(options))]


def snipe_board(agent, obs: Observation, stream: Stream) -> int:
    """``board``: the first allowed name of ``board_snipes`` (most obvious danger), else pass."""
    allowed = set(allowed_snipes(obs))
    return next((code for code in board_snipes(obs.board) if code in allowed), PASS)


def _snipe_rollout(agent, obs: Observation, key: int, extra: int | None = None, first: int = 0, size: int = 0):
    """Rollout at the snipe round against the opponents still in, with the snipes made so far.

    Samples ``first .. first + size - 1`` (``size`` 0: all of the agent's ``samples``).
    """
    n_opponents = len(live_seats(obs)) - 1
    made = [r.code for r in obs.snipes if r.code != PASS]
    if extra is not None:
        made.append(extra)
    samples = size or getattr(agent, "samples", SNIPE_SAMPLES)
    weight = getattr(agent, "future_snipes", 0.0)
    n_future = n_opponents - len(obs.snipes) if weight > 0 else 0
    probs = future_snipe_probs(obs.board, weight) if n_future > 0 else None
    args = (obs.private, obs.board, n_opponents, made, probs, n_future, key, samples, (), 0.0, first)
    return rollout_sums(*args, backend=getattr(agent, "rollouts", "python"))


def _ranked_beaters(obs: Observation, beaters: tuple[int, ...]) -> list[int]:
    """Allowed codes that beat the agent in some rollout, most frequent first (ties: lower code)."""
    ranked = sorted((code for code in allowed_snipes(obs) if beaters[code] > 0), key=lambda c: (-beaters[c], c))
    return ranked


def leader_settled(ranked: Sequence[int], beaters: Sequence[int], z: float) -> bool:
    """Whether the most frequent beater is settled: its count ``c1`` leads the runner-up's ``c2``
    (0 if none) by more than ``z * sqrt(c1 + c2)`` (a sign test between the two names, normal
    approximation); never with no beater seen."""
    if not ranked:
        return False
    c1 = beaters[ranked[0]]
    c2 = beaters[ranked[1]] if len(ranked) > 1 else 0
    return c1 - c2 > z * math.sqrt(c1 + c2)


def _most_frequent(agent, obs: Observation, stream: Stream, counts: str) -> int:
    """The allowed name with the largest count ``counts`` (a ``RolloutSums`` field, ``beaters`` or ``dangers``)
    over the agent's snipe-round rollouts (``_snipe_rollout``), pass if none is positive; ``snipe_beater`` and
    ``snipe_danger``.

    With adaptive sampling (the agent's ``settle > 0``) the rollouts run in blocks of
    ``SETTLE_BLOCK`` samples and stop once ``leader_settled``; ``samples`` is the maximum.
    """
    key = stream.word()
    z = getattr(agent, "settle", 0.0)
    if z <= 0:
        ranked = _ranked_beaters(obs, getattr(_snipe_rollout(agent, obs, key), counts))
        return ranked[0] if ranked else PASS
    samples = getattr(agent, "samples", SNIPE_SAMPLES)
    totals, done = [0] * N_SNIPES, 0
    while done < samples:
        size = min(SETTLE_BLOCK, samples - done)
        block = getattr(_snipe_rollout(agent, obs, key, None, done, size), counts)
        totals = [a + b for a, b in zip(totals, block)]
        done += size
        ranked = _ranked_beaters(obs, totals)
        if leader_settled(ranked, totals, z):
            break
    return ranked[0] if ranked else PASS


def snipe_beater(agent, obs: Observation, stream: Stream) -> int:
    """``beater`` (the seed's AI): the allowed name it most often finds an opponent holding that
    beats its own hand, over its rollouts (snipes ignored: ``RolloutSums.beaters``); pass if no rollout
    shows one. Adaptive sampling as ``_most_frequent``."""
    return _most_frequent(agent, obs, stream, "beaters")


def snipe_danger(agent, obs: Observation, stream: Stream) -> int:
    """``danger``: the allowed name it most often finds an opponent holding that beats it at the showdown
    as R8 plays it (``RolloutSums.dangers``: the snipes made so far and, with ``future_snipes > 0``, those
    modelled to come count, so a name the others are likely to call anyway ranks lower, and every
    unsniped opponent beats a sniped own hand); pass if no rollout shows one. Adaptive sampling as
    ``_most_frequent``."""
    return _most_frequent(agent, obs, stream, "dangers")


def snipe_ev(agent, obs: Observation, stream: Stream) -> int:
    """``ev``: the name that maximises its own expected share of the pot over its rollouts.

    Compares passing with each of the ``EV_CANDIDATES`` most frequent beaters, all on the same
    rollout key (common random numbers); a name must strictly beat passing.
    """
    key = stream.word()
    base = _snipe_rollout(agent, obs, key)
    best, best_units = PASS, base.win_units
    for code in _ranked_beaters(obs, base.beaters)[:EV_CANDIDATES]:
        units = _snipe_rollout(agent, obs, key, code).win_units
        if units > best_units:
            best, best_units = code, units
    return best


SNIPE_HEURISTICS = {
    "pass": snipe_pass,
    "random": snipe_random,
    "board": snipe_board,
    "beater": snipe_beater,
    "ev": snipe_ev,
    "danger": snipe_danger,
}
"""Snipe heuristics by name; each takes (agent, observation, stream) and returns a code or PASS."""

SAMPLED_SNIPES = ("beater", "ev", "danger")
"""The heuristics whose one draw is a rollout key: their policy is estimated over decision streams
(``snipe_probabilities``); ``pass`` and ``board`` draw nothing and ``random`` one integer (exact)."""


def snipe_probabilities(agent, obs: Observation, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
    """The policy of ``agent``'s snipe heuristic (``agent.snipes``) at ``obs`` (R7), over ``SNIPE_ACTIONS``:
    ``random`` uniform over its options (exact); ``pass`` and ``board`` the heuristic's one answer
    (exact: they draw nothing); ``beater`` and ``ev`` the heuristic run on ``keys`` decision streams
    (``sniper.core.policy.over_streams``, keyed by ``seed``): an estimate from ``keys`` rollout keys."""
    if agent.snipes == "random":
        return uniform(snipe_options(obs))
    heuristic = SNIPE_HEURISTICS[agent.snipes]
    return over_streams(lambda s: {heuristic(agent, obs, s): 1.0}, keys if agent.snipes in SAMPLED_SNIPES else 1, seed)


def policy_of(agent, obs: Observation, betting, keys: int, seed: int) -> dict[int, float]:
    """``agent.action_probabilities(obs)``: the snipe heuristic's policy in the snipe round
    (``snipe_probabilities``), else ``betting()`` (the level's own, over ``obs.legal``)."""
    return snipe_probabilities(agent, obs, keys, seed) if obs.sniping else betting()

"""Policies you can ask: the probability of each legal action an agent would take (OpenSpiel's
``Policy.action_probabilities``), shared by every game.

An agent of any game that implements ``action_probabilities(obs) -> dict[int, float]`` gives, for an
observation of its own game, the probability of each of the observation's legal actions (the actions
it can return; the ones left out have probability 0), summing to 1. The decision code is the
agent's own: ``act`` and ``action_probabilities`` call the same decision function, ``act`` with the
stream's draws (in the order the kernels replay them), ``action_probabilities`` with every outcome of
each draw weighed by its probability:

- a uniform choice ``stream.integer(n)`` is ``n`` outcomes of probability ``1 / n`` (``uniform``);
- a threshold draw ``stream.random() < p`` is two outcomes, ``True`` with probability ``p`` and
  ``False`` with ``1 - p`` (``coin``; ``p`` clipped to [0, 1]);
- a random word keying a Monte Carlo estimate (rollouts, sampled draws) cannot be enumerated: its
  outcomes are averaged over ``keys`` decision streams of their own (``over_streams``, keyed by
  ``seed``), so the result is an unbiased estimate of the policy from ``keys`` samples (each one the
  level's own estimate with its own number of rollouts), the same for the same ``seed``.

The stream's integers and floats are uniform up to a bias below ``n / 2**32`` and ``2**-53``
(``sniper.core.rng``); the probabilities here are those of exact uniform draws.

>>> coin(0.25, lambda bluffing: 2 if bluffing else 1)
{2: 0.25, 1: 0.75}
>>> uniform([0, 1, 2])
{0: 0.3333333333333333, 1: 0.3333333333333333, 2: 0.3333333333333333}
>>> check_policy({1: 0.75, 2: 0.25}, (0, 1, 2))
>>> check_policy({3: 1.0}, (0, 1, 2))
Traceback (most recent call last):
ValueError: action 3 has probability 1.0 but is not legal (legal: 0, 1, 2)
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from sniper.core.rng import Stream, derive, mix64

POLICY_KEYS = 32
"""Decision streams averaged by default for a Monte Carlo level's probabilities (``over_streams``)."""
POLICY_SALT = 0x5EED_0F_A5C
"""Mixed with ``seed`` into the key of the streams ``over_streams`` draws (never a run's stream key)."""
TOLERANCE = 1e-9
"""How far from 1 the probabilities of a policy may sum (``check_policy``)."""


class Policy(Protocol):
    """An agent whose policy can be asked (OpenSpiel's ``Policy.action_probabilities``).

    ``action_probabilities(obs)``: ``{action: probability}`` over the observation's legal actions
    (the values its ``act``, or a game's other decision method, may return), summing to 1; actions
    left out have probability 0. Exact for a level whose decision is thresholds plus random draws;
    for a Monte Carlo level an estimate from a stated number of decision streams (module docstring).
    """

    def action_probabilities(self, obs) -> dict[int, float]: ...


def mixture(branches: Iterable[tuple[float, int]]) -> dict[int, float]:
    """The policy of weighted outcomes: ``{action: summed weight}`` over ``(weight, action)`` pairs, in
    the order actions first appear, zero weights left out. Weights are probabilities summing to 1
    (not checked here: ``check_policy``)."""
    out: dict[int, float] = {}
    for weight, action in branches:
        if weight > 0:
            out[int(action)] = out.get(int(action), 0.0) + weight
    return out


def chance(p: float) -> float:
    """The probability that ``stream.random() < p``: ``p`` clipped to [0, 1]."""
    return min(max(float(p), 0.0), 1.0)


def coin(p: float, decide: Callable[[bool], int]) -> dict[int, float]:
    """The policy of a decision ``decide(stream.random() < p)``: ``decide(True)`` with probability
    ``chance(p)``, ``decide(False)`` with the rest (each called only if its probability is positive)."""
    q = chance(p)
    branches = [(q, decide(True))] if q > 0 else []
    if q < 1:
        branches.append((1.0 - q, decide(False)))
    return mixture(branches)


def uniform(actions: Sequence[int]) -> dict[int, float]:
    """The policy of ``actions[stream.integer(len(actions))]``: each with probability ``1 / len``
    (repeats add up). ``ValueError`` for no actions."""
    if not actions:
        raise ValueError("a uniform choice needs at least one action")
    return mixture((1.0 / len(actions), a) for a in actions)


def scaled(policy: Mapping[int, float], weight: float) -> list[tuple[float, int]]:
    """``policy``'s outcomes as ``(weight * probability, action)`` pairs, for a ``mixture`` of policies."""
    return [(weight * p, a) for a, p in policy.items()]


def policy_stream(seed: int, i: int) -> Stream:
    """Decision stream ``i`` of ``over_streams`` keyed by ``seed``: ``Stream(derive(mix64(seed ^ POLICY_SALT), i))``.
    A level's per-stream policy reads the words ``act`` would read from it, in the same places, so
    ``act(obs, policy_stream(seed, 0))`` is one of the actions of ``action_probabilities(obs, keys=1, seed=seed)``."""
    return Stream(derive(mix64(int(seed) ^ POLICY_SALT), i))


def over_streams(decide: Callable[[Stream], Mapping[int, float]], keys: int, seed: int = 0) -> dict[int, float]:
    """The mean of ``decide(stream)`` (a policy given the draws it takes from ``stream``) over the ``keys``
    streams ``policy_stream(seed, i)``: the estimate of a policy whose decision hangs on a random word it
    cannot enumerate (a Monte Carlo key), from ``keys`` samples. ``ValueError`` unless ``keys >= 1``."""
    if isinstance(keys, bool) or not isinstance(keys, int) or keys < 1:
        raise ValueError(f"keys must be a whole number >= 1, got {keys!r}")
    return mixture(pair for i in range(keys) for pair in scaled(decide(policy_stream(seed, i)), 1.0 / keys))


def check_policy(policy: Mapping[int, float], legal: Sequence[int], tolerance: float = TOLERANCE) -> None:
    """``ValueError`` (one line) unless ``policy`` gives probabilities in [0, 1] to legal actions only,
    summing to 1 within ``tolerance``."""
    names = ", ".join(str(int(a)) for a in legal)
    for action, p in policy.items():
        if action not in legal:
            raise ValueError(f"action {action} has probability {p} but is not legal (legal: {names})")
        if not 0.0 <= p <= 1.0 + tolerance:
            raise ValueError(f"action {action} has probability {p}, outside [0, 1]")
    total = sum(policy.values())
    if abs(total - 1.0) > tolerance:
        raise ValueError(f"the probabilities sum to {total}, not 1")

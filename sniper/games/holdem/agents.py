"""Hold'em agents: the one interface every level implements, the ``random`` level (GAMES.md H12) and the
baselines ``fold`` and ``call``.

An agent reads only a ``HoldemObservation`` (H11) and draws its randomness from the decision's
``sniper.core.rng.Stream`` (``sniper.games.holdem.table.decision_stream``), so its choices replay exactly
and the kernel can reproduce them. The other levels (easy, normal, hard) live in ``levels``.

>>> from sniper.games.holdem.table import DEAL, HoldemTable
>>> table = HoldemTable(2, seed=3, game=0)
>>> table.apply(DEAL)
>>> seat = table.current_player()
>>> RandomAgent().act(table.observe(seat), table.stream()) in table.legal_actions()
True
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from sniper.core.rng import Stream
from sniper.games.holdem.actions import CHECK_CALL, FOLD, bet_action
from sniper.games.holdem.observation import HoldemObservation

RAISE = -1
"""The bet/raise action kind (its amount comes from a menu); fold and check/call are their flat actions."""
RAISE_SIZES = ("min", "half pot", "pot", "all-in")
"""The ``random`` level's bet sizes, in ``raise_menu``'s order (H12)."""


class HoldemAgent(Protocol):
    """The one interface of a Hold'em AI: the flat action (``sniper.games.holdem.table``'s numbering,
    one of ``obs.legal``) for the decision ``obs``, drawing any randomness from ``stream``; and
    ``action_probabilities(obs)`` (OpenSpiel's name), the probability of each flat action ``act`` may take
    there, ``{action: probability}`` over legal actions, sorted, summing to 1, zeros left out."""

    def act(self, obs: HoldemObservation, stream: Stream) -> int: ...

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]: ...


class _NoDraws:
    """A stream for the levels that draw nothing: any draw is a bug, so it raises ``RuntimeError``."""

    def _refuse(self, *args) -> int:
        raise RuntimeError("this level draws no random number")

    word = integer = random = _refuse


NO_DRAWS = _NoDraws()
"""The ``stream`` ``action_probabilities`` hands to the ``act`` of a level that draws nothing."""


def mixture(weighted: Iterable[tuple[int, float]]) -> dict[int, float]:
    """``{action: probability}`` from ``(action, probability)`` pairs: equal actions summed, zeros
    dropped, sorted by action (the form of ``HoldemAgent.action_probabilities``)."""
    out: dict[int, float] = {}
    for action, p in weighted:
        if p > 0.0:
            out[action] = out.get(action, 0.0) + p
    return dict(sorted(out.items()))


def raise_menu(obs: HoldemObservation) -> tuple[int, int, int, int]:
    """The ``random`` level's bet sizes (H12), as raise-to amounts clipped to ``[min_raise_to,
    max_raise_to]``: the minimum raise, half the pot, the pot, all-in.

    With ``owed = max(bets) - bets[seat]`` (not capped) and ``middle = pot + sum(bets)``, a raise of
    fraction ``f`` of the pot is to ``max(bets) + (middle + owed) * f`` chips, rounded down (the pot a
    call would make, the usual "pot-sized raise"). ``ValueError`` when no raise is legal.
    """
    if obs.min_raise_to is None or obs.max_raise_to is None:
        raise ValueError("no bet or raise is legal")
    top = max(obs.bets)
    pot = obs.pot + sum(obs.bets) + top - obs.bets[obs.seat]
    sizes = (obs.min_raise_to, top + pot // 2, top + pot, obs.max_raise_to)
    return tuple(min(max(size, obs.min_raise_to), obs.max_raise_to) for size in sizes)


class RandomAgent:
    """The ``random`` level (H12): uniform over the legal action kinds, then a size from a fixed menu.

    The kinds, in this order: fold (when it is legal, i.e. the seat owes chips), check/call, and
    bet/raise (when one is legal). Draw 1: ``stream.integer(kinds)`` picks the kind; for a raise,
    draw 2: ``stream.integer(4)`` (``RAISE_SIZES``) picks ``raise_menu(obs)``'s entry, played as its
    flat action (``sniper.games.holdem.actions.bet_action``: a 1-chip all-in bet is ``ALL_IN_1``, H5).
    No other draws.
    """

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """A legal flat action for ``obs`` (class docstring); ``ValueError`` if ``obs.legal`` is empty."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        kinds = [FOLD] if obs.legal[0] == FOLD else []
        kinds.append(CHECK_CALL)
        if obs.min_raise_to is not None:
            kinds.append(RAISE)
        kind = kinds[stream.integer(len(kinds))]
        return kind if kind != RAISE else bet_action(raise_menu(obs)[stream.integer(len(RAISE_SIZES))])

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]:
        """Exact: ``1/k`` for each of the ``k`` legal kinds, a raise's share split evenly over
        ``raise_menu``'s entries (equal amounts summed; a 1-chip all-in is ``bet_action``'s ``ALL_IN_1``)."""
        kinds = (FOLD,) * (obs.legal[0] == FOLD) + (CHECK_CALL,) + (RAISE,) * (obs.min_raise_to is not None)
        share = 1.0 / len(kinds)
        menu = raise_menu(obs) if RAISE in kinds else ()
        return mixture(
            [(kind, share) for kind in kinds if kind != RAISE]
            + [(bet_action(a), share / len(RAISE_SIZES)) for a in menu]
        )


def give_up(obs: HoldemObservation) -> int:
    """Check when nothing is owed, else fold (check/call if folding is not legal)."""
    return FOLD if obs.to_call > 0 and FOLD in obs.legal else CHECK_CALL


@dataclass(frozen=True)
class FoldAgent:
    """The ``fold`` baseline: checks when it can, otherwise folds (``give_up``). No draws, no parameters
    (issue 32: a best response against it wins the blinds)."""

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """``give_up(obs)``."""
        return give_up(obs)

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]:
        """Exact: its one answer (``sniper.core.policy.Policy``)."""
        return {give_up(obs): 1.0}


@dataclass(frozen=True)
class CallAgent:
    """The ``call`` baseline: never raises, never folds: checks, or calls (for less when all in). No draws,
    no parameters (issue 32: the calling station)."""

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """Check or call (``CHECK_CALL``, always legal)."""
        return CHECK_CALL

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]:
        """Exact: its one answer (``sniper.core.policy.Policy``)."""
        return {CHECK_CALL: 1.0}

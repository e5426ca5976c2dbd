"""What no-limit Hold'em's levels read of an observation (H11): the pot, the bet sizes of their menu, the seat's
position, the opponents still in, the effective stack and the pot odds, and each seat's public aggression over the
game's earlier hands (``tendencies``). The levels: ``sniper.games.holdem.levels``.
"""

from sniper.games.holdem.actions import CHECK_CALL, bet_action
from sniper.games.holdem.agents import (
    RAISE_SIZES,
    raise_menu,
)
from sniper.games.holdem.observation import HoldemObservation

CALL = CHECK_CALL
"""Flat action 1: check, or call (for less when all in); ``FOLD`` is 0 (``sniper.games.holdem.engine``)."""


# ----- what every level reads of an observation (H11) --------------------------------------------


def total_pot(obs: HoldemObservation) -> int:
    """Chips in the middle: the pot of earlier rounds plus every bet of this round."""
    return obs.pot + sum(obs.bets)


HALF_POT, POT, ALL_IN = (RAISE_SIZES.index(name) for name in ("half pot", "pot", "all-in"))
"""The bet sizes of the levels' menu: indices of ``sniper.games.holdem.agents.raise_menu`` (H12)."""


def menu_raise(obs: HoldemObservation, size: int) -> int:
    """Entry ``size`` (``HALF_POT``, ``POT``, ``ALL_IN``) of ``raise_menu``: the flat action of a bet or
    raise to that many chips (``bet_action``), clipped to ``[min_raise_to, max_raise_to]`` (H5, H6);
    check/call when no raise is open."""
    return CALL if obs.min_raise_to is None else bet_action(raise_menu(obs)[size])


def sized(obs: HoldemObservation, size: int, allin_spr: float) -> int:
    """``menu_raise(obs, size)``, or all in when the seat's chips behind are at most ``allin_spr`` pots
    (``total_pot + to_call``)."""
    short = obs.stacks[obs.seat] <= allin_spr * (total_pot(obs) + obs.to_call)
    return menu_raise(obs, ALL_IN if short else size)


def at_table(obs: HoldemObservation, seat: int) -> bool:
    """Whether ``seat`` is playing this hand (still in, chips behind or a bet); a seat with no chips
    has left the table (GAMES.md, "Shared for all three")."""
    return obs.in_hand[seat] or obs.stacks[seat] > 0 or obs.bets[seat] > 0


def postflop_order(obs: HoldemObservation) -> tuple[int, ...]:
    """The seats at the table clockwise from the button's left, the button last (H4 after the flop)."""
    n = len(obs.stacks)
    return tuple(s for s in ((obs.button + 1 + i) % n for i in range(n)) if at_table(obs, s))


def position(obs: HoldemObservation) -> float:
    """The seat's place in the post-flop order (H2, H4), 0 first to act to 1 last (the button).

    The position the seat keeps for the whole hand; in 6-max the small blind is 0 and the button 1,
    heads-up the big blind 0 and the button 1. 1.0 when the seat is alone.
    """
    order = postflop_order(obs)
    return order.index(obs.seat) / (len(order) - 1) if len(order) > 1 else 1.0


def big_blind_seat(obs: HoldemObservation) -> int:
    """The big blind's seat (H2): second clockwise of the button, heads-up the seat that is not the button."""
    order = postflop_order(obs)
    return order[0] if len(order) == 2 else order[1]


def live_opponents(obs: HoldemObservation) -> tuple[int, ...]:
    """Opponents still in the hand, clockwise from the seat's left."""
    n = len(obs.stacks)
    return tuple(s for s in ((obs.seat + 1 + i) % n for i in range(n - 1)) if obs.in_hand[s])


def effective_stack(obs: HoldemObservation) -> int:
    """Chips at stake against the deepest live opponent: min(own stack + bet, their stack + bet)."""
    own = obs.stacks[obs.seat] + obs.bets[obs.seat]
    other = max((obs.stacks[s] + obs.bets[s] for s in live_opponents(obs)), default=0)
    return min(own, other)


def tendencies(hands, seats: int) -> tuple[tuple[int, int, int, int], ...]:
    """``HoldemObservation.tendencies`` of ``hands`` (finished ``sniper.games.holdem.engine.HoldemHand``s, or
    anything with ``actions``: records with ``seat``, ``street`` and ``action``) at a table of ``seats`` seats: per
    seat ``(raises, faced, bets, unfaced)``. A decision after a bet or raise of its betting round (H5: facing one;
    the blinds are not counted as bets) counts in ``faced``, and in ``raises`` when it raised; one from the flop on
    before any bet of the round (checked to) counts in ``unfaced``, and in ``bets`` when it bet. Unraised decisions
    before the flop count in neither. Public actions only (H11). The kernel counts the same in
    ``kernels.holdem.game.betting_nb`` (``Hand.tally``)."""
    counts = [[0, 0, 0, 0] for _ in range(seats)]
    for hand in hands:
        street, raised = -1, False
        for record in hand.actions:
            if record.street != street:
                street, raised = record.street, False
            if raised or street > 0:
                row = counts[record.seat]
                k = 0 if raised else 2
                row[k + 1] += 1
                row[k] += record.action >= 2
            raised = raised or record.action >= 2
    return tuple((raises, faced, bets, unfaced) for raises, faced, bets, unfaced in counts)


def price(obs: HoldemObservation) -> float:
    """Pot odds: the share of the pot after calling that the call costs, ``to_call / (pot + to_call)``."""
    return obs.to_call / (total_pot(obs) + obs.to_call) if obs.to_call > 0 else 0.0

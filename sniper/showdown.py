"""The showdown: snipes, tie-breaks, splits and odd chips (R8, R12).

The readable reference of the showdown inside ``kernels.rollout`` and the game kernel.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sniper.hands import Hand, Snipe, best_hand, strength


def betting_order(first: int, seats: Iterable[int], n_seats: int) -> list[int]:
    """``seats`` sorted clockwise starting from seat ``first`` (R3): by ``(seat - first) % n_seats``."""
    return sorted(seats, key=lambda seat: (seat - first) % n_seats)


def split_pot(pot: int, winners: Iterable[int], first: int, n_seats: int) -> dict[int, int]:
    """Chips each winner takes from a split pot (R8), in chips.

    Each winner gets ``pot // k``; the ``pot % k`` odd chips go 1 each to the winners in betting
    order starting from the first player. Raises ``ValueError`` when there is no winner.
    """
    order = betting_order(first, winners, n_seats)
    if not order:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(pot, len(order))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(order)}


@dataclass(frozen=True)
class ShowdownResult:
    """Outcome of a showdown (R8).

    ``hands`` and ``sniped`` are keyed by the seats at the showdown; ``payout`` has one entry per
    seat of the table (chips, 0 for seats not at the showdown); ``winners`` in betting order.
    """

    hands: dict[int, Hand]
    sniped: dict[int, bool]
    winners: tuple[int, ...]
    payout: tuple[int, ...]


def showdown(
    board: tuple[int, ...],
    private: Mapping[int, tuple[int, int]],
    snipes: Iterable[Snipe],
    pot: int,
    first: int,
    n_seats: int,
    rules: str = "ours",
) -> ShowdownResult:
    """Settle a showdown among the seats in ``private`` (R8; R12 tie-break when ``rules="show"``).

    Every hand that matches any snipe ranks last. The pot goes to the best unsniped hand by
    category, numbers, higher private card and other private card; still equal hands split it,
    odd chips 1 each in betting order from ``first``. If every hand is sniped, they all tie for
    last whatever their strength and all showdown players split the pot. ``pot`` is in chips.
    Raises ``ValueError`` on invalid cards or when no seat is at the showdown.
    """
    snipes = tuple(snipes)
    hands = {seat: best_hand(cards, board) for seat, cards in private.items()}
    sniped = {seat: any(s.matches(hand) for s in snipes) for seat, hand in hands.items()}
    alive = [seat for seat in hands if not sniped[seat]]
    if alive:
        keys = {seat: strength(hands[seat], private[seat], rules) for seat in alive}
        best = max(keys.values())
        winners = [seat for seat in alive if keys[seat] == best]
    else:
        winners = list(hands)
    shares = split_pot(pot, winners, first, n_seats)
    payout = tuple(shares.get(seat, 0) for seat in range(n_seats))
    return ShowdownResult(hands, sniped, tuple(betting_order(first, winners, n_seats)), payout)

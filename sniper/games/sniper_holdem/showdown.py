"""The showdown: snipes, tie-breaks, splits and odd chips (R8, R12).

The readable reference of the showdown inside ``kernels.sniper_holdem.rollout`` and the game kernel.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sniper.core.registry import get_game
from sniper.games.sniper_holdem.cards import check_cards
from sniper.games.sniper_holdem.hands import Hand, Snipe, best_hand, parse_snipe, strength


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


def winners(keys: Sequence, sniped: Sequence[bool]) -> list[int]:
    """Positions of the winners among hands with strength ``keys`` and ``sniped`` flags (R8).

    A sniped hand ranks last: the winners are the unsniped hands with the best key; when every
    hand is sniped they all tie for last and all win a share. The one winner rule of the reference
    layer (``showdown``, ``sniper.games.sniper_holdem.rollout``); numba equivalent:
    ``kernels.sniper_holdem.showdown.settle_nb``.

    >>> winners([5, 9, 9], [False, False, True])
    [1]
    >>> winners([5, 9], [True, True])
    [0, 1]
    """
    alive = [i for i, hit in enumerate(sniped) if not hit]
    if not alive:
        return list(range(len(keys)))
    best = max(keys[i] for i in alive)
    return [i for i in alive if keys[i] == best]


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
    seats = list(hands)
    keys = [strength(hands[seat], private[seat], rules) for seat in seats]
    won = [seats[i] for i in winners(keys, [sniped[seat] for seat in seats])]
    shares = split_pot(pot, won, first, n_seats)
    payout = tuple(shares.get(seat, 0) for seat in range(n_seats))
    return ShowdownResult(hands, sniped, tuple(betting_order(first, won, n_seats)), payout)


def settle(
    board: Iterable[int],
    holes: Iterable[Iterable[int]],
    snipes: Iterable[Snipe | str] = (),
    pot: int | None = None,
    first: int = 0,
    folded: Iterable[int] = (),
    rules: str = "ours",
) -> ShowdownResult:
    """Settle a showdown from plain input, checked (what ``sniper showdown`` does; R1, R2, R7, R8).

    ``board``: the 4 community cards; ``holes``: the private cards of every seat, 2 each, for a seat
    count of the game (2–6, R2); ``snipes``: ``Snipe`` objects or names such as ``"9 full house"``;
    ``pot`` in chips (default: one ante per seat); ``first``: the first player's seat; ``folded``: seats
    that folded (their cards still count as dealt). Raises ``ValueError`` naming the problem: a wrong
    number of cards or seats, a seat out of range, no seat left at the showdown, a card outside 1–10 or
    a fifth copy of a number, an unknown snipe, a negative pot.

    >>> settle((6, 6, 9, 9), [(6, 2), (9, 3), (4, 5)], ["9 full house"], pot=7).payout
    (7, 0, 0)
    """
    board = tuple(board)
    holes = [tuple(h) for h in holes]
    folded = set(folded)
    n = len(holes)
    if len(board) != 4:
        raise ValueError(f"the board must have 4 cards, got {len(board)}")
    if bad := [h for h in holes if len(h) != 2]:
        raise ValueError(f"each seat needs 2 private cards, got {len(bad[0])}")
    get_game().check_seats(n, "holes")
    if not 0 <= first < n:
        raise ValueError(f"--first must be a seat 0-{n - 1}, got {first}")
    if bad := sorted(s for s in folded if not 0 <= s < n):
        raise ValueError(f"--folded seat {bad[0]} is not a seat 0-{n - 1}")
    if len(folded) >= n:
        raise ValueError("at least one seat must reach the showdown")
    check_cards([*board, *(c for h in holes for c in h)])
    parsed = [s if isinstance(s, Snipe) else parse_snipe(s) for s in snipes]
    pot = n if pot is None else pot
    if pot < 0:
        raise ValueError(f"--pot must be 0 or more chips, got {pot}")
    private = {seat: holes[seat] for seat in range(n) if seat not in folded}
    return showdown(board, private, parsed, pot, first, n, rules)

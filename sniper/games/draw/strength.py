"""The strength of five cards, as five-card draw's levels weigh it (``sniper.games.draw.levels``, GAMES.md D11).

**Hand strength** (``five_card_hands()``): the 7,462 distinct values of five cards, in ascending
order, each with how many of the 2,598,960 five-card hands have it. A hand's ``strength`` is the
share of all five-card hands it beats, ties counting half (0..1): its chance to beat one random
*pat* hand. ``strength ** n`` is its chance to beat ``n`` of them (ignoring card removal).

>>> from sniper.games.poker52.cards import cards
>>> round(strength(cards("Ah Ad 7c 4s 2d")), 3), round(strength(cards("9c 7d 5h 4s 2c")), 3)
(0.893, 0.01)
"""

from dataclasses import dataclass
from functools import cache
from math import comb

from sniper.games.draw.rules import HAND_SIZE
from sniper.games.poker52.cards import DECK_SIZE, value

FIVE_CARD_COUNT = comb(DECK_SIZE, HAND_SIZE)
"""Five-card hands of a 52-card deck: 2,598,960."""


# ----- the strength of five cards ----------------------------------------------------------------


def _rank_key(ranks, flush: bool) -> int:
    """``five_card_hands()``'s key of five ranks (ascending) and whether they are one suit."""
    key = int(flush)
    for r in ranks:
        key = key * 13 + r
    return key


@dataclass(frozen=True)
class FiveCardHands:
    """The 7,462 distinct five-card values (``build_five_card_hands``).

    ``values``: the ``sniper.games.poker52.cards.value`` of each, ascending (its index is the hand's
    *order*, 0 for 7-5-4-3-2 … 7,461 for a royal flush); ``counts``: five-card hands with that value
    (summing to ``FIVE_CARD_COUNT``); ``halves``: twice the hands below it plus the hands equal to it
    (``strength = halves / (2 * FIVE_CARD_COUNT)``, exact in integers); ``index``: the order of a
    hand by ``_rank_key`` (its ranks ascending and whether it is a flush).
    """

    values: tuple[int, ...]
    counts: tuple[int, ...]
    halves: tuple[int, ...]
    index: dict[int, int]


@cache
def five_card_hands() -> FiveCardHands:
    """Every distinct five-card hand by rank multiset: five distinct ranks are 1,020 hands of mixed
    suits and 4 flushes; a multiset with repeated ranks ``r`` (``c_r`` times) is ``prod C(4, c_r)``
    hands, never a flush. Each class is valued once by ``poker52.cards.value`` of a representative (about
    0.2 s, once per process, on first use)."""
    classes: dict[int, list] = {}
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        ranks = (a, b, c, d, e)
                        if a == e:
                            continue
                        distinct = len(set(ranks)) == HAND_SIZE
                        suits = [ranks[:j].count(r) for j, r in enumerate(ranks)]
                        mixed = [4 * r + (j % 2 if distinct else s) for j, (r, s) in enumerate(zip(ranks, suits))]
                        count = 1020 if distinct else 1
                        if not distinct:
                            for r in sorted(set(ranks)):
                                count *= comb(4, ranks.count(r))
                        classes[_rank_key(ranks, False)] = [value(mixed), count]
                        if distinct:
                            classes[_rank_key(ranks, True)] = [value([4 * r for r in ranks]), 4]
    by_value: dict[int, int] = {}
    for v, n in classes.values():
        by_value[v] = by_value.get(v, 0) + n
    values = tuple(sorted(by_value))
    order = {v: i for i, v in enumerate(values)}
    halves, below = [], 0
    for v in values:
        halves.append(2 * below + by_value[v])
        below += by_value[v]
    index = {key: order[v] for key, (v, _) in classes.items()}
    return FiveCardHands(values, tuple(by_value[v] for v in values), tuple(halves), index)


def five_card_index(cards) -> int:
    """The order (0..7,461, ``five_card_hands()``) of five distinct cards (``poker52`` integers): a higher
    order is a better hand, equal orders tie; ``five_card_hands().values[order] == poker52.cards.value(cards)``.
    A lookup by rank multiset, ~10x faster than ``poker52.cards.value``; no validation."""
    s = cards[0] & 3
    flush = (cards[1] & 3) == s and (cards[2] & 3) == s and (cards[3] & 3) == s and (cards[4] & 3) == s
    return five_card_hands().index[_rank_key(sorted([c >> 2 for c in cards]), flush)]


def strength(cards) -> float:
    """The share (0..1) of the 2,598,960 five-card hands that five ``cards`` beat, ties counting half."""
    return five_card_hands().halves[five_card_index(cards)] / (2 * FIVE_CARD_COUNT)


@cache
def power_table(n: int) -> tuple[float, ...]:
    """``strength ** n`` for every order of ``five_card_hands()`` (``n >= 1``), each as ``n`` products in
    turn (the order a kernel repeats bit for bit): a hand's chance to beat ``n`` random pat hands."""
    table = []
    for h in five_card_hands().halves:
        s, p = h / (2 * FIVE_CARD_COUNT), 1.0
        for _ in range(n):
            p *= s
        table.append(p)
    return tuple(table)

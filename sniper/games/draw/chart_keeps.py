"""The easy chart's keeps as sets of cards: what five-card draw's ``hard`` reads an opponent to have kept (D11).

``hard`` (``sniper.games.draw.levels.HardAgent.showdowns``) reads an opponent who drew ``d`` cards to have kept,
most of the time, what the easy chart keeps (``sniper.games.draw.agents.draw_chart``); ``chart_keep_sets`` lists
every such set of ``5 - d`` cards, so that a sampled opponent's keep is a uniform member of it. The kernels read
them as a table (``kernels.draw.strength.LevelTables.keep_cards``, built from here).

>>> {n: len(sets) for n, sets in chart_keep_sets().items()}
{2: 78, 3: 52, 4: 5668, 5: 19716}
"""

from functools import cache
from itertools import combinations

from sniper.games.draw.rules import HAND_SIZE
from sniper.games.draw.strength import five_card_hands, five_card_index
from sniper.games.poker52.cards import CATEGORIES, category

STRAIGHT = CATEGORIES.index("straight")
"""The lowest category a pat hand is read to hold (the easy chart stands pat with a straight or better)."""


def chart_keeps(kept) -> bool:
    """Whether the easy chart would keep exactly ``kept`` (2–5 cards) of a hand: a pair (a 3-card
    draw), three of a kind (2), two pair or four of one suit (1), or a straight or better (pat)."""
    n = len(kept)
    if n == HAND_SIZE:
        return hand_category(kept) >= STRAIGHT
    ranks = sorted(c >> 2 for c in kept)
    if n == 4:
        two_pair = ranks[0] == ranks[1] and ranks[2] == ranks[3] and ranks[1] != ranks[2]
        return two_pair or all(c & 3 == kept[0] & 3 for c in kept)
    return ranks[0] == ranks[-1]


def hand_category(cards) -> int:
    """The category (``sniper.games.poker52.cards.CATEGORIES`` index, 0 high card … 8 straight flush) of five
    cards."""
    return category(five_card_hands().values[five_card_index(cards)])


def _made_hands() -> list[tuple[int, ...]]:
    """Every five-card straight or better (19,716 hands), built by rank pattern."""
    made = []
    for top in range(3, 13):  # straights and straight flushes; 3 is the wheel A-2-3-4-5
        ranks = [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
        for code in range(4**HAND_SIZE):
            made.append(tuple(4 * r + (code >> 2 * j & 3) for j, r in enumerate(ranks)))
    straights = {frozenset(h) for h in made}
    for suit in range(4):  # flushes that are not straights
        for ranks in combinations(range(13), HAND_SIZE):
            hand = tuple(4 * r + suit for r in ranks)
            if frozenset(hand) not in straights:
                made.append(hand)
    for r in range(13):
        for other in range(13):
            if other != r:
                for missing in range(4):  # full houses
                    trips = tuple(4 * r + x for x in range(4) if x != missing)
                    made.extend(trips + pair for pair in combinations(range(4 * other, 4 * other + 4), 2))
                made.extend(tuple(range(4 * r, 4 * r + 4)) + (4 * other + x,) for x in range(4))  # quads
    return made


@cache
def chart_keep_sets() -> dict[int, tuple[tuple[int, ...], ...]]:
    """For ``n`` cards kept (2–5), every set of ``n`` cards the easy chart keeps (``chart_keeps``), as
    ascending card tuples in ascending order: 78 pairs, 52 three of a kinds, 5,668 two pairs and
    four-flushes, 19,716 straights or better (stand pat). Built once, on first use."""
    pairs = [p for r in range(13) for p in combinations(range(4 * r, 4 * r + 4), 2)]
    trips = [t for r in range(13) for t in combinations(range(4 * r, 4 * r + 4), 3)]
    two_pair = [a + b for a, b in combinations(pairs, 2) if a[0] >> 2 != b[0] >> 2]
    flush_draws = [tuple(4 * r + suit for r in ranks) for suit in range(4) for ranks in combinations(range(13), 4)]
    classes = {2: pairs, 3: trips, 4: two_pair + flush_draws, 5: _made_hands()}
    return {n: tuple(sorted(tuple(sorted(h)) for h in hands)) for n, hands in classes.items()}

"""Hand evaluation and snipe names (R7, R8): the readable reference of ``kernels.sniper_holdem.evaluator``.

A player's hand is the best 5 of their 6 cards (2 private + 4 community), with a category, a top
number and its numbers in comparison order (R8). Snipes name a category and a top number (R7).
"""

import re
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from kernels.sniper_holdem.codes import SNIPE_CATEGORY, SNIPE_CODE, SNIPE_TOP, Category
from sniper.games.sniper_holdem.cards import check_cards

CATEGORY_NAMES = {
    Category.HIGH_CARD: "high card",
    Category.ONE_PAIR: "one pair",
    Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "straight",
    Category.FULL_HOUSE: "full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
}


@dataclass(frozen=True, order=True)
class Hand:
    """A five-card hand: its category, top number and numbers in comparison order (R8).

    ``numbers`` are the five cards arranged so that comparing tuples compares hands of one
    category as R8 lists: four of a kind (four, kicker), full house (three, pair), straight (top
    down), three of a kind (three, kickers), two pair (high pair, low pair, kicker), one pair
    (pair, kickers), high card (high to low). ``top`` is ``numbers[0]``. Hands order by
    (category, numbers).
    """

    category: Category
    numbers: tuple[int, ...]

    @property
    def top(self) -> int:
        """The hand's top number (R8)."""
        return self.numbers[0]

    @property
    def name(self) -> str:
        """The hand's snipe-style name, e.g. ``"7 full house"`` (R7)."""
        return f"{self.top} {CATEGORY_NAMES[self.category]}"

    def __str__(self) -> str:
        return f"{self.name}: {' '.join(map(str, self.numbers))}"


def rank_five(cards: tuple[int, ...]) -> Hand:
    """The hand made by exactly five cards (R8). Straights do not wrap; 1-2-3-4-5 is "5 straight"."""
    groups = sorted(Counter(cards).items(), key=lambda nc: (nc[1], nc[0]), reverse=True)
    numbers = tuple(number for number, count in groups for _ in range(count))
    shape = tuple(count for _, count in groups)
    if shape == (4, 1):
        return Hand(Category.FOUR_OF_A_KIND, numbers)
    if shape == (3, 2):
        return Hand(Category.FULL_HOUSE, numbers)
    if shape == (3, 1, 1):
        return Hand(Category.THREE_OF_A_KIND, numbers)
    if shape == (2, 2, 1):
        return Hand(Category.TWO_PAIR, numbers)
    if shape == (2, 1, 1, 1):
        return Hand(Category.ONE_PAIR, numbers)
    if numbers[0] - numbers[4] == 4:
        return Hand(Category.STRAIGHT, numbers)
    return Hand(Category.HIGH_CARD, numbers)


def best_hand(private: tuple[int, int], board: tuple[int, ...]) -> Hand:
    """The best 5 of a player's 6 cards: 2 private + 4 community (R8).

    Raises ``ValueError`` unless there are two private cards and four board cards, all numbers
    1–10 with at most four copies of any.
    """
    if len(private) != 2 or len(board) != 4:
        raise ValueError(f"a hand needs 2 private and 4 board cards, got {len(private)} and {len(board)}")
    cards = check_cards((*private, *board))
    return max(rank_five(five) for five in combinations(cards, 5))


def strength(hand: Hand, private: tuple[int, int], rules: str = "ours") -> tuple:
    """Showdown order key of a hand: larger is better (R8 steps 1–4; R12 for ``rules="show"``).

    ``ours``: (category, numbers, higher private card, other private card).
    ``show``: (category, numbers, higher private card, sum of private cards), which orders every
    pair of hands the same way (R12).
    """
    high, low = max(private), min(private)
    last = high + low if rules == "show" else low
    return (hand.category, hand.numbers, high, last)


@dataclass(frozen=True)
class Snipe:
    """A snipe: a hand category and its top number, one of the 60 names of R7."""

    category: Category
    top: int

    @property
    def code(self) -> int:
        """Position 0..59 in the R7 table (``kernels.sniper_holdem.codes.SNIPE_CODE``)."""
        return SNIPE_CODE[(int(self.category), self.top)]

    @classmethod
    def from_code(cls, code: int) -> "Snipe":
        """The snipe at position ``code`` (0..59) of the R7 table; ``IndexError`` otherwise."""
        if not 0 <= code < len(SNIPE_TOP):
            raise IndexError(f"snipe code {code} is not in 0..{len(SNIPE_TOP) - 1}")
        return cls(Category(SNIPE_CATEGORY[code]), SNIPE_TOP[code])

    def matches(self, hand: Hand) -> bool:
        """Whether ``hand`` has this snipe's category and top number (R8)."""
        return hand.category == self.category and hand.top == self.top

    def __str__(self) -> str:
        return f"{self.top} {CATEGORY_NAMES[self.category]}"


ALL_SNIPES = tuple(Snipe.from_code(code) for code in range(len(SNIPE_TOP)))
"""The 60 names that may be sniped, in R7's table order."""


SNIPE_FORM = 'TOP HAND TYPE, e.g. "9 full house" or "5 straight"'
"""How a snipe is written (R7; ``sniper equity --snipe``, docs/running.md): its top number, then one of R7's
hand-type names."""


def parse_category(text: str) -> Category:
    """A category from its R7/R8 name ("full house", "one pair"…; case and spacing are free).

    Raises ``ValueError`` listing the valid names.
    """
    key = " ".join(text.lower().split())
    for category, name in CATEGORY_NAMES.items():
        if key == name:
            return category
    raise ValueError(f"unknown hand type {text!r}; valid: {', '.join(reversed(CATEGORY_NAMES.values()))}")


def parse_snipe(text: str) -> Snipe:
    """A snipe from text written as R7 names it: the top number, then the hand type ("9 full house",
    "5 straight", "6 high card"); case and spacing are free, nothing else is accepted (no other order,
    no aliases such as "trips" or "fullhouse").

    Raises ``ValueError`` (one line) with the reason: not ``SNIPE_FORM``, an unknown hand type (the
    valid names listed), or a top number that hand type cannot have (e.g. "4 straight", "5 high card").
    """
    match = re.fullmatch(r"\s*(\d+)\s+([A-Za-z][A-Za-z ]*?)\s*", text)
    if not match:
        raise ValueError(f"snipe {text!r} must be written {SNIPE_FORM}")
    try:
        category = parse_category(match[2])
    except ValueError as error:
        raise ValueError(f"snipe {text!r}: {error}; write {SNIPE_FORM}") from None
    top = int(match[1])
    if (int(category), top) not in SNIPE_CODE:
        tops = [t for (c, t) in SNIPE_CODE if c == category]
        raise ValueError(f"{CATEGORY_NAMES[category]} cannot have top number {top}; valid: {min(tops)}-{max(tops)}")
    return Snipe(category, top)

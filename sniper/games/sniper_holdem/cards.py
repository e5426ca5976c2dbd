"""Cards, the deck and the canonical deal (R1, R13).

Cards are the integers 1–10; the deck holds four copies of each. There are no suits (R1).
"""

from collections import Counter
from collections.abc import Iterable, Sequence

from kernels.sniper_holdem.codes import COPIES, DECK_SIZE, N_NUMBERS, STREAM_DECK
from sniper.core.rng import derive, hand_key, uniform_int

NUMBERS = tuple(range(1, N_NUMBERS + 1))


def fresh_deck() -> list[int]:
    """The 40-card deck in order, ``[1, 1, 1, 1, 2, …, 10]`` (R1)."""
    return [number for number in NUMBERS for _ in range(COPIES)]


def shuffled_deck(seed: int, game: int, hand: int, n_cards: int = DECK_SIZE) -> list[int]:
    """The first ``n_cards`` cards of the hand's shuffled deck (R1, R13).

    A partial Fisher–Yates shuffle of ``fresh_deck()``: for ``i`` in ``0..n_cards-1`` swap
    position ``i`` with ``i + uniform_int(derive(deck_key, i), 40 - i)``, where ``deck_key`` is
    ``hand_key(seed, game, hand, STREAM_DECK)``. The first ``n_cards`` cards equal those of a
    full shuffle.
    """
    deck = fresh_deck()
    key = hand_key(seed, game, hand, STREAM_DECK)
    for i in range(n_cards):
        j = i + uniform_int(derive(key, i), DECK_SIZE - i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:n_cards]


def deal(deck: Sequence[int], order: Sequence[int]) -> tuple[dict[int, tuple[int, int]], tuple[int, ...]]:
    """Private cards and board from a shuffled deck (R13).

    ``order`` lists the seats dealt in, in betting order from the first player. The ``i``-th of
    them gets ``deck[2i], deck[2i+1]``; the board is the next four cards. Returns
    ``({seat: (card, card)}, (b1, b2, b3, b4))``. Raises ``ValueError`` if the deck is too short.
    """
    n = len(order)
    if len(deck) < 2 * n + 4:
        raise ValueError(f"a deal to {n} players needs {2 * n + 4} cards, got {len(deck)}")
    private = {seat: (deck[2 * i], deck[2 * i + 1]) for i, seat in enumerate(order)}
    return private, tuple(deck[2 * n : 2 * n + 4])


def check_cards(cards: Iterable[int]) -> list[int]:
    """Validate a collection of cards drawn from one deck (R1); returns them as a list of ints.

    Raises ``ValueError`` naming the problem: a number outside 1–10, or more than four copies.
    """
    cards = list(cards)
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= N_NUMBERS:
            raise ValueError(f"card {card!r} is not a number 1-10")
    for number, count in Counter(cards).items():
        if count > COPIES:
            raise ValueError(f"{count} copies of {number}: the deck has only {COPIES} of each number")
    return cards

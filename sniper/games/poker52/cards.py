"""The standard 52-card deck and poker hands, shared by the 52-card games (``../shared/GAMES.md``).

No-limit Hold'em (H1–H12) and five-card draw (D1–D11) play with one fresh, shuffled 52-card deck
per hand and rank hands the standard way (GAMES.md, "Shared for all three"). This module is the
one place those facts are written in Python; ``kernels.eval52`` is its numba equivalent.

Cards are integers ``0..51``: ``card = 4 * rank + suit`` with ``rank`` 0–12 for 2, 3, …, K, A and
``suit`` 0–3 for clubs, diamonds, hearts, spades (``"cdhs"``). Text is the field's two characters,
rank then suit: ``"As"``, ``"Td"``, ``"2c"``.

A hand's **value** is an integer that orders hands exactly as the rules do (higher wins, equal
values split): ``category * 13**5 + k1 * 13**4 + … + k5``, with ``category`` 0 (high card) to 8
(straight flush) and ``k1..k5`` the ranks (0–12) of the five cards in the category's comparison
order (pairs before kickers; a straight gives only its top card, 3 for the wheel A-2-3-4-5).

>>> card("As"), card("2c"), text(51)
(51, 0, 'As')
>>> value([card(c) for c in "As Ks Qs Js Ts".split()]) == straight_flush(12)
True
>>> CATEGORIES[category(value(cards("Ah Ad Kc Kd 2s 7h 9c")))]
'two pair'
"""

from collections.abc import Iterable, Sequence

import numpy as np

from kernels.sniper_holdem.codes import STREAM_DECK
from sniper.core.rng import derive, hand_key, uniform_int

RANKS = "23456789TJQKA"
"""Rank characters, lowest first: rank ``r`` is ``RANKS[r]``."""
SUITS = "cdhs"
"""Suit characters: suit ``s`` is ``SUITS[s]`` (clubs, diamonds, hearts, spades; suits never rank)."""
DECK_SIZE = 52
"""Cards in the deck."""
CATEGORIES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
"""Hand categories, lowest first: ``CATEGORIES[category(v)]`` names a value's category."""
_BASE = 13
_CATEGORY_UNIT = _BASE**5


def card(name: str) -> int:
    """The card ``0..51`` named ``name`` (``"As"``, ``"td"``: rank then suit, either case).

    Raises ``ValueError`` naming the text if it is not a card.
    """
    if not isinstance(name, str) or len(name) != 2:
        raise ValueError(f"a card is a rank and a suit such as 'As' or 'Td', got {name!r}")
    rank, suit = RANKS.find(name[0].upper()), SUITS.find(name[1].lower())
    if rank < 0 or suit < 0:
        raise ValueError(f"a card is a rank ({RANKS}) and a suit ({SUITS}) such as 'As', got {name!r}")
    return 4 * rank + suit


def cards(names: str | Iterable[str]) -> tuple[int, ...]:
    """Cards from text: ``"As Kd"`` or ``["As", "Kd"]``; ``ValueError`` on a repeated card or a bad name."""
    parsed = tuple(card(n) for n in (names.split() if isinstance(names, str) else names))
    if len(set(parsed)) != len(parsed):
        raise ValueError(f"a card appears twice in {' '.join(text(c) for c in parsed)}")
    return parsed


def text(c: int) -> str:
    """The two-character name of card ``c`` (``0..51``); ``ValueError`` otherwise."""
    if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < DECK_SIZE:
        raise ValueError(f"a card is an integer 0-51, got {c!r}")
    return RANKS[c // 4] + SUITS[c % 4]


def shuffled_deck(seed: int, game: int, hand: int, n_cards: int = DECK_SIZE) -> list[int]:
    """The first ``n_cards`` cards of the hand's shuffled 52-card deck (GAMES.md, as R13).

    A partial Fisher–Yates shuffle of ``0..51``: for ``i`` in ``0..n_cards-1`` swap position ``i``
    with ``i + uniform_int(derive(key, i), 52 - i)``, ``key = hand_key(seed, game, hand, STREAM_DECK)``
    (the same stream and steps as Sniper Hold'em's deck, ``sniper.games.sniper_holdem.cards.shuffled_deck``).
    """
    deck = list(range(DECK_SIZE))
    key = hand_key(seed, game, hand, STREAM_DECK)
    for i in range(n_cards):
        j = i + uniform_int(derive(key, i), DECK_SIZE - i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:n_cards]


def _pack(cat: int, ranks: Sequence[int]) -> int:
    v = cat
    for i in range(5):
        v = v * _BASE + (ranks[i] if i < len(ranks) else 0)
    return v


def straight_flush(top: int) -> int:
    """The value of a straight flush whose top card has rank ``top`` (3 for the wheel, 12 for a royal)."""
    return _pack(8, (top,))


def category(v: int) -> int:
    """The category (0 high card … 8 straight flush) of a hand value."""
    return v // _CATEGORY_UNIT


def _straight_top(ranks: set[int]) -> int:
    """Top rank of the best straight among ``ranks``, or -1; the ace also plays low (A-2-3-4-5)."""
    for top in range(12, 2, -1):
        if all((r if r >= 0 else 12) in ranks for r in range(top - 4, top + 1)):
            return top
    return -1


def value(hand: Sequence[int]) -> int:
    """The value of the best five of ``hand`` (5 to 7 distinct cards ``0..51``); higher is better.

    The rules of GAMES.md ("Shared for all three"): categories, kickers, the ace high or low in
    A-2-3-4-5, no wrap-around straights, suits never rank. Plain Python, written to be read; the
    numba equivalent is ``kernels.eval52``. Raises ``ValueError`` for another number of cards, a
    repeated card or a card outside ``0..51``.
    """
    if not 5 <= len(hand) <= 7 or len(set(hand)) != len(hand) or any(not 0 <= c < DECK_SIZE for c in hand):
        raise ValueError(f"a hand is 5 to 7 distinct cards 0-51, got {list(hand)!r}")
    by_suit: dict[int, set[int]] = {}
    counts = [0] * 13
    for c in hand:
        by_suit.setdefault(c % 4, set()).add(c // 4)
        counts[c // 4] += 1
    flush = next((ranks for ranks in by_suit.values() if len(ranks) >= 5), None)
    if flush is not None and (top := _straight_top(flush)) >= 0:
        return straight_flush(top)
    # ranks by (count, rank), best first: the comparison order of every non-straight category
    groups = sorted((r for r in range(13) if counts[r]), key=lambda r: (counts[r], r), reverse=True)
    shape = [counts[r] for r in groups]
    if shape[0] == 4:
        return _pack(7, (groups[0], max(groups[1:])))
    if shape[0] == 3 and shape[1] >= 2:
        return _pack(6, groups[:2])
    if flush is not None:
        return _pack(5, sorted(flush, reverse=True)[:5])
    if (top := _straight_top(set(groups))) >= 0:
        return _pack(4, (top,))
    if shape[0] == 3:
        return _pack(3, (groups[0], *sorted(groups[1:], reverse=True)[:2]))
    if shape[0] == 2 and shape[1] == 2:
        return _pack(2, (groups[0], groups[1], max(groups[2:])))
    if shape[0] == 2:
        return _pack(1, (groups[0], *sorted(groups[1:], reverse=True)[:3]))
    return _pack(0, groups[:5])


def named_cards(value: str | Iterable[str | int], name: str) -> tuple[int, ...]:
    """Cards from text (``"As Kd"``), names or integers 0..51, as an API parameter ``name`` takes them; a one-line
    ``ValueError`` naming ``name`` (a repeated card, a bad name, an integer out of range)."""
    if isinstance(value, str):
        value = value.split()
    try:
        items = list(value)
    except TypeError:
        raise ValueError(f"{name} must be cards such as 'As Kd', got {value!r}") from None
    if all(isinstance(c, int | np.integer) and not isinstance(c, bool) for c in items):
        if any(not 0 <= c < DECK_SIZE for c in items):
            raise ValueError(f"{name}: a card is an integer 0-51 or a name such as 'As', got {items!r}")
        items = [text(int(c)) for c in items]
    try:
        return cards(items)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None

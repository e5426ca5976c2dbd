"""The strength of a no-limit Hold'em hand as the levels weigh it (``sniper.games.holdem.levels``, GAMES.md H12):
``easy``'s preflop score, the Chen formula and its percentiles, made-hand categories, the board's texture, the
hand's strength and its draws' outs.

>>> from sniper.games.poker52.cards import cards
>>> chen_score(cards("As Ah")), chen_score(cards("7h 2c")), chen_score(cards("Js Ts"))
(20, -1, 9)
"""

from sniper.games.poker52.cards import DECK_SIZE, category, value

PAIR_BONUS = 10
"""What a pair adds to ``easy``'s preflop score (``pair_high_score``)."""


# ----- hand strength -------------------------------------------------------------------------------


def pair_high_score(hole) -> int:
    """``easy``'s preflop score: the two ranks (0 for a 2 … 12 for an ace) added, plus ``PAIR_BONUS``
    for a pair; 1 (3-2) to 34 (A-A), suits ignored."""
    a, b = hole[0] // 4, hole[1] // 4
    return a + b + (PAIR_BONUS if a == b else 0)


_CHEN_HALVES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20)
"""Chen points of the higher card, in half points, by rank 2..A (A 10, K 8, Q 7, J 6, else half its face)."""


def chen_score(hole) -> int:
    """The Chen formula score of two hole cards, -1 (7-2 offsuit) to 20 (A-A): ``normal``'s chart.

    Bill Chen's formula (Lou Krieger, *Hold'em Excellence*, 2nd ed.): the higher card's points
    (``_CHEN_HALVES``); a pair doubles them (at least 5); suited +2; a gap of 1, 2, 3, 4+ ranks
    costs 1, 2, 4, 5; +1 for no gap or a gap of one with both cards below a queen; halves rounded up.
    """
    hi, lo = max(hole[0] // 4, hole[1] // 4), min(hole[0] // 4, hole[1] // 4)
    halves = _CHEN_HALVES[hi]
    if hi == lo:
        return max(2 * halves, 10) // 2
    if hole[0] % 4 == hole[1] % 4:
        halves += 4
    gap = hi - lo - 1
    halves -= (0, 2, 4, 8, 10)[min(gap, 4)]
    if gap <= 1 and hi < 10:
        halves += 2
    return (halves + 1) // 2


def _preflop_percentiles() -> tuple[float, ...]:
    """``PREFLOP_TOP``: classes sorted best first by (Chen score, higher rank, lower rank, suited)."""
    classes = []
    for hi in range(13):
        for lo in range(hi + 1):
            for suited in (True, False) if hi != lo else (False,):
                score = chen_score((4 * hi, 4 * lo + (0 if suited else 1)))
                combos = 6 if hi == lo else 4 if suited else 12
                classes.append(((score, hi, lo, suited), hi, lo, suited, combos))
    classes.sort(key=lambda c: c[0], reverse=True)
    table = [0.0] * 169
    better = 0
    for _, hi, lo, suited, combos in classes:
        table[13 * hi + lo if suited or hi == lo else 13 * lo + hi] = better / 1326
        better += combos
    return tuple(table)


PREFLOP_TOP = _preflop_percentiles()
"""The preflop strength table of ``hard``'s ranges: for each of the 169 starting hands, the share of
the 1,326 two-card combinations in strictly better classes (0 for A-A), classes ordered by
``chen_score`` then the higher rank, the lower rank and suitedness. Index ``13 * hi + lo`` for a pair
or suited hand (``hi >= lo`` ranks), ``13 * lo + hi`` offsuit (``preflop_top``)."""


def preflop_top(hole) -> float:
    """Where two hole cards stand in ``PREFLOP_TOP``: in the top fraction ``x`` of hands iff below ``x``."""
    hi, lo = max(hole[0] // 4, hole[1] // 4), min(hole[0] // 4, hole[1] // 4)
    suited = hole[0] % 4 == hole[1] % 4
    return PREFLOP_TOP[13 * hi + lo if suited or hi == lo else 13 * lo + hi]


def rank_shape_category(board) -> int:
    """The category (``poker52.cards.CATEGORIES`` index) that rank multiplicities alone make of 3–4 cards:
    four of a kind 7, three of a kind 3, two pair 2, one pair 1, else 0."""
    counts = [0] * 13
    for c in board:
        counts[c // 4] += 1
    top, pairs = max(counts), sum(1 for k in counts if k >= 2)
    return 7 if top == 4 else 3 if top == 3 else 2 if pairs >= 2 else 1 if pairs == 1 else 0


def made_category(hole, board) -> int:
    """The category of the seat's best hand (``poker52.cards.value`` of hole + board, 3–5 board cards), or
    0 (high card) unless it beats the category the board makes alone: what its own cards add
    (a pair on the board is nobody's pair)."""
    own = category(value((*hole, *board)))
    alone = category(value(board)) if len(board) == 5 else rank_shape_category(board)
    return own if own > alone else 0


def texture(board) -> int:
    """How wet the board is, 0–3: one each for paired (a rank twice or more), flush (three cards of a
    suit, or two with cards to come) and straight (three distinct ranks in some five consecutive
    ranks, the ace also low, or two with cards to come)."""
    to_come = len(board) < 5
    suits = [0] * 4
    ranks = [False] * 13
    for c in board:
        suits[c % 4] += 1
        ranks[c // 4] = True
    need = 2 if to_come else 3
    paired = len(board) > sum(ranks)
    flush = max(suits) >= need
    straight = False
    for low in range(-1, 9):
        if sum(1 for r in range(low, low + 5) if ranks[r if r >= 0 else 12]) >= need:
            straight = True
            break
    return int(paired) + int(flush) + int(straight)


def hand_strength(hole, board) -> float:
    """Immediate hand strength (Billings et al., "Opponent modeling in poker", AAAI 1998): the share
    of the unseen two-card hands the seat's hand beats now, ties counting half, in [0, 1].

    Every pair ``i < j`` of the unseen cards (ascending) is one opponent hand; 3–5 board cards.
    Deterministic (no draws).
    """
    seen = (*hole, *board)
    unseen = [c for c in range(DECK_SIZE) if c not in seen]
    mine = value(seen)
    halves = total = 0
    for i in range(len(unseen)):
        for j in range(i + 1, len(unseen)):
            theirs = value((unseen[i], unseen[j], *board))
            halves += 2 if mine > theirs else 1 if mine == theirs else 0
            total += 2
    return halves / total


def draw_outs(hole, board) -> int:
    """Cards that complete a draw the seat's own cards are part of, flop or turn (else 0):
    9 for a flush draw (four of a suit, one a hole card), 8 for an open-ended straight draw (four
    consecutive ranks, 2-3-4-5 to T-J-Q-K, one a hole card), 15 for both; 0 with a straight or
    better already made."""
    if not 3 <= len(board) <= 4:
        return 0
    seven = (*hole, *board)
    if category(value(seven)) >= 4:
        return 0
    flush = False
    for suit in range(4):
        if sum(1 for c in seven if c % 4 == suit) == 4 and (hole[0] % 4 == suit or hole[1] % 4 == suit):
            flush = True
    ranks = [False] * 13
    for c in seven:
        ranks[c // 4] = True
    holes = (hole[0] // 4, hole[1] // 4)
    straight = False
    for low in range(9):
        if all(ranks[low : low + 4]) and (low <= holes[0] < low + 4 or low <= holes[1] < low + 4):
            straight = True
    return 15 if flush and straight else 9 if flush else 8 if straight else 0


def outs_equity(outs: int, board_size: int) -> float:
    """Chance to hit one of ``outs`` cards by the river from the ``52 - 2 - board_size`` unseen cards:
    ``outs / m`` with one card to come, ``1 - (m - outs)(m - outs - 1) / (m (m - 1))`` with two."""
    m = DECK_SIZE - 2 - board_size
    if board_size == 4:
        return outs / m
    return 1.0 - (m - outs) * (m - outs - 1) / (m * (m - 1))

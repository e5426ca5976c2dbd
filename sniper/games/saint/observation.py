"""What one seat of a Saint Poker table may know (GAMES.md S10): the ``SaintObservation`` agents read.

``sniper.games.saint.table.SaintTable.observe`` is the one place it is built (the one place S10 is decided);
every agent level (``sniper.games.saint.levels``) reads only this.
"""

from dataclasses import dataclass

PHASES = ("deal", "pick", "pair", "take", "over")
"""The points of a game: before the deal (S2), step 1's pick of one card (S3), step 2's pick of two (S4),
step 3's take-backs (S6), and the end (S8)."""


@dataclass(frozen=True)
class SaintObservation:
    """Everything an agent may use to decide (S10), nothing more. Cards are ``sniper.games.poker52`` integers.

    - ``seat``, ``seats``: the observing seat and the table size (S1); ``round``: the round's number, 1–8 (S5);
      ``phase``: one of ``PHASES``.
    - ``hand``: the seat's own cards, sorted. Never another seat's hand (S10).
    - ``river``: the current river as revealed so far: the cards carried from the future river, then, once
      every player has picked (S9), the step-1 picks in seat order (5 cards, S3); ``future``: the future river.
    - ``pairs``: per seat, its two step-2 cards once every player has picked them (S4, S9), else ``None``.
    - ``points``: per seat, this round's points once scored (S5), else ``None``; ``scores``: the points so far.
    - ``order``: step 3's order, worst hand first (S6), once scored; ``pool``: the cards still to take.
    - ``taken``: every take-back so far, ``(round, seat, card)``; ``known``: per seat, the cards it took back
      and has not revealed since (public: S10 shows the cards taken and by whom); ``hand_size``: the cards
      every player holds now (the same for all).
    - ``seen``: every card this seat has seen that is not in its own hand (rivers, picks, future rivers).
    - ``legal``: the actions this seat may take now (empty when it does not act).
    """

    seat: int
    seats: int
    round: int
    phase: str
    hand: tuple[int, ...]
    river: tuple[int, ...]
    future: tuple[int, ...]
    pairs: tuple[tuple[int, int] | None, ...]
    points: tuple[int, ...] | None
    scores: tuple[int, ...]
    order: tuple[int, ...]
    pool: tuple[int, ...]
    taken: tuple[tuple[int, int, int], ...]
    known: tuple[frozenset[int], ...]
    hand_size: int
    seen: frozenset[int]
    legal: tuple[int, ...]

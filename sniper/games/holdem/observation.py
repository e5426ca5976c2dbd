"""What one seat of a Hold'em table may know (GAMES.md H11): the ``HoldemObservation`` agents read.

``sniper.games.holdem.table.HoldemTable.observe`` is the one place it is built (the one place H11 is
decided); every agent level (``agents``, ``agents_levels``) reads only this.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class HoldemObservation:
    """Everything an agent may use to decide (H11), nothing more; chips are integers.

    Cards are ``sniper.games.poker52.cards`` integers (0..51). Per-seat tuples have one entry per seat of
    the table (``seats``), seats not at the table (busted, GAMES.md) having 0 chips and
    ``in_hand`` False.

    - ``seat``: the observing seat; ``seats``: the table size (H1); ``button``: the button's seat (H2);
      ``hand``: the hand's number in the game, from 0 (H10).
    - ``street``: 0 preflop, 1 flop, 2 turn, 3 river (H3).
    - ``hole``: the seat's two private cards (empty if it was not dealt in); ``board``: the
      community cards dealt so far, 0, 3, 4 or 5 (H3, H8). Never another seat's cards or the deck (H11).
    - ``stacks``: chips behind, per seat; ``bets``: chips put in this betting round, per seat
      (the blinds count as preflop bets); ``pot``: chips in the middle from earlier rounds,
      excluding this round's ``bets``; ``in_hand``: the seat holds cards and has not folded.
    - ``to_call``: chips this seat must add to call, capped by its stack (0: checking is free).
    - ``min_raise_to`` / ``max_raise_to``: the smallest and largest legal bet/raise *to* (the seat's
      total bet of the round, H5, H6), ``None`` when no bet or raise is legal.
    - ``big_blind``: chips (H1). ``history``: the hand's public actions so far, as
      ``(seat, street, action)`` flat actions (``sniper.games.holdem.engine``'s numbering).
    - ``legal``: the flat actions legal for this seat now, sorted (empty when it is not to act).
    - ``tendencies``: per seat, ``(raises, faced, bets, unfaced)`` over the game's finished hands at this table:
      its raises of the decisions it took facing a bet or raise of the round, its bets of those it took from
      the flop on before any bet of the round (public, H11; ``sniper.games.holdem.reading.tendencies``); empty
      means no hand seen (every seat all 0). What the levels' reads adapt to (``sniper.games.poker52.reads``).
    """

    seat: int
    seats: int
    button: int
    street: int
    hole: tuple[int, ...]
    board: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    in_hand: tuple[bool, ...]
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None
    big_blind: int
    history: tuple[tuple[int, int, int], ...]
    legal: tuple[int, ...]
    hand: int
    tendencies: tuple[tuple[int, int, int, int], ...] = ()

"""What one seat of a five-card draw table may know (GAMES.md D10): the ``DrawObservation`` agents read.

``sniper.games.draw.table.DrawTable.observe`` is the one place it is built (the one place D10 is
decided); every agent level (``agents``) reads only this.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class DrawObservation:
    """Everything an agent may use to decide (D10), nothing more; chips are integers.

    Cards are ``sniper.games.poker52.cards`` integers (0..51). Per-seat tuples have one entry per seat of
    the table (``seats``), seats not at the table (busted, GAMES.md) having 0 chips and ``in_hand``
    False.

    - ``seat``: the observing seat; ``seats``: the table size (D1); ``button``: the button's seat (D1);
      ``hand``: the hand's number in the game, from 0 (D9).
    - ``street``: 0 the first betting round (D4), 1 the draw (D5), 2 the second betting round (D6)
      (``sniper.games.draw.engine.STREETS``); after the hand, the street it ended on.
    - ``cards``: the seat's own cards in the order it holds them (the order a discard mask's bits
      refer to, ``sniper.games.draw.engine``): five, except between its own discard and the deal of the
      replacements, which follows the last player's discard (D5); empty if it was not dealt in.
      ``discarded``: the cards the seat itself discarded this hand (it saw them). Never another
      seat's cards, the deck or another seat's discards (D10).
    - ``drawn``: per seat, how many cards it drew (0–3, D5, public), ``None`` before it has drawn (or
      when it never will: folded, or not dealt in).
    - ``stacks``: chips behind, per seat; ``bets``: chips put in this betting round, per seat; ``pot``:
      chips in the middle from earlier rounds (the antes included), excluding this round's ``bets``;
      ``in_hand``: the seat holds cards and has not folded.
    - ``to_call``: chips this seat must add to call, capped by its stack (0: checking is free).
    - ``bet_size``: the round's fixed bet and raise (D3: 2, then 4); ``raises``: bets and raises made
      in this betting round so far (D3: at most ``rules.CAP``); ``raise_to``: the seat's total bet of
      the round after action 2 (bet/raise: the fixed amount, or all-in for less, D8), ``None`` when
      no bet or raise is legal.
    - ``history``: the hand's betting actions so far, as ``(seat, street, action)`` flat actions
      (0 fold, 1 check/call, 2 bet/raise); the draws are in ``drawn``.
    - ``legal``: the flat actions legal for this seat now, sorted (empty when it is not to act).
    - ``tendencies``: per seat, ``(raises, chances, twos, draws, weak, shows)`` over the game's finished hands at
      this table: how many times it bet or raised facing a bet in the first betting round, of the first-round
      decisions it took facing one; how many of its draws were of two cards, of the draws it made; how many of the
      hands it showed down after betting or raising in the second round were less than a pair, of those hands
      (public: the bets and the draw counts, D10, the hands shown, D7; ``sniper.games.draw.reading.tendencies``);
      empty means no hand seen (every seat all 0).
      What the levels' reads adapt to (``sniper.games.poker52.reads``).
    """

    seat: int
    seats: int
    button: int
    hand: int
    street: int
    cards: tuple[int, ...]
    discarded: tuple[int, ...]
    drawn: tuple[int | None, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    in_hand: tuple[bool, ...]
    to_call: int
    bet_size: int
    raises: int
    raise_to: int | None
    history: tuple[tuple[int, int, int], ...]
    legal: tuple[int, ...]
    tendencies: tuple[tuple[int, int, int, int, int, int], ...] = ()

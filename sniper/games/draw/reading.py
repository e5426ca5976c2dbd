"""What five-card draw's levels read of an observation (D10): whether it offers a legal action, the seat's
position and pot odds, the opponents still in and how they bet, the cards it has not seen, and the betting
action of a level's answers. The levels: ``sniper.games.draw.levels``.
"""

from sniper.games.draw.actions import BET_RAISE, CHECK_CALL, DISCARD, DRAW, FIRST, FOLD, SECOND
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.rules import HAND_SIZE
from sniper.games.poker52.cards import CATEGORIES, DECK_SIZE, category, value

TELLING_DRAW = 2
"""The draw (cards) ``tendencies`` counts: a player drawing uniformly at random (``random``: one of the 26 legal
discards, D5) draws two cards 10 times in 26, the levels 2–23% of their draws (``easy`` by its chart almost never)."""
TELLING_SHOW = CATEGORIES.index("one pair")
"""The category below which ``tendencies`` counts a hand shown down after a second-round bet or raise as weak: a
player betting at random shows down high card about half the time, the levels seldom (they bet made hands)."""


def check_legal(obs: DrawObservation) -> None:
    """``ValueError`` unless ``obs`` offers a legal action (the message of ``sniper.games.draw.agents``)."""
    if not obs.legal:
        raise ValueError(f"seat {obs.seat} has no legal action")
    if len(obs.cards) != HAND_SIZE:
        raise ValueError(f"seat {obs.seat} holds {len(obs.cards)} cards; a level decides with {HAND_SIZE}")


def at_table(obs: DrawObservation, seat: int) -> bool:
    """Whether ``seat`` plays this hand: still in, or with chips behind or a bet (a seat with no chips
    has left the table, D1)."""
    return obs.in_hand[seat] or obs.stacks[seat] > 0 or obs.bets[seat] > 0


def players_dealt(obs: DrawObservation) -> int:
    """The players dealt in this hand (D1): the seats ``at_table``. Numba: ``Hand.st[0].players``."""
    return sum(at_table(obs, s) for s in range(obs.seats))


def position(obs: DrawObservation) -> float:
    """The seat's place in the betting order (D4, D6: clockwise from the button's left, the button
    last), 0 first to act to 1 last; 1.0 when it is alone."""
    n = obs.seats
    order = [s for s in ((obs.button + 1 + i) % n for i in range(n)) if at_table(obs, s)]
    return order.index(obs.seat) / (len(order) - 1) if len(order) > 1 else 1.0


def live_opponents(obs: DrawObservation) -> tuple[int, ...]:
    """Opponents still in the hand (``in_hand``), clockwise from the seat's left."""
    n = obs.seats
    return tuple(s for s in ((obs.seat + 1 + i) % n for i in range(n - 1)) if obs.in_hand[s])


def price(obs: DrawObservation) -> float:
    """Pot odds: the share of the pot after calling that the call costs, ``to_call / (pot + bets +
    to_call)``; 0 when nothing is owed."""
    return obs.to_call / (obs.pot + sum(obs.bets) + obs.to_call) if obs.to_call > 0 else 0.0


def draw_ahead(obs: DrawObservation) -> bool:
    """Whether the seat's own draw is still to come (the first round, or the draw before it discards)."""
    return obs.street in (FIRST, DRAW) and obs.drawn[obs.seat] is None


def aggression(obs: DrawObservation, seat: int, street: int) -> int:
    """How ``seat`` has bet in betting round ``street`` (``FIRST`` or ``SECOND``) so far: 2 if it raised
    over another bet or raise, 1 if it bet (or raised only over its own bet), else 0."""
    level, bet = 0, False
    for s, st, a in obs.history:
        if st == street and a == BET_RAISE:
            if s == seat:
                level = max(level, 2 if bet else 1)
            bet = True
    return level


def tendencies(hands, seats: int) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """``DrawObservation.tendencies`` of ``hands`` (finished ``sniper.games.draw.engine.DrawHand``s or ``play.
    HandRecord``s: ``actions``, records with ``seat``, ``street`` and ``action``; ``showdown``; ``cards``, each
    seat's final five) at a table of ``seats`` seats: per seat ``(raises, chances, twos, draws, weak, shows)``. A
    first-round decision counts as a chance when a bet or raise of the round came before it (D4: it faced a bet) and
    as a raise when it bet or raised; a draw (D5) counts in ``draws``, and in ``twos`` when it drew ``TELLING_DRAW``
    (two) cards; a hand that went to a showdown (D7) counts, for each seat that bet or raised in the second round
    (D6) and did not fold, in ``shows``, and in ``weak`` when its five cards' category is below ``TELLING_SHOW``
    (less than a pair). Public actions and shown hands only (D10: the bets and how many cards each drew; D7: the
    hands still in at the showdown are shown). The kernel counts the same in ``kernels.draw.game.betting_nb``,
    ``draw_nb`` and ``play_dealt_nb`` (``Hand.tally``)."""
    counts = [[0] * 6 for _ in range(seats)]
    for hand in hands:
        raised = False
        bettors, folded = set(), set()
        for record in hand.actions:
            row = counts[record.seat]
            if record.street == DRAW:
                row[3] += 1
                row[2] += (record.action - DISCARD).bit_count() == TELLING_DRAW
            elif record.street == FIRST:
                if raised:
                    row[1] += 1
                    row[0] += record.action == BET_RAISE
                raised = raised or record.action == BET_RAISE
            elif record.street == SECOND and record.action == BET_RAISE:
                bettors.add(record.seat)
            if record.action == FOLD and record.street != DRAW:
                folded.add(record.seat)
        if hand.showdown:
            for seat in bettors - folded:
                counts[seat][5] += 1
                counts[seat][4] += category(value(hand.cards[seat])) < TELLING_SHOW
    return tuple(tuple(row) for row in counts)


def unseen_cards(obs: DrawObservation) -> list[int]:
    """The cards the seat has not seen, ascending: the deck less its own cards and its own discards."""
    seen = (*obs.cards, *obs.discarded)
    return [c for c in range(DECK_SIZE) if c not in seen]


def kept_cards(cards, mask: int) -> list[int]:
    """The cards of ``cards`` (in order) whose positions are not set bits of the discard ``mask``."""
    return [c for j, c in enumerate(cards) if not mask >> j & 1]


def opponent_chart(cards) -> int:
    """The discard mask the ``easy`` chart draws with five ``cards``: ``hard``'s model of an opponent's
    draw (``sniper.games.draw.agents.draw_chart``, imported here because agents imports this module)."""
    from sniper.games.draw.agents import draw_chart

    return draw_chart(tuple(cards))


def betting(obs: DrawObservation, value_bet: bool, value_raise: bool, call: bool) -> int:
    """The betting action of a level's three answers: checked to, bet when ``value_bet`` (check
    otherwise); facing a bet, raise when ``value_raise`` (and a raise is legal), else call when
    ``call``, else fold."""
    can_raise = BET_RAISE in obs.legal
    if obs.to_call == 0:
        return BET_RAISE if value_bet and can_raise else CHECK_CALL
    if value_raise and can_raise:
        return BET_RAISE
    return CHECK_CALL if call or FOLD not in obs.legal else FOLD

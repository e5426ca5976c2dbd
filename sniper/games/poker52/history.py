"""Readable hand histories of the 52-card games (no-limit Hold'em, five-card draw): what they share.

A hand's record (``sniper.games.holdem.play.HandRecord``, ``sniper.games.draw.play.HandRecord``) prints as a
hand history in the style of Sniper Hold'em's (``sniper.games.sniper_holdem.history``) and of the poker
sites': a header, the seats with their agents and stacks, the forced bets, the private cards, each street
with its board and pot and every action in words (``raise to 7``, ``call 2``, ``draws 2``), the showdown with
each hand's name, the result (uncalled bet returned, who wins how much) and the stacks after. Each game
writes its own streets (``history_text`` of its ``play`` module); the pieces they share are here.

>>> from sniper.games.poker52.hand import ActionRecord
>>> act = ActionRecord(seat=2, street=0, action=7, amount=7, to=7, pot_after=10)
>>> action_words(act, raised=True, all_in=False)
'raise to 7'
>>> paid_out([-1, -2, 3], [1, 2, 7])
(5, [0, 0, 5], 2, 5)
"""

from collections.abc import Sequence

from sniper.games.poker52.cards import CATEGORIES, category, text, value
from sniper.games.poker52.hand import ActionRecord

FOLD, CHECK_CALL = 0, 1
"""The flat actions both games number alike: fold, check or call (``sniper.games.holdem.engine``,
``sniper.games.draw.engine``); a larger one bets or raises (Hold'em: to that amount) or, in draw, draws."""


def cards_text(cards: Sequence[int]) -> str:
    """Cards (``sniper.games.poker52.cards`` integers 0..51) as the field writes them: ``[4c 8d]``.

    >>> cards_text([8, 25]), cards_text([-1, -1])
    ('[4c 8d]', '[?? ??]')
    """
    return "[" + " ".join(text(int(c)) if c >= 0 else "??" for c in cards) + "]"


def hand_name(cards: Sequence[int]) -> str:
    """The category of the best five of ``cards`` (5 to 7 cards), e.g. "two pair" (``sniper.games.poker52.cards``).

    >>> hand_name([48, 49, 44, 45, 0]), hand_name([-1, -1, 44, 45, 0])
    ('two pair', 'not shown')
    """
    if any(c < 0 for c in cards):
        return "not shown"
    return CATEGORIES[category(value(list(cards)))]


def header(title: str, hand: int, seed: int | None, game: int | None, rules: str = "") -> str:
    """The first line: the game's title, then the seed, the game's number and the hand's, those known.

    >>> header("no-limit Hold'em", 3, 1, 0)
    "no-limit Hold'em - seed 1, game 0, hand 3"
    """
    where = [f"seed {seed}"] * (seed is not None) + [f"game {game}"] * (game is not None) + [f"hand {hand}"]
    return f"{title} - {', '.join(where)}{rules}"


def seat_lines(stacks: Sequence[int], agents: Sequence[str], roles: dict[int, str]) -> list[str]:
    """One line per seat: ``Seat 0: easy (200 chips) - button`` (the agent when known, the seat's roles; a seat
    without chips is out of the game)."""
    lines = []
    for seat, stack in enumerate(stacks):
        chips = f"{agents[seat]} ({stack} chips)" if seat < len(agents) else f"{stack} chips"
        role = roles.get(seat) if stack > 0 else "out (no chips)"
        lines.append(f"Seat {seat}: {chips}" + (f" - {role}" if role else ""))
    return lines


def action_words(act: ActionRecord, raised: bool, all_in: bool) -> str:
    """A betting action in words: ``fold``, ``check``, ``call 2``, ``bet 4`` or ``raise to 7`` (``raised``: a bet
    was already made on the street, the blinds counting as one), `` (all-in)`` when it leaves the seat no chips."""
    if act.action == FOLD:
        return "fold"
    if act.action == CHECK_CALL:
        words = "check" if act.amount == 0 else f"call {act.amount}"
    else:
        words = f"raise to {act.to}" if raised else f"bet {act.to}"
    return words + (" (all-in)" if all_in else "")


def action_line(
    act: ActionRecord, put_in: Sequence[int], stacks_before: Sequence[int], raised: bool, folded: set[int]
) -> tuple[str, bool]:
    """A betting action's line (``Seat 2: raise to 7``, ``action_words``; all-in when the seat has put in
    ``put_in``, its chips so far this hand counting ``act``, all of its ``stacks_before``) and whether a bet
    was made on the street after it (``raised``: before it); a seat that folds is added to ``folded``."""
    all_in = act.action != FOLD and put_in[act.seat] == stacks_before[act.seat]
    if act.action == FOLD:
        folded.add(act.seat)
    return f"Seat {act.seat}: {action_words(act, raised, all_in)}", raised or act.action > CHECK_CALL


def paid_out(winnings: Sequence[int], put_in: Sequence[int]) -> tuple[int, list[int], int | None, int]:
    """The pot, what each seat collects from it, and the uncalled bet, from each seat's ``winnings`` (net chips)
    and the chips it ``put_in`` (forced bets and actions).

    The largest bet, when no one else matched it, is returned in part: its excess over the second largest (the
    uncalled bet). Returns ``(pot, collected, seat, uncalled)``: the pot without that excess, each seat's share
    of it, the seat the excess went back to (``None`` if the top bet was matched) and the excess (0 then).
    """
    ranked = sorted(range(len(put_in)), key=lambda s: put_in[s], reverse=True)
    second = put_in[ranked[1]] if len(ranked) > 1 else 0
    uncalled = put_in[ranked[0]] - second
    back = ranked[0] if uncalled > 0 else None
    collected = [w + p - (uncalled if s == back else 0) for s, (w, p) in enumerate(zip(winnings, put_in))]
    return sum(put_in) - uncalled, collected, back, uncalled


def result_lines(winnings: Sequence[int], put_in: Sequence[int] | None, stacks: Sequence[int]) -> list[str]:
    """The end of a hand: ``*** RESULT ***`` with the pot, an uncalled bet returned, who collects how much; then
    ``*** STACKS ***``, each seat's chips after the hand and its net. ``put_in`` ``None`` (the forced bets are
    not known, e.g. an imported hand of other stakes): the net of each seat that won, without the pot."""
    if put_in is None:
        lines = ["*** RESULT ***"] + [f"Seat {seat}: wins {net} net" for seat, net in enumerate(winnings) if net > 0]
    else:
        pot, collected, back, uncalled = paid_out(winnings, put_in)
        lines = [f"*** RESULT *** pot {pot}"]
        if back is not None:
            lines.append(f"Uncalled bet of {uncalled} returned to seat {back}")
        lines += [f"Seat {seat}: wins {chips}" for seat, chips in enumerate(collected) if chips > 0]
    lines.append("*** STACKS ***")
    lines += [f"Seat {seat}: {stack} chips ({net:+d})" for seat, (stack, net) in enumerate(zip(stacks, winnings))]
    return lines

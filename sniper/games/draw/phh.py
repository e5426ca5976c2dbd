"""Five-card draw hands in PHH, both ways: our hands written as PHH, hand histories of the game read in.

PHH (the poker hand history format of PokerKit, https://github.com/uoftcprg/phh-std) is TOML: one hand
per ``.phh`` file, or many hands as the tables ``[1]``, ``[2]``, … of a ``.phhs`` file. Its 11 variants
(PHH 1.x, PokerKit 0.7) have no five-card draw for high hands (the draws are deuce-to-seven lowball,
``N2L1D`` and ``F2L3D``, and badugi), and the specification adds variants "by introducing new variant
codes". So this module writes the variant ``"F5CD"`` ("fixed-limit five-card draw", after the
specification's ``F7S``, fixed-limit seven-card stud, and the usual 5CD), with the fields of the fixed-limit
draw games (``F2L3D``): ``antes``, ``blinds_or_straddles`` (all 0), ``small_bet``, ``big_bet``,
``starting_stacks``, ``actions``. The game is ``FixedLimitFiveCardDraw``, a PokerKit ``Poker`` variant
built like PokerKit's own draw games from our engine's streets (``sniper.games.draw.engine.PK_STREETS``,
D2–D6, with the file's bets); ``DrawHandHistory`` is PokerKit's ``HandHistory`` with that one variant
added, so PokerKit's own reader (``DrawHandHistory.loads``, its states) replays the files. The choices are
listed in docs/draw.md ("PHH, both ways").

**Writing** (``hand_phh``, ``game_phhs``, ``run_phhs``; ``rows_phh`` from a run's rows): the players
``p1 … pK`` are the seats dealt in, in the engine's dealing order (``poker52.hand.dealing_order``: the
first seat left of the button first, the button last), PokerKit's player order. The actions are ``d dh
pK AsKd7c4s2d`` (every player's five cards, a simulation log), ``pK f``, ``pK cc``, ``pK cbr T`` (``T``
the to-amount), the draw as PokerKit's ``pK sd 7c4s2d`` (the cards discarded; ``pK sd`` stands pat),
the replacements as ``d dh pK 9h8d2c`` once every player has discarded, and ``pK sm …`` (the final five)
for every player at the showdown. Each hand is replayed on PokerKit's state as it is written, so every
action comes where PokerKit's reader expects it. PokerKit's reader replays every written hand to our
final stacks, except where PokerKit's pots differ from GAMES.md's (D7, D8: a split pot's whole remainder
to its first winner, merged side pots; ``sniper.games.poker52.hand``); ``finishing_stacks`` holds ours.

>>> from sniper.games.draw.agents import RandomAgent
>>> from sniper.games.draw.play import play_game
>>> record = play_game(3, seed=1, game=0, agents=[RandomAgent()] * 3, length="20")[0]
>>> print(hand_phh(record).split("actions")[0], end="")
variant = "F5CD"
ante_trimming_status = true
antes = [1, 1, 1]
blinds_or_straddles = [0, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
>>> [s.stacks for s in DrawHandHistory.loads(hand_phh(record))][-1] == [record.stacks[s] for s in (1, 2, 0)]
True
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pokerkit import (
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Deck,
    Draw,
    FixedLimitPokerMixin,
    Folding,
    HandHistory,
    HoleCardsShowingOrMucking,
    HoleDealing,
    Mode,
    StandardHighHand,
    StandingPatOrDiscarding,
    rake,
)

from sniper.core.tables import Imported
from sniper.core.toml import phhs_text as phhs_text
from sniper.games.draw import results
from sniper.games.draw.engine import (
    BET_RAISE,
    CHECK_CALL,
    DISCARD,
    DRAW,
    FIRST,
    FOLD,
    PK_STREETS,
    SECOND,
    open_betting,
)
from sniper.games.draw.play import HandRecord
from sniper.games.draw.results import NO_CARD, NO_DRAW
from sniper.games.draw.rules import ANTE, BET_SIZES, CAP, HAND_SIZE, MAX_DISCARDS, SEATS
from sniper.games.poker52 import phh_files
from sniper.games.poker52.cards import card, text, value
from sniper.games.poker52.phh_files import MAX_DECIMALS as MAX_DECIMALS
from sniper.games.poker52.phh_files import MAX_HANDS, ImportedFile, SkipHand
from sniper.games.poker52.phh_files import PhhError as PhhError
from sniper.games.poker52.phh_writer import PhhWriter, cards_text
from sniper.games.poker52.phh_writer import write_phhs as write_phhs

__all__ = [*phh_files.PHH_MODULE_NAMES, "VARIANT", "DrawHandHistory", "FixedLimitFiveCardDraw"]

VARIANT = "F5CD"
"""The PHH variant code this module writes and reads: fixed-limit five-card draw (module docstring)."""
FIELDS = ("variant", "antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions")
"""The variant's required fields, as PHH's fixed-limit draw games (``F2L3D``) have them."""
AMOUNTS = ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "finishing_stacks")
"""The amount fields of a hand (``sniper.games.poker52.phh_files.file_scale``)."""


class FixedLimitFiveCardDraw(FixedLimitPokerMixin, Draw):
    """Fixed-limit five-card draw (D1–D8) as a PokerKit ``Poker`` variant, the game of ``VARIANT``.

    Standard deck and high hands, five cards each, a betting round at ``small_bet``, one draw, a round at
    ``big_bet``, at most ``CAP`` bets a round, first to act by position: our engine's streets
    (``sniper.games.draw.engine.PK_STREETS``) with the given bets. Arguments as PokerKit's
    ``FixedLimitDeuceToSevenLowballTripleDraw`` (``automations``, ``ante_trimming_status``, ``raw_antes``,
    ``raw_blinds_or_straddles``, ``small_bet``, ``big_bet``, then ``mode``, ``starting_board_count``,
    ``divmod``, ``rake``); calling it with stacks and a player count gives a PokerKit ``State``.
    """

    deck = Deck.STANDARD
    hand_types = (StandardHighHand,)
    hole_dealing_count = HAND_SIZE
    max_completion_betting_or_raising_count = CAP

    def __init__(
        self,
        automations,
        ante_trimming_status: bool,
        raw_antes,
        raw_blinds_or_straddles,
        small_bet: int,
        big_bet: int,
        *,
        mode: Mode = Mode.TOURNAMENT,
        starting_board_count: int = 1,
        divmod=divmod,
        rake=rake,
    ) -> None:
        first, second = PK_STREETS
        streets = (
            replace(first, min_completion_betting_or_raising_amount=small_bet),
            replace(second, min_completion_betting_or_raising_amount=big_bet),
        )
        super().__init__(
            automations,
            streets,
            ante_trimming_status,
            raw_antes,
            raw_blinds_or_straddles,
            0,
            mode=mode,
            starting_board_count=starting_board_count,
            divmod=divmod,
            rake=rake,
        )


class DrawHandHistory(HandHistory):
    """PokerKit's ``HandHistory`` (its PHH reader and writer, unchanged) with the variant ``VARIANT``
    (``FixedLimitFiveCardDraw``) added to its variants; ``DrawHandHistory.loads(text)`` reads a hand and
    iterating it gives PokerKit's states, as for PokerKit's own variants."""

    game_types = {**HandHistory.game_types, VARIANT: FixedLimitFiveCardDraw}
    variants = {**HandHistory.variants, FixedLimitFiveCardDraw: VARIANT}
    required_field_names = {**HandHistory.required_field_names, VARIANT: FIELDS}


# ----- writing ------------------------------------------------------------------------------------


def _betting(n: int) -> dict:
    """The ``VARIANT`` fields of a hand of ``n`` players between ``variant`` and ``starting_stacks`` (D2, D3)."""
    return {
        "ante_trimming_status": True,
        "antes": [ANTE] * n,
        "blinds_or_straddles": [0] * n,
        "small_bet": BET_SIZES[0],
        "big_bet": BET_SIZES[1],
    }


def _deal_replacements(state, record: HandRecord, order: Sequence[int]) -> str | None:
    """The replacements PokerKit's ``state`` waits for, ``d dh pK …`` (``None`` when it waits for none)."""
    if not state.can_deal_hole():
        return None
    k = state.hole_dealee_index
    return f"d dh p{k + 1} {cards_text(record.drawn[order[k]])}"


WRITER = PhhWriter(
    VARIANT,
    DrawHandHistory,
    _betting,
    _deal_replacements,
    lambda record, seat: record.cards[seat],
    FOLD,
    CHECK_CALL,
    results.hand_record,
    draw_street=DRAW,
    prepare=open_betting,
)
"""The PHH writer of five-card draw (``sniper.games.poker52.phh_writer.PhhWriter``: variant ``VARIANT``, the draw as
``pK sd …``, the replacements dealt once every player has discarded, the final five shown; PokerKit's short
all-in count cleared before each action, ``engine.open_betting``: D8 decides who may raise)."""
hand_phh = WRITER.hand_phh
rows_phh = WRITER.rows_phh
game_phhs = WRITER.game_phhs
run_phhs = WRITER.run_phhs


# ----- reading ------------------------------------------------------------------------------------


@dataclass
class _Replay:
    """What PokerKit's replay of a hand gives, by PokerKit player index (chips; cards ``NO_CARD`` when hidden)."""

    holes: list[list[int]]
    discarded: list[list[int] | None]  # positions in holes, None: did not draw
    drawn: list[list[int]]
    shown: list[list[int] | None]
    live: list[bool]  # not folded
    pushed: list[int]  # chips PokerKit pushed from the pots
    final: list[int]
    actions: list[tuple[int, int, int, int, int, int]]  # player, street, action, amount, to, pot after

    def cards(self, i: int) -> list[int]:
        """Player ``i``'s final five cards: its kept cards in order, then its replacements (our engine's
        order), or the cards it showed when what it kept is hidden."""
        gone = self.discarded[i] or []
        held = [c for j, c in enumerate(self.holes[i]) if j not in gone] + self.drawn[i]
        shown = self.shown[i]
        return shown if shown is not None and (NO_CARD in held or sorted(shown) != sorted(held)) else held


def _card(c) -> int:
    return NO_CARD if c.unknown_status else card(repr(c))


def _positions(hole: Sequence[int], cards: Sequence[int]) -> list[int]:
    """The positions in ``hole`` of the discarded ``cards``: a known card where it is held, a hidden one at
    the first hidden position not yet taken; ``SkipHand`` for a known card the player does not hold."""
    taken: list[int] = []
    for c in cards:
        free = [j for j, h in enumerate(hole) if h == c and j not in taken]
        if not free:
            raise SkipHand(f"a player discards {text(c) if c != NO_CARD else '??'}, which it does not hold")
        taken.append(free[0])
    return sorted(taken)


def _replay(history: HandHistory, n: int) -> _Replay:
    """Replay ``history`` through PokerKit's ``state_actions`` (its reader), reading every operation;
    the state before each step gives the street, the bets and the pot an action starts from. PokerKit's
    short all-in count is cleared at each step (``engine.open_betting``), so a re-raise D8 allows is read."""
    out = _Replay([[] for _ in range(n)], [None] * n, [[] for _ in range(n)], [None] * n, [True] * n, [0] * n, [], [])
    seen, street, bets, pot = 0, 0, [0] * n, 0
    for state, _ in history.state_actions:
        open_betting(state)
        for op in state.operations[seen:]:
            i = getattr(op, "player_index", None)
            if isinstance(op, HoleDealing):
                dealt = [_card(c) for c in op.cards]
                if out.discarded[i] is None:
                    out.holes[i] += dealt
                else:
                    out.drawn[i] += dealt
            elif isinstance(op, StandingPatOrDiscarding):
                gone = _positions(out.holes[i], [_card(c) for c in op.cards])
                out.discarded[i] = gone
                out.actions.append((i, DRAW, DISCARD + sum(1 << j for j in gone), 0, bets[i], pot))
            elif isinstance(op, HoleCardsShowingOrMucking) and op.hole_cards:
                if not any(c.unknown_status for c in op.hole_cards):
                    out.shown[i] = [_card(c) for c in op.hole_cards]
            elif isinstance(op, ChipsPushing):
                out.pushed = [p + a for p, a in zip(out.pushed, op.amounts)]
            elif isinstance(op, Folding | CheckingOrCalling | CompletionBettingOrRaisingTo):
                action, amount = phh_files.replayed_bet(op, i, bets, out.live, lambda _to: BET_RAISE)
                pot += amount
                out.actions.append((i, FIRST if street == 0 else SECOND, action, amount, bets[i], pot))
        seen = len(state.operations)
        street, bets, pot = state.street_index, list(state.bets), state.total_pot_amount
    if state.status:
        raise SkipHand("the actions stop before the hand is over")
    if any(len(hole) != HAND_SIZE for hole in out.holes):
        raise SkipHand(f"a player is not dealt {HAND_SIZE} cards")
    if any(d is not None and len(d) > MAX_DISCARDS for d in out.discarded):
        raise SkipHand(f"a player discards more than {MAX_DISCARDS} cards (D5)")
    out.final = list(state.stacks)
    return out


def _import_hand(entry, scale: int) -> tuple[list[tuple], list[tuple]]:
    """One hand table → its seat rows (``results.COLUMNS`` but game and hand) and action rows
    (``results.ACTION_COLUMNS`` but game, hand and seq); ``SkipHand`` naming why it cannot be imported."""
    hand = phh_files.hand_fields(entry, scale, VARIANT, "fixed-limit five-card draw", FIELDS[1:], SEATS, "D1")
    bets = {name: phh_files.chips(entry[name], scale, name) for name in ("small_bet", "big_bet")}
    if min(bets.values()) <= 0:
        raise SkipHand("small_bet and big_bet must be positive")
    fields = {"antes": hand.antes, "blinds_or_straddles": hand.blinds, "starting_stacks": hand.stacks, **bets}

    def replay() -> _Replay:  # the HandHistory inside the guard too: PokerKit may refuse the fields
        history = DrawHandHistory(variant=VARIANT, ante_trimming_status=hand.trimming, actions=hand.actions, **fields)
        return _replay(history, hand.n)

    replayed = phh_files.pokerkit_replay(replay)
    finals = [replayed.cards(i) for i in range(hand.n)]
    known = all(NO_CARD not in f for f, alive in zip(finals, replayed.live) if alive)
    strengths = [value(f) if alive else 0 for f, alive in zip(finals, replayed.live)] if known else None
    final = phh_files.settled(hand.stacks, replayed.final, replayed.pushed, replayed.live, strengths, hand.finishing)
    showdown = sum(replayed.live) > 1
    button = hand.seat_of[-1]  # the last player of PHH order
    player_of = {seat: k for k, seat in enumerate(hand.seat_of)}
    empty = [NO_CARD] * HAND_SIZE
    rows = []
    for seat in range(hand.table_size):
        k = player_of.get(seat)
        if k is None:
            rows.append((seat, "", button, False, 0, *empty, NO_DRAW, *empty, showdown, 0, 0))
            continue
        name = "" if hand.names is None else hand.names[k]
        gone = replayed.discarded[k]
        drew = NO_DRAW if gone is None else len(gone)
        start = hand.stacks[k]
        cards = (*replayed.holes[k], drew, *finals[k])
        rows.append((seat, name, button, True, start, *cards, showdown, final[k] - start, final[k]))
    seat_of = hand.seat_of
    actions = [
        (seat_of[k], street, action, results.draws_of(action), amount, to, pot)
        for k, street, action, amount, to, pot in replayed.actions
    ]
    return rows, actions


def import_hands(path, game: int = 0, limit: int = MAX_HANDS) -> ImportedFile:
    """Read the hands of the ``.phh`` or ``.phhs`` file ``path`` into rows of the draw tables (module
    docstring; ``sniper.games.poker52.phh_files.import_file``), with ``game`` in their ``game`` column and each
    hand's place in the file (from 0) in ``hand``.

    Each hand must be variant ``VARIANT`` with 2–6 players (D1); it is replayed by PokerKit
    (``DrawHandHistory``'s states, PokerKit's rules: the odd chips of a split pot all to the first winner,
    no rake) from its amounts scaled to whole chips. Hidden cards (``??``) are ``NO_CARD``; a discard of
    hidden cards takes the first hidden positions. A hand that is not ``VARIANT``, has a bad field, an
    amount finer than ``MAX_DECIMALS`` decimals or an unknown stack, cannot be replayed, stops before its
    end, discards more than 3 cards or a card the player does not hold, or has ``finishing_stacks`` that
    are neither PokerKit's final stacks nor GAMES.md's is skipped with one line "PATH: hand KEY: reason".
    Raises ``PhhError`` (one line) for a file that cannot be read at all (``phh_files.read_entries``).
    """
    return phh_files.import_file(path, game, limit, _import_hand, AMOUNTS, results.COLUMNS, results.ACTION_COLUMNS)


def read_phh(paths: Sequence) -> Imported:
    """The hands of the PHH files ``paths`` (``import_hands``; file ``g`` of ``paths`` is game ``g``) for a new
    run directory (``sniper.games.poker52.phh_files.read_files``: the draw tables, ``results.SCHEMA`` and
    ``results.ACTION_SCHEMA``, a label per seat, the files read, the skipped lines): ``GameSpec.importer`` of
    "draw" (``sniper import FILE.phh --game draw --out DIR``; ``sniper.runs.store.import_run`` writes them).
    Raises ``PhhError`` (one line) when no path is given, for a file ``import_hands`` refuses, for more than
    ``MAX_HANDS`` hands in all, and when no hand at all could be imported."""
    return phh_files.read_files(paths, import_hands)

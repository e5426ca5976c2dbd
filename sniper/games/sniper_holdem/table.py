"""Sniper Hold'em's ``TableState`` (``sniper.core.table``): one whole game (R3, R9, R12), written once.

``SniperTable`` deals each hand (``sniper.games.sniper_holdem.play.deal_hand``, R4, R13), plays it on the reference
engine
(``sniper.games.sniper_holdem.engine.HandState``), and between hands moves the chips, lets players leave (R2, R12), ends
the game (R9) or moves the first seat on (R3). ``sniper.games.sniper_holdem.play.play_game`` (a run's games), the
server's
rooms (``sniper.serve.table.Room``) and the env (``sniper.games.sniper_holdem.env``) all drive it.

The flat action numbering (``sniper.games.sniper_holdem.rules``' constants; the env's ``Discrete(68)``):

====================  =====================================================================
action                meaning
====================  =====================================================================
0–6                   the betting actions of R6, ``kernels.sniper_holdem.codes.Act``: fold, check, call,
                      +1, +3, +5, all-in
7 (``PASS_ACTION``)   pass in the snipe round (R7)
8–67                  ``SNIPE_ACTION + code``: name snipe ``code`` 0..59 (R7)
68 (``DEAL``)         deal the next hand: the one action when the current player is ``CHANCE``
====================  =====================================================================

>>> from sniper.games.sniper_holdem.rules import make_rules
>>> table = SniperTable(3, make_rules("ours", "10"), seed=1, game=0)
>>> table.current_player() == CHANCE, table.legal_actions()
(True, (68,))
>>> table.apply(DEAL); table.current_player(), table.legal_actions()
(0, (1, 3, 4, 5, 6))
>>> table.apply(9)
Traceback (most recent call last):
ValueError: action 9 (SNIPE_1) is not legal for seat 0 now; legal: CHECK, RAISE_1, RAISE_3, RAISE_5, ALL_IN
"""

import operator
from collections.abc import Sequence

from kernels.sniper_holdem.codes import N_SNIPES, PASS, Act
from sniper.core.rng import Stream
from sniper.core.table import CHANCE, TERMINAL
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.play import deal_hand, decision_stream, leave_table, next_first
from sniper.games.sniper_holdem.rules import DEAL, N_SEAT_ACTIONS, PASS_ACTION, SNIPE_ACTION, Rules

__all__ = ["CHANCE", "DEAL", "N_SEAT_ACTIONS", "PASS_ACTION", "SNIPE_ACTION", "TERMINAL", "SniperTable", "action_name"]

SNIPE_ACTIONS = tuple(range(PASS_ACTION, N_SEAT_ACTIONS))
"""The legal actions of every turn of the snipe round: pass or any of the 60 names (R7)."""


def action_name(action: int) -> str:
    """The name of a flat action (module docstring): ``Act`` names, "PASS", "SNIPE_<code>", "DEAL";
    ``repr`` of anything else."""
    if isinstance(action, int) and not isinstance(action, bool):
        if 0 <= action < PASS_ACTION:
            return Act(action).name
        if action == PASS_ACTION:
            return "PASS"
        if SNIPE_ACTION <= action < N_SEAT_ACTIONS:
            return f"SNIPE_{action - SNIPE_ACTION}"
        if action == DEAL:
            return "DEAL"
    return repr(action)


class SniperTable:
    """One game of Sniper Hold'em (R2–R13) as a ``sniper.core.table.TableState``.

    ``seats``: seats at the table; ``rules``: a ``sniper.games.sniper_holdem.rules.Rules``; ``seed``, ``game``: the
    run's seed and the game's number, which fix every deal and decision stream (R13). ``hand_limit``: the
    hands the game lasts at most (default ``rules.hands_per_game``; ``None``: until fewer than two
    players are left with chips, R9) — the server caps a "bust" game with it. ``stacks``, ``at_table``,
    ``first``, ``hand``: where the game stands before its next deal (default: a fresh game, every seat
    with ``rules.starting_stack`` chips, ``rules.first_seat``, hand 0); ``returns`` count from those stacks.

    Attributes: ``hand`` the current (or last) ``HandState`` (``None`` before the first deal) and
    ``hand_index`` its number in the game; ``hands`` the finished hands; ``stacks`` and ``at_table``
    every seat's chips and presence between hands (updated when a hand ends); ``ended`` why the game
    is over: "chips" (fewer than two players left with chips) or "hands" (the hand limit), else ``None``.
    """

    def __init__(
        self,
        seats: int,
        rules: Rules,
        seed: int,
        game: int,
        hand_limit: int | None = None,
        stacks: Sequence[int] | None = None,
        at_table: Sequence[bool] | None = None,
        first: int | None = None,
        hand: int = 0,
    ) -> None:
        self.n_seats, self.rules, self.seed, self.game = seats, rules, seed, game
        self.hand_limit = rules.hands_per_game if hand_limit is None else hand_limit
        self.stacks = list(stacks) if stacks is not None else [rules.starting_stack] * seats
        self.at_table = list(at_table) if at_table is not None else [True] * seats
        self.first = rules.first_seat % seats if first is None else first
        self._start = tuple(self.stacks)
        self._next = hand
        self.hand: HandState | None = None
        self.hand_index = hand
        self.hands: list[HandState] = []
        self.ended: str | None = None
        self._decisions = [0] * seats

    # ----- the TableState API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat whose decision the game waits for (the betting actor, R6, or the sniper, R7),
        ``CHANCE`` before each deal, ``TERMINAL`` once the game is over (R9)."""
        if self.ended is not None:
            return TERMINAL
        hand = self.hand
        if hand is None or hand.phase == Phase.DONE:
            return CHANCE
        return hand.sniper if hand.phase == Phase.SNIPE else hand.actor

    def legal_actions(self) -> tuple[int, ...]:
        """The flat actions legal now, sorted (module docstring): the actor's betting actions (R6),
        pass and the 60 snipes in the snipe round (R7), ``(DEAL,)`` at ``CHANCE``, ``()`` once over."""
        player = self.current_player()
        if player == TERMINAL:
            return ()
        if player == CHANCE:
            return (DEAL,)
        if self.hand.phase == Phase.SNIPE:
            return SNIPE_ACTIONS
        return tuple(int(a) for a in self.hand.legal_actions())

    def observe(self, seat: int) -> Observation:
        """What ``seat`` sees of the current hand (R10): ``sniper.games.sniper_holdem.observation.Observation.of``,
        the one place R10 is written. ``ValueError`` for a seat not at the table or before the first deal."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ValueError(f"seat must be 0-{self.n_seats - 1}, got {seat!r}")
        if self.hand is None:
            raise ValueError("no hand has been dealt yet")
        return Observation.of(self.hand, seat)

    def apply(self, action: int) -> None:
        """Apply the current player's flat ``action``: deal the next hand at ``CHANCE``, else the
        seat's betting action or snipe; a hand's last action settles it and moves the game on (R3,
        R9, R12). ``ValueError`` naming the action if it is not in ``legal_actions()``."""
        try:
            ok = not isinstance(action, bool) and self._is_legal(operator.index(action))
        except TypeError:
            ok = False
        if not ok:
            raise ValueError(self._illegal(action, self.legal_actions()))
        action = operator.index(action)
        if action == DEAL:
            self._deal()
            return
        hand, seat = self.hand, self.current_player()
        if hand.phase == Phase.SNIPE:
            hand.snipe(PASS if action == PASS_ACTION else action - SNIPE_ACTION)
        else:
            try:
                hand.act(Act(action))  # the engine checks the action first (R6) and changes nothing if illegal
            except ValueError:
                raise ValueError(self._illegal(action, self.legal_actions())) from None
        self._decisions[seat] += 1
        if hand.phase == Phase.DONE:
            self._end_hand()

    def _is_legal(self, action: int) -> bool:
        """Whether ``action`` can be in ``legal_actions()``, without building it (``apply`` runs on every
        decision): DEAL at ``CHANCE``, pass or a snipe in the snipe round, a betting action id in a
        betting round, whose legality ``HandState.act`` checks itself (R6)."""
        player = self.current_player()
        if player < 0:
            return player == CHANCE and action == DEAL
        if self.hand.phase == Phase.SNIPE:
            return PASS_ACTION <= action < N_SEAT_ACTIONS
        return 0 <= action < PASS_ACTION

    def is_over(self) -> bool:
        """Whether the game is over (R9): the hand limit reached or fewer than two players left with chips."""
        return self.ended is not None

    def returns(self) -> tuple[int, ...]:
        """Chips each seat has won (+) or lost (-) over the game's finished hands (R9), from the
        stacks it started with; they sum to 0 (chips are conserved)."""
        return tuple(now - start for now, start in zip(self.stacks, self._start))

    # ----- for the drivers ------------------------------------------------------------------

    def hand_over(self) -> bool:
        """Whether the current hand is finished (its result stands until the next deal)."""
        return self.hand is not None and self.hand.phase == Phase.DONE

    def stream(self) -> Stream:
        """The random stream of the current player's next decision of this hand (R13,
        ``sniper.games.sniper_holdem.play.decision_stream``); ``ValueError`` when no seat is to act."""
        seat = self.current_player()
        if seat < 0:
            raise ValueError("no seat is to act")
        return decision_stream(self.seed, self.game, self.hand_index, seat, self._decisions[seat])

    def action_of(self, choice: int) -> int:
        """The flat action of an agent's ``choice``: a betting action (``Act``) in a betting round, a
        snipe code 0..59 or ``PASS`` in the snipe round; ``ValueError`` when no seat is to act."""
        if self.current_player() < 0:
            raise ValueError("no seat is to act")
        if self.hand.phase == Phase.SNIPE:
            return PASS_ACTION if choice == PASS else SNIPE_ACTION + operator.index(choice)
        return int(Act(choice))

    # ----- internals --------------------------------------------------------------------------

    def _illegal(self, action: object, legal: tuple[int, ...]) -> str:
        name = action_name(action)
        shown = f"action {action!r}" + ("" if name == repr(action) else f" ({name})")
        player = self.current_player()
        if player == TERMINAL:
            return f"{shown} is not legal: the game is over"
        who = "at the deal" if player == CHANCE else f"for seat {player}"
        names = f"PASS, SNIPE_0..SNIPE_{N_SNIPES - 1}" if legal == SNIPE_ACTIONS else ", ".join(map(action_name, legal))
        return f"{shown} is not legal {who} now; legal: {names}"

    def _deal(self) -> None:
        self.hand_index = self._next
        self.hand = deal_hand(self.stacks, self.at_table, self.first, self.seed, self.game, self.hand_index, self.rules)
        self._decisions = [0] * self.n_seats

    def _end_hand(self) -> None:
        """Chips move, players leave (R2, R12), the game ends (R9) or the first seat moves on (R3)."""
        hand = self.hand
        self.hands.append(hand)
        self.stacks = list(hand.stacks_after)
        self.at_table = leave_table(self.stacks, self.at_table, self.rules)
        self._next = self.hand_index + 1
        eligible = [self.at_table[s] and self.stacks[s] > 0 for s in range(self.n_seats)]
        if sum(eligible) < 2:
            self.ended = "chips"
        elif self.hand_limit is not None and self._next >= self.hand_limit:
            self.ended = "hands"
        else:
            self.first = next_first(self.first, eligible)

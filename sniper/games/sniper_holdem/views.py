"""What a seat is told about a hand: the one place where the server turns engine state into JSON (R10).

``hand_view(state, seat)`` is a pure function of what R10 lets ``seat`` know: its own private
cards, the face-up board and its legal actions as ``sniper.games.sniper_holdem.observation.Observation.of`` gives them
(the one truth of what a seat may see), the public history (actions, snipes, stacks, who is
first) and, once the hand is settled at a showdown, the hands shown there. Other seats' private
cards appear only in ``result.showdown`` and only for seats that reached the showdown; a hand won
because everyone else folded shows no cards, and the two board cards never turned stay hidden
(``HandState.visible``, R4, R10).

The wire names of actions (``ACTION_NAMES``) and the JSON shapes are documented in
``docs/serve-protocol.md``; ``sniper.serve.bot.observation_of`` turns a view back into the
``Observation`` an ``Agent`` decides from.
"""

from kernels.sniper_holdem.codes import ACT_NAMES, PASS, Act
from sniper.games.sniper_holdem.agents import made_category
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.hands import ALL_SNIPES, CATEGORY_NAMES, best_hand
from sniper.games.sniper_holdem.observation import Observation

ACTION_NAMES: dict[Act, str] = {act: ACT_NAMES[act] for act in Act if act <= Act.ALL_IN}
"""Wire names of the betting actions of R6 (``act`` messages, ``bets`` entries): the hand-history names."""
ACTIONS_BY_NAME = {name: act for act, name in ACTION_NAMES.items()}

PHASE_NAMES = {Phase.BETTING_1: "betting 1", Phase.BETTING_2: "betting 2", Phase.SNIPE: "snipe", Phase.DONE: "done"}
"""Wire names of a hand's phases (R4)."""

SNIPE_NAMES = [str(snipe) for snipe in ALL_SNIPES]
"""The 60 snipe names of R7 by code, e.g. ``SNIPE_NAMES[code] == "9 full house"``."""


def snipe_name(code: int) -> str | None:
    """The name of snipe ``code`` (0..59), ``None`` for ``PASS`` (R7)."""
    return None if code == PASS else SNIPE_NAMES[code]


def to_act(state: HandState) -> int | None:
    """The seat whose decision the hand waits for: the betting actor or the sniper (R6, R7)."""
    return state.sniper if state.phase == Phase.SNIPE else state.actor


def best_so_far(private: tuple[int, int], board: tuple[int, ...], snipes) -> dict:
    """The "Show my best hand" helper (R11): the seat's best hand from its cards and the face-up board.

    With 4 board cards, the best 5 of 6 (R8), ``final`` true, and ``sniped_by`` the seats whose
    snipe names it (R7). With 2, the sets and pairs of the 4 cards seen so far (``final`` false).
    Returns ``{"name": "7 full house", "final": bool, "sniped_by": [seat, …]}``.
    """
    if len(board) == 4:
        hand = best_hand(private, board)
        code = next((s.code for s in ALL_SNIPES if s.matches(hand)), PASS)
        hit = [r.seat for r in snipes if r.code != PASS and r.code == code]
        return {"name": hand.name, "final": True, "sniped_by": hit}
    cards = (*private, *board)
    category = made_category(cards)
    counts = {n: cards.count(n) for n in set(cards)}
    grouped = sorted(counts, key=lambda n: (counts[n], n), reverse=True)
    return {"name": f"{grouped[0]} {CATEGORY_NAMES[category]}", "final": False, "sniped_by": []}


def hand_view(state: HandState, seat: int, hand: int = 0) -> dict:
    """What ``seat`` may know of ``state`` (R10), as plain JSON data (schema: docs/serve-protocol.md).

    ``hand`` is the hand's index in the game. ``legal`` lists the seat's legal betting actions when
    it is that seat's turn to bet, else is empty; ``options`` gives each of them with the chips it
    puts in and B after it (R6). ``to_call`` is the chips the seat must put in to stay in the hand
    now (R6 ``B - r[p]``), 0 when it owes nothing, is out of the hand, or the betting is over.
    ``result`` is ``None`` until the hand is done;
    then it holds the payout and stacks after the hand (chips, one per seat), the winners and,
    after a showdown only, each showdown seat's private cards, hand and whether it was sniped.
    """
    done = state.phase == Phase.DONE
    seen = Observation.of(state, seat)  # the one truth of what the seat may see (R10)
    board, legal = seen.board, seen.legal
    acting = to_act(state)
    private = seen.private or None
    view = {
        "hand": hand,
        "first": state.first,
        "phase": PHASE_NAMES[state.phase],
        "board": list(board),
        "stacks": list(state.stacks),
        "dealt_in": list(state.in_play),
        "committed": list(state.committed),
        "round_put": list(state.round_put),
        "folded": list(state.folded),
        "pot": state.pot,
        "cap": state.cap,
        "level": state.level,
        "to_act": acting,
        "turn_kind": None if acting is None else ("snipe" if state.phase == Phase.SNIPE else "bet"),
        "legal": [ACTION_NAMES[a] for a in legal],
        "options": [_option(state, a) for a in legal],
        "to_call": _to_call(state, seat),
        "bets": [
            {
                "seat": b.seat,
                "action": ACTION_NAMES[b.action],
                "chips": b.chips,
                "round": b.round,
                "level_after": b.level_after,
                "cap": b.cap,
            }
            for b in state.bets
        ],
        "snipes": [{"seat": r.seat, "code": r.code, "name": snipe_name(r.code)} for r in state.snipes],
        "private": list(private) if private is not None else None,
        "best": best_so_far(private, board, state.snipes) if private is not None else None,
        "result": _result(state) if done else None,
    }
    return view


def _option(state: HandState, action) -> dict:
    """A legal betting action of the actor with the chips it puts in and B after it (R6)."""
    chips = state.chips_for(action)
    level_after = max(state.level, state.round_put[state.actor] + chips)
    return {"action": ACTION_NAMES[action], "chips": chips, "level_after": level_after}


def _to_call(state: HandState, seat: int) -> int:
    """Chips ``seat`` owes to stay in (R6): ``B - r[p]`` while it bets in this hand, else 0 (R5: never past the cap)."""
    betting = state.phase in (Phase.BETTING_1, Phase.BETTING_2)
    if not betting or not state.in_play[seat] or state.folded[seat]:
        return 0
    return max(0, min(state.owed(seat), state.cap - state.committed[seat]))


def _result(state: HandState) -> dict:
    """The settled hand: payouts and stacks for all; cards only of showdown seats (R8, R10)."""
    winners = list(state.result.winners) if state.result else list(state.live)
    showdown = None
    if state.result is not None:
        showdown = [
            {
                "seat": s,
                "private": list(state.private[s]),
                "hand": state.result.hands[s].name,
                "sniped": bool(state.result.sniped[s]),
            }
            for s in state.live
        ]
    return {
        "payout": list(state.payout),
        "stacks_after": list(state.stacks_after),
        "winners": winners,
        "showdown": showdown,
    }

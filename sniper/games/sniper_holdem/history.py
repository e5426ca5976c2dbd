"""Hand histories: one hand as a poker client shows it, from a run's tables or from a replay (R4–R9).

A ``HandHistory`` is built from the rows a run stores for one hand — its hands-table rows (one per
seat, ``sniper.games.sniper_holdem.results.COLUMNS``) and its actions-table rows
(``sniper.games.sniper_holdem.results.ACTION_COLUMNS``) —
so the same object comes from a run directory (``replay``) or from a hand just played by the
reference engine (``play_hand``, ``HandHistory.from_state``). It renders as text (``str``), as an
HTML table in notebooks, as JSON (``to_dict``) and in the PHH format of PokerKit (``to_phh``; the
dialect for what PHH lacks is in ``docs/PHH.md``).

>>> h = play_hand(["easy", "hard", "hard"], seed=1, game=0, hand=0)
>>> h.seats[["seat", "agent", "stack_before"]].values.tolist()
[[0, 'easy', 60], [1, 'hard', 60], [2, 'hard', 60]]
>>> int(h.seats["net"].sum())
0
"""

import html
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from kernels.sniper_holdem.codes import ACT_NAMES, PASS, SNIPE_ROUND, Act, Category
from sniper.core.inputs import parse_games
from sniper.core.toml import phhs_text, toml_value
from sniper.games.sniper_holdem.engine import HandState
from sniper.games.sniper_holdem.hands import CATEGORY_NAMES, Snipe
from sniper.games.sniper_holdem.results import ACTION_COLUMNS, action_rows, hand_rows

FORMATS = ("text", "phh", "json")


class SeatLine(NamedTuple):
    """One seat of a hand: the hands-table columns of that seat (``sniper.games.sniper_holdem.results.COLUMNS``)."""

    seat: int
    agent: str
    dealt_in: bool
    stack_before: int
    private_1: int
    private_2: int
    put_round_1: int
    put_round_2: int
    folded_round: int
    snipe: int
    category: int
    top: int
    showdown: bool
    sniped: bool
    payout: int
    net: int
    stack_after: int


class ActionLine(NamedTuple):
    """One action of a hand: the actions-table columns but game and hand (``ACTION_COLUMNS``)."""

    seq: int
    seat: int
    round: int
    action: int
    chips: int
    level_after: int
    cap: int
    snipe: int


SEAT_FIELDS = SeatLine._fields
ACTION_FIELDS = ActionLine._fields
CATEGORY_CODES = {Category.FOUR_OF_A_KIND: "4K", Category.FULL_HOUSE: "FH", Category.STRAIGHT: "ST"}
CATEGORY_CODES |= {Category.THREE_OF_A_KIND: "3K", Category.TWO_PAIR: "2P", Category.ONE_PAIR: "1P"}
CATEGORY_CODES |= {Category.HIGH_CARD: "HC"}
"""Short category codes of the PHH dialect's snipe action (``docs/PHH.md``)."""


def snipe_name(code: int) -> str:
    """The name of snipe ``code`` ("9 full house"), or "pass" for ``PASS`` (R7)."""
    return "pass" if code == PASS else str(Snipe.from_code(code))


@dataclass(frozen=True)
class HandHistory:
    """One hand of a game: who sat where with how many chips, the cards, every action, the result.

    ``seat_lines``: one ``SeatLine`` per seat (seat order); ``action_lines``: one ``ActionLine``
    per action in the order played; ``board``: all four community cards; ``first``: the hand's
    first player (R3); ``seed``, ``game``, ``hand``: its R13 key (``seed`` is ``None`` when unknown: a served
    game recorded after a crash, ``sniper.serve.record``); ``rules``: the rule preset name. Chips are
    integers. ``seats`` and ``actions`` give the lines as DataFrames.
    """

    seed: int | None
    game: int
    hand: int
    first: int
    board: tuple[int, int, int, int]
    seat_lines: tuple[SeatLine, ...]
    action_lines: tuple[ActionLine, ...]
    rules: str = "ours"

    @classmethod
    def from_columns(
        cls, hand_cols: dict[str, Sequence], action_cols: dict[str, Sequence], seed: int, rules: str = "ours"
    ) -> "HandHistory":
        """From one hand's hands-table columns (one entry per seat, seat order) and actions-table
        columns (one entry per action, ``seq`` order), as ``sniper.runs.results`` names them.

        Raises ``ValueError`` when the rows are not exactly one hand.
        """
        seats = [SeatLine(*(_plain(hand_cols[f][i]) for f in SEAT_FIELDS)) for i in range(len(hand_cols["seat"]))]
        n_actions = len(action_cols["seq"])
        actions = [ActionLine(*(_plain(action_cols[f][i]) for f in ACTION_FIELDS)) for i in range(n_actions)]
        if not seats or [s.seat for s in seats] != list(range(len(seats))):
            raise ValueError("a hand history needs one hands-table row per seat, in seat order")
        if [a.seq for a in actions] != list(range(len(actions))):
            raise ValueError("a hand history needs the hand's actions in seq order")
        keys = {(int(hand_cols["game"][i]), int(hand_cols["hand"][i])) for i in range(len(seats))}
        if len(keys) != 1:
            raise ValueError(f"the rows describe {len(keys)} hands, not one")
        ((game, hand),) = keys
        board = tuple(int(hand_cols[f"board_{k}"][0]) for k in range(1, 5))
        key = None if seed is None else int(seed)
        return cls(key, game, hand, int(hand_cols["first_seat"][0]), board, tuple(seats), tuple(actions), rules)

    @classmethod
    def from_state(
        cls, state: HandState, game: int, hand: int, agents: Sequence[str], seed: int, rules: str = "ours"
    ) -> "HandHistory":
        """From a finished reference-engine hand (``sniper.games.sniper_holdem.play.play_hand``), through the same rows
        a run stores (``sniper.games.sniper_holdem.results.hand_rows`` and ``action_rows``)."""
        return cls.from_columns(hand_rows(state, game, hand, list(agents)), action_rows(state, game, hand), seed, rules)

    # ----- views ---------------------------------------------------------------------------

    @property
    def seats(self) -> pd.DataFrame:
        """One row per seat: the ``SeatLine`` fields (hands-table columns)."""
        return pd.DataFrame(self.seat_lines, columns=list(SEAT_FIELDS))

    @property
    def actions(self) -> pd.DataFrame:
        """One row per action (actions-table columns without game and hand), plus ``name``."""
        frame = pd.DataFrame(self.action_lines, columns=list(ACTION_FIELDS))
        frame["name"] = [_action_text(a) for a in self.action_lines]
        return frame

    @property
    def pot(self) -> int:
        """All chips put in, antes included: the chips paid out (R4, R8)."""
        return sum(s.payout for s in self.seat_lines)

    @property
    def ended_by_fold(self) -> bool:
        """Whether all but one player folded, so there was no snipe round or showdown (R4)."""
        return not any(s.showdown for s in self.seat_lines)

    def _turned(self) -> int:
        """Community cards turned face up: 2 if the hand ended in betting round 1, else 4 (R4)."""
        if self.ended_by_fold and all(a.round == 1 for a in self.action_lines):
            return 2
        return 4

    def _odd_chips(self) -> dict[int, int]:
        """Seat → odd chips of a split pot (R8): winners paid one more than the smallest share."""
        winners = [s for s in self.seat_lines if s.payout > 0]
        if len(winners) < 2:
            return {}
        low = min(s.payout for s in winners)
        return {s.seat: s.payout - low for s in winners if s.payout > low}

    def __str__(self) -> str:
        """The hand as a poker client's text hand history (every private card shown: a simulation log)."""
        lines = [f"Sniper Hold'em - seed {self._seed_text}, game {self.game}, hand {self.hand} (rules: {self.rules})"]
        dealt = [s for s in self.seat_lines if s.dealt_in]
        for s in self.seat_lines:
            mark = " - first" if s.seat == self.first else "" if s.dealt_in else " - not dealt in"
            lines.append(f"Seat {s.seat}: {s.agent} ({s.stack_before} chips){mark}")
        lines.append(f"Antes: 1 chip from each of {len(dealt)} players; pot {len(dealt)}")
        lines.append("*** PRIVATE CARDS ***")
        lines += [f"Seat {s.seat}: [{s.private_1} {s.private_2}]" for s in _in_order(dealt, self.first)]
        turned = self._turned()
        lines.append(f"*** ROUND 1 *** board [{_cards(self.board[:2])}]")
        shown_round = 1
        for a in self.action_lines:
            if a.round == 2 and shown_round < 2:
                lines.append(f"*** ROUND 2 *** board [{_cards(self.board[:2])}] [{_cards(self.board[2:])}]")
                shown_round = 2
            if a.round == SNIPE_ROUND and shown_round < SNIPE_ROUND:
                if shown_round < 2:
                    lines.append(f"board [{_cards(self.board)}] (betting skipped: no one can act with effect, R6)")
                lines.append(f"*** SNIPES *** (cap {a.cap})")
                shown_round = SNIPE_ROUND
            lines.append(f"Seat {a.seat}: {_action_text(a)}")
        if turned == 4 and shown_round < 2:
            lines.append(f"board [{_cards(self.board)}] (betting skipped: no one can act with effect, R6)")
        if self.ended_by_fold:
            (winner,) = [s for s in self.seat_lines if s.payout > 0]
            lines.append(f"*** RESULT *** seat {winner.seat} takes the pot of {self.pot} uncontested (no cards shown)")
        else:
            lines.append(f"*** SHOWDOWN *** board [{_cards(self.board)}], pot {self.pot}")
            odd = self._odd_chips()
            for s in _in_order([s for s in self.seat_lines if s.showdown], self.first):
                made = f"{s.top} {CATEGORY_NAMES[Category(s.category)]}"
                fate = "sniped" if s.sniped else f"wins {s.payout}" if s.payout else "loses"
                extra = f" (incl. {odd[s.seat]} odd chip)" if s.seat in odd else ""
                lines.append(f"Seat {s.seat}: [{s.private_1} {s.private_2}] {made} - {fate}{extra}")
        lines.append("*** STACKS ***")
        lines += [f"Seat {s.seat}: {s.stack_after} chips ({s.net:+d})" for s in self.seat_lines]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A compact HTML table for notebooks: one row per seat, the actions in one cell per round."""
        head = "<tr><th>seat</th><th>agent</th><th>stack</th><th>cards</th><th>round 1</th><th>round 2</th>"
        head += "<th>snipe</th><th>hand</th><th>net</th></tr>"
        rows = []
        for s in self.seat_lines:
            per_round = {
                r: ", ".join(_action_text(a) for a in self.action_lines if a.seat == s.seat and a.round == r)
                for r in (1, 2, SNIPE_ROUND)
            }
            made = f"{s.top} {CATEGORY_NAMES[Category(s.category)]}" if s.showdown else ""
            made += " (sniped)" if s.sniped else ""
            cells = [s.seat, s.agent, s.stack_before, f"{s.private_1} {s.private_2}" if s.dealt_in else ""]
            cells += [per_round[1], per_round[2], per_round[SNIPE_ROUND], made, f"{s.net:+d}"]
            rows.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
        caption = f"seed {self._seed_text}, game {self.game}, hand {self.hand}: board {_cards(self.board)}, "
        caption += f"pot {self.pot}"
        return f"<table><caption>{html.escape(caption)}</caption>{head}{''.join(rows)}</table>"

    def to_dict(self) -> dict:
        """Plain JSON data: the key, board, seats and actions (lists of column → value dicts)."""
        return {
            "seed": self.seed,
            "game": self.game,
            "hand": self.hand,
            "rules": self.rules,
            "first_seat": self.first,
            "board": list(self.board),
            "pot": self.pot,
            "seats": [s._asdict() for s in self.seat_lines],
            "actions": [{**a._asdict(), "name": _action_text(a)} for a in self.action_lines],
        }

    def to_json(self) -> str:
        """``to_dict`` as strict, indented JSON."""
        return json.dumps(self.to_dict(), indent=2, allow_nan=False)

    def to_phh(self) -> str:
        """The hand in PokerKit's PHH format (TOML) with this project's dialect (``docs/PHH.md``).

        Players ``p1..pK`` are the seats dealt in, in betting order from the first player (R3);
        ``_seats`` maps them to seat indices. Cards are numbers ``1``–``9`` and ``T`` (10) with
        the unknown suit ``?``. ``cbr`` takes the round's new level B (a "raise to", R6); every
        betting action carries ``# cap C``; a snipe is ``pN sn FH9`` (category code and top
        number), a pass ``pN sn -``. Valid TOML 1.0 for every name (``toml_string``); ``_seed`` is a
        decimal string, as R13 seeds reach 2^64-1 and TOML integers stop at 2^63-1. Raises
        ``ValueError`` for a name holding a lone surrogate (no TOML file can hold one).
        """
        players = _in_order([s for s in self.seat_lines if s.dealt_in], self.first)
        index = {s.seat: k + 1 for k, s in enumerate(players)}
        actions = [f"d dh p{index[s.seat]} {_phh_cards((s.private_1, s.private_2))}" for s in players]
        actions.append(f"d db {_phh_cards(self.board[:2])}")
        turned = 2
        for a in self.action_lines:
            if a.round >= 2 and turned == 2:
                actions.append(f"d db {_phh_cards(self.board[2:])}")
                turned = 4
            actor = f"p{index[a.seat]}"
            if a.round == SNIPE_ROUND:
                text = f"{actor} sn -" if a.action == Act.PASS else f"{actor} sn {_snipe_code_text(a.snipe)}"
                actions.append(f"{text} # {snipe_name(a.snipe)}")
            elif a.action == Act.FOLD:
                actions.append(f"{actor} f # cap {a.cap}")
            elif a.action in (Act.CHECK, Act.CALL):
                actions.append(f"{actor} cc # cap {a.cap}")
            else:
                actions.append(f"{actor} cbr {a.level_after} # {ACT_NAMES[a.action]}, cap {a.cap}")
        if turned == 2 and self._turned() == 4:
            actions.append(f"d db {_phh_cards(self.board[2:])}")
        if not self.ended_by_fold:
            for s in players:
                if s.showdown:
                    actions.append(f"p{index[s.seat]} sm {_phh_cards((s.private_1, s.private_2))}")
        fields = {
            "variant": "SNH",
            "ante_trimming_status": False,
            "antes": [1] * len(players),
            "blinds_or_straddles": [0] * len(players),
            "min_bet": 1,
            "starting_stacks": [s.stack_before for s in players],
            "actions": actions,
            "players": [s.agent for s in players],
            "seats": [s.seat + 1 for s in players],
            "seat_count": len(self.seat_lines),
            "hand": self.hand,
            "table": self.game,
            "finishing_stacks": [s.stack_after for s in players],
            "winnings": [s.payout for s in players],
            "_seed": None if self.seed is None else str(self.seed),
            "_game": self.game,
            "_rules": self.rules,
            "_first_seat": self.first,
            "_caps": sorted({a.cap for a in self.action_lines}),
            "_sniped": [s.sniped for s in players],
        }
        return "\n".join(f"{key} = {toml_value(value)}" for key, value in fields.items() if value is not None) + "\n"

    @property
    def _seed_text(self) -> str:
        return "unknown" if self.seed is None else str(self.seed)

    def render(self, fmt: str = "text") -> str:
        """The hand as ``fmt``: "text" (``str``), "phh" (``to_phh``) or "json" (``to_json``)."""
        if fmt == "text":
            return str(self)
        if fmt == "phh":
            return self.to_phh()
        if fmt == "json":
            return self.to_json()
        raise ValueError(f"unknown format {fmt!r}; valid: {', '.join(FORMATS)}")


def _plain(value):
    """numpy scalars → Python ints, bools and strs, so histories from tables and states compare equal."""
    if isinstance(value, str):
        return value
    if hasattr(value, "item"):
        value = value.item()
    return value


def _in_order(seats: Iterable[SeatLine], first: int) -> list[SeatLine]:
    """Seats in betting order from the first player (R3): seat indices from ``first`` up, then wrapped."""
    return sorted(seats, key=lambda s: (s.seat < first, s.seat))


def _cards(cards: Iterable[int]) -> str:
    return " ".join(map(str, cards))


def _phh_cards(cards: Iterable[int]) -> str:
    return "".join(("T" if c == 10 else str(c)) + "?" for c in cards)


def _snipe_code_text(code: int) -> str:
    snipe = Snipe.from_code(code)
    return f"{CATEGORY_CODES[snipe.category]}{snipe.top}"


def _action_text(a: ActionLine) -> str:
    """ "+3 (puts in 4; level 3, cap 60)", "call 2", "fold", "snipes 9 full house", "passes"."""
    if a.round == SNIPE_ROUND:
        return "passes" if a.action == Act.PASS else f"snipes {snipe_name(a.snipe)}"
    name = ACT_NAMES[a.action]
    if a.action in (Act.FOLD, Act.CHECK):
        return name
    if a.action == Act.CALL:
        return f"call {a.chips}"
    return f"{name} (puts in {a.chips}; level {a.level_after}, cap {a.cap})"


# ----- from a run directory or a fresh replay ---------------------------------------------


def replay(out, game: int, hand: int) -> HandHistory:
    """Hand ``hand`` of game ``game`` of the run in ``out``, from its hands and actions tables.

    Equals ``play_hand`` with the run's agents, rules and seed (tested). Raises
    ``sniper.runs.config.RunDirError`` when ``out`` is not a readable run and ``LookupError`` naming the
    run's games or the game's hands when there is no such hand.
    """
    return histories(out, [game], hand)[0]


def histories(out, games: Sequence[int], hand: int | None = None) -> list[HandHistory]:
    """Every hand (or only hand ``hand``) of ``games`` of the run in ``out``, in game and hand order.

    Raises ``LookupError`` naming the valid range when a game (or the hand) is not in the run.
    """
    from sniper.runs.config import RunConfig
    from sniper.runs.rundir import load_manifest
    from sniper.runs.store import read_run

    manifest = load_manifest(out)
    config = RunConfig.from_dict(manifest["config"], manifest["game"])
    total = int(manifest.get("games", 0))
    if isinstance(games, range) and games.step == 1:  # bounds pushed down: a range may be far longer than the run
        filters = [("game", ">=", games.start), ("game", "<", games.stop)]
    else:
        filters = [("game", "in", [int(g) for g in games])]
    filters += [("hand", "=", int(hand))] if hand is not None else []
    seats = read_run(out, "hands", filters=filters)
    acts = read_run(out, "actions", filters=filters)
    present = set(seats["game"].unique())
    missing = next(([int(g)] for g in games if int(g) not in present), [])  # stops at the first missing game
    if missing and hand is not None and 0 <= missing[0] < total:
        count = read_run(out, "hands", columns=["hand"], filters=[("game", "=", missing[0])])["hand"].max() + 1
        raise LookupError(f"game {missing[0]} of {out} has hands 0-{count - 1}, not {hand}")
    if missing:
        raise LookupError(f"{out} has games 0-{total - 1}; game {missing[0]} is not in it")
    by_hand = {key: frame for key, frame in acts.groupby(["game", "hand"], sort=False)}
    empty = {name: [] for name in ACTION_COLUMNS}
    out_list = []
    for key, frame in seats.groupby(["game", "hand"], sort=True):
        moves = by_hand.get(key)
        moves = empty if moves is None else moves.sort_values("seq").to_dict("list")
        out_list.append(HandHistory.from_columns(frame.to_dict("list"), moves, config.seed, config.rules.name))
    return out_list


def play_game(agents: Sequence[str], seed: int = 0, game: int = 0, rules=None) -> list[HandHistory]:
    """Every hand of game ``game`` of run ``seed`` played by the reference engine with ``agents``
    (specs, one per seat; ``rules``: a ``sniper.games.sniper_holdem.rules.Rules``, default ours with 20-hand games).

    Raises ``ValueError`` for invalid specs.
    """
    from sniper.games.sniper_holdem.parameters import make_agent
    from sniper.games.sniper_holdem.play import play_game as play
    from sniper.games.sniper_holdem.rules import Rules

    rules = rules or Rules()
    players = [make_agent(spec) for spec in agents]
    return [
        HandHistory.from_state(state, game, hand, agents, seed, rules.name)
        for hand, state in enumerate(play(players, seed, game, rules))
    ]


def play_hand(agents: Sequence[str], seed: int = 0, game: int = 0, hand: int = 0, rules=None) -> HandHistory:
    """Hand ``hand`` of game ``game`` of run ``seed``, played by the reference engine (the hands
    before it are played too: they set the stacks). ``LookupError`` if the game ends sooner;
    ``ValueError`` if ``seed`` (0..2^64-1), ``game`` (0..2^63-1) or ``hand`` (0..32767, the int16
    hand column) is out of range or not an integer."""
    from itertools import islice

    from sniper.games.sniper_holdem.parameters import make_agent
    from sniper.games.sniper_holdem.play import play_game as play
    from sniper.games.sniper_holdem.rules import Rules

    for name, value, top in (("seed", seed, 2**64 - 1), ("game", game, 2**63 - 1), ("hand", hand, 2**15 - 1)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= top:
            raise ValueError(f"{name} must be an integer from 0 to {top}, got {value!r}")
    rules = rules or Rules()
    players = [make_agent(spec) for spec in agents]
    for index, state in islice(enumerate(play(players, seed, game, rules)), hand, None):
        return HandHistory.from_state(state, game, index, agents, seed, rules.name)
    raise LookupError(f"game {game} of seed {seed} ends before hand {hand}")


def export_phhs(out, path, games: Sequence[int]) -> int:
    """Write every hand of ``games`` of the run in ``out`` to ``path`` as one ``.phhs`` file (PHH
    hands as TOML tables ``[1]``, ``[2]``, …, written to a temporary file then renamed).

    Returns the number of hands written. Raises as ``histories``.
    """
    from sniper.runs.atomic import write_atomic

    hands = histories(out, games)
    text = phhs_text(h.to_phh() for h in hands)
    write_atomic(Path(path), lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return len(hands)


def replay_command(out, game: int | None, hand: int | None, fmt: str = "text", export=None, games=None) -> str:
    """What ``sniper replay`` prints: hand ``hand`` of game ``game`` of the run in ``out`` rendered as
    ``fmt`` (``HandHistory.render``), or, with ``export`` (a path) and ``games`` ("0-99"), the
    line saying how many hands ``export_phhs`` wrote. Raises ``ValueError`` (one line) for a
    missing or contradictory option, an unknown format, an export file that exists already, or a
    run this version cannot read, and
    ``LookupError`` naming the valid range for a game or hand not in the run.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown --format {fmt!r}; valid: {', '.join(FORMATS)}")
    if export is not None:
        if games is None:
            raise ValueError("--export needs --games, e.g. --games 0-99")
        if game is not None or hand is not None:
            raise ValueError("give --export with --games, or --game-index with --hand, not both")
        chosen = parse_games(games)
        if Path(export).exists():
            raise ValueError(f"{export} already exists; give a new file (an export never overwrites)")
        count = export_phhs(out, export, chosen)
        return f"wrote {count} hands of games {chosen.start}-{chosen.stop - 1} to {export}"
    if games is not None:
        raise ValueError("--games goes with --export FILE.phhs")
    if game is None or hand is None:
        raise ValueError("give --game-index and --hand (or --export FILE.phhs --games 0-99)")
    if game < 0 or hand < 0:
        raise ValueError(f"--game-index and --hand count from 0, got game {game}, hand {hand}")
    return replay(out, game, hand).render(fmt)

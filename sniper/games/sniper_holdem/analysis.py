"""Strategy analysis of Sniper Hold'em's results frames: the helpers its notebooks share (R3–R9, R13).

Every function takes or returns a pandas frame of results rows (one row per seat per hand,
``sniper.games.sniper_holdem.results.SCHEMA``), or a duel's (``sniper.arena.analysis.duel_rows``: with
``seating`` and ``role``), and estimates with the cluster-robust intervals of ``sniper.core.analysis``.
"""

import numpy as np
import pandas as pd

from sniper.core.analysis import clustered_ratio, hand_keys
from sniper.games.sniper_holdem.summary import held_snipe_codes, snipe_hits

STYLES = ("raised in round 2", "raised in round 1 only", "called, never raised", "checked through")
"""Betting styles of ``betting_style``, loudest first."""
TEXTURES = ("three or four of a number", "two pairs", "one pair", "four in a row", "no pair, no run")
"""Board textures of ``board_texture``, most to least specific."""


def edge_parts(rows: pd.DataFrame) -> pd.DataFrame:
    """Where A's chips come from in a duel frame: net chips per hand split into parts, 95% CIs.

    Parts (chips per hand, hands counted once per seating as in ``sniper.arena.duel``), summing to the
    duel's ``net_per_hand``: pots won at a showdown, pots won uncontested, minus antes, minus chips
    put in betting round 1, minus round 2. A's seats only: B's seats have parts of their own (both
    pay antes), and only the nets are opposite (chips are conserved, R9).
    """
    a = (rows["role"] == "A").to_numpy()
    won = rows["payout"].to_numpy()
    shown = rows["showdown"].to_numpy()
    parts = {
        "pots won at a showdown": won * shown,
        "pots won uncontested": won * ~shown,
        "antes": -rows["ante"].to_numpy(),
        "put in round 1": -rows["put_round_1"].to_numpy(),
        "put in round 2": -rows["put_round_2"].to_numpy(),
    }
    per_hand = 1.0 / rows.groupby(hand_keys(rows))["seat"].transform("size").to_numpy()
    frames = []
    for name, part in parts.items():
        total = clustered_ratio(rows, part * a, per_hand)
        frames.append(total.assign(part=name))
    net = clustered_ratio(rows, rows["net"].to_numpy() * a, per_hand).assign(part="net")
    return pd.concat([*frames, net], ignore_index=True)[["part", "estimate", "ci95_low", "ci95_high", "clusters"]]


def snipe_order(frame: pd.DataFrame) -> pd.Series:
    """Each row's place in its hand's snipe round (R3, R7): 0 = first to snipe; -1 off the showdown.

    Players at the showdown snipe clockwise from the first player (``first_seat``) or the next
    one still in. Int8 series aligned with ``frame``.
    """
    n_seats = frame.groupby(hand_keys(frame))["seat"].transform("size").to_numpy()
    clockwise = (frame["seat"].to_numpy() - frame["first_seat"].to_numpy()) % n_seats
    shown = frame["showdown"].to_numpy()
    order = pd.Series(np.where(shown, clockwise, 99), index=frame.index)
    rank = order.groupby([frame[k] for k in hand_keys(frame)]).rank(method="first") - 1
    return pd.Series(np.where(shown, rank, -1), index=frame.index, dtype=np.int8)


def stack_columns(frame: pd.DataFrame) -> pd.DataFrame:
    """Stack and cap facts of each row (R5), a frame aligned with ``frame``.

    Columns: ``stack_rank`` (0 = the shortest stack dealt in, ties share the lower rank; -1 if not
    dealt in), ``short`` (the row holds the smallest stack dealt in), ``cap`` (chips: the cap at the
    start, smallest stack before the ante among those dealt in), ``final_cap`` (the cap over those
    who did not fold), ``committed`` (ante plus chips put in both rounds).
    """
    keys = [frame[k] for k in hand_keys(frame)]
    dealt = frame["dealt_in"].to_numpy()
    stack = frame["stack_before"].astype(np.float64).where(dealt)
    rank = stack.groupby(keys).rank(method="min") - 1
    cap = stack.groupby(keys).transform("min")
    still = stack.where(frame["folded_round"].to_numpy() == 0)
    return pd.DataFrame(
        {
            "stack_rank": rank.fillna(-1).astype(np.int8),
            "short": dealt & (stack == cap).to_numpy(),
            "cap": cap.astype(np.int16),
            "final_cap": still.groupby(keys).transform("min").fillna(cap).astype(np.int16),
            "committed": (frame["ante"] + frame["put_round_1"] + frame["put_round_2"]).astype(np.int16),
        },
        index=frame.index,
    )


def board_texture(frame: pd.DataFrame) -> pd.Series:
    """The texture of each row's four community cards, one of ``TEXTURES`` (categorical series).

    "three or four of a number" (a set on the board), "two pairs", "one pair", "four in a row"
    (four consecutive numbers: a straight needs one more card, R8 no wrap), else "no pair, no run".
    """
    board = np.sort(frame[["board_1", "board_2", "board_3", "board_4"]].to_numpy(), axis=1)
    same = board[:, 1:] == board[:, :-1]
    triple = (same[:, :-1] & same[:, 1:]).any(axis=1)
    pairs = same.sum(axis=1)
    run = (np.diff(board, axis=1) == 1).all(axis=1)
    label = np.select(
        [triple, pairs == 2, pairs == 1, run],
        TEXTURES[:4],
        TEXTURES[4],
    )
    return pd.Series(pd.Categorical(label, categories=TEXTURES), index=frame.index)


REPLAYS = ("own", "none")
"""Counterfactual snipe rounds of ``replay_showdowns``."""


def replay_showdowns(frame: pd.DataFrame, snipes: str = "own") -> pd.DataFrame:
    """Each showdown player's payout under a counterfactual snipe round (R7, R8).

    Every showdown of ``frame`` is settled again with ``sniper.games.sniper_holdem.showdown.showdown`` (same cards,
    pot and first player) and other snipes: ``"own"``: the row's own snipe is replaced by the name
    of its own hand, every other snipe stays (the others are assumed not to react); ``"none"``: no
    snipes at all. Returns one row per showdown row of ``frame`` (same index) with ``payout``
    (chips won), ``replay_payout`` (chips it would have won) and ``change`` (chips). Raises
    ``ValueError`` for another ``snipes``. Pure Python: about 10,000 showdowns per second.
    """
    from sniper.games.sniper_holdem.hands import Snipe
    from sniper.games.sniper_holdem.showdown import showdown

    if snipes not in REPLAYS:
        raise ValueError(f"snipes must be one of {REPLAYS}, got {snipes!r}")
    keys = hand_keys(frame)
    n_seats = int(frame["seat"].max()) + 1
    pot = (frame["ante"] + frame["put_round_1"] + frame["put_round_2"]).groupby([frame[k] for k in keys])
    pot = pot.transform("sum").to_numpy()
    shown = frame[frame["showdown"]].sort_values(keys, kind="stable")
    own = held_snipe_codes(shown)
    cols = {c: shown[c].to_numpy() for c in ("seat", "first_seat", "snipe", "payout", "private_1", "private_2")}
    boards = shown[["board_1", "board_2", "board_3", "board_4"]].to_numpy()
    pots = pot[frame.index.get_indexer(shown.index)]
    hand_id = shown.groupby(keys, sort=False).ngroup().to_numpy()
    starts = np.flatnonzero(np.r_[True, hand_id[1:] != hand_id[:-1], True])
    replay = np.zeros(len(shown), dtype=np.int64)
    for lo, hi in zip(starts[:-1], starts[1:]):
        board = tuple(int(c) for c in boards[lo])
        seats = [int(seat) for seat in cols["seat"][lo:hi]]
        cards = zip(cols["private_1"][lo:hi], cols["private_2"][lo:hi])
        private = {seat: (int(a), int(b)) for seat, (a, b) in zip(seats, cards)}

        def settle(codes: list[int], board=board, private=private, lo=lo) -> tuple[int, ...]:
            named = [Snipe.from_code(c) for c in codes if c >= 0]
            return showdown(board, private, named, int(pots[lo]), int(cols["first_seat"][lo]), n_seats).payout

        if snipes == "none":
            payout = settle([])
            replay[lo:hi] = [payout[seat] for seat in seats]
            continue
        for i in range(lo, hi):
            codes = [int(cols["snipe"][j]) for j in range(lo, hi) if j != i] + [int(own[i])]
            replay[i] = settle(codes)[seats[i - lo]]
    data = pd.DataFrame({"payout": cols["payout"].astype(np.int64), "replay_payout": replay}, index=shown.index)
    return data.assign(change=data.replay_payout - data.payout).reindex(frame.index[frame["showdown"].to_numpy()])


def hit_rates(frame: pd.DataFrame) -> pd.Series:
    """Whether each row's snipe hit another showdown hand of the same hand (R8), bool series.

    ``sniper.games.sniper_holdem.summary.snipe_hits`` over ``hand_keys(frame)``.
    """
    return snipe_hits(frame, keys=hand_keys(frame))


def betting_style(actions: pd.DataFrame) -> pd.DataFrame:
    """How each seat bet in each hand, from a run's actions table (one row per action, R6).

    ``actions``: at least the columns game, hand, seat, round (1, 2; the snipe round's rows are
    ignored) and action (``kernels.sniper_holdem.codes.Act``), plus seating in a duel's tables. Returns one row
    per (hand keys, seat) that took a betting action: ``raises_1``, ``raises_2`` (bets, raises
    and all-ins in each round), ``calls``, and ``style``, one of ``STYLES`` (categorical): raised
    in round 2; raised in round 1 only; called but never raised; only checked (or folded).
    Seats that never acted (all skipped by R6, or not dealt in) have no row.
    """
    from kernels.sniper_holdem.codes import Act

    keys = hand_keys(actions) + ["seat"]
    betting = actions[actions["round"].isin([1, 2])]
    act = betting["action"].to_numpy()
    raised = (act >= Act.RAISE_1) & (act <= Act.ALL_IN)
    flags = pd.DataFrame(
        {
            **{k: betting[k].to_numpy() for k in keys},
            "raises_1": raised & (betting["round"].to_numpy() == 1),
            "raises_2": raised & (betting["round"].to_numpy() == 2),
            "calls": act == Act.CALL,
        }
    )
    out = flags.groupby(keys, sort=True).sum().astype(np.int16).reset_index()
    style = np.select([out["raises_2"] > 0, out["raises_1"] > 0, out["calls"] > 0], STYLES[:3], STYLES[3])
    out["style"] = pd.Categorical(style, categories=STYLES)
    return out

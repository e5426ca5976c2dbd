"""A league: every agent spec against every other, with a crosstable and ratings (R9, R13).

Two parts, both with duplicate dealing (``sniper.arena.duel``):

- Pairwise: a duplicate duel for every pair of specs at ``players`` seats split between the two.
  The crosstable gives net chips per hand of the row spec against the column spec with its 95% CI
  (duplicate groups as the unit, at least 2 per pair) and games won. Ratings: a Bradley–Terry fit
  on games won (a draw counts half to each; ``sniper.core.stats.bradley_terry``), shown on the Elo
  scale (``1500 + 400 log10(odds)``) as columns ``bt_rating``, ``bt_rating_se``: a "BT rating,
  Elo scale", with a small ridge prior so that a spec that never lost still has a finite rating.
- Multiway (``players >= 3`` and at least 3 specs): full tables where seat ``s`` of rotation ``r``
  holds spec ``(s + r) mod K``, every rotation replaying the same games. Each game's finishing
  order (total chips of each spec's seats at the end; equal totals tie) updates OpenSkill
  Plackett–Luce ratings (``openskill`` package), in game and rotation order.

Any registered game (``game``, ``sniper.core.registry``), from the columns every game's hands table has.

Output (``write_league``): ``crosstable.parquet``, ``ratings.parquet``, ``tables.parquet`` (one
row per spec per multiway game) and ``league.json``, which claims the directory (``league_out``).
"""

import itertools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from sniper import __version__
from sniper.arena.duel import DuelResult, DuelSetup, TablesOfGame, auto_chunk_games, play_groups, run_duel
from sniper.core import defaults
from sniper.core.registry import DEFAULT_GAME, GameRules, get_game
from sniper.core.stats import bradley_terry, json_safe
from sniper.runs.atomic import claim_out, release_out, write_atomic, write_json
from sniper.runs.backends import Backend
from sniper.runs.runner import play_chunk


@dataclass(frozen=True)
class TableSetup(TablesOfGame):
    """Multiway tables: specs rotated around ``players`` seats (see the module docstring); rules and engine
    default to those of the game (``sniper.core.registry``)."""

    specs: tuple[str, ...]
    players: int = 4
    rules: GameRules | None = None
    seed: int = 0
    chunk_games: int = 0
    engine: str = ""
    decision_timeout: float | None = None
    game: str = DEFAULT_GAME

    def rotations(self) -> list[tuple[str, ...]]:
        """The agents of each seat for each rotation ``r`` = 0..K-1."""
        k = len(self.specs)
        return [tuple(self.specs[(s + r) % k] for s in range(self.players)) for r in range(k)]


def play_table_chunk(setup: TableSetup, chunk: int) -> pd.DataFrame:
    """Play games ``chunk*chunk_games ..`` under every rotation; one row per (game, rotation, spec).

    Columns: game, rotation, agent, seats (how many seats the spec held), hands (of the game),
    net (chips won by the spec's seats: their ``net`` over the game's hands), final (their chips at the
    end), place (1 = most chips; equal totals share a place).
    """
    from sniper.arena.duel import final_stacks

    start = chunk * setup.chunk_games
    frames = []
    for r, agents in enumerate(setup.rotations()):
        config = setup.run_config(agents)
        table, counts = play_chunk(config, chunk)
        stacks = final_stacks(table, counts, start, setup.players)
        present = list(dict.fromkeys(agents))
        owner = np.array([[a == spec for a in agents] for spec in present])
        final = stacks @ owner.T.astype(np.int64)
        nets = np.zeros((setup.chunk_games, setup.players), dtype=np.int64)
        np.add.at(nets, (table["game"].to_numpy() - start, table["seat"].to_numpy()), table["net"].to_numpy())
        won = nets @ owner.T.astype(np.int64)
        places = 1 + (final[:, None, :] > final[:, :, None]).sum(axis=2)
        games = np.arange(start, start + setup.chunk_games)
        for j, spec in enumerate(present):
            frames.append(
                pd.DataFrame(
                    {
                        "game": games,
                        "rotation": r,
                        "agent": spec,
                        "seats": int(owner[j].sum()),
                        "hands": np.asarray(counts, dtype=np.int64),
                        "net": won[:, j],
                        "final": final[:, j],
                        "place": places[:, j],
                    }
                )
            )
    return pd.concat(frames).sort_values(["game", "rotation"], kind="stable").reset_index(drop=True)


def _group_hands(frame: pd.DataFrame) -> np.ndarray:
    per = frame.drop_duplicates(["game", "rotation"]).groupby("game", sort=True)["hands"].sum()
    return per.to_numpy()


def _take(frame: pd.DataFrame, k: int) -> pd.DataFrame:
    games = np.sort(frame["game"].unique())[:k]
    return frame[frame["game"].isin(games)]


def openskill_ratings(specs: list[str], tables: pd.DataFrame) -> pd.DataFrame:
    """OpenSkill Plackett–Luce ratings from multiway finishing orders, in (game, rotation) order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {spec: model.rating(name=spec) for spec in specs}
    for _, match in tables.groupby(["game", "rotation"], sort=True):
        agents = match["agent"].tolist()
        teams = model.rate([[ratings[a]] for a in agents], ranks=match["place"].tolist())
        for agent, (rating,) in zip(agents, teams):
            ratings[agent] = rating
    return pd.DataFrame(
        {
            "agent": specs,
            "openskill_mu": [ratings[s].mu for s in specs],
            "openskill_sigma": [ratings[s].sigma for s in specs],
            "openskill_ordinal": [ratings[s].ordinal() for s in specs],
        }
    )


@dataclass
class LeagueResult:
    """A finished league of ``game`` (its registry name): crosstable (one row per ordered pair), ratings,
    multiway table rows."""

    specs: list[str]
    players: int
    duels: list[DuelResult]
    crosstable: pd.DataFrame
    ratings: pd.DataFrame
    tables: pd.DataFrame | None
    hands: int
    seconds: float
    game: str = DEFAULT_GAME

    def to_json(self) -> dict:
        """The ``--json`` report: ``game`` (its registry name), ``specs``, ``players``, ``hands`` (all duels), the
        ``crosstable`` (one object per ordered pair: ``a``, ``b``, ``hands``, ``net_per_hand`` of ``a`` against
        ``b``, ``ci95`` as ``[low, high]``, games won/lost/drawn, ``verdict``) and the ``ratings`` (one object per
        spec: the columns of ``ratings``, BT and, with multiway tables, OpenSkill), ``seconds``. Strict JSON: an
        interval or rating that could not be computed is ``None``."""
        cross = [
            {
                **{k: v for k, v in row.items() if k not in ("ci95_low", "ci95_high")},
                "ci95": [row["ci95_low"], row["ci95_high"]],
            }
            for row in self.crosstable.to_dict("records")
        ]
        return json_safe(
            {
                "game": self.game,
                "specs": list(self.specs),
                "players": self.players,
                "hands": self.hands,
                "crosstable": cross,
                "ratings": self.ratings.to_dict("records"),
                "seconds": round(self.seconds, 3),
            }
        )


def crosstable(duels: list[DuelResult]) -> pd.DataFrame:
    """One row per ordered pair (row spec ``a`` against column spec ``b``), both directions."""
    rows = []
    for d in duels:
        low, high = d.ci95
        for a, b, sign, won, lost in ((d.a, d.b, 1, d.a_wins, d.b_wins), (d.b, d.a, -1, d.b_wins, d.a_wins)):
            verdict = d.verdict
            if sign < 0 and verdict != "no significant difference":
                verdict = "B is stronger" if verdict == "A is stronger" else "A is stronger"
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "hands": d.hands,
                    "net_per_hand": sign * d.net_per_hand,
                    "ci95_low": sign * (low if sign > 0 else high),
                    "ci95_high": sign * (high if sign > 0 else low),
                    "games_won": won,
                    "games_lost": lost,
                    "games_drawn": d.draws,
                    "verdict": verdict,
                    "independent_ci95_half_width": d.independent_half_width,
                }
            )
    return pd.DataFrame(rows)


def check_specs(specs: list[str]) -> None:
    """``ValueError`` unless ``specs`` are at least two distinct agent specs."""
    if len(specs) < 2:
        raise ValueError(f"a league needs at least 2 agent specs, got {len(specs)}")
    if len(set(specs)) != len(specs):
        raise ValueError("each agent spec may appear only once in a league")


def league_hands(specs: list[str], players: int, hands: int) -> int:
    """Hands a league plays at least: ``hands`` per pairing, and as many again for the multiway tables."""
    pairs = len(specs) * (len(specs) - 1) // 2
    return hands * (pairs + (1 if players >= 3 and len(specs) >= 3 else 0))


def run_league(
    specs: list[str],
    players: int = defaults.PLAYERS,
    hands: int = defaults.LEAGUE_HANDS,
    rules: GameRules | None = None,
    seed: int = defaults.SEED,
    engine: str = "",
    chunk_games: int = 0,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
    decision_timeout: float | None = None,
    game: str = DEFAULT_GAME,
) -> LeagueResult:
    """Play a league of ``game`` among ``specs`` (at least 2, distinct): ``hands`` hands per pairing and for the
    tables; ``rules`` and ``engine`` default to the game's (``sniper.core.registry``).

    ``chunk_games`` 0 sizes chunks from ``hands`` (``sniper.arena.duel.auto_chunk_games``).
    ``progress(hands)`` with the hands played so far; ``decision_timeout`` (seconds) limits each
    decision of an outside agent. Raises ``ValueError`` for fewer than two or repeated specs.
    """
    check_specs(specs)
    spec = get_game(game)
    rules = rules or spec.game_rules()
    engine = engine or spec.default_engine
    started = time.perf_counter()
    backend = backend or Backend.here(engine)
    played = 0
    duels = []
    for a, b in itertools.combinations(specs, 2):
        setup = DuelSetup(a, b, players, rules, seed, chunk_games, engine, decision_timeout, game)
        offset = played

        def step(done: int, _half: float, offset=offset) -> None:
            if progress:
                progress(offset + done)

        duels.append(run_duel(setup, hands, backend=backend, progress=step))
        played += duels[-1].hands
    k = len(specs)
    index = {s: i for i, s in enumerate(specs)}
    wins = np.zeros((k, k))
    for d in duels:
        i, j = index[d.a], index[d.b]
        wins[i, j] += d.a_wins + d.draws / 2
        wins[j, i] += d.b_wins + d.draws / 2
    rating, rating_se = bradley_terry(wins)
    ratings = pd.DataFrame({"agent": specs, "bt_rating": rating, "bt_rating_se": rating_se})
    table = crosstable(duels)
    ratings["net_per_hand_vs_all"] = [table.loc[table["a"] == s, "net_per_hand"].mean() for s in specs]
    tables = None
    if players >= 3 and k >= 3:
        chunk = chunk_games or auto_chunk_games(hands, k, rules)
        setup = TableSetup(tuple(specs), players, rules, seed, chunk, engine, decision_timeout, game)
        frames = []
        offset = played
        for frame, done in play_groups(backend, play_table_chunk, setup, hands, _group_hands, _take):
            frames.append(frame)
            if progress:
                progress(offset + done)
        tables = pd.concat(frames, ignore_index=True)
        played += int(_group_hands(tables).sum())
        ratings = ratings.merge(openskill_ratings(specs, tables), on="agent")
        per = tables.groupby("agent").agg(place=("place", "mean"), net=("net", "sum"), seats=("seats", "sum"))
        hands_seat = tables.assign(seat_hands=tables["hands"] * tables["seats"]).groupby("agent")["seat_hands"].sum()
        ratings["table_mean_place"] = ratings["agent"].map(per["place"])
        ratings["table_net_per_seat_hand"] = ratings["agent"].map(per["net"] / hands_seat)
    ratings = ratings.sort_values("bt_rating", ascending=False, kind="stable").reset_index(drop=True)
    seconds = time.perf_counter() - started
    return LeagueResult(specs, players, duels, table, ratings, tables, played, seconds, game)


LEAGUE_FILE = "league.json"
"""A league directory's description, created first: it claims the directory (``sniper.runs.atomic.claim_out``)."""


@contextmanager
def league_out(out: Path | None) -> Iterator[Path | None]:
    """Claim the new directory ``out`` for a league's results before the league is played, and yield it
    (None: yield None, nothing is written). ``LEAGUE_FILE`` is created exclusively, so two leagues never
    share a directory; if the block raises (an error, Ctrl-C) the claim is removed again, leaving ``out``
    empty (``release_out``). Raises ``FileExistsError`` if ``out`` exists and is not empty, ``OSError`` if
    it cannot be made.
    """
    if out is None:
        yield None
        return
    out = claim_out(Path(out), LEAGUE_FILE, {"format": "sniper-league", "version": __version__, "status": "running"})
    try:
        yield out
    except BaseException:
        release_out(out, LEAGUE_FILE)
        raise


def save_league(result: LeagueResult, out: Path, config: dict) -> None:
    """Write a league's parquet files, then ``league.json``, into ``out``, claimed by ``league_out`` (each
    file written to a temporary file then renamed)."""
    frames = {"crosstable": result.crosstable, "ratings": result.ratings}
    if result.tables is not None:
        frames["tables"] = result.tables
    for name, frame in frames.items():
        write_atomic(out / f"{name}.parquet", lambda tmp, f=frame: f.to_parquet(tmp, index=False))
    write_json(
        out / LEAGUE_FILE,
        {
            "format": "sniper-league",
            "version": __version__,
            "config": config,
            "hands": result.hands,
            "seconds": round(result.seconds, 3),
            "files": [f"{name}.parquet" for name in frames],
        },
    )


def write_league(result: LeagueResult, out: Path, config: dict) -> None:
    """Write a league's results into the new directory ``out`` (``league_out``, then ``save_league``).
    Raises ``FileExistsError`` if ``out`` exists and is not empty."""
    with league_out(out) as claimed:
        save_league(result, claimed, config)

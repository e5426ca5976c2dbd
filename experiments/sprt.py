"""SPRT for duels: error rates and average hands to a decision, against the fixed-size test (issue 10).

Two parts:

1. Models of duplicate-group results (``sniper.core.sprt.simulate_sprt``): 40-hand groups, 5 chips/hand
   standard deviation, H0:H1 = 0:0.2, the true edge at H0, midway, at H1 (and beyond); normal
   groups, sparse ones (zero-inflated: only 20% or 5% of the groups not 0, as when two specs
   play almost alike) and heavy-tailed ones (Student t, 3 and 2.5 degrees of freedom), each also
   with the plug-in test the SPRT used before issue 18 (``plug_in_rates``).
2. Real duels (kernel engine, 20-hand games, duplicate groups): for each duel and each of
   ``--seeds`` seeds, the groups are played in game order once, chunk by chunk, and fed group by
   group to one ``Sprt`` per hypothesis pair, exactly as ``sniper duel --sprt`` does (checked
   against ``run_duel`` for one seed), until every test has decided or ``--max-hands``. The true
   edge is unknown, so the hypotheses are placed around the edge measured on all groups played:
   at H1 (0:edge), beyond H1 (0:edge/2), at H0 (edge:2·edge) and midway (0:2·edge, the worst
   case), with the edge measured by a pilot duel on other seeds. The fixed-size test with the same α, β needs
   ``fixed_size_units`` groups for the per-group standard deviation measured on all groups. And the
   sparse duel of issue 18, ``easy`` vs ``easy:raise_limit=3`` heads-up at 0:0.004 (true edge ≈ H1).

Run: ``python experiments/sprt.py [--seeds 20] [--sparse-seeds 40] [--max-hands 100000] [--runs 4000]
[--quick]``; prints markdown tables (copied into experiments/README.md and docs/running.md) and the uptime load average.
"""

import argparse
import os
import time

import numpy as np

from sniper.arena.duel import DuelSetup, play_duel_chunk, run_duel, seatings
from sniper.core.sprt import Sprt, fixed_size_units, simulate_sprt, sprt_bounds, sprt_units
from sniper.core.stats import value_text
from sniper.runs.backends import Backend

ALPHA = BETA = 0.05
CHUNK_GAMES = 25
MODELS = {
    "normal": ("normal", {}),
    "sparse, 20% of groups not 0": ("zero-inflated", {"nonzero": 0.2}),
    "sparse, 5% of groups not 0": ("zero-inflated", {"nonzero": 0.05}),
    "Student t, 3 df": ("student-t", {"df": 3.0}),
    "Student t, 2.5 df": ("student-t", {"df": 2.5}),
}


def plug_in_rates(mean: float, runs: int, model: str, shape: dict, seed: int, max_units: int = 20_000):
    """(accept H1, accept H0) of the SPRT as it was before issue 18 on the same model: the quadratic LLR
    ``(h1 − h0)(2r − h0 − h1)/(2 se²)`` with the plug-in standard error, from the 20th group, ``±inf`` at
    ``se = 0`` (a re-implementation for comparison, 40-hand groups, 0:0.2, evaluated after each group)."""
    rng = np.random.default_rng(seed)
    lower, upper = sprt_bounds(ALPHA, BETA)
    s1, s2 = np.zeros(runs), np.zeros(runs)
    decided = np.zeros(runs, dtype=int)
    for n in range(1, max_units + 1):
        y = sprt_units(model, mean, 5.0, 40.0, rng, runs, **shape) / 40.0
        s1, s2 = s1 + y, s2 + y * y
        if n < 20:
            continue
        r = s1 / n
        se2 = np.maximum(s2 - n * r * r, 0.0) / (n * (n - 1))
        centre = 0.2 * (2 * r - 0.2)
        with np.errstate(divide="ignore", invalid="ignore"):
            llr = np.where(se2 > 0, centre / (2 * se2), np.sign(centre) * np.inf)
        decided = np.where(decided == 0, np.where(llr >= upper, 1, np.where(llr <= lower, 2, 0)), decided)
        if (decided != 0).all():
            break
    return float((decided == 1).mean()), float((decided == 2).mean())


def model_rows(runs: int) -> list[str]:
    """Markdown rows: error rates and average groups of the SPRT (and the plug-in test's rates) on each model."""
    rows = [
        "| groups | true edge | accept H1 | accept H0 | inconclusive | before issue 18: accept H1 / H0 | "
        "avg groups | max groups | fixed-size groups | avg / fixed |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    edges = ((0.0, "H0 = 0"), (0.1, "midway 0.1"), (0.2, "H1 = 0.2"), (0.4, "beyond, 0.4"))
    for name, (model, shape) in MODELS.items():
        for mean, edge in edges if model == "normal" else edges[:3]:
            run = simulate_sprt(mean, 0.0, 0.2, 5.0, 40.0, 1, runs, ALPHA, BETA, seed=7, model=model, **shape)
            old = plug_in_rates(mean, runs, model, shape, seed=7) if mean != 0.1 else None
            before = f"{old[0]:.3f} / {old[1]:.3f}" if old else "—"
            rows.append(
                f"| {name} | {edge} | {run.accept_h1:.3f} | {run.accept_h0:.3f} | {run.inconclusive:.3f} | {before} | "
                f"{run.average_units:.0f} | {run.max_units} | {value_text(run.fixed_units, '.0f')} | "
                f"{value_text(run.average_units / run.fixed_units, '.2f')} |"
            )
    return rows


def play_seed(setup: DuelSetup, tests: dict[str, Sprt], max_hands: int, backend: Backend) -> np.ndarray:
    """Play ``setup``'s groups in game order, feeding each ``Sprt`` group by group until all decided or
    ``max_hands`` (as ``run_duel``: the group that reaches it is the last); returns the groups played as an
    array of shape (groups, 2): chips won by A's seats, hands."""
    played = []
    hands = 0
    chunks = backend.map(play_duel_chunk, ((setup, chunk) for chunk in range(10**6)))
    try:
        for units in chunks:
            groups = np.stack([units[..., 1].sum(axis=1), units[..., 0].sum(axis=1)], axis=1)
            before = hands + np.cumsum(groups[:, 1]) - groups[:, 1]
            groups = groups[before < max_hands]
            for test in tests.values():
                test.feed(groups[:, 0], groups[:, 1])
            played.append(groups)
            hands += int(groups[:, 1].sum())
            if hands >= max_hands or all(t.decision is not None for t in tests.values()):
                break
    finally:
        chunks.close()
    for test in tests.values():
        test.finish()
    return np.concatenate(played)


def hands_used(test: Sprt, groups: np.ndarray) -> int:
    """Hands of the groups a test used."""
    return int(groups[: test.units, 1].sum())


def real_duels(a: str, b: str, players: int, seeds: int, max_hands: int, pairs: dict, backend: Backend):
    """Play one duel per seed and run every hypothesis pair on it; returns (markdown rows, pooled groups)."""
    results = {name: [] for name in pairs}
    pooled = []
    for seed in range(seeds):
        setup = DuelSetup(a, b, players, seed=seed, chunk_games=CHUNK_GAMES)
        tests = {name: Sprt(h0, h1, ALPHA, BETA) for name, (h0, h1) in pairs.items()}
        groups = play_seed(setup, tests, max_hands, backend)
        pooled.append(groups)
        for name, test in tests.items():
            results[name].append((test.decision, hands_used(test, groups)))
    groups = np.concatenate(pooled)
    edge = groups[:, 0].sum() / groups[:, 1].sum()
    d = groups[:, 0] - edge * groups[:, 1]
    sd, mean_h = float(d.std(ddof=1)), float(groups[:, 1].mean())
    rows = []
    for name, (h0, h1) in pairs.items():
        decisions = [dec for dec, _ in results[name]]
        hands = np.array([h for _, h in results[name]])
        fixed = fixed_size_units(h0 * mean_h, h1 * mean_h, sd, ALPHA, BETA) * mean_h
        rows.append(
            f"| {a} vs {b}, {players} seats | {name} | {h0:g}:{h1:g} | {decisions.count('accept H1')} / "
            f"{decisions.count('accept H0')} / {decisions.count('inconclusive')} | {hands.mean():,.0f} | "
            f"{hands.max():,} | {fixed:,.0f} | {hands.mean() / fixed:.2f} |"
        )
    return rows, groups, edge, sd / mean_h * np.sqrt(mean_h)


def check_against_run_duel(a: str, b: str, players: int, h0: float, h1: float, max_hands: int, backend) -> None:
    """The offline replay decides as ``run_duel`` does for seed 0 (same groups, same decision, same hands)."""
    setup = DuelSetup(a, b, players, seed=0, chunk_games=CHUNK_GAMES)
    test = Sprt(h0, h1, ALPHA, BETA)
    groups = play_seed(setup, {"x": test}, max_hands, backend)
    duel = run_duel(setup, max_hands=max_hands, backend=backend, sprt=Sprt(h0, h1, ALPHA, BETA))
    assert duel.sprt.decision == test.decision and duel.hands == hands_used(test, groups), (duel.sprt, test)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--max-hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=4000, help="model runs per row")
    parser.add_argument("--sparse-seeds", type=int, default=40, help="seeds of the sparse duel (issue 18)")
    parser.add_argument("--pilot-hands", type=int, default=100_000, help="hands of the pilot duel (seed 1000)")
    parser.add_argument("--quick", action="store_true", help="3 seeds, 300 model runs: a smoke test")
    args = parser.parse_args()
    if args.quick:
        args.seeds, args.runs, args.max_hands, args.pilot_hands, args.sparse_seeds = 3, 300, 20_000, 10_000, 3
    started = time.perf_counter()
    print(f"load average before: {os.getloadavg()}")
    noise = 2 * np.sqrt(ALPHA * (1 - ALPHA) / args.runs)
    print(
        f"\nModels (40-hand groups, 5 chips/hand SD, H0:H1 = 0:0.2, α = β = 0.05, evaluated per group; "
        f"{args.runs:,} runs per row, Monte Carlo error ± {noise:.3f} (2 SE) at 0.05):\n"
    )
    print("\n".join(model_rows(args.runs)))
    header = [
        "| duel | hypotheses | H0:H1 | accept H1 / H0 / inconclusive | avg hands | max hands | "
        "fixed-size hands | avg / fixed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    rows = []
    with Backend(None, engine="kernel") as backend:
        check_against_run_duel("hard", "easy", 2, 0.0, 0.2, 20_000, backend)
        easy = {"issue's 0:0.2": (0.0, 0.2)}
        found, _, edge, sd = real_duels("hard", "easy", 2, args.seeds, args.max_hands, easy, backend)
        rows += found
        print(f"\nhard vs easy heads-up: pooled edge {edge:+.3f} chips/hand, SD {sd:.2f} chips/hand (per group hand)")
        pilot_setup = DuelSetup("hard", "normal", 4, seed=1000, chunk_games=CHUNK_GAMES)
        pilot = run_duel(pilot_setup, args.pilot_hands, backend=backend)
        e = round(max(pilot.net_per_hand, 0.05), 2)
        print(
            f"hard vs normal, 4 seats, pilot (seed 1000, {pilot.hands:,} hands): {pilot.net_per_hand:+.3f} ± "
            f"{pilot.half_width:.3f}; hypotheses built on {e:g}"
        )
        pairs = {  # placed on the pilot's edge e; where the true edge lies is read off the pooled edge
            "H1 = pilot edge": (0.0, e),
            "H1 = pilot edge / 2": (0.0, e / 2),
            "H0 = pilot edge": (e, 2 * e),
            "pilot edge midway": (0.0, 2 * e),
        }
        found, _, edge, sd = real_duels("hard", "normal", 4, args.seeds, args.max_hands, pairs, backend)
        rows += found
        print(f"hard vs normal, 4 seats: pooled edge {edge:+.3f} chips/hand, SD {sd:.2f} chips/hand")
        sparse = {"issue 18's 0:0.004": (0.0, 0.004)}
        found, groups, edge, sd = real_duels(
            "easy", "easy:raise_limit=3", 2, args.sparse_seeds, args.max_hands, sparse, backend
        )
        rows += found
        zero = float((groups[:, 0] == 0).mean())
        print(
            f"easy vs easy:raise_limit=3 heads-up ({args.sparse_seeds} seeds): pooled edge {edge:+.4f} chips/hand, "
            f"SD {sd:.2f} chips/hand, {zero:.0%} of {len(groups):,} groups 0"
        )
    print(
        f"\nReal duels ({args.seeds} seeds each, the sparse one {args.sparse_seeds}, α = β = 0.05, "
        f"at most {args.max_hands:,} hands, {seatings(2)} / "
        "4-seat seatings; hands counted up to the deciding group):\n"
    )
    print("\n".join(header + rows))
    print(f"\n{time.perf_counter() - started:.0f} s; load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()

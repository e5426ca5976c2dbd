"""What the command line shows of agents against each other: the tables of ``sniper duel``, ``sniper league``,
``sniper tune`` and ``sniper exploit``, printed to ``sniper.cli.terminal.console``.
"""

import math
from typing import TYPE_CHECKING

from rich.table import Table

from sniper.cli.terminal import console, game_title, number
from sniper.core.registry import get_game
from sniper.core.sprt import SPRT_MAX_VARIANCE_RSE
from sniper.core.stats import MIN_UNITS, interval_text, value_text

if TYPE_CHECKING:  # the tune module is imported only by the command that tunes
    from sniper.arena.tune import TuneResult


def print_exploit(report: dict) -> None:
    """Print ``sniper exploit``'s report (``sniper.core.lbr.LbrResult.to_json``) as a table: LBR's win rate
    with its 95% CI and the settings."""
    low, high = (math.nan if x is None else x for x in report["ci95"])
    unit = report["unit"]
    table = Table(title=f"Local best response against {report['opponent']}, {game_title(report['game'])}")
    table.add_column("")
    table.add_column("value", justify="right")
    digits = "+,.0f" if unit.startswith("m") else "+,.3f"  # milli units (mbb/g) whole, chips with 3 decimals
    table.add_row(f"LBR win rate, {unit}", f"[bold]{format(report['value'], digits)}")
    table.add_row("95% CI", interval_text(low, high, digits))
    table.add_row("hands (deals × 2 seats)", f"{report['hands']:,} ({report['deals']:,} × 2)")
    table.add_row("actions (--bets)", report["bets"])
    table.add_row("best-response rounds (--lbr-rounds)", ", ".join(report["lbr_rounds"]))
    for key in (
        "seed",
        "model_samples",
        "rollouts",
        "snipe_keys",
        "stacks",
        "blinds",
        "ante",
        "bet_sizes",
        "range_resets",
    ):
        if key in report:
            table.add_row(key.replace("_", " "), str(report[key]))
    console.print(table)


def game_terms(game: str) -> tuple[str, str]:
    """What a hand of game ``game`` is called and what its ``net`` counts, for people: ("hand", "net chips") for a
    chip game, e.g. ("round", "point difference") for a points game (``GameSpec.unit``, ``GameSpec.utility``)."""
    from sniper.core.registry import get_game

    spec = get_game(game)
    return spec.unit, spec.net_name


def print_duel(result, until_ci: float | None, game: str | None = None) -> None:
    """Print a ``sniper.arena.duel.DuelResult`` as a table, and why it stopped short of an ``--until-ci`` target or
    an SPRT decision; ``game``: the game's name, whose terms (``game_terms``) name the rows (``None``: hands, chips)."""
    unit, net = game_terms(game) if game is not None else ("hand", "net chips")
    low, high = result.ci95
    title = f"Duplicate duel of {game_title(result.game)}, {result.players} seats, {result.seatings} seatings per game"
    table = Table(title=title)
    table.add_column("")
    table.add_column("value", justify="right")
    table.add_row("A", result.a)
    table.add_row("B", result.b)
    table.add_row(f"{unit}s", f"{result.hands:,} in {result.groups:,} games × {result.seatings} seatings")
    table.add_row(f"A {net}/{unit} vs B", f"{result.net_per_hand:+.3f}")
    table.add_row("95% CI (duplicate)", f"{interval_text(low, high)}  ±{value_text(result.half_width, '.3f')}")
    bb = result.in_big_blinds()
    if bb:
        low_bb, high_bb = bb["ci95_bb_per_100"]
        table.add_row("A net bb/100 vs B (95% CI)", f"{bb['bb_per_100']:+.2f} {interval_text(low_bb, high_bb, '+.2f')}")
    table.add_row("95% CI if dealt independently", f"±{value_text(result.independent_half_width, '.3f')}")
    table.add_row("variance ratio (independent/duplicate)", f"{number(result.variance_ratio, '.2f')}×")
    table.add_row("games won A / B / drawn", f"{result.a_wins:,} / {result.b_wins:,} / {result.draws:,}")
    table.add_row("verdict", f"[bold]{result.verdict}")
    if until_ci is not None:
        table.add_row(
            "CI target (--until-ci)", f"±{until_ci:g} {'reached' if result.target_reached else 'not reached'}"
        )
    test = result.sprt
    if test is not None:
        lower, upper = test.bounds
        table.add_row(f"SPRT H0 {test.h0:g} vs H1 {test.h1:g} (α {test.alpha:g}, β {test.beta:g})", "")
        table.add_row("log-likelihood ratio [bounds]", f"{number(test.llr, '+.3f')} [{lower:+.3f}, {upper:+.3f}]")
        favoured = {"accept H1": ("H1", test.h1, "H0", test.h0), "accept H0": ("H0", test.h0, "H1", test.h1)}
        why = favoured.get(test.decision)
        note = f" (the data favour {why[0]} = {why[1]:g} over {why[2]} = {why[3]:g}; one-sided)" if why else ""
        table.add_row("SPRT decision", f"[bold]{test.decision}[/bold]{note}")
    console.print(table)
    if until_ci is not None and not result.target_reached:
        console.print(
            f"stopped at --max-hands ({result.max_hands:,} hands) before the CI half-width reached {until_ci:g} "
            f"(it is {value_text(result.half_width, '.3f')}); raise --max-hands to play on",
            highlight=False,
        )
    if test is not None and test.decision == "inconclusive":
        early = max(test.min_units, MIN_UNITS)
        why = f" (it decides from the {early}th group on; {test.units} were played)" if test.units < early else ""
        rse = test.statistics()[1]
        if not why and math.isnan(rse):
            why = " (every group so far had the same result: no variance estimate to decide on)"
        elif not why and rse > SPRT_MAX_VARIANCE_RSE:
            why = (
                f" (its variance estimate is not yet to be trusted: relative standard error {rse:.2f} > "
                f"{SPRT_MAX_VARIANCE_RSE:.2f}; sparse or heavy-tailed groups)"
            )
        console.print(
            f"stopped at --max-hands ({result.max_hands:,} hands) before the SPRT decided{why}; "
            "raise --max-hands to play on",
            highlight=False,
        )


def print_league(result) -> None:
    """Print a ``sniper.arena.league.LeagueResult``: the crosstable with 95% CIs and the ratings."""
    specs = result.specs
    unit, net = game_terms(result.game)
    cross = Table(
        title=f"{game_title(result.game)} league. Crosstable: row's {net} per {unit} against column, 95% CI "
        f"({result.players} seats, duplicate)"
    )
    cross.add_column("")
    for spec in specs:
        cross.add_column(spec, justify="right")
    cells = {(r.a, r.b): r for r in result.crosstable.itertuples()}
    for row in specs:
        values = []
        for col in specs:
            cell = cells.get((row, col))
            values.append(
                "—"
                if cell is None
                else f"{cell.net_per_hand:+.2f} {interval_text(cell.ci95_low, cell.ci95_high, '+.2f')}"
            )
        cross.add_row(row, *values)
    console.print(cross)
    ratings = Table(title="Ratings")
    columns = [
        ("agent", "agent", "{}"),
        ("bt_rating", "BT rating, Elo scale", "{:.0f}"),
        ("bt_rating_se", "± se", "{:.0f}"),
    ]
    if "openskill_ordinal" in result.ratings:
        columns += [
            ("openskill_mu", "OpenSkill μ", "{:.2f}"),
            ("openskill_sigma", "σ", "{:.2f}"),
            ("table_mean_place", "mean place", "{:.2f}"),
        ]
    for _, title, _ in columns:
        ratings.add_column(title, justify="left" if title == "agent" else "right")
    for row in result.ratings.to_dict("records"):
        ratings.add_row(*(fmt.format(row[name]) for name, _, fmt in columns))
    console.print(ratings)
    console.print(f"{result.hands:,} {unit}s in {result.seconds:.1f} s")


def report_tables(result: "TuneResult", top: int = 10) -> list:
    """Rich tables for the terminal of a ``sniper.arena.tune.TuneResult``: the best trials, then the validation
    (in the game's unit and net, ``game_terms``: chips/hand, a points game's point difference per round; 95% CIs),
    then the crosstable of the tuned spec against every weaker level."""
    title = get_game(result.setup.game).title
    unit, _ = game_terms(result.setup.game)
    trials = Table(title=f"{title}: best trials of {len(result.trials)} (tuning seed {result.setup.tuning_seed})")
    for name in ("#", f"net/{unit}", "95% CI", "µs/decision", f"{unit}s", "spec"):
        trials.add_column(name, justify="left" if name == "spec" else "right")
    ranked = sorted(result.trials, key=lambda t: -(t["value"] if t["value"] is not None else -math.inf))
    for t in ranked[:top]:
        low, high = (math.nan if v is None else v for v in (t["ci95"] or (None, None)))
        ci = interval_text(low, high)
        state = " pruned" if t["pruned"] else "" if t["feasible"] else " over budget"
        value = f"{t['value']:+.3f}" if t["value"] is not None else "-"
        us = "-" if t["decision_us"] is None else f"{t['decision_us']:.2f}"
        trials.add_row(str(t["number"]), value + state, ci, us, f"{t['hands']:,}", t["spec"])
    opponents = ",".join(result.setup.field)
    if result.setup.population:
        opponents = f"the {result.setup.aggregate} edge of {opponents} ({result.setup.players} seats, each in turn)"
    checks = Table(title=f"Validation on held-out seed {result.setup.validation_seed} vs {opponents}")
    for name in ("spec", f"{unit}s", f"net/{unit}", "95% CI"):
        checks.add_column(name, justify="left" if name == "spec" else "right")
    for e in [*result.validated, *([result.vs_untuned] if result.vs_untuned and result.vs_untuned.hands else [])]:
        label = f"{e.spec} vs {result.setup.spec}" if e is result.vs_untuned else e.spec
        checks.add_row(label, f"{e.hands:,}", value_text(e.net_per_hand), interval_text(*e.ci95))
        for edge in e.edges or []:
            low, high = (math.nan if v is None else v for v in edge["ci95"])
            checks.add_row(f"  vs {edge['against']}", "", value_text(edge["net_per_hand"]), interval_text(low, high))
    tables = [trials, checks]
    if result.crosstable:
        cross = Table(
            title=f"Crosstable on held-out seed {result.setup.validation_seed}, {result.setup.players} seats: "
            f"{result.best.spec} against every weaker level"
        )
        for name in ("against", f"{unit}s", f"net/{unit}", "95% CI"):
            cross.add_column(name, justify="left" if name == "against" else "right")
        for e in result.crosstable:
            cross.add_row(e.against, f"{e.hands:,}", value_text(e.net_per_hand), interval_text(*e.ci95))
        tables.append(cross)
    return tables

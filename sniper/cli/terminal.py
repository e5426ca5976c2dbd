"""What the command line shows on a terminal: consoles, progress, the numba warm-up spinner and the result tables.

The CLI (``sniper.cli.app``) parses and calls the library; this module turns results into rich tables
and lines. Every function prints to ``console`` (stdout; wide lines when piped) or
``err_console`` (stderr: progress and spinners, shown only on a terminal).
"""

import errno
import numbers
import os
import sys
import time
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sniper.core.registry import DEFAULT_GAME
from sniper.core.stats import MIN_UNITS, NO_VALUE, json_safe, value_text

console = Console(width=None if sys.stdout.isatty() else 160)
"""Standard output; piped output gets wide lines rather than tables cut at 80 columns."""
err_console = Console(stderr=True)


def print_line(text: str) -> None:
    """Print a plain line (no colour highlighting, no rich markup: paths and labels print as they are); a
    trailing ``→ path`` moves to its own line rather than being broken when the line is wider than the terminal."""
    head, arrow, path = text.rpartition(" → ")
    if arrow and len(text) > console.width:
        text = f"{head}\n→ {path}"
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def warm_up(engine: str, quiet: bool = False, game: str = DEFAULT_GAME) -> None:
    """Compile the numba kernel engine of ``game`` (or load it from numba's on-disk cache, ~0.1 s) before a run's
    clock starts: the game's ``warmup`` hook (``sniper.core.registry.GameSpec.warmup``), nothing for a game
    without one or for the reference engine.

    The first run on a machine compiles for ~10-20 s (e.g. ``kernels.sniper_holdem.game.warmup``); a spinner on
    stderr says so, only then (the hook's module's ``is_cached()`` is false) and only where a progress bar would
    be shown (not ``quiet``, stderr a terminal). ``ValueError`` for a game not registered.
    """
    from sniper.core.registry import get_game

    spec = get_game(game)
    if engine != "kernel" or spec.warmup is None:
        return
    warmup = spec.resolve(spec.warmup)
    if quiet or not err_console.is_terminal or sys.modules[warmup.__module__].is_cached():
        warmup()
        return
    with err_console.status("compiling numba kernels (first run only, then cached)…"):
        warmup()


@contextmanager
def progress_bar(label: str, total: int | None, quiet: bool = False, kept: int = 0, game: str | None = None):
    """A rich progress bar on stderr with hands, hands/s and ETA (in ``game``'s unit, ``unit_of``: Saint Poker's
    rounds); yields ``update(done, total=None, note="")``.

    Shown only when stderr is a terminal and not ``quiet``; ``note`` is extra text (e.g. the CI).
    ``kept`` hands were done before (a resumed run): the bar starts there, and hands/s and the ETA
    count only the hands played now.
    """
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    units = unit_of(game)
    columns = (
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        TextColumn("{task.completed:,.0f}/{task.fields[goal]} " + units),
        TextColumn("{task.fields[rate]}"),
        TextColumn("{task.fields[note]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    disable = quiet or not err_console.is_terminal
    with Progress(*columns, console=err_console, disable=disable, transient=True) as bar:
        task = bar.add_task(label, total=total, completed=kept, rate="", note="", goal=f"{total:,}" if total else "?")
        start = time.perf_counter()

        def update(done: int, total: int | None = None, note: str = "") -> None:
            rate = max(done - kept, 0) / max(time.perf_counter() - start, 1e-9)
            extra = {"total": total, "goal": f"{total:,}"} if total else {}
            goal = total or bar.tasks[0].total
            shown = min(done, goal) if goal else done
            bar.update(task, completed=shown, rate=f"{rate:,.0f} {units}/s", note=note, **extra)

        yield update


def run_line(result) -> str:
    """The line ``sniper simulate`` prints about a finished ``sniper.runs.runner.RunResult``, in its game's unit
    (``unit_of``: hands, Saint Poker's rounds)."""
    u = unit_of(result.game)
    rate = f"{result.played_hands / max(result.seconds, 1e-9):,.0f} {u}/s"
    if result.already_complete:
        return f"{result.out}: run already complete, {result.hands:,} {u} in {result.games:,} games; nothing to do"
    if result.kept_hands:
        return (
            f"{result.hands:,} {u} in {result.games:,} games: {result.kept_hands:,} {u} kept, "
            f"{result.played_hands:,} played now in {result.seconds:.1f} s ({rate}) → {result.out}"
        )
    return f"{result.hands:,} {u} in {result.games:,} games, {result.seconds:.1f} s ({rate}) → {result.out}"


def unit_of(name: str | None) -> str:
    """What the rows of game ``name``'s hands table are called, plural (``GameSpec.unit`` + "s": "hands", Saint
    Poker's "rounds"); "hands" for a name this version does not know or ``None``."""
    from sniper.core.registry import get_game

    try:
        return get_game(name).unit + "s" if name is not None else "hands"
    except ValueError:
        return "hands"


def resume_hint(plan, out) -> str:
    """The command that finishes an interrupted run: that of ``plan`` (``sniper.runs.runner.Plan``) or, before
    there is one, of ``out``."""
    return f"sniper simulate --resume {plan.out if plan is not None else out}"


def game_title(name: str | None) -> str:
    """A game's name for people (``GameSpec.title``) from its registry name, e.g. "Sniper Hold'em" for "sniper";
    a name this version does not know as it is, ``None`` as "unknown game"."""
    from sniper.core.registry import get_game

    if name is None:
        return "unknown game"
    try:
        return get_game(name).title
    except ValueError:
        return str(name)


def run_header(run_dir: Path, state, manifest: dict) -> list[str]:
    """The lines ``sniper summary`` prints above the table: state, game, seed, agents, hands; how to finish it.

    ``state`` is the run's ``sniper.runs.rundir.RunState``: a run whose process was killed is "incomplete"
    with the hands of its finished parts, though its manifest still says "running". A record
    (``sniper.runs.rundir.is_record``) gives its source and seat labels, and that it cannot be finished.
    """
    from sniper.runs.rundir import is_record

    config = manifest["config"]
    status = manifest.get("status", "?")
    title = game_title(manifest.get("game"))
    u = unit_of(manifest.get("game"))
    if is_record(manifest):
        seed = config.get("seed")
        lines = [
            f"{run_dir}: {status} record of {manifest.get('source') or 'games played elsewhere'} ({title}), "
            f"seed {'unknown' if seed is None else seed}, seats {','.join(config.get('agents', []))}, "
            f"{manifest.get('hands', 0):,} {u}"
        ]
        if status == "abandoned":
            lines.append("(abandoned: every person left, so the game ended on the hands it had finished)")
        elif status != "complete":
            lines.append("(not complete: the game stopped before its end; these are the hands it finished)")
        return lines
    lines = [
        f"{run_dir}: {state.state} run of {title}, seed {config.get('seed')}, "
        f"agents {','.join(config.get('agents', []))}, {state.hands:,} of {state.target:,} {u}"
    ]
    if state.state == "incomplete":
        hint = resume_hint(None, run_dir)
        lines.append(f"incomplete ({state.hands:,} {u} in finished parts; resume with `{hint}`)")
    elif state.state == "running":
        lines.append(f"running now ({state.holder}); the summary covers the {state.hands:,} {u} finished so far")
    return lines


def print_run_list(folder: Path, runs) -> None:
    """Print the runs of a folder of runs (``sniper.runs.rundir.list_runs``): name, date, game, agents, hands,
    state ("unreadable" for a run this version cannot read: ``sniper summary`` of it says why); then how to see
    one."""
    table = Table(title=f"Runs in {folder}", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for name in ("run", "created (UTC)", "game", "agents", "hands", "state"):
        table.add_column(name, justify="right" if name == "hands" else "left", overflow="fold")
    for run in runs:
        state = run.state
        hands = f"{state.hands:,} of {state.target:,}" if state else ""
        what = state.state if state else "unreadable"
        game = game_title(run.game) if run.game else ""
        created = run.created.replace("T", " ").removesuffix("Z")
        table.add_row(run.name, created, game, ",".join(run.agents), hands, what)
    console.print(table)
    example = next((run.name for run in reversed(runs) if run.state), runs[-1].name)
    count = f"{len(runs)} run{'s' if len(runs) != 1 else ''}"
    console.print(f"{folder} holds {count}: `sniper summary {folder / example}` shows one", highlight=False)


def run_list_json(folder: Path, runs) -> dict:
    """The ``sniper summary --json`` report of a folder of runs: ``folder`` and ``runs``, one per run with
    ``name``, ``created``, ``game`` (its registry name, null when the run cannot be read), ``agents``, ``hands``
    (in finished parts), ``target_hands``, ``state`` and ``problem`` (why it cannot be read, else null; then
    hands, target_hands and state are null)."""
    return {
        "folder": str(folder),
        "runs": [
            {
                "name": run.name,
                "created": run.created,
                "game": run.game,
                "agents": list(run.agents),
                "hands": run.state.hands if run.state else None,
                "target_hands": run.state.target if run.state else None,
                "state": run.state.state if run.state else None,
                "problem": run.problem,
            }
            for run in runs
        ],
    }


def read_summary(out: Path, by: str = "agent"):
    """The per-agent (``by="seat"``: per-seat) summary of the run in ``out``, its game's, as rows
    (``sniper.runs.results.run_summary_rows``: no pandas); ``FileNotFoundError`` if it has no results,
    ``sniper.runs.config.RunDirError`` if a part is unreadable."""
    from sniper.runs.results import run_summary_rows

    return run_summary_rows(out, by)


def print_run_summary(out: Path, header: Sequence[str] = (), by: str = "agent") -> None:
    """Print the ``header`` lines, then the summary of the run in ``out`` (``read_summary``), once it is read
    (an unreadable run prints nothing)."""
    summary = read_summary(out, by)
    for line in header:
        console.print(line, highlight=False, markup=False, soft_wrap=True)  # data, not markup; a path unbroken
    print_summary(summary)


def summary_json(summary) -> list[dict]:
    """The rows of a run's summary frame (``read_summary``) as JSON data, with the table's keys: ``seat`` (by
    seat only), ``agent``, ``hands``, ``net_per_hand``, ``ci95`` [low, high] and ``ci95_half_width`` (chips
    per hand; null when there is no interval), for a game with blinds (``attrs["big_blind"]``) the same in big
    blinds per 100 hands (``bb_per_100``, ``ci95_bb_per_100``), the game's own counts (Sniper Hold'em:
    ``showdown_wins``, ``snipes_made``, ``snipes_hit``) and ``games_won``."""
    from sniper.core.registry import bb_per_100

    big_blind = summary.attrs.get("big_blind")
    rows = []
    for row in summary.to_dict("records"):
        low, high = row.pop("ci95_low"), row.pop("ci95_high")
        at = list(row).index("net_per_hand") + 1
        items = list(row.items())
        items[at:at] = [("ci95", [low, high]), ("ci95_half_width", (high - low) / 2)]
        if big_blind:
            bb = [bb_per_100(value, big_blind) for value in (row["net_per_hand"], low, high)]
            items[at + 2 : at + 2] = [("bb_per_100", bb[0]), ("ci95_bb_per_100", bb[1:])]
        rows.append(json_safe(dict(items)))
    return rows


def run_json(run_dir: Path, state, manifest: dict, summary, by: str = "agent") -> dict:
    """The ``sniper summary --json`` report: the header's facts (``run``, ``game``: the registry name of its
    game, ``state``, ``seed``, ``agents``,
    ``hands`` in finished parts, ``target_hands``, ``resume``: the command that finishes an incomplete run,
    else null (always for a record); ``playing``: who plays a running run, else null), ``by`` and the
    table's rows (``summary_json``)."""
    config = manifest["config"]
    return {
        "run": str(run_dir),
        "game": manifest.get("game"),
        "state": state.state,
        "seed": config.get("seed"),
        "agents": list(config.get("agents", [])),
        "hands": state.hands,
        "target_hands": state.target,
        "resume": resume_hint(None, run_dir) if state.state == "incomplete" and not state.record else None,
        "playing": state.holder,
        "by": by,
        "summary": summary_json(summary),
    }


def result_json(result) -> dict:
    """The ``sniper simulate --json`` report of a ``sniper.runs.runner.RunResult``: the facts of ``run_line``
    (``out``, ``game``: the registry name of the game played, ``hands``, ``games``, ``kept_hands``,
    ``played_hands``, ``seconds`` and ``hands_per_second`` of this session, ``already_complete``) and the
    per-agent table of the run (``summary_json``)."""
    return {
        "out": str(result.out),
        "game": result.game,
        "hands": result.hands,
        "games": result.games,
        "kept_hands": result.kept_hands,
        "played_hands": result.played_hands,
        "seconds": round(result.seconds, 3),
        "hands_per_second": result.played_hands / result.seconds if result.seconds > 0 else None,
        "already_complete": result.already_complete,
        "summary": summary_json(read_summary(result.out)),
    }


SUMMARY_SHARED = ("seat", "agent", "hands", "net_per_hand", "ci95_low", "ci95_high", "games_won")
"""The columns of every game's summary (``sniper.core.analysis.hand_summary``; ``seat`` by seat only); a game's
own counts come between the interval and ``games_won``."""
SUMMARY_LEGEND = {"hands": "hands played", "games won": "most chips at the end"}
"""What the shared headers mean, for a game whose summary says nothing else (its ``attrs["legend"]``)."""


def print_summary(summary) -> None:
    """Print a per-agent (or per-seat) summary table (``read_summary``): net chips/hand ± 95% CI half-width, the
    game's own columns (headed as the frame's ``attrs["headers"]`` say, else by their names) and games won,
    then what the headers mean (``attrs["legend"]``, else ``SUMMARY_LEGEND``); ``attrs["unit"]`` and ``attrs["net"]``
    name what a row counts and what ``net`` is in the game's own terms ("hand", "net chips" by default). A game's
    columns named in ``attrs["apart"]`` (``(title, columns)``) print as a second table of their own, by agent (or seat).
    Integers print with thousands separators, other numbers as chips per hand (``+0.123``, ``n/a`` for none).

    Fits an 80-column terminal for runs of millions of hands: no vertical rules, short headers; a
    long agent spec folds onto more lines, and no number is ever cut (in the extreme, numbers fold too).
    """
    from sniper.core.registry import bb_per_100

    by_seat = "seat" in summary.columns
    named = summary.attrs.get("headers", {})
    apart_title, apart = summary.attrs.get("apart", ("", ()))
    own = [column for column in summary.columns if column not in SUMMARY_SHARED and column not in apart]
    keys = ("seat",) * by_seat + ("agent",)
    records = summary.to_dict("records")

    def key_cells(row) -> tuple:
        # a label (e.g. a served seat's name) prints as it is, never as markup
        return (*((str(row["seat"]),) if by_seat else ()), Text(str(row["agent"])))

    def header(column: str) -> str:
        return named.get(column, column.replace("_", " "))

    big_blind = summary.attrs.get("big_blind")
    in_bb = ("bb/100",) if big_blind else ()
    unit, net = summary.attrs.get("unit", "hand"), summary.attrs.get("net", "net chips")  # a game's own terms
    headers = keys + (f"{unit}s", f"net/{unit}", "±95%") + in_bb + tuple(map(header, own)) + ("games won",)
    rows = [
        (
            *key_cells(row),
            f"{row['hands']:,}",
            f"{row['net_per_hand']:+.3f}",
            value_text((row["ci95_high"] - row["ci95_low"]) / 2, ".3f"),
            *((f"{bb_per_100(row['net_per_hand'], big_blind):+.1f}",) if big_blind else ()),
            *(_cell(row[column]) for column in own),
            f"{row['games_won']:,}",
        )
        for row in records
    ]
    what = "seat" if by_seat else "agent"
    _print_table(f"Per {what}: {net} per {unit}, 95% confidence interval", headers, rows)
    if apart:
        breakdown = [(*key_cells(row), *(_cell(row[column]) for column in apart)) for row in records]
        _print_table(f"Per {what}, {apart_title}", keys + tuple(map(header, apart)), breakdown)
    missing = f"; {NO_VALUE}: no interval from fewer than {MIN_UNITS} games" if any(NO_VALUE in r for r in rows) else ""
    summed = "" if by_seat else ", summed over the agent's seats"
    legend = summary.attrs.get("legend", SUMMARY_LEGEND)
    if big_blind:
        legend = {**legend, "bb/100": f"net in big blinds ({big_blind} chips) per 100 hands"}
    meanings = [f"{header}: {meaning}{summed if header == unit + 's' else ''}" for header, meaning in legend.items()]
    console.print("; ".join(meanings) + f"{missing}.", highlight=False)


def _cell(value) -> str:
    """A game's own summary value as text: an integer with thousands separators, else chips per hand."""
    if isinstance(value, numbers.Integral):
        return f"{value:,}"
    return value_text(float(value))


def _print_table(title: str, headers: Sequence[str], rows: Sequence[tuple]) -> None:
    """Print one summary table (``print_summary``): the agent column left, numbers right and unbroken if the
    numbers fit the console beside the word "agent"."""
    gap = 2  # between columns; no vertical rules and no padding at the edges
    numbers_cells = [column for column in zip(headers, *rows) if column[0] != "agent"]
    numbers_width = sum(max(len(cell) for cell in column) + gap for column in numbers_cells)
    numbers_fit = numbers_width + len("agent") <= console.width
    table = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
        show_edge=False,
    )
    for name in headers:
        is_agent = name == "agent"
        table.add_column(
            name, justify="left" if is_agent else "right", overflow="fold", no_wrap=numbers_fit and not is_agent
        )
    for cells in rows:
        table.add_row(*cells)
    console.print(table)


def hand_json(hand) -> dict:
    """A ``sniper.games.sniper_holdem.hands.Hand`` as JSON data: category name, top number, the five numbers."""
    from sniper.games.sniper_holdem.hands import CATEGORY_NAMES

    return {"category": CATEGORY_NAMES[hand.category], "top": hand.top, "numbers": list(hand.numbers)}


def showdown_json(result, holes, folded) -> dict:
    """The ``sniper showdown --json`` report of a ``sniper.games.sniper_holdem.showdown.ShowdownResult``, naming its
    game as every JSON output does."""
    seats = [
        {
            "seat": seat,
            "hole": list(holes[seat]),
            "folded": seat in folded,
            "hand": hand_json(result.hands[seat]) if seat in result.hands else None,
            "sniped": result.sniped.get(seat, False),
            "payout": result.payout[seat],
        }
        for seat in range(len(holes))
    ]
    return {"game": DEFAULT_GAME, "seats": seats, "winners": list(result.winners), "payout": list(result.payout)}


def print_showdown(result, board, holes, pot: int, first: int) -> None:
    """Print a settled showdown: each seat's cards, hand, whether it was sniped, its payout."""
    table = Table(title=f"Showdown, board {' '.join(map(str, board))}, pot {pot}")
    for name in ("seat", "hole", "hand", "sniped", "payout"):
        table.add_column(name)
    for seat, hole in enumerate(holes):
        made = result.hands.get(seat)
        table.add_row(
            str(seat) + (" (1st)" if seat == first else ""),
            f"{hole[0]} {hole[1]}",
            str(made) if made else "folded",
            "yes" if result.sniped.get(seat) else "",
            str(result.payout[seat]),
        )
    console.print(table)


def number(value: float, spec: str = "+.3f") -> str:
    """A number for a table: ``format(value, spec)``, "∞" for a true infinity (an SPRT log-likelihood ratio when
    every unit agrees) and ``NO_VALUE`` for nan (no value). Intervals use ``sniper.core.stats.interval_text``."""
    if value != value:
        return NO_VALUE
    if value in (float("inf"), float("-inf")):
        return "∞" if value > 0 else "-∞"
    return format(value, spec)


def equity_json(result, exact: bool) -> dict:
    """The ``sniper equity --json`` report of a ``sniper.games.sniper_holdem.rollout.EquityResult``, naming its game
    as every JSON output does."""
    return {
        "game": DEFAULT_GAME,
        "win": result.win,
        "stderr": result.stderr,
        "sniped": result.sniped,
        "dangers": [[name, top, freq] for name, top, freq in result.dangers],
        "samples": result.samples,
        "exact": exact,
    }


def print_equity(result, hole, board, opponents: int, exact: bool) -> None:
    """Print an equity estimate and the hands that beat it most often."""
    how = "exact" if exact else f"{result.samples:,} samples, ± {number(result.stderr, '.4f')}"
    console.print(
        f"hole {hole[0]} {hole[1]}, board {' '.join(map(str, board))}, {opponents} opponent(s): "
        f"win {result.win:.4f} ({how}), sniped {result.sniped:.4f}"
    )
    if result.dangers:
        table = Table(title="Dangers: hands that beat it (opponents per deal)")
        table.add_column("hand")
        table.add_column("frequency", justify="right")
        for name, top, freq in result.dangers:
            table.add_row(f"{top} {name}", f"{freq:.4f}")
        console.print(table)


def print_game_equity(report: dict) -> None:
    """Print a game's equity report (``GameSpec.equity``): win, tie and equity, exact or with standard errors; a
    draw report (with ``best_keep``, ``sniper.games.draw.equity.equity_report``) by ``print_draw_equity``."""
    if "best_keep" in report:
        print_draw_equity(report)
        return
    how = "exact" if report["exact"] else f"{report['samples']:,} samples"
    err = {k: _se(report.get(f"{k}_se")) for k in ("win", "tie", "equity")}
    console.print(
        f"hole {' '.join(report['hole'])}, board {' '.join(report['board']) or '-'}, {report['opponents']} "
        f"opponent(s): equity {report['equity']:.4f}{err['equity']} (win {report['win']:.4f}{err['win']}, "
        f"tie {report['tie']:.4f}{err['tie']}; {how}, {report['deals']:,} deals)"
    )


def _se(value: float | None) -> str:
    return "" if value is None else f" ± {value:.4f}"


def print_draw_equity(report: dict) -> None:
    """Print five-card draw's equity report: the hand, the opponents' model, then for the keep asked and the
    best keep their equity (win, tie, with standard errors) and the exact chances of their final hands."""
    console.print(
        f"hand {' '.join(report['hand'])}, {report['opponents']} opponent(s) ({report['opponent_policy']}), "
        f"{report['samples']:,} samples",
        highlight=False,
    )
    for label, keep in (("keep", report["keep"]), ("best keep", report["best_keep"])):
        if keep is None:
            continue
        finals = ", ".join(f"{name} {p:.3f}" for name, p in keep["categories"].items() if p > 0)
        console.print(
            f"{label} {' '.join(keep['keep'])} (draw {keep['discards']}): equity {keep['equity']:.4f}"
            f"{_se(keep['equity_se'])} (win {keep['win']:.4f}{_se(keep['win_se'])}, tie {keep['tie']:.4f}"
            f"{_se(keep['tie_se'])}); final hand (exact over {keep['replacement_sets']:,} draws): {finals}",
            highlight=False,
        )


PATH_ERRORS = frozenset(
    (
        errno.ENOENT,
        errno.ENOTDIR,
        errno.EISDIR,
        errno.EEXIST,
        errno.EACCES,
        errno.EPERM,
        errno.EROFS,
        errno.ENAMETOOLONG,
    )
)
"""``errno`` values that say an output path cannot be used (a missing folder, a file in the way, no permission):
bad input, exit 2, unlike a failed write (a full disk, a closed pipe), exit 1."""


def output_failed(error: OSError) -> int:
    """A one-line message for a failed write, and the exit code: 2 when the path given cannot be used
    (``PATH_ERRORS``: ``--out README.md/sub``, ``--export nodir/x.phhs``), 1 when writing failed (``> /dev/full``,
    a full disk, a closed pipe).

    A closed pipe (``sniper summary DIR | head -1``) is quiet, as rich's console already is for its own
    output and as Unix tools are: the reader stopped reading on purpose. Standard output is pointed at
    /dev/null so that Python's own flush at exit does not fail again.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        return 1
    where = f" to {error.filename}" if error.filename else ""
    try:
        print(f"sniper: error: cannot write output{where}: {error.strerror or error}", file=sys.stderr)
    except OSError:
        pass
    return 2 if error.errno in PATH_ERRORS and error.filename else 1


def print_game_showdown(report: dict) -> None:
    """Print a game's showdown (``GameSpec.showdown``, Saint Poker's ``sniper.games.saint.showdown``): the river,
    then per player (in ``--hole`` order) its two cards, its hand, its best five and its points."""
    console.print(f"round {report['round']}, river {' '.join(report['board'])}", highlight=False)
    for k, player in enumerate(report["players"]):
        console.print(
            f"  player {k}: {' '.join(player['hole'])}  {player['hand']} ({' '.join(player['best'])})  "
            f"{player['points']} point{'s' * (player['points'] != 1)}",
            highlight=False,
        )

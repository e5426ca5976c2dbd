"""The ``sniper`` command line: a thin typer app over the library (see README.md)."""

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from sniper import __version__

app = typer.Typer(
    help="Simulate Sniper Hold'em at scale and pit its AI players against each other.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
console = Console()


def fail(message: str) -> None:
    """Print a one-line error to stderr and exit with code 2 (bad input)."""
    typer.echo(f"sniper: error: {message}", err=True)
    raise typer.Exit(2)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"sniper {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Simulate Sniper Hold'em at scale and pit its AI players against each other."""


def parse_count(text: str, what: str = "--hands") -> int:
    """A positive whole count from text such as ``1000000`` or ``1e6``; ``ValueError`` otherwise."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what} must be a positive whole number such as 1000 or 1e6, got {text!r}") from None
    if not value.is_integer() or value < 1:
        raise ValueError(f"{what} must be a positive whole number such as 1000 or 1e6, got {text!r}")
    return int(value)


@app.command()
def simulate(
    players: Annotated[int, typer.Option(help="Seats at the table, 2-6 (R2).")] = 4,
    hands: Annotated[str, typer.Option(help="Hands to play at least, e.g. 1e6; whole games are played.")] = "1e4",
    agents: Annotated[
        str | None,
        typer.Option(help="Comma list of agent specs, one per seat or one for all (default: easy/random)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Run seed; every hand is fixed by (seed, game, hand) (R13).")] = 0,
    game_length: Annotated[str, typer.Option(help="Hands per game: 10, 20 or bust (R9).")] = "20",
    rules: Annotated[str, typer.Option(help="Rule preset: ours or show (R12).")] = "ours",
    out: Annotated[Path | None, typer.Option(help="New run directory (default: runs/simulate-<time>).")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (0 = all cores).")] = 0,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Play many games and write one parquet row per seat per hand, then print a summary."""
    from sniper.game import make_rules
    from sniper.results import read_results, summarize
    from sniper.runner import RunConfig
    from sniper.specs import parse_agents

    if not 2 <= players <= 6:
        fail(f"--players must be 2-6 (R2), got {players}")
    if workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    try:
        n_hands = parse_count(hands)
        rule_set = make_rules(rules, game_length)
        default = ",".join(("easy", "random")[i % 2] for i in range(players))
        specs = parse_agents(agents or default, players)
    except ValueError as error:
        fail(str(error))
    out = out or Path("runs") / time.strftime("simulate-%Y%m%d-%H%M%S")
    config = RunConfig(agents=tuple(specs), rules=rule_set, seed=seed, hands=n_hands)
    result = _run_with_progress(config, out, workers or None, quiet)
    console.print(
        f"{result.hands:,} hands in {result.games:,} games, {result.seconds:.1f} s "
        f"({result.hands / max(result.seconds, 1e-9):,.0f} hands/s) → {result.out}"
    )
    print_summary(summarize(read_results(result.out)))


def _run_with_progress(config, out: Path, workers: int | None, quiet: bool):
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from sniper.runner import simulate as run

    columns = (
        TextColumn("[bold]simulate"),
        BarColumn(),
        TextColumn("{task.completed:,.0f}/{task.total:,.0f} hands"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, disable=quiet, transient=True) as bar:
        task = bar.add_task("run", total=config.hands, rate="")
        start = time.perf_counter()

        def update(done: int) -> None:
            rate = done / max(time.perf_counter() - start, 1e-9)
            bar.update(task, completed=min(done, config.hands), rate=f"{rate:,.0f} hands/s")

        try:
            return run(config, out, workers=workers, progress=update)
        except FileExistsError as error:
            fail(str(error))


def print_summary(summary) -> None:
    """Print a per-agent summary table (``sniper.results.summarize``)."""
    table = Table(title="Per agent (net chips per hand, 95% CI)")
    for name in (
        "agent",
        "hands",
        "net/hand",
        "95% CI",
        "showdown wins",
        "snipes made",
        "snipes hit",
        "games won",
    ):
        table.add_column(name, justify="left" if name == "agent" else "right")
    for row in summary.itertuples():
        table.add_row(
            row.agent,
            f"{row.hands:,}",
            f"{row.net_per_hand:+.3f}",
            f"[{row.ci95_low:+.3f}, {row.ci95_high:+.3f}]",
            f"{row.showdown_wins:,}",
            f"{row.snipes_made:,}",
            f"{row.snipes_hit:,}",
            f"{row.games_won:,}",
        )
    console.print(table)


def _hand_json(hand) -> dict:
    from sniper.hands import CATEGORY_NAMES

    return {"category": CATEGORY_NAMES[hand.category], "top": hand.top, "numbers": list(hand.numbers)}


@app.command()
def hand(
    cards: Annotated[list[int], typer.Argument(help="Six numbers 1-10: two private cards, then four board cards.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Name the best 5 of 6 cards (R8), e.g. `sniper hand 7 7 7 2 2 9`."""
    from sniper.hands import best_hand

    if len(cards) != 6:
        fail(f"give six cards (two private, four board), got {len(cards)}")
    try:
        best = best_hand(tuple(cards[:2]), tuple(cards[2:]))
    except ValueError as error:
        fail(str(error))
    typer.echo(json.dumps(_hand_json(best)) if as_json else str(best))


def _parse_hole(text: str) -> tuple[int, int]:
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        cards = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"--hole {text!r} must be two numbers like 6,2") from None
    if len(cards) != 2:
        raise ValueError(f"--hole {text!r} must be two numbers like 6,2")
    return cards


@app.command()
def showdown(
    board: Annotated[tuple[int, int, int, int], typer.Option(help="The four community cards.")],
    hole: Annotated[list[str], typer.Option(help="Private cards of one seat, e.g. 6,2; repeat per seat.")],
    snipe: Annotated[list[str] | None, typer.Option(help='A snipe, e.g. "9 full house"; repeatable.')] = None,
    pot: Annotated[int | None, typer.Option(help="Pot in chips (default: one ante per seat).")] = None,
    first: Annotated[int, typer.Option(help="Seat of the first player (R3).")] = 0,
    folded: Annotated[list[int] | None, typer.Option(help="A seat that folded; repeatable.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Settle a showdown (R8): each seat's hand, whether it was sniped, and its payout."""
    from sniper.cards import check_cards
    from sniper.hands import parse_snipe
    from sniper.showdown import showdown as settle

    folded = set(folded or [])
    try:
        holes = [_parse_hole(h) for h in hole]
        n = len(holes)
        if not 2 <= n <= 6:
            raise ValueError(f"give 2-6 --hole options (R2), got {n}")
        if not 0 <= first < n:
            raise ValueError(f"--first must be a seat 0-{n - 1}, got {first}")
        if bad := sorted(s for s in folded if not 0 <= s < n):
            raise ValueError(f"--folded seat {bad[0]} is not a seat 0-{n - 1}")
        if len(folded) >= n:
            raise ValueError("at least one seat must reach the showdown")
        check_cards([*board, *(c for h in holes for c in h)])
        snipes = [parse_snipe(s) for s in snipe or []]
        pot = n if pot is None else pot
        if pot < 0:
            raise ValueError(f"--pot must be 0 or more chips, got {pot}")
        private = {seat: holes[seat] for seat in range(n) if seat not in folded}
        result = settle(tuple(board), private, snipes, pot, first, n)
    except ValueError as error:
        fail(str(error))
    if as_json:
        seats = [
            {
                "seat": seat,
                "hole": list(holes[seat]),
                "folded": seat in folded,
                "hand": _hand_json(result.hands[seat]) if seat in result.hands else None,
                "sniped": result.sniped.get(seat, False),
                "payout": result.payout[seat],
            }
            for seat in range(n)
        ]
        typer.echo(json.dumps({"seats": seats, "winners": list(result.winners), "payout": list(result.payout)}))
        return
    table = Table(title=f"Showdown, board {' '.join(map(str, board))}, pot {pot}")
    for name in ("seat", "hole", "hand", "sniped", "payout"):
        table.add_column(name)
    for seat in range(n):
        made = result.hands.get(seat)
        table.add_row(
            str(seat) + (" (1st)" if seat == first else ""),
            f"{holes[seat][0]} {holes[seat][1]}",
            str(made) if made else "folded",
            "yes" if result.sniped.get(seat) else "",
            str(result.payout[seat]),
        )
    console.print(table)


def main() -> None:
    """Console entry point: run the app, turning usage errors into one-line messages (exit 2).

    typer's own parsing errors (a bad ``--players``, a missing option) come out as one line
    ``sniper: error: …`` instead of a usage box; Ctrl-C exits with 130.
    """
    try:
        code = app(standalone_mode=False)
    except KeyboardInterrupt:
        code = _interrupted()
    except Exception as error:
        if type(error).__name__ == "Abort":
            code = _interrupted()
        elif hasattr(error, "format_message"):
            typer.echo(f"sniper: error: {error.format_message()}", err=True)
            code = 2
        else:
            raise
    sys.exit(code if isinstance(code, int) else 0)


def _interrupted() -> int:
    typer.echo("sniper: interrupted", err=True)
    return 130

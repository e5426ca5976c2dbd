"""Shared pieces of the command line (``sniper.cli.app``): option types, the card-option parser, ``fail``.

Every default shown by ``--help`` comes from ``sniper.core.defaults``, the values the library applies.
A new command takes its options from here and calls one library function.
"""

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from sniper.core import defaults
from sniper.core.errors import ParameterError
from sniper.core.inputs import utf8
from sniper.core.registry import DEFAULT_GAME, game_names, get_game

GAME = get_game(DEFAULT_GAME)
"""The default game, whose facts (seat range …) the help texts show."""

FLAGS = {"holes": "the --hole options", "resume_dir": "--resume", "fmt": "--format"}
"""The library's parameter names (which its errors name, ``sniper.core.errors.ParameterError``) whose option is
not ``--`` and the name with dashes (``flag_of``)."""


def flag_of(name: str) -> str:
    """The option of the command line that gives the library's parameter ``name``: the one place the CLI maps
    one to the other (``FLAGS``, else ``--`` and the name with dashes).

    >>> flag_of("max_hands"), flag_of("holes")
    ('--max-hands', 'the --hole options')
    """
    return FLAGS.get(name, "--" + name.replace("_", "-"))


def cli_message(error: BaseException | str) -> str:
    """The one-line message of ``error`` for the command line: a ``ParameterError`` names its parameters as
    their options (``flag_of``); anything else as it is.

    >>> from sniper.core.registry import get_game
    >>> try:
    ...     get_game("sniper").check_seats(7)
    ... except ValueError as error:
    ...     cli_message(error)
    "--players must be 2-6 (Sniper Hold'em seats), got 7"
    """
    return error.named(flag_of) if isinstance(error, ParameterError) else str(error)


def fail(error: BaseException | str) -> NoReturn:
    """Print a one-line error to stderr (``cli_message``: library parameter names as options) and exit with
    code 2 (bad input)."""
    typer.echo(f"sniper: error: {cli_message(error)}", err=True)
    raise typer.Exit(2)


class TidyHelp:
    """Mixin for click commands and groups whose ``--help`` reads cleanly: every value option shows its metavar
    (``N``, ``DIR``, ``SPEC``…), never a Python type such as ``<int>``; flags show no value; every default shows
    one way, ``[default: X]`` at the end of the help text (``show_default`` strings too, e.g. ``[default: no
    limit]``). The defaults themselves come from ``sniper.core.defaults`` through each option's declaration.
    """

    def get_params(self, ctx):
        """click's parameters (the help option included), tidied for ``--help`` by ``tidy_help`` (idempotent)."""
        params = super().get_params(ctx)
        for param in params:
            tidy_help(param)
        return params


class Command(TidyHelp, TyperCommand):
    """A ``sniper`` command with the clean ``--help`` of ``TidyHelp``."""


class Group(TidyHelp, TyperGroup):
    """The ``sniper`` app itself, with the clean ``--help`` of ``TidyHelp``."""


def tidy_help(param) -> None:
    """Give one click parameter the clean ``--help`` described in ``TidyHelp`` (idempotent).

    A flag gets an empty metavar (no type column); an argument's type column is dropped (its metavar names
    it); a default, given or described, moves into the help text as ``[default: X]``.
    """
    if getattr(param, "is_flag", False) and param.metavar is None:
        param.metavar = ""
    if param.param_type_name == "argument" and hasattr(param, "display_type_rich"):
        param.display_type_rich = _no_type  # typer >= 0.16 shows <path>, <str>… beside the name
    shown = getattr(param, "show_default", None)
    if shown is False or param.param_type_name == "argument":
        return
    if isinstance(shown, str):
        text = shown
    elif getattr(param, "is_flag", False) or param.default is None or isinstance(param.default, (list, tuple)):
        text = ""
    else:
        text = str(param.default)
    if text:
        param.help = f"{param.help or ''} [default: {text}]".strip()
    param.show_default = False


def _no_type(ctx) -> None:
    """No type column in ``--help``: the parameter's metavar says what it takes."""
    return None


class CardsCommand(Command):
    """A command whose ``--board``/``--hole`` take their numbers space- or comma-separated: the option's parser
    also takes the words after its value, up to the next option (``--board 6 6 9 9`` = ``--board 6,6,9,9``).

    The arguments are never rewritten: click's parser for the two options consumes the extra words itself,
    through click's ``OptionParser._long_opt`` (the one private name used; the card-option tests of
    ``tests/test_cli.py`` fail if it goes).
    """

    card_options = ("--board", "--hole", "--hand", "--keep")

    def make_parser(self, ctx):
        """click's parser, with each card option also taking the words after its value (joined by spaces)."""
        parser = super().make_parser(ctx)
        for name in self.card_options:
            if name not in parser._long_opt:
                continue
            option = parser._long_opt[name]

            def process(value, state, plain=option.process):
                words = [value]
                while state.rargs and not state.rargs[0].startswith("-"):
                    words.append(state.rargs.pop(0))
                plain(" ".join(words), state)

            option.process = process
        return parser

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        """click's parsing; a stray word gets a hint on where cards go and that snipes are quoted."""
        try:
            return super().parse_args(ctx, args)
        except Exception as error:  # click's UsageError, vendored inside typer
            if str(getattr(error, "message", "")).startswith("Got unexpected extra argument"):
                error.message += (
                    "; cards go right after --board/--hole (e.g. --board 6 6 9 9 --hole 6,2), and a snipe is quoted "
                    '(e.g. --snipe "9 full house")'
                )
            raise


def note_outside_agents(specs, game: str = DEFAULT_GAME) -> None:
    """Print the one-line note that outside agents play on the reference engine, if any are in ``specs``
    (``GameSpec.choose_engine``)."""
    known = get_game(game)
    note = known.choose_engine(list(specs), known.default_engine)[1]
    if note:
        typer.echo(f"sniper: note: {note}", err=True)


@contextmanager
def playing(
    label: str,
    specs,
    engine: str | None,
    workers: int,
    scheduler: str | None,
    total: int | None,
    quiet: bool,
    game: str = DEFAULT_GAME,
):
    """What every command that plays games does around the library call: the engine the specs need
    (``engine``, or the game's default; outside agents play on the reference engine, with a note), the numba
    warm-up, the backend and the progress bar. Yields (engine, backend, update)."""
    from sniper.cli import terminal as show
    from sniper.runs.backends import Backend

    known = get_game(game)
    engine = known.choose_engine(list(specs), engine or known.default_engine)[0]
    note_outside_agents(specs, game)
    if scheduler is None:
        show.warm_up(engine, quiet, game)
    with Backend(workers or None, scheduler, engine=engine) as backend:
        with show.progress_bar(label, total, quiet, game=game) as update:
            yield engine, backend, update


def run(app) -> NoReturn:
    """Run the typer ``app`` as the console script: usage errors as one line ``sniper: error: …`` (exit 2)
    instead of a usage box, Ctrl-C exits 130, a failed write exits 1, or 2 when the output path given cannot be
    used (``terminal.output_failed``)."""
    from sniper.cli import terminal as show

    for argument in sys.argv[1:]:
        if not utf8(argument):
            shown = os.fsencode(argument).decode("utf-8", "backslashreplace")
            typer.echo(f"sniper: error: '{shown}' is not valid UTF-8 (a name in another encoding); rename it", err=True)
            sys.exit(2)
    try:
        code = app(standalone_mode=False)
        sys.stdout.flush()
        if code == 130:  # typer turns a Ctrl-C outside a command's own handling into a silent exit 130
            code = _interrupted()
    except Interrupted as stop:
        code = _interrupted(stop.run_dir)
    except KeyboardInterrupt:
        code = _interrupted()
    except OSError as error:
        code = show.output_failed(error)
    except Exception as error:
        if type(error).__name__ == "Abort":
            code = _interrupted()
        elif hasattr(error, "format_message"):
            message = error.format_message()
            if message:  # no arguments at all: click has printed the help, which is the message
                typer.echo(f"sniper: error: {message}", err=True)
            code = 2
        else:
            raise
    sys.exit(code if isinstance(code, int) else 0)


class Interrupted(Exception):
    """Ctrl-C during ``simulate``: ``run`` says so, and how to finish ``run_dir`` once it has a manifest."""

    def __init__(self, run_dir: Path | None):
        super().__init__(run_dir)
        self.run_dir = run_dir


def _interrupted(run_dir: Path | None = None) -> int:
    """Say "interrupted" in one line (how to finish the run when ``run_dir`` has a manifest); returns 130."""
    from sniper.cli import terminal as show
    from sniper.runs.rundir import is_run_dir

    resume = run_dir is not None and is_run_dir(run_dir)
    hint = f"; finished parts are kept; finish with: {show.resume_hint(None, run_dir)}" if resume else ""
    typer.echo(f"sniper: interrupted{hint}", err=True)
    return 130


def _show_version(value: bool) -> None:
    if value:
        from sniper import __version__

        typer.echo(f"sniper {__version__}")
        raise typer.Exit()


Version = Annotated[
    bool,
    typer.Option("--version", metavar="", callback=_show_version, is_eager=True, help="Show the version and exit."),
]


def count_text(n: int) -> str:
    """A count as typed on the command line: ``10000`` → ``"1e4"``, ``2000`` → ``"2000"``.

    >>> count_text(1_000_000), count_text(2000)
    ('1e6', '2000')
    """
    mantissa, exponent = f"{n:e}".split("e")
    return f"{float(mantissa):g}e{int(exponent)}" if n >= 10_000 and float(mantissa).is_integer() else str(n)


def given(kind: type, metavar: str, help: str, default) -> object:
    """An option that is ``None`` when not given (so ``--resume`` can tell) whose default, applied by the library,
    ``--help`` shows."""
    return Annotated[kind | None, typer.Option(metavar=metavar, help=help, show_default=str(default))]


def flag(name: str, help: str) -> object:
    """A boolean flag ``name`` (no ``--no-…`` form), off unless given."""
    return Annotated[bool, typer.Option(name, help=help)]


def per_game(fact) -> str:
    """A fact of every registered game as the help texts show it: ``"draw 2-6; holdem 2-9; sniper 2-6"`` for
    ``fact(spec) = spec.seat_text`` (each game's own rule: R2, H1, D1)."""
    return "; ".join(f"{name} {fact(get_game(name))}" for name in game_names())


SEATS = per_game(lambda spec: spec.seat_text)
OTHER_UNITS = ", ".join(f"{name}: {get_game(name).unit}s" for name in game_names() if get_game(name).unit != "hand")
"""The games whose "hand" has its own name (``GameSpec.unit``), for the help texts: ``"saint: rounds"``."""
HANDS_WORD = f"Hands ({OTHER_UNITS})" if OTHER_UNITS else "Hands"
"""What the help texts call the hands to play."""
"""Every game's seat range as the help texts show it (R2, H1, D1)."""
Players = given(int, "N", f"Seats at the table: {SEATS}.", defaults.PLAYERS)
Hands = given(str, "N", f"{HANDS_WORD} to play at least, e.g. 1e6; whole games are played.", count_text(defaults.HANDS))
Agents = given(
    str,
    "SPECS",
    "Comma list of agent specs (hard:bluff=0.1; Sniper Hold'em's hard+beater), one per seat or one for all.",
    "the game's: " + per_game(lambda spec: ",".join(spec.seated_agents(spec.fit_seats(defaults.PLAYERS)))),
)
MAX_SEED = 2**64 - 1
"""Seeds are unsigned 64-bit words (``sniper.core.rng``): a seed outside 0..MAX_SEED is refused, not wrapped."""


def seed_in(top: int):
    """An option callback refusing a seed outside ``0..top`` (click's one-line usage error, exit 2)."""

    def check(value: int | None) -> int | None:
        if value is not None and not 0 <= value <= top:
            raise typer.BadParameter(f"{value} is not a seed: seeds run from 0 to {top}")
        return value

    return check


RunSeed = Annotated[
    int | None,
    typer.Option(
        metavar="N",
        help="Run seed, 0 to 2^64-1; every hand is fixed by (seed, game, hand) (R13).",
        show_default=str(defaults.SEED),
        callback=seed_in(MAX_SEED),
    ),
]
LENGTHS = per_game(lambda spec: "|".join(spec.game_lengths))
"""Every game's lengths as the help texts show them (R9, H10, D9)."""
PRESETS = per_game(lambda spec: "|".join(spec.rules))
"""Every game's rule presets as the help texts show them (Sniper Hold'em's R12)."""
MaybeGameLength = given(
    str, "LENGTH", f"{HANDS_WORD} per game: {LENGTHS}.", "the game's: " + per_game(lambda spec: spec.default_length)
)
MaybeRules = given(
    str, "PRESET", f"Rule preset: {PRESETS}.", "the game's: " + per_game(lambda spec: spec.default_rules)
)
MaybeEngine = given(
    str, "kernel|reference", "Engine: numba kernel or pure-Python reference, same results (R13).", GAME.default_engine
)
DecisionTimeout = Annotated[
    float | None,
    typer.Option(
        metavar="SECONDS", help="Seconds each decision of an outside agent may take.", show_default="no limit"
    ),
]
ChunkGames = given(
    int,
    "N",
    f"Games per chunk (unit of work and of parquet parts); auto: about 1/{defaults.CHUNKS_PER_RUN} of the run, "
    f"{defaults.CHUNK_GAMES}-{defaults.KERNEL_CHUNK_GAMES} games, with the kernel; about "
    f"1/{defaults.REFERENCE_CHUNKS} of it, 1-{defaults.CHUNK_GAMES} games, with the reference engine.",
    "auto",
)
Out = Annotated[
    Path | None, typer.Option(metavar="DIR", help="New run directory.", show_default="runs/simulate-DATE-TIME")
]
Resume = Annotated[
    Path | None,
    typer.Option(
        metavar="DIR", help="Finish the interrupted run in this directory (options given must equal its own)."
    ),
]
Workers = Annotated[
    int,
    typer.Option(
        metavar="N",
        help="Cores to use, 0 = all: numba threads in this process (kernel engine) or spawned worker "
        "processes (reference engine; 1 = this process only).",
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option(metavar="URL", help="Run chunks on an existing dask.distributed cluster, e.g. tcp://127.0.0.1:8786."),
]
AutoChunk = Annotated[int, typer.Option(metavar="N", help="Games per chunk of work (0 = sized from --hands).")]
GameLength = MaybeGameLength
Rules = MaybeRules
Engine = given(
    str, "kernel|reference", "Engine: numba kernel or pure-Python reference; same results (R13).", GAME.default_engine
)
Seed = Annotated[
    int,
    typer.Option(
        metavar="N", help="Seed, 0 to 2^64-1; the deals are fixed by (seed, game, hand) (R13).", min=0, max=MAX_SEED
    ),
]
GameName = Annotated[
    str,
    typer.Option(
        "--game",
        metavar="NAME",
        help=f"The game to play: {', '.join(game_names())} ({GAME.title}).",
    ),
]
MaybeGameName = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="NAME",
        help=f"The game to play: {', '.join(game_names())} ({GAME.title}); with --resume, the run's own.",
        show_default=DEFAULT_GAME,
    ),
]
_LBR_GAMES = ", ".join(n for n in game_names() if get_game(n).exploit)
ExploitGameName = Annotated[str, typer.Option("--game", metavar="NAME", help=f"The game: {_LBR_GAMES} ({GAME.title}).")]
CardsGameName = given(str, "NAME", f"The game of the cards: {', '.join(game_names())} ({GAME.title}).", DEFAULT_GAME)
ServeGames = Annotated[
    list[str] | None,
    typer.Option(
        "--game",
        metavar="NAME",
        help=f"A game to host (repeat for more): {', '.join(game_names())}; default every game.",
        show_default=False,
    ),
]
Quiet = flag("--quiet", "No progress bar.")
Json = flag("--json", "Print JSON only.")
SummaryBy = Annotated[
    str, typer.Option("--by", metavar="agent|seat", help="One row per agent (its seats merged) or per seat.")
]
PlainJson = flag("--json", "Print JSON.")
DuelPlayers = Annotated[int, typer.Option(metavar="N", help=f"Seats, split between A and B: {SEATS}.")]
DuelHands = given(
    str, "N", f"{HANDS_WORD} to play at least, all seatings counted, e.g. 1e4.", count_text(defaults.HANDS)
)
UntilCi = Annotated[
    float | None,
    typer.Option(metavar="CHIPS", help="Play on until the 95% CI half-width is below this (chips/hand)."),
]
MaxHands = given(
    str, "N", "Most hands to play with --until-ci or --sprt (and at most with --hands).", count_text(defaults.MAX_HANDS)
)
SprtOption = Annotated[
    str | None,
    typer.Option(
        "--sprt",
        metavar="H0:H1",
        help="Sequential test of A's edge H0 against H1 (chips/hand, e.g. 0:0.2): play until it decides.",
    ),
]
Alpha = Annotated[float, typer.Option(metavar="P", help="SPRT: chance of accepting H1 when H0 is true.")]
Beta = Annotated[float, typer.Option(metavar="P", help="SPRT: chance of accepting H0 when H1 is true.")]
TablePlayers = Annotated[int, typer.Option(metavar="N", help=f"Seats per table: {SEATS}.")]
LeagueHands = Annotated[str, typer.Option(metavar="N", help="Hands per pairing (and for the multiway tables).")]
LEAGUE_HANDS = count_text(defaults.LEAGUE_HANDS)
LeagueOut = Annotated[Path | None, typer.Option(metavar="DIR", help="New directory for the parquet results.")]
Board = Annotated[str, typer.Option(metavar="N N N N", help="The four community cards, e.g. --board 6 6 9 9.")]
Holes = Annotated[
    list[str], typer.Option(metavar="N,N", help="Private cards of one seat, e.g. --hole 6,2; repeat per seat.")
]
Snipes = Annotated[
    list[str] | None, typer.Option(metavar="SNIPE", help='A snipe, e.g. "9 full house" (R7); repeatable.')
]
Pot = Annotated[int | None, typer.Option(metavar="CHIPS", help="Pot in chips.", show_default="one ante per seat")]
First = Annotated[int, typer.Option(metavar="SEAT", help="Seat of the first player (R3).")]
Folded = Annotated[list[int] | None, typer.Option(metavar="SEAT", help="A seat that folded; repeatable.")]
ShowdownRound = Annotated[
    int | None, typer.Option("--round", metavar="R", help="The round, 1-8, whose points are at stake (--game saint).")
]
Hole = Annotated[
    str | None,
    typer.Option(metavar="N N", help="The seat's two private cards, e.g. --hole 7 7 (--game holdem: --hole As Kd)."),
]
VisibleBoard = Annotated[
    str | None,
    typer.Option(
        metavar="N N [N N]",
        help="The 2 or 4 visible board cards, e.g. --board 7 2 or --board 7,2 (--game holdem: 0 or 3-5 cards).",
    ),
]
DrawHand = Annotated[
    str | None,
    typer.Option(metavar="C C C C C", help="--game draw: the seat's five cards, e.g. --hand Ah Ad 7c 4s 2d."),
]
Keep = Annotated[
    str | None,
    typer.Option(
        metavar="C C [C …]",
        help="--game draw: the 2-5 cards kept (0-3 discards, D5), e.g. --keep Ah Ad; without it, the best keep only.",
    ),
]
Opponents = Annotated[int, typer.Option(metavar="N", help="Opponents still in: up to the game's seats less one.")]
MadeSnipes = Annotated[
    list[str] | None,
    typer.Option(metavar="SNIPE", help='A snipe already made, e.g. "7 full house" (R7); repeatable.'),
]
SAMPLES = count_text(defaults.EQUITY_SAMPLES)
Samples = given(str, "N", "Monte Carlo samples, e.g. 1e5.", f"{SAMPLES}; with --game, the game's own")
Exact = flag("--exact", "Enumerate exactly where the game can (Sniper Hold'em: a board of 4, 1-2 opponents).")
SampleSeed = Annotated[
    int, typer.Option(metavar="N", help="Monte Carlo seed, 0 to 2^64-1.", callback=seed_in(MAX_SEED))
]
Against = Annotated[
    str,
    typer.Option(
        metavar="SPECS",
        help="Opponents: one spec per other seat, or one for all; with --aggregate, a population met one at a time.",
    ),
]
Aggregate = Annotated[
    str | None,
    typer.Option(
        metavar="HOW",
        help="Score against each --against spec in its own duplicate duel (heads-up unless --players) and take the "
        "mean or the worst of the edges: mean or worst.",
        show_default="a field: all --against specs at one table",
    ),
]
Objective = Annotated[
    str,
    typer.Option(
        metavar="NAME",
        help="What a trial maximises: edge (chips/hand against --against) or lbr (chips/hand against a local best "
        "response, heads-up: the least exploitable wins; holdem, sniper and draw).",
    ),
]
Params = Annotated[
    list[str], typer.Option(metavar="NAME=LOW:HIGH", help="A searched parameter, NAME=LOW:HIGH[:int|:log]; repeatable.")
]
TunePlayers = given(
    int, "N", f"Seats: {SEATS}.", f"one per --against spec + 1, or {defaults.TUNE_PLAYERS} for one spec"
)
Trials = Annotated[int, typer.Option(metavar="N", help="Finished trials the study should reach.")]
HandsPerTrial = Annotated[
    str,
    typer.Option(
        metavar="N",
        help="Hands per trial, all seatings counted: fixes the duplicate groups every trial plays (rounded up to "
        "whole groups; fewer hands are played when games end early, as the report says).",
    ),
]
HANDS_PER_TRIAL = count_text(defaults.TUNE_HANDS_PER_TRIAL)
TuneSeed = Annotated[
    int,
    typer.Option(
        metavar="S", help="Seed S: tuning on run seed 2S, validation on 2S+1.", callback=seed_in(MAX_SEED // 2)
    ),
]
ValidateHands = Annotated[
    str,
    typer.Option(
        metavar="N",
        help="Hands per validated configuration, fixing its duplicate groups as --hands-per-trial does.",
    ),
]
VALIDATE_HANDS = count_text(defaults.TUNE_VALIDATE_HANDS)
TimeBudget = Annotated[
    float | None,
    typer.Option(
        metavar="US",
        help="Most CPU µs per decision allowed (none within it: exit 0 saying so, JSON best_spec null).",
        show_default="no limit",
    ),
]
Study = Annotated[Path, typer.Option(metavar="DIR", help="Study directory (DIR/study.db); re-run to continue.")]
STUDY = Path(defaults.TUNE_STUDY)
RunDir = Annotated[Path, typer.Argument(metavar="DIR", help="A run directory.")]
ReplayGame = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="NAME",
        help="The run's game, checked (optional; a number here is the old spelling of --game-index, deprecated).",
        show_default="the run's",
    ),
]
GameIndex = Annotated[
    int | None, typer.Option("--game-index", metavar="N", help="The game's number within the run (from 0).")
]
HandNumber = Annotated[int | None, typer.Option(metavar="N", help="Hand number within the game (from 0).")]
Format = Annotated[
    str,
    typer.Option(
        "--format",
        metavar="text|json|phh|rows",
        help="Output format: text, the hand history in words; json; phh, PokerKit's (docs/PHH.md); rows (no-limit "
        "Hold'em, draw and other games), the hand's rows of each table.",
    ),
]
Export = Annotated[Path | None, typer.Option(metavar="FILE", help="Write every hand of --games to this .phhs file.")]
Games = Annotated[str | None, typer.Option(metavar="RANGE", help="Games to export: N or FIRST-LAST, e.g. 0-99.")]
Host = Annotated[str, typer.Option(metavar="HOST", help="Address to listen on (the default: this machine only).")]
Port = Annotated[int, typer.Option(metavar="PORT", help="TCP port, 1-65535.", min=1, max=65535)]
ServeOut = Annotated[Path, typer.Option(metavar="DIR", help="Each finished game is written to DIR/ROOM/.")]
TurnSeconds = Annotated[
    float, typer.Option(metavar="SECONDS", help="Seconds per turn before the timeout rule (R11).", min=1)
]
AiDelay = Annotated[
    float,
    typer.Option(
        metavar="SECONDS", help="Least time an AI seat takes per decision, so people can follow (0 for bots).", min=0
    ),
]
AllowOrigin = Annotated[
    list[str] | None,
    typer.Option(
        metavar="URL",
        help="Also accept this origin and its host, e.g. https://cards.example (a proxy); repeatable.",
    ),
]
RoomsPerClient = Annotated[int, typer.Option(metavar="N", help="Open rooms one client address may have.", min=1)]
RoomsPerMinute = Annotated[int, typer.Option(metavar="N", help="Rooms one client address may open a minute.", min=1)]
MaxConnections = Annotated[int, typer.Option(metavar="N", help="Connections at once (more get HTTP 503).", min=1)]

"""Checks of user input shared by the command line and the library: counts, card lists, backends.

Each function raises ``ValueError`` with a one-line message that names the parameter
(``sniper.core.errors.ParameterError``, shown by the CLI as its option: ``sniper: error: …``, exit 2), or,
for the counts and card lists the CLI parses, the option it is given.
"""

from collections.abc import Mapping, Sequence

from sniper.core.errors import ParameterError, error_line  # noqa: F401 - error_line re-exported (sniper.runs)
from sniper.core.registry import DEFAULT_GAME, game_names, get_game

MAX_COUNT = 10**10
"""Largest ``--hands``/``--max-hands``/``--samples`` accepted: 1e10 hands take days even on many cores."""

EQUITY_HOLE_HINT = "--hole takes two numbers, e.g. --hole 7 7"
EQUITY_BOARD_HINT = "--board takes 2 or 4 numbers, e.g. --board 7 2 or --board 7 2 2 9"
BOARD_HINT = "--board takes four numbers separated by spaces, e.g. --board 6 6 9 9"
SHOWDOWN_HOLE_HINT = "--hole takes two numbers joined by a comma, e.g. --hole 6,2 (repeat --hole for each seat)"


def utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (it holds no lone surrogate): a command-line argument
    holding bytes in another encoding (which Python carries as lone surrogates) cannot be written to
    a manifest or printed, so the CLI refuses it before anything is written; the server refuses such
    a name with 422.

    >>> utf8("runs/Zoë 😀"), utf8("r\\udcff")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_count(text: str, what: str = "--hands", maximum: int = MAX_COUNT) -> int:
    """A positive whole count up to ``maximum`` from text such as ``1000000`` or ``1e6``; ``ValueError`` otherwise.

    >>> parse_count("1e4")
    10000
    """
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what} must be a positive whole number such as 1000 or 1e6, got {text!r}") from None
    if not value.is_integer() or value < 1:
        raise ValueError(f"{what} must be a positive whole number such as 1000 or 1e6, got {text!r}")
    if value > maximum:
        raise ValueError(f"{what} must be at most {maximum:,}, got {text!r}")
    return int(value)


def parse_cards(text: str, counts: tuple[int, ...], hint: str) -> tuple[int, ...]:
    """The numbers of a card option's value (space- or comma-separated); ``ValueError`` saying ``hint`` otherwise.

    Only the count and the syntax are checked here; the card values (1-10, R1) are checked by the library.

    >>> parse_cards("6 6,9 9", (4,), BOARD_HINT)
    (6, 6, 9, 9)
    """
    try:
        cards = tuple(int(p) for p in text.replace(",", " ").split())
    except ValueError:
        cards = ()
    if len(cards) not in counts:
        raise ValueError(f"{hint}; got {text!r}")
    return cards


def parse_games(text: str) -> range:
    """The game numbers of a range text, "7" or "0-99" (both ends included: ``sniper replay --export``);
    ``ParameterError`` naming ``games`` otherwise.

    >>> parse_games("0-99"), parse_games("7")
    (range(0, 100), range(7, 8))
    """
    low, dash, high = str(text).partition("-")
    try:
        start, stop = int(low), int(high) if dash else int(low)
    except ValueError:
        raise ParameterError("{games} takes a game number or a range such as 0-99, got {got!r}", got=text) from None
    if start < 0 or stop < start:
        raise ParameterError("{games} range {got!r} must be 0 <= first <= last", got=text)
    return range(start, stop + 1)


def check_game(game: str) -> None:
    """``ValueError`` naming the registered games unless ``game`` is one (``sniper.core.registry``)."""
    get_game(game)


def check_players(players: int, game: str = DEFAULT_GAME) -> None:
    """``ValueError`` unless ``game`` is a registered game and ``players`` a seat count of it
    (``GameSpec.seats``; Sniper Hold'em: R2)."""
    get_game(game).check_seats(players, "players")


def check_backend(workers: int, scheduler: str | None, chunk_games: int | None = None) -> None:
    """``ValueError`` for a negative ``workers``, a ``scheduler`` that is not an address, or a negative
    ``chunk_games`` (0 = sized automatically)."""
    if workers < 0:
        raise ParameterError("{workers} must be 0 (all cores) or more, got {got}", got=workers)
    if scheduler is not None and "://" not in scheduler:
        raise ParameterError("{scheduler} must be an address such as tcp://127.0.0.1:8786, got {got!r}", got=scheduler)
    if chunk_games is not None and chunk_games < 0:
        raise ParameterError("{chunk_games} must be 0 (auto) or more, got {got}", got=chunk_games)


def check_equity_request(board: tuple[int, ...], opponents: int, exact: bool, max_opponents: int) -> None:
    """``ValueError`` for an equity request ``sniper.games.sniper_holdem.rollout.equity`` cannot answer as asked
    (opponents out of
    range; ``exact`` without all 4 board cards or with more than 2 opponents)."""
    if not 1 <= opponents <= max_opponents:
        raise ParameterError("{opponents} must be 1-{most}, got {got}", most=max_opponents, got=opponents)
    if exact and len(board) != 4:
        raise ParameterError(
            "{exact} needs all 4 board cards, got {got} (leave out {exact} for a Monte Carlo estimate)", got=len(board)
        )
    if exact and opponents > 2:
        raise ParameterError(
            "{exact} works with 1 or 2 opponents, got {got} (leave out {exact} for a Monte Carlo estimate)",
            got=opponents,
        )


EQUITY_CARDS = ("hole", "board", "hand", "keep")
"""The card parameters a game's equity may take (``GameSpec.equity``; the ``sniper equity`` options of the same
names): Sniper Hold'em's and Hold'em's ``hole`` and ``board``, five-card draw's ``hand`` and ``keep``."""


def _games_with(hook: str) -> str:
    """The registered games that declare ``hook`` (a ``GameSpec`` field), for the messages of a game without."""
    return ", ".join(name for name in game_names() if getattr(get_game(name), hook) is not None)


def check_equity_cards(title: str, takes: tuple[str, ...], cards: Mapping[str, str | None]) -> dict[str, str]:
    """The card texts of ``cards`` (parameter name → text, ``None`` when not given) that an equity taking the
    card parameters ``takes`` (the first required) is given, commas read as spaces. ``ParameterError`` naming
    the parameters for a card parameter the game's equity does not take, or its first one missing."""
    given = {name: text.replace(",", " ") for name, text in cards.items() if text is not None}
    wanted = " and ".join("{" + name + "}" for name in takes)
    for name in given:
        if name not in takes:
            raise ParameterError(f"{{title}}'s equity takes {wanted}, not {{{name}}}", title=title)
    if takes and takes[0] not in given:
        raise ParameterError("give {" + takes[0] + "}: {title}'s equity takes " + wanted, title=title)
    return given


def game_equity(
    game: str, cards: Mapping[str, str | None], opponents: int, exact: bool, samples: str | None, seed: int
) -> dict:
    """The equity report of game ``game`` (``GameSpec.equity``: strict-JSON-ready data) for the card texts
    ``cards`` (a name of ``EQUITY_CARDS`` → space- or comma-separated text, ``None`` when not given), with
    ``samples`` as a count text ("1e5"; ``None``: the game's own default) and ``exact`` asked or not.

    The game's equity function is called with keywords: the card texts by the names of its own card
    parameters (its keyword parameters among ``EQUITY_CARDS``: Hold'em's ``hole`` and ``board``, draw's
    ``hand`` and ``keep``), ``opponents``, ``seed``, ``samples`` when given and ``exact`` when asked (a game
    whose equity has no ``exact`` parameter refuses it). ``ValueError`` naming the parameter for an unknown
    game, a game without equity, cards it does not take, bad cards or counts."""
    import inspect

    spec = get_game(game)
    if spec.equity is None:
        with_one = f"{DEFAULT_GAME}, {_games_with('equity')}"
        raise ValueError(f"{spec.title} has no equity calculator; games with one: {with_one}")
    report = spec.resolve(spec.equity)
    parameters = inspect.signature(report).parameters
    given = check_equity_cards(spec.title, tuple(name for name in parameters if name in EQUITY_CARDS), cards)
    options: dict[str, object] = {"opponents": opponents, "seed": seed}
    if samples is not None:
        options["samples"] = parse_count(samples, "samples")
    if exact:
        if "exact" not in parameters:
            raise ParameterError("{title}'s equity has no {exact} mode", title=spec.title)
        options["exact"] = True
    return report(**given, **options)


def game_showdown(game: str, board: str, holes: Sequence[str], round_number: int | None) -> dict:
    """The showdown of game ``game`` (``GameSpec.showdown``: strict-JSON-ready data) of the card texts ``board`` and
    ``holes`` (one text per player), with ``round`` when given (``None``: the game's default). ``ValueError``
    (one line) for an unknown game, a game without one, or what the game refuses."""
    spec = get_game(game)
    if spec.showdown is None:
        raise ValueError(
            f"{spec.title} has no showdown of its own; games with one: {DEFAULT_GAME}, {_games_with('showdown')}"
        )
    options = {} if round_number is None else {"round": round_number}
    return spec.resolve(spec.showdown)(board, list(holes), **options)

"""Duplicate duels: which of two agent specs wins more chips, with a confidence interval (R13).

Duplicate dealing. Every hand's deck depends only on (seed, game, hand) and each seat's decisions
draw from streams keyed by the seat (R13). A duel replays every game under several *seatings*:
each seating says, seat by seat, whether A or B sits there. Heads-up the seatings are A-B and
B-A; with N seats they are every rotation of the alternating pattern A-B-A-… and of its
complement B-A-B-…, so each agent holds each seat, with the same cards and the same random
streams, equally often. The luck of the cards largely cancels within one game's seatings.

Statistics. The independent unit is the *duplicate group*: one game index played under all
seatings. For group ``g`` let ``Y_g`` be the chips A's seats won in it (summed over its seatings
and hands) and ``H_g`` its hands (each hand counted once, whatever the number of seats). The
result is ``net_per_hand = sum(Y) / sum(H)``: chips per hand won by A's seats together from B's
seats (heads-up: A's net chips per hand). Its 95% CI is the clustered ratio estimator's
(``sniper.core.stats.clustered_mean_ci``: linearised standard error, Student t with ``n-1`` df), over
at least ``MIN_GROUPS`` groups so that it is finite; when every group has the same result (a spec
against itself) there is none (``nan``, null in JSON), nor does ``until_ci`` stop on it.
``independent_half_width`` is the same CI computed with every (game, seating) as its own unit,
as if the same hands had been dealt independently; ``variance_ratio = (independent /
duplicate)^2`` is how many times more hands independent deals would need for the same precision.

Stopping. A duel plays ``hands`` hands (whole groups); or, with ``until_ci``, until the CI
half-width is below it (evaluated after each chunk); or, with ``sprt``, until a sequential
probability ratio test (``sniper.core.sprt.Sprt``) decides between two edges (evaluated after each
group). Both follow chunk order and game order, so results never depend on the number of
workers, and stop at ``max_hands`` at the latest: a limit is never exceeded by more than the
group that reaches it.

Any registered game (``DuelSetup.game``, ``sniper.core.registry``): its seat range, rules, engines and
hands table (the ``sniper.core.tables.HAND_COLUMNS``: ``net`` and ``stack_after``) are all a duel reads.
"""

import itertools
import time
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field, replace

import numpy as np

from sniper.core import defaults
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, GameRules, bb_per_100, get_game
from sniper.core.sprt import Sprt
from sniper.core.stats import MIN_UNITS, json_safe, ratio_ci
from sniper.runs.backends import Backend
from sniper.runs.config import RunConfig
from sniper.runs.runner import play_chunk

VERDICTS = ("A is stronger", "B is stronger", "no significant difference")
MIN_GROUPS = MIN_UNITS
"""Fewest duplicate groups a duel plays: a finite 95% CI needs at least 2 (``sniper.core.stats``)."""
UNTIL_CI_MIN_GROUPS = 10
MAX_CHUNK_GAMES = 25


def seatings(players: int, game: str = DEFAULT_GAME) -> list[str]:
    """The seatings of a duel at ``players`` seats: strings of "A"/"B", one letter per seat.

    Every rotation of "ABAB…" and of "BABA…", without repeats, so each agent holds each seat
    equally often. ``ValueError`` unless ``players`` is a seat count of ``game`` (``GameSpec.seats``; R2).

    >>> seatings(2), seatings(3)
    (['AB', 'BA'], ['ABA', 'BAA', 'AAB', 'BAB', 'ABB', 'BBA'])
    """
    get_game(game).check_seats(players, "players")
    out: list[str] = []
    for base in ("AB", "BA"):
        pattern = "".join(base[s % 2] for s in range(players))
        for r in range(players):
            rotated = pattern[r:] + pattern[:r]
            if rotated not in out:
                out.append(rotated)
    return out


class TablesOfGame:
    """What a duel's, a league's and a tune trial's setups (``DuelSetup``, ``league.TableSetup``,
    ``tune_setup.FieldSetup``) share, the one way they assemble a run: their ``rules`` and ``engine`` default to
    the game's (``GameSpec.game_rules``, ``GameSpec.default_engine``), and ``run_config(agents)`` is the run of one
    seating with their seed, chunk size, engine, decision time limit (``None`` when they have none) and game.
    A mixin of frozen dataclasses with the fields ``rules``, ``seed``, ``chunk_games``, ``engine`` and ``game``."""

    def __post_init__(self):
        spec = get_game(self.game)
        if self.rules is None:
            object.__setattr__(self, "rules", spec.game_rules())
        object.__setattr__(self, "engine", self.engine or spec.default_engine)

    def run_config(self, agents: tuple[str, ...]) -> RunConfig:
        """The ``RunConfig`` of ``agents`` (one spec per seat) seated at this setup's tables."""
        return RunConfig(
            agents=tuple(agents),
            rules=self.rules,
            seed=self.seed,
            chunk_games=self.chunk_games,
            engine=self.engine,
            decision_timeout=getattr(self, "decision_timeout", None),
            game=self.game,
        )


@dataclass(frozen=True)
class DuelSetup(TablesOfGame):
    """Two agent specs, the table size, rules (default: the game's default preset and length), seed, chunk
    size (games; 0 = ``auto_chunk_games``), engine (default: the game's, ``GameSpec.default_engine``), the
    time limit of each decision of an outside agent (seconds) and the game (``sniper.core.registry``)."""

    a: str
    b: str
    players: int = defaults.DUEL_PLAYERS
    rules: GameRules | None = None
    seed: int = defaults.SEED
    chunk_games: int = 0
    engine: str = ""
    decision_timeout: float | None = None
    game: str = DEFAULT_GAME

    def configs(self) -> list[tuple[str, RunConfig]]:
        """(seating, run config) for each seating; the config seats the two specs accordingly."""
        return [
            (
                seating,
                self.run_config(tuple(self.a if role == "A" else self.b for role in seating)),
            )
            for seating in seatings(self.players, self.game)
        ]


def make_duel_rules(
    specs: list[str], rules: str | None, game_length: str | None, engine: str | None, game: str = DEFAULT_GAME
) -> GameRules:
    """The rules of a duel or league of ``game`` after checking its agent specs, rule preset, game length and
    engine (``None``: the game's default).

    Raises ``ValueError`` naming the first bad one (``GameSpec.check_engine``, ``GameSpec.make_agent``,
    ``GameSpec.make_rules``).
    """
    spec = get_game(game)
    spec.check_engine(engine or spec.default_engine)
    for agent in specs:
        spec.make_agent(agent)
    return spec.game_rules(rules, game_length)


def auto_chunk_games(hands: int, seatings: int, rules: GameRules, chunks: int = 8) -> int:
    """Games per chunk so that about ``chunks`` chunks reach ``hands`` hands (1 to ``MAX_CHUNK_GAMES``).

    Depends only on the request, never on the number of workers, so results stay the same.
    """
    per_group = seatings * rules.planned_hands
    return max(1, min(MAX_CHUNK_GAMES, -(-hands // (chunks * per_group))))


def final_stacks(table, counts: list[int], start: int, n_seats: int) -> np.ndarray:
    """Chips after each game's last hand: array of shape (games, seats), int64."""
    game = table["game"].to_numpy() - start
    hand = table["hand"].to_numpy()
    last = hand == np.asarray(counts)[game] - 1
    stacks = np.zeros((len(counts), n_seats), dtype=np.int64)
    stacks[game[last], table["seat"].to_numpy()[last]] = table["stack_after"].to_numpy()[last]
    return stacks


def play_duel_chunk(setup: DuelSetup, chunk: int) -> np.ndarray:
    """Play games ``chunk*chunk_games ..`` under every seating.

    Returns an int64 array of shape (games, seatings, 3): hands played, chips won by A's seats,
    and the game's winner (1 = an A seat has the most chips, -1 = a B seat, 0 = a tie for first, R9).
    """
    start = chunk * setup.chunk_games
    configs = setup.configs()
    units = np.zeros((setup.chunk_games, len(configs), 3), dtype=np.int64)
    for k, (seating, config) in enumerate(configs):
        table, counts = play_chunk(config, chunk)  # the columns every game has: game, hand, seat, net, stack_after
        is_a = np.array([role == "A" for role in seating])
        game = table["game"].to_numpy() - start
        net = table["net"].to_numpy().astype(np.int64)
        a_rows = is_a[table["seat"].to_numpy()]
        units[:, k, 0] = counts
        units[:, k, 1] = np.bincount(game[a_rows], weights=net[a_rows], minlength=setup.chunk_games).astype(np.int64)
        stacks = final_stacks(table, counts, start, setup.players)
        best = stacks.max(axis=1, keepdims=True)
        top = stacks == best
        unique = top.sum(axis=1) == 1
        a_top = (top & is_a).any(axis=1)
        units[:, k, 2] = np.where(unique, np.where(a_top, 1, -1), 0)
    return units


@dataclass
class DuelResult:
    """The outcome of a duel; chips per hand for A against B (see the module docstring)."""

    a: str
    b: str
    players: int
    seatings: int
    groups: int
    hands: int
    net_per_hand: float
    half_width: float
    independent_half_width: float
    a_wins: int
    b_wins: int
    draws: int
    seconds: float
    units: np.ndarray = field(repr=False)
    until_ci: float | None = None
    target_reached: bool | None = None
    """With ``until_ci``: whether the CI half-width got below it before the hand limit (else None)."""
    max_hands: int | None = None
    """With ``until_ci`` or ``sprt``: the hand limit that applied."""
    sprt: Sprt | None = None
    """The sequential test, when one was asked for (``sniper.core.sprt.Sprt``, decided or "inconclusive")."""
    game: str = DEFAULT_GAME
    """The game played (its registry name, ``sniper.core.registry``)."""

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of ``net_per_hand`` (chips/hand)."""
        return self.net_per_hand - self.half_width, self.net_per_hand + self.half_width

    def in_big_blinds(self) -> dict:
        """``bb_per_100`` and ``ci95_bb_per_100``: A's net and its 95% CI in big blinds per 100 hands, for a game
        with blinds (``GameSpec.big_blind``); empty for another game."""
        big_blind = get_game(self.game).big_blind
        if not big_blind:
            return {}
        low, high = (bb_per_100(v, big_blind) for v in self.ci95)
        return {"bb_per_100": bb_per_100(self.net_per_hand, big_blind), "ci95_bb_per_100": [low, high]}

    @property
    def variance_ratio(self) -> float:
        """(independent / duplicate half-width)²: the hands independent deals would need, per duplicate hand.

        ``nan`` without both CIs (e.g. a spec against itself: every group 0, so no duplicate CI).
        """
        if not (np.isfinite(self.half_width) and np.isfinite(self.independent_half_width)):
            return float("nan")
        return (self.independent_half_width / self.half_width) ** 2

    @property
    def verdict(self) -> str:
        """ "A is stronger" if the CI is above 0, "B is stronger" if below, else "no significant difference"."""
        low, high = self.ci95
        if low > 0:
            return VERDICTS[0]
        if high < 0:
            return VERDICTS[1]
        return VERDICTS[2]

    def to_json(self) -> dict:
        """The ``--json`` report: game (its registry name), a, b, hands, net_per_hand, ci95, verdict, and more.

        A game with blinds (``GameSpec.big_blind``: no-limit Hold'em) also gives ``bb_per_100`` and
        ``ci95_bb_per_100``, the same in big blinds per 100 hands (``sniper.core.registry.bb_per_100``).
        With ``until_ci`` also ``until_ci`` and ``target_reached`` (false: stopped at the hand limit);
        with ``sprt`` also ``sprt`` (``Sprt.to_json``). Strict JSON: non-finite numbers are ``None``.
        """
        return json_safe(
            {
                "game": self.game,
                "a": self.a,
                "b": self.b,
                "hands": self.hands,
                "net_per_hand": self.net_per_hand,
                "ci95": list(self.ci95),
                **self.in_big_blinds(),
                "verdict": self.verdict,
                "players": self.players,
                "seatings": self.seatings,
                "groups": self.groups,
                "games": {"a_won": self.a_wins, "b_won": self.b_wins, "drawn": self.draws},
                "ci95_half_width": self.half_width,
                "independent_ci95_half_width": self.independent_half_width,
                "variance_ratio": self.variance_ratio,
                "seconds": round(self.seconds, 3),
                **(
                    {"until_ci": self.until_ci, "target_reached": self.target_reached}
                    if self.until_ci is not None
                    else {}
                ),
                **({"max_hands": self.max_hands} if self.max_hands is not None else {}),
                **({"sprt": self.sprt.to_json()} if self.sprt is not None else {}),
            }
        )


def summarize_units(setup: DuelSetup, units: np.ndarray, seconds: float = 0.0) -> DuelResult:
    """A ``DuelResult`` from the (groups, seatings, 3) array of ``play_duel_chunk`` rows."""
    hands, a_net, winner = units[..., 0], units[..., 1], units[..., 2]
    mean, half = ratio_ci(a_net.sum(axis=1).astype(float), hands.sum(axis=1).astype(float))
    _, independent = ratio_ci(a_net.ravel().astype(float), hands.ravel().astype(float))
    return DuelResult(
        a=setup.a,
        b=setup.b,
        players=setup.players,
        seatings=units.shape[1],
        groups=units.shape[0],
        hands=int(hands.sum()),
        net_per_hand=mean,
        half_width=half,
        independent_half_width=independent,
        a_wins=int((winner == 1).sum()),
        b_wins=int((winner == -1).sum()),
        draws=int((winner == 0).sum()),
        seconds=seconds,
        units=units,
        game=setup.game,
    )


def play_groups(
    backend: Backend,
    fn: Callable,
    setup,
    hands: int,
    group_hands: Callable[[object], np.ndarray],
    take: Callable[[object, int], object],
) -> Iterator[tuple[object, int]]:
    """Yield chunk results of ``fn(setup, chunk)`` in chunk order, cut once ``hands`` hands are reached.

    ``group_hands(result)`` gives the hands of each group (game) of a chunk; ``take(result, k)``
    keeps its first ``k`` groups. Yields (result, hands so far); the caller may stop early.
    At least ``MIN_GROUPS`` groups are played.
    """
    done, groups = 0, 0
    results = backend.map(fn, ((setup, chunk) for chunk in itertools.count()))
    try:
        for result in results:
            per_group = group_hands(result)
            keep = len(per_group)
            for i, count in enumerate(per_group):
                if done >= hands and groups + i >= MIN_GROUPS:
                    keep = i
                    break
                done += int(count)
            groups += keep
            yield (take(result, keep) if keep < len(per_group) else result), done
            if keep < len(per_group) or (done >= hands and groups >= MIN_GROUPS):
                return
    finally:
        results.close()


def duel_limits(hands: int | None = None, max_hands: int | None = None, sequential: bool = False) -> tuple[int, int]:
    """(minimum, target) hands of a duel from the hands and limit asked for (``None``: not given).

    A fixed-size duel plays ``hands`` (default ``defaults.HANDS``, cut to an explicit ``max_hands``);
    a sequential one (``until_ci`` or ``sprt``) plays at least ``hands`` (default 0) and at most
    ``max_hands`` (default ``defaults.MAX_HANDS``). Raises ``ValueError`` when an explicit ``hands``
    is above an explicit ``max_hands``.

    >>> duel_limits(), duel_limits(max_hands=3000), duel_limits(max_hands=3000, sequential=True)
    ((10000, 10000), (3000, 3000), (0, 3000))
    """
    if hands is not None and max_hands is not None and hands > max_hands:
        raise ParameterError(
            "{hands} {got:,} is above {max_hands} {most:,}; give at most {most:,}", got=hands, most=max_hands
        )
    if sequential:
        return hands or 0, max_hands or defaults.MAX_HANDS
    target = hands if hands is not None else defaults.HANDS
    target = min(target, max_hands) if max_hands is not None else target
    return target, target


def run_duel(
    setup: DuelSetup,
    hands: int | None = None,
    until_ci: float | None = None,
    max_hands: int | None = None,
    backend: Backend | None = None,
    progress: Callable[[int, float], None] | None = None,
    sprt: Sprt | None = None,
) -> DuelResult:
    """Play a duplicate duel and summarize it (module docstring, "Stopping").

    ``hands``/``max_hands`` as in ``duel_limits`` (with ``sprt``, only ``max_hands``). With
    ``until_ci`` (chips/hand) play on, chunk by chunk, until the CI half-width is below it (after
    at least ``UNTIL_CI_MIN_GROUPS`` groups);
    with ``sprt`` (a fresh ``sniper.core.sprt.Sprt``) until it decides, or "inconclusive" at the limit.
    ``progress(hands, half_width)`` after each chunk. The result's ``target_reached`` says whether
    the CI got below ``until_ci`` (None without it). Raises ``ValueError`` for ``until_ci`` with
    ``sprt``, ``hands`` with ``sprt``, a non-positive ``until_ci``, or ``hands`` above ``max_hands``.
    """
    if until_ci is not None and sprt is not None:
        raise ParameterError("give either {until_ci} or {sprt}, not both")
    if sprt is not None and hands is not None:
        raise ParameterError("{sprt} decides when to stop: give {max_hands} (the most hands to play), not {hands}")
    if until_ci is not None and not until_ci > 0:
        raise ParameterError("{until_ci} must be a positive number of chips per hand, got {got}", got=until_ci)
    sequential = until_ci is not None or sprt is not None
    minimum, target = duel_limits(hands, max_hands, sequential)
    started = time.perf_counter()
    if not setup.chunk_games:
        chunk_games = auto_chunk_games(target, len(seatings(setup.players, setup.game)), setup.rules)
        setup = replace(setup, chunk_games=chunk_games)
    blocks = []
    reached = None if until_ci is None else False
    with nullcontext(backend) if backend is not None else Backend.here(setup.engine) as running:
        stream = play_groups(
            running, play_duel_chunk, setup, target, lambda u: u[..., 0].sum(axis=1), lambda u, k: u[:k]
        )
        for units, done in stream:
            if sprt is not None:
                used = sprt.feed(units[..., 1].sum(axis=1), units[..., 0].sum(axis=1))
                units = units[:used]
            blocks.append(units)
            result = summarize_units(setup, np.concatenate(blocks))
            if progress:
                progress(int(result.hands), result.half_width)
            if sprt is not None and sprt.decision is not None:
                stream.close()
                break
            if until_ci is not None and done >= minimum and result.groups >= UNTIL_CI_MIN_GROUPS:
                if result.half_width < until_ci:
                    reached = True
                    stream.close()
                    break
    if sprt is not None:
        sprt.finish()
    return replace(
        result,
        seconds=time.perf_counter() - started,
        until_ci=until_ci,
        target_reached=reached,
        max_hands=target if sequential else None,
        sprt=sprt,
    )

"""``sniper tune``: search a level's parameters with optuna, judged on duplicate deals and held-out seeds.

The question: which parameters make ``SPEC`` win the most chips per hand against a field of
opponents (``--against``)? Each optuna trial proposes parameters (``ParamRange``, a seeded
``TPESampler``) and plays the tuned spec against the field.

Paired evaluation (R13). A trial plays ``groups`` *duplicate groups*: game ``g`` of the tuning seed
replayed once per rotation of the seats ``[candidate, *field]`` (``FieldSetup``), so the candidate
holds every seat with the same cards and random streams. Every trial plays the same groups, so
trials are compared on identical deals. Each group's net chips per hand is reported to optuna under
its game index (a stable instance id, in a per-spec shuffled chunk order) and ``WilcoxonPruner``
stops a trial once a paired Wilcoxon test says it is worse than the best one; a pruned trial
returns its running mean (so the sampler still learns) and records the hands it did not play
(``hands_saved``: the groups not played × the mean hands of the groups played, games ending early
by R9). The pruner is not asked to stop a trial in its last chunk: every group is played by then,
so such a trial completes unpruned, and every pruned trial saved hands.

Population (``--aggregate mean|worst``). With an aggregate, ``--against`` is a *population*, not a
field: the candidate meets each of its specs in turn in a duplicate duel (``PopulationSetup``: one
``sniper.arena.duel.DuelSetup`` per opponent at ``players`` seats, heads-up by default, the candidate's seats
against the opponent's), every opponent on the same games, and the trial's score is the mean or the worst
(lowest) of its per-opponent edges (chips/hand; ``AGGREGATES``). A group is then one game index played
under every seating against every opponent; the value reported to the pruner for it is the same aggregate
of its per-opponent results. The mean has the linearised 95% CI of a mean of ratio estimators over the
shared groups (``population_interval``); the worst has none (``null``: the minimum of several edges is
no ratio estimator; each per-opponent edge keeps its own CI, ``Evaluation.edges``).

Objectives (``OBJECTIVES``, ``register_objective``). A trial's score comes from a named objective:
``edge`` (the default) is the chips per hand against the field or the population above. Every objective
is maximised; one whose natural measure is to be minimised (e.g. a local best response's win rate
against the tuned spec, ``--objective lbr`` once LBR exists) registers its negative.

Crosstable. Validation ends with the winner's duplicate duels (``sniper.arena.duel.run_duel``,
``validate_hands`` hands each, at ``players`` seats, on the validation seed) against every weaker level
of the ladder and ``random`` (``weaker_levels``), with 95% CIs: whom the tuned spec beats, not only the
opponents it was tuned against.

Hand counts are whole duplicate groups: ``--hands-per-trial`` and ``--validate-hands`` fix the number
of groups (``TuneSetup.groups``, ``TuneSetup.validation_groups``: the count rounded up to whole groups
of full-length games; ``TuneSetup.rounding_notes`` says when that plans more). The groups are not
extended when games end early (R9: one player holds every chip), so every trial plays the same deals;
such trials play fewer hands than asked, and ``TuneResult.played_notes`` and the JSON report
(``hands_per_trial``, ``hands_per_configuration``: the mean played; ``…_max``: the plan) say so.

Seeds. Tuning plays run seed ``2*S`` (games ``0 .. groups-1``), validation plays run seed
``2*S + 1``: even and odd run seeds, so the two are disjoint for every ``--seed S`` (R13 keys
differ in their first component, so no deal is shared).

Held-out validation (winner's curse). After the search the ``VALIDATE_TOP`` best trials (complete,
not pruned, within the time budget) and the untuned ``SPEC`` are played again on the validation
seed against the field; the winner is the best of those on validation (within the time budget: the
untuned spec only if its trial met it; none within it, nothing is validated and there is no winner),
and it is also dueled against the untuned ``SPEC`` (``sniper.arena.duel``) on the validation seed.
``TuneResult.verdict`` and ``conclusion`` say what the duel shows (``VERDICTS``).

Resumable and safe. The study lives in ``DIR/study.db`` (SQLite, optuna's RDB storage: any optuna
tool opens it). Re-running with the same ``DIR`` continues until ``trials`` trials are finished.
One process at a time holds ``DIR/.lock``; trials left RUNNING by a killed process are failed and
their parameters retried first, as are those of a trial stopped by Ctrl-C (``KeyboardInterrupt``
propagates; optuna does not log it). The sampler is re-seeded before every trial from the number of
finished trials, so a resumed study proposes what an uninterrupted one would. A study made for
another spec, field, seats, parameter space, hands per trial, seed, time budget or with other
level defaults is refused (``TuneError`` naming the difference), and so is a non-empty directory
that holds no study (``check_study_dir``), whose files the plots could overwrite.

Decision time (``decision_time_us``): CPU microseconds per decision of the tuned spec, as its game
measures it (``GameSpec.decision_time``; Sniper Hold'em, no-limit Hold'em and five-card draw: in the game's
kernel, on one thread, ``sniper.games.decision_time``); with
``time_budget_us`` it is an optuna constraint (``<= 0`` when met). A game that does not measure it has
none (``null``) and takes no time budget.

Any registered game (``TuneSetup.game``, ``sniper.core.registry``): its levels, parameter domains, agent
specs, rules and default engine come from its ``GameSpec``; trials play on that engine.
"""

import fcntl
import math
import time
import warnings
import zlib
from collections.abc import Callable, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from sniper.arena.duel import (
    MIN_GROUPS,
    DuelSetup,
    auto_chunk_games,
    play_duel_chunk,
    ratio_ci,
    run_duel,
)
from sniper.arena.duel import seatings as duel_seatings
from sniper.core import defaults
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, GameRules, get_game
from sniper.core.stats import clustered_mean_ci
from sniper.runs.atomic import write_atomic
from sniper.runs.backends import Backend
from sniper.runs.config import RunConfig

STUDY_DB = "study.db"
STUDY_NAME = "sniper-tune"
LOCK = ".lock"
VALIDATE_TOP = 3
"""How many of the best trials are validated on held-out seeds (besides the untuned spec)."""
TIMING_GAMES = 16
"""Games of self-play timed per trial for ``decision_time_us``."""
P_THRESHOLD = 0.1
"""``WilcoxonPruner`` p-value: a trial stops when it is worse than the best with p below this."""
PRUNE_STARTUP = 5
"""Groups a trial plays before it may be pruned."""
KINDS = ("float", "int", "log")
PLOTS = ("history.png", "importances.png", "strength_vs_time.png")


AGGREGATES = ("mean", "worst")
"""``--aggregate``: a population trial's score is the mean or the worst (lowest) of its per-opponent edges."""
LADDER = ("random", "easy", "normal", "hard")
"""The levels every game ranks in order, weakest first: the crosstable of a tuned level is against those below
it (``weaker_levels``); other names of a game (older versions such as ``hard-v1``, baselines) are not rungs."""


VERDICTS = ("better", "not_shown_better", "untuned_best", "none_within_budget")
"""``TuneResult.verdict``: the tuned spec beat the untuned one on the held-out duel (its 95% CI above
0); it did not (the CI includes 0, lies below it, or cannot be computed); the untuned spec itself
was the best on validation; no configuration met ``--time-budget-us`` (no tuned spec)."""


class TuneError(ParameterError):
    """A study directory that cannot be used (another setup, or in use); the message says why (naming the
    parameter ``study``, ``sniper.core.errors``)."""


@dataclass(frozen=True)
class ParamRange:
    """One searched parameter: ``name`` of the level, bounds ``low < high``, ``kind`` float, int or log.

    Integer parameters of the level (``samples``, ``raise_limit``, ``short_stack``) are always
    searched as integers; ``log`` samples on a log scale (``low > 0``).
    """

    name: str
    low: float
    high: float
    kind: str = "float"
    integer: bool = False

    def suggest(self, trial) -> float | int:
        """The trial's value of this parameter (``optuna.trial.Trial.suggest_*``)."""
        if self.integer or self.kind == "int":
            return trial.suggest_int(self.name, int(self.low), int(self.high), log=self.kind == "log")
        return trial.suggest_float(self.name, self.low, self.high, log=self.kind == "log")

    def contains(self, value: float) -> bool:
        """Whether ``value`` is a value this range can suggest (within the bounds; whole if integer)."""
        whole = not (self.integer or self.kind == "int") or float(value).is_integer()
        return self.low <= value <= self.high and whole

    def __str__(self) -> str:
        return f"{self.name}={self.low:g}:{self.high:g}:{self.kind}"


def tunable_level(spec: str, game: str = DEFAULT_GAME) -> str:
    """The level of ``game`` whose parameters ``sniper tune`` searches for ``spec`` (``GameSpec.level_of``:
    ``hard`` for ``hard+ev:bluff=0.1``); ``ValueError`` for an outside agent (an import path: its parameters
    are not known) or an unknown level.

    >>> tunable_level("hard+ev:bluff=0.1")
    'hard'
    """
    known = get_game(game)
    if known.is_outside(spec):
        raise ValueError(
            f"{spec.strip()!r} is an outside agent: sniper tune searches the parameters of a level "
            f"({', '.join(known.levels)}), with its own :NAME=VALUE"
        )
    level = known.level_of(spec)
    known.level_parameters(level)
    return level


def seats_for(against: Sequence[str], players: int | None, population: bool = False) -> int:
    """Seats of a study: ``players`` if given, else one per ``against`` spec plus the tuned spec's, or
    ``defaults.TUNE_PLAYERS`` for one spec (repeated), as ``simulate`` takes its seats from ``--agents``; for a
    ``population`` (``--aggregate``), whose specs are met one at a time, ``defaults.TUNE_PLAYERS`` (heads-up).

    >>> seats_for(["normal", "normal", "normal"], None), seats_for(["normal"], None), seats_for(["normal"], 4)
    (4, 2, 4)
    >>> seats_for(["easy", "normal", "random"], None, population=True)
    2
    """
    if players is not None:
        return players
    if population:
        return defaults.TUNE_PLAYERS
    return len(against) + 1 if len(against) > 1 else defaults.TUNE_PLAYERS


def weaker_levels(spec: str, game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The ladder's levels (``LADDER``) below the level of ``spec`` that ``game`` has, weakest first: the
    opponents of the tuned spec's crosstable. A level off the ladder counts as the rung its name starts with
    (``hard-v1`` as ``hard``); one that starts with none has no weaker levels.

    >>> weaker_levels("hard:bluff=0.1"), weaker_levels("easy"), weaker_levels("random")
    (('random', 'easy', 'normal'), ('random',), ())
    """
    level = get_game(game).level_of(spec)
    rung = next((i for i, name in enumerate(LADDER) if level == name or level.startswith(f"{name}-")), 0)
    return tuple(name for name in LADDER[:rung] if name in get_game(game).levels)


def parse_param(text: str, level: str, game: str = DEFAULT_GAME) -> ParamRange:
    """A ``param`` value ``NAME=LOW:HIGH[:int|:log]`` for ``level`` of ``game``; ``ParameterError`` saying why.

    Refused: an unknown parameter for the level, a non-number, ``LOW >= HIGH``, bounds outside the
    parameter's domain (``GameSpec.parameters``; Sniper Hold'em: fractions 0-1, ``samples`` >= 1, others
    >= 0), ``log`` with ``LOW <= 0``.
    """
    known = get_game(game)
    defaults = known.level_parameters(level)
    name, eq, rest = (part.strip() for part in text.partition("="))
    if not eq or name not in defaults:
        raise ParameterError(
            "bad {param} {text!r} for {level!r}; parameters: {names}",
            text=text,
            level=level,
            names=", ".join(defaults) or "none",
        )
    parts = [p.strip() for p in rest.split(":")]
    kind = parts.pop() if len(parts) == 3 else "float"
    if len(parts) != 2 or kind not in KINDS:
        raise ParameterError(
            "{param} {text!r} must be NAME=LOW:HIGH, NAME=LOW:HIGH:int or NAME=LOW:HIGH:log", text=text
        )
    try:
        low, high = float(parts[0]), float(parts[1])
    except ValueError:
        raise ParameterError("{param} {text!r}: bounds must be numbers", text=text) from None
    if not (math.isfinite(low) and math.isfinite(high)) or low >= high:
        raise ParameterError("{param} {text!r}: LOW must be below HIGH", text=text)
    integer = isinstance(defaults[name], int)
    floor, top = known.parameter_domain(level, name)
    ceiling = math.inf if top is None else top
    if low < floor or high > ceiling:
        domain = "0-1" if (floor, ceiling) == (0, 1) else f"{floor:g}-{ceiling:g}" if top is not None else f">= {floor}"
        raise ParameterError("{param} {text!r}: {name} must be {domain}", text=text, name=name, domain=domain)
    if kind == "log" and low <= 0:
        raise ParameterError("{param} {text!r}: a log scale needs LOW > 0", text=text)
    if (integer or kind == "int") and math.floor(high) < math.ceil(low):
        raise ParameterError("{param} {text!r}: no whole number between LOW and HIGH", text=text)
    if integer or kind == "int":
        low, high = float(math.ceil(low)), float(math.floor(high))
    return ParamRange(name, low, high, kind, integer)


def format_value(value: float | int) -> str:
    """A parameter value as it appears in a spec: integers as such, floats to 4 significant digits."""
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return f"{float(value):.4g}"


def tuned_spec(spec: str, values: dict[str, float | int]) -> str:
    """``spec`` with ``values`` set (overriding the spec's own), e.g. ``hard:bluff=0.07,raise_big=0.83``."""
    head, _, params = spec.strip().partition(":")
    merged: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in params.split(","))):
        name, _, value = (p.strip() for p in item.partition("="))
        merged[name] = value
    merged.update({name: format_value(v) for name, v in values.items()})
    body = ",".join(f"{name}={value}" for name, value in merged.items())
    return f"{head}:{body}" if body else head


@dataclass(frozen=True)
class FieldSetup:
    """A candidate spec against a field of opponents at ``1 + len(field)`` seats, duplicate-dealt.

    Seatings: every rotation of ``[candidate, *field]``, so the candidate holds each seat once per
    game with the same cards (R13). ``configs()`` has the interface of ``sniper.arena.duel.DuelSetup``
    (seating strings with ``A`` at the candidate's seat), so ``sniper.arena.duel.play_duel_chunk`` plays it.
    """

    candidate: str
    field: tuple[str, ...]
    rules: GameRules | None = None
    seed: int = 0
    chunk_games: int = 1
    engine: str = ""
    game: str = DEFAULT_GAME

    def __post_init__(self):
        spec = get_game(self.game)
        if self.rules is None:
            object.__setattr__(self, "rules", spec.game_rules())
        object.__setattr__(self, "engine", self.engine or spec.default_engine)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return 1 + len(self.field)

    def configs(self) -> list[tuple[str, RunConfig]]:
        """(seating, run config) per rotation; the seating marks the candidate's seat ``A``."""
        seats = [self.candidate, *self.field]
        roles = ["A"] + ["B"] * len(self.field)
        out = []
        for r in range(self.players):
            agents = tuple(seats[(s - r) % self.players] for s in range(self.players))
            seating = "".join(roles[(s - r) % self.players] for s in range(self.players))
            config = RunConfig(
                agents, self.rules, self.seed, chunk_games=self.chunk_games, engine=self.engine, game=self.game
            )
            out.append((seating, config))
        return out

    def parts(self) -> tuple["FieldSetup", ...]:
        """What ``evaluate`` plays per chunk: this table alone."""
        return (self,)

    def group_value(self, nets: Sequence[int], hands: Sequence[int]) -> float:
        """The value of one duplicate group for the pruner: net chips per hand."""
        return nets[0] / max(hands[0], 1)

    def summary(self, y: np.ndarray, h: np.ndarray) -> tuple[float, float, None]:
        """``(net_per_hand, half_width, edges)`` of the groups' results ``y``, ``h`` (shape (groups, 1)): the
        duplicate-group ratio estimator (``interval``); no per-opponent edges."""
        mean, half = interval(y[:, 0], h[:, 0])
        return mean, half, None


@dataclass(frozen=True)
class PopulationSetup:
    """A candidate spec against each spec of a population in turn, duplicate-dealt (``--aggregate``).

    One duplicate duel per opponent (``sniper.arena.duel.DuelSetup``: the candidate's seats against the
    opponent's, every seating of ``sniper.arena.duel.seatings`` at ``players`` seats), all on the same games
    (seed, game indices) and chunks of ``chunk_games`` games; scored by ``aggregate`` (``AGGREGATES``) of the
    per-opponent edges (chips/hand). ``parts()`` are the duels ``evaluate`` plays.
    """

    candidate: str
    opponents: tuple[str, ...]
    players: int = defaults.TUNE_PLAYERS
    rules: GameRules | None = None
    seed: int = 0
    chunk_games: int = 1
    engine: str = ""
    game: str = DEFAULT_GAME
    aggregate: str = "mean"

    def __post_init__(self):
        spec = get_game(self.game)
        if self.rules is None:
            object.__setattr__(self, "rules", spec.game_rules())
        object.__setattr__(self, "engine", self.engine or spec.default_engine)
        if self.aggregate not in AGGREGATES:
            raise ParameterError(
                "{aggregate} must be one of {valid}, got {got!r}", valid=", ".join(AGGREGATES), got=self.aggregate
            )

    def parts(self) -> tuple[DuelSetup, ...]:
        """The duel against each opponent, in population order."""
        return tuple(
            DuelSetup(
                self.candidate, b, self.players, self.rules, self.seed, self.chunk_games, self.engine, game=self.game
            )
            for b in self.opponents
        )

    def group_value(self, nets: Sequence[int], hands: Sequence[int]) -> float:
        """The value of one duplicate group for the pruner: ``aggregate`` of its per-opponent chips per hand."""
        edges = [n / max(h, 1) for n, h in zip(nets, hands)]
        return float(np.mean(edges)) if self.aggregate == "mean" else min(edges)

    def summary(self, y: np.ndarray, h: np.ndarray) -> tuple[float, float, list[dict]]:
        """``(score, half_width, edges)`` of the groups' results ``y``, ``h`` (arrays of shape (groups,
        opponents): chips won by the candidate's seats, hands): ``population_interval``, and per opponent
        ``{"against", "net_per_hand", "ci95"}`` (its duel's ratio estimator and 95% CI)."""
        score, half, per = population_interval(y, h, self.aggregate)
        edges = [{"against": b, "net_per_hand": r, "ci95": [r - w, r + w]} for b, (r, w) in zip(self.opponents, per)]
        return score, half, edges


def population_interval(y: np.ndarray, h: np.ndarray, aggregate: str) -> tuple[float, float, list[tuple[float, float]]]:
    """A population score and its 95% CI half-width from per-group, per-opponent results.

    ``y``, ``h``: arrays of shape (groups, opponents), float: chips won by the candidate's seats and hands of
    each duplicate group against each opponent (the same games for every opponent). Each opponent's edge is the
    ratio estimator ``r_k = Σ_g y_gk / Σ_g h_gk`` with its CI (``interval``). ``mean``: ``Σ_k r_k / K`` with the
    linearised CI of a mean of ratio estimators over the shared groups (group ``g``'s influence ``z_g = (1/K)
    Σ_k (y_gk - r_k h_gk) / mean_g(h_gk)``, a t interval on ``n - 1`` df; Cochran 1977, §6.4, summed over
    the opponents since each group is one unit), ``nan`` below two groups or without spread; ``worst``:
    ``min_k r_k`` with no interval (``nan``: a minimum over estimates is no ratio estimator). Returns
    ``(score, half_width, [(r_k, half_width_k), …])``. ``ValueError`` for an unknown aggregate.

    >>> y = np.array([[2.0, 1.0], [4.0, -1.0], [0.0, 3.0]]); h = np.full((3, 2), 2.0)
    >>> score, half, per = population_interval(y, h, "mean")
    >>> score, [round(r, 3) for r, _ in per], population_interval(y, h, "worst")[0]
    (0.75, [1.0, 0.5], 0.5)
    """
    if aggregate not in AGGREGATES:
        raise ValueError(f"aggregate must be one of {', '.join(AGGREGATES)}, got {aggregate!r}")
    y, h = np.asarray(y, float), np.asarray(h, float)
    per = [interval(y[:, k], h[:, k]) for k in range(y.shape[1])]
    ratios = np.array([r for r, _ in per])
    if aggregate == "worst":
        return float(ratios.min()), math.nan, per
    score = float(ratios.mean())
    z = ((y - ratios * h) / h.mean(axis=0)).mean(axis=1)
    return score, clustered_mean_ci(score + z).half_width, per


def interval(y: np.ndarray, h: np.ndarray) -> tuple[float, float]:
    """``sum(y)/sum(h)`` over independent groups and its 95% CI half-width (chips/hand).

    The one place ``sniper tune`` computes an interval (the duplicate-group ratio estimator of
    ``sniper.arena.duel``).
    """
    return ratio_ci(np.asarray(y, float), np.asarray(h, float))


@dataclass(frozen=True)
class TuneSetup:
    """What a study searches (the study's identity) plus how long it runs and how it validates.

    ``spec`` is tuned against ``against`` (one spec per other seat, or one repeated) at ``players``
    seats; ``params`` are the searched ranges; every trial plays ``hands_per_trial`` hands
    (all seatings counted, rounded up to whole chunks of duplicate groups); ``seed`` ``S`` gives
    tuning seed ``2S`` and validation seed ``2S+1``; ``time_budget_us`` is the most CPU µs per
    decision a configuration may take (None: no limit); ``validate_hands`` hands per validated
    configuration; ``game`` the registered game (``sniper.core.registry``), whose default rules
    ``rules`` are when not given and whose default engine (``engine``) plays every trial.
    """

    spec: str
    against: tuple[str, ...]
    players: int
    params: tuple[ParamRange, ...]
    trials: int = defaults.TUNE_TRIALS
    hands_per_trial: int = defaults.TUNE_HANDS_PER_TRIAL
    seed: int = defaults.SEED
    validate_hands: int = defaults.TUNE_VALIDATE_HANDS
    time_budget_us: float | None = None
    rules: GameRules | None = None
    game: str = DEFAULT_GAME
    aggregate: str | None = None
    objective: str = "edge"

    def __post_init__(self):
        spec = get_game(self.game)
        if self.rules is None:
            object.__setattr__(self, "rules", spec.game_rules())

    @property
    def population(self) -> bool:
        """Whether ``against`` is a population met one spec at a time (``aggregate`` given), not a field."""
        return self.aggregate is not None

    def play_setup(self, spec: str, seed: int, chunk_games: int) -> "FieldSetup | PopulationSetup":
        """What a configuration ``spec`` plays on run seed ``seed``: the field (``FieldSetup``) or, with an
        ``aggregate``, one duel per population spec (``PopulationSetup``)."""
        if self.population:
            return PopulationSetup(
                spec, self.against, self.players, self.rules, seed, chunk_games, self.engine, self.game, self.aggregate
            )
        return FieldSetup(spec, self.field, self.rules, seed, chunk_games, self.engine, self.game)

    @property
    def engine(self) -> str:
        """The engine every trial plays on: the game's default (``GameSpec.default_engine``)."""
        return get_game(self.game).default_engine

    @property
    def level(self) -> str:
        """The level of ``spec`` (``hard`` for ``hard+ev:bluff=0.1``; ``tunable_level``)."""
        return tunable_level(self.spec, self.game)

    def param(self, name: str) -> ParamRange:
        """The searched range of parameter ``name``."""
        return next(p for p in self.params if p.name == name)

    @property
    def field(self) -> tuple[str, ...]:
        """The opponents, one per other seat (a population: its specs, each met in its own duel)."""
        if self.population:
            return self.against
        return self.against * (self.players - 1) if len(self.against) == 1 else self.against

    @property
    def tuning_seed(self) -> int:
        """Run seed of the tuning games: ``2*seed`` (even)."""
        return 2 * self.seed

    @property
    def validation_seed(self) -> int:
        """Run seed of the validation games: ``2*seed + 1`` (odd, so never a tuning seed)."""
        return 2 * self.seed + 1

    def check(self) -> None:
        """``ValueError`` (one line) unless the setup is valid."""
        known = get_game(self.game)
        known.check_seats(self.players, "players")
        tunable_level(self.spec, self.game)
        known.make_agent(self.spec)
        if self.aggregate is not None and self.aggregate not in AGGREGATES:
            raise ParameterError(
                "{aggregate} must be one of {valid}, got {got!r}", valid=", ".join(AGGREGATES), got=self.aggregate
            )
        if self.objective not in OBJECTIVES:
            raise ParameterError(
                "unknown {objective} {got!r}; valid: {valid}", got=self.objective, valid=", ".join(OBJECTIVES)
            )
        if self.population and len(set(self.against)) != len(self.against):
            raise ParameterError(
                "a spec is given twice in the {against} population: {specs}", specs=",".join(self.against)
            )
        if not self.population and len(self.against) not in (1, self.players - 1):
            others = self.players - 1
            one_each = "" if others == 1 else f", or {others}, one per other seat"
            raise ParameterError(
                "{count} {against} specs for {players} {seats}: give one spec (it fills the other seats){one_each}; "
                "without {players} the seats follow the {against} list",
                count=len(self.against),
                seats=self.players,
                one_each=one_each,
            )
        for spec in self.against:
            known.make_agent(spec)
        self.check_engine()
        if not self.params:
            raise ParameterError("give at least one {param} NAME=LOW:HIGH")
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ParameterError("a parameter is given twice in {param}: {names}", names=", ".join(names))
        for p in self.params:
            parse_param(f"{p.name}={p.low}:{p.high}:{p.kind}", self.level, self.game)
        if self.trials < 1:
            raise ParameterError("{trials} must be at least 1, got {got}", got=self.trials)
        if self.hands_per_trial < 1 or self.validate_hands < 1:
            raise ParameterError("{hands_per_trial} and {validate_hands} must be at least 1")
        if self.time_budget_us is not None and not (math.isfinite(self.time_budget_us) and self.time_budget_us > 0):
            raise ParameterError("{time_budget_us} must be a positive number, got {got}", got=self.time_budget_us)
        if self.time_budget_us is not None and known.decision_time is None:
            raise ParameterError("{time_budget_us}: {title} does not measure decision times", title=known.title)

    def check_engine(self) -> None:
        """``ValueError`` (one line) unless the engine that plays every trial (``engine``) can play SPEC and
        every opponent under the rules (``GameSpec.check_agents``; Sniper Hold'em's kernel has no version of
        an outside agent): checked before a study is created, so a refused command leaves no ``study.db``."""
        try:
            get_game(self.game).check_agents(self.engine, [self.spec, *self.field], self.rules)
        except ValueError as error:
            engine = "the game kernel" if self.engine == "kernel" else f"the {self.engine} engine"
            raise ValueError(f"sniper tune plays on {engine}: {error}") from None

    @property
    def seatings(self) -> int:
        """Seatings per duplicate group: one per rotation of the field, or a population duel's seatings
        (``sniper.arena.duel.seatings``) times the population's specs."""
        if self.population:
            return len(duel_seatings(self.players, self.game)) * len(self.against)
        return self.players

    @property
    def chunk_games(self) -> int:
        """Games (duplicate groups) per chunk of a trial."""
        return auto_chunk_games(self.hands_per_trial, self.seatings, self.rules)

    @property
    def hands_per_group(self) -> int:
        """Hands of one duplicate group at most: seatings × ``Rules.planned_hands`` (an estimate for "bust";
        a game also ends early when one player holds every chip, R9)."""
        return self.seatings * self.rules.planned_hands

    @property
    def groups(self) -> int:
        """Duplicate groups every trial plays: ``hands_per_trial`` rounded up to whole groups, at least
        ``PRUNE_STARTUP`` (so the pruner can start), in whole chunks."""
        groups = max(PRUNE_STARTUP, -(-self.hands_per_trial // self.hands_per_group))
        return -(-groups // self.chunk_games) * self.chunk_games

    @property
    def trial_hands(self) -> int:
        """Hands a trial plays (at most; see ``hands_per_group``): ``groups × hands_per_group``."""
        return self.groups * self.hands_per_group

    @property
    def validation_chunk_games(self) -> int:
        """Games (duplicate groups) per chunk of a validated configuration."""
        return auto_chunk_games(self.validate_hands, self.seatings, self.rules)

    @property
    def validation_groups(self) -> int:
        """Duplicate groups each validated configuration plays: ``validate_hands`` rounded up to whole groups, at
        least ``sniper.arena.duel.MIN_GROUPS`` (a finite interval), in whole chunks."""
        groups = max(MIN_GROUPS, -(-self.validate_hands // self.hands_per_group))
        return -(-groups // self.validation_chunk_games) * self.validation_chunk_games

    @property
    def validation_hands(self) -> int:
        """Hands each validated configuration plays (at most): ``validation_groups × hands_per_group``."""
        return self.validation_groups * self.hands_per_group

    def rounding_notes(self) -> list[str]:
        """One line per hand count that is planned other than asked (whole duplicate groups, see ``groups`` and
        ``validation_groups``): the most hands played instead and why. Empty when both are planned as asked.
        Games that end early (R9) play fewer: ``TuneResult.played_notes`` says how many after the run."""
        group = f"duplicate groups of {self.hands_per_group} hands ({self.seatings} seatings × one game)"
        notes = []
        if self.trial_hands != self.hands_per_trial:
            notes.append(
                f"--hands-per-trial {self.hands_per_trial:,} plays up to {self.trial_hands:,} hands per trial: "
                f"{self.groups} {group}, at least {PRUNE_STARTUP}, in chunks of {self.chunk_games}"
            )
        if self.validation_hands != self.validate_hands:
            notes.append(
                f"--validate-hands {self.validate_hands:,} plays up to {self.validation_hands:,} hands per validated "
                f"configuration: {self.validation_groups} {group}, at least {MIN_GROUPS}, in chunks of "
                f"{self.validation_chunk_games}"
            )
        return notes

    def identity(self) -> dict:
        """What makes two studies the same search (stored in the study; compared on resume); the game when it
        is not ``DEFAULT_GAME`` (studies made before games had names are of Sniper Hold'em)."""
        known = get_game(self.game)
        return {
            **({"game": self.game} if self.game != DEFAULT_GAME else {}),
            "spec": self.spec,
            "against": ",".join(self.field),
            "players": self.players,
            "params": " ".join(map(str, self.params)),
            "hands_per_trial": self.hands_per_trial,
            "seed": self.seed,
            "time_budget_us": self.time_budget_us,
            "rules": self.rules.to_dict(),
            "agents": [known.agent_vector(s) for s in (self.spec, *self.field)],
            **({"aggregate": self.aggregate} if self.population else {}),  # a field study's identity is unchanged
            **({"objective": self.objective} if self.objective != "edge" else {}),
        }


def decision_time_us(
    spec: str,
    players: int,
    rules: GameRules,
    games: int = TIMING_GAMES,
    repeats: int = 3,
    game: str = DEFAULT_GAME,
) -> float | None:
    """CPU microseconds per decision of ``spec`` in self-play at ``players`` seats, as ``game`` measures it
    (``GameSpec.decision_time``, over ``games`` games, best of ``repeats``; Sniper Hold'em:
    ``sniper.games.sniper_holdem.kernel_engine.decision_time_us``); ``None`` for a game that does not."""
    known = get_game(game)
    if known.decision_time is None:
        return None
    return known.resolve(known.decision_time)(spec, players, rules, games=games, repeats=repeats)


@dataclass
class Evaluation:
    """A spec's net chips per hand against the field (or its population score) over duplicate groups, with
    its 95% CI; ``edges``: a population's per-opponent edges (``PopulationSetup.summary``; None for a field);
    ``against``: the opponent, for one duel of the crosstable (else None)."""

    spec: str
    hands: int
    groups: int
    net_per_hand: float
    half_width: float
    edges: list[dict] | None = None
    against: str | None = None

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% CI of ``net_per_hand`` (chips/hand)."""
        return self.net_per_hand - self.half_width, self.net_per_hand + self.half_width

    def to_json(self) -> dict:
        """Plain JSON data (non-finite values as null); ``edges`` and ``against`` when set."""
        return finite(
            {
                "spec": self.spec,
                **({"against": self.against} if self.against is not None else {}),
                "hands": self.hands,
                "net_per_hand": self.net_per_hand,
                "ci95": list(self.ci95),
                **({"edges": self.edges} if self.edges is not None else {}),
            }
        )

    @classmethod
    def from_cache(cls, cached: dict) -> "Evaluation":
        """The evaluation stored in a study (``asdict`` with non-finite values as null): a null half-width is
        ``inf`` again (no interval), other nulls stay."""
        return cls(**{k: (math.inf if v is None and k == "half_width" else v) for k, v in cached.items()})


def finite(value):
    """``value`` with every non-finite float replaced by None (strict JSON)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    return value


def evaluate(
    setup: "FieldSetup | PopulationSetup",
    chunks: Sequence[int],
    backend: Backend,
    report: Callable[[int, float], bool] | None = None,
) -> tuple[Evaluation, bool]:
    """Play ``chunks`` of ``setup`` in the given order; ``report(game, value)`` after each group, ``value`` the
    group's ``setup.group_value`` (a field: net chips per hand; a population: their aggregate over its duels).

    Stops after the chunk in which ``report`` returned True (pruned): the rest of that chunk is already
    played, so its groups count. A stop asked for in the last chunk is ignored: every group has been
    played, nothing is saved, and the evaluation is complete. Returns the evaluation of the groups
    played (``setup.summary``) and whether it stopped early (True only when some chunks were not played).
    """
    parts = setup.parts()
    y, h = [], []
    stopped = False
    results = backend.map(play_duel_chunk, ((part, c) for c in chunks for part in parts))
    try:
        for position, chunk in enumerate(chunks):
            units = [next(results) for _ in parts]
            for i in range(units[0].shape[0]):
                hands = [int(u[i, :, 0].sum()) for u in units]
                nets = [int(u[i, :, 1].sum()) for u in units]
                y.append(nets)
                h.append(hands)
                if report is not None and report(chunk * setup.chunk_games + i, setup.group_value(nets, hands)):
                    stopped = position < len(chunks) - 1
            if stopped:
                break
    finally:
        results.close()
    y_array, h_array = np.array(y, float).reshape(-1, len(parts)), np.array(h, float).reshape(-1, len(parts))
    score, half, edges = setup.summary(y_array, h_array)
    return Evaluation(setup.candidate, int(h_array.sum()), len(y), score, half, edges), stopped


@dataclass(frozen=True)
class Objective:
    """A named way to score a configuration (``--objective``), maximised by the study.

    ``score(setup, spec, seed, chunk_games, chunks, backend, report)`` plays configuration ``spec`` of the
    ``TuneSetup`` on run seed ``seed`` (chunks of ``chunk_games`` games, in the order ``chunks``), calls
    ``report(instance, value)`` per paired instance (``WilcoxonPruner``: True asks to stop) and returns
    ``(Evaluation, stopped_early)``, higher better; ``unit`` says what the value measures.
    """

    name: str
    unit: str
    score: Callable[..., tuple[Evaluation, bool]]


OBJECTIVES: dict[str, Objective] = {}
"""The objectives ``sniper tune`` knows, by name (``register_objective``)."""


def register_objective(objective: Objective) -> Objective:
    """Add ``objective`` to ``OBJECTIVES`` (e.g. an exploitability objective, the negated win rate of a local
    best response against the spec); ``ValueError`` if its name is taken."""
    if objective.name in OBJECTIVES:
        raise ValueError(f"an objective named {objective.name!r} is registered already")
    OBJECTIVES[objective.name] = objective
    return objective


def edge_score(
    setup: "TuneSetup",
    spec: str,
    seed: int,
    chunk_games: int,
    chunks: Sequence[int],
    backend: Backend,
    report: Callable[[int, float], bool] | None = None,
) -> tuple[Evaluation, bool]:
    """The ``edge`` objective: chips per hand of ``spec`` against the field, or the population's aggregate
    (``TuneSetup.play_setup``, ``evaluate``)."""
    return evaluate(setup.play_setup(spec, seed, chunk_games), chunks, backend, report)


register_objective(Objective("edge", "chips/hand", edge_score))


@dataclass
class TuneResult:
    """The outcome of ``tune``: trials, the validated candidates and the winner.

    ``best`` and ``vs_untuned`` are None when no configuration met the time budget (nothing was
    validated); ``vs_untuned`` has no hands when the best is the untuned spec (``duel_untuned``).
    """

    setup: TuneSetup
    study: Path
    trials: list[dict]
    validated: list[Evaluation]
    best: Evaluation | None
    vs_untuned: Evaluation | None
    seconds: float
    crosstable: list[Evaluation] = field(default_factory=list)
    """The winner against every weaker level and ``random`` on the validation seed (``crosstable``)."""

    @property
    def verdict(self) -> str:
        """What the search found, one of ``VERDICTS``: judged by the held-out duel of the tuned spec
        against the untuned one (``vs_untuned``), better only when its whole 95% CI is above 0."""
        better, not_shown, untuned_best, none_within = VERDICTS
        if self.best is None or self.vs_untuned is None:
            return none_within
        if self.vs_untuned.hands == 0:
            return untuned_best
        low = self.vs_untuned.ci95[0]
        return better if math.isfinite(low) and low > 0 else not_shown

    def conclusion(self) -> str:
        """The report's last line, in words: the tuned spec and whether it is shown better than the untuned
        one on the held-out hands (net chips/hand against it, 95% CI), or that no configuration met the budget."""
        from sniper.core.stats import interval_text, value_text

        s, verdict = self.setup, self.verdict
        if verdict == "none_within_budget":
            timed = [t["decision_us"] for t in self.trials if t["decision_us"] is not None]
            fastest = f"; the fastest of {len(self.trials)} trials took {min(timed):.2f} µs" if timed else ""
            return (
                f"no configuration met --time-budget-us {s.time_budget_us:g} (CPU µs per decision){fastest}: "
                "no tuned spec (raise the budget or search cheaper parameters, e.g. fewer samples)"
            )
        if verdict == "untuned_best":
            hands = f"{self.best.hands:,} held-out hands"
            return f"tuned spec: {self.best.spec} (the untuned spec: no trial beat it on {hands})"
        vs = self.vs_untuned
        measured = f"{value_text(vs.net_per_hand)} {interval_text(*vs.ci95)} chips/hand against it"
        if verdict == "better":
            return f"tuned spec: {self.best.spec} (better than {s.spec} on {vs.hands:,} held-out hands: {measured})"
        return (
            f"tuned spec: {self.best.spec} (not shown better than {s.spec} on {vs.hands:,} held-out hands: "
            f"{measured}; keep {s.spec}, or tune with more hands)"
        )

    @property
    def pruned(self) -> int:
        """Trials stopped early by the pruner."""
        return sum(1 for t in self.trials if t["pruned"])

    @property
    def trial_hands_played(self) -> list[int]:
        """Hands played by each trial that played every group (not pruned): at most ``setup.trial_hands``,
        fewer when games end early (one player holds every chip, R9)."""
        return [t["hands"] for t in self.trials if not t["pruned"]]

    def played_notes(self) -> list[str]:
        """One line per hand count played below what was asked (games that end early, R9): the hands actually
        played per trial and per validated configuration. The groups are fixed, not extended, so every trial
        plays the same deals (paired evaluation); the hands columns and the JSON give the counts."""
        s, notes = self.setup, []
        why = "games end early when one player holds every chip (R9); the groups are fixed, so all play the same deals"
        for label, option, asked, played in (
            ("trials (not pruned)", "--hands-per-trial", s.hands_per_trial, self.trial_hands_played),
            ("validated configurations", "--validate-hands", s.validate_hands, [e.hands for e in self.validated]),
        ):
            if played and min(played) < asked:
                span = f"{min(played):,}" if min(played) == max(played) else f"{min(played):,}-{max(played):,}"
                notes.append(f"{label} played {span} hands each ({option} {asked:,}): {why}")
        return notes

    def to_json(self) -> dict:
        """The ``--json`` report (strict JSON); ``game`` is the registry name of the game played."""
        s = self.setup
        best, vs = self.best, self.vs_untuned
        validation = None  # no configuration met the time budget: nothing was validated
        if best is not None and vs is not None:
            validation = {
                "hands": best.hands,
                "net_per_hand": best.net_per_hand,
                "ci95": list(best.ci95),
                "seed": s.validation_seed,
                "groups": s.validation_groups,
                "hands_per_configuration": mean_count([e.hands for e in self.validated]),
                "hands_per_configuration_max": s.validation_hands,
                "hands_asked": s.validate_hands,
                "vs_untuned": None  # the best spec is the untuned one: nothing was compared
                if vs.hands == 0
                else {"net_per_hand": vs.net_per_hand, "ci95": list(vs.ci95), "hands": vs.hands},
                "candidates": [e.to_json() for e in self.validated],
                "crosstable": {
                    "players": s.players,
                    "seed": s.validation_seed,
                    "hands_asked": s.validate_hands,
                    "rows": [e.to_json() for e in self.crosstable],
                },
            }
        return finite(
            {
                "game": s.game,
                "spec": s.spec,
                "against": list(s.against),
                "players": s.players,
                "aggregate": s.aggregate,
                "objective": s.objective,
                "best_spec": None if best is None else best.spec,
                "verdict": self.verdict,
                "tuning": {
                    "trials": len(self.trials),
                    "pruned": self.pruned,
                    "hands": sum(t["hands"] for t in self.trials),
                    "hands_saved": sum(t["hands_saved"] for t in self.trials),
                    "seed": s.tuning_seed,
                    "groups": s.groups,
                    "hands_per_trial": mean_count(self.trial_hands_played),
                    "hands_per_trial_max": s.trial_hands,
                    "hands_per_trial_asked": s.hands_per_trial,
                    "best_trials": sorted(self.trials, key=lambda t: -(t["value"] if t["value"] is not None else -1e9))[
                        :VALIDATE_TOP
                    ],
                },
                "validation": validation,
                "study": str(self.study),
                "plots": [str(self.study / p) for p in PLOTS if (self.study / p).exists()],
            }
        )


def check_study_dir(directory: Path) -> None:
    """``TuneError`` unless ``directory`` can hold this command's study: absent, empty, or a study of
    ``sniper tune`` (it has ``study.db``; a directory holding only the ``LOCK`` of a start that made
    no study yet also counts as empty). Files of one's own are never overwritten (the plots ``PLOTS``
    would be, even one that merely has a plot's name)."""
    directory = Path(directory)
    existing = next(d for d in (directory, *directory.parents) if d.exists())
    if not existing.is_dir():
        raise TuneError(
            "{study} {directory}: {existing} is a file, not a directory; choose another {study}",
            directory=directory,
            existing=existing,
        )
    if not directory.is_dir() or (directory / STUDY_DB).is_file():
        return
    foreign = sorted(p.name for p in directory.iterdir() if p.name != LOCK and not p.name.startswith("."))
    if foreign:
        shown = ", ".join(foreign[:3]) + (", …" if len(foreign) > 3 else "")
        raise TuneError(
            "{study} {directory} is not empty and holds no study ({db} missing; it has {shown}); "
            "choose a new or empty directory",
            directory=directory,
            db=STUDY_DB,
            shown=shown,
        )


def holds_study(path: Path) -> bool:
    """Whether the SQLite file ``path`` holds optuna's study ``STUDY_NAME``, read without writing
    (optuna would add its tables to any database it opens)."""
    import sqlite3
    from contextlib import closing

    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            return db.execute("SELECT 1 FROM studies WHERE study_name = ?", (STUDY_NAME,)).fetchone() is not None
    except sqlite3.Error:
        return False


def mean_count(counts: list[int]) -> int | None:
    """The mean of ``counts``, rounded to a whole number (None if empty).

    >>> mean_count([165, 179]), mean_count([])
    (172, None)
    """
    return round(sum(counts) / len(counts)) if counts else None


@contextmanager
def locked(directory: Path):
    """Hold ``directory/.lock`` (``TuneError`` if another process holds it); released on exit or kill."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / LOCK, "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise TuneError("study {directory} is in use by another sniper tune process", directory=directory) from None
        yield


def open_study(setup: TuneSetup, directory: Path):
    """Create or load the study in ``directory/study.db``; ``TuneError`` if it was made for another setup.

    Trials left RUNNING (by a killed process) are marked FAIL and their parameters enqueued again.
    """
    import optuna
    from optuna.trial import TrialState

    optuna.logging.set_verbosity(optuna.logging.ERROR)  # no "Trial N failed" traceback: the error propagates
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    warnings.filterwarnings("ignore", message="WilcoxonPruner finds steps")
    path = directory / STUDY_DB
    if path.exists() and path.stat().st_size > 0:
        if not holds_study(path):
            raise TuneError(
                "{path} is not a sniper tune study (no optuna study named {name!r}); left untouched",
                path=path,
                name=STUDY_NAME,
            )
        try:
            optuna.load_study(study_name=STUDY_NAME, storage=f"sqlite:///{path}")
        except Exception as error:  # noqa: BLE001 - any unreadable database is reported the same way
            raise TuneError(
                "{path} is not a sniper tune study ({kind})", path=path, kind=type(error).__name__
            ) from None
    study = optuna.create_study(
        study_name=STUDY_NAME,
        storage=f"sqlite:///{path}",
        direction="maximize",
        pruner=optuna.pruners.WilcoxonPruner(p_threshold=P_THRESHOLD, n_startup_steps=PRUNE_STARTUP),
        load_if_exists=True,
    )
    identity = setup.identity()
    stored = study.user_attrs.get("identity")
    if stored is None:
        if study.trials:
            raise TuneError("{path} is not a sniper tune study (trials without a setup)", path=path)
        study.set_user_attr("identity", identity)
        untuned = get_game(setup.game).agent_vector(setup.spec)
        values = {p.name: untuned[p.name] for p in setup.params}
        start = {name: value for name, value in values.items() if setup.param(name).contains(value)}
        if len(start) == len(setup.params):
            study.enqueue_trial(start, user_attrs={"untuned": True})
    else:
        for key, value in identity.items():
            if stored.get(key) != value:
                shown = "other level defaults" if key == "agents" else f"{key} {stored.get(key)!r}, not {value!r}"
                raise TuneError(
                    "study {directory} was made for {shown}; use another {study}", directory=directory, shown=shown
                )
    waiting = [t.params for t in study.get_trials(deepcopy=False, states=(TrialState.WAITING,))]
    for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(trial.number, state=TrialState.FAIL)  # optuna's public API: a RUNNING trial marked failed
        if trial.params not in waiting:
            study.enqueue_trial(trial.params, user_attrs={"retry_of": trial.number})
    return study


def retry_last(study) -> None:
    """Enqueue the parameters of the study's last trial again if it failed (a Ctrl-C stopped it), as
    ``open_study`` does for a trial a killed process left RUNNING: a resumed study plays it first."""
    from optuna.trial import TrialState

    trials = study.get_trials(deepcopy=False)
    if trials and trials[-1].state == TrialState.FAIL:
        study.enqueue_trial(trials[-1].params, user_attrs={"retry_of": trials[-1].number})


def _sampler(setup: TuneSetup, finished: int):
    """The TPE sampler for the next trial, seeded from the study seed and the finished trials."""
    import optuna

    return optuna.samplers.TPESampler(seed=zlib.crc32(f"{setup.seed}:{finished}".encode()))


def _objective(setup: TuneSetup, backend: Backend):
    """The optuna objective: suggest, time, play the tuning groups (pruned by Wilcoxon), return net/hand."""
    n_chunks = setup.groups // setup.chunk_games

    def objective(trial) -> float:
        spec = tuned_spec(setup.spec, {p.name: p.suggest(trial) for p in setup.params})
        trial.set_user_attr("spec", spec)
        us = decision_time_us(spec, setup.players, setup.rules, game=setup.game)
        trial.set_user_attr("decision_us", us)
        if setup.time_budget_us is not None:
            trial.set_constraint("decision_us", us - setup.time_budget_us)
        order = np.random.default_rng(zlib.crc32(spec.encode())).permutation(n_chunks).tolist()

        def report(game: int, value: float) -> bool:
            trial.report(value, game)
            return trial.should_prune()

        score = OBJECTIVES[setup.objective].score
        result, pruned = score(setup, spec, setup.tuning_seed, setup.chunk_games, order, backend, report)
        planned = result.hands if not pruned else round(result.hands / result.groups * setup.groups)
        trial.set_user_attr("hands", result.hands)
        trial.set_user_attr("hands_saved", planned - result.hands)
        trial.set_user_attr("pruned", pruned)
        trial.set_user_attr("ci95", finite(list(result.ci95)))
        if result.edges is not None:
            trial.set_user_attr("edges", finite(result.edges))
        return result.net_per_hand

    return objective


def trial_rows(study) -> list[dict]:
    """Finished trials as plain dicts: number, spec, value, decision µs, hands, hands saved, pruned, feasible."""
    from optuna.trial import TrialState

    rows = []
    for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
        rows.append(
            {
                "number": t.number,
                "spec": t.user_attrs.get("spec"),
                "value": finite(t.value),
                "decision_us": t.user_attrs.get("decision_us"),
                "hands": int(t.user_attrs.get("hands", 0)),
                "hands_saved": int(t.user_attrs.get("hands_saved", 0)),
                "pruned": bool(t.user_attrs.get("pruned", False)),
                "feasible": all(c <= 0 for c in t.constraints.values()),
                "ci95": t.user_attrs.get("ci95"),
            }
        )
    return rows


def validate(setup: TuneSetup, study, rows: list[dict], backend: Backend) -> tuple[list[Evaluation], Evaluation | None]:
    """Play the best trials and the untuned spec on the validation seed; the results and the winner.

    The winner is the best on validation among the configurations within ``time_budget_us``: the
    trials that met it and the untuned spec if its own trial met it (no budget: all). The untuned
    spec is validated as the baseline even when over the budget, but cannot win. With no
    configuration within the budget nothing is played: ``([], None)``.

    Results are cached in the study (user attribute per spec and hand count), so re-running a
    finished study does not replay them.
    """
    rows = [{**r, "spec": stored_spec(r["spec"], setup)} for r in rows]  # read from study.db: checked first
    eligible = [r for r in rows if not r["pruned"] and r["feasible"] and r["value"] is not None]
    ranked = sorted(eligible, key=lambda r: -r["value"])
    untuned = same_agent(setup.spec, setup.game)
    untuned_within = setup.time_budget_us is None or any(
        r["feasible"] and same_agent(r["spec"], setup.game) == untuned for r in rows
    )
    if not ranked and not untuned_within:
        return [], None
    candidates: list[str] = []
    seen: list[dict] = []
    for spec in [*(r["spec"] for r in ranked), setup.spec]:
        vector = same_agent(spec, setup.game)
        if vector not in seen and (len(candidates) < VALIDATE_TOP or spec == setup.spec):
            candidates.append(spec)
            seen.append(vector)
    chunk_games = setup.validation_chunk_games
    n_chunks = setup.validation_groups // chunk_games
    out = []
    for spec in candidates:
        key = f"validation:{setup.validate_hands}:{spec}"
        cached = study.user_attrs.get(key)
        if cached is None:
            score = OBJECTIVES[setup.objective].score
            result, _ = score(setup, spec, setup.validation_seed, chunk_games, range(n_chunks), backend)
            cached = asdict(result)
            study.set_user_attr(key, finite(cached))
        out.append(Evaluation.from_cache(cached))
    winners = [e for e in out if untuned_within or same_agent(e.spec, setup.game) != untuned]
    return out, max(winners, key=lambda e: e.net_per_hand)


def stored_spec(spec: object, setup: TuneSetup) -> str:
    """A trial's spec read back from the study (``study.db``, a file): ``TuneError`` unless it is a spec of the
    tuned level, so no text from the file can name an outside agent (which would be imported) or another level."""
    head = setup.spec.strip().partition(":")[0]
    if not isinstance(spec, str) or get_game(setup.game).is_outside(spec) or spec.strip().partition(":")[0] != head:
        raise TuneError(
            "the study holds a trial spec {spec!r} that is not one of {own!r}; use another {study}",
            spec=spec,
            own=setup.spec,
        )
    return spec


def same_agent(spec: str, game: str = DEFAULT_GAME) -> dict:
    """``GameSpec.agent_vector`` without the spec text: equal for two specs that make the same agent."""
    return {k: v for k, v in get_game(game).agent_vector(spec).items() if k != "spec"}


def duel_untuned(setup: TuneSetup, study, best: str, backend: Backend) -> Evaluation:
    """Duplicate duel (``sniper.arena.duel``) of ``best`` against the untuned spec on the validation seed.

    No hands (no interval, ``null`` in JSON and left out of the table) when ``best`` is the untuned agent.
    """
    if same_agent(best, setup.game) == same_agent(setup.spec, setup.game):
        return Evaluation(best, 0, 0, 0.0, 0.0)
    key = f"vs_untuned:{setup.validate_hands}:{best}"
    cached = study.user_attrs.get(key)
    if cached is None:
        duel = DuelSetup(
            best, setup.spec, setup.players, setup.rules, setup.validation_seed, engine=setup.engine, game=setup.game
        )
        result = run_duel(duel, setup.validation_hands, backend=backend)  # at least the candidates' hands
        cached = finite(asdict(Evaluation(best, result.hands, result.groups, result.net_per_hand, result.half_width)))
        study.set_user_attr(key, cached)
    return Evaluation.from_cache(cached)


def crosstable(setup: TuneSetup, study, best: str, backend: Backend) -> list[Evaluation]:
    """Duplicate duels (``sniper.arena.duel.run_duel``) of ``best`` against every weaker level of the ladder
    (``weaker_levels``, their default parameters, ``random`` first) at ``setup.players`` seats on the validation
    seed, ``setup.validation_hands`` hands each: one ``Evaluation`` per opponent (``against``), chips/hand won by
    ``best``'s seats with its 95% CI. Cached in the study like the validation (no replay on a re-run)."""
    rows = []
    for level in weaker_levels(setup.spec, setup.game):
        key = f"crosstable:{setup.validate_hands}:{best}:{level}"
        cached = study.user_attrs.get(key)
        if cached is None:
            duel = DuelSetup(
                best, level, setup.players, setup.rules, setup.validation_seed, engine=setup.engine, game=setup.game
            )
            result = run_duel(duel, setup.validation_hands, backend=backend)
            row = Evaluation(best, result.hands, result.groups, result.net_per_hand, result.half_width, against=level)
            cached = finite(asdict(row))
            study.set_user_attr(key, cached)
        rows.append(Evaluation.from_cache(cached))
    return rows


def save_plots(study, rows: list[dict], directory: Path, budget: float | None) -> None:
    """optuna's optimisation history and parameter importances, and strength vs decision time
    (``sniper.core.plots.strength_vs_time``), as PNGs."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure
    from optuna.visualization import matplotlib as ovm

    def save(name: str, drawn) -> None:
        figure = drawn if isinstance(drawn, Figure) else np.ravel(drawn)[0].figure  # optuna's Axes, or ours
        if not isinstance(drawn, Figure):
            figure.tight_layout()
        write_atomic(directory / name, lambda tmp: figure.savefig(tmp, format="png", dpi=100))
        plt.close(figure)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        save(PLOTS[0], ovm.plot_optimization_history(study))
        if len([r for r in rows if r["value"] is not None]) >= 2:
            try:
                save(PLOTS[1], ovm.plot_param_importances(study))
            except (RuntimeError, ValueError, ZeroDivisionError):
                pass
    from sniper.core.plots import strength_vs_time

    save(PLOTS[2], strength_vs_time(rows, budget))


def tune(
    setup: TuneSetup,
    directory: Path,
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TuneResult:
    """Run (or continue) the study in ``directory`` to ``setup.trials`` finished trials, then validate.

    ``progress(finished, trials)`` after each trial. Raises ``ValueError`` for an invalid setup
    (checked before the study is created: a refused command leaves no study behind) and
    ``TuneError`` for a foreign or busy study directory, or a non-empty directory that is not a study
    (``check_study_dir``; see the module docstring).
    """
    from optuna.trial import TrialState

    setup.check()
    started = time.perf_counter()
    directory = Path(directory)
    check_study_dir(directory)
    with locked(directory), nullcontext(backend) if backend is not None else Backend.here(setup.engine) as running:
        study = open_study(setup, directory)
        objective = _objective(setup, running)
        while True:
            finished = len(study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)))
            if progress:
                progress(finished, setup.trials)
            if finished >= setup.trials:
                break
            study.sampler = _sampler(setup, finished)
            try:
                study.optimize(objective, n_trials=1, catch=())
            except KeyboardInterrupt:
                retry_last(study)
                raise
        rows = trial_rows(study)
        validated, best = validate(setup, study, rows, running)
        vs = None if best is None else duel_untuned(setup, study, best.spec, running)
        table = [] if best is None else crosstable(setup, study, best.spec, running)
        save_plots(study, rows, directory, setup.time_budget_us)
    return TuneResult(setup, directory, rows, validated, best, vs, time.perf_counter() - started, table)


def report_tables(result: TuneResult, top: int = 10) -> list:
    """Rich tables for the terminal: the best trials, then the validation (chips/hand, 95% CIs)."""
    from rich.table import Table

    from sniper.core.stats import interval_text, value_text

    title = get_game(result.setup.game).title
    trials = Table(title=f"{title}: best trials of {len(result.trials)} (tuning seed {result.setup.tuning_seed})")
    for name in ("#", "net/hand", "95% CI", "µs/decision", "hands", "spec"):
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
    for name in ("spec", "hands", "net/hand", "95% CI"):
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
        for name in ("against", "hands", "net/hand", "95% CI"):
            cross.add_column(name, justify="left" if name == "against" else "right")
        for e in result.crosstable:
            cross.add_row(e.against, f"{e.hands:,}", value_text(e.net_per_hand), interval_text(*e.ci95))
        tables.append(cross)
    return tables

"""What a ``sniper tune`` trial plays: ``TuneSetup`` (the spec, its field or population, the parameter space,
hands, seeds, time budget), the duplicate seatings of a field (``FieldSetup``) or of a population
(``PopulationSetup``, ``population_interval``), and the tuned spec's decision time (``decision_time_us``).
The search: ``sniper.arena.tune``.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sniper.arena.duel import (
    MIN_GROUPS,
    DuelSetup,
    TablesOfGame,
    auto_chunk_games,
    ratio_ci,
)
from sniper.arena.duel import seatings as duel_seatings
from sniper.arena.tune_objectives import OBJECTIVES
from sniper.arena.tune_space import AGGREGATES, ParamRange, parse_param, tunable_level
from sniper.core import defaults
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, GameRules, game_names, get_game
from sniper.core.stats import clustered_mean_ci
from sniper.runs.config import RunConfig

PRUNE_STARTUP = 5
"""Groups a trial plays before it may be pruned."""
TIMING_GAMES = 16
"""Games of self-play timed per trial for ``decision_time_us``."""


@dataclass(frozen=True)
class FieldSetup(TablesOfGame):
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
            out.append((seating, self.run_config(agents)))
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
class PopulationSetup(TablesOfGame):
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
        super().__post_init__()
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
        """The engine every trial plays on: the game's default (``GameSpec.default_engine``), or its reference
        engine when an opponent is an outside agent (``GameSpec.choose_engine``: no kernel plays one)."""
        spec = get_game(self.game)
        return spec.choose_engine([self.spec, *self.against], spec.default_engine)[0]

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
        if self.objective == "lbr" and known.exploit is None:
            ready = ", ".join(name for name in game_names() if get_game(name).exploit is not None)
            raise ParameterError(
                "{objective} lbr needs a local best response, which {title} does not have yet; games: {ready}",
                title=known.title,
                ready=ready,
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

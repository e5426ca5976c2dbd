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
is maximised; one whose natural measure is to be minimised registers its negative: ``lbr`` is the tuned
spec's chips per hand against a local best response (minus LBR's win rate, ``tune_objectives.lbr_score``).

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
kernel, on one thread, ``sniper.games.poker52.decision_time``); with
``time_budget_us`` it is an optuna constraint (``<= 0`` when met). A game that does not measure it has
none (``null``) and takes no time budget.

Any registered game (``TuneSetup.game``, ``sniper.core.registry``): its levels, parameter domains, agent
specs, rules and default engine come from its ``GameSpec``; trials play on that engine.

The modules: the parameter space (``sniper.arena.tune_space``), what a trial plays (``sniper.arena.tune_setup``),
how it is scored (``sniper.arena.tune_objectives``), the optuna study on disk (``sniper.arena.tune_study``), the
held-out validation (``sniper.arena.tune_validation``) and, here, ``tune`` and its ``TuneResult``; the plots are
``sniper.report.tune_plots``'s, the terminal tables ``sniper.cli.arena_tables``'s.
"""

import math
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from sniper.arena.tune_objectives import Evaluation, finite
from sniper.arena.tune_setup import TuneSetup
from sniper.arena.tune_study import (
    PLOTS,
    check_study_dir,
    locked,
    open_study,
    retry_last,
    trial_objective,
    trial_rows,
    trial_sampler,
)
from sniper.arena.tune_validation import VALIDATE_TOP, crosstable, duel_untuned, validate
from sniper.runs.backends import Backend

VERDICTS = ("better", "not_shown_better", "untuned_best", "none_within_budget")
"""``TuneResult.verdict``: the tuned spec beat the untuned one on the held-out duel (its 95% CI above
0); it did not (the CI includes 0, lies below it, or cannot be computed); the untuned spec itself
was the best on validation; no configuration met ``--time-budget-us`` (no tuned spec)."""


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
        one on the held-out hands (net chips/hand against it, 95% CI; a points game: its rounds and point
        difference per round, ``GameSpec.unit``), or that no configuration met the budget."""
        from sniper.core.registry import get_game
        from sniper.core.stats import interval_text, value_text

        s, verdict = self.setup, self.verdict
        game = get_game(s.game)
        units = f"{game.unit}s"
        per = "chips/hand" if game.utility == "chips" else f"{game.net_name} per {game.unit}"
        if verdict == "none_within_budget":
            timed = [t["decision_us"] for t in self.trials if t["decision_us"] is not None]
            fastest = f"; the fastest of {len(self.trials)} trials took {min(timed):.2f} µs" if timed else ""
            return (
                f"no configuration met --time-budget-us {s.time_budget_us:g} (CPU µs per decision){fastest}: "
                "no tuned spec (raise the budget or search cheaper parameters, e.g. fewer samples)"
            )
        if verdict == "untuned_best":
            held = f"{self.best.hands:,} held-out {units}"
            return f"tuned spec: {self.best.spec} (the untuned spec: no trial beat it on {held})"
        vs = self.vs_untuned
        measured = f"{value_text(vs.net_per_hand)} {interval_text(*vs.ci95)} {per} against it"
        if verdict == "better":
            return f"tuned spec: {self.best.spec} (better than {s.spec} on {vs.hands:,} held-out {units}: {measured})"
        return (
            f"tuned spec: {self.best.spec} (not shown better than {s.spec} on {vs.hands:,} held-out {units}: "
            f"{measured}; keep {s.spec}, or tune with more {units})"
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


def mean_count(counts: list[int]) -> int | None:
    """The mean of ``counts``, rounded to a whole number (None if empty).

    >>> mean_count([165, 179]), mean_count([])
    (172, None)
    """
    return round(sum(counts) / len(counts)) if counts else None


def tune(
    setup: TuneSetup,
    directory: Path,
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
    plots: Callable[[object, list[dict], Path, float | None], None] | None = None,
) -> TuneResult:
    """Run (or continue) the study in ``directory`` to ``setup.trials`` finished trials, then validate.

    ``progress(finished, trials)`` after each trial. ``plots(study, rows, directory, time_budget_us)`` is called
    last, while the study is still locked: ``sniper.report.tune_plots.save_plots`` (what ``sniper tune`` passes)
    writes the ``PLOTS`` beside the study (the report layer draws them; None draws none). Raises ``ValueError``
    for an invalid setup (checked before the study is created: a refused command leaves no study behind) and
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
        objective = trial_objective(setup, running)
        while True:
            finished = len(study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)))
            if progress:
                progress(finished, setup.trials)
            if finished >= setup.trials:
                break
            study.sampler = trial_sampler(setup, finished)
            try:
                study.optimize(objective, n_trials=1, catch=())
            except KeyboardInterrupt:
                retry_last(study)
                raise
        rows = trial_rows(study)
        validated, best = validate(setup, study, rows, running)
        vs = None if best is None else duel_untuned(setup, study, best.spec, running)
        table = [] if best is None else crosstable(setup, study, best.spec, running)
        if plots is not None:
            plots(study, rows, directory, setup.time_budget_us)
    return TuneResult(setup, directory, rows, validated, best, vs, time.perf_counter() - started, table)

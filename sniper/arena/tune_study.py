"""``sniper tune``'s optuna study on disk: ``DIR/study.db`` (SQLite, optuna's RDB storage, read through optuna's
public API only), the directory's lock, trials left RUNNING by a killed process retried, the seeded sampler,
the objective a trial runs, and the finished trials as rows. The search: ``sniper.arena.tune``.
"""

import fcntl
import warnings
import zlib
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from sniper.arena.tune_objectives import (
    OBJECTIVES,
    finite,
)
from sniper.arena.tune_setup import (
    PRUNE_STARTUP,
    TuneSetup,
    decision_time_us,
)
from sniper.arena.tune_space import (
    TuneError,
    tuned_spec,
)
from sniper.core.registry import get_game
from sniper.runs.backends import Backend

STUDY_DB = "study.db"
STUDY_NAME = "sniper-tune"
LOCK = ".lock"

P_THRESHOLD = 0.1
"""``WilcoxonPruner`` p-value: a trial stops when it is worse than the best with p below this."""

PLOTS = ("history.png", "importances.png", "strength_vs_time.png")


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
    """Whether the SQLite file ``path`` holds optuna's study ``STUDY_NAME``, read without writing through optuna's
    public API (``optuna.storages.RDBStorage`` on a read-only connection with ``skip_table_creation``, then
    ``optuna.get_all_study_names``): optuna would otherwise add its tables to any database it opens. False for a
    file that is no SQLite database or holds no optuna tables."""
    import optuna

    try:
        storage = optuna.storages.RDBStorage(
            f"sqlite:///file:{path}?mode=ro&uri=true", skip_compatibility_check=True, skip_table_creation=True
        )
        try:
            return STUDY_NAME in optuna.get_all_study_names(storage)
        finally:
            storage.remove_session()
    except Exception:  # noqa: BLE001 - not a database, or not optuna's: no study either way
        return False


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


def trial_sampler(setup: TuneSetup, finished: int):
    """The TPE sampler for the next trial, seeded from the study seed and the finished trials."""
    import optuna

    return optuna.samplers.TPESampler(seed=zlib.crc32(f"{setup.seed}:{finished}".encode()))


def trial_objective(setup: TuneSetup, backend: Backend):
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

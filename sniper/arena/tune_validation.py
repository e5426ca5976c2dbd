"""``sniper tune``'s held-out validation (winner's curse): the best trials and the untuned spec played again on
the validation seed (``validate``), the winner's duel against the untuned spec (``duel_untuned``) and its
crosstable against every weaker level (``crosstable``), each cached in the study. The search: ``sniper.arena.tune``.
"""

from dataclasses import asdict

from sniper.arena.duel import (
    DuelSetup,
    run_duel,
)
from sniper.arena.tune_objectives import OBJECTIVES, Evaluation, finite
from sniper.arena.tune_setup import TuneSetup
from sniper.arena.tune_space import TuneError, weaker_levels
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.runs.backends import Backend

VALIDATE_TOP = 3
"""How many of the best trials are validated on held-out seeds (besides the untuned spec)."""


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

"""The arena's commands of the ``sniper`` command line: ``duel``, ``exploit``, ``league`` and ``tune``.

Registered on the one typer app (``sniper.cli.app.app``) in its command order; like every command they parse
options, call the library (``sniper.arena``) and print (``sniper.cli.arena_tables``); a ``ValueError`` is one line
``sniper: error: …``, exit 2.
"""

from typing import Annotated

import typer

from sniper.cli import arena_tables
from sniper.cli import options as opt
from sniper.cli import terminal as show
from sniper.cli.options import fail
from sniper.core import defaults
from sniper.core import inputs as check
from sniper.core.registry import DEFAULT_GAME, game_names, get_game
from sniper.core.stats import dumps


def duel(
    a: Annotated[str, typer.Argument(metavar="A", help="Agent spec A, e.g. easy.")],
    b: Annotated[str, typer.Argument(metavar="B", help="Agent spec B, e.g. easy:bluff=0.2 (may equal A).")],
    players: opt.DuelPlayers = defaults.DUEL_PLAYERS,
    hands: opt.DuelHands = None,
    until_ci: opt.UntilCi = None,
    max_hands: opt.MaxHands = None,
    sprt: opt.SprtOption = None,
    alpha: opt.Alpha = defaults.SPRT_ALPHA,
    beta: opt.Beta = defaults.SPRT_BETA,
    seed: opt.Seed = defaults.SEED,
    game_length: opt.GameLength = None,
    rules: opt.Rules = None,
    engine: opt.Engine = None,
    workers: opt.Workers = 0,
    scheduler: opt.Scheduler = None,
    chunk_games: opt.AutoChunk = 0,
    decision_timeout: opt.DecisionTimeout = None,
    game: opt.GameName = DEFAULT_GAME,
    as_json: opt.Json = False,
    quiet: opt.Quiet = False,
) -> None:
    """Duplicate duel: A against B on the same cards with the seats rotated; net chips/hand with a 95% CI.

    Every game is replayed with A and B swapping seats (all rotations), so both get the same
    cards; the CI treats each game's set of replays as one independent unit. Also shows how much
    wider the CI would be for the same hands dealt independently.
    """
    from sniper.arena.duel import DuelSetup, make_duel_rules, run_duel
    from sniper.core.errors import AgentError
    from sniper.core.sprt import Sprt, parse_hypotheses

    try:
        check.check_players(players, game)
        check.check_backend(workers, scheduler, chunk_games)
        n_hands = None if hands is None else check.parse_count(hands)
        limit = None if max_hands is None else check.parse_count(max_hands, "--max-hands")
        if sprt is None and (alpha, beta) != (defaults.SPRT_ALPHA, defaults.SPRT_BETA):
            raise ValueError("--alpha and --beta are the error rates of --sprt H0:H1: give --sprt too")
        test = None if sprt is None else Sprt(*parse_hypotheses(sprt), alpha, beta)
        rule_set = make_duel_rules([a, b], rules, game_length, engine, game)
        goal = n_hands or defaults.HANDS if until_ci is None and test is None else None
        pair = [a.strip(), b.strip()]
        shown = quiet or as_json
        with opt.playing("duel", pair, engine, workers, scheduler, goal, shown, game) as (engine, backend, update):
            setup = DuelSetup(*pair, players, rule_set, seed, chunk_games, engine, decision_timeout, game)
            note = lambda done, half: update(done, note=f"CI ±{half:.3f}")  # noqa: E731
            result = run_duel(setup, n_hands, until_ci, limit, backend, note, test)
    except (ValueError, ConnectionError, AgentError) as error:
        fail(error)
    if as_json:
        typer.echo(dumps(result.to_json()))
    else:
        arena_tables.print_duel(result, until_ci, game)


def exploit(
    level: Annotated[str, typer.Argument(metavar="LEVEL", help="Agent spec to exploit, e.g. hard or hard:bluff=0.2.")],
    hands: Annotated[
        str, typer.Option(metavar="N", help="Hands, an even number: N/2 deals, each played in both seats.")
    ] = "2000",
    bets: Annotated[
        str | None,
        typer.Option(
            metavar="LETTERS",
            help="LBR's actions. holdem (default fcpa): f fold, c call, h half pot, p pot, a all-in; "
            "sniper (default fc135a): f fold, c check/call, 1 +1, 3 +3, 5 +5, a all-in; "
            "draw (default fcr): f fold, c check/call, r bet/raise.",
        ),
    ] = None,
    lbr_rounds: Annotated[
        str | None,
        typer.Option(
            "--lbr-rounds",
            metavar="ROUNDS",
            help="Betting rounds where LBR best-responds, a comma list or all; elsewhere it checks or calls. "
            "holdem: preflop, flop, turn, river (default turn,river); sniper: 1, 2 (default all); "
            "draw: first, second (default all).",
        ),
    ] = None,
    seed: opt.Seed = defaults.SEED,
    workers: Annotated[int, typer.Option(metavar="N", help="Worker processes (the result does not depend on it).")] = 1,
    model_samples: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Monte Carlo deals (holdem) or rollouts (sniper) of LBR's model of a Monte Carlo level's equity, "
            "per private hand (default: holdem 64, at most the level's own samples; sniper the level's own); "
            "draw: the particles (sampled hands) of LBR's range (default 128).",
        ),
    ] = None,
    rollouts: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="holdem: runouts of LBR's own equity before the turn (default 200; exact after). "
            "sniper: not used (exact). draw: sampled draws per particle while a draw is ahead (default 16).",
        ),
    ] = None,
    game: opt.ExploitGameName = DEFAULT_GAME,
    as_json: opt.Json = False,
) -> None:
    """Local best response (Lisý & Bowling 2017): how much a player that reads LEVEL's range wins from it.

    LBR plays heads-up in duplicate (both seats, the same deals), tracks LEVEL's range over every private
    hand by Bayes' rule from LEVEL's own action probabilities and, on the --lbr-rounds, takes the action
    of greatest value assuming check/call to the end. Its win rate (mbb/g for Hold'em, milli big bets per
    game for draw, chips/hand for Sniper Hold'em, with a 95% CI) is a lower bound on LEVEL's
    exploitability. Games: holdem, draw, sniper.
    """
    try:
        spec = get_game(game)
        if spec.exploit is None:
            ready = ", ".join(name for name in game_names() if get_game(name).exploit is not None)
            raise ValueError(f"sniper exploit is not yet available for {spec.title} (--game {game}); games: {ready}")
        run = spec.resolve(spec.exploit)
        n = check.parse_count(hands)
        result = run(level, n, bets, lbr_rounds, seed, workers, model_samples, rollouts)
    except ValueError as error:
        fail(error)
    if as_json:
        typer.echo(dumps(result.to_json()))
    else:
        arena_tables.print_exploit(result.to_json())


def league(
    specs: Annotated[list[str], typer.Argument(metavar="SPEC...", help="Two or more distinct agent specs.")],
    players: opt.TablePlayers = defaults.PLAYERS,
    hands: opt.LeagueHands = opt.LEAGUE_HANDS,
    out: opt.LeagueOut = None,
    seed: opt.Seed = defaults.SEED,
    game_length: opt.GameLength = None,
    rules: opt.Rules = None,
    engine: opt.Engine = None,
    workers: opt.Workers = 0,
    scheduler: opt.Scheduler = None,
    chunk_games: opt.AutoChunk = 0,
    decision_timeout: opt.DecisionTimeout = None,
    game: opt.GameName = DEFAULT_GAME,
    as_json: opt.Json = False,
    quiet: opt.Quiet = False,
) -> None:
    """Every spec against every other: duplicate duels, a crosstable with 95% CIs, BT ratings (Bradley–Terry,
    Elo scale) and OpenSkill ratings from full tables."""
    from sniper.arena.duel import make_duel_rules
    from sniper.arena.league import check_specs, league_hands, league_out, run_league, save_league
    from sniper.core.errors import AgentError

    specs = [s.strip() for s in specs]
    try:
        check.check_players(players, game)
        check.check_backend(workers, scheduler, chunk_games)
        check_specs(specs)
        n_hands = check.parse_count(hands)
        rule_set = make_duel_rules(specs, rules, game_length, engine, game)
        total = league_hands(specs, players, n_hands)
        with league_out(out) as target:
            playing = opt.playing("league", specs, engine, workers, scheduler, total, quiet or as_json, game)
            with playing as (engine, backend, update):
                args = (specs, players, n_hands, rule_set, seed, engine, chunk_games, backend, update, decision_timeout)
                result = run_league(*args, game=game)
            if as_json:
                typer.echo(dumps(result.to_json()))
            else:
                arena_tables.print_league(result)
            if target is not None:
                known = get_game(game)
                config = dict(
                    specs=specs, players=players, hands=n_hands, seed=seed, rules=rules or known.default_rules
                )
                config.update(game_length=game_length or known.default_length, engine=engine, chunk_games=chunk_games)
                config["game"] = game  # every league names its game (one made before games had names is sniper)
                save_league(result, target, config)
                if not as_json:
                    show.console.print(f"→ {target}")
    except (ValueError, FileExistsError, ConnectionError, AgentError) as error:
        fail(error)


def tune(
    spec: Annotated[str, typer.Argument(metavar="SPEC", help="The spec to tune, e.g. hard.")],
    against: opt.Against,
    param: opt.Params,
    players: opt.TunePlayers = None,
    trials: opt.Trials = defaults.TUNE_TRIALS,
    hands_per_trial: opt.HandsPerTrial = opt.HANDS_PER_TRIAL,
    study: opt.Study = opt.STUDY,
    seed: opt.TuneSeed = defaults.SEED,
    validate_hands: opt.ValidateHands = opt.VALIDATE_HANDS,
    time_budget_us: opt.TimeBudget = None,
    aggregate: opt.Aggregate = None,
    objective: opt.Objective = "edge",
    workers: opt.Workers = 0,
    scheduler: opt.Scheduler = None,
    game: opt.GameName = DEFAULT_GAME,
    as_json: opt.Json = False,
) -> None:
    """Tune SPEC's parameters with optuna on duplicate deals; validate the best on held-out seeds.

    With --aggregate mean|worst, --against is a population (e.g. easy,normal,random): a duplicate duel against
    each, scored by the mean or the worst edge. Validation ends with the crosstable of the tuned spec against
    every weaker level and random (95% CIs). The last line says whether the tuned spec is shown better than SPEC
    on the held-out hands (JSON "verdict"). With --time-budget-us and no configuration within it: exit 0, the
    line "no configuration met --time-budget-us …" and JSON "best_spec": null.
    """
    from sniper.arena import tune as tuning
    from sniper.arena import tune_setup, tune_space, tune_study
    from sniper.report.tune_plots import save_plots
    from sniper.runs.backends import Backend

    try:
        check.check_game(game)
        check.check_backend(workers, scheduler)
        level = tune_space.tunable_level(spec, game)
        ranges = tuple(tune_space.parse_param(p, level, game) for p in param)
        counts = {
            "hands_per_trial": check.parse_count(hands_per_trial, "--hands-per-trial"),
            "validate_hands": check.parse_count(validate_hands, "--validate-hands"),
            "time_budget_us": time_budget_us,
        }
        opponents = tuple(get_game(game).split_agents(against))
        seats = tune_space.seats_for(opponents, players, population=aggregate is not None)
        check.check_players(seats, game)
        how = {"aggregate": aggregate, "objective": objective}
        setup = tune_setup.TuneSetup(
            spec.strip(), opponents, seats, ranges, trials, seed=seed, **counts, game=game, **how
        )
        setup.check()
        tune_study.check_study_dir(study)
        opt.note_outside_agents((setup.spec, *setup.against), game)
        if scheduler is None:
            show.warm_up(setup.engine, as_json, game)
        with Backend(workers or None, scheduler, engine=setup.engine) as backend:
            result = tuning.tune(setup, study, backend, plots=save_plots)
    except (ValueError, ConnectionError) as error:
        fail(error)
    for note in [*setup.rounding_notes(), *result.played_notes()]:
        typer.echo(f"sniper: note: {note}", err=True)
    if as_json:
        typer.echo(dumps(result.to_json()))
        return
    for table in arena_tables.report_tables(result):
        show.console.print(table)
    typer.echo(f"{result.conclusion()}   plots: {study}/*.png")

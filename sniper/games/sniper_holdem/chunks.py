"""Sniper Hold'em's engines as the runner calls them (``GameSpec.engines`` of "sniper"): a chunk of a run's
games played into its tables (R13 keys), by the reference engine or by the numba game kernel.

Both give the same rows (``tests/test_game_kernel.py``): ``play_chunk_reference`` plays the games with
``sniper.games.sniper_holdem.play.play_game`` and writes each finished hand's rows
(``sniper.games.sniper_holdem.results``); ``play_kernel`` calls
``sniper.games.sniper_holdem.kernel_engine.play_chunk_kernel``.
"""

from sniper.core.tables import Chunk, to_table
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.results import ACTION_COLUMNS, COLUMNS, action_rows, hand_rows


def play_chunk_reference(config, chunk: int, rollouts: str = "python", hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig``) on the pure-Python reference
    engine: both tables (``hands_only`` changes nothing: the actions cost little here) and each game's hands.

    The agents' rollouts run on ``rollouts`` ("python", the reference, or "kernel": the same rows, faster;
    ``sniper.games.sniper_holdem.snipes.ROLLOUT_BACKENDS``). Raises ``ValueError`` for an invalid agent spec,
    ``sniper.core.errors.AgentError`` when an agent fails.
    """
    agents = [make_agent(spec, config.decision_timeout, rollouts) for spec in config.agents]
    columns: dict[str, list] = {}
    actions: dict[str, list] = {name: [] for name in ACTION_COLUMNS}
    hands_per_game = []
    start = chunk * config.chunk_games
    for game in range(start, start + config.chunk_games):
        count = 0
        for hand, state in enumerate(play_game(agents, config.seed, game, config.rules)):
            for name, values in hand_rows(state, game, hand, list(config.agents)).items():
                columns.setdefault(name, []).extend(values)
            for name, values in action_rows(state, game, hand).items():
                actions[name].extend(values)
            count += 1
        hands_per_game.append(count)
    return Chunk({"hands": to_table(columns, COLUMNS), "actions": to_table(actions, ACTION_COLUMNS)}, hands_per_game)


def play_kernel(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` on the numba game kernel: the same rows as
    ``play_chunk_reference``; with ``hands_only`` the hands table only (the kernel then records no actions)."""
    from sniper.games.sniper_holdem.kernel_engine import play_chunk_kernel

    if hands_only:
        hands, counts = play_chunk_kernel(config, chunk)
        return Chunk({"hands": hands}, counts)
    return play_chunk_kernel(config, chunk, actions=True)

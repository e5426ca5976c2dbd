"""No-limit Hold'em's reference engine as a run plays it: a chunk of games into the run tables.

``play_chunk_reference`` is the ``"reference"`` engine of the game's ``GameSpec`` (``sniper.games.holdem``):
whole games on the PokerKit table (``sniper.games.holdem.play.play_game``, H1–H10), one agent per seat
built from the run's specs, rows as ``sniper.games.holdem.results`` defines them.
"""

from sniper.core.tables import Chunk, to_table
from sniper.games.holdem import results
from sniper.games.holdem.levels import make_level
from sniper.games.holdem.play import play_game
from sniper.games.poker_spec import agent_builder

make_agent = agent_builder(make_level)
"""The agent an agent spec ``LEVEL[:NAME=VALUE,…]`` names (``ValueError`` saying why not)."""


def play_chunk_reference(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.runner.RunConfig`` of this game): its
    ``config.chunk_games`` games from game ``chunk * config.chunk_games``, as the hands table (and the
    actions table unless ``hands_only``) and the hands of each game. ``ValueError`` for a bad spec."""
    agents = [make_agent(spec) for spec in config.agents]
    hands = {name: [] for name in results.COLUMNS}
    actions = {name: [] for name in results.ACTION_COLUMNS}
    counts = []
    start = chunk * config.chunk_games
    for game in range(start, start + config.chunk_games):
        records = play_game(len(agents), config.seed, game, agents, config.rules.length)
        for name, values in results.hand_rows(records, game, list(config.agents)).items():
            hands[name].extend(values)
        if not hands_only:
            for name, values in results.action_rows(records, game).items():
                actions[name].extend(values)
        counts.append(len(records))
    tables = {"hands": to_table(hands, results.COLUMNS)}
    if not hands_only:
        tables["actions"] = to_table(actions, results.ACTION_COLUMNS)
    return Chunk(tables, counts)

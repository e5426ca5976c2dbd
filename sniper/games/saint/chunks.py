"""Saint Poker's reference engine as a run plays it: a chunk of games into the run tables.

``play_chunk_reference`` is the ``"reference"`` engine of the game's ``GameSpec`` (``sniper.games.saint``): whole
games on the table state (``sniper.games.saint.play.play_game``, S1–S9), one agent per seat built from the run's
specs, rows as ``sniper.games.saint.results`` defines them.
"""

from sniper.core.tables import Chunk
from sniper.games.poker52.spec import agent_builder
from sniper.games.saint.levels import make_level
from sniper.games.saint.parameters import PARAMETERS
from sniper.games.saint.play import play_game
from sniper.games.saint.results import tables_chunk

make_agent = agent_builder(make_level, PARAMETERS)
"""The agent an agent spec ``LEVEL[:NAME=VALUE,…]`` or an outside agent's ``module:ClassName[:NAME=VALUE,…]`` names
(``make_agent(spec, decision_timeout=None)``; ``ValueError`` saying why not)."""


def play_chunk_reference(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig`` of this game): its
    ``config.chunk_games`` games from game ``chunk * config.chunk_games``, as the hands table (and the rounds table
    unless ``hands_only``) and the rounds of each game. ``ValueError`` for a bad spec."""
    agents = [make_agent(spec) for spec in config.agents]
    start = chunk * config.chunk_games
    played = [(g, play_game(len(agents), config.seed, g, agents)) for g in range(start, start + config.chunk_games)]
    return tables_chunk(played, config.agents, hands_only)

"""No-limit Hold'em's reference engine as a run plays it: a chunk of games into the run tables.

``play_chunk_reference`` is the ``"reference"`` engine of the game's ``GameSpec`` (``sniper.games.holdem``):
whole games on the PokerKit table (``sniper.games.holdem.play.play_game``, H1–H10), one agent per seat
built from the run's specs, rows as ``sniper.games.holdem.results`` defines them
(``sniper.games.poker_spec.play_reference_chunk``, shared by the 52-card games).
"""

from sniper.core.tables import Chunk
from sniper.games.holdem import results
from sniper.games.holdem.levels import make_level
from sniper.games.holdem.parameters import PARAMETERS
from sniper.games.holdem.play import HandRecord, play_game
from sniper.games.poker_spec import agent_builder, finished_chunk, play_reference_chunk

make_agent = agent_builder(make_level, PARAMETERS)
"""The agent an agent spec ``LEVEL[:NAME=VALUE,…]`` or an outside agent's ``module:ClassName[:NAME=VALUE,…]`` names
(``make_agent(spec, decision_timeout=None)``; ``ValueError`` saying why not)."""


def play_chunk_reference(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig`` of this game): its
    ``config.chunk_games`` games from game ``chunk * config.chunk_games``, as the hands table (and the
    actions table unless ``hands_only``) and the hands of each game. ``ValueError`` for a bad spec."""
    return play_reference_chunk(config, chunk, hands_only, make_agent, play_game, results)


def record_chunk(hands, agents) -> Chunk:
    """Both tables' rows of finished hands played elsewhere (a served game), (game, hand, ``HoldemHand``) in order,
    seated by the labels ``agents`` (the game's ``GameSpec.record``; ``sniper.games.poker_spec.finished_chunk``)."""
    return finished_chunk(hands, agents, HandRecord.of, results)

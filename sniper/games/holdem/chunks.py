"""No-limit Hold'em's reference engine as a run plays it: a chunk of games into the run tables.

``play_chunk_reference`` is the ``"reference"`` engine of the game's ``GameSpec`` (``sniper.games.holdem``):
whole games on the PokerKit table (``sniper.games.holdem.play.play_game``, H1–H10), one agent per seat
built from the run's specs, rows as ``sniper.games.holdem.results`` defines them
(``sniper.games.poker52.spec.play_reference_chunk``, shared by the 52-card games).
"""

from functools import partial

from sniper.games.holdem import results
from sniper.games.holdem.levels import make_agent
from sniper.games.holdem.play import HandRecord, play_game
from sniper.games.poker52.spec import finished_chunk, play_reference_chunk

__all__ = ["make_agent", "play_chunk_reference", "record_chunk"]


play_chunk_reference = partial(play_reference_chunk, make_agent=make_agent, play_game=play_game, results=results)
"""Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig`` of this game):
``play_chunk_reference(config, chunk, hands_only=False)``, its ``config.chunk_games`` games from game
``chunk * config.chunk_games``, as the hands table (and the actions table unless ``hands_only``) and the hands of
each game (``sniper.games.poker52.spec.play_reference_chunk``). ``ValueError`` for a bad spec."""

record_chunk = partial(finished_chunk, record_of=HandRecord.of, results=results)
"""Both tables' rows of finished hands played elsewhere (a served game): ``record_chunk(hands, agents)``, the hands
as (game, hand, ``HoldemHand``) in order, seated by the labels ``agents`` (the game's ``GameSpec.record``;
``sniper.games.poker52.spec.finished_chunk``)."""

"""The PettingZoo env of a PokerKit game: what no-limit Hold'em's and five-card draw's envs share.

``PokerKitEnv`` is a ``sniper.core.env.TableEnv`` (agents, episodes, rewards, spaces) on a game's
``sniper.games.poker52.table.PokerKitTable``: its arguments are the table's (``players`` in the table's
``SEATS``, ``game_length`` a key of its ``GAME_LENGTHS``), its opponents the game's agents (objects with
``act(obs, stream)`` returning the table's flat action, asked with the decision's stream as in a run),
and its observation an encoding of the table's ``observe``, the one place the game's view rule is
decided. A game's env sets ``TABLE``, ``N_ACTIONS``, ``OBS_SIZE``, ``OBS_LOW``, ``OBS_HIGH`` and
``encode_observation`` (a ``staticmethod``: its observation → ``{"observation", "action_mask"}``), and writes
``render_text``; ``table_action`` when its actions are not the table's. The public part of the
observation vector both games share, its fields and values, is written once here: ``TABLE_FIELDS``
(``table_values``) and ``SEAT_FIELDS`` (``seat_values``).
"""

from collections.abc import Callable, Sequence
from typing import Any

from sniper.core.env import TableEnv
from sniper.games.poker52.spec import hands_of_length
from sniper.games.poker52.table import PokerKitTable

TABLE_FIELDS = ("acting", "street", "seat", "seats", "button", "pot", "to_call")
"""Scalar fields of a PokerKit game's observation vector, in this order (``table_values``): whether the
seat is to act (1/0), the street, the seat, the table size, the button, the pot (earlier rounds) and the
chips the seat owes."""
SEAT_FIELDS = ("stacks", "bets", "in_hand")
"""Per-seat fields of a PokerKit game's observation vector, in this order, each padded to the game's
most seats with 0 (``seat_values``): chips behind, this round's bets, in the hand (1/0)."""


def table_values(obs: Any) -> list[int]:
    """The ``TABLE_FIELDS`` of a game's observation ``obs`` (a ``HoldemObservation`` or
    ``DrawObservation``: ``legal``, ``street``, ``seat``, ``seats``, ``button``, ``pot``, ``to_call``)."""
    return [bool(obs.legal), obs.street, obs.seat, obs.seats, obs.button, obs.pot, obs.to_call]


def seat_values(obs: Any, max_seats: int) -> list[int]:
    """The ``SEAT_FIELDS`` of ``obs``, ``max_seats`` entries each (seat order, padded with 0)."""
    pad = [0] * (max_seats - obs.seats)
    return [*obs.stacks, *pad, *obs.bets, *pad, *obs.in_hand, *pad]


class PokerKitEnv(TableEnv):
    """One game of a ``PokerKitTable`` per episode (module docstring).

    ``players``: seats at the table, in ``TABLE.SEATS``; ``opponents``: the game's agents for the last
    ``len(opponents)`` seats (``make_opponent``); ``game_length``: a key of ``TABLE.GAME_LENGTHS``;
    ``render_mode`` as ``TableEnv``. ``ValueError`` (one line) for invalid arguments.
    """

    TABLE: type[PokerKitTable]
    N_ACTIONS: int
    OBS_SIZE: int
    OBS_LOW: int
    OBS_HIGH: int
    encode_observation: Callable[[Any], dict]

    def __init__(
        self, players: int, opponents: Sequence[Any] | None, game_length: str, render_mode: str | None
    ) -> None:
        seats = self.TABLE.SEATS
        if isinstance(players, bool) or not isinstance(players, int) or players not in seats:
            raise ValueError(f"players must be {seats.start}-{seats.stop - 1}, got {players!r}")
        hands_of_length(self.TABLE.GAME_LENGTHS, game_length)  # ValueError naming an unknown length
        self.game_length = game_length
        super().__init__(players, opponents, self.N_ACTIONS, self.OBS_SIZE, self.OBS_LOW, self.OBS_HIGH, render_mode)

    def new_table(self, seed: int, game: int) -> PokerKitTable:
        """Game ``game`` of run ``seed`` on the game's table, of this env's length."""
        return self.TABLE(self.n_seats, seed, game, self.game_length)

    def encode(self, seat: int) -> dict:
        """The seat's encoded observation and action mask now (``encode_observation`` of ``TABLE.observe``)."""
        return self.encode_observation(self.table.observe(seat))

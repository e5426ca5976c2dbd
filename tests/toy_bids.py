"""A second toy game in one file, registered as "toy_bids" when imported: simultaneous moves scored in points, the
proof that the game interface hosts them (``tests/test_toy_bids.py``; docs/adding-a-game.md, "Simultaneous moves
and points"). It touches no game-independent module.

Goofspiel for two: each player holds the cards 1-``CARDS``; each round a prize card of the same values is turned
from the game's shuffled prize deck (``sniper.core.rng``), both players bid one card of their hand at once, and
the higher bid scores the prize in points (equal bids: nobody). A game is ``CARDS`` rounds; the most points wins.

Agents: ``random`` bids a random card; ``match`` bids the card nearest the prize. ``BidEnv``: the PettingZoo
``ParallelEnv`` (``sniper.core.parallel_env.TableParallelEnv`` with the toy's encoding).
"""

from dataclasses import asdict, dataclass, fields

import numpy as np
import pyarrow as pa

from sniper.core.parallel_env import TableParallelEnv
from sniper.core.registry import GameSpec, register_game
from sniper.core.rng import Stream, hand_key
from sniper.core.table import CHANCE, SIMULTANEOUS, TERMINAL, joint_step, point_difference
from sniper.core.tables import Chunk, to_table

CARDS = 6
"""Cards per hand and rounds per game."""
DEAL = 0
"""The action at ``CHANCE`` (cards are bid as actions 1-``CARDS``)."""
COLUMNS = {
    "game": (pa.int64(), "game index within the run, from 0"),
    "hand": (pa.int16(), "round index within the game, from 0"),
    "seat": (pa.int8(), "seat index"),
    "agent": (pa.string(), "agent spec of the seat"),
    "prize": (pa.int8(), "the round's prize"),
    "bid": (pa.int8(), "the seat's bid"),
    "points": (pa.int8(), "points scored this round"),
    "net": (pa.int16(), "the round's point difference (sniper.core.table.point_difference)"),
    "stack_after": (pa.int16(), "points so far"),
}
SCHEMA = pa.schema([pa.field(name, kind, nullable=False) for name, (kind, _) in COLUMNS.items()])


@dataclass(frozen=True)
class BidRules:
    """The one preset and length."""

    name: str = "standard"
    hands_per_game: int = CARDS

    @property
    def planned_hands(self) -> int:
        return self.hands_per_game

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "BidRules":
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise ValueError("not the bidding toy's rules")
        return cls(**data)


def make_rules(preset: str = "standard", length: str = str(CARDS)) -> BidRules:
    """The one preset and length; ``ValueError`` otherwise."""
    if (preset, length) != ("standard", str(CARDS)):
        raise ValueError(f"the bidding toy has rules 'standard' and length {CARDS}, not {preset!r}, {length!r}")
    return BidRules()


@dataclass(frozen=True)
class Bidder:
    """``random`` or ``match`` (module docstring); ``match`` bids the card nearest the prize plus ``offset``."""

    level: str
    offset: int = 0

    def act(self, obs: dict, stream: Stream) -> int:
        hand = obs["hand"]
        if self.level == "random":
            return hand[stream.integer(len(hand))]
        return min(hand, key=lambda card: (abs(card - obs["prize"] - self.offset), card))


def make_agent(spec: str, decision_timeout: float | None = None) -> Bidder:
    """The agent a spec ``random`` or ``match[:offset=K]`` (K in -3..3) names; ``ValueError`` for another."""
    level, _, options = spec.strip().partition(":")
    if level not in ("random", "match"):
        raise ValueError(f"unknown agent level {level!r}; valid: random, match")
    values = dict(option.split("=", 1) for option in options.split(",") if "=" in option)
    if set(values) - set(PARAMETERS[level]) or not all(v.strip().lstrip("-").isdigit() for v in values.values()):
        raise ValueError(f"bad parameters {options!r} for {level}; valid: {', '.join(PARAMETERS[level]) or 'none'}")
    offset = int(values.get("offset", 0))
    if not -3 <= offset <= 3:
        raise ValueError(f"offset must be -3..3, got {offset}")
    return Bidder(level, offset)


PARAMETERS = {"random": {}, "match": {"offset": (-3, 3)}}
"""The levels' parameters and their domains."""


def agent_vector(spec: str) -> dict:
    agent = make_agent(spec)
    return {"spec": spec, "level": agent.level, **({"offset": agent.offset} if agent.level == "match" else {})}


class BidTable:
    """One game as a ``sniper.core.table.SimultaneousTableState``; ``history``: (prize, bids, points) per round."""

    def __init__(self, seats: int, rules: BidRules, seed: int, game: int, **options) -> None:
        self.n_seats, self.seed, self.game = seats, seed, game
        self.hands = [list(range(1, CARDS + 1)) for _ in range(seats)]
        self.prizes: list[int] = []
        self.scores = [0] * seats
        self.history: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []

    def current_player(self) -> int:
        if not self.prizes:
            return CHANCE
        return TERMINAL if len(self.history) == CARDS else SIMULTANEOUS

    def legal_actions(self, seat: int | None = None) -> tuple[int, ...]:
        if seat is None:
            return (DEAL,) if self.current_player() == CHANCE else ()
        return tuple(self.hands[seat]) if self.current_player() == SIMULTANEOUS else ()

    def observe(self, seat: int) -> dict:
        if not 0 <= seat < self.n_seats:
            raise ValueError(f"seat {seat} is not at this table of {self.n_seats}")
        prize = self.prizes[len(self.history)] if self.prizes and len(self.history) < CARDS else 0
        return {"hand": tuple(self.hands[seat]), "prize": prize, "history": tuple(self.history)}

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"action {action!r} is not legal now")
        prizes, stream = list(range(1, CARDS + 1)), Stream(hand_key(self.seed, self.game, 0, 0))
        for i in range(CARDS - 1, 0, -1):
            j = stream.integer(i + 1)
            prizes[i], prizes[j] = prizes[j], prizes[i]
        self.prizes = prizes

    def apply_actions(self, actions: dict) -> None:
        if sorted(actions) != list(range(self.n_seats)) or any(
            actions[s] not in self.legal_actions(s) for s in actions
        ):
            raise ValueError(f"not one legal bid per seat: {actions!r}")
        prize, bids = self.prizes[len(self.history)], tuple(actions[s] for s in range(self.n_seats))
        for seat, bid in enumerate(bids):
            self.hands[seat].remove(bid)
        best = max(bids)
        points = tuple(prize if bid == best and bids.count(best) == 1 else 0 for bid in bids)
        self.scores = [s + p for s, p in zip(self.scores, points)]
        self.history.append((prize, bids, points))

    def is_over(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> tuple[int, ...]:
        return point_difference(self.scores)


def play(config, chunk: int, hands_only: bool = False) -> Chunk:
    """The engine: chunk ``chunk`` of the run ``config``, every round one ``joint_step``."""
    agents = [make_agent(spec) for spec in config.agents]
    columns: dict[str, list] = {name: [] for name in COLUMNS}
    counts = []
    for game in range(chunk * config.chunk_games, (chunk + 1) * config.chunk_games):
        table = BidTable(len(agents), config.rules, config.seed, game)
        table.apply(DEAL)
        while not table.is_over():
            key = (config.seed, game, len(table.history))  # the round's agent streams, as R13's keys
            joint_step(table, lambda s, obs, legal, key=key: agents[s].act(obs, Stream(hand_key(*key, 1 + s))))
        scores = [0] * len(agents)
        for rnd, (prize, bids, points) in enumerate(table.history):
            for seat, net in enumerate(point_difference(points)):
                scores[seat] += points[seat]
                row = dict(game=game, hand=rnd, seat=seat, agent=config.agents[seat], prize=prize, bid=bids[seat],
                           points=points[seat], net=net, stack_after=scores[seat])  # fmt: skip
                for name in COLUMNS:
                    columns[name].append(row[name])
        counts.append(CARDS)
    return Chunk({"hands": to_table(columns, COLUMNS)}, counts)


class BidEnv(TableParallelEnv):
    """The toy as a PettingZoo ``ParallelEnv`` (``sniper.core.parallel_env``): both seats bid at once; ``opponents``
    (level names or agents) play the last seat. Observation: the seat's hand (0/1 per card 1-``CARDS``), the prize
    and the round; actions: the table's (``DEAL`` never legal to a learner, bids 1-``CARDS``)."""

    metadata = {"name": "toy_bids_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, opponents=None, render_mode=None) -> None:
        super().__init__(2, opponents, CARDS + 1, CARDS + 2, 0, CARDS, render_mode)

    def make_opponent(self, opponent):
        return make_agent(opponent) if isinstance(opponent, str) else opponent

    def new_table(self, seed: int, game: int) -> BidTable:
        return BidTable(self.n_seats, BidRules(), seed, game)

    def encode(self, seat: int) -> dict:
        obs, vector = self.table.observe(seat), np.zeros(CARDS + 2, dtype=np.int16)
        vector[[card - 1 for card in obs["hand"]]] = 1
        vector[CARDS:] = obs["prize"], len(obs["history"])
        mask = np.zeros(CARDS + 1, dtype=np.int8)
        mask[list(self.table.legal_actions(seat))] = 1
        return {"observation": vector, "action_mask": mask}

    def opponent_action(self, seat: int, observation, legal) -> int:
        key = (self.table.seed, self.table.game, len(self.table.history), 1 + seat)  # the engine's streams
        return self.seat_agents[seat].act(observation, Stream(hand_key(*key)))


SPEC = register_game(
    GameSpec(
        name="toy_bids",
        title="Toy bidding",
        seats=range(2, 3),
        rules=("standard",),
        game_lengths=(str(CARDS),),
        tables={"hands": f"{__name__}:SCHEMA"},
        levels=("random", "match"),
        parameters=PARAMETERS,
        default_agents=("match", "random"),
        engines={"reference": f"{__name__}:play"},
        new_table=BidTable,
        default_rules="standard",
        default_length=str(CARDS),
        rules_doc="tests/toy_bids.py",
        make_rules=make_rules,
        make_agent=make_agent,
        agent_vector=agent_vector,
        dynamics="simultaneous",
        utility="points",
        unit="round",
        score="points",
    )
)

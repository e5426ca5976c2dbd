"""A toy game in one file, registered as "toy" when imported: the proof that sniper's game interface is all a
game needs (``tests/test_toy_game.py``; docs/adding-a-game.md, "The smallest game").

Two-card high card at 2 to 4 seats. Every seat starts a game with ``STACK`` chips. Each hand, every seat with
chips antes 1 and is dealt two cards, numbers 1-10 from a 40-card deck (four of each) shuffled by the seed
(``sniper.core.rng``: the same (seed, game, hand) deals the same cards). Then each seat in turn, from the
hand's first seat, bets 1 more chip or folds (a seat left with no chip folds). Of the seats that bet, the
best two cards, the higher one first, win the pot (a tie splits it, the odd chips to the first winners in
turn); when nobody bets, each takes its ante back. The first seat moves on after every hand; a game lasts
its length in hands, or until one seat holds every chip.

Agents: ``random[:bet=P]`` bets with chance P; ``high[:threshold=N]`` bets holding a card of N or more.
"""

from dataclasses import asdict, dataclass, fields

import pyarrow as pa

from sniper.core.registry import GameSpec, register_game
from sniper.core.rng import Stream, hand_key
from sniper.core.table import CHANCE, TERMINAL
from sniper.core.tables import Chunk, to_table

STACK = 5
"""Chips of every seat at the start of a game."""
FOLD, BET, DEAL = 0, 1, 2
"""The flat actions: a seat folds or bets; ``DEAL`` deals the next hand (the action at ``CHANCE``)."""
LENGTHS = {"5": 5, "10": 10}
"""Game length name → hands per game."""
LEVELS = {"random": {"bet": 0.5}, "high": {"threshold": 6}}
"""Each level's parameters and their defaults."""
DOMAINS = {"bet": (0, 1), "threshold": (1, 10)}
"""The values each parameter may take, (low, high)."""

COLUMNS = {
    "game": (pa.int64(), "game index within the run, from 0"),
    "hand": (pa.int16(), "hand index within the game, from 0"),
    "seat": (pa.int8(), "seat index"),
    "agent": (pa.string(), "agent spec of the seat"),
    "card_1": (pa.int8(), "the higher card, 0 if not dealt in"),
    "card_2": (pa.int8(), "the lower card, 0 if not dealt in"),
    "bet": (pa.bool_(), "the seat bet"),
    "net": (pa.int16(), "chips won (+) or lost (-) in the hand"),
    "stack_after": (pa.int16(), "chips after the hand"),
}
SCHEMA = pa.schema([pa.field(name, kind, nullable=False) for name, (kind, _) in COLUMNS.items()])


@dataclass(frozen=True)
class ToyRules:
    """The one preset, "standard", and the hands a game lasts at most."""

    name: str = "standard"
    hands_per_game: int = 5

    @property
    def planned_hands(self) -> int:
        return self.hands_per_game

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "ToyRules":
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise ValueError("not the toy game's rules")
        return cls(**data)


def make_rules(preset: str = "standard", length: str = "5") -> ToyRules:
    """The rules of a preset and a length; ``ValueError`` naming the valid ones."""
    if preset != "standard" or length not in LENGTHS:
        raise ValueError(
            f"the toy game has rules 'standard' and lengths {', '.join(LENGTHS)}, not {preset!r}, {length!r}"
        )
    return ToyRules(preset, LENGTHS[length])


@dataclass(frozen=True)
class ToyAgent:
    """An agent of a level with its parameters; ``act`` bets or folds on its own two cards."""

    level: str
    bet: float = 0.5
    threshold: int = 6

    def act(self, cards: tuple[int, int], stream: Stream) -> int:
        wants = stream.random() < self.bet if self.level == "random" else cards[0] >= self.threshold
        return BET if wants else FOLD


def make_agent(spec: str, decision_timeout: float | None = None) -> ToyAgent:
    """The agent ``LEVEL[:NAME=VALUE,…]`` names; ``ValueError`` saying why not."""
    level, _, text = spec.strip().partition(":")
    if level not in LEVELS:
        raise ValueError(f"unknown agent level {level!r}; valid: {', '.join(LEVELS)}")
    values = dict(LEVELS[level])
    for item in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = item.partition("=")
        if name not in values:
            raise ValueError(f"bad parameter {item!r} for {level!r}")
        number = type(values[name])(float(value))
        if not DOMAINS[name][0] <= number <= DOMAINS[name][1]:
            raise ValueError(f"parameter {name!r} must be {DOMAINS[name][0]}-{DOMAINS[name][1]}, got {value}")
        values[name] = number
    return ToyAgent(level, **values)


def agent_vector(spec: str) -> dict:
    """The spec, its level and its level's parameters, as JSON data."""
    agent = make_agent(spec)
    return {"spec": spec, "level": agent.level, **{name: getattr(agent, name) for name in LEVELS[agent.level]}}


class ToyTable:
    """One game as a ``sniper.core.table.TableState``; ``history``: the finished hands' rows (seat → facts)."""

    def __init__(self, seats: int, rules: ToyRules, seed: int, game: int, **options) -> None:
        self.n_seats, self.rules, self.seed, self.game = seats, rules, seed, game
        self.stacks, self.first, self.hand = [STACK] * seats, 0, -1
        self.order: list[int] = []
        self.turn, self.cards, self.bets, self.before = 0, {}, {}, []
        self.history: list[list[dict]] = []

    def current_player(self) -> int:
        if self.turn < len(self.order):
            return self.order[self.turn]
        return TERMINAL if self.is_over() else CHANCE

    def legal_actions(self) -> tuple[int, ...]:
        player = self.current_player()
        if player < 0:
            return () if player == TERMINAL else (DEAL,)
        return (FOLD, BET) if self.stacks[player] > 0 else (FOLD,)

    def observe(self, seat: int) -> tuple[int, int]:
        if not 0 <= seat < len(self.stacks):
            raise ValueError(f"seat {seat} is not at this table of {len(self.stacks)}")
        return self.cards.get(seat, (0, 0))

    def is_over(self) -> bool:
        done = self.hand + 1 >= self.rules.hands_per_game or sum(s > 0 for s in self.stacks) < 2
        return self.turn >= len(self.order) and done

    def returns(self) -> tuple[int, ...]:
        return tuple(stack - STACK for stack in self.stacks)

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"action {action!r} is not legal now; legal: {self.legal_actions()}")
        if action == DEAL:
            self._deal()
            return
        seat = self.current_player()
        self.bets[seat] = action == BET
        self.stacks[seat] -= action == BET
        self.turn += 1
        if self.turn == len(self.order):
            self._settle()

    def _deal(self) -> None:
        n = len(self.stacks)
        self.hand += 1
        self.before = list(self.stacks)
        self.order = [(self.first + i) % n for i in range(n) if self.stacks[(self.first + i) % n] > 0]
        deck = [number for number in range(1, 11) for _ in range(4)]
        stream = Stream(hand_key(self.seed, self.game, self.hand, 0))
        for i in range(len(deck) - 1, 0, -1):
            j = stream.integer(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        self.cards = {seat: tuple(sorted(deck[2 * k : 2 * k + 2], reverse=True)) for k, seat in enumerate(self.order)}
        for seat in self.order:
            self.stacks[seat] -= 1
        self.turn, self.bets = 0, {}

    def _settle(self) -> None:
        betting = [seat for seat in self.order if self.bets[seat]]
        if not betting:
            for seat in self.order:
                self.stacks[seat] += 1
        else:
            best = max(self.cards[seat] for seat in betting)
            winners = [seat for seat in betting if self.cards[seat] == best]
            share, odd = divmod(len(self.order) + len(betting), len(winners))
            for k, seat in enumerate(winners):
                self.stacks[seat] += share + (k < odd)
        rows = []
        for seat in range(len(self.stacks)):
            cards = self.cards.get(seat, (0, 0))
            net = self.stacks[seat] - self.before[seat]
            rows.append(dict(seat=seat, card_1=cards[0], card_2=cards[1], bet=self.bets.get(seat, False), net=net))
        self.history.append(rows)
        self.first = (self.first + 1) % len(self.stacks)


def play(config, chunk: int, hands_only: bool = False) -> Chunk:
    """The toy game's one engine: chunk ``chunk`` of the run ``config``, its agents asked by the table state."""
    agents = [make_agent(spec, config.decision_timeout) for spec in config.agents]
    columns: dict[str, list] = {name: [] for name in COLUMNS}
    counts = []
    for game in range(chunk * config.chunk_games, (chunk + 1) * config.chunk_games):
        table = ToyTable(len(agents), config.rules, config.seed, game)
        while not table.is_over():
            player = table.current_player()
            if player == CHANCE:
                table.apply(DEAL)
                continue
            stream = Stream(hand_key(config.seed, game, table.hand, 1 + player))
            choice = agents[player].act(table.observe(player), stream)
            table.apply(choice if choice in table.legal_actions() else FOLD)
        stacks = [STACK] * len(agents)
        for hand, rows in enumerate(table.history):
            for row in rows:
                stacks[row["seat"]] += row["net"]
                row = {**row, "game": game, "hand": hand, "agent": config.agents[row["seat"]]}
                for name in COLUMNS:
                    columns[name].append(stacks[row["seat"]] if name == "stack_after" else row[name])
        counts.append(len(table.history))
    return Chunk({"hands": to_table(columns, COLUMNS)}, counts)


SPEC = register_game(
    GameSpec(
        name="toy",
        title="Toy high card",
        seats=range(2, 5),
        rules=("standard",),
        game_lengths=tuple(LENGTHS),
        tables={"hands": f"{__name__}:SCHEMA"},
        levels=tuple(LEVELS),
        parameters={level: {name: DOMAINS[name] for name in values} for level, values in LEVELS.items()},
        default_agents=("high", "random"),
        engines={"reference": f"{__name__}:play"},
        new_table=ToyTable,
        default_rules="standard",
        default_length="5",
        rules_doc="tests/toy_game.py",
        make_rules=make_rules,
        make_agent=make_agent,
        agent_vector=agent_vector,
    )
)

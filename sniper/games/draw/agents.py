"""Five-card draw agents: the one interface every level implements, the ``random`` and ``easy``
levels, and the table of all four levels (GAMES.md D11; ``normal`` and ``hard`` are in
``sniper.games.draw.levels``).

An agent reads only a ``DrawObservation`` (D10) and draws its randomness from the decision's
``sniper.core.rng.Stream`` (``sniper.games.poker52.table.decision_stream``), a fixed number of
draws per decision as each class documents, so its choices replay exactly and a kernel can
reproduce them. A level is a frozen dataclass whose fields are its parameters, declared once in
``sniper.games.draw.parameters.PARAMETERS`` (level → name → ``(default, low, high)``,
``sniper.games.poker52.level_parameters``; re-exported here); ``make_level`` builds one by name, ``make_agent`` one
by agent spec, ``LEVEL[:NAME=VALUE,…]`` or the split ``BET/DRAW`` (``SplitAgent``: one level bets, another
draws).

>>> from sniper.games.draw.table import DEAL, DrawTable
>>> table = DrawTable(2, seed=3, game=0)
>>> table.apply(DEAL)
>>> seat = table.current_player()
>>> RandomAgent().act(table.observe(seat), table.stream()) in table.legal_actions()
True
>>> from sniper.games.draw.actions import DISCARD, positions
>>> from sniper.games.poker52.cards import cards
>>> positions(DISCARD + draw_chart(cards("Ah Kd 7h 3h Qh")))  # four hearts: draw to the flush
(1,)
>>> make_agent("hard:samples=64/normal:draw_power=6").draw.draw_power
6
"""

from dataclasses import dataclass, fields
from typing import Protocol

from sniper.core.agent_spec import is_outside, make_outside_agent, parse_spec
from sniper.core.policy import POLICY_KEYS, coin, uniform
from sniper.core.rng import Stream
from sniper.games.draw.actions import BET_RAISE, CHECK_CALL, DISCARD, DRAW, FOLD
from sniper.games.draw.levels import HardAgent, NormalAgent
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.parameters import PARAMETERS, split_sides
from sniper.games.draw.reading import betting
from sniper.games.draw.rules import HAND_SIZE, TITLE
from sniper.games.poker52.cards import CATEGORIES, category, value
from sniper.games.poker52.level_parameters import check_parameters

__all__ = [
    "LEVELS",
    "PARAMETERS",
    "CallAgent",
    "DrawAgent",
    "EasyAgent",
    "FoldAgent",
    "HardAgent",
    "NormalAgent",
    "RandomAgent",
    "SplitAgent",
    "draw_chart",
    "make_agent",
    "make_level",
]

STRAIGHT = CATEGORIES.index("straight")
"""The lowest category ``draw_chart`` stands pat with (straight, flush, full house, quads, straight flush)."""


class DrawAgent(Protocol):
    """The one interface of a five-card draw AI: the flat action (``sniper.games.draw.table``'s
    numbering, one of ``obs.legal``) for the decision ``obs``, drawing any randomness from ``stream``.
    Every level (and split agent) also implements ``sniper.core.policy.Policy``: ``action_probabilities(obs)``
    over ``obs.legal``, from the decision code ``act`` uses."""

    def act(self, obs: DrawObservation, stream: Stream) -> int: ...


def _check_legal(obs: DrawObservation) -> None:
    if not obs.legal:
        raise ValueError(f"seat {obs.seat} has no legal action")


@dataclass(frozen=True)
class RandomAgent:
    """The ``random`` level (D11): uniform over the legal actions, which are the legal action kinds.

    Betting: the kinds fold (when legal, i.e. the seat owes chips), check/call and bet/raise (when
    legal; its amount is fixed, D3) are ``obs.legal``; the draw: the legal discard masks (0–3 cards,
    26 of them). One draw per decision: ``obs.legal[stream.integer(len(obs.legal))]``.
    """

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """A legal flat action for ``obs`` (class docstring); ``ValueError`` if ``obs.legal`` is empty."""
        _check_legal(obs)
        return obs.legal[stream.integer(len(obs.legal))]

    def action_probabilities(self, obs: DrawObservation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """Exact: ``1 / len(obs.legal)`` each (``keys`` and ``seed`` unused); ``ValueError`` if it offers none."""
        _check_legal(obs)
        return uniform(obs.legal)


def draw_chart(cards: tuple[int, ...]) -> int:
    """The ``easy`` level's draw (D11's "fixed chart"): the 5-bit mask of the positions of ``cards``
    (five ``sniper.games.poker52.cards`` cards, in the order held) to discard, 0–3 of them.

    Stand pat with a straight or better (straight, flush, full house, four of a kind, straight
    flush); keep three of a kind (draw 2), two pair (draw 1), one pair (draw 3); else keep four to a
    flush (draw 1); else keep the two highest cards (draw 3: at most 3 may go, D5, so "the highest
    card or two" is two). ``ValueError`` for anything but five distinct cards.
    """
    if len(cards) != HAND_SIZE:
        raise ValueError(f"a draw hand is {HAND_SIZE} cards, got {len(cards)}")
    strength = category(value(cards))
    if strength >= STRAIGHT:
        return 0
    ranks = [c // 4 for c in cards]
    counts = {r: ranks.count(r) for r in ranks}
    if strength > 0:  # pairs, two pair or trips: keep every card whose rank is paired
        keep = [j for j in range(HAND_SIZE) if counts[ranks[j]] > 1]
    else:
        suits = [c % 4 for c in cards]
        flush = [s for s in set(suits) if suits.count(s) == HAND_SIZE - 1]
        if flush:
            keep = [j for j in range(HAND_SIZE) if suits[j] == flush[0]]
        else:
            keep = sorted(range(HAND_SIZE), key=lambda j: ranks[j], reverse=True)[:2]
    return sum(1 << j for j in range(HAND_SIZE) if j not in keep)


def _default(level: str, name: str):
    return PARAMETERS[level][name][0]


@dataclass(frozen=True)
class EasyAgent:
    """The ``easy`` level (D11): bets a pair or better, rarely bluffs, draws by a fixed chart.

    Betting, with ``strength`` the category of its five cards (``sniper.games.poker52.cards.category``):
    one draw, ``bluffing = stream.random() < bluff``. With ``strength >= bet_category`` or bluffing
    it bets when checking is free, and facing a bet it raises with ``strength >= raise_category``
    (when a raise is legal) and calls otherwise; without, it checks, or folds facing a bet. The draw:
    ``draw_chart`` (no draw from the stream). ``ValueError`` for a parameter outside its
    ``PARAMETERS`` domain.
    """

    bluff: float = _default("easy", "bluff")
    bet_category: int = _default("easy", "bet_category")
    raise_category: int = _default("easy", "raise_category")

    def __post_init__(self) -> None:
        check_parameters(PARAMETERS, "easy", {f.name: getattr(self, f.name) for f in fields(self)}, TITLE)

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """A legal flat action for ``obs`` (class docstring); ``ValueError`` if ``obs.legal`` is empty."""
        _check_legal(obs)
        if obs.street == DRAW:
            return DISCARD + draw_chart(obs.cards)
        return self.decide(obs, stream.random() < self.bluff)

    def action_probabilities(self, obs: DrawObservation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """Exact: the chart's discard at the draw; betting, ``decide`` bluffing with probability ``bluff``
        (``keys`` and ``seed`` unused). ``ValueError`` if ``obs`` offers no action."""
        _check_legal(obs)
        if obs.street == DRAW:
            return {DISCARD + draw_chart(obs.cards): 1.0}
        return coin(self.bluff, lambda bluffing: self.decide(obs, bluffing))

    def decide(self, obs: DrawObservation, bluffing: bool) -> int:
        """The betting action given the bluff draw's outcome (class docstring; ``act`` and ``action_probabilities``)."""
        strength = category(value(obs.cards))
        made = strength >= self.bet_category or bluffing
        can_raise = BET_RAISE in obs.legal
        if obs.to_call == 0:
            return BET_RAISE if made and can_raise else CHECK_CALL
        if strength >= self.raise_category and can_raise:
            return BET_RAISE
        return CHECK_CALL if made else FOLD


@dataclass(frozen=True)
class FoldAgent:
    """The ``fold`` baseline: checks when it can, otherwise folds (``reading.betting`` never betting nor
    calling); stands pat at the draw. No draws, no parameters (issue 32)."""

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """Check, or fold facing a bet; stand pat at the draw. ``ValueError`` if ``obs.legal`` is empty."""
        _check_legal(obs)
        return DISCARD if obs.street == DRAW else betting(obs, False, False, False)

    def action_probabilities(self, obs: DrawObservation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """Exact: its one answer (``act`` draws nothing)."""
        return {self.act(obs, Stream(0)): 1.0}


@dataclass(frozen=True)
class CallAgent:
    """The ``call`` baseline: never raises, never folds: checks, or calls (``reading.betting`` always calling);
    stands pat at the draw. No draws, no parameters (issue 32)."""

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """Check or call; stand pat at the draw. ``ValueError`` if ``obs.legal`` is empty."""
        _check_legal(obs)
        return DISCARD if obs.street == DRAW else betting(obs, False, False, True)

    def action_probabilities(self, obs: DrawObservation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """Exact: its one answer (``act`` draws nothing)."""
        return {self.act(obs, Stream(0)): 1.0}


LEVELS: dict[str, type] = {
    "random": RandomAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
    "fold": FoldAgent,
    "call": CallAgent,
}
"""The level classes by name, in ladder order, then the baselines (``PARAMETERS`` has the same keys)."""


def make_level(name: str, **params) -> DrawAgent:
    """The level ``name`` with ``params`` overriding its defaults; ``ValueError`` (one line) for an
    unknown level or parameter, or a value outside its ``PARAMETERS`` domain.

    >>> make_level("easy", bluff=0.2).bluff
    0.2
    """
    check_parameters(PARAMETERS, name, params, TITLE)
    return LEVELS[name](**params)


def make_level_agent(spec: str) -> DrawAgent:
    """The level a plain agent spec ``LEVEL[:NAME=VALUE,…]`` names (``make_level``; ``ValueError`` saying why not)."""
    level, params = parse_spec(spec)
    return make_level(level, **params)


@dataclass(frozen=True)
class SplitAgent:
    """A player that bets as one level and draws as another: ``draw`` acts at the draw (street ``DRAW``, D5),
    ``bet`` at every betting decision (D4, D6), each with the decision's own stream, so each side draws from
    it exactly what it draws alone (its class documents how many words). Agent spec ``BET/DRAW``
    (``make_agent``): ``hard/normal`` is hard's betting with normal's draws."""

    bet: DrawAgent
    draw: DrawAgent

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """``draw``'s action at the draw, ``bet``'s otherwise (class docstring)."""
        return (self.draw if obs.street == DRAW else self.bet).act(obs, stream)

    def action_probabilities(self, obs: DrawObservation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """``draw``'s policy at the draw, ``bet``'s otherwise (``keys`` and ``seed`` passed on)."""
        return (self.draw if obs.street == DRAW else self.bet).action_probabilities(obs, keys=keys, seed=seed)


def make_agent(spec: str, decision_timeout: float | None = None) -> DrawAgent:
    """The agent an agent spec names: a level for ``LEVEL[:NAME=VALUE,…]`` (``make_level``), a ``SplitAgent``
    for ``BET/DRAW`` (two such specs, e.g. ``hard:samples=64/normal:draw_power=6``), an outside agent for
    ``module:ClassName[:NAME=VALUE,…]`` (``sniper.core.agent_spec``; ``decision_timeout``: seconds per
    decision). ``ValueError`` (one line) saying why not, naming a split spec.

    >>> agent = make_agent("normal/easy:bluff=0.1")
    >>> type(agent.bet).__name__, agent.draw
    ('NormalAgent', EasyAgent(bluff=0.1, bet_category=1, raise_category=2))
    >>> make_agent("hard/normal:draw_power=99")
    Traceback (most recent call last):
    ValueError: split agent spec 'hard/normal:draw_power=99': normal: draw_power must be an integer in [1, 40], got 99
    """
    if is_outside(spec, LEVELS):
        return make_outside_agent(spec, decision_timeout)
    sides = split_sides(spec)
    if len(sides) == 1:
        return make_level_agent(spec)
    try:
        return SplitAgent(*(make_level_agent(side) for side in sides))
    except ValueError as error:
        raise ValueError(f"split agent spec {spec.strip()!r}: {error}") from None

"""The AI levels ``easy``, ``normal`` and ``hard`` of no-limit Texas Hold'em (GAMES.md H12).

Seed ``002`` ("Artificiell intelligens"): the AIs use only their own hand, the public cards, the
allowed history and the actions the server allows (H11); *Lätt* (easy) plays mainly on the
immediate strength of its cards; *Normal* uses position, stack depth, pot odds, the structure of
the board and simplified starting-hand ranges; *Svår* (hard) estimates its chance of winning by
Monte Carlo, keeps controlled bluffing frequencies and reads only public information. H12's
``random`` is ``sniper.games.holdem.agents.RandomAgent``; ``LEVELS`` names all four.

A level is a frozen dataclass (a ``sniper.games.holdem.agents.HoldemAgent``) whose fields are its
parameters, declared once in ``PARAMETERS`` (level → name → ``(default, low, high)``, the domain
``sniper tune`` searches; an ``int`` default makes an integer parameter). ``act(obs, stream)`` takes a
``HoldemObservation`` (``sniper.games.holdem.observation``, H11) and returns a flat action: 0 fold,
1 check or call, ``a >= 2`` bet or raise *to* ``a`` chips (the seat's total for the round; a 1-chip
all-in bet is ``ALL_IN_1``, ``sniper.games.holdem.actions.bet_action``, H5). Every amount comes from one
menu, ``raise_menu`` (half pot, pot, all in; ``menu_raise``): clipped to ``[min_raise_to, max_raise_to]``,
and check/call when no raise is open.

Randomness comes only from ``stream`` (a ``sniper.core.rng.Stream``, R13), in a fixed order each class
documents, so a numba kernel can replay every decision bit for bit: no Python ``random``, no sets,
no dict order, floats computed in a fixed order. ``easy`` and ``normal`` draw nothing.

What every level reads of an observation: ``sniper.games.holdem.reading``; the hand strength the levels weigh
(preflop scores, made hands, board texture, draws): ``sniper.games.holdem.strength``. ``normal`` and ``hard`` read
their opponents as the game goes (``sniper.games.holdem.reads.Reads``, ``sniper.games.poker52.reads``: Billings et
al. 1998): how far each one's bets and raises over the game's earlier hands look like a random player's, and move
their read parameters that far toward "its bets carry no information"; with no history they play as their fixed
parameters.

>>> make_level("hard", samples=50).samples
50
"""

from dataclasses import dataclass, fields
from typing import ClassVar

from sniper.core.rng import Stream, derive
from sniper.games.holdem.actions import FOLD, bet_action  # noqa: F401 (FOLD: the levels name it beside CALL)
from sniper.games.holdem.agents import (
    NO_DRAWS,
    CallAgent,
    FoldAgent,
    HoldemAgent,
    RandomAgent,
    give_up,
    mixture,
)
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.parameters import PARAMETERS
from sniper.games.holdem.reading import (
    ALL_IN,
    CALL,
    HALF_POT,
    POT,
    big_blind_seat,
    effective_stack,
    live_opponents,
    menu_raise,
    position,
    price,
    sized,
)
from sniper.games.holdem.reads import Reads
from sniper.games.holdem.rules import TITLE
from sniper.games.holdem.strength import (
    chen_score,
    draw_outs,
    hand_strength,
    made_category,
    outs_equity,
    pair_high_score,
    preflop_top,
    texture,
)
from sniper.games.poker52.cards import DECK_SIZE, value
from sniper.games.poker52.level_parameters import check_parameters
from sniper.games.poker52.reads import toward
from sniper.games.poker52.spec import agent_builder

MAX_TRIES = 100
"""Proposals per opponent hand in ``hard``'s range sampling before the last one is kept."""
SHARE_UNITS = 2520
"""A pot in integer share units: divisible by 1..9, so a split among up to nine winners is exact."""


def _default(level: str, name: str):
    return PARAMETERS[level][name][0]


def fair_share(obs: HoldemObservation) -> float:
    """``1 / n`` with ``n`` players still in: ``normal``'s ``bet_equity`` and ``raise_equity`` against opponents whose
    bets and calls carry no information (``Reads.looseness`` 1), where a bet or raise is for value once the hand's
    chance to win is above its fair share of the pot (one half heads-up)."""
    return 1 / (len(live_opponents(obs)) + 1)


class _Level:
    """Shared by the levels: checks its fields against ``PARAMETERS[name]`` when built."""

    name: ClassVar[str]

    def __post_init__(self) -> None:
        check_parameters(PARAMETERS, self.name, {f.name: getattr(self, f.name) for f in fields(self)}, TITLE)

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        raise NotImplementedError


# ----- the levels -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EasyLevel(_Level):
    """``easy`` (H12; seed 002: *Lätt spelar främst på kortens omedelbara styrka*): immediate strength only.

    Strength before the flop is ``pair_high_score``: strong at ``raise_score`` or more, medium at
    ``call_score``; after it, ``made_category`` (what its own cards add to the board): strong at
    ``raise_category``, medium at ``call_category``. Strong raises (or bets) the pot (``menu_raise``);
    medium calls a bet; weak folds to a bet; otherwise it checks. Draws nothing.
    """

    name: ClassVar[str] = "easy"
    raise_score: int = _default("easy", "raise_score")
    call_score: int = _default("easy", "call_score")
    raise_category: int = _default("easy", "raise_category")
    call_category: int = _default("easy", "call_category")

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """A flat action by immediate strength (H5)."""
        if obs.street == 0:
            s, strong, medium = pair_high_score(obs.hole), self.raise_score, self.call_score
        else:
            s, strong, medium = made_category(obs.hole, obs.board), self.raise_category, self.call_category
        if s >= strong:
            return menu_raise(obs, POT)
        if s >= medium and obs.to_call > 0:
            return CALL
        return give_up(obs)

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]:
        """``{act(obs): 1.0}``: ``easy`` draws nothing (``action_probabilities``)."""
        return {self.act(obs, NO_DRAWS): 1.0}


@dataclass(frozen=True)
class NormalLevel(_Level, Reads):
    """``normal`` (H12; seed 002: position, stack depth, pot odds, board texture, simplified starting-hand
    ranges). Deterministic: draws nothing.

    ``p = position(obs)`` (0 first to act after the flop, 1 the button). Before the flop, with
    ``c = chen_score``:

    - stack depth: ``effective_stack`` at most ``short_stack`` big blinds → all in at ``c >=
      push_score``, else check or fold;
    - unraised (the largest bet at most the big blind) → a pot raise at ``c >= open_early +
      (open_late - open_early) * p`` (a wider range in late position), else check or fold;
    - raised → a pot re-raise at ``c >= reraise_score``; a call at ``c >= call_score + odds_slope *
      (price - 1/3)`` (pot odds: cheaper calls, wider), else fold.

    After the flop, equity ``e = max(hand_strength ** k, outs_equity(draw_outs))`` against ``k`` live
    opponents, board wetness ``w = texture(board)`` and ``shift = texture * w - position * p``:

    - nothing to call → bet at ``e >= bet_equity + shift``: the pot on a wet board (``w > 0``) or at
      ``e >= big_equity``, else half the pot; else check;
    - facing a bet → a pot raise at ``e >= raise_equity + shift``; a call when ``e >= price *
      call_margin`` (pot odds); else fold.

    Every bet or raise goes all in when the chips behind are at most ``allin_spr`` pots (``sized``).

    Reads (``parameters.READS``): facing a bet, the ``bettor_looseness`` ``l`` of the seat that made it moves
    ``call_margin`` ``l`` of the way toward 1 (pot odds alone), ``raise_equity`` toward ``fair_share``
    and the preflop ``call_score`` toward ``open_late`` (a raise that says nothing is called with the hands
    ``normal`` opens); checked to, the ``loosest`` live opponent's moves ``bet_equity`` toward
    ``fair_share``. At ``l = 0`` (no history) exactly the fixed parameters.
    """

    name: ClassVar[str] = "normal"
    open_early: int = _default("normal", "open_early")
    open_late: int = _default("normal", "open_late")
    call_score: int = _default("normal", "call_score")
    reraise_score: int = _default("normal", "reraise_score")
    odds_slope: float = _default("normal", "odds_slope")
    short_stack: float = _default("normal", "short_stack")
    push_score: int = _default("normal", "push_score")
    bet_equity: float = _default("normal", "bet_equity")
    big_equity: float = _default("normal", "big_equity")
    raise_equity: float = _default("normal", "raise_equity")
    call_margin: float = _default("normal", "call_margin")
    position: float = _default("normal", "position")
    texture: float = _default("normal", "texture")
    allin_spr: float = _default("normal", "allin_spr")
    read_rate: float = _default("normal", "read_rate")
    read_weight: float = _default("normal", "read_weight")
    read_noise: float = _default("normal", "read_noise")
    read_bet_rate: float = _default("normal", "read_bet_rate")
    read_bet_noise: float = _default("normal", "read_bet_noise")

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """A flat action by chart, position, stack depth, pot odds and board texture (H5)."""
        if obs.street == 0:
            return self.preflop(obs, position(obs))
        return self.choose(obs, self.equity(obs))

    def action_probabilities(self, obs: HoldemObservation) -> dict[int, float]:
        """``{act(obs): 1.0}``: ``normal`` draws nothing (``action_probabilities``)."""
        return {self.act(obs, NO_DRAWS): 1.0}

    @staticmethod
    def equity(obs: HoldemObservation) -> float:
        """The postflop equity ``e = max(hand_strength ** k, outs_equity(draw_outs))`` of ``act`` (3+ board cards)."""
        hs, e = hand_strength(obs.hole, obs.board), 1.0
        for _ in live_opponents(obs):
            e *= hs  # hs ** k as k products, the order a kernel repeats bit for bit
        return max(e, outs_equity(draw_outs(obs.hole, obs.board), len(obs.board)))

    def choose(self, obs: HoldemObservation, e: float) -> int:
        """The postflop decision of ``act`` (class docstring) at equity ``e`` (``equity``)."""
        p = position(obs)
        w = texture(obs.board)
        shift = self.texture * w - self.position * p
        if obs.to_call == 0:
            if e >= toward(self.bet_equity, fair_share(obs), self.loosest(obs)) + shift:
                return sized(obs, POT if w > 0 or e >= self.big_equity else HALF_POT, self.allin_spr)
            return CALL
        loose = self.bettor_looseness(obs)
        if e >= toward(self.raise_equity, fair_share(obs), loose) + shift:
            return sized(obs, POT, self.allin_spr)
        if e >= price(obs) * toward(self.call_margin, 1.0, loose):
            return CALL
        return give_up(obs)

    def preflop(self, obs: HoldemObservation, p: float) -> int:
        """The preflop decision of ``act`` (class docstring), at position ``p``."""
        c = chen_score(obs.hole)
        if effective_stack(obs) <= self.short_stack * obs.big_blind:
            return menu_raise(obs, ALL_IN) if c >= self.push_score else give_up(obs)
        if max(obs.bets) <= obs.big_blind:
            if c >= self.open_early + (self.open_late - self.open_early) * p:
                return sized(obs, POT, self.allin_spr)
            return give_up(obs)
        if c >= self.reraise_score:
            return sized(obs, POT, self.allin_spr)
        call_score = toward(self.call_score, self.open_late, self.bettor_looseness(obs))
        if c >= call_score + self.odds_slope * (price(obs) - 1 / 3):
            return CALL
        return give_up(obs)


@dataclass(frozen=True)
class Range:
    """What ``hard`` reads of one opponent's hand from the public betting (H11).

    ``top``: its hand is among the top ``top`` fraction of ``PREFLOP_TOP`` (1.0: any hand).
    ``bettor``: it bet or raised after the flop, so its hand makes at least a pair with a hole card
    (``made_category >= 1``) or it is bluffing (a ``read_bluff`` chance moved ``loose`` of the way to 1).
    ``loose``: its ``Reads.looseness`` (0: its bets read as the fixed parameters say).
    """

    top: float = 1.0
    bettor: bool = False
    loose: float = 0.0


def read_range(obs: HoldemObservation, seat: int, level: "HardLevel") -> Range:
    """``seat``'s ``Range`` from ``obs.history`` (public, H11): ``reraise_range`` after two or more
    preflop raises, ``raise_range`` after one, ``call_range`` after a voluntary preflop call (a call
    by a seat other than the big blind, or after a raise), else any hand; ``bettor`` after any bet or
    raise from the flop on; ``top`` moved ``level.looseness(obs, seat)`` of the way to 1 (any hand), that
    looseness kept as ``loose``."""
    raises = calls = postflop = 0
    raised = False
    bb = big_blind_seat(obs)
    for s, street, action in obs.history:
        if street == 0 and s == seat:
            raises += action >= 2
            calls += action == CALL and (raised or seat != bb)
        if street == 0 and action >= 2:
            raised = True
        if street > 0 and s == seat and action >= 2:
            postflop += 1
    top = level.reraise_range if raises >= 2 else level.raise_range if raises else level.call_range if calls else 1.0
    loose = level.looseness(obs, seat)
    return Range(top=toward(top, 1.0, loose), bettor=postflop > 0, loose=loose)


def monte_carlo_equity(hole, board, ranges, key: int, samples: int, read_bluff: float) -> float:
    """Expected share of the pot (0..1) of ``hole`` against one opponent per ``Range`` in ``ranges``,
    estimated from ``samples`` deals of the unseen cards (never the deck's real order).

    Sample ``j`` draws from ``Stream(derive(key, j))``, over a fresh list of the unseen cards in
    ascending order, a partial Fisher–Yates shuffle: each draw swaps the next free position ``k`` with
    ``k + stream.integer(m - k)`` (``m`` unseen cards). For each opponent in order: draw two cards;
    accept them if ``preflop_top`` of them is below the range's ``top`` and, for a ``bettor`` (3+
    board cards), if they make ``made_category >= 1`` or the next ``stream.random() < toward(read_bluff, 1.0,
    r.loose)``;
    otherwise draw the two again from the same positions, at most ``MAX_TRIES`` times (the last
    kept). Then the missing board cards, one draw each. The best ``value`` wins ``SHARE_UNITS``,
    split evenly on a tie; the estimate is the units summed over samples / (``SHARE_UNITS * samples``).
    """
    seen = (*hole, *board)
    unseen = [c for c in range(DECK_SIZE) if c not in seen]
    m = len(unseen)
    units = 0
    for j in range(samples):
        s = Stream(derive(key, j))
        deck = list(unseen)
        k = 0
        opponents = []
        for r in ranges:
            for _ in range(MAX_TRIES):
                for pos in (k, k + 1):
                    i = pos + s.integer(m - pos)
                    deck[pos], deck[i] = deck[i], deck[pos]
                pair = (deck[k], deck[k + 1])
                if preflop_top(pair) >= r.top:
                    continue
                if (
                    not r.bettor
                    or len(board) < 3
                    or made_category(pair, board) >= 1
                    or s.random() < toward(read_bluff, 1.0, r.loose)
                ):
                    break
            opponents.append(pair)
            k += 2
        full = list(board)
        while len(full) < 5:
            i = k + s.integer(m - k)
            deck[k], deck[i] = deck[i], deck[k]
            full.append(deck[k])
            k += 1
        mine = value((*hole, *full))
        values = [value((*pair, *full)) for pair in opponents]
        best = max(values, default=-1)
        if mine > best:
            units += SHARE_UNITS
        elif mine == best:
            units += SHARE_UNITS // (1 + values.count(best))
    return units / (SHARE_UNITS * samples)


@dataclass(frozen=True)
class HardLevel(_Level, Reads):
    """``hard`` (H12; seed 002: Monte Carlo chance to win, controlled bluffing, public information only).

    Equity ``e = monte_carlo_equity`` over ``samples`` deals against the live opponents
    (``live_opponents`` order) with the ranges ``read_range`` reads from the public betting
    (``raise_range``, ``reraise_range``, ``call_range``, ``read_bluff``). With ``n`` players in,
    ``ratio = e * n`` compares it with a fair share; thresholds scale by ``1 - position * p``
    (``position(obs)``):

    - nothing to call → a pot bet at ``ratio >= big_ratio``, half the pot at ``ratio >= bet_ratio``;
      else a bluff of half the pot with probability ``bluff`` (a controlled frequency), else check;
    - facing a bet → a pot raise at ``ratio >= raise_ratio``; a call when ``e >= price *
      call_margin`` (pot odds); else fold.

    Every bet or raise goes all in when the chips behind are at most ``allin_spr`` pots (``sized``).
    Reads (``parameters.READS``): each opponent's ranges and ``read_bluff`` move toward any hand by its
    ``looseness`` (``read_range``); ``raise_ratio`` and ``call_margin`` toward 1 (a fair share; pot odds alone) by
    the bettor's (``bettor_looseness``), ``bet_ratio`` toward 1 by the ``loosest`` live opponent's; with no history
    exactly the fixed parameters.
    Draws: word 0 is the bluff draw (``stream.random()``), word 1 the Monte Carlo key
    (``stream.word()``), both drawn at every decision.
    """

    name: ClassVar[str] = "hard"
    samples: int = _default("hard", "samples")
    bluff: float = _default("hard", "bluff")
    bet_ratio: float = _default("hard", "bet_ratio")
    big_ratio: float = _default("hard", "big_ratio")
    raise_ratio: float = _default("hard", "raise_ratio")
    call_margin: float = _default("hard", "call_margin")
    position: float = _default("hard", "position")
    allin_spr: float = _default("hard", "allin_spr")
    raise_range: float = _default("hard", "raise_range")
    reraise_range: float = _default("hard", "reraise_range")
    call_range: float = _default("hard", "call_range")
    read_bluff: float = _default("hard", "read_bluff")
    read_rate: float = _default("hard", "read_rate")
    read_weight: float = _default("hard", "read_weight")
    read_noise: float = _default("hard", "read_noise")
    read_bet_rate: float = _default("hard", "read_bet_rate")
    read_bet_noise: float = _default("hard", "read_bet_noise")

    def equity(self, obs: HoldemObservation, key: int, samples: int | None = None) -> float:
        """``monte_carlo_equity`` of the seat against the live opponents' read ranges, keyed by ``key``,
        from ``samples`` deals (default: the level's ``samples``)."""
        ranges = tuple(read_range(obs, s, self) for s in live_opponents(obs))
        n = self.samples if samples is None else samples
        return monte_carlo_equity(obs.hole, obs.board, ranges, key, n, self.read_bluff)

    def act(self, obs: HoldemObservation, stream: Stream) -> int:
        """A flat action by Monte Carlo equity, pot odds and position, bluffing at ``bluff`` (H5)."""
        bluffing = stream.random() < self.bluff
        return self.choose(obs, self.equity(obs, stream.word()), bluffing)

    def action_probabilities(
        self, obs: HoldemObservation, key: int = 0, samples: int | None = None
    ) -> dict[int, float]:
        """The probability of each flat action ``act`` takes at ``obs`` given one equity estimate: ``equity``
        keyed by ``key`` from ``samples`` deals (default: the level's ``samples``), the bluff at its exact
        probability ``bluff`` (``choose``). ``act`` draws its own key, so its frequencies are these averaged
        over the estimate's noise; with many ``samples`` (or far from a threshold) they coincide."""
        e = self.equity(obs, key, samples)
        return mixture(((self.choose(obs, e, True), self.bluff), (self.choose(obs, e, False), 1.0 - self.bluff)))

    def choose(self, obs: HoldemObservation, e: float, bluffing: bool) -> int:
        """The decision of ``act`` (class docstring) at equity ``e``, with or without the bluff."""
        ratio = e * (len(live_opponents(obs)) + 1)
        scale = 1.0 - self.position * position(obs)
        if obs.to_call == 0:
            if ratio >= self.big_ratio * scale:
                return sized(obs, POT, self.allin_spr)
            if ratio >= toward(self.bet_ratio, 1.0, self.loosest(obs)) * scale or bluffing:
                return sized(obs, HALF_POT, self.allin_spr)
            return CALL
        loose = self.bettor_looseness(obs)
        if ratio >= toward(self.raise_ratio, 1.0, loose) * scale:
            return sized(obs, POT, self.allin_spr)
        if e >= price(obs) * toward(self.call_margin, 1.0, loose):
            return CALL
        return give_up(obs)


LEVELS: dict[str, type] = {
    "random": RandomAgent,
    "easy": EasyLevel,
    "normal": NormalLevel,
    "hard": HardLevel,
    "fold": FoldAgent,
    "call": CallAgent,
}
"""The level classes by name, in ladder order, then the baselines (``PARAMETERS`` has the same keys);
``random``, ``fold`` and ``call`` are in ``sniper.games.holdem.agents`` and have no parameters."""


def make_level(name: str, **params) -> HoldemAgent:
    """The level ``name`` with ``params`` overriding its defaults; ``ValueError`` (one line) for an
    unknown level or parameter, or a value outside its ``PARAMETERS`` domain."""
    check_parameters(PARAMETERS, name, params, TITLE)
    return LEVELS[name](**params)


make_agent = agent_builder(make_level, PARAMETERS)
"""The agent an agent spec ``LEVEL[:NAME=VALUE,…]`` or an outside agent's ``module:ClassName[:NAME=VALUE,…]`` names
(``make_agent(spec, decision_timeout=None)``; ``ValueError`` saying why not); built here, without the PokerKit
engine, so the kernel engine makes its agents without importing PokerKit (``sniper.games.holdem.chunks``
re-exports it)."""

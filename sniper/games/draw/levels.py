"""The AI levels ``normal`` and ``hard`` of five-card draw, fixed limit (GAMES.md D11, seed 004).

Seed ``004`` ("Artificiell intelligens"): the AIs use only their own hand, the allowed history and
the actions the server allows (D10); *Normal* weighs its hand, its position, the number of
opponents, its drawing odds and the pot odds; *Svår* (hard) combines opponent ranges, a limited
bluff frequency and Monte Carlo simulation without access to the hidden cards; GAMES.md D11 adds
that hard reads the ranges from the opponents' bets *and how many cards they drew*. ``random`` and
``easy`` are in ``sniper.games.draw.agents``, whose ``LEVELS`` and ``PARAMETERS`` name all four.

A level is a frozen dataclass (a ``sniper.games.draw.agents.DrawAgent``) whose fields are its
parameters, declared once in ``sniper.games.draw.parameters.PARAMETERS`` (level → name → ``(default, low,
high)``, ``sniper.games.poker52.level_parameters``; an ``int`` default makes an integer parameter). ``act(obs,
stream)`` reads a ``DrawObservation`` (D10) and returns a flat action of ``sniper.games.draw.engine``:
0 fold, 1 check/call, 2 bet/raise (the fixed amount, D3), ``DISCARD + mask`` at the draw (D5).

Randomness comes only from ``stream`` (R13): a fixed number of words per decision that each class
documents, and the seat's own draws of the hand, keyed by the stream's ``parent`` (``sniper.games.draw.draws``);
so a numba kernel can replay every decision bit for bit: no Python ``random``, no sets or dict order in a
decision, floats computed in a fixed order (a power as repeated products, ``power_table``). Every Monte Carlo
loop is bounded by a parameter (``draw_samples``, ``samples``).
The hand strength the levels weigh: ``sniper.games.draw.strength``; what both read: ``sniper.games.draw.reading``.

>>> HardAgent(samples=50).samples
50
"""

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import ClassVar

from kernels.draw.params import SETTLE_BLOCK, SETTLE_FIRST
from sniper.core.policy import POLICY_KEYS, coin, over_streams
from sniper.core.rng import Stream, derive
from sniper.games.draw.actions import BET_RAISE, DISCARD, DISCARDS, DRAW, FIRST, SECOND
from sniper.games.draw.chart_keeps import chart_keep_sets
from sniper.games.draw.chart_keeps import hand_category as _category
from sniper.games.draw.draws import keep_orders, own_draws_key
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.parameters import PARAMETERS
from sniper.games.draw.reading import (
    aggression,
    betting,
    check_legal,
    draw_ahead,
    kept_cards,
    live_opponents,
    opponent_chart,
    players_dealt,
    position,
    price,
    unseen_cards,
)
from sniper.games.draw.reads import Reads
from sniper.games.draw.rules import HAND_SIZE, MAX_DISCARDS
from sniper.games.draw.strength import five_card_hands, five_card_index, power_table
from sniper.games.poker52.cards import DECK_SIZE, category
from sniper.games.poker52.level_parameters import check_parameters
from sniper.games.poker52.reads import toward
from sniper.games.poker52.settle import settled

__all__ = [
    "MAX_TRIES",
    "PARAMETERS",
    "Deal",
    "HardAgent",
    "NormalAgent",
    "Showdowns",
    "chart_keep_sets",
]

TITLE = "five-card draw"
"""The game's name in error messages (as ``sniper.games.draw.agents``)."""

MAX_TRIES = 50
"""Proposals per sampled opponent hand (or part of one) in ``hard``'s range sampling (``HardAgent.showdowns``)."""
SHARE_UNITS = 2520
"""A pot in integer share units: divisible by 1..6, so a split among up to six winners is exact."""


class _Level:
    """Shared by the levels: checks its fields against ``PARAMETERS[name]`` when built."""

    name: ClassVar[str]

    def __post_init__(self) -> None:
        check_parameters(PARAMETERS, self.name, {f.name: getattr(self, f.name) for f in fields(self)}, TITLE)


def _default(level: str, name: str):
    return PARAMETERS[level][name][0]


# ----- normal --------------------------------------------------------------------------------------


def first_best(totals) -> int:
    """The index of the first largest of ``totals`` (one per keep, ``engine.DISCARDS`` order)."""
    best = 0
    for q in range(1, len(totals)):
        if totals[q] > totals[best]:
            best = q
    return best


@dataclass(frozen=True)
class NormalAgent(_Level, Reads):
    """``normal`` (D11; seed 004: hand, position, number of opponents, drawing odds, pot odds).

    With ``k`` live opponents, a final hand's worth is ``strength ** (power * k)``: its chance to beat
    ``power * k`` random pat hands, i.e. each opponent counted as ``power`` of them (an opponent who
    draws, or who stays in, is stronger than one random hand). **Reads that adapt** (``Reads``, as ``hard``): an
    opponent whose actions carry no information (looseness ``l``, from its ``tendencies`` in the game's earlier
    hands) holds a random hand, so it counts ``toward(power, 1, l)`` of them; ``power * k`` is then a sum ``n``
    that need not be whole, and a hand's worth is interpolated between ``strength ** floor(n)`` and
    ``strength ** (floor(n) + 1)`` (``worth``); with no history it is ``strength ** (power * k)`` exactly.

    - **Drawing odds** (the draw, and the first round): ``keep_orders`` over ``draw_samples`` sampled
      replacements estimates, for every legal keep, the mean of ``strength ** (draw_power * k)`` (the
      made-hand expectation it draws to maximise: the first keep in ``engine.DISCARDS`` order with
      the largest mean; stand pat first) and of ``strength ** (bet_power * k)``; ``e`` is the latter
      for the chosen keep. In the second round ``e = strength ** (bet_power * k)`` of its five cards.
    - **Betting**, ``p = position(obs)``: checked to, bet at ``e >= bet_equity - position * p``; facing
      a bet, raise at ``e >= raise_equity - position * p``, else call when ``e >= price * call_margin``
      (pot odds), else fold.

    Draws: one word per decision, ``stream.word()`` (unused); ``keep_orders``' key is the seat's own draws' key
    of the hand (``sniper.games.draw.draws.own_draws_key``: every decision of the seat in the hand samples the
    same draws). Means are sums over the samples in order, then divided.
    """

    name: ClassVar[str] = "normal"
    draw_samples: int = _default("normal", "draw_samples")
    draw_power: int = _default("normal", "draw_power")
    bet_power: int = _default("normal", "bet_power")
    bet_equity: float = _default("normal", "bet_equity")
    raise_equity: float = _default("normal", "raise_equity")
    call_margin: float = _default("normal", "call_margin")
    position: float = _default("normal", "position")
    read_rate: float = _default("normal", "read_rate")
    read_weight: float = _default("normal", "read_weight")
    read_noise: float = _default("normal", "read_noise")
    read_draw_rate: float = _default("normal", "read_draw_rate")
    read_draw_noise: float = _default("normal", "read_draw_noise")
    read_show_rate: float = _default("normal", "read_show_rate")
    read_show_noise: float = _default("normal", "read_show_noise")

    def worth(self, obs: DrawObservation, power: int) -> tuple[tuple[float, ...], tuple[float, ...], float]:
        """How it values a final hand against the live opponents, each counted as ``power`` random pat hands moved
        toward one by its ``looseness`` (``Reads``; a player whose actions carry no information holds a random
        hand): ``n`` the sum of those counts over ``live_opponents`` in order (``power`` with none), the tables
        ``power_table(floor(n))`` and ``power_table(floor(n) + 1)`` (the first again when ``n`` is whole) and
        ``n``'s fraction; a hand's worth is ``toward(low[order], high[order], fraction)``, ``strength ** n`` exactly
        when ``n`` is whole (no history: ``power * k``)."""
        n = 0.0
        for o in live_opponents(obs):
            n += toward(power, 1.0, self.looseness(obs, o))
        n = n if n > 0.0 else float(power)
        low = int(n)
        fraction = n - low
        table = power_table(low)
        return table, power_table(low + 1) if fraction > 0.0 else table, fraction

    def plan(self, obs: DrawObservation, key: int) -> tuple[int, float]:
        """The keep it draws with (a discard mask) and its ``e`` (class docstring), sampled with ``key``."""
        draw_low, draw_high, draw_fraction = self.worth(obs, self.draw_power)
        bet_low, bet_high, bet_fraction = self.worth(obs, self.bet_power)
        orders = keep_orders(obs.cards, unseen_cards(obs), key, self.draw_samples)
        totals = [0.0] * len(DISCARDS)
        for row in orders:
            for q, order in enumerate(row):
                totals[q] += toward(draw_low[order], draw_high[order], draw_fraction)
        best = first_best(totals)
        e = 0.0
        for row in orders:
            e += toward(bet_low[row[best]], bet_high[row[best]], bet_fraction)
        return DISCARDS[best] - DISCARD, e / self.draw_samples

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """A legal flat action for ``obs`` (class docstring); ``ValueError`` if it offers none."""
        check_legal(obs)
        stream.word()  # drawn, unused: the key is the hand's (own_draws_key)
        return self.decide(obs, own_draws_key(stream))

    def action_probabilities(self, obs: DrawObservation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """``decide``'s answers over sampling keys: while its draw is ahead (the draw, the first round) an
        estimate from ``keys`` keys (``sniper.core.policy.over_streams``, keyed by ``seed``; each stream's
        ``own_draws_key``, ``draw_samples`` sampled draws, as ``act``), exact otherwise (the key is unused).
        ``ValueError`` if ``obs`` offers no action."""
        check_legal(obs)
        sampled = obs.street == DRAW or draw_ahead(obs)
        return over_streams(lambda s: {self.decide(obs, own_draws_key(s)): 1.0}, keys if sampled else 1, seed)

    def decide(self, obs: DrawObservation, key: int) -> int:
        """The flat action given the sampling key (class docstring; ``act`` and ``action_probabilities``)."""
        if obs.street == DRAW:
            return DISCARD + self.plan(obs, key)[0]
        if draw_ahead(obs):
            e = self.plan(obs, key)[1]
        else:
            low, high, fraction = self.worth(obs, self.bet_power)
            order = five_card_index(obs.cards)
            e = toward(low[order], high[order], fraction)
        shift = self.position * position(obs)
        return betting(
            obs, e >= self.bet_equity - shift, e >= self.raise_equity - shift, e >= price(obs) * self.call_margin
        )


# ----- hard ----------------------------------------------------------------------------------------


class Deal:
    """A partial Fisher–Yates shuffle of ``unseen`` (ascending) drawn from ``stream``, positions from 0.

    ``card(pos)`` swaps position ``pos`` with ``pos + stream.integer(m - pos)`` (``m = len(unseen)``)
    and returns the card now there; ``place(cards, pos)`` moves given cards to positions ``pos``..
    (each swapped with the card there, in turn) when all of them are still free (at ``pos`` or
    later), and says whether it could.
    """

    __slots__ = ("deck", "where", "m", "stream")

    def __init__(self, unseen, stream: Stream) -> None:
        self.deck, self.m, self.stream = list(unseen), len(unseen), stream
        self.where = [-1] * DECK_SIZE
        for i, c in enumerate(self.deck):
            self.where[c] = i

    def _swap(self, i: int, j: int) -> None:
        deck, where = self.deck, self.where
        deck[i], deck[j] = deck[j], deck[i]
        where[deck[i]], where[deck[j]] = i, j

    def card(self, pos: int) -> int:
        """The card dealt to position ``pos`` (class docstring)."""
        self._swap(pos, pos + self.stream.integer(self.m - pos))
        return self.deck[pos]

    def place(self, cards, pos: int) -> bool:
        """Move ``cards`` to positions ``pos``.. if every one is free (class docstring)."""
        if any(self.where[c] < pos for c in cards):
            return False
        for i, c in enumerate(cards):
            self._swap(pos + i, self.where[c])
        return True


@dataclass(frozen=True)
class Read:
    """What ``hard`` reads of one opponent from the public actions (D10): ``drawn`` (how many cards it
    drew, ``None`` before its draw), ``first`` / ``second`` (its ``aggression`` in the first / second
    betting round: 0 none, 1 a bet, 2 a raise over a bet), ``loose`` (0..1: the share of its actions read
    as carrying no information, from its ``tendencies`` in the game's earlier hands, ``HardAgent.looseness``)."""

    drawn: int | None
    first: int
    second: int
    loose: float = 0.0


def read_opponents(obs: DrawObservation, level: "HardAgent") -> tuple[Read, ...]:
    """The ``Read`` of each live opponent, in ``live_opponents`` order, ``loose`` by ``level.looseness``."""
    return tuple(
        Read(obs.drawn[o], aggression(obs, o, FIRST), aggression(obs, o, SECOND), level.looseness(obs, o))
        for o in live_opponents(obs)
    )


def mixed_reads(level: "HardAgent", loose: float) -> tuple[float, float, float, float]:
    """``level``'s ``(read_bluff, read_pair, read_loose, read_snow)`` moved ``loose`` of the way to what they are
    for a player whose actions carry no information (``sniper.games.poker52.reads.toward``): every bet a possible
    bluff (1), no chart keep at a 3-card draw (0), any kept cards at a 1- or 2-card draw and standing pat (1); so
    at ``loose = 1`` a sampled hand is uniform whatever it did. ``loose = 0``: the parameters themselves."""
    return (
        toward(level.read_bluff, 1.0, loose),
        toward(level.read_pair, 0.0, loose),
        toward(level.read_loose, 1.0, loose),
        toward(level.read_snow, 1.0, loose),
    )


def opponent_final(deal: Deal, k: int, read: Read, level: "HardAgent") -> tuple[list[int], int]:
    """One opponent's final five cards sampled at positions ``k``.. of ``deal``, and the next free
    position (``HardAgent.showdowns`` documents the model)."""
    s = deal.stream
    read_bluff, read_pair, read_loose, read_snow = mixed_reads(level, read.loose)
    if read.drawn is not None:
        kept_n = HAND_SIZE - read.drawn
        chance = s.random()
        if read.drawn == 0:
            chart = chance >= read_snow
        else:
            chart = chance < read_pair if read.drawn == MAX_DISCARDS else chance >= read_loose
        kept = None
        if chart:
            members = chart_keep_sets()[kept_n]
            for _ in range(MAX_TRIES):
                pick = members[s.integer(len(members))]
                if deal.place(pick, k):
                    kept = list(pick)
                    break
        if kept is None:
            kept = [deal.card(k + i) for i in range(kept_n)]
        least = (0, level.read_bet, level.read_raise)[read.second]
        hand = kept
        for _ in range(MAX_TRIES if read.drawn else 0):
            hand = kept + [deal.card(k + i) for i in range(kept_n, HAND_SIZE)]
            if _category(hand) >= least or s.random() < read_bluff:
                break
        return hand, k + HAND_SIZE
    for _ in range(MAX_TRIES):
        hand = [deal.card(k + i) for i in range(HAND_SIZE)]
        if not read.first or _category(hand) >= 1 or s.random() < read_bluff:
            break
    kept = kept_cards(hand, opponent_chart(hand))
    k += HAND_SIZE
    for _ in range(HAND_SIZE - len(kept)):
        kept.append(deal.card(k))
        k += 1
    return kept, k


def next_stop(done: int, samples: int, settle: float, street: int, ahead: bool) -> int:
    """Where ``hard``'s opponent deals stop next (adaptive sampling, ``HardAgent.equities``), ``done`` of ``samples``
    dealt: all of them at the draw or with ``settle = 0``; in the first round, its draw ahead (``ahead``), at
    ``SETTLE_FIRST`` and then at each doubling; else after ``SETTLE_BLOCK`` more; never past ``samples``.

    >>> [next_stop(d, 128, 1.5, FIRST, True) for d in (0, 32, 64)], next_stop(0, 128, 0.0, FIRST, True)
    ([32, 64, 128], 128)
    """
    if settle <= 0 or street == DRAW:
        return samples
    if ahead:
        return min(samples, max(SETTLE_FIRST, 2 * done))
    return min(samples, done + SETTLE_BLOCK)


class Showdowns:
    """What ``hard``'s sampled opponents hold at the showdown: per sample, the best opponent hand (its
    order, -1 with no opponent) and how many opponents hold it; ``units(order)`` is the pot share, in
    ``SHARE_UNITS``, that a final hand of ``order`` wins summed over the samples (all of the pot above
    a sample's best, ``SHARE_UNITS // (1 + ties)`` equal to it, integers: exact)."""

    __slots__ = ("best", "ties", "_sorted", "_tied")

    def __init__(self, best: list[int], ties: list[int]) -> None:
        self.best, self.ties = best, ties
        self._sorted = sorted(best)
        self._tied: dict[int, int] = {}
        for b, t in zip(best, ties):
            self._tied[b] = self._tied.get(b, 0) + SHARE_UNITS // (1 + t)

    def units(self, order: int) -> int:
        """Pot share units of a final hand of ``order`` over the samples (class docstring)."""
        return SHARE_UNITS * bisect_left(self._sorted, order) + self._tied.get(order, 0)


@dataclass(frozen=True)
class HardAgent(_Level, Reads):
    """``hard`` (D11; seed 004: opponent ranges, a limited bluff frequency, Monte Carlo without the hidden cards).

    **Equity** (``equities``): the expected pot share of its final hand against the live opponents'
    final hands, drawn ``samples`` times from ranges read from their public actions
    (``showdowns``: their bets and how many cards they drew); while its own draw is ahead, for every
    legal keep over ``draw_samples`` sampled draws of its own (``keep_orders``, the same for every
    keep). The two samplings are independent (card removal between its draw and the opponents'
    hands is ignored). ``e`` is the best keep's equity (the first best in ``engine.DISCARDS`` order),
    or the equity of its five cards after its draw.

    - **Draw**: the best keep, except that with a high-card hand it *snows* (stands pat, a bluff)
      with probability ``snow``.
    - **Betting**, with ``n`` players in, ``ratio = e * n`` against a fair share and ``scale = 1 -
      position * p`` (``position(obs)``): checked to, bet at ``ratio >= bet * scale``, or when
      bluffing (probability ``bluff``: the controlled frequency), or in the second round after a snow
      (it stood pat with a high-card hand: it keeps up the bluff); facing a bet, raise at ``ratio >= raise *
      scale``, else call when ``e >= price * margin`` (pot odds), else fold; ``bet``, ``raise`` and ``margin`` are
      ``bet_ratio``, ``raise_ratio`` and ``call_margin`` moved toward ``loose_targets`` by the live opponents' mean
      ``loose`` to the power ``loose_power``, ``heads_up_power`` heads-up (``opponents_loose``).
    - **Reads that adapt** (``Reads``): per opponent, ``loose = looseness(obs, seat)`` from its ``tendencies`` in
      the game's earlier hands (public, D10): how often it raised facing a first-round bet (an informative player
      ``read_rate``, one acting at random ``read_noise``: ``random`` raises one time in three) and how often it
      drew two cards (``read_draw_rate``, ``read_draw_noise``: ``random`` 10 draws in 26) and how often a hand it
      showed down after a second-round bet was less than a pair (``read_show_rate``, ``read_show_noise``: ``random``
      about half), against a prior of ``read_weight`` decisions at 0. Its reads (``read_bluff``, ``read_pair``,
      ``read_loose``, ``read_snow``) move ``loose`` of the way to no information (``mixed_reads``); with no history
      ``loose`` is 0 and ``hard`` reads as the fixed parameters say.

    **Adaptive sampling** (``settle > 0``): a betting decision deals the opponents in blocks (``next_stop``: in the
    first round, its draw ahead, ``SETTLE_FIRST`` deals then each doubling, since a check there costs a pass over
    the keeps' sampled draws; in the second round ``SETTLE_BLOCK`` at a time) and stops before ``samples`` once
    ``e`` (the best keep's equity over the deals so far) is settled (``sniper.games.poker52.settle.settled``: more
    than ``settle`` standard errors) against every threshold ``decide`` compares it with (``thresholds``). The deals
    are those of the whole run (deal ``j`` keyed ``derive(key, j)``), so one that never settles decides as with
    ``settle = 0``; the draw always runs all ``samples``.

    Draws: word 0 ``stream.random()`` (the bluff draw when betting, the snow draw at the draw), word 1
    the key of the opponents' deals, word 2 unused (``stream.word()``); all three at every decision. Its own
    draws are keyed by the seat's own draws' key of the hand (``sniper.games.draw.draws.own_draws_key``: every
    decision of the seat in the hand samples the same draws).
    """

    name: ClassVar[str] = "hard"
    samples: int = _default("hard", "samples")
    draw_samples: int = _default("hard", "draw_samples")
    bluff: float = _default("hard", "bluff")
    snow: float = _default("hard", "snow")
    bet_ratio: float = _default("hard", "bet_ratio")
    raise_ratio: float = _default("hard", "raise_ratio")
    call_margin: float = _default("hard", "call_margin")
    position: float = _default("hard", "position")
    read_bluff: float = _default("hard", "read_bluff")
    read_pair: float = _default("hard", "read_pair")
    read_loose: float = _default("hard", "read_loose")
    read_snow: float = _default("hard", "read_snow")
    read_bet: int = _default("hard", "read_bet")
    read_raise: int = _default("hard", "read_raise")
    read_rate: float = _default("hard", "read_rate")
    read_weight: float = _default("hard", "read_weight")
    read_noise: float = _default("hard", "read_noise")
    read_draw_rate: float = _default("hard", "read_draw_rate")
    read_draw_noise: float = _default("hard", "read_draw_noise")
    read_show_rate: float = _default("hard", "read_show_rate")
    read_show_noise: float = _default("hard", "read_show_noise")
    loose_raise_ratio: float = _default("hard", "loose_raise_ratio")
    loose_call_margin: float = _default("hard", "loose_call_margin")
    loose_power: float = _default("hard", "loose_power")
    loose_players: int = _default("hard", "loose_players")
    loose_bet_ratio: float = _default("hard", "loose_bet_ratio")
    heads_up_power: float = _default("hard", "heads_up_power")
    settle: float = _default("hard", "settle")

    def loose_targets(self, obs: DrawObservation) -> tuple[float, float, float]:
        """What ``bet_ratio``, ``raise_ratio`` and ``call_margin`` move toward (``decide``): ``loose_bet_ratio``,
        ``loose_raise_ratio`` and ``loose_call_margin`` in a hand dealt to at least ``loose_players`` players
        (``players_dealt``, D1), else ``bet_ratio`` and ``raise_ratio`` themselves and fair pot odds, 1."""
        if players_dealt(obs) >= self.loose_players:
            return self.loose_bet_ratio, self.loose_raise_ratio, self.loose_call_margin
        return self.bet_ratio, self.raise_ratio, 1.0

    def opponents_loose(self, obs: DrawObservation) -> float:
        """The live opponents' mean ``looseness`` (summed in ``live_opponents`` order, then divided; 0 with none)
        to the power ``loose_power``, ``heads_up_power`` in a hand dealt to two players (``players_dealt``; above 1:
        a weak read moves the betting less, a strong one nearly as much)."""
        opponents = live_opponents(obs)
        mean = sum(self.looseness(obs, o) for o in opponents) / len(opponents) if opponents else 0.0
        return mean ** (self.heads_up_power if players_dealt(obs) == 2 else self.loose_power)

    def showdowns(self, obs: DrawObservation, key: int, start: int = 0, stop: int | None = None) -> Showdowns:
        """The live opponents' best final hands over the deals ``start .. stop - 1`` (``stop`` ``None``: ``samples``)
        keyed by ``key`` (never the real deck).

        Sample ``j`` draws from ``Stream(derive(key, j))`` a ``Deal`` of the cards the seat has not
        seen (``unseen_cards``). Each live opponent in turn (``live_opponents``) takes the next
        positions, by its ``Read``:

        The read parameters below are each opponent's ``mixed_reads`` (its ``Read.loose``).

        - **drawn ``d`` cards**: first what it kept. One draw ``c = stream.random()`` decides whether
          it kept what the easy chart keeps (``chart_keep_sets``: a pair for a 3-card draw when ``c <
          read_pair``; three of a kind for 2, two pair or a four-flush for 1, when ``c >=
          read_loose``; a straight or better when standing pat, ``c >= read_snow``) or any ``5 - d``
          cards (a kicker kept, a snow). Chart keeps: a uniform member, ``members[stream.integer(len)]``,
          placed at the next positions (``Deal.place``; at most ``MAX_TRIES`` picks until one is free,
          else any cards); any cards: ``5 - d`` dealt. Then what it drew, ``d`` cards per try at the
          next positions (at most ``MAX_TRIES`` tries, the last kept; none when ``d = 0``): kept if
          its five make at least the category its second-round betting shows (0 with no bet,
          ``read_bet`` after a bet, ``read_raise`` after a raise over a bet), or else if the next
          ``stream.random() < read_bluff``.
        - **not drawn yet**: five cards per try (at most ``MAX_TRIES``): kept unless it bet or raised
          in the first round with less than a pair and the next ``stream.random() >= read_bluff``;
          then it draws by the easy chart (``opponent_chart``), its replacements from the next positions.

        Every try re-deals the same positions (``Deal.card``), so a try is a fresh uniform draw from
        the cards not yet taken; a leak draw happens only when the predicate fails.
        """
        reads = read_opponents(obs, self)
        unseen = unseen_cards(obs)
        best, ties = [], []
        for j in range(start, self.samples if stop is None else stop):
            deal = Deal(unseen, Stream(derive(key, j)))
            k, orders = 0, []
            for read in reads:
                hand, k = opponent_final(deal, k, read, self)
                orders.append(five_card_index(hand))
            top = max(orders, default=-1)
            best.append(top)
            ties.append(orders.count(top))
        return Showdowns(best, ties)

    def equities(
        self, obs: DrawObservation, key: int, draw_key: int, thresholds: Sequence[float] | None = None
    ) -> list[float]:
        """The seat's equity (expected pot share, 0..1, class docstring) for each legal keep in
        ``engine.DISCARDS`` order while its draw is ahead (its own draws keyed by ``draw_key``), else a
        one-item list for its five cards; the opponents' deals keyed by ``key``. With ``settle > 0`` and
        ``thresholds`` (``thresholds``; ``None``: no decision to settle, all ``samples``) the deals run in blocks
        (``next_stop``) and stop once the largest equity is ``settled`` against them; the units are integers summed
        block by block, so all ``samples`` deals give the same floats as one block."""
        ahead, settle = draw_ahead(obs), self.settle if thresholds is not None else 0.0
        rows = keep_orders(obs.cards, unseen_cards(obs), draw_key, self.draw_samples) if ahead else ()
        own = five_card_index(obs.cards)
        totals = [0] * (len(DISCARDS) if ahead else 1)
        done, shares = 0, []
        while done < self.samples:
            stop = next_stop(done, self.samples, settle, obs.street, ahead)
            shows = self.showdowns(obs, key, done, stop)
            if not ahead:
                totals[0] += shows.units(own)
            for row in rows:
                for q, order in enumerate(row):
                    totals[q] += shows.units(order)
            done = stop
            whole = SHARE_UNITS * done * (self.draw_samples if ahead else 1)
            shares = [t / whole for t in totals]
            if settle > 0 and settled(max(shares), done, 1.0, thresholds, settle):
                break
        return shares

    def thresholds(self, obs: DrawObservation) -> list[float]:
        """The equities at which ``decide``'s betting choice changes (adaptive sampling), ``ratio = e * n`` moved to
        ``e``: checked to, the bet's ``bet * scale / n`` when a bet is legal; facing a bet, the raise's ``raise *
        scale / n`` when a raise is legal, then the pot odds' ``price * margin`` (``bet``, ``raise``, ``margin``,
        ``scale`` and ``n`` as ``decide``'s). None (an empty list) at the draw. The bluff's draw is left out (the
        equity is the same whichever way it falls: ``action_probabilities`` computes it once per stream)."""
        if obs.street == DRAW:
            return []
        n = len(live_opponents(obs)) + 1
        scale = 1.0 - self.position * position(obs)
        loose = self.opponents_loose(obs)
        bet_target, raise_target, margin_target = self.loose_targets(obs)
        can_raise = BET_RAISE in obs.legal
        if obs.to_call == 0:
            return [toward(self.bet_ratio, bet_target, loose) * scale / n] if can_raise else []
        out = [toward(self.raise_ratio, raise_target, loose) * scale / n] if can_raise else []
        return [*out, price(obs) * toward(self.call_margin, margin_target, loose)]

    def act(self, obs: DrawObservation, stream: Stream) -> int:
        """A legal flat action for ``obs`` (class docstring); ``ValueError`` if it offers none."""
        check_legal(obs)
        chance = stream.random()
        key, _ = stream.word(), stream.word()
        shares = self.equities(obs, key, own_draws_key(stream), self.thresholds(obs))
        return self.decide(obs, shares, chance < self.chance_threshold(obs))

    def action_probabilities(self, obs: DrawObservation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """An estimate from ``keys`` decision streams (``sniper.core.policy.over_streams``, keyed by ``seed``):
        per stream, the equities keyed by word 1 and ``own_draws_key`` (at most ``samples`` deals and ``draw_samples``
        draws, as ``act``) and ``decide`` with word 0's draw below ``chance_threshold`` with that probability, exactly.
        Costs ``keys`` decisions' sampling. ``ValueError`` if ``obs`` offers no action."""
        check_legal(obs)
        threshold, thresholds = self.chance_threshold(obs), self.thresholds(obs)

        def one(stream: Stream) -> dict[int, float]:
            stream.word()  # word 0, the draw ``coin`` enumerates: read so that the key is act's word 1
            shares = self.equities(obs, stream.word(), own_draws_key(stream), thresholds)
            return coin(threshold, lambda below: self.decide(obs, shares, below))

        return over_streams(one, keys, seed)

    def chance_threshold(self, obs: DrawObservation) -> float:
        """What word 0's draw is compared with: ``snow`` at the draw, ``bluff`` when betting."""
        return self.snow if obs.street == DRAW else self.bluff

    def decide(self, obs: DrawObservation, shares: list[float], below: bool) -> int:
        """The flat action given the keeps' equities (``equities``) and whether word 0's draw fell below
        ``chance_threshold`` (a snow at the draw, a bluff when betting): class docstring; ``act`` and
        ``action_probabilities``."""
        best = first_best(shares)
        nothing = category(five_card_hands().values[five_card_index(obs.cards)]) == 0
        if obs.street == DRAW:
            return DISCARD if nothing and below else DISCARDS[best]
        e = shares[best]
        ratio = e * (len(live_opponents(obs)) + 1)
        scale = 1.0 - self.position * position(obs)
        snowing, loose = obs.street == SECOND and nothing and obs.drawn[obs.seat] == 0, self.opponents_loose(obs)
        bet_target, raise_target, margin_target = self.loose_targets(obs)
        return betting(
            obs,
            ratio >= toward(self.bet_ratio, bet_target, loose) * scale or below or snowing,
            ratio >= toward(self.raise_ratio, raise_target, loose) * scale,
            e >= price(obs) * toward(self.call_margin, margin_target, loose),
        )

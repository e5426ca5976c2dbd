"""Saint Poker's AI levels (GAMES.md S11): ``random``, ``easy``, ``normal`` and ``hard``.

Every level reads only a ``sniper.games.saint.observation.SaintObservation`` (S10) and draws any randomness from
the decision's ``sniper.core.rng.Stream`` (``sniper.games.saint.table.decision_stream``), so its choices replay
exactly. ``act(obs, stream)`` returns one of ``obs.legal`` in the table's flat numbering
(``sniper.games.saint.table``): a card in step 1 (S3) and step 3 (S6), a ``pair_action`` in step 2 (S4).

- ``random``: uniform over the legal actions (one draw).
- ``easy`` (greedy): the picks that make its best hand this round. Step 1: the card whose loss leaves the best
  ``potential`` of the known river, that card and its best two remaining cards; step 2: the two cards making the
  best hand with the river (``sniper.games.poker52.eval52``, exact); step 3: the card that makes the most of its hand.
- ``normal``: as easy, but every choice also weighs what the cards kept make later (``keep``, ``kept_value``:
  ``usable``, three of the kept cards, as many as a player brings to a round, with the future river; with no
  future river, 5 players, ``stock``, every pair and trip kept, one a round, and step 1 is easy's),
  this round against the rounds left, later rounds more (``late``); step 2 scores a pair by the chance it beats
  every opponent's best pair, each the best of ``hand_size - 1`` random pairs of the cards it may hold (unseen,
  or taken back: ``held``).
- ``hard``: normal's steps 1 and 3; step 2 by Monte Carlo over the opponents' unseen hands (each opponent holds
  the cards it took back, S10, and a random draw of the unseen cards) and their likely picks (each reveals its
  best pair), scoring a pair by its expected points (S5, ties shared rounded up) plus normal's keep term.

>>> from sniper.games.saint.table import DEAL, SIMULTANEOUS, SaintTable
>>> table = SaintTable(3, seed=2, game=0); table.apply(DEAL)
>>> obs = table.observe(0)
>>> all(make_level(level).act(obs, table.stream(0, 0)) in obs.legal for level in PARAMETERS)
True
"""

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from kernels.saint.codes import TOP, USABLE
from sniper.core.rng import Stream
from sniper.games.poker52.cards import DECK_SIZE
from sniper.games.poker52.eval52 import board_values
from sniper.games.poker52.level_parameters import check_parameters
from sniper.games.saint.observation import SaintObservation
from sniper.games.saint.parameters import PARAMETERS
from sniper.games.saint.rules import FUTURE_RIVER, ROUNDS, TITLE
from sniper.games.saint.table import PAIR_BASE, pair_action, pair_of


def potential(cards) -> float:
    """What ``cards`` (any number of ``poker52`` cards) could make, a heuristic for cards kept for later rounds:
    the best category their ranks and suits hold (four of a kind 7, full house 6, flush 5 (five of a suit),
    straight 4 (five ranks in a row, the ace low too), three of a kind 3, two pair 2, one pair 1, else 0; GAMES.md's
    order, straight flushes counted as flushes) plus the top rank of its group over 13. A float in [0, 9).

    >>> from sniper.games.poker52.cards import cards
    >>> potential(cards("As Ad Ac 2h 2d")), potential(cards("7h 8h")), potential(())
    (6.923076923076923, 0.46153846153846156, 0.0)
    """
    counts, suits, mask = [0] * 13, [0] * 4, 0
    for c in cards:
        counts[c >> 2] += 1
        suits[c & 3] += 1
        mask |= 1 << (c >> 2)
    if not mask:
        return 0.0
    n1 = max(counts)
    top = 12 - counts[::-1].index(n1)
    n2 = sorted(counts)[-2]
    kind = 7 if n1 >= 4 else 6 if n1 == 3 and n2 >= 2 else 3 if n1 == 3 else 2 if n2 == 2 else 1 if n1 == 2 else 0
    if kind < 5 and max(suits) >= 5:
        suit = suits.index(max(suits))
        kind, top = 5, max(c >> 2 for c in cards if c & 3 == suit)
    if kind < 4:
        low = (mask << 1) | (mask >> 12)  # bit 0: the ace played low; bit r + 1: rank r
        runs = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4)
        if runs:
            kind, top = 4, runs.bit_length() + 2
    return kind + top / 13


def usable(kept, future) -> float:
    """What the cards ``kept`` can make in a later round (the keep term of ``normal`` and ``hard``): the best
    ``potential`` of the future river ``future`` with ``USABLE`` of ``kept`` (all of them when fewer), since a
    player brings three of its own cards to a round's hand (S3: one pick, S4: two) and the future river is the rest
    it knows (S2, S3: none with 5 players). A float in [0, 9).

    >>> from sniper.games.poker52.cards import cards
    >>> potential(cards("2h 5h 9h Jh Kh")), usable(cards("2h 5h 9h Jh Kh"), ())  # no flush from three cards
    (5.846153846153846, 0.8461538461538461)
    >>> usable(cards("2h 5h 9h Jh Kh"), cards("3h 7h")), usable(cards("Kd"), ())
    (5.846153846153846, 0.8461538461538461)
    """
    return max(potential((*future, *cards)) for cards in combinations(kept, min(USABLE, len(kept))))


def stock(kept) -> float:
    """What the cards ``kept`` can play in the later rounds of a table with no future river (S2: 5 players): the
    sum, over the ranks they hold at least twice, of ``3 + rank / 13`` (three or more of the rank) or ``1 + rank /
    13`` (two). There a round's hand is a player's three own cards (``USABLE``: S3's pick, S4's two) with the
    others' picks, so what it can count on are its pairs and trips, one group a round: every group counts, not
    only the best (``usable``). A float, 0 for no group.

    >>> from sniper.games.poker52.cards import cards
    >>> stock(cards("As Ad Ac 2h 2d 7c")), stock(cards("Kd")), stock(())
    (4.923076923076923, 0.0, 0.0)
    """
    counts = [0] * 13
    for c in kept:
        counts[c >> 2] += 1
    return sum(((3 if k >= 3 else 1) + rank / 13 for rank, k in enumerate(counts) if k >= 2), 0.0)


def kept_value(kept, obs: SaintObservation) -> float:
    """The keep term's value of the cards ``kept`` for ``obs``'s seat (``normal``, ``hard``): ``usable`` with the
    future river when the table has one (S2: 2–4 players), else ``stock``."""
    return usable(kept, obs.future) if FUTURE_RIVER[obs.seats] else stock(kept)


def pair_table(river, cards) -> np.ndarray:
    """Hand values (``poker52.value``) of ``river`` (5 cards) with every two of ``cards``: an ``int64`` matrix
    (52, 52), symmetric, -1 where no pair was valued (``sniper.games.poker52.eval52.board_values``)."""
    cards = sorted(set(cards) - set(river))
    table = np.full((DECK_SIZE, DECK_SIZE), -1, dtype=np.int64)
    if len(cards) < 2:
        return table
    pairs = np.array(list(combinations(cards, 2)), dtype=np.int64)
    values = board_values(np.array(river, dtype=np.int64), pairs).astype(np.int64)
    table[pairs[:, 0], pairs[:, 1]] = values
    table[pairs[:, 1], pairs[:, 0]] = values
    return table


def unseen(obs: SaintObservation) -> list[int]:
    """The cards ``obs``'s seat has never seen (not in its hand, never revealed or dealt face up): the deck's and
    the other hands' unknown cards, sorted."""
    return [c for c in range(DECK_SIZE) if c not in obs.seen and c not in obs.hand]


def deals(hidden: np.ndarray, need: int, samples: int, stream: Stream) -> np.ndarray:
    """``samples`` random draws of ``need`` of the cards ``hidden`` (``int64 (n,)``, ``need <= n``): ``int64
    (samples, need)``, row ``k`` the first ``need`` cards of a partial Fisher–Yates shuffle of ``hidden`` (as given)
    whose draw ``i`` swaps position ``i`` with ``i + stream.integer(n - i)``, the rows one after the other."""
    out = np.empty((samples, need), dtype=np.int64)
    for k in range(samples):
        cards = hidden.tolist()
        for i in range(need):
            j = i + stream.integer(len(cards) - i)
            cards[i], cards[j] = cards[j], cards[i]
        out[k] = cards[:need]
    return out


def held(obs: SaintObservation) -> list[int]:
    """The cards ``obs``'s opponents may hold: the unseen cards (``unseen``) and the cards each took back and has not
    revealed since (S10: the take-backs are public), sorted."""
    known = (c for seat, cards in enumerate(obs.known) if seat != obs.seat for c in cards)
    return sorted((*unseen(obs), *known))


@dataclass(frozen=True)
class RandomAgent:
    """The ``random`` level (S11): ``obs.legal[stream.integer(len(obs.legal))]``."""

    def act(self, obs: SaintObservation, stream: Stream) -> int:
        """A uniformly drawn legal action; ``ValueError`` if the seat has none."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        return obs.legal[stream.integer(len(obs.legal))]


@dataclass(frozen=True)
class EasyAgent:
    """The ``easy`` level (S11, greedy; module docstring). ``act`` dispatches on ``obs.phase``."""

    def act(self, obs: SaintObservation, stream: Stream) -> int:
        """A legal action for ``obs`` (``ValueError`` if the seat has none)."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        return {"pick": self.pick, "pair": self.pair, "take": self.take}[obs.phase](obs, stream)

    def weights(self, obs: SaintObservation) -> tuple[float, float]:
        """This round's weight and the kept cards' weight (easy: this round only)."""
        return 1.0, 0.0

    def pick(self, obs: SaintObservation, stream: Stream) -> int:
        """Step 1 (S3): the card maximising ``now * potential(river + card + best two left) + later *
        kept_value(the rest)``, over ``TOP``; with no future river (S2: 5 players) easy's pick, this
        round's best hand (``now, later = 1, 0``), for every level."""
        now, later = self.weights(obs) if FUTURE_RIVER[obs.seats] else (1.0, 0.0)
        best, choice = -1.0, obs.legal[0]
        for card in obs.legal:
            rest = [c for c in obs.hand if c != card]
            base = (*obs.river, card)
            kept, strength = max((potential((*base, a, b)), (a, b)) for a, b in combinations(rest, 2))
            left = [c for c in rest if c not in strength]
            score = now * kept / TOP + (later * kept_value(left, obs) / TOP if later else 0.0)
            if score > best:
                best, choice = score, card
        return choice

    def strengths(self, obs: SaintObservation, pairs: list[tuple[int, int]], stream: Stream) -> np.ndarray:
        """This round's strength of each of ``pairs`` (easy: its hand value, exact)."""
        table = pair_table(obs.river, obs.hand)
        return np.array([table[a, b] for a, b in pairs], dtype=np.float64)

    def pair(self, obs: SaintObservation, stream: Stream) -> int:
        """Step 2 (S4): the pair maximising ``now * strength + later * kept_value(the rest) / TOP``."""
        pairs = [pair_of(action - PAIR_BASE) for action in obs.legal]
        score = self.strengths(obs, pairs, stream)
        now, later = self.weights(obs)
        if later:
            keep = [kept_value([c for c in obs.hand if c not in pair], obs) / TOP for pair in pairs]
            score = now * score + later * np.array(keep)
        return pair_action(*pairs[int(np.argmax(score))])

    def take(self, obs: SaintObservation, stream: Stream) -> int:
        """Step 3 (S6): the card making the most of its hand, the higher rank on a tie: easy ``potential(hand +
        card)``; with a keep term (normal, hard) ``kept_value(hand + card)``."""
        if self.weights(obs)[1] == 0:
            return max(obs.legal, key=lambda c: (potential((*obs.hand, c)), c >> 2))
        return max(obs.legal, key=lambda c: (kept_value((*obs.hand, c), obs), c >> 2))


@dataclass(frozen=True)
class NormalAgent(EasyAgent):
    """The ``normal`` level (S11; module docstring): ``keep`` and ``late`` (``parameters``)."""

    keep: float = PARAMETERS["normal"]["keep"][0]
    late: float = PARAMETERS["normal"]["late"][0]

    def weights(self, obs: SaintObservation) -> tuple[float, float]:
        """This round's weight ``(number / 8) ** late`` and the kept cards' ``keep * (8 - number) / 8``."""
        number = max(obs.round, 1)
        return (number / ROUNDS) ** self.late, self.keep * (ROUNDS - number) / ROUNDS

    def strengths(self, obs: SaintObservation, pairs: list[tuple[int, int]], stream: Stream) -> np.ndarray:
        """The chance each pair beats every opponent's best pair (S4: a player shows the two cards it chooses),
        a pair drawn as two random cards of those the opponents may hold, the unseen cards and the cards they took
        back (``held``; ties count a half), and an opponent's best as the best of ``hand_size - 1`` such pairs
        (its ``hand_size`` cards make more pairs, but far from independent ones; in round 8 its two cards are its
        one pair): ``beats ** ((seats - 1) * (hand_size - 1))``."""
        hidden = held(obs)
        table = pair_table(obs.river, (*obs.hand, *hidden))
        others = np.array([table[a, b] for a, b in combinations(hidden, 2)], dtype=np.int64)
        if others.size == 0:
            return np.ones(len(pairs))
        others.sort()
        mine = np.array([table[a, b] for a, b in pairs], dtype=np.int64)
        below = np.searchsorted(others, mine, "left")
        equal = np.searchsorted(others, mine, "right") - below
        return ((below + equal / 2) / others.size) ** ((obs.seats - 1) * (obs.hand_size - 1))


@dataclass(frozen=True)
class HardAgent(NormalAgent):
    """The ``hard`` level (S11; module docstring): ``samples`` Monte Carlo deals, ``keep`` and ``late``."""

    samples: int = PARAMETERS["hard"]["samples"][0]
    keep: float = PARAMETERS["hard"]["keep"][0]
    late: float = PARAMETERS["hard"]["late"][0]

    def strengths(self, obs: SaintObservation, pairs: list[tuple[int, int]], stream: Stream) -> np.ndarray:
        """Each pair's expected points over ``samples`` deals of the opponents' hands (its known take-backs and
        unseen cards drawn at random from ``stream``: ``deals``), each opponent revealing its best pair (S4),
        scored as S5 (ties ``ceil(number / tied)``), over the round's number."""
        hidden = np.array(unseen(obs), dtype=np.int64)
        others = [s for s in range(obs.seats) if s != obs.seat]
        known = {s: sorted(obs.known[s]) for s in others}
        table = pair_table(obs.river, (*obs.hand, *hidden.tolist(), *(c for s in others for c in known[s])))
        draws = deals(hidden, sum(obs.hand_size - len(known[seat]) for seat in others), self.samples, stream)
        best = np.full((self.samples, len(others)), -1, dtype=np.int64)
        used = 0
        for k, seat in enumerate(others):
            need = obs.hand_size - len(known[seat])
            hands = np.hstack(
                [np.tile(np.array(known[seat], dtype=np.int64), (self.samples, 1)), draws[:, used : used + need]]
            )
            used += need
            best[:, k] = table[hands[:, :, None], hands[:, None, :]].reshape(self.samples, -1).max(axis=1)
        top = best.max(axis=1)
        ties = (best == top[:, None]).sum(axis=1)
        mine = np.array([table[a, b] for a, b in pairs], dtype=np.int64)[:, None]
        number = max(obs.round, 1)
        share = np.where(mine > top, number, np.where(mine == top, -(-number // (ties + 1)), 0))
        return share.mean(axis=1) / number


LEVELS = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}
"""Level name → agent class, in ladder order (``PARAMETERS``' order)."""


def make_level(name: str, **params):
    """The agent of level ``name`` with parameters ``params`` (``sniper.games.saint.parameters``); ``ValueError``
    (one line) for an unknown level or a value outside its domain."""
    check_parameters(PARAMETERS, name, params, TITLE)
    return LEVELS[name](**params)

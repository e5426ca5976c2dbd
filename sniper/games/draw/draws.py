"""A seat's own sampled draws, shared by its decisions of a hand (``normal`` and ``hard``, GAMES.md D11).

``normal`` (the draw, the first round) and ``hard`` (while its draw is ahead) weigh every legal keep over
``draw_samples`` sampled draws of their own (``keep_orders``). The draws are keyed once per hand and seat
(``own_draws_key``: a child of the decision stream's ``parent``, the seat's hand key), not per decision: every
first-round decision and the draw decision of a seat in one hand see the same sampled draws of the same five
cards (common random numbers: each decision's draws have the distribution they had when each decision keyed
its own), and the kernel samples them once per seat and hand (``kernels.draw.strength.keep_orders_nb``, cached
per seat; ``keep_orders`` memoizes too). A stream without a parent (a policy's ``over_streams`` stream, a test's)
is its own parent: its decision keys its own draws.

>>> from sniper.core.rng import Stream
>>> own_draws_key(Stream(5, parent=9)) == own_draws_key(Stream(6, parent=9)) == own_draws_key(Stream(9))
True
>>> own_draws_key(Stream(5)) == own_draws_key(Stream(6))
False
"""

from functools import lru_cache

from kernels.draw.codes import OWN_DRAWS
from sniper.core.rng import Stream, derive
from sniper.games.draw.actions import DISCARD, DISCARDS
from sniper.games.draw.reading import kept_cards
from sniper.games.draw.rules import HAND_SIZE, MAX_DISCARDS
from sniper.games.draw.strength import five_card_index

__all__ = ["OWN_DRAWS", "keep_orders", "own_draws_key"]


def own_draws_key(stream: Stream) -> int:
    """The key of the seat's own sampled draws (``keep_orders``): ``derive(stream.parent, OWN_DRAWS)``, the
    parent's child ``OWN_DRAWS`` (``kernels.draw.codes``: above any decision number, so no decision's key)."""
    return derive(stream.parent, OWN_DRAWS)


@lru_cache(maxsize=64)
def _keep_orders(cards: tuple[int, ...], unseen: tuple[int, ...], key: int, samples: int) -> tuple[tuple[int, ...]]:
    keeps = [kept_cards(cards, a - DISCARD) for a in DISCARDS]
    m = len(unseen)
    out = []
    for j in range(samples):
        s = Stream(derive(key, j))
        deck = list(unseen)
        for i in range(MAX_DISCARDS):
            x = i + s.integer(m - i)
            deck[i], deck[x] = deck[x], deck[i]
        out.append(tuple(five_card_index([*keep, *deck[: HAND_SIZE - len(keep)]]) for keep in keeps))
    return tuple(out)


def keep_orders(cards, unseen, key: int, samples: int) -> tuple[tuple[int, ...], ...]:
    """The final hands of every legal keep over ``samples`` sampled draws: ``[sample][keep]`` orders
    (``five_card_index``), keeps in ``engine.DISCARDS`` order (stand pat first).

    Sample ``j`` draws from ``Stream(derive(key, j))`` three replacement cards over a fresh copy of
    ``unseen`` (ascending), a partial Fisher–Yates shuffle (draw ``i`` swaps position ``i`` with ``i +
    stream.integer(m - i)``, ``m = len(unseen)``); a keep that discards ``d`` cards takes the first
    ``d`` of them (common random numbers: every keep sees the same cards). Memoized on ``(cards`` in order,
    ``unseen, key, samples)`` (the last 64): a seat's decisions of one hand ask for the same
    (``own_draws_key``).
    """
    return _keep_orders(tuple(cards), tuple(unseen), key, samples)

"""The constants of the five-card draw kernels (GAMES.md D2, D4, D5): plain values, importing no numba.

The reference engine defines the same facts in ``sniper.games.draw.engine`` and ``sniper.games.draw.rules``
(kernels may not import ``sniper``); ``tests/test_draw_kernel.py`` checks that every one equals its
namesake there. The chips of the game (stacks, ante, bets, cap) travel in ``kernels.draw.game.GameRules``,
filled from ``sniper.games.draw.rules`` by ``sniper.games.draw.kernel_engine``. ``Level`` is the shared
``kernels.poker52.codes.Level``.
"""

from kernels.poker52.codes import Level  # noqa: F401  (the levels, numbered as the shared kernels do)

FOLD = 0
"""Flat action: fold (``sniper.games.draw.engine.FOLD``; only when the seat owes chips)."""
CHECK_CALL = 1
"""Flat action: check, or call, capped by the stack (``engine.CHECK_CALL``)."""
BET_RAISE = 2
"""Flat action: bet or raise the round's fixed amount, or all-in for less (``engine.BET_RAISE``, D3, D8)."""
DISCARD = 3
"""Flat action ``DISCARD + mask``: discard the cards at the mask's set bits (``engine.DISCARD``, D5)."""
HAND_SIZE = 5
"""Private cards per player (D2; ``rules.HAND_SIZE``)."""
MAX_DISCARDS = 3
"""The most cards a player may discard (D5; ``rules.MAX_DISCARDS``)."""
DISCARD_MASKS = tuple(m for m in range(1 << HAND_SIZE) if bin(m).count("1") <= MAX_DISCARDS)
"""The legal discard masks in ``engine.DISCARDS`` order (stand pat first): ``DISCARDS[q] - DISCARD``."""
N_KEEPS = len(DISCARD_MASKS)
"""Legal keeps (discard masks of 0–3 cards): 26."""
FIRST, DRAW, SECOND = 0, 1, 2
"""Street numbers (``engine.FIRST``, ``DRAW``, ``SECOND``): the first round (D4), the draw (D5), the second (D6)."""
MAX_SEATS = 6
"""The largest table (D1)."""
CARDS_PER_PLAYER = HAND_SIZE + MAX_DISCARDS
"""Cards of the deck a player may use (``engine.cards_needed(n) == CARDS_PER_PLAYER * n``)."""
NO_CARD = -1
"""A card not dealt (a seat not dealt in, a discard or replacement that did not happen)."""
NO_DRAW = -1
"""The cards drawn by a seat that did not draw (``HandRecord.draws`` ``None``)."""
TELLING_DRAW = 2
"""The draw (cards) the levels' reads count (``sniper.games.draw.reading.TELLING_DRAW``, ``Hand.tally``)."""
TELLING_SHOW = 1
"""The category (one pair) below which a hand shown down after a second-round bet or raise counts as weak in the
levels' reads (``sniper.games.draw.reading.TELLING_SHOW``, ``Hand.tally``)."""
TALLY = 6
"""Counts per seat of ``Hand.tally`` (``sniper.games.draw.observation.DrawObservation.tendencies``)."""
OWN_DRAWS = 1 << 32
"""The child of a seat's hand key (``Hand.agent_keys``) keying its own sampled draws of the hand
(``sniper.games.draw.draws.own_draws_key``): above any decision number."""

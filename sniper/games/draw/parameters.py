"""The parameters of five-card draw's AI levels (D11), declared once: defaults and the domains of ``sniper tune``.

A light module (no PokerKit import), so the game's ``GameSpec`` can declare the domains when the registry
loads; the levels themselves are ``sniper.games.draw.agents`` (``random``, ``easy``) and
``sniper.games.draw.levels`` (``normal``, ``hard``), whose dataclass fields take their defaults from here.

A split agent ``BET/DRAW`` (``sniper.games.draw.agents.SplitAgent``) bets as one level spec and draws as
another; ``split_sides`` parts its spec.

>>> list(PARAMETERS), PARAMETERS["easy"]["bet_category"]
(['random', 'easy', 'normal', 'hard', 'fold', 'call'], (1, 0, 8))
>>> split_sides("hard:samples=64/normal:draw_power=6"), split_sides("easy")
(('hard:samples=64', 'normal:draw_power=6'), ('easy',))
"""

from sniper.games.poker52.cards import CATEGORIES

_TOP = len(CATEGORIES) - 1
"""The highest hand category (8, straight flush): the upper end of a category parameter's domain."""

READS: dict[str, tuple[float, float, float]] = {
    "read_rate": (0.08, 0.0, 0.3),
    "read_weight": (4.0, 0.1, 100.0),
    "read_noise": (0.3333, 0.31, 1.0),
    "read_draw_rate": (0.2, 0.0, 0.35),
    "read_draw_noise": (0.3846, 0.36, 1.0),
    "read_show_rate": (0.05, 0.0, 0.4),
    "read_show_noise": (0.52, 0.41, 1.0),
}
"""The parameters of the reads that adapt within a game (``sniper.games.draw.reads.Reads``, ``sniper.games.poker52.
reads``), the same in every level that reads: an informative player's rate of raises facing a first-round bet, the
prior's weight (in such decisions), a random player's rate; then the same two rates of two-card draws, then of the
hands shown down less than a pair after a second-round bet or raise, of those shown down after one
(``reading.tendencies``; measured on 30 reference games of 20 hands: ``random`` 47–59%, the levels 0–13%)."""

PARAMETERS: dict[str, dict[str, tuple[float, float, float]]] = {
    "random": {},
    "easy": {
        "bluff": (0.05, 0.0, 1.0),
        "bet_category": (CATEGORIES.index("one pair"), 0, _TOP),
        "raise_category": (CATEGORIES.index("two pair"), 0, _TOP),
    },
    "normal": {
        "draw_samples": (256, 1, 10000),
        "draw_power": (8, 1, 40),
        "bet_power": (3, 1, 40),
        "bet_equity": (0.4, 0.0, 1.0),
        "raise_equity": (0.85, 0.0, 1.0),
        "call_margin": (1.0, 0.0, 3.0),
        "position": (0.1, 0.0, 1.0),
        **READS,
    },
    "hard": {
        "samples": (128, 1, 10000),
        "draw_samples": (128, 1, 10000),
        "bluff": (0.01625, 0.0, 1.0),
        "snow": (0.0, 0.0, 1.0),
        "bet_ratio": (0.9, 0.0, 9.0),
        "raise_ratio": (1.732, 0.0, 9.0),
        "call_margin": (1.2, 0.0, 3.0),
        "position": (0.216, 0.0, 1.0),
        "read_bluff": (0.1663, 0.0, 1.0),
        "read_pair": (0.9376, 0.0, 1.0),
        "read_loose": (0.2147, 0.0, 1.0),
        "read_snow": (0.0642, 0.0, 1.0),
        "read_bet": (CATEGORIES.index("two pair"), 0, _TOP),
        "read_raise": (CATEGORIES.index("three of a kind"), 0, _TOP),
        **READS,
        "loose_raise_ratio": (0.0, 0.0, 9.0),
        "loose_call_margin": (0.0, 0.0, 3.0),
        "loose_power": (1.0, 0.1, 4.0),
        "loose_players": (2, 2, 6),
        "loose_bet_ratio": (0.0, 0.0, 9.0),
        "heads_up_power": (2.0, 0.1, 4.0),
        "settle": (1.5, 0.0, 4.0),
    },
    "fold": {},
    "call": {},
}
"""Every level's parameters, ``level → name → (default, low, high)`` (``sniper.games.poker52.level_parameters``), in
ladder order, then the baselines ``fold`` and ``call`` (no parameters): the one truth of their defaults and
domains (meanings in each level class's docstring). An
``int`` default is an integer parameter; categories are ``sniper.games.poker52.cards.CATEGORIES`` indices (0 high
card … 8 straight flush)."""

SPLIT = "/"
"""What separates a split agent spec's two sides, ``BET/DRAW`` (``sniper.games.draw.agents.SplitAgent``)."""


def split_sides(spec: str) -> tuple[str, ...]:
    """The level specs of an agent spec: ``(spec,)`` for a plain ``LEVEL[:NAME=VALUE,…]``, ``(bet, draw)`` for a
    split ``BET/DRAW`` (each side a plain spec, stripped). ``ValueError`` (one line, naming the spec) for more
    than one ``/`` or an empty side."""
    sides = tuple(side.strip() for side in spec.split(SPLIT))
    if len(sides) > 2 or not all(sides):
        raise ValueError(f"a split agent spec is BET/DRAW, two level specs, got {spec.strip()!r}")
    return sides


def level_of(spec: str) -> str:
    """The level an agent spec names: ``hard`` for ``hard:samples=64``, ``hard/normal`` for the split
    ``hard:samples=64/normal:draw_power=6`` (``GameSpec.level_of``; ``sniper tune`` refuses a split one, which
    is no level of ``PARAMETERS``).

    >>> level_of("hard:samples=64/normal:draw_power=6"), level_of(" normal:bet_power=4")
    ('hard/normal', 'normal')
    """
    try:
        sides = split_sides(spec)
    except ValueError:
        sides = (spec,)
    return SPLIT.join(side.partition(":")[0].strip() for side in sides)

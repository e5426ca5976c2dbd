"""The facts of Sniper Hold'em (docs/RULES.md R2, R3, R9, R12), declared once: the rule presets (``Rules``,
``PRESETS``, ``make_rules``), the game lengths and the flat action numbering of its table state.

>>> rules = make_rules("show", "10")
>>> rules.name, rules.hands_per_game, rules.exit_at, Rules.from_dict(rules.to_dict()) == rules
('show', 10, 75, True)
"""

from dataclasses import asdict, dataclass, fields

from kernels.sniper_holdem.codes import N_ACTIONS, N_SNIPES

GAME_LENGTHS = {"10": 10, "20": 20, "bust": None}

PASS_ACTION = N_ACTIONS
"""The flat action (``sniper.games.sniper_holdem.table``) of passing in the snipe round (R7): 0–6 are the
betting actions of R6 (``kernels.sniper_holdem.codes.Act``), 7 passes, ``SNIPE_ACTION + code`` names snipe ``code``."""
SNIPE_ACTION = PASS_ACTION + 1
"""The flat action of naming snipe 0; snipe ``code`` (0..59, R7) is ``SNIPE_ACTION + code``."""
N_SEAT_ACTIONS = SNIPE_ACTION + N_SNIPES
"""How many flat actions a seat has (68: 7 betting, pass, 60 snipes), the env's ``Discrete(68)``."""
DEAL = N_SEAT_ACTIONS
"""The flat action of the deal (68), the one legal action when the table's current player is ``CHANCE``."""


@dataclass(frozen=True)
class Rules:
    """A rule preset (R2, R3, R9, R12).

    ``starting_stack`` in chips; ``hands_per_game`` is 10 or 20, or ``None`` to play until one
    player holds every chip; ``exit_at`` is the stack (chips) at which a player leaves the table
    safe after a hand (R12), ``None`` in our version; ``tie_break`` is "ours" (R8) or "show" (R12).
    """

    name: str = "ours"
    starting_stack: int = 60
    hands_per_game: int | None = 20
    exit_at: int | None = None
    first_seat: int = 0
    tie_break: str = "ours"

    @property
    def planned_hands(self) -> int:
        """Hands a game is taken to last when work is sized (chunks, duplicate groups): the hand
        limit (R9), or ``BUST_GAME_HANDS`` for a game played until one player holds every chip."""
        return self.hands_per_game or BUST_GAME_HANDS

    def to_dict(self) -> dict:
        """The rules as plain JSON data (a run manifest's ``config.rules``), field by field."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        """The rules ``to_dict`` gave; ``ValueError`` unless ``data`` has exactly the fields of ``Rules``."""
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise ValueError(f"rules need exactly the fields {', '.join(f.name for f in fields(cls))}")
        return cls(**data)


BUST_GAME_HANDS = 20
"""An estimate, for sizing work only, of the hands of a game played until one player holds every chip."""

PRESETS = {
    "ours": Rules(),
    "show": Rules(name="show", exit_at=75, tie_break="show"),
}


def make_rules(preset: str = "ours", game_length: str = "20", starting_stack: int = 60) -> Rules:
    """A ``Rules`` from a preset name and a game length "10", "20" or "bust" (R9, R12).

    Raises ``ValueError`` naming the valid values.
    """
    if preset not in PRESETS:
        raise ValueError(f"unknown rules {preset!r}; valid: {', '.join(PRESETS)}")
    if game_length not in GAME_LENGTHS:
        raise ValueError(f"unknown game length {game_length!r}; valid: {', '.join(GAME_LENGTHS)}")
    if starting_stack < 1:
        raise ValueError(f"starting stack must be at least 1 chip, got {starting_stack}")
    base = PRESETS[preset]
    return Rules(
        name=base.name,
        starting_stack=starting_stack,
        hands_per_game=GAME_LENGTHS[game_length],
        exit_at=base.exit_at,
        first_seat=base.first_seat,
        tie_break=base.tie_break,
    )

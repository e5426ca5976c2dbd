"""The parameters of Saint Poker's AI levels (GAMES.md S11), declared once: defaults and the domains of ``sniper tune``.

A light module, so the game's ``GameSpec`` can declare the domains when the registry loads; the levels are
``sniper.games.saint.levels``, whose dataclass fields take their defaults from here
(``sniper.games.poker52.level_parameters``: ``level → name → (default, low, high)``, an ``int`` default an integer).

- ``keep`` (normal, hard): the weight of what the cards left in hand make in later rounds (``kept_value`` of
  ``sniper.games.saint.levels``: ``usable`` with the future river, 0–9, or with 5 players ``stock``, their pairs
  and trips) against this round's expected points (S6, S11).
- ``late`` (normal, hard): how much later rounds count: this round's points are weighed ``(number / 8) **
  -late`` times less than keeping, so ``late > 0`` spends strong cards late (S5: round ``r`` scores ``r``).
- ``samples`` (hard): Monte Carlo deals of the opponents' unseen hands per decision (S11).

>>> list(PARAMETERS), PARAMETERS["hard"]["samples"]
(['random', 'easy', 'normal', 'hard'], (48, 1, 2000))
"""

PARAMETERS: dict[str, dict[str, tuple[float, float, float]]] = {
    "random": {},
    "easy": {},
    "normal": {"keep": (0.5, 0.0, 10.0), "late": (1.0, 0.0, 4.0)},
    "hard": {"samples": (48, 1, 2000), "keep": (0.5, 0.0, 10.0), "late": (1.0, 0.0, 4.0)},
}
"""Every level's parameters, ``level → name → (default, low, high)``, in ladder order (module docstring)."""

"""The parameters of no-limit Hold'em's AI levels (H12), declared once: defaults and the domains of ``sniper tune``.

A light module (no PokerKit import), so the game's ``GameSpec`` can declare the domains when the registry
loads; the levels themselves are ``sniper.games.holdem.levels``.
"""

READS: dict[str, tuple[float, float, float]] = {
    "read_rate": (0.05, 0.0, 0.3),
    "read_weight": (4.0, 0.1, 100.0),
    "read_noise": (0.3333, 0.31, 1.0),
    "read_bet_rate": (0.1, 0.0, 0.45),
    "read_bet_noise": (0.5, 0.46, 1.0),
}
"""The parameters of the reads that adapt within a game (``sniper.games.holdem.reads.Reads``,
``sniper.games.poker52.reads``), the same in ``normal`` and ``hard``: an informative player's rate of raises facing
a bet or raise (``HoldemObservation.tendencies``; the levels raise 2-18% of the time there, ``random`` a third), the
prior's weight (in such decisions), a random player's rate; then the same two rates of bets when checked to from
the flop on (``easy`` and ``normal`` 10-20%, ``hard`` 33-45%, ``random`` a half; measured over 240 reference hands
per pair, seed 4113, experiments/README.md). The informative rates sit at or below the levels' own (0.05, 0.1
rather than 0.1, 0.2), so that every aggressive player reads a little loose: at 6 seats that won 1.3-2.8 chips/hand
more from ``random`` for 0.1-0.3 less from ``easy`` (experiments/README.md, "Hold'em reads")."""

PARAMETERS: dict[str, dict[str, tuple[float, float, float]]] = {
    "random": {},
    "easy": {
        "raise_score": (21, 0, 34),
        "call_score": (14, 0, 34),
        "raise_category": (2, 0, 8),
        "call_category": (1, 0, 8),
    },
    "normal": {
        "open_early": (10, -1, 20),
        "open_late": (0, -1, 20),
        "call_score": (3, -1, 20),
        "reraise_score": (9, -1, 20),
        "odds_slope": (25.7, 0.0, 100.0),
        "short_stack": (10.0, 0.0, 100.0),
        "push_score": (7, -1, 20),
        "bet_equity": (0.84, 0.0, 1.0),
        "big_equity": (0.8, 0.0, 1.0),
        "raise_equity": (0.85, 0.0, 1.0),
        "call_margin": (1.704, 0.0, 3.0),
        "position": (0.1, 0.0, 1.0),
        "texture": (0.03, 0.0, 0.3),
        "allin_spr": (1.5, 0.0, 10.0),
        **READS,
    },
    "hard": {
        "samples": (265, 1, 100000),
        "bluff": (0.1, 0.0, 1.0),
        "bet_ratio": (1.2, 0.0, 9.0),
        "big_ratio": (1.6, 0.0, 9.0),
        "raise_ratio": (1.6, 0.0, 9.0),
        "call_margin": (1.035, 0.0, 3.0),
        "position": (0.042, 0.0, 1.0),
        "allin_spr": (0.734, 0.0, 10.0),
        "raise_range": (0.25, 0.0, 1.0),
        "reraise_range": (0.108, 0.0, 1.0),
        "call_range": (0.289, 0.0, 1.0),
        "read_bluff": (0.076, 0.0, 1.0),
        **READS,
    },
    "fold": {},
    "call": {},
}
"""Every level's parameters, ``level → name → (default, low, high)``, then the baselines ``fold`` and
``call`` (none): the one truth of their defaults and domains (meanings in each class's docstring).
``normal``'s call_score 3 (was 6: it folded to ``random``'s raises in a game's first hands, before its reads
learn; experiments/README.md, "Hold'em reads"); its open_late and bet_equity are the values `sniper tune normal
--game holdem --against easy` found (docs/holdem.md, "Commands, levels, ladder and speed"); its open_early,
reraise_score, odds_slope, push_score and call_margin those `sniper tune normal --game holdem --against easy,random
--aggregate mean` found (issue 32: the old ones folded too much to `random`'s raises;
``experiments/README.md``, "Levels that hold against everyone"); ``hard``'s samples, read_bluff, call_range,
reraise_range, position, allin_spr and call_margin those `sniper tune hard --game holdem --against normal`
found against the tuned ``normal``. An ``int`` default is an integer parameter."""

"""The defaults of every command, in one place: the library uses them and ``--help`` shows them.

Plain constants only (no imports), so the command line can show them without loading the engine.
Counts of hands are in hands (every seat's hand counted once), chips in chips.
"""

PLAYERS = 4
"""Seats of ``simulate`` and ``league`` (R2)."""
HANDS = 10_000
"""Hands of ``simulate`` and ``duel``: at least this many, whole games (duel: whole duplicate groups)."""
AGENTS = ("easy", "normal", "hard", "hard")
"""Seats of ``simulate``, repeated to fill the table."""
SEED = 0
"""Seed of every command (R13)."""
GAME_LENGTH = "20"
"""Hands per game: "10", "20" or "bust" (R9)."""
RULES = "ours"
"""Rule preset: "ours" or "show" (R12)."""
ENGINE = "kernel"
"""Engine: "kernel" (numba) or "reference" (pure Python); same results (R13)."""
CHUNK_GAMES = 200
"""Games per chunk of ``simulate`` (one parquet part each): the most with the reference engine,
the fewest with the kernel (``sniper.runs.config.default_chunk_games``)."""
KERNEL_CHUNK_GAMES = 2000
"""The most games per chunk of a kernel run given no ``--chunk-games``: bigger parts cost less per
hand to play and write (2,000 games: ≈ +8% hands/s end to end against 1,000 for four ``easy``
seats, experiments/README.md)."""
CHUNKS_PER_RUN = 25
"""A kernel run given no ``--chunk-games`` is cut into about this many chunks (progress, resume)."""
REFERENCE_CHUNKS = 8
"""A reference-engine run given no ``--chunk-games`` is cut into about this many chunks (work for
its worker processes), of at most ``CHUNK_GAMES`` games."""
DUEL_PLAYERS = 2
"""Seats of a duel, split between its two specs."""
MAX_HANDS = 1_000_000
"""Most hands a duel plays with ``--until-ci`` when no ``--max-hands`` is given."""
LEAGUE_HANDS = 2000
"""Hands per pairing of a league (and for its multiway tables)."""
EQUITY_SAMPLES = 100_000
"""Monte Carlo samples of ``equity``."""
SERVE_HOST = "127.0.0.1"
"""Address ``serve`` listens on: this machine only, unless ``--host`` says otherwise."""
SERVE_PORT = 8765
"""TCP port of ``serve``."""
SERVE_OUT = "runs/served"
"""Where ``serve`` writes each finished game, as a run in ``SERVE_OUT/<room>/``."""
TURN_SECONDS = 30.0
"""Each turn of interactive play has 30 seconds (R11)."""
RESULT_SECONDS = 10.0
"""A hand's result stays on screen until someone deals or 10 seconds pass (R11)."""
AI_DELAY = 0.6
"""The least time, seconds, an AI seat of ``serve`` takes per decision, so people can follow the play."""
SPRT_ALPHA = 0.05
"""SPRT false-positive rate: accepting H1 when H0 is true."""
SPRT_BETA = 0.05
"""SPRT false-negative rate: accepting H0 when H1 is true."""
TUNE_PLAYERS = 2
"""Seats of ``tune``."""
TUNE_TRIALS = 50
"""Finished trials a ``tune`` study should reach."""
TUNE_HANDS_PER_TRIAL = 5000
"""Hands per ``tune`` trial, all seatings counted."""
TUNE_VALIDATE_HANDS = 40_000
"""Hands per configuration ``tune`` validates on held-out seeds."""
TUNE_STUDY = "study"
"""Directory of a ``tune`` study (``study.db``, plots)."""

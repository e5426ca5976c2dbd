"""What the game-kernel benchmarks share (``bench_holdem.py``, ``bench_draw.py``): the best rate of a game's
``play_games_par_nb`` over calls of many games, by wall and by CPU time. Imported by those scripts (run as
``python experiments/bench_….py``, so this folder is on ``sys.path``); not a benchmark itself."""

import time

import numba
import numpy as np


def kernel_rates(play_games_par_nb, inputs, fields, games: int, repeats: int, threads: int, length: int):
    """Best hands/s of ``play_games_par_nb`` (``kernels.holdem.game``'s or ``kernels.draw.game``'s) over
    ``repeats`` calls of ``games`` games of ``inputs`` (the game's ``GameInputs``) on ``threads`` threads, by
    wall time and by process CPU time (hands per CPU-second), and decisions per hand (the actions counted, none
    recorded); games of ``length`` hands at most (1: single hands from full stacks). ``fields`` is the game's
    ``(N_FIELDS, N_ACTION_FIELDS)``; the first call (8 games) compiles and is not timed."""
    n_fields, n_action_fields = fields
    seats = inputs.rules.n_seats
    rec = np.empty((n_fields, games * length * seats), np.int16)
    hands = np.empty(games, np.int64)
    arec = np.empty((n_action_fields, 0), np.int16)
    actions = np.empty(games, np.int64)
    saved = numba.get_num_threads()
    numba.set_num_threads(threads)
    best = best_cpu = 0.0
    try:
        ids = np.arange(min(games, 8), dtype=np.int64)
        play_games_par_nb(np.uint64(1), ids, inputs, length, rec, hands, 0, arec, actions, threads)  # compile
        for r in range(repeats):
            ids = np.arange(r * games, (r + 1) * games, dtype=np.int64)
            cpu, start = time.process_time(), time.perf_counter()
            play_games_par_nb(np.uint64(1), ids, inputs, length, rec, hands, 0, arec, actions, 16 * threads)
            best = max(best, hands.sum() / (time.perf_counter() - start))
            best_cpu = max(best_cpu, hands.sum() / (time.process_time() - cpu))
    finally:
        numba.set_num_threads(saved)
    return best, best_cpu, actions.sum() / hands.sum()

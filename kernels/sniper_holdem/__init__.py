"""The numba kernels of Sniper Hold'em (docs/RULES.md): its codes, 6-card evaluator, showdown, deck,
betting, AI policies and snipe heuristics, rollouts and the game kernel; they import only the shared kernels
of ``kernels``."""

"""The arena: agents measured against each other — duplicate duels with confidence intervals and SPRT
(``duel``), leagues with Bradley–Terry ratings (``league``), strategy analyses of runs (``analysis``)
and tuning studies (``tune``, optuna).
"""

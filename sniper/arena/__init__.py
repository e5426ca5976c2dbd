"""The arena: agents measured against each other — duplicate duels with confidence intervals and SPRT
(``duel``), leagues with Bradley–Terry ratings (``league``), the rows of a duel for analyses (``analysis``;
the estimators are ``sniper.core.analysis``) and tuning studies (``tune``, optuna), for any registered game.
"""

"""An outside agent: a small, readable AI written against ``sniper.games.sniper_holdem.agents.Agent`` (R10).

Use it from the command line or Python by its import path (run from the checkout root, or with
``examples`` on ``PYTHONPATH``)::

    sniper duel examples.cautious:Cautious easy --hands 2000
    sniper simulate --players 3 --agents examples.cautious:Cautious:margin=2,easy,easy --hands 1000

It sees only an ``Observation`` (its own cards, the face-up board, the public history) and draws
any randomness from the ``stream`` it is given, so runs stay reproducible (R13).
"""

from collections import Counter

from kernels.sniper_holdem.codes import PASS, Act


class Cautious:
    """Bets only with a pair or better that uses its own cards; never snipes.

    ``margin``: the most chips it calls without such a hand (default 1). ``act`` returns one of
    ``obs.legal``; ``snipe`` returns ``PASS``.
    """

    def __init__(self, margin: int = 1):
        self.margin = margin

    def act(self, obs, stream) -> Act:
        """Raise +3 with a pair made with a private card, call small bets, else check or fold (R6)."""
        counts = Counter((*obs.private, *obs.board))
        paired = any(counts[card] >= 2 for card in obs.private)
        if paired and Act.RAISE_3 in obs.legal:
            return Act.RAISE_3
        if Act.CHECK in obs.legal:
            return Act.CHECK
        if paired or obs.owed <= self.margin:
            return Act.CALL
        return Act.FOLD

    def snipe(self, obs, stream) -> int:
        """Always passes (R7)."""
        return PASS

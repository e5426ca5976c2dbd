"""numba kernels shared by the 52-card poker games (no-limit Hold'em and five-card draw), lowest first:
``codes`` (the levels' numbers), ``deck`` (the shuffle), ``pots`` (main pot, side pots and odd chips),
``betting`` (PokerKit's order of play: the players of a hand, the queue of players to act, who may raise, a
check or call, a bet or raise, the collection of the bets) and ``game`` (the pieces of the game loops: the
action log, a decision's stream, the seats' fields of the hand records, the length markers, the start of a
game and the button's move); beside them ``settle`` (adaptive sampling's stop rule, which Sniper Hold'em's Monte
Carlo levels use too).

Each works on a game's ``Hand`` (``kernels.holdem.betting.Hand``, ``kernels.draw.betting.Hand``): a
``NamedTuple`` of record arrays whose fields these kernels name (``pl``: players with ``stack``,
``bet``, ``put``, ``won``, ``active``, ``acted``, ``value``; ``st[0]``: ``players``, ``max_bet``,
``pot``, ``n_active``, ``head``, ``tail``; ``queue``; ``levels``). numba compiles them once per
game's record types. They import only the shared kernels (``kernels.*`` outside the games'
packages) and numpy/numba; the games' kernels import them (the import-linter contracts of
``pyproject.toml``).
"""

"""numba kernels shared by the 52-card poker games (no-limit Hold'em and five-card draw), lowest first:
``deck`` (the shuffle), ``pots`` (main pot, side pots and odd chips), ``betting`` (the queue of
players to act and a check or call, PokerKit's order of play) and ``game`` (the action log, the length
markers and the button's move of the game loops).

Each works on a game's ``Hand`` (``kernels.holdem.betting.Hand``, ``kernels.draw.betting.Hand``): a
``NamedTuple`` of record arrays whose fields these kernels name (``pl``: players with ``stack``,
``bet``, ``put``, ``won``, ``active``, ``acted``, ``value``; ``st[0]``: ``players``, ``max_bet``,
``pot``, ``n_active``, ``head``, ``tail``; ``queue``; ``levels``). numba compiles them once per
game's record types. They import only the shared kernels (``kernels.*`` outside the games'
packages) and numpy/numba; the games' kernels import them (the import-linter contracts of
``pyproject.toml``).
"""

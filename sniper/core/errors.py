"""Errors that name the parameters of the library's functions, which each front end shows in its own words.

A ``ParameterError`` is a ``ValueError`` whose message names API parameters as ``{name}`` fields:
``str(error)`` shows each as the parameter's own name (``hands must be at least 1, got 0``), and
``error.named(name_of)`` as the caller's name for it, e.g. the command line's option
(``--hands must be at least 1, got 0``: ``sniper.cli.options.flag_of``, the one place the command line
maps parameters to its options). The values in a message come as keywords, never inside the template,
so a value holding braces is shown as it is.

An ``AgentError`` is an agent failing while a game is played, in any game.

>>> error = ParameterError("{hands} {got:,} is above {max_hands}", got=5000)
>>> str(error), error.named(lambda name: "--" + name.replace("_", "-"))
('hands 5,000 is above max_hands', '--hands 5,000 is above --max-hands')
"""

from collections.abc import Callable


class ParameterError(ValueError):
    """A bad value of an API parameter (module docstring). ``template``: the message, with ``{name}`` for a
    parameter and ``{value}`` fields (any format spec, ``!r``) for the ``values`` given as keywords."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(self.named())

    def named(self, name_of: Callable[[str], str] | None = None) -> str:
        """The message with each parameter field shown as ``name_of(field)`` (default: the parameter's own name)."""

        class Fields(dict):
            def __missing__(self, key: str) -> str:
                return name_of(key) if name_of else key

        return self.template.format_map(Fields(self.values))


class AgentError(RuntimeError):
    """An agent raised, timed out, or returned an illegal action while a game was played; the message names
    the agent, its seat, the game and the hand (one line). Raised by a game's engines (Sniper Hold'em:
    ``sniper.games.sniper_holdem.play.seat_action``; every game's drivers: ``sniper.core.table.ask_agent``), caught by
    the command line (exit 2)."""


def error_line(error: BaseException) -> str:
    """The first line of ``error``'s message, or its type's name when it has none (for one-line errors).

    >>> error_line(ValueError("bad\\nmore"))
    'bad'
    """
    return str(error).splitlines()[0] if str(error) else type(error).__name__

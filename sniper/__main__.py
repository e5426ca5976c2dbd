"""``python -m sniper``: the command line (``sniper.cli.entry.console``, as the ``sniper`` script)."""

from sniper.cli.entry import console

console()

"""``python -m sniper``: the command line (``sniper.cli.app.console``); Ctrl-C while it loads exits 130 with one
line."""

import sys

try:
    from sniper.cli.app import console
except KeyboardInterrupt:
    sys.stderr.write("sniper: interrupted\n")
    sys.exit(130)

console()

"""``python -m sniper``: the command line (``sniper.cli.main``); Ctrl-C while it loads exits 130 with one line."""

import sys

try:
    from sniper.cli import main
except KeyboardInterrupt:
    sys.stderr.write("sniper: interrupted\n")
    sys.exit(130)

main()

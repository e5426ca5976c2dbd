"""The ``sniper`` command line (typer): ``app`` (the commands), ``options`` (their shared options and
the one place library errors become flag names) and ``terminal`` (printing). It parses and prints;
the logic lives in the library."""

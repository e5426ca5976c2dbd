"""sniper: simulate Sniper Hold'em at scale (see README.md and docs/RULES.md)."""

__version__ = "0.2.0"

"""TOML values as PHH files write them (TOML 1.0): the one writer of strings, integers and lists.

Hand histories (PHH, docs/PHH.md) are TOML files; every game's writer (``sniper.games.sniper_holdem.history``,
``sniper.games.holdem.phh``) formats its fields with ``toml_value``. Reading is ``tomllib``'s.

>>> toml_value(["Zoë", 'say "hi"']), toml_value((1, 2)), toml_value(True)
('[\\n  "Zoë",\\n  "say \\\\"hi\\\\"",\\n]', '[1, 2]', 'true')
"""

from collections.abc import Iterable

TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
"""The short escapes of a TOML 1.0 basic string; other control characters are ``\\uXXXX``."""


def toml_string(text: str) -> str:
    """``text`` as a TOML 1.0 basic string that every conformant parser reads back unchanged.

    Quote, backslash and the control characters U+0000–U+001F and U+007F (DEL) are escaped
    (``TOML_ESCAPES``, else ``\\u00XX``); every other character, astral ones included, is written
    as itself (the file is UTF-8). JSON's escapes are not TOML's: ``json.dumps`` writes an astral
    character as a surrogate pair (``\\uD83D\\uDE00``), which TOML forbids. Raises ``ValueError``
    for a lone surrogate (not a Unicode scalar value: no TOML or UTF-8 file can hold it).

    >>> print(toml_string('Zoë "😀"\\x7f'))
    "Zoë \\"😀\\"\\u007F"
    """
    out = []
    for ch in text:
        code = ord(ch)
        if ch in TOML_ESCAPES:
            out.append(TOML_ESCAPES[ch])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            raise ValueError(f"{text!r} holds a lone surrogate U+{code:04X}, which no TOML file can hold")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(value) -> str:
    """A TOML value: booleans, integers of TOML's 64-bit range, strings (``toml_string``) and lists or
    tuples of them (of strings, one item a line). ``ValueError`` for an integer TOML cannot hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise ValueError(f"{value} is outside TOML's 64-bit integers")
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if value and isinstance(value[0], str):
        return "[\n" + "".join(f"  {toml_value(v)},\n" for v in value) + "]"
    return "[" + ", ".join(toml_value(v) for v in value) + "]"


def phhs_text(hands: Iterable[str]) -> str:
    """Many PHH hands (each one hand's TOML text) as one ``.phhs`` text: the TOML tables ``[1]``, ``[2]``, …

    >>> print(phhs_text(['variant = "NT"\\n', 'variant = "NT"\\n']), end="")
    [1]
    variant = "NT"
    <BLANKLINE>
    [2]
    variant = "NT"
    <BLANKLINE>
    """
    return "".join(f"[{k}]\n{hand}\n" for k, hand in enumerate(hands, start=1))

"""A griffe extension of the documentation site (``mkdocs.yml``): docstring examples as code blocks.

The docstrings hold doctest examples (``>>>`` lines and their expected output, run by
``pytest --doctest-modules``) in plain text; Markdown would read them as prose, and an output such
as ``[1, 2]`` as a link. Each run of ``>>>``/``...`` lines with the output lines after it, up to a
blank line, is put in a ``pycon`` fence.
"""

import griffe


def fence(text: str) -> str:
    """``text`` with every doctest example wrapped in a fenced ``pycon`` block (module docstring)."""
    out, inside = [], False
    for line in text.split("\n"):
        stripped = line.lstrip()
        if not inside and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out += ["", f"{indent}```pycon"]
            inside = True
        elif inside and not stripped:
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctest examples of every docstring griffe loads."""

    def on_instance(self, *, obj, **kwargs) -> None:
        """Rewrite ``obj``'s docstring (if any) with ``fence``."""
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence(obj.docstring.value)

"""The page of ``sniper report``: a ``Report`` (title, facts, sections of tables and figures) as one self-contained
HTML file (``to_html``): every figure a base64 PNG, no script, stylesheet or font from elsewhere, every text
from the data escaped (``html.escape``). What goes on it: ``sniper.report.build``.
"""

import base64
import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sniper import __version__
from sniper.core import plots
from sniper.core.panels import Section, Table
from sniper.core.stats import LEVEL


@dataclass
class Report:
    """A page: ``title``, what was read (``kind``: "run", "duel", "league" or "study"; ``source``:
    the path), a few facts (label, text) and the sections."""

    title: str
    kind: str
    source: str
    facts: list[tuple[str, str]]
    sections: list[Section]

    @property
    def figures(self) -> list:
        """Every figure of the page, in order."""
        return [f for s in self.sections for f in s.figures]


def tell(progress: Callable[[str], None] | None, text: str) -> None:
    """Tell ``progress`` (a callback, or None) ``text``: a step of building a report, for ``sniper report``'s
    status line."""
    if progress is not None:
        progress(text)


# ----- the page ---------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; }
figcaption, .note { color: #555; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.1rem 1rem; }
dt { font-weight: bold; }
"""


def png_data(figure, dpi: int = 100) -> str:
    """``figure`` as a PNG data URI (``data:image/png;base64,…``) at ``dpi`` dots per inch."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _table_html(table: Table) -> str:
    e = html.escape
    head = "".join(f"<th>{e(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{e(table.note)}</p>' if table.note else ""
    caption = f"<caption>{e(table.caption)}</caption>"
    return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


def to_html(report: Report, progress: Callable[[str], None] | None = None) -> str:
    """The page of ``report``: HTML5, one file, every figure a base64 PNG ``<img>`` with its title as
    ``alt`` and caption, every text from the data escaped."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(report.title)}</title><style>{STYLE}</style></head>",
        "<body>",
        f"<h1>{e(report.title)}</h1>",
        f'<p class="note">sniper {e(__version__)} report of the {e(report.kind)} <code>{e(report.source)}</code>'
        f"; intervals are {LEVEL:.0%} confidence intervals, n/a where none can be computed.</p>",
        "<dl>" + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in report.facts) + "</dl>",
    ]
    total = len(report.figures)
    done = 0
    for section in report.sections:
        parts.append(f"<section><h2>{e(section.heading)}</h2>")
        parts.extend(_table_html(t) for t in section.tables)
        for figure in section.figures:
            done += 1
            tell(progress, f"figure {done}/{total}")
            title = plots.figure_title(figure)
            parts.append(
                f'<figure><img src="{png_data(figure)}" alt="{e(title)}"><figcaption>{e(title)}</figcaption></figure>'
            )
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def default_out(path) -> Path:
    """Where ``sniper report PATH`` writes without ``--out``: ``PATH/report.html`` for a directory, else
    beside the file with the suffix ``.html``."""
    path = Path(path)
    return path / "report.html" if path.is_dir() else path.with_suffix(".html")

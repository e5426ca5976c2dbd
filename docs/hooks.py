"""MkDocs hooks of the documentation site (``mkdocs.yml``): pages from outside ``docs/``, made at build time.

- ``notebooks/`` (the ``.ipynb`` files and their README), rendered by mkdocs-jupyter with their
  committed outputs, and ``experiments/`` (the READMEs and every figure, PNG) are added as they
  are in the checkout, so the site never holds a stale copy;
- ``api/<package>.md``: one API reference page per package (``sniper``, ``sniper.core``, ``sniper.games``,
  ``sniper.games.sniper_holdem``, ``sniper.serve``, ``kernels``) with a ``::: module`` block (mkdocstrings)
  for every module found, so a new module is documented without editing a list; ``experiments/figures.md``
  shows every figure.

A module, notebook or figure that cannot be read fails the build (``mkdocs build --strict``). A notebook's
page title is its first heading with its code words kept (``notebook_title``: mkdocs-jupyter's own drops
them, "where 's edge over  comes from").
"""

import json
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {
    ".".join(init.parent.relative_to(ROOT).parts): init.parent.relative_to(ROOT).as_posix()
    for top in ("sniper", "kernels")
    for init in sorted((ROOT / top).glob("**/__init__.py"))
}
"""API pages: package name → its folder in the checkout."""
OUTSIDE = {"notebooks": ("*.ipynb", "README.md"), "experiments": ("**/README.md", "**/*.png")}
"""Folders of the checkout whose files become pages or assets, by glob."""


def modules(package: str) -> list[str]:
    """The dotted names of the modules of ``package`` (its ``__init__`` first), from its folder."""
    folder = ROOT / PACKAGES[package]
    names = sorted(p.stem for p in folder.glob("*.py") if p.stem not in ("__init__", "__main__"))
    return [package, *(f"{package}.{name}" for name in names)]


def api_page(package: str) -> str:
    """The markdown of ``package``'s API page: a heading and a mkdocstrings block per module."""
    blocks = [f"# `{package}`\n", "Generated from the docstrings (mkdocstrings).\n"]
    for name in modules(package):
        blocks.append(f"## `{name}`\n\n::: {name}\n    options:\n      show_root_heading: false\n")
    return "\n".join(blocks)


def figures_page(figures: list[str]) -> str:
    """The markdown of ``experiments/figures.md``: every figure of ``experiments/`` with its file name."""
    lines = ["# Experiment figures\n", "Every figure committed under `experiments/`, as made by the commands in", ""]
    lines[-1] = "[the experiments' README](README.md) and [the tuning study](tune/README.md).\n"
    for path in figures:
        relative = path.removeprefix("experiments/")
        lines.append(f"## `{relative}`\n\n![{relative}]({relative})\n")
    return "\n".join(lines)


@event_priority(100)  # before mkdocs-jupyter turns the notebooks into pages
def on_files(files, config):
    """Add the notebooks, the experiments and the generated API and figure pages to the site's files."""
    figures = []
    for folder, patterns in OUTSIDE.items():
        for pattern in patterns:
            for path in sorted((ROOT / folder).glob(pattern)):
                relative = path.relative_to(ROOT).as_posix()
                files.append(File(relative, str(ROOT), config["site_dir"], config["use_directory_urls"]))
                if path.suffix == ".png":
                    figures.append(relative)
    for package in PACKAGES:
        files.append(File.generated(config, f"api/{package}.md", content=api_page(package)))
    files.append(File.generated(config, "experiments/figures.md", content=figures_page(figures)))
    return files


def notebook_title(path: Path) -> str | None:
    """The first level-1 heading of the notebook ``path``'s markdown cells, its code spans as plain words
    (```hard`'s edge`` → ``hard's edge``); ``None`` if it has none."""
    for cell in json.loads(Path(path).read_text(encoding="utf-8")).get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            for line in ("".join(source) if isinstance(source, list) else source).splitlines():
                if line.startswith("# "):
                    return line[2:].replace("`", "").strip()
    return None


@event_priority(-100)  # after mkdocs-jupyter rendered the notebook and set its title without the code words
def on_page_content(html, page, config, files):
    """A notebook's page title: ``notebook_title`` (its heading with the code words kept)."""
    if page.file.src_path.endswith(".ipynb"):
        title = notebook_title(Path(page.file.abs_src_path))
        if title:
            page.title = title
    return html

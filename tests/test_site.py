"""The documentation site's sources (mkdocs.yml, docs/): getting started is the README's, every module
has an API section, every notebook and experiment figure is on the site, doctest examples are code."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "docs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    pytest.importorskip("mkdocs") if name == "hooks" else pytest.importorskip("griffe")
    spec.loader.exec_module(module)
    return module


def bash_block(path: Path) -> list[str]:
    return path.read_text().split("```bash\n", 1)[1].split("```", 1)[0].strip().splitlines()


def test_getting_started_gives_the_readme_two_commands():
    assert bash_block(ROOT / "docs" / "index.md") == bash_block(ROOT / "README.md")


@pytest.mark.parametrize(
    "package, folder",
    [
        ("sniper", "sniper"),
        ("sniper.core", "sniper/core"),
        ("sniper.games", "sniper/games"),
        ("sniper.games.sniper_holdem", "sniper/games/sniper_holdem"),
        ("sniper.games.poker52", "sniper/games/poker52"),
        ("sniper.serve", "sniper/serve"),
        ("kernels", "kernels"),
    ],
)
def test_every_module_has_an_api_section(package, folder):
    hooks = load("hooks")
    page = hooks.api_page(package)
    for path in (ROOT / folder).glob("*.py"):
        if path.stem not in ("__init__", "__main__"):
            assert f"::: {package}.{path.stem}\n" in page
    assert f"::: {package}\n" in page


def test_every_notebook_is_in_the_nav():
    nav = (ROOT / "mkdocs.yml").read_text()
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        assert f"notebooks/{notebook.name}" in nav


def test_the_figures_page_shows_every_experiment_figure():
    hooks = load("hooks")
    figures = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "experiments").glob("**/*.png"))
    page = hooks.figures_page(figures)
    assert figures and all(f"]({f.removeprefix('experiments/')})" in page for f in figures)


def test_doctest_examples_become_pycon_blocks():
    fence = load("griffe_doctest").fence
    text = "Sum.\n\n>>> 1 + 1\n2\n>>> [1, 2]\n[1, 2]\n\nAfter."
    assert fence(text) == "Sum.\n\n\n```pycon\n>>> 1 + 1\n2\n>>> [1, 2]\n[1, 2]\n```\n\nAfter."
    assert fence("No example.") == "No example."
    assert fence("    >>> x\n    1").endswith("    1\n    ```")


def test_the_built_site_reads_from_disk_and_offline(tmp_path):
    """`open build/site/index.html` (README) works: pages are files, not folders (a folder link under
    file:// shows a directory listing), and no page loads fonts from the network (found by a new user).
    CI's own strict build is read where ``SNIPER_BUILT_SITE`` names it (``.ci/run``), else one is built."""
    pytest.importorskip("mkdocs")
    if built := os.environ.get("SNIPER_BUILT_SITE"):  # .ci/run has just built it from these sources
        site = ROOT / built
    else:
        site = tmp_path / "site"
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site)], cwd=ROOT, check=True, env=env
        )
    index = (site / "index.html").read_text()
    assert "cli.html" in index and 'href="cli/"' not in index, "links are folder-style"
    for page in site.rglob("*.html"):
        assert "fonts.googleapis" not in page.read_text(), page


def test_a_notebook_title_keeps_its_code_words():
    """Issue 27 item 7: mkdocs-jupyter's title of notebooks/levels.ipynb lost `hard` and `normal`."""
    from types import SimpleNamespace

    hooks = load("hooks")
    path = ROOT / "notebooks" / "levels.ipynb"
    page = SimpleNamespace(file=SimpleNamespace(src_path="notebooks/levels.ipynb", abs_src_path=str(path)))
    page.title = "The levels: how they rank, and where 's edge over  comes from"
    assert hooks.on_page_content("<h1>x</h1>", page, {}, None) == "<h1>x</h1>"
    assert "where hard's edge over normal comes from" in page.title

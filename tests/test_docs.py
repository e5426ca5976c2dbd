"""The docs hold: the rules shipped with the package stay the authoritative text (R1–R13); the README's
install commands install what its sections promise; the README stays a front page a newcomer reads (every
game near the top, its Layout the tree); every timing figure of the README and the docs pages is dated."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rules are not beside this checkout")
def test_docs_rules_copy_equals_the_shared_rules():
    copy = (ROOT / "docs" / "RULES.md").read_text().split("\n", 2)[2]
    assert copy == SHARED.read_text()


@pytest.mark.skipif(not (SHARED.parent / "GAMES.md").exists(), reason="the shared spec is not beside this checkout")
def test_docs_games_copy_equals_the_shared_spec():
    copy = (ROOT / "docs" / "GAMES.md").read_text().split("\n", 2)[2]
    assert copy == (SHARED.parent / "GAMES.md").read_text()


def test_every_game_rule_section_is_in_the_games_copy():
    text = (ROOT / "docs" / "GAMES.md").read_text()
    rules = [f"H{n}" for n in range(1, 13)] + [f"D{n}" for n in range(1, 12)]
    assert all(f"- **{rule} " in text for rule in rules)


def test_every_rule_section_is_in_the_copy():
    text = (ROOT / "docs" / "RULES.md").read_text()
    assert all(f"## R{n} " in text for n in range(1, 14))


def test_readme_test_command_runs_the_doctests_of_sniper_and_kernels():
    tomllib = pytest.importorskip("tomllib")

    lines = (ROOT / "README.md").read_text().split("```bash\n", 1)[1].split("```", 1)[0].strip().splitlines()
    assert lines == [
        "python -m pip install . && sniper simulate --players 4 --hands 1e6",
        'python -m pip install ".[test]" && python -m pytest',
    ]
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    assert {"tests", "sniper", "kernels"} <= set(options["testpaths"])


def test_the_cluster_install_brings_the_dask_dashboard():
    """docs/running.md, "Running on a dask cluster": its install line installs bokeh (dask's ``diagnostics``
    extra), which the dashboard it promises needs; and with it a scheduler serves the dashboard."""
    import urllib.request

    tomllib = pytest.importorskip("tomllib")
    from packaging.requirements import Requirement

    section = (ROOT / "docs" / "running.md").read_text().split("## Running on a dask cluster\n", 1)[1]
    install = section.split("```bash\n", 1)[1].splitlines()[0].split("#")[0].split()
    assert install[:4] == ["python", "-m", "pip", "install"], install
    target = Requirement("sniper" + install[4].strip("\"'").removeprefix("."))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + [r for extra in target.extras for r in project["optional-dependencies"][extra]]
    requirements = [Requirement(text) for text in wanted]
    assert any(r.name == "dask" and "diagnostics" in r.extras for r in requirements) or any(
        r.name == "bokeh" for r in requirements
    ), f"`{' '.join(install)}` installs no bokeh"
    from distributed import LocalCluster

    with LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address="127.0.0.1:0") as cluster:
        with urllib.request.urlopen(cluster.dashboard_link, timeout=60) as page:
            assert page.status == 200 and b"Dask" in page.read()


def test_the_speed_figures_are_dated_measured_beside_0_1_and_recorded_in_experiments():
    """Each timing figure of the README's two commands (docs/sniper-holdem.md, "Speed", where the README
    links for them) names its date and machine, stands beside 0.1 measured in the same sitting, and appears
    in experiments/README.md's record of that sitting (issue 18)."""
    page = (ROOT / "docs" / "sniper-holdem.md").read_text()
    assert "(docs/sniper-holdem.md#speed)" in (ROOT / "README.md").read_text(), "the README does not link the figures"
    top = page.split("\n## Speed\n", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"measured on \d{4}-\d{2}-\d{2} on a .*machine", top), "the figures name no date and machine"
    assert "| 0.1, same sitting |" in top
    record = (ROOT / "experiments" / "README.md").read_text()
    sitting = record[record.index("the README's figures, beside 0.1 in one sitting") :].split("\n## ", 1)[0]
    measured = [float(n) for n in re.findall(r"\| (\d+(?:\.\d+)?) \|", sitting)]
    figures = re.findall(r"(\d+(?:\.\d+)?) CPU µs/hand", top) + re.findall(r"\| (\d+(?:\.\d+)?) s wall", top)
    assert len(figures) >= 6
    for figure in figures:
        digits = len(figure.partition(".")[2])
        assert any(round(m, digits) == float(figure) for m in measured), f"{figure} is not in the record of the sitting"


TIMING = re.compile(
    r"\d[\d,.]*\s*(?:[kMG]\s*)?(?:hands|deals|rollouts|decisions|games|trials)/s\b"
    r"|\d[\d,.]*\s*(?:CPU\s+)?µs\b|\d[\d,.]*\s*s wall\b"
)
"""A timing figure: a throughput (``1.5 M hands/s``), CPU microseconds (``44 CPU µs/hand``) or a wall time."""
DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")
COPIES = {"RULES.md", "GAMES.md"}
"""The shared specifications, copied verbatim (they hold no measurement of ours)."""


def units(text: str) -> list[str]:
    """The text's paragraphs, each with what continues it: a table, or an indented block (a list item's
    table or paragraph), is read with the paragraph before it, whose caption or item it belongs to."""
    blocks: list[str] = []
    for block in re.split(r"\n[ \t]*\n", text):
        if blocks and block[:1] in (" ", "|"):
            blocks[-1] += "\n\n" + block
        else:
            blocks.append(block)
    return blocks


def undated(text: str) -> list[str]:
    """The units of ``text`` that hold a timing figure and no date."""
    return [unit for unit in units(text) if TIMING.search(unit) and not DATE.search(unit)]


def test_undated_finds_a_timing_figure_without_its_date():
    assert undated("Fast: 1.5 M hands/s on 2 cores.") == ["Fast: 1.5 M hands/s on 2 cores."]
    assert undated("Measured on 2026-12-02:\n\n| run | hands/s |\n|---|---|\n| a | 1,524,460 hands/s |") == []
    assert undated("- **Speed**: 2026-12-02, 1.5 M hands/s\n\n  | a | 3 CPU µs |\n\n  So 44 CPU µs/hand.") == []
    assert undated("Dated 2026-12-02.\n\nThen 44 CPU µs/hand.") == ["Then 44 CPU µs/hand."]
    assert undated("`decision_us`: CPU µs per decision; 30 seconds a turn") == []


@pytest.mark.parametrize(
    "page",
    ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md") if p.name not in COPIES)],
)
def test_every_timing_figure_names_its_date(page):
    """A speed depends on the machine, its load and the code of the day: a figure without its date cannot be
    checked against experiments/README.md's record of its sitting, nor told from a stale one (issue 27)."""
    assert undated((ROOT / page).read_text()) == []


def test_the_readme_figures_come_from_one_sitting():
    """Every figure left on the front page is dated, all of one day (issue 27: "measured in one sitting")."""
    assert len(set(DATE.findall((ROOT / "README.md").read_text()))) <= 1


def test_the_readme_is_a_front_page_naming_every_game_near_its_top():
    """A newcomer reads what the toolkit is before line 60: every registered game by name with its
    ``--game`` value, in a README of at most ~12 kB (issue 27 item 8: 60 kB, the other games first at line
    161 and ``--game`` at line 518)."""
    from sniper.core.registry import game_names, get_game

    readme = (ROOT / "README.md").read_text()
    assert len(readme.encode()) <= 12 * 1024, f"README.md is {len(readme.encode()):,} bytes"
    top = "\n".join(readme.splitlines()[:60]).lower()
    assert "--game" in top
    for name in game_names():
        if not get_game(name).new_table.__module__.startswith("sniper."):
            continue  # a test's own game (tests/toy_game.py), registered when pytest collects its file
        assert f"`--game {name}" in top, f"--game {name} is not in the README's first 60 lines"
        assert get_game(name).title.lower() in top, f"{get_game(name).title} is not in the README's first 60 lines"


def layout_paths(block: str) -> list[str]:
    """The paths the README's Layout tree names: each line's leading names (folders ``x/``, files ``x.py``)
    below the folder of the nearest line above that is indented less."""
    name = re.compile(r"[\w.-]+(?:/[\w.-]+)*(?:/|\.(?:py|md|toml|yml))|\.ci/run")
    parents: dict[int, str] = {}
    paths = []
    for line in block.splitlines():
        depth = (len(line) - len(line.lstrip(" "))) // 2
        for token in line.split():
            if not name.fullmatch(token):
                break
            path = parents.get(depth - 1, "") + token
            paths.append(path)
            if token.endswith("/"):
                parents[depth] = path
    return paths


def test_layout_paths_reads_a_tree():
    tree = "a/   the a\n  b/ c.py   d and e/\n    f.py\n  g/\ntop.md  x"
    assert layout_paths(tree) == ["a/", "a/b/", "a/c.py", "a/b/f.py", "a/g/", "top.md"]


def test_the_readme_layout_matches_the_tree():
    """README, "Layout": every path it names exists, and it names every top-level folder, every package of
    ``sniper/`` and ``kernels/`` (games' packages included) and every module shared beside the games' folders
    (``kernels/*.py``, ``sniper/games/*.py``): a new package or shared module is added to the map."""
    import subprocess

    readme = (ROOT / "README.md").read_text()
    block = readme.split("\n## Layout\n", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    named = set(layout_paths(block))
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert not missing, f"the Layout names paths that do not exist: {missing}"
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    if not files:
        pytest.skip("not a git checkout")
    wanted = {f.split("/", 1)[0] + "/" for f in files if "/" in f and not f.startswith(".")}
    wanted |= {f.rsplit("/", 1)[0] + "/" for f in files if f.endswith("/__init__.py") and f.count("/") <= 3}
    wanted |= {f for f in files if re.fullmatch(r"(kernels|sniper/games)/[^/]+\.py", f) and "__init__" not in f}
    wanted |= {f for f in files if re.fullmatch(r"sniper/[^/]+\.py", f)}
    assert not sorted(wanted - named), f"the Layout does not name {sorted(wanted - named)}"

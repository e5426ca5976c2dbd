"""The docs hold: the rules shipped with the package stay the authoritative text (R1–R13); the README's
install commands install what its sections promise."""

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


def test_the_readme_cluster_install_brings_the_dask_dashboard():
    """README, "Running on a dask cluster": its install line installs bokeh (dask's ``diagnostics`` extra), which
    the dashboard it promises needs; and with it a scheduler serves the dashboard."""
    import urllib.request

    tomllib = pytest.importorskip("tomllib")
    from packaging.requirements import Requirement

    section = (ROOT / "README.md").read_text().split("### Running on a dask cluster", 1)[1]
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


def test_the_readme_timing_figures_are_dated_measured_beside_0_1_and_recorded_in_experiments():
    """Each timing figure at the top of the README names its date and machine, stands beside 0.1 measured
    in the same sitting, and appears in experiments/README.md's record of that sitting (issue 18)."""
    import re

    readme = (ROOT / "README.md").read_text()
    top = readme[: readme.index("Then, for instance:")]
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

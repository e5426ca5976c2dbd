"""The rules shipped with the package docs stay the authoritative text (R1–R13)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rules are not beside this checkout")
def test_docs_rules_copy_equals_the_shared_rules():
    copy = (ROOT / "docs" / "RULES.md").read_text().split("\n", 2)[2]
    assert copy == SHARED.read_text()


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

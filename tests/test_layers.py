"""The import-linter contracts of pyproject.toml ([tool.importlinter]) hold, and a broken one is reported."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint(config: Path) -> subprocess.CompletedProcess:
    """``lint-imports --config CONFIG`` run from the repository root (its `sniper` and `kernels`)."""
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(sys.argv[1], no_cache=True))"
    return subprocess.run(
        [sys.executable, "-c", code, str(config)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_the_layer_contracts_hold():
    done = lint(ROOT / "pyproject.toml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_a_contract_that_does_not_hold_is_reported(tmp_path):
    # Sniper Hold'em's engines play games of sniper.games.sniper_holdem.play: a contract forbidding that must fail,
    # so the check is real
    config = tmp_path / "contracts.ini"
    config.write_text(
        "[importlinter]\nroot_packages =\n    sniper\n    kernels\n\n"
        "[importlinter:contract:wrong]\nname = the engines import no game flow\ntype = forbidden\n"
        "source_modules = sniper.games.sniper_holdem.chunks\nforbidden_modules = sniper.games.sniper_holdem.play\n"
    )
    done = lint(config)
    assert done.returncode == 1, done.stdout + done.stderr
    assert (
        "BROKEN" in done.stdout
        and "sniper.games.sniper_holdem.chunks -> sniper.games.sniper_holdem.play" in done.stdout
    )


MAX_MODULE_LINES = 600
"""The most lines a module of ``sniper/`` or ``kernels/`` may have: one job per module (issue 28)."""


def test_no_module_of_the_library_is_over_its_line_limit():
    sizes = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for package in ("sniper", "kernels")
        for path in (ROOT / package).rglob("*.py")
    }
    assert len(sizes) > 100  # the packages were found
    assert {name: n for name, n in sizes.items() if n > MAX_MODULE_LINES} == {}

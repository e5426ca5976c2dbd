"""The kernels' disk cache (``kernels/jit.py``): keyed by every kernel source, optional on read-only installs.

Each test runs a fresh Python process on a copy of ``sniper`` and ``kernels`` in a temporary
directory, so what it imports, compiles and caches is that copy's.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

DECK = """
import json, os, sys
before = dict(os.environ)
import numpy as np
import sniper.games.sniper_holdem.engine
import kernels.sniper_holdem.deck as rng
from sniper.games.sniper_holdem.cards import shuffled_deck
out = np.zeros(40, np.uint8)
rng.shuffled_deck_nb(3, 1, 2, 40, out)
stats = rng.shuffled_deck_nb.stats
hits = sum(stats.cache_hits.values())
same = out.tolist() == shuffled_deck(3, 1, 2)
print(json.dumps({"same": same, "hits": hits, "cache": stats.cache_path,
                  "environ_unchanged": dict(os.environ) == before,
                  "registries": "numba.np.arraymath" in sys.modules}))
"""
"""Deal one deck with the kernel (compiled, or loaded from the cache) and with the reference engine; whether
numba's lowering registries (``numba.np.arraymath`` among them) were loaded."""


def copy_package(tmp_path: Path) -> Path:
    """``sniper`` and ``kernels`` copied to ``tmp_path/pkg`` (no caches, no bytecode)."""
    pkg = tmp_path / "pkg"
    for name in ("sniper", "kernels"):
        shutil.copytree(ROOT / name, pkg / name, ignore=shutil.ignore_patterns("__pycache__"))
    return pkg


def environment(pkg: Path, home: Path, **extra: str) -> dict:
    """This process's environment with the copy first on the path, ``home`` as HOME, and no numba cache
    setting but ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    return env | {"PYTHONPATH": str(pkg), "HOME": str(home)} | extra


def run(command: list[str], env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=600)


def read_only_command(paths: list[Path], command: list[str]) -> list[str]:
    """``command`` run where ``paths`` cannot be written, even by root.

    Not root: the paths are made read-only with chmod (undone by ``restore``). Root ignores file
    modes, so there the command runs in a private mount namespace (``unshare -m``) where each path
    is bind-mounted read-only: every write below it fails with EROFS, as on a read-only install.
    Skips when root cannot make such a namespace.
    """
    if os.geteuid() != 0:
        for path in paths:
            for item in [path, *path.rglob("*")]:
                item.chmod(item.stat().st_mode & ~0o222)
        return command
    if shutil.which("unshare") is None:
        pytest.skip("root, and no unshare: a read-only directory cannot be made for root")
    probe = subprocess.run(["unshare", "-m", "mount", "--bind", str(paths[0]), str(paths[0])], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("root without mount namespaces: a read-only directory cannot be made for root")
    mounts = " && ".join(f'mount --bind "{p}" "{p}" && mount -o remount,bind,ro "{p}"' for p in paths)
    return ["unshare", "-m", "sh", "-c", f'{mounts} && exec "$@"', "sh", *command]


def restore(paths: list[Path]) -> None:
    """Make ``paths`` writable again (so pytest can remove them)."""
    for path in paths:
        for item in [path, *path.rglob("*")]:
            item.chmod(item.stat().st_mode | 0o200)


def listing(paths: list[Path]) -> list[str]:
    return sorted(str(item) for path in paths for item in path.rglob("*"))


def test_a_read_only_install_runs_uncached_with_one_note(tmp_path):
    """Package directory and HOME unwritable, ``NUMBA_CACHE_DIR`` unset: importing and running a kernel
    works (numba refuses ``cache=True`` functions it has no writable locator for, at import), the kernel
    equals the reference engine, stderr has one ``sniper: note:`` line and nothing else, nothing is
    written, and no environment variable is set. Proven for writes refused by the file system (EROFS
    under root, file modes otherwise), i.e. by numba's own locators and by ``kernels.jit``."""
    pkg, home = copy_package(tmp_path), tmp_path / "home"
    home.mkdir()
    before = listing([pkg, home])
    command = read_only_command([pkg, home], [sys.executable, "-c", DECK])
    try:
        done = run(command, environment(pkg, home), tmp_path)
    finally:
        restore([pkg, home])
    assert done.returncode == 0, done.stderr
    expected = {"same": True, "hits": 0, "cache": None, "environ_unchanged": True, "registries": True}
    assert json.loads(done.stdout) == expected
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sniper: note: numba kernels are compiled in every process"), lines
    assert listing([pkg, home]) == before


@pytest.mark.parametrize("given_dir", [True, False], ids=["NUMBA_CACHE_DIR", "in-tree"])
def test_a_cache_never_serves_code_compiled_from_other_sources(tmp_path, given_dir):
    """numba checks only a function's own file: after an edit of ``kernels/streams.py`` (the deck's stream
    number, compiled into ``kernels.sniper_holdem.deck.shuffled_deck_nb`` as a constant, another file) it would load
    the old code. The
    cache is used while the sources are the same (a cache hit), and after the edit the kernel deals what
    the edited reference deals, with ``NUMBA_CACHE_DIR`` given or not. Loading from the cache skips numba's
    registries (``kernels.jit.SourcesCache.load_overload``), compiling loads them."""
    pkg, home = copy_package(tmp_path), tmp_path / "home"
    home.mkdir()
    extra = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")} if given_dir else {}
    env = environment(pkg, home, **extra)

    def deal() -> dict:
        done = run([sys.executable, "-c", DECK], env, tmp_path)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        return json.loads(done.stdout)

    first, second = deal(), deal()
    assert first["same"] and first["hits"] == 0 and first["environ_unchanged"]
    assert second["same"] and second["hits"] == 1 and second["cache"] == first["cache"]
    assert first["registries"] and not second["registries"], "a kernel loaded from the cache needs no registries"
    assert Path(first["cache"]).is_relative_to(tmp_path / "cache" if given_dir else pkg / "kernels")
    codes = pkg / "kernels" / "streams.py"
    text = codes.read_text()
    assert text.count("\nSTREAM_DECK = 0\n") == 1
    codes.write_text(text.replace("\nSTREAM_DECK = 0\n", "\nSTREAM_DECK = 7\n"))
    edited = deal()
    assert edited["same"] and edited["hits"] == 0


def test_cached_arrays_are_built_once_then_loaded_and_rebuilt_when_unsound(tmp_path, monkeypatch):
    import numpy as np

    import kernels.jit as jit

    monkeypatch.setattr(jit, "CACHE_DIR", tmp_path)
    built = []

    def build():
        built.append(1)
        return {"a": np.arange(5, dtype=np.int32), "b": np.eye(2)}

    first = jit.cached_arrays("demo", "k" * 64, build)
    again = jit.cached_arrays("demo", "k" * 64, build)
    assert len(built) == 1 and set(again) == {"a", "b"}
    assert all(np.array_equal(first[k], again[k]) and first[k].dtype == again[k].dtype for k in first)
    jit.cached_arrays("demo", "k" * 16 + "x" * 48, build)  # the same file name, another key: built again
    assert len(built) == 2
    (path,) = tmp_path.glob("demo-*.npz")
    path.write_bytes(path.read_bytes()[:100])  # a torn file: built again and rewritten
    jit.cached_arrays("demo", "k" * 64, build)
    jit.cached_arrays("demo", "k" * 64, build)
    assert len(built) == 3 and not list(tmp_path.glob(".demo-*"))
    with np.load(path, allow_pickle=False) as stored:  # arrays that do not match their digest: built again
        tampered = {k: stored[k] for k in stored.files} | {"a": np.zeros(5, np.int32)}
    with open(path, "wb") as f:
        np.savez(f, **tampered)
    assert jit.cached_arrays("demo", "k" * 64, build)["a"].tolist() == [0, 1, 2, 3, 4] and len(built) == 4
    with pytest.raises(ValueError, match="start with a letter"):
        jit.cached_arrays("bad", "k" * 64, lambda: {"_key": np.zeros(1)})
    monkeypatch.setattr(jit, "CACHE_DIR", None)
    jit.cached_arrays("demo", "k" * 64, build)
    assert len(built) == 5

"""``njit`` of the kernels: numba's, with a disk cache keyed by every kernel source file.

numba keys a cached function on its own source file only, not on the files of the functions
and constants compiled into it: after an edit to ``kernels/sniper_holdem/policies.py`` (or a constant of
``kernels/sniper_holdem/codes.py``) a cached ``kernels/sniper_holdem/game.py`` would still run the old code.
``njit(cache=True)``
here caches under ``SOURCES_DIGEST``, the SHA-256 of every ``kernels/**/*.py``: the cache directory is
named by it and every cache index is stamped with it, so a cache only ever serves code compiled
from the very sources that are running (``NUMBA_CACHE_DIR`` included).

The cache lives in ``CACHE_DIR``, the first writable of ``cache_dirs()``: ``$NUMBA_CACHE_DIR``
(when set), ``kernels/__pycache__`` and numba's user-wide cache directory under HOME. When none is
writable (a read-only install with a read-only HOME) ``CACHE_DIR`` is None: the kernels compile in
every process, uncached, and one ``sniper: note:`` line on stderr says so. Importing this module
reads ``os.environ`` (through ``numba.config``) and never writes it.
"""

import contextlib
import hashlib
import os
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import numba
import numpy as np
from numba.core.caching import CompileResultCacheImpl, FunctionCache, _CacheLocator
from numba.core.runtime import rtsys

HERE = Path(__file__).resolve().parent


def sources_digest(root: Path = HERE) -> str:
    """SHA-256 (hex) of the names and bytes of every ``root/**/*.py`` (default ``kernels/``), in name order."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


SOURCES_DIGEST = sources_digest()
"""The kernel sources this process compiles (``sources_digest`` at import)."""


def cache_dirs() -> list[Path]:
    """Where the cache may live, in order of preference, each named by ``SOURCES_DIGEST``:
    ``$NUMBA_CACHE_DIR/sniper-kernels-<digest>`` (when set), ``kernels/__pycache__/numba-<digest>``
    and ``<numba's user-wide cache directory>/sniper-kernels-<digest>`` (``~/.cache/numba/…``)."""
    from numba.misc.appdirs import AppDirs

    tag = SOURCES_DIGEST[:16]
    user_wide = Path(AppDirs(appname="numba", appauthor=False).user_cache_dir)
    given = [Path(numba.config.CACHE_DIR) / f"sniper-kernels-{tag}"] if numba.config.CACHE_DIR else []
    return [*given, HERE / "__pycache__" / f"numba-{tag}", user_wide / f"sniper-kernels-{tag}"]


def writable(path: Path) -> bool:
    """Whether ``path`` exists (made if missing) and a file can be created in it (numba's own test)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


CACHE_DIR: Path | None = next((path for path in cache_dirs() if writable(path)), None)
"""The kernels' cache directory, or None: no writable place, the kernels are not cached."""
if CACHE_DIR is None:
    tried = ", ".join(map(str, cache_dirs()))
    sys.stderr.write(
        f"sniper: note: numba kernels are compiled in every process, uncached: none of {tried} is writable "
        "(set NUMBA_CACHE_DIR to a writable directory to cache them)\n"
    )


class SourcesLocator(_CacheLocator):
    """numba cache locator of a kernel: ``CACHE_DIR``, stamped with ``SOURCES_DIGEST`` (numba
    discards an index whose stamp differs), disambiguated by the function's first line."""

    def __init__(self, py_func, py_file):
        self._lineno = py_func.__code__.co_firstlineno

    def get_cache_path(self) -> str:
        """``CACHE_DIR``, the one directory of every kernel's cache files."""
        return str(CACHE_DIR)

    def get_source_stamp(self) -> str:
        """``SOURCES_DIGEST``: numba reuses an index only when its stamp equals this."""
        return SOURCES_DIGEST

    def get_disambiguator(self) -> str:
        """The function's first line number (numba's own choice for source files)."""
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func, py_file):
        """The locator of ``py_func``, or None when there is no cache (``CACHE_DIR`` None)."""
        return cls(py_func, py_file) if CACHE_DIR is not None else None


class _SourcesCacheImpl(CompileResultCacheImpl):
    _locator_classes = [SourcesLocator]


class SourcesCache(FunctionCache):
    """numba's ``FunctionCache`` located by ``SourcesLocator``, loading a kernel without numba's full context
    refresh (``load_overload``)."""

    _impl_class = _SourcesCacheImpl

    def load_overload(self, sig, target_context):
        """The cached compile result of ``sig`` (None when not cached): numba's ``FunctionCache.load_overload``
        with only the part of ``target_context.refresh()`` that cached machine code needs, the NRT's symbols
        (``rtsys.initialize``). The rest of the refresh installs numba's typing and lowering registries, ~0.3 s
        of imports (SciPy's BLAS among them) that only a compilation uses, and a compilation still does it
        (numba's ``CompilerBase``): a run that loads its kernels from the cache starts that much sooner. A numba
        without the private methods this relies on (``_load_overload``, ``_guard_against_spurious_io_errors``,
        as numba 0.68 has them) loads as numba does."""
        load = getattr(self, "_load_overload", None)
        guard = getattr(self, "_guard_against_spurious_io_errors", None)
        if load is None or guard is None:  # a numba whose cache is built otherwise: its own load, refresh included
            return super().load_overload(sig, target_context)
        rtsys.initialize(target_context)
        with guard():
            return load(sig, target_context)


def _arrays_digest(arrays: dict[str, np.ndarray]) -> str:
    """SHA-256 (hex) of ``arrays``' names, dtypes, shapes and bytes, in name order."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}\0{a.dtype.str}\0{a.shape}\0".encode() + a.tobytes())
    return digest.hexdigest()


def cached_arrays(name: str, key: str, build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """``build()`` (numpy arrays by name), kept in ``CACHE_DIR`` as ``name-<key[:16]>.npz``: a later process
    with the same ``key`` (the SHA-256 of the sources ``build`` runs, e.g. ``SOURCES_DIGEST``) loads them
    instead of building them. The file holds no pickle (``allow_pickle=False``), is written atomically (a
    temporary file renamed) and carries ``key`` and the arrays' SHA-256: one that is unreadable, of another key
    or whose arrays do not match is built again and rewritten. Without a cache (``CACHE_DIR`` None) or when
    the file cannot be written, ``build()`` every time. ``ValueError`` when ``build`` names an array with a
    leading ``_`` (the file's own entries)."""
    if CACHE_DIR is None:
        return _checked(build())
    path = CACHE_DIR / f"{name}-{key[:16]}.npz"
    try:
        with np.load(path, allow_pickle=False) as stored:
            arrays = {k: stored[k] for k in stored.files}
        if str(arrays.pop("_key")) == key and str(arrays.pop("_digest")) == _arrays_digest(arrays):
            return arrays
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        pass
    arrays = _checked(build())
    temporary = None
    try:
        with tempfile.NamedTemporaryFile(dir=CACHE_DIR, prefix=f".{name}-", suffix=".npz", delete=False) as file:
            temporary = file.name
            np.savez(file, **arrays, _key=np.array(key), _digest=np.array(_arrays_digest(arrays)))
        os.replace(temporary, path)
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return arrays


def _checked(arrays: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """``arrays``, or ``ValueError`` for a name with a leading ``_``."""
    if any(name.startswith("_") for name in arrays):
        raise ValueError(f"cached array names start with a letter, got {sorted(arrays)}")
    return arrays


def njit(*function, cache: bool = False, **options):
    """``numba.njit(**options)``; with ``cache=True`` the compiled code is cached in ``CACHE_DIR``
    (``SourcesCache``), or not at all when it is None. Used as ``@njit(...)`` or ``njit(...)(f)``."""

    def compile_lazily(py_func):
        dispatcher = numba.njit(**options)(py_func)
        if cache and CACHE_DIR is not None:
            dispatcher._cache = SourcesCache(py_func)  # what numba's enable_caching does, located here
        return dispatcher

    return compile_lazily(*function) if function else compile_lazily

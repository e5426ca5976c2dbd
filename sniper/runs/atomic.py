"""Atomic file writes: a file is written under a temporary name beside its own and renamed into place
(``write_atomic``, ``write_json``), so no reader ever sees a partial file; an output directory is claimed by
creating its first file exclusively (``claim_out``), so of two processes given one directory exactly one gets it.
"""

import itertools
import os
from collections.abc import Callable
from pathlib import Path


def write_atomic(path: Path, write: Callable[[Path], None], durable: bool = False) -> None:
    """Call ``write(tmp)`` on a temporary path beside ``path``, then rename it into place. An ``OSError`` about
    the temporary file names ``path`` instead (the user gave that one). With ``durable`` the file and then
    its directory are flushed to disk (``os.fsync``), so the new file survives a power cut too."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        write(tmp)
        if durable:
            fsync(tmp)
        os.replace(tmp, path)
        if durable:
            fsync(path.parent)
    except OSError as error:
        if error.filename == str(tmp):
            error.filename = str(path)
        raise
    finally:
        if tmp.exists():
            tmp.unlink()


def fsync(path: Path) -> None:
    """Flush the file or directory ``path`` to disk (``os.fsync``)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_json(path: Path, data: dict, durable: bool = False) -> None:
    """Write ``data`` as indented strict JSON to ``path`` atomically (non-finite numbers as null, ``sniper.core.stats``;
    ``durable``: ``write_atomic``)."""
    from sniper.core.stats import dumps

    write_atomic(path, lambda tmp: tmp.write_text(dumps(data, indent=2) + "\n"), durable)


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists on this machine (``os.kill(pid, 0)``: one of another user counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def drop_stale_claims(path: Path, name: str) -> None:
    """Remove the staged files ``.NAME.claim-PID`` of ``claim_out`` left in ``path`` by a process that no longer
    exists (killed between staging and linking), so the directory counts as empty again."""
    for staged in path.glob(f".{name}.claim-*"):
        pid = staged.name.rpartition("-")[2]
        if pid.isdigit() and not pid_alive(int(pid)):
            staged.unlink(missing_ok=True)


def claim_out(out: Path, name: str, data: dict, numbered: bool = False) -> Path:
    """Make ``out`` a new output directory owned by this process, with ``name`` holding ``data`` (strict JSON)
    as its first file; returns the directory.

    ``out`` may be missing (it is made, parents too) or an empty directory. The claim is atomic: ``name`` is
    created exclusively, with its whole content (a hard link to a staged file, which fails if ``name`` exists),
    before anything else is written, so of two processes given one directory exactly one gets it, and no reader
    sees ``name`` empty; later writes replace ``name`` atomically (``write_json``); a staged file left by a killed
    process is removed first (``drop_stale_claims``). With ``numbered`` (a default
    name the user did not choose) a taken ``out`` falls back to ``out-2``, ``out-3``, … instead. Raises
    ``FileExistsError`` if ``out`` is taken (not ``numbered``), ``OSError`` if it cannot be made.
    """
    from sniper.core.stats import dumps

    text = dumps(data, indent=2) + "\n"
    for n in itertools.count(1):
        path = out if n == 1 else out.with_name(f"{out.name}-{n}")
        try:
            if path.is_dir():
                drop_stale_claims(path, name)
            if path.exists() and (not path.is_dir() or any(path.iterdir())):
                raise FileExistsError(path)
            path.mkdir(parents=True, exist_ok=True)
            staged = path / f".{name}.claim-{os.getpid()}"
            staged.write_text(text)
            try:  # a hard link is created exclusively and whole: no reader ever sees ``name`` empty
                os.link(staged, path / name)
            finally:
                staged.unlink()
            return path
        except FileExistsError:
            if not numbered:
                what = "is a file, not a directory" if out.is_file() else "already exists and is not empty"
                raise FileExistsError(f"output directory {out} {what}; choose another --out") from None
    raise AssertionError("unreachable")


def release_out(out: Path, name: str) -> None:
    """Undo ``claim_out`` of ``out`` when nothing was written after ``name``: remove ``name``, leaving ``out``
    empty, so it can be given again."""
    (out / name).unlink(missing_ok=True)

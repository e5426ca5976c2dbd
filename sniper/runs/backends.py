"""Where a run's chunks are played (``Backend``): this process (``workers=1``), local worker processes
(the default, one per core), or an existing dask.distributed cluster (``scheduler="tcp://host:8786"``: one
``client.submit`` per chunk).
"""

import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

from sniper.core.inputs import error_line

CONNECT_TIMEOUT = 3.0
AHEAD = 2
"""Tasks ``Backend.map`` runs ahead of the one the caller holds, in this process (its ``ahead``): two, so that one
task's Python work (its tables) overlaps the next one's kernel."""


def _init_worker() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle, so workers print no tracebacks; one
    numba thread per worker process, so the processes, not threads, share the cores."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import numba

    numba.set_num_threads(1)


class Backend:
    """Where chunks run: this process, local worker processes, or a dask.distributed cluster.

    Use as a context manager; ``map(fn, args)`` yields ``fn(*a)`` for each ``a`` in order, keeping
    about two tasks per worker in flight. ``scheduler`` ("tcp://host:port") connects to an existing
    cluster (``ConnectionError`` after ``connect_timeout`` seconds if unreachable). Otherwise, with
    an engine named ``kernel`` (a game's numba kernel, parallel over games), chunks run in this process
    on ``workers`` numba threads; with any other engine (e.g. ``reference``), on ``workers`` processes
    (default: all cores; 1 runs in this process).
    """

    def __init__(
        self,
        workers: int | None = None,
        scheduler: str | None = None,
        connect_timeout=CONNECT_TIMEOUT,
        engine: str = "kernel",
    ):
        self.workers = workers or os.cpu_count() or 1
        self.scheduler = scheduler
        self.connect_timeout = connect_timeout
        self.engine = engine
        self.client = None
        self.pool: ProcessPoolExecutor | None = None
        self.width = 1
        self.threads: int | None = None

    @classmethod
    def here(cls, engine: str) -> "Backend":
        """This process only: all numba threads for the kernel engine, one process for the reference."""
        return cls(None if engine == "kernel" else 1, engine=engine)

    def __enter__(self) -> "Backend":
        if self.scheduler:
            self.client = connect(self.scheduler, self.connect_timeout)
            self.width = 2 * max(1, sum(self.client.nthreads().values()))
        elif self.engine == "kernel":
            import numba

            self.threads = numba.get_num_threads()
            numba.set_num_threads(min(self.workers, numba.config.NUMBA_NUM_THREADS))
        elif self.workers > 1:
            # spawn, not fork: forking a process whose numba kernels started OpenMP threads is unsafe
            context = multiprocessing.get_context("spawn")
            self.pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_init_worker)
            self.width = 2 * self.workers
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if self.threads is not None:
            import numba

            numba.set_num_threads(self.threads)
        if self.client is not None:
            self.client.close()
        if self.pool is not None:
            if kind is not None:
                terminate = getattr(self.pool, "terminate_workers", None)
                if terminate is not None:
                    terminate()
                else:
                    for process in list(getattr(self.pool, "_processes", {}).values()):
                        process.terminate()
            self.pool.shutdown(wait=kind is None, cancel_futures=True)

    def map(self, fn: Callable, args: Iterable[tuple], ahead: Callable[[int], bool] | None = None) -> Iterator:
        """``fn(*a)`` for each ``a`` of ``args``, in order; pending tasks are cancelled on close.

        ``ahead`` (the kernel engine in this process): while the caller uses one result, up to ``AHEAD`` more
        tasks (one with one worker) run on background threads (the kernel releases the GIL, so one task's Python
        work, e.g. making its tables, overlaps the next one's kernel) when ``ahead(in_flight)`` says the caller
        will need them, ``in_flight`` tasks being already under way (a task played in vain would be work lost,
        and waited for on close); ``None``: one at a time."""
        thread = None
        if self.client is None and self.pool is None:
            if ahead is None or self.engine != "kernel":
                for a in args:
                    yield fn(*a)
                return
            lanes = min(AHEAD, self.workers)  # one worker: one task at a time, as its cores say
            thread = ThreadPoolExecutor(lanes, thread_name_prefix="sniper-ahead")
            submit, width, wanted = thread.submit, 1 + lanes, ahead
        else:
            submit, width, wanted = self.pool.submit if self.pool else self._submit_dask, self.width, None
        window: deque = deque()
        args = iter(args)
        try:
            while True:
                while (
                    len(window) < width
                    and (not window or wanted is None or wanted(len(window)))
                    and (a := next(args, None)) is not None
                ):
                    window.append(submit(fn, *a))
                if not window:
                    return
                yield window.popleft().result()
        finally:
            for future in window:
                future.cancel()
            if thread is not None:
                thread.shutdown(wait=True)

    def _submit_dask(self, fn: Callable, *a):
        return self.client.submit(fn, *a, pure=False)


def connect(scheduler: str, timeout: float = CONNECT_TIMEOUT):
    """A ``distributed.Client`` for ``scheduler``; ``ConnectionError`` (one line) if unreachable."""
    from distributed import Client

    try:
        return Client(scheduler, timeout=timeout, set_as_default=False)
    except Exception as error:  # noqa: BLE001 - any failure to connect is reported the same way
        raise ConnectionError(
            f"cannot reach dask scheduler {scheduler} within {timeout:g} s ({error_line(error)})"
        ) from None

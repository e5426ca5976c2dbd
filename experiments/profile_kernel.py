"""Where the game kernel spends its time, per compiled function, with ``perf`` (no hardware counters needed).

numba's compiled code has no symbols ``perf`` can read. This script compiles the game kernel into
a fresh ``NUMBA_CACHE_DIR`` (so that each function's object code is at hand), writes a perf map
(``/tmp/perf-<pid>.map``: address, size and name of every compiled function of ``kernels``), then
plays games on one thread while ``perf record -e cpu-clock`` samples this process, and prints the
share of samples per function. Shares are of this process's samples after the compile (Python's
own functions included).

    python experiments/profile_kernel.py --agents easy,easy,easy,easy --seconds 5
    python experiments/profile_kernel.py --game draw --agents hard,hard,hard,hard --seconds 8
    python experiments/profile_kernel.py --game saint --agents easy,normal,hard,easy --seconds 8

Saint Poker counts rounds (eight a game) where the other games count hands.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-profile-")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numba  # noqa: E402
import numpy as np  # noqa: E402
from numba.core.registry import CPUDispatcher  # noqa: E402

from sniper.games import draw  # noqa: E402
from sniper.games.draw import kernel_engine as draw_engine  # noqa: E402
from sniper.games.saint import kernel_engine as saint_engine  # noqa: E402
from sniper.games.sniper_holdem import kernel_engine as sniper_engine  # noqa: E402
from sniper.games.sniper_holdem.rules import make_rules  # noqa: E402


def readable(symbol: str) -> str:
    """``kernels.sniper_holdem.game.betting_nb`` from a mangled numba symbol (``_ZN7kernels4game10betting_nbB2v1…``)."""
    match = re.match(r"(?:cfunc\.)?_ZN(.*)", symbol)
    if not match:
        return symbol[:60]
    rest, parts = match.group(1), []
    while rest[:1].isdigit():
        digits = re.match(r"\d+", rest).group()
        parts.append(rest[len(digits) : len(digits) + int(digits)])
        rest = rest[len(digits) + int(digits) :]
    return ".".join(parts)


def perf_map() -> list[str]:
    """Perf map lines for every compiled overload of every jitted function in the ``kernels`` modules."""
    lines = []
    dispatchers = {
        id(obj): obj
        for name, module in list(sys.modules.items())
        if name.startswith("kernels")
        for obj in vars(module).values()
        if isinstance(obj, CPUDispatcher)
    }
    for dispatcher in dispatchers.values():
        for compiled in dispatcher.overloads.values():
            library = compiled.library
            with tempfile.NamedTemporaryFile(suffix=".o") as obj:
                obj.write(library._get_compiled_object())
                obj.flush()
                listing = subprocess.run(["nm", "-S", "--defined-only", obj.name], capture_output=True, text=True)
            symbols = {
                parts[3]: (int(parts[0], 16), int(parts[1], 16))
                for parts in map(str.split, listing.stdout.splitlines())
                if len(parts) == 4 and parts[2] in "tT"
            }
            anchor = compiled.fndesc.llvm_func_name
            if anchor in symbols:
                base = library.get_pointer_to_function(anchor) - symbols[anchor][0]
                lines += [f"{base + at:x} {size:x} {readable(name)}\n" for name, (at, size) in symbols.items()]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="easy,easy,easy,easy")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", choices=("sniper", "draw", "saint"), default="sniper")
    args = parser.parse_args()
    numba.set_num_threads(1)
    if args.game == "draw":
        inputs = draw_engine.kernel_inputs(args.agents.split(","), draw.make_rules())

        def run_games(seed, games, inputs, capacity, threads, action_capacity):
            return draw_engine.run_games(seed, games, inputs, capacity, action_capacity, threads)

    elif args.game == "saint":
        inputs = saint_engine.kernel_inputs(args.agents.split(","))

        def run_games(seed, games, inputs, capacity, threads, action_capacity):
            saint_engine.play_games_kernel(seed, games, inputs, threads)
            return SimpleNamespace(hands=np.full(games.size, saint_engine.ROUNDS))  # the rounds played

    else:
        inputs = sniper_engine.kernel_inputs(args.agents.split(","), make_rules())
        run_games = sniper_engine.run_games
    games = np.arange(2000 if args.game == "sniper" else 100, dtype=np.int64)
    unit = "round" if args.game == "saint" else "hand"
    run_games(np.uint64(0), games[:10], inputs, 20, threads=1, action_capacity=240)  # compile
    Path(f"/tmp/perf-{os.getpid()}.map").write_text("".join(perf_map()))
    data = Path(tempfile.mkdtemp()) / "perf.data"
    command = ["perf", "record", "-q", "-e", "cpu-clock", "-F", "4000", "-p", str(os.getpid()), "-o", str(data)]
    perf = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    started, hands, seed = time.process_time(), 0, 0
    while time.process_time() - started < args.seconds:
        hands += int(run_games(np.uint64(seed), games, inputs, 20, threads=1, action_capacity=240).hands.sum())
        seed += 1
    cpu = time.process_time() - started
    perf.send_signal(2)
    perf.wait()
    print(f"{args.agents}: {cpu / hands * 1e6:.3f} CPU µs/{unit} on one thread ({hands:,} {unit}s)")
    report = ["perf", "report", "-i", str(data), "--no-children", "--sort", "sym", "--stdio", "-q"]
    shares = subprocess.run(report, capture_output=True, text=True).stdout
    print("\n".join(line for line in shares.splitlines()[:15] if line.strip()))


if __name__ == "__main__":
    main()

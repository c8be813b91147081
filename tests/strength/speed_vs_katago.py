#!/usr/bin/env python3
"""Visits a second of our network search against KataGo's, side by side in one run (issue 42).

Both engines run one thread over GTP with the same network (g170-b6c96) on the same
positions: for each board size, every `--every`-th position of a real game (9×9: the 9-selfplay-44
line of tests/data/katago/golden.jsonl; 19×19: its 19-game-128 line), a `genmove` of a fixed
number of visits, timed from the command to its answer; before each, KataGo's tree and cache
are cleared (`clear_cache`), as ours keeps none. The first search of each size is a warm-up
and is not counted. KataGo's own `benchmark` figure is printed beside it when asked
(`--katago-benchmark`).

KataGo 1.17.2 is built from its source with the Eigen backend (see README, "Speed against
KataGo"):
    cmake ../cpp -DUSE_BACKEND=EIGEN -DUSE_AVX2=1 -DNO_GIT_REVISION=1 -DCMAKE_BUILD_TYPE=Release
Usage:
    python3 tests/strength/speed_vs_katago.py --katago PATH [--ours target/release/gtp]
        [--visits9 400] [--visits19 200] [--every 8]
A measurement, not a test: it prints a table and the ratios.
"""

import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Gtp  # noqa: E402  (the ladder's GTP client, one for both scripts)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODEL = os.path.join(ROOT, "assets/models/g170-b6c96.bin.gz")
GOLDEN = os.path.join(ROOT, "tests/data/katago/golden.jsonl")


def game(name):
    for line in open(GOLDEN):
        v = json.loads(line)
        if v["id"] == name:
            return v
    raise SystemExit(f"no line {name} in {GOLDEN}")


def measure(engine, kind, g, visits, every):
    """Seconds and searches for `genmove` at every `every`-th position of `g`."""
    size, moves = g["size"], g["moves"]
    engine.ask(f"boardsize {size}")
    engine.ask("clear_board")
    engine.ask("komi 7.5")
    if kind == "katago":
        engine.ask("kata-set-rules chinese")
    spent, searches = 0.0, 0
    for i, (colour, mv) in enumerate(moves):
        if i % every == 0:
            to_move = "b" if colour == "B" else "w"
            if kind == "katago":
                engine.ask("clear_cache")
            t = time.perf_counter()
            engine.ask(f"genmove {to_move}")
            dt = time.perf_counter() - t
            engine.ask("undo")
            if i > 0:  # the first search warms the engine up
                spent += dt
                searches += 1
        engine.ask(f"play {colour} {mv}")
    return spent, searches


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--katago", required=True)
    ap.add_argument("--ours", default=os.path.join(ROOT, "target/release/gtp"))
    ap.add_argument("--visits9", type=int, default=400)
    ap.add_argument("--visits19", type=int, default=200)
    ap.add_argument("--every", type=int, default=8)
    ap.add_argument("--katago-benchmark", action="store_true")
    a = ap.parse_args()
    cases = [(game("9-selfplay-44-k7.5"), a.visits9), (game("19-game-128"), a.visits19)]
    rows = []
    for g, visits in cases:
        overrides = ",".join(
            [
                f"maxVisits={visits}",
            ]
        )
        katago = Gtp(
            [
                a.katago,
                "gtp",
                "-model",
                MODEL,
                "-config",
                os.path.join(HERE, "katago-gtp.cfg"),
                "-override-config",
                overrides,
            ]
        )
        ours = Gtp([a.ours, "--model", MODEL, "--visits", str(visits), "--no-resign"])
        # Alternate the engines position set by position set, so that a slow spell of the
        # machine falls on both.
        ks, kn = measure(katago, "katago", g, visits, a.every)
        os_, on = measure(ours, "ours", g, visits, a.every)
        katago.close()
        ours.close()
        rows.append((g["size"], visits, kn, kn * visits / ks, on * visits / os_))
    print(f"{'board':>6} {'visits':>6} {'searches':>8} {'KataGo v/s':>11} {'ours v/s':>9} {'ratio':>6}")
    for size, visits, n, k, o in rows:
        print(f"{size:>4}×{size:<1} {visits:>6} {n:>8} {k:>11.0f} {o:>9.0f} {o / k:>6.2f}")
    if a.katago_benchmark:
        for size, visits in ((9, a.visits9), (19, a.visits19)):
            out = subprocess.run(
                [
                    a.katago,
                    "benchmark",
                    "-model",
                    MODEL,
                    "-config",
                    os.path.join(HERE, "katago-gtp.cfg"),
                    "-t",
                    "1",
                    "-v",
                    str(visits),
                    "-boardsize",
                    str(size),
                ],
                capture_output=True,
                text=True,
            ).stdout
            for line in out.splitlines():
                if "visits/s" in line:
                    print(f"KataGo benchmark {size}×{size}: {line.strip()}")


if __name__ == "__main__":
    sys.exit(main())

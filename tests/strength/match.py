#!/usr/bin/env python3
"""Plays the 手谈 GTP engine against GNU Go 3.8 and reports the win rate with a 95 % interval.

Usage: python3 tests/strength/match.py --games 100 --level 1 [--size 9] [--komi 7.5]
       [--seconds 1] [--jobs 1] [--engine target/release/gtp] [--sgf-dir DIR]
       [--engine-args "--model assets/models/g170-b6c96.bin.gz"]

Colours alternate (game k: 手谈 is black when k is even). Both sides hear
`time_settings 0 S 1` (S seconds a move, byo-yomi of one stone); GNU Go runs as
`gnugo --mode gtp --chinese-rules --positional-superko --level L`. A game ends by resignation
or two passes; GNU Go's `final_score` (Chinese rules) is the referee. The result line of every
game goes to stdout as it finishes, the summary at the end.
"""
import argparse
import math
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


class Gtp:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine died on {cmd!r}")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line:
                lines.append(line)
        reply = "\n".join(lines)
        if reply.startswith("?"):
            raise RuntimeError(f"{cmd!r} -> {reply}")
        return reply[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.p.kill()


def play(k, args):
    ours = Gtp([args.engine, "--seed", str(1000 + k)] + shlex.split(args.engine_args))
    gnugo = Gtp([os.environ.get("GNUGO", "/usr/games/gnugo"), "--mode", "gtp", "--chinese-rules", "--positional-superko",
                 "--level", str(args.level)])
    try:
        for e in (ours, gnugo):
            e.ask(f"boardsize {args.size}")
            e.ask("clear_board")
            e.ask(f"komi {args.komi}")
            e.ask(f"time_settings 0 {args.seconds} 1")
        ours_black = k % 2 == 0
        players = {"b": ours if ours_black else gnugo, "w": gnugo if ours_black else ours}
        colour, passes, moves, result = "b", 0, [], None
        while result is None:
            mover, other = players[colour], players["w" if colour == "b" else "b"]
            if mover is ours:
                ours.ask(f"time_left {colour} {args.seconds} 1")
            mv = mover.ask(f"genmove {colour}")
            if mv.lower() == "resign":
                result = ("W" if colour == "b" else "B") + "+R"
                break
            other.ask(f"play {colour} {mv}")
            moves.append((colour, mv))
            passes = passes + 1 if mv.lower() == "pass" else 0
            if passes >= 2 or len(moves) >= 4 * args.size * args.size:
                result = gnugo.ask("final_score")
            colour = "w" if colour == "b" else "b"
        winner = result[0].lower()
        ours_won = (winner == "b") == ours_black and winner in "bw"
        if args.sgf_dir:
            os.makedirs(args.sgf_dir, exist_ok=True)
            coords = "".join(f";{c.upper()}[{sgf_point(m, args.size)}]" for c, m in moves)
            pb, pw = ("shoutan", f"gnugo-{args.level}") if ours_black else (f"gnugo-{args.level}", "shoutan")
            with open(os.path.join(args.sgf_dir, f"game-{k:03}.sgf"), "w") as f:
                f.write(f"(;GM[1]FF[4]SZ[{args.size}]KM[{args.komi}]RU[Chinese]PB[{pb}]PW[{pw}]RE[{result}]{coords})\n")
        return k, ours_black, result, ours_won, len(moves)
    finally:
        ours.close()
        gnugo.close()


def sgf_point(mv, size):
    if mv.lower() == "pass":
        return ""
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    col = letters.index(mv[0].upper())
    row = size - int(mv[1:])
    return chr(97 + col) + chr(97 + row)


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--seconds", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--engine", default="target/release/gtp")
    ap.add_argument("--sgf-dir")
    ap.add_argument("--engine-args", default="", help="more arguments for our engine, e.g. --model FILE")
    args = ap.parse_args()
    wins = 0
    done = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        for k, ours_black, result, won, n in pool.map(lambda k: play(k, args),
                                                      range(args.first, args.first + args.games)):
            done += 1
            wins += won
            print(f"game {k:3} shoutan {'B' if ours_black else 'W'} {result:8} "
                  f"{'win ' if won else 'loss'} {n:3} moves  [{wins}/{done}]", flush=True)
    lo, hi = wilson(wins, done)
    print(f"gnugo level {args.level}, {args.size}x{args.size} komi {args.komi}, "
          f"{args.seconds} s/move: shoutan won {wins}/{done} = {100 * wins / done:.1f} % "
          f"(95 % CI {100 * lo:.1f}–{100 * hi:.1f} %)")


if __name__ == "__main__":
    sys.exit(main())

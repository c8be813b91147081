#!/usr/bin/env python3
"""How often our dead-stone suggestion at the end of a game agrees with GNU Go's.

Usage: python3 tests/strength/dead_stones.py --games 60 [--size 9] [--playouts 3000]
       [--model assets/models/g170-b6c96.bin.gz] [--engine target/release/gtp] [--jobs 2]
       [--sgf-dir DIR]   (finished games written by match.py --sgf-dir instead of self-play)

Plays self-play games of our Monte-Carlo engine (`--playouts` a move, seeds 1…N) to two
passes, keeps the finished positions that have dead stones on them by GNU Go's account, and
asks `final_status_list dead` of GNU Go 3.8 (`--chinese-rules`), of our engine without the
network (playout-based suggestion) and of our engine with `--model` (the network's ownership).
Reports, for each of ours: the share of positions where the dead stones are exactly GNU Go's,
and the share where the count under our dead stones names another winner than under GNU Go's.
"""
import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(__file__))
from match import Gtp  # noqa: E402

GNUGO = os.environ.get("GNUGO", "/usr/games/gnugo")


def self_play(k, args):
    eng = Gtp([args.engine, "--seed", str(k), "--playouts", str(args.playouts), "--no-resign"])
    try:
        eng.ask(f"boardsize {args.size}")
        eng.ask("clear_board")
        eng.ask(f"komi {args.komi}")
        colour, passes, moves = "b", 0, []
        while passes < 2 and len(moves) < 3 * args.size * args.size:
            mv = eng.ask(f"genmove {colour}")
            moves.append((colour, mv))
            passes = passes + 1 if mv.lower() == "pass" else 0
            colour = "w" if colour == "b" else "b"
        return moves if passes >= 2 else None
    finally:
        eng.close()


def from_sgf(path, args):
    """The moves of a game match.py wrote, if it ended by two passes (not by resignation)."""
    import re
    text = open(path).read()
    if "+R" in text:
        return None
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    moves = []
    for c, v in re.findall(r";([BW])\[([a-z]{0,2})\]", text):
        if v == "":
            moves.append((c.lower(), "pass"))
        else:
            moves.append((c.lower(), f"{letters[ord(v[0]) - 97]}{args.size - (ord(v[1]) - 97)}"))
    return moves if len(moves) >= 2 and moves[-1][1] == moves[-2][1] == "pass" else None


def dead_and_score(argv, moves, args):
    eng = Gtp(argv)
    try:
        eng.ask(f"boardsize {args.size}")
        eng.ask("clear_board")
        eng.ask(f"komi {args.komi}")
        for c, m in moves:
            eng.ask(f"play {c} {m}")
        dead = set(eng.ask("final_status_list dead").split())
        return dead
    finally:
        eng.close()


def winner_under(dead, moves, args):
    """The winner GNU Go counts when told these stones are dead (by capturing them off a copy)."""
    eng = Gtp([GNUGO, "--mode", "gtp", "--chinese-rules"])
    try:
        eng.ask(f"boardsize {args.size}")
        eng.ask("clear_board")
        eng.ask(f"komi {args.komi}")
        setup = []
        for c, m in moves:
            if m.lower() != "pass":
                eng.ask(f"play {c} {m}")
        # Stones left: list both colours, then re-place all but the dead on an empty board.
        black = set(eng.ask("list_stones black").split())
        white = set(eng.ask("list_stones white").split())
        eng.ask("clear_board")
        for v in sorted(black - dead):
            setup.append(("b", v))
        for v in sorted(white - dead):
            setup.append(("w", v))
        for c, v in setup:
            eng.ask(f"play {c} {v}")
        # With no dead stones left, GNU Go's own count is plain area counting.
        score = eng.ask("final_score")
        return score[0]
    finally:
        eng.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--playouts", type=int, default=3000)
    ap.add_argument("--model", default="assets/models/g170-b6c96.bin.gz")
    ap.add_argument("--engine", default="target/release/gtp")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sgf-dir")
    args = ap.parse_args()
    if args.sgf_dir:
        games = [g for g in (from_sgf(os.path.join(args.sgf_dir, f), args)
                             for f in sorted(os.listdir(args.sgf_dir))) if g]
        source = f"{len(games)} games of {args.sgf_dir} that ended by two passes"
    else:
        with ThreadPoolExecutor(args.jobs) as pool:
            games = [g for g in pool.map(lambda k: self_play(k, args), range(1, args.games + 1)) if g]
        source = f"{len(games)} finished self-play games ({args.playouts} playouts a move)"

    def judge(moves):
        theirs = dead_and_score([GNUGO, "--mode", "gtp", "--chinese-rules"], moves, args)
        if not theirs:
            return None
        playouts = dead_and_score([args.engine], moves, args)
        network = dead_and_score([args.engine, "--model", args.model], moves, args)
        w = winner_under(theirs, moves, args)
        return (playouts == theirs, network == theirs,
                winner_under(playouts, moves, args) != w, winner_under(network, moves, args) != w)

    with ThreadPoolExecutor(args.jobs) as pool:
        rows = [r for r in pool.map(judge, games) if r]
    n = len(rows)
    if n == 0:
        print("no finished game had dead stones")
        return 1
    same = [sum(r[i] for r in rows) for i in range(4)]
    print(f"{source}, {args.size}x{args.size}: {n} with dead stones by GNU Go's account:")
    print(f"  playouts (before): same dead stones as GNU Go in {same[0]}/{n} = {100 * same[0] / n:.0f} %, "
          f"other winner in {same[2]}/{n}")
    print(f"  network  (after):  same dead stones as GNU Go in {same[1]}/{n} = {100 * same[1] / n:.0f} %, "
          f"other winner in {same[3]}/{n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

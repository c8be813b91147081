#!/usr/bin/env python3
"""Measures the ladder of opponents (issue 26): plays them against each other and against
reference players, then fits a rating per player with its 95 % interval.

Usage:
  python3 tests/strength/ladder.py play --pair 20k gnugo:0 --games 40 [--size 9] [--komi 7.5]
         [--seconds 1] [--handicap 0] [--jobs 2] [--out tests/strength/ladder-9.jsonl]
  python3 tests/strength/ladder.py fit [--out tests/strength/ladder-9.jsonl]
         [--anchor gnugo:10=9k [--anchor ref=25k]] [--elo-per-rank 100]

Players: a rank of the ladder as `gtp --level` takes it (`25k` … `1k`, `max`), `gnugo:L` (GNU Go
3.8 at --level L, Chinese rules, positional superko) or `ref` (`gtp --reference beginner`: captures
when it can, runs from an atari, otherwise plays near the last moves). Colours alternate (the
first player of the pair is Black in even games); both sides hear `time_settings 0 S 1`. With
--handicap H the first player is White and Black gets H fixed stones (komi 0.5). A game ends by
resignation or two passes (or at 4 × the board's points in moves); GNU Go at level 0 is the
referee (`final_score`, Chinese rules), a third process that only hears the moves. Every game is
one JSON line in --out (appended), so runs add up.

The fit: Bradley–Terry by Newton's method on the log-strengths (Elo scale, 400 log10), a weak
prior (one draw against the mean) so a player who won or lost every game still has a finite
rating; the interval from the inverse of the information matrix, relative to the (first) anchor. Handicap games count as even
games of the handicapped side plus `--elo-per-rank` per stone (one stone one rank). The ranks:
kyu = anchor rank − (rating − anchor rating) / elo-per-rank (1 dan = 0 kyu); with two anchors
the Elo a rank is the one that puts both at their ranks.
"""
import argparse
import json
import math
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from match import Gtp  # noqa: E402

GNUGO = os.environ.get("GNUGO", "/usr/games/gnugo")
ENGINE = os.environ.get("SHOUTAN_GTP", os.path.join(HERE, "..", "..", "target", "release", "gtp"))


def command(player, seed):
    if player.startswith("gnugo:"):
        return [GNUGO, "--mode", "gtp", "--chinese-rules", "--positional-superko",
                "--level", player.split(":")[1], "--seed", str(seed)]
    if player == "ref":
        return [ENGINE, "--seed", str(seed), "--reference", "beginner"]
    return [ENGINE, "--seed", str(seed), "--level", player] + shlex.split(os.environ.get("SHOUTAN_ARGS", ""))


def play(k, a, b, args):
    first_black = args.handicap == 0 and k % 2 == 0
    black, white = (a, b) if first_black else (b, a)
    if args.handicap:
        black, white = b, a
    seed = 7919 * k + 17 + args.seed
    eng = {"b": Gtp(command(black, seed)), "w": Gtp(command(white, seed + 1))}
    referee = Gtp([GNUGO, "--mode", "gtp", "--chinese-rules", "--positional-superko", "--level", "0"])
    everyone = [eng["b"], eng["w"], referee]
    komi = 0.5 if args.handicap else args.komi
    try:
        for e in everyone:
            e.ask(f"boardsize {args.size}")
            e.ask("clear_board")
            e.ask(f"komi {komi}")
        for e in (eng["b"], eng["w"]):
            e.ask(f"time_settings 0 {args.seconds} 1")
        if args.handicap:
            stones = referee.ask(f"fixed_handicap {args.handicap}").split()
            for e in (eng["b"], eng["w"]):
                e.ask("set_free_handicap " + " ".join(stones))
        colour = "w" if args.handicap else "b"
        passes, moves, result = 0, [], None
        while result is None:
            mover = eng[colour]
            other = eng["w" if colour == "b" else "b"]
            mover.ask(f"time_left {colour} {args.seconds} 1")
            mv = mover.ask(f"genmove {colour}")
            if mv.lower() == "resign":
                result = ("W" if colour == "b" else "B") + "+R"
                break
            other.ask(f"play {colour} {mv}")
            referee.ask(f"play {colour} {mv}")
            moves.append(f"{colour}{mv}")
            passes = passes + 1 if mv.lower() == "pass" else 0
            if passes >= 2 or len(moves) >= 4 * args.size * args.size:
                result = referee.ask("final_score")
            colour = "w" if colour == "b" else "b"
        winner = result[0].upper()
        if winner not in "BW":
            winner = None
        first_won = winner is not None and ((winner == "B") == (black == a))
        return {"a": a, "b": b, "size": args.size, "handicap": args.handicap, "black": black,
                "result": result, "first_won": first_won, "moves": len(moves), "seconds": args.seconds,
                "game": k, "record": " ".join(moves)}
    finally:
        for e in everyone:
            e.close()


def cmd_play(args):
    a, b = args.pair
    done = wins = 0
    with ThreadPoolExecutor(args.jobs) as pool, open(args.out, "a") as out:
        for g in pool.map(lambda k: play(k, a, b, args), range(args.first, args.first + args.games)):
            out.write(json.dumps(g) + "\n")
            out.flush()
            done += 1
            wins += g["first_won"]
            print(f"{a} vs {b} game {g['game']:3} {g['black']:>8} black {g['result']:8} "
                  f"{'win ' if g['first_won'] else 'loss'} {g['moves']:3} moves [{wins}/{done}]", flush=True)
    print(f"{a} against {b} on {args.size}x{args.size}, handicap {args.handicap}: "
          f"{wins}/{done} = {100 * wins / max(done, 1):.0f} %")


def fit(games, elo_per_rank, prior=1.0):
    """Bradley–Terry ratings (Elo) and their covariance, by Newton's method."""
    names = sorted({g["a"] for g in games} | {g["b"] for g in games})
    ix = {n: i for i, n in enumerate(names)}
    n = len(names)
    scale = math.log(10) / 400
    r = [0.0] * n
    for _ in range(300):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for g in games:
            i, j = ix[g["a"]], ix[g["b"]]
            # The handicap gives the second player (Black) elo_per_rank per stone.
            d = scale * (r[i] - r[j] - elo_per_rank * g.get("handicap", 0))
            p = 1 / (1 + math.exp(-d))
            y = 1.0 if g["first_won"] else 0.0
            grad[i] += scale * (y - p)
            grad[j] -= scale * (y - p)
            w = scale * scale * p * (1 - p)
            hess[i][i] -= w
            hess[j][j] -= w
            hess[i][j] += w
            hess[j][i] += w
        # Prior: each player drew one game against a player at the mean (0).
        for i in range(n):
            p = 1 / (1 + math.exp(-scale * r[i]))
            grad[i] += prior * scale * (0.5 - p)
            hess[i][i] -= prior * scale * scale * p * (1 - p)
        # Damped: a player who won every game sits far out, reached in steps of at most 200.
        step = [max(-200.0, min(200.0, x)) for x in solve([[-x for x in row] for row in hess], grad)]
        r = [x + s for x, s in zip(r, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return names, r, invert([[-x for x in row] for row in hess])


def solve(a, b):
    return [sum(x * y for x, y in zip(row, b)) for row in invert(a)]


def invert(a):
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        m[c] = [x / piv for x in m[c]]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [row[n:] for row in m]


def rank_text(kyu):
    k = round(kyu)
    return f"{k}k" if k >= 1 else f"{1 - k}d"


def cmd_fit(args):
    games = [json.loads(line) for line in open(args.out) if line.strip()]
    games = [g for g in games if g["size"] == args.size]
    names, r, cov = fit(games, args.elo_per_rank)
    def kyu_of(text):
        m = re.fullmatch(r"(\d+)([kd])", text)
        return int(m.group(1)) if m.group(2) == "k" else 1 - int(m.group(1))

    anchors = [a.split("=") for a in (args.anchor or ["gnugo:10=9k"])]
    anchor, anchor_rank = anchors[0]
    anchor_kyu = kyu_of(anchor_rank)
    a = names.index(anchor)
    base = r[a]
    # Each rating's standard error relative to the anchor (the anchor's own is then 0).
    se = [math.sqrt(max(cov[i][i] + cov[a][a] - 2 * cov[i][a], 0)) for i in range(len(names))]
    if len(anchors) > 1:
        # Two anchors: the Elo a rank is what puts both where they are said to be.
        other, other_rank = anchors[1]
        args.elo_per_rank = (base - r[names.index(other)]) / (kyu_of(other_rank) - anchor_kyu)
    count = {n: 0 for n in names}
    won = {n: 0 for n in names}
    for g in games:
        count[g["a"]] += 1
        count[g["b"]] += 1
        won[g["a"] if g["first_won"] else g["b"]] += 1
    print(f"{args.size}x{args.size}, {len(games)} games; anchors {', '.join(a + ' = ' + k for a, k in anchors)}: "
          f"{args.elo_per_rank:.0f} Elo a rank; 95 % intervals")
    print(f"{'player':>10} {'games':>5} {'won':>4} {'rating':>7} {'interval':>15} {'rank':>5} {'rank interval':>14}")
    order = sorted(range(len(names)), key=lambda i: r[i])
    for i in order:
        lo, hi = r[i] - 1.96 * se[i] - base, r[i] + 1.96 * se[i] - base
        kyu = anchor_kyu - (r[i] - base) / args.elo_per_rank
        k_lo = anchor_kyu - hi / args.elo_per_rank
        k_hi = anchor_kyu - lo / args.elo_per_rank
        print(f"{names[i]:>10} {count[names[i]]:5} {won[names[i]]:4} {r[i] - base:7.0f} "
              f"{lo:7.0f}…{hi:<7.0f} {rank_text(kyu):>5} {rank_text(k_hi):>6}…{rank_text(k_lo):<6} {kyu:6.1f}")
    print("\npairs (first player's wins / games):")
    pairs = {}
    for g in games:
        key = (g["a"], g["b"], g.get("handicap", 0))
        w, n = pairs.get(key, (0, 0))
        pairs[key] = (w + g["first_won"], n + 1)
    for (a, b, h), (w, n) in sorted(pairs.items()):
        hc = f" (H{h})" if h else ""
        print(f"  {a:>8} vs {b:<8}{hc}: {w}/{n} = {100 * w / n:.0f} %")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--pair", nargs=2, required=True)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--komi", type=float, default=7.5)
    p.add_argument("--seconds", type=int, default=1)
    p.add_argument("--handicap", type=int, default=0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default=os.path.join(HERE, "ladder-9.jsonl"))
    f = sub.add_parser("fit")
    f.add_argument("--out", default=os.path.join(HERE, "ladder-9.jsonl"))
    f.add_argument("--size", type=int, default=9)
    f.add_argument("--anchor", action="append",
                   help="PLAYER=RANK (default gnugo:10=9k); a second one sets the Elo a rank")
    f.add_argument("--elo-per-rank", type=float, default=100.0)
    args = ap.parse_args()
    cmd_play(args) if args.cmd == "play" else cmd_fit(args)


if __name__ == "__main__":
    main()

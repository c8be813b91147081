#!/usr/bin/env python3
"""Compares SGF records as trees with sgfmill (PyPI), a reader independent of ours: every node
of every variation, in order, and every property of each node by its meaning as sgfmill reads
it (points as sets, numbers as numbers, text unescaped), unknown properties by their unescaped
values. Used by tests/sgf_roundtrip.rs.

usage: sgf_roundtrip.py PAIRS   (a file of lines "input<TAB>output", each file a collection)

Prints the differences and a summary; exits 1 if there is any difference. The one thing not
compared: the root's FF, CA and AP, which describe the file itself (its format version, its
character set, the program that wrote it) and are written by the program that writes it.
"""
import sys

from sgfmill import sgf, sgf_grammar

FILE_DESCRIPTION = {"FF", "CA", "AP"}


def games(path):
    """The game trees of a file, its text read as UTF-8 (the corpus is written in UTF-8, as
    the app writes; sgfmill would take a file without CA as ISO-8859-1)."""
    data = open(path, "rb").read()
    return [
        sgf.Sgf_game.from_coarse_game_tree(t, override_encoding="UTF-8")
        for t in sgf_grammar.parse_sgf_collection(data)
    ]


def meaning(node, ident):
    try:
        value = node.get(ident)
        if isinstance(value, bytes):
            return sgf_grammar.text_value(value)
        return value
    except (ValueError, KeyError):
        return [sgf_grammar.text_value(v) for v in node.get_raw_list(ident)]


def compare(a, b, where, out):
    """Walks two trees side by side (a loop, not recursion); appends differences to out."""
    nodes = 0
    stack = [(a, b, where, True)]
    while stack:
        x, y, here, is_root = stack.pop()
        nodes += 1
        props = set(x.properties()) | set(y.properties())
        if is_root:
            props -= FILE_DESCRIPTION
        for ident in sorted(props):
            if not x.has_property(ident):
                out.append(f"{here}: {ident} added: {y.get_raw_list(ident)}")
            elif not y.has_property(ident):
                out.append(f"{here}: {ident} lost: {x.get_raw_list(ident)}")
            elif meaning(x, ident) != meaning(y, ident):
                out.append(f"{here}: {ident} {x.get_raw_list(ident)} became {y.get_raw_list(ident)}")
        xs, ys = list(x), list(y)
        if len(xs) != len(ys):
            out.append(f"{here}: {len(xs)} children became {len(ys)}")
        for i, (cx, cy) in enumerate(zip(xs, ys)):
            stack.append((cx, cy, f"{here}.{i}", False))
    return nodes


def main():
    pairs = [line.rstrip("\n").split("\t") for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    differences, nodes, trees, unreadable = [], 0, 0, []
    for before, after in pairs:
        try:
            ga = games(before)
        except ValueError as e:
            # A broken file (one cut off before its end): ours reads what it holds, sgfmill
            # refuses it; there is nothing to compare with.
            unreadable.append(f"{before} ({e})")
            continue
        gb = games(after)
        if len(ga) != len(gb):
            differences.append(f"{before}: {len(ga)} game trees became {len(gb)}")
            continue
        for k, (a, b) in enumerate(zip(ga, gb)):
            trees += 1
            nodes += compare(a.get_root(), b.get_root(), f"{before}#{k}", differences)
    for d in differences:
        print(d)
    for u in unreadable:
        print(f"not compared, sgfmill cannot read the input: {u}")
    print(f"sgfmill: {len(pairs) - len(unreadable)} files, {trees} game trees, {nodes} nodes compared, {len(differences)} differences")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()

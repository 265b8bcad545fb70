#!/usr/bin/env python3
"""Merge two VCD files into one, each under its own top scope, on one time axis.

GTKWave shows one dump per window; to see a SystemC trace and an RTL trace of
the same run side by side, scripts/waves --compare merges them with this.
Times are rescaled to the finer of the two timescales; identifier codes get a
per-file prefix so they cannot collide.
Usage: vcd_merge.py A.vcd LABEL_A B.vcd LABEL_B OUT.vcd
"""
import heapq
import re
import sys

UNITS = {"s": 0, "ms": -3, "us": -6, "ns": -9, "ps": -12, "fs": -15}


def parse_header(f):
    """Returns (header lines after $timescale, timescale exponent, id set)."""
    lines, exponent, pending_ts = [], None, False
    for line in f:
        s = line.strip()
        if pending_ts or s.startswith("$timescale"):
            m = re.search(r"(\d+)\s*(s|ms|us|ns|ps|fs)", s)
            if m:
                exponent = (len(m.group(1)) - 1) + UNITS[m.group(2)]
                pending_ts = False
            else:
                pending_ts = True
            continue
        if s.startswith("$enddefinitions"):
            return lines, exponent
        if s.startswith(("$scope", "$upscope", "$var")):
            lines.append(s)
    sys.exit("vcd_merge: no $enddefinitions in input")


def rename_var(line, prefix):
    w = line.split()
    # $var kind width id name [range] $end
    w[3] = prefix + w[3]
    return " ".join(w)


def changes(f, prefix, scale):
    """Yields (time, order, line) for every value change, ids renamed."""
    t = 0
    for line in f:
        s = line.strip()
        if not s:
            continue
        c = s[0]
        if c == "#":
            t = int(s[1:]) * scale
        elif c in "01xzXZ":
            yield (t, prefix, c + prefix + s[1:])
        elif c in "bBrR":
            value, ident = s.split()
            yield (t, prefix, value + " " + prefix + ident)
        # $dumpvars / $end / $comment markers carry no values of their own


def main():
    if len(sys.argv) != 6:
        sys.exit("usage: vcd_merge.py A.vcd LABEL_A B.vcd LABEL_B OUT.vcd")
    a_path, a_label, b_path, b_label, out_path = sys.argv[1:]
    fa, fb = open(a_path, errors="replace"), open(b_path, errors="replace")
    ha, ea = parse_header(fa)
    hb, eb = parse_header(fb)
    if ea is None or eb is None:
        sys.exit("vcd_merge: missing $timescale")
    base = min(ea, eb)
    with open(out_path, "w") as out:
        unit = {0: "s", -3: "ms", -6: "us", -9: "ns", -12: "ps", -15: "fs"}[base - base % 3]
        out.write(f"$timescale {10 ** (base % 3)} {unit} $end\n")
        for label, header, prefix in ((a_label, ha, "A"), (b_label, hb, "B")):
            out.write(f"$scope module {label} $end\n")
            for line in header:
                out.write((rename_var(line, prefix) if line.startswith("$var") else line) + "\n")
            out.write("$upscope $end\n")
        out.write("$enddefinitions $end\n")
        last = None
        merged = heapq.merge(changes(fa, "A", 10 ** (ea - base)), changes(fb, "B", 10 ** (eb - base)),
                             key=lambda c: c[0])
        for t, _, line in merged:
            if t != last:
                out.write(f"#{t}\n")
                last = t
            out.write(line + "\n")


if __name__ == "__main__":
    main()

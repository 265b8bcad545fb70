#!/usr/bin/env python3
"""Write a GTKWave save file for a wormsim waveform, one group per router.

Reads the scope/var header of a VCD file (SystemC or Verilator) and groups the
signals of each router scope (r<x>_<y>_<z> or r<id>), one sub-group per link;
flit_type and flit_worm_kind are shown as words through translate filters
(gtkw_filters.py) written next to the save file.
Usage: gtkw_from_vcd.py WAVES.vcd SAVE.gtkw [--routers r0_0_0,r1_0_0] [--max-routers N]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtkw_filters import FILTERS, translated, write_filter_files  # noqa: E402

BIT, HEX, DEC = "@28", "@22", "@24"


def read_scopes(path):
    """Returns [(full scope path tuple, [(name, width)])] in file order."""
    scopes, stack, current = [], [], None
    with open(path, "r", errors="replace") as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if words[0] == "$scope":
                stack.append(words[2])
                current = (tuple(stack), [])
                scopes.append(current)
            elif words[0] == "$upscope":
                stack.pop()
                current = None
            elif words[0] == "$var" and current is not None:
                width = int(words[2])
                name = words[4]
                if len(words) > 5 and words[5].startswith("["):
                    name += words[5]
                current[1].append((name, width))
            elif words[0] == "$enddefinitions":
                break
    return scopes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vcd")
    ap.add_argument("save")
    ap.add_argument("--routers", default="")
    ap.add_argument("--max-routers", type=int, default=16)
    ap.add_argument("--zoom", type=float, default=-14.0, help="GTKWave zoom (log2 scale)")
    args = ap.parse_args()

    wanted = set(filter(None, args.routers.split(",")))
    routers = {}  # router name -> [(link, [signals with full names])]
    for path, signals in read_scopes(args.vcd):
        if len(path) < 2 or not signals:
            continue
        router, link = path[-2], path[-1]
        if not router.startswith("r") or (wanted and router not in wanted):
            continue
        full = [(".".join(path) + "." + name, width) for name, width in signals]
        routers.setdefault(router, []).append((link, full))
    if not routers:
        sys.exit("gtkw_from_vcd: no router scopes found in " + args.vcd)
    names = list(routers)
    if not wanted and len(names) > args.max_routers:
        print(f"gtkw_from_vcd: {len(names)} routers; showing the first {args.max_routers} "
              "(choose others with --routers)", file=sys.stderr)
        names = names[: args.max_routers]

    write_filter_files(args.save)
    with open(args.save, "w") as out:
        out.write(f'[dumpfile] "{args.vcd}"\n[timestart] 0\n[size] 1600 1000\n[pos] -1 -1\n')
        out.write(f"*{args.zoom:.6f} 0\n")
        out.write("[sst_width] 260\n[signals_width] 320\n")
        for router in names:
            out.write(f"@800200\n-{router}\n")
            for link, signals in routers[router]:
                out.write(f"@800200\n-{router}.{link}\n")
                for name, width in signals:
                    leaf = name.rsplit(".", 1)[-1].split("[")[0]
                    if leaf in FILTERS and width > 1:  # encoded field: shown as words
                        out.write(translated(args.save, leaf) + f"{name}\n")
                        continue
                    fmt = BIT if width == 1 else DEC
                    out.write(f"{fmt}\n{name}\n")
                out.write(f"@1000200\n-{router}.{link}\n")
            out.write(f"@1000200\n-{router}\n")


if __name__ == "__main__":
    main()

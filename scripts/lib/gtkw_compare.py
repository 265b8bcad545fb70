#!/usr/bin/env python3
"""GTKWave save file that shows a model (SystemC) trace and an RTL trace of the
same routers side by side, signal by signal.

Input: the header of a VCD made by vcd_merge.py from a wormsim link trace
(scope LABEL_A: SystemC.wormsim.<router>.<link>.<signal>) and a Verilator
trace of RTL routers (scope LABEL_B: ...<router>.rtl.wormsim_router). For each
router and each of its output ports: the model link's flit and credit signals,
each followed by the RTL port signal that must carry the same value (the
valid bits: that port's own bit of the RTL's per-port valid vector, the
other fields that port's bits of the flat per-port vector, grouped; the flit
type as words through a translate filter).
Usage: gtkw_compare.py MERGED.vcd SAVE.gtkw --routers r1_0_0[,...] [--labels model,rtl]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtkw_filters import FILTERS, translated, write_filter_files  # noqa: E402

BIT, HEX, DEC, BIN = "@28", "@22", "@24", "@20"
PORT_ORDERS = (["xp", "xm", "yp", "ym", "zp", "zm"], ["ext", "pet0", "pet1", "pet2"])
# model link signal -> (RTL port vector, field, format). The RTL's ports are
# flat per-port vectors (port p's field at p * width); "dst" is the low
# NodeIdW bits of port p's flit_data_o (a head's destination).
PAIRS = [
    ("flit_valid", "flit_valid_o", "bit", BIT),
    ("flit_type[1:0]", "flit_type_o", "type", HEX),
    ("flit_vc[3:0]", "flit_vc_o", "vc", DEC),
    ("flit_dst[31:0]", "flit_data_o", "dst", DEC),
    ("credit_valid", "credit_valid_i", "bit", BIT),
    ("credit_vc[3:0]", "credit_vc_i", "vc", DEC),
]


def read_names(path):
    """Every full signal name in the VCD header, as GTKWave spells it."""
    names, stack = {}, []
    with open(path, errors="replace") as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "$scope":
                stack.append(w[2])
            elif w[0] == "$upscope":
                stack.pop()
            elif w[0] == "$var":
                name = w[4] + (w[5] if len(w) > 5 and w[5].startswith("[") else "")
                names[".".join(stack + [name])] = int(w[2])
            elif w[0] == "$enddefinitions":
                break
    return names


def find(names, name):
    """name itself, or name with its bit range (GTKWave spells vectors name[msb:lsb])."""
    if name in names:
        return name
    hits = [n for n in names if n.startswith(name + "[") and n.count("[") == name.count("[") + 1]
    return hits[0] if hits else None


def bit_of(names, name, bit):
    """GTKWave's spelling of one bit of a vector: (k)name[msb:lsb], k counted
    from the msb; None if the vector is not there."""
    full = find(names, name)
    if full is None or "[" not in full:
        return None
    msb, lsb = (int(x) for x in full[full.rindex("[") + 1:-1].split(":"))
    if not min(msb, lsb) <= bit <= max(msb, lsb):
        return None
    return f"({abs(msb - bit)}){full}"


def width_of(names, name):
    full = find(names, name)
    if full is None:
        return None
    if "[" not in full:
        return 1
    msb, lsb = (int(x) for x in full[full.rindex("[") + 1:-1].split(":"))
    return abs(msb - lsb) + 1


def bits_of(names, name, lsb, width):
    """GTKWave's spelling of bits lsb..lsb+width-1 of a vector as one group
    (its bits listed msb first); None if the vector is not there."""
    if width == 1:
        return bit_of(names, name, lsb)
    bits = [bit_of(names, name, lsb + i) for i in reversed(range(width))]
    return None if None in bits else " ".join(bits)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vcd")
    ap.add_argument("save")
    ap.add_argument("--routers", required=True)
    ap.add_argument("--labels", default="model,rtl")
    args = ap.parse_args()
    a, b = args.labels.split(",")
    names = read_names(args.vcd)
    out_links = {n.split(".")[-2] for n in names if n.startswith(a + ".") and ".out_" in n}
    order = next((o for o in PORT_ORDERS if any("out_" + p in out_links for p in o)), None)
    if order is None:
        sys.exit("gtkw_compare: no router output links in the model trace")
    order = [p for p in order if "out_" + p in out_links]
    shown = 0
    write_filter_files(args.save)
    with open(args.save, "w") as out:
        out.write(f'[dumpfile] "{args.vcd}"\n[timestart] 0\n[size] 1600 1000\n[pos] -1 -1\n')
        out.write("*-14.000000 0\n[sst_width] 260\n[signals_width] 420\n")
        for router in filter(None, args.routers.split(",")):
            model = f"{a}.SystemC.wormsim.{router}."
            rtl_scope = next((n.rsplit(".", 1)[0] for n in names
                              if n.startswith(b + ".") and f"{router}.rtl" in n and n.endswith(".clk_i")), None)
            if rtl_scope is None:
                sys.exit(f"gtkw_compare: router {router} is not in the RTL trace (is it an RTL router?)")
            links = [(f"out_{p}", i) for i, p in enumerate(order)]
            links += [(f"ej{k}", len(order) + k) for k in range(8)]
            out.write(f"@800200\n-{router}: {a} vs {b}\n")
            for link, port in links:
                if find(names, model + link + ".flit_valid") is None:
                    continue
                out.write(f"@800200\n-{router}.{link} (RTL port {port})\n")
                ports = width_of(names, rtl_scope + ".flit_valid_o") or 1
                widths = {"bit": 1, "type": 2,
                          "vc": (width_of(names, rtl_scope + ".flit_vc_o") or ports) // ports,
                          "dst": width_of(names, rtl_scope + ".router_id_i") or 16}
                stride = {"bit": 1, "type": 2, "vc": widths["vc"],
                          "dst": (width_of(names, rtl_scope + ".flit_data_o") or 64) // ports}
                for m_sig, vec, field_kind, fmt in PAIRS:
                    m = model + link + "." + m_sig
                    r = bits_of(names, rtl_scope + "." + vec, port * stride[field_kind], widths[field_kind])
                    alias_r = f"{vec}[{port}]" + ("" if field_kind in ("bit", "type", "vc") else f".{field_kind}")
                    field = m_sig.split("[")[0]
                    filt = field in FILTERS
                    if m in names:
                        out.write(translated(args.save, field) if names[m] > 1 and filt else (BIT if names[m] == 1 else fmt) + "\n")
                        out.write(f"+{{{a} {m_sig.split('[')[0]}}} {m}\n")
                        shown += 1
                    if r is not None:
                        out.write(translated(args.save, field) if filt else fmt + "\n")
                        if " " in r:  # a group of bits: #{alias} bits...
                            out.write(f"#{{{b} {alias_r}}} {r}\n")
                        else:
                            out.write(f"+{{{b} {alias_r}}} {r}\n")
                        shown += 1
                out.write(f"@1000200\n-{router}.{link} (RTL port {port})\n")
            out.write(f"@1000200\n-{router}: {a} vs {b}\n")
    print(f"gtkw_compare: {shown} signals", file=sys.stderr)


if __name__ == "__main__":
    main()

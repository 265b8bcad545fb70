"""The topology comparison in physical terms (scripts/compare-networks
--physical): each network's router ports and fmax, zero-load latency in ns,
saturation throughput in Gb/s per node, energy per delivered flit at half of
saturation, router and link area per node, and channel length per node, all
from `wormsim run`'s cost model (docs/energy.md §7), beside the 3PT paper's
cost, degree x diameter.

Every network runs 4-flit packets, 4-flit buffers and 32-bit flits (the
characterised routers' depth and width), uniform traffic, seed 1, with the
routing and VCs given. Saturation: the highest offered load (7 bisection
steps) at which the network accepts at least 95% of what its sources
generate in a 3,000-cycle window after 1,000 warm-up cycles, drains, and
keeps average latency under 500 cycles (scripts/saturation's criterion)."""
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
_spec = importlib.util.spec_from_loader("saturation", importlib.machinery.SourceFileLoader(
    "saturation", os.path.join(ROOT, "scripts", "saturation")))
saturation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(saturation)

COMMON = ["--packet", "4", "--buffer", "4", "--flit-bits", "32", "--no-deadlock-check"]

# (label, spec, routing, VCs): equal node counts as far as the families allow;
# each network with the fewest VCs its deadlock-free routing needs (the mesh's
# dimension order 1, the torus's datelines 2, 3PT's 3pt-dor 6, FP_n's fp-dor
# and RFP_n's rfp-direct 2, rfp-literal 1, the arrangement graph's ag-greedy
# its diameter), and the mesh again with 2 VCs. The Petersen family at 100
# nodes (FP_2, RFP_2: routers of 6+1 ports) against 2D and 3D meshes and tori
# of 100; A(5,3) (60 nodes, 6+1 ports) against 3D ones of 60. Larger members
# (FP_3, RFP_3: 9+1 ports; A(6,3): 9+1) need routers no table characterises.
SETS = {
    "100": [("FP_2", "fp:2", "fp-dor", 2), ("RFP_2", "rfp:2", "rfp-direct", 2),
            ("RFP_2, as printed", "rfp:2", "rfp-literal", 1), ("mesh 10x10", "mesh:10x10", "dor", 1),
            ("torus 10x10", "torus:10x10", "dor", 2), ("mesh 4x5x5", "mesh:4x5x5", "dor", 1),
            ("torus 4x5x5", "torus:4x5x5", "dor", 2)],
    "60": [("A(5,3)", "arrangement:5,3", "ag-greedy", 4), ("mesh 3x4x5", "mesh:3x4x5", "dor", 1),
           ("torus 3x4x5", "torus:3x4x5", "dor", 2)],
    "640": [("3PT(4,4,4)", "3pt:4x4x4", "3pt-dor", 6), ("mesh 8x8x10", "mesh:8x8x10", "dor", 1),
            ("mesh 8x8x10, 2 VCs", "mesh:8x8x10", "dor", 2), ("torus 8x8x10", "torus:8x8x10", "dor", 2)],
    "5120": [("3PT(8,8,8)", "3pt:8x8x8", "3pt-dor", 6), ("mesh 16x16x20", "mesh:16x16x20", "dor", 1),
             ("mesh 16x16x20, 2 VCs", "mesh:16x16x20", "dor", 2), ("torus 16x16x20", "torus:16x16x20", "dor", 2)],
}


def topo_facts(spec):
    out = subprocess.run([saturation.WORMSIM, "topo", spec], capture_output=True, text=True, check=True).stdout
    diameter = int(re.search(r"^diameter: (\d+)", out, re.M).group(1))
    return diameter


def run(spec, routing, vcs, rate, extra=(), cycles=3000, warmup=1000):
    return saturation.run((spec, routing, "uniform", vcs), rate, COMMON + list(extra), cycles=cycles, warmup=warmup)


def stable(j):
    return j["drained"] and j["avg_latency"] < 500 and j["throughput"] >= 0.95 * j["generated"]


def measure(label, spec, routing, vcs, extra):
    zero = run(spec, routing, vcs, 0.005, extra, cycles=4000)
    lo, hi, best = 0.0, 1.0, None
    for _ in range(7):
        mid = (lo + hi) / 2
        j = run(spec, routing, vcs, mid, extra)
        if stable(j):
            lo, best = mid, j
        else:
            hi = mid
    half = run(spec, routing, vcs, lo / 2, extra) if lo > 0 else zero
    p, pz, ph = best["physical"] if best else zero["physical"], zero["physical"], half["physical"]
    diameter = topo_facts(spec)
    return {
        "label": label, "spec": spec, "routing": routing, "vcs": vcs, "nodes": zero["nodes"],
        "diameter": diameter, "table": pz["energy_table"], "note": pz["energy_note"],
        "clock_mhz": pz["clock_mhz"], "zero_cycles": zero["avg_latency"], "zero_ns": pz.get("avg_latency_ns"),
        "sat_load": lo, "sat_flits": best["throughput"] if best else 0.0,
        "sat_gbps": p.get("throughput_gbps_per_node", 0.0) if best else 0.0,
        "half_pj_per_flit": ph.get("pj_per_flit"), "half_power_mw": ph.get("power_mw"),
        "router_mm2": pz.get("router_mm2"), "link_mm2": pz["link_mm2_per_node"],
        "channel_mm": pz["channel_mm_per_node"], "tile_mm": pz["tile_mm"],
    }


def table(rows):
    lines = ["| network | nodes | router | energy table (recorded) | clock (MHz) | zero-load latency | "
             "saturation | energy per flit at half saturation | router + link area per node | channel per node | "
             "degree x diameter |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        degree = r["degree"]
        vcs = f"{r['vcs']} VC" + ("s" if r["vcs"] != 1 else "")
        # a table of another router than the run's: what differs, as wormsim run names it
        nearest = r["note"].split("the nearest: ", 1)[1].rstrip(")") + ")" if "the nearest: " in r["note"] else ""
        priced = f"{r['table']} (nearest: {nearest})" if nearest else r["table"]
        lines.append(
            f"| {r['label']} | {r['nodes']} | {degree}+1 ports, {vcs} ({r['routing']}) | {priced} | "
            f"{r['clock_mhz']:.1f} | {r['zero_ns']:.0f} ns ({r['zero_cycles']:.1f} cycles) | "
            f"{r['sat_gbps']:.2f} Gb/s/node ({r['sat_flits']:.3f} flits/node/cycle) | "
            f"{r['half_pj_per_flit']:.0f} pJ | {r['router_mm2'] + r['link_mm2']:.3f} mm2 | "
            f"{r['channel_mm']:.1f} mm | {degree} x {r['diameter']} = {degree * r['diameter']} |")
    return "\n".join(lines)


def main(argv):
    sets, extra, only, i = [], [], None, 0
    while i < len(argv):
        if argv[i] == "--only" and i + 1 < len(argv):
            only = argv[i + 1]  # the rows whose label holds this text (3PT, mesh, torus, 2 VCs)
            i += 2
        elif argv[i].startswith("--"):
            if i + 1 >= len(argv):
                print(f"compare-networks: --physical: {argv[i]} needs a value", file=sys.stderr)
                return 2
            extra += argv[i:i + 2]
            i += 2
        else:
            sets.append(argv[i])
            i += 1
    sets = sets or ["640"]
    for s in sets:
        if s not in SETS:
            print(f"compare-networks: --physical: expected a set of {', '.join(SETS)}, got '{s}'", file=sys.stderr)
            return 2
    for s in sets:
        rows = []
        for label, spec, routing, vcs in SETS[s]:
            if only and only not in label:
                continue
            r = measure(label, spec, routing, vcs, extra)
            out = subprocess.run([saturation.WORMSIM, "topo", spec], capture_output=True, text=True, check=True).stdout
            m = re.search(r"^degree histogram: (.*)$", out, re.M)
            r["degree"] = max(int(x.split(":")[0]) for x in m.group(1).split()) if m else 0
            rows.append(r)
            print(f"  measured {label}: saturation {r['sat_load']:.3f}, table {r['note']}", file=sys.stderr)
        print(f"\n{s} nodes" + (f" (with {' '.join(extra)})" if extra else "") + ":\n")
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

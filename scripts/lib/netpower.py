"""Energy of a gate-level simulation: the toggles of every net of a flat
mapped netlist (from a VCD) priced with the standard-cell library.

Per net, with C = the input capacitance of every pin it drives + the
wire-load model's wire (stdcells.wire_cap) + one flip-flop D pin on an
output port:
  a rising transition costs C x V^2 (the charge drawn from the supply),
  plus the driver's internal energy (rise_power of its output pin,
  averaged over its related pins) and every driven pin's own input
  energy (rise_power of passive input pins, the flip-flops' clock pins
  among them), each interpolated at the net's load and slew;
  a falling transition costs the same internal and input energies with
  fall_power and no supply charge.
A net's slew is its driver's transition table at the net's load, with
the driver's inputs at the library's nominal slew (NOMINAL_SLEW_NS).
Primary inputs are driven by stdcells.INPUT_DRIVER. Zero-delay
simulation has no glitches, so glitch energy is not counted.

Contract: Pricer(netlist, lib, cap_per_um) prices nets; per_cycle(vcd,
scope, pricer, period, compile_tool(dir)) returns ([pJ per cycle], [pJ per cycle by
stage], toggles) for the nets of one VCD scope, cycle k being the
simulation times [k x period, (k+1) x period)."""
import os
import re
import subprocess

import stdcells

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

NOMINAL_SLEW_NS = 0.1

STAGE_OF_INSTANCE = [("gen_input[", "input units"), ("i_route.i_table", "routing table"),
                     ("i_route", "route unit"), ("i_vc_alloc", "VC allocator"), ("i_sw_alloc", "switch allocator"),
                     ("i_crossbar", "crossbar"), ("i_credits", "credit counters")]


STAGES = ["clock"] + [stage for _, stage in STAGE_OF_INSTANCE] + ["router top"]


def stage_of(net_name):
    if net_name == "clk_i":
        return "clock"
    for prefix, stage in STAGE_OF_INSTANCE:
        if net_name.startswith(prefix):
            return stage
    return "router top"


def _avg(xs):
    xs = list(xs)
    return sum(xs) / len(xs) if xs else 0.0


def _at(table, cap, slew):
    return table.at(total_output_net_capacitance=cap, input_transition_time=slew, input_net_transition=slew)


class Pricer:
    def __init__(self, netlist, lib, cap_per_um):
        self.voltage = lib.voltage
        nets = stdcells.connectivity(netlist, lib)
        out_load = lib.cells[stdcells.OUTPUT_LOAD_CELL[0]].pins[stdcells.OUTPUT_LOAD_CELL[1]].cap
        drv_pin = lib.cells[stdcells.INPUT_DRIVER[0]].pins[stdcells.INPUT_DRIVER[1]]
        self.cap, slew = {}, {}
        for key, (drv, loads) in nets.items():
            c = sum(lib.cells[cell].pins[pin].cap for cell, pin in loads) + stdcells.wire_cap(len(loads), cap_per_um)
            if key[0] in netlist.outputs:
                c += out_load
            self.cap[key] = c
            pin = lib.cells[drv[0]].pins[drv[2]] if drv else drv_pin
            slew[key] = _avg(0.5 * (_at(r, c, NOMINAL_SLEW_NS) + _at(f, c, NOMINAL_SLEW_NS))
                             for r, f in pin.transition) or NOMINAL_SLEW_NS
        inputs_of = {}
        for cell, name, pins in netlist.instances:
            c = lib.cells[cell]
            inputs_of[name] = _avg(slew[n] for p, n in pins.items()
                                   if n is not None and c.pins[p].direction == "input" and n in slew) or NOMINAL_SLEW_NS
        v2 = self.voltage ** 2
        self.rise, self.fall = {}, {}
        for key, (drv, loads) in nets.items():
            c, s = self.cap[key], slew[key]
            er, ef = c * v2, 0.0
            if drv:
                arcs = [(r, f) for rel, r, f in lib.cells[drv[0]].pins[drv[2]].power if r and f]
                s_in = inputs_of[drv[1]]
                er += _avg(_at(r, c, s_in) for r, _ in arcs)
                ef += _avg(_at(f, c, s_in) for _, f in arcs)
            for cell, pin in loads:
                for rel, r, f in lib.cells[cell].pins[pin].power:
                    if not rel and r and f:
                        er += _at(r, c, s)
                        ef += _at(f, c, s)
            self.rise[key], self.fall[key] = er, ef
        self.leakage_nw = sum(lib.cells[cell].leakage for cell, _, _ in netlist.instances)


def compile_tool(out_dir):
    """tb/netlist/vcd_price.cpp compiled into OUT_DIR (its path): the VCD
    body is priced there, the header here."""
    src = os.path.join(ROOT, "tb", "netlist", "vcd_price.cpp")
    exe = os.path.join(out_dir, "vcd_price")
    os.makedirs(out_dir, exist_ok=True)
    tmp = exe + ".tmp"
    proc = subprocess.run(["c++", "-std=c++17", "-O2", "-o", tmp, src], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"vcd_price did not compile: {proc.stderr.strip()[:300]}")
    os.replace(tmp, exe)
    return exe


def per_cycle(vcd_path, scope, pricer, period, tool, cycles_hint=0):
    """Energy per cycle (pJ), split by stage, from the nets of SCOPE (a
    dotted VCD scope path, e.g. TOP.netlist_pair.i_netlist); TOOL is
    compile_tool()'s program, which sums the toggles of the VCD's body."""
    want = scope.split(".")
    path = []
    ids = {}  # id code -> [(bit offset in the value string, net key)]
    widths = {}
    rise = pricer.rise
    with open(vcd_path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "$scope":
                path.append(w[2])
            elif w[0] == "$upscope":
                path.pop()
            elif w[0] == "$var" and path == want:
                code, name = w[3], w[4]
                rng = w[5] if len(w) > 6 and w[5].startswith("[") else None
                width = int(w[2])
                bits = []
                if rng:
                    m = re.match(r"\[(\d+)(?::(\d+))?\]", rng)
                    msb = int(m.group(1))
                    lsb = int(m.group(2)) if m.group(2) is not None else msb
                    step = -1 if msb >= lsb else 1
                    for pos in range(width):
                        bits.append((pos, (name, msb + step * pos)))
                else:
                    bits.append((0, (name, None)))
                known = [(pos, k) for pos, k in bits if k in rise or (k[1] == 0 and (k[0], None) in rise)]
                known = [(pos, k if k in rise else (k[0], None)) for pos, k in known]
                if known:
                    ids.setdefault(code, []).extend(known)
                    widths[code] = width
            elif w[0] == "$enddefinitions":
                break
    stage_index = {}
    prices, result = vcd_path + ".prices", vcd_path + ".priced"
    with open(prices, "w") as out:
        lines = [f"{period} {len(STAGES)}"]
        for code, nets in ids.items():
            row = [code, str(widths[code]), str(len(nets))]
            for pos, key in nets:
                st = stage_index.get(key[0])
                if st is None:
                    st = stage_index[key[0]] = STAGES.index(stage_of(key[0]))
                row += [str(pos), repr(pricer.rise[key]), repr(pricer.fall[key]), str(st)]
            lines.append(" ".join(row))
        out.write("\n".join(lines) + "\n")
    proc = subprocess.run([tool, prices, vcd_path, result], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"vcd_price failed on {vcd_path}: {proc.stderr.strip()}")
    total, by_stage, toggles = {}, {}, {}
    with open(result) as f:
        for line in f:
            w = line.split()
            k = int(w[0])
            toggles[k], total[k] = int(w[1]), float(w[2])
            by_stage[k] = {STAGES[int(s)]: float(e) for s, e in (x.split(":") for x in w[3:])}
    os.remove(prices)
    os.remove(result)
    n = max(list(total) + [cycles_hint - 1, -1]) + 1
    return ([total.get(k, 0.0) for k in range(n)], [by_stage.get(k, {}) for k in range(n)],
            [toggles.get(k, 0) for k in range(n)])

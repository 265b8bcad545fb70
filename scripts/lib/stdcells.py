"""Standard-cell libraries that scripts/synth and scripts/energy map the
router to, one entry each, and what both need from them: the Yosys
mapping script, the stated wire-load model, the mapped netlist's reader,
and OpenSTA's report.

Contract: LIBRARIES names every library; check_installed(name) returns
None or a one-line message naming scripts/setup; parse_netlist reads the
flat netlist Yosys writes (write_verilog -noattr) into instances and
nets; sta() returns the critical path of a flat netlist or raises
ToolError with the log's path."""
import collections
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


class ToolError(Exception):
    pass


Library = collections.namedtuple("Library", "name package liberty lef cell_models wire_layer title latch_map")

LIBRARIES = {
    "osu018": Library(
        name="osu018", package="qflow-tech-osu018",
        liberty="/usr/share/qflow/tech/osu018/osu018_stdcells.lib",
        lef="/usr/share/qflow/tech/osu018/osu018_stdcells.lef",
        cell_models="/usr/share/qflow/tech/osu018/osu018_stdcells.v",
        wire_layer="metal2",
        title="OSU 0.18 um standard cells (Oklahoma State University, Debian qflow-tech-osu018), typical corner, 1.8 V",
        # Yosys's dfflibmap maps no latch: the clock gates' latches (enable
        # low: transparent while the clock is low) become the library's LATCH
        # (transparent while CLK is high) behind an inverter.
        latch_map="""module \\$_DLATCH_N_ (input E, input D, output Q);
  wire e_n;
  INVX1 i_inv (.A(E), .Y(e_n));
  LATCH i_latch (.CLK(e_n), .D(D), .Q(Q));
endmodule
module \\$_DLATCH_P_ (input E, input D, output Q);
  LATCH i_latch (.CLK(E), .D(D), .Q(Q));
endmodule
"""),
}

# The wire-load model (the library has none): every net is a metal2 wire
# of WIRE_UM_PER_PIN um for each pin it connects beyond its driver (one
# standard-cell row height, 10 um in OSU018, per sink), at the LEF's
# minimum-width capacitance per um (area x width + two edges).
WIRE_UM_PER_PIN = 10.0
WIRE_MODEL = ("fanout wire load: each net is {um:g} um of minimum-width {layer} per sink pin "
              "({cap:.4f} fF/um from the LEF: area capacitance x width + 2 x edge capacitance)")

# Inputs are driven as if by a flip-flop of the neighbour (its Q pin);
# outputs see one flip-flop's D pin and a 1 mm link is not included.
INPUT_DRIVER = ("DFFPOSX1", "Q")
OUTPUT_LOAD_CELL = ("DFFPOSX1", "D")
SETUP_PACKAGES = "run scripts/setup (as root) to install it"


def check_installed(lib):
    for path in (lib.liberty, lib.lef, lib.cell_models):
        if not os.path.exists(path):
            return f"{path} is missing (Debian package {lib.package}): {SETUP_PACKAGES}"
    return None


# The one module allowed to hold a latch: the clock gate's enable latch.
CLOCK_GATE = "wormsim_clock_gate"


def yosys_script(lib_file, sources, chparams, noshare=False):
    """Map to the library's cells keeping the hierarchy (per-module areas),
    skipping SAT resource sharing when noshare is set, then write a flat netlist (netlist_mapped.v) that buffer_fanout turns
    into the netlist for timing and simulation (netlist.v)."""
    return f"""read_liberty -lib {lib_file}
read_verilog -sv -I. {' '.join(sources)}
hierarchy -check -top wormsim_router {chparams}
synth -top wormsim_router{" -noshare" if noshare else ""}
dfflibmap -liberty {lib_file}
techmap -map latch_map.v
abc -liberty {lib_file}
opt_clean
check -assert
tee -q -o stat_hier.json stat -json -liberty {lib_file}
write_verilog -noattr netlist_hier.v
rename -enumerate -pattern n% w:*
flatten
opt_clean -purge
insbuf -buf BUFX2 A Y
check -assert
tee -q -o stat.json stat -json -liberty {lib_file}
stat -liberty {lib_file}
write_verilog -noattr netlist_mapped.v
"""


# Stages of the router, by the RTL module a hierarchy node instantiates.
STAGES = [("input units", ("wormsim_input_unit", "wormsim_fifo")),
          ("route unit", ("wormsim_route_compute", "wormsim_route_dor", "wormsim_route_3pt")),
          ("routing table", ("wormsim_route_table",)),
          ("VC allocator", ("wormsim_vc_alloc",)),
          ("switch allocator", ("wormsim_switch_alloc",)),
          ("crossbar", ("wormsim_crossbar",)),
          ("credit counters", ("wormsim_credit_counter",)),
          ("router top", ("wormsim_router",)),
          ("fanout buffers", ())]


def _rtl_module(yosys_name):
    return yosys_name.lstrip("\\").split("\\")[1] if "\\" in yosys_name.lstrip("\\") else yosys_name.lstrip("\\")


def stray_latches(stat_hier, libcells):
    """Latch cells outside the clock gate module: {module: count}."""
    out = {}
    for m, st in stat_hier["modules"].items():
        if _rtl_module(m) == CLOCK_GATE:
            continue
        n = sum(k for c, k in st["num_cells_by_type"].items()
                if c in libcells.cells and libcells.cells[c].sequential == "latch")
        if n:
            out[_rtl_module(m)] = n
    return out


def stage_areas(stat_hier):
    """{stage: um^2} from Yosys's stat -json of the hierarchical netlist:
    a module's area counts its own cells and, recursively, every
    submodule it instantiates, unless the submodule is a stage itself."""
    mods = stat_hier["modules"]
    stage_of = {}
    for stage, rtl in STAGES:
        for m in mods:
            if _rtl_module(m) in rtl:
                stage_of[m] = stage
    totals = collections.Counter()

    def walk(m, count, stage):
        own = mods[m]
        totals[stage] += own["area"] * count
        for sub, n in own["num_cells_by_type"].items():
            if sub in mods:
                walk(sub, count * n, stage_of.get(sub, stage))
    top = [m for m in mods if _rtl_module(m) == "wormsim_router"]
    if len(top) != 1:
        raise ToolError("no wormsim_router module in the hierarchical statistics")
    walk(top[0], 1, stage_of[top[0]])
    return dict(totals)


_INST = re.compile(r"^\s+([A-Za-z_][A-Za-z0-9_]*)\s+(\\\S+|[A-Za-z_][A-Za-z0-9_$]*)\s*\($")
_PIN = re.compile(r"^\s+\.([A-Za-z_][A-Za-z0-9_]*)\((.*)\),?$")
_DECL = re.compile(r"^\s+(wire|input|output)\s+(?:\[(\d+):(\d+)\]\s+)?(\\\S+|[A-Za-z_][A-Za-z0-9_$]*)\s*;$")


def net_key(expr):
    """'name', 'name[3]', '\\esc.name [3]' -> (name, bit or None); a constant -> None."""
    e = expr.strip()
    if re.match(r"^\d+'[bhd]", e):
        return None
    m = re.match(r"^(\\\S+|[A-Za-z_][A-Za-z0-9_$]*)\s*(?:\[(\d+)\])?$", e)
    if not m:
        raise ToolError(f"netlist: cannot read the connection '{expr}'")
    return (m.group(1).lstrip("\\"), int(m.group(2)) if m.group(2) is not None else None)


class Netlist:
    """A flat mapped netlist: instances [(cell, name, {pin: net key})],
    declared vectors {name: (msb, lsb)}, and its ports."""

    def __init__(self, path):
        self.instances, self.vectors, self.inputs, self.outputs = [], {}, set(), set()
        cur = None
        with open(path) as f:
            for line in f:
                if cur is not None:
                    m = _PIN.match(line)
                    if m:
                        cur[2][m.group(1)] = net_key(m.group(2))
                        continue
                    if line.strip() == ");":
                        self.instances.append(cur)
                        cur = None
                        continue
                    raise ToolError(f"{path}: unexpected line in instance {cur[1]}: {line.strip()}")
                m = _DECL.match(line)
                if m:
                    name = m.group(4).lstrip("\\")
                    if m.group(2) is not None:
                        self.vectors[name] = (int(m.group(2)), int(m.group(3)))
                    if m.group(1) == "input":
                        self.inputs.add(name)
                    elif m.group(1) == "output":
                        self.outputs.add(name)
                    continue
                m = _INST.match(line)
                if m and m.group(1) not in ("module", "assign"):
                    cur = (m.group(1), m.group(2).lstrip("\\"), {})
        if not self.instances:
            raise ToolError(f"{path}: no cell instances")


def connectivity(netlist, lib):
    """{net: (driver (cell, name, pin) or None, [(cell, pin) loads])}"""
    nets = collections.defaultdict(lambda: [None, []])
    for cell, name, pins in netlist.instances:
        c = lib.cells.get(cell)
        if c is None:
            raise ToolError(f"netlist: cell {cell} is not in the library")
        for pin, net in pins.items():
            if net is None:
                continue
            p = c.pins.get(pin)
            if p is None:
                raise ToolError(f"netlist: cell {cell} has no pin {pin}")
            if p.direction == "output":
                nets[net][0] = (cell, name, pin)
            else:
                nets[net][1].append((cell, pin))
    return nets


def wire_cap(sinks, cap_per_um):
    return WIRE_UM_PER_PIN * sinks * cap_per_um


def sta(lib, lef_cap_per_um, libcells, workdir, netlist_path, period_ns=10.0):
    """OpenSTA on the flat netlist: the shortest clock period at which every
    check holds (bisection to 2 ps, starting at PERIOD_NS) and the worst
    path at that period. Returns
    {period_ns, fmax_mhz, start, end, levels, slew_max_ns, recovery_slack_ns}."""
    nl = Netlist(netlist_path)
    per_sink = wire_cap(1, lef_cap_per_um)
    out_load = libcells.cells[OUTPUT_LOAD_CELL[0]].pins[OUTPUT_LOAD_CELL[1]].cap
    tcl = [f"read_liberty {lib.liberty}", f"read_verilog {netlist_path}", "link_design wormsim_router",
           f"create_clock -name clk -period {period_ns} [get_ports clk_i]",
           "set ins [delete_from_list [all_inputs] [get_ports clk_i]]",
           "set_input_delay 0 -clock clk $ins", "set_output_delay 0 -clock clk [all_outputs]",
           f"set_driving_cell -lib_cell {INPUT_DRIVER[0]} -pin {INPUT_DRIVER[1]} $ins",
           f"set_load {out_load} [all_outputs]",
           "# the wire-load model: every net's wire capacitance from its sink count",
           "foreach n [get_nets *] {", "  set sinks 0",
           "  foreach p [get_pins -of_objects $n] { if {[get_property $p direction] == \"input\"} { incr sinks } }",
           f"  if {{$sinks > 0}} {{ set_load [expr {{$sinks * {per_sink:.8g}}}] $n }}", "}"]
    # fmax: the shortest period at which no check fails (setup, recovery,
    # clock gating; a clock gate's latch may borrow time), by bisection
    tcl += ["proc at_period {p} {", "  global ins", "  create_clock -name clk -period $p [get_ports clk_i]",
            "  set_input_delay 0 -clock clk $ins", "  set_output_delay 0 -clock clk [all_outputs]",
            "  return [expr {[sta::worst_slack -max] >= -0.0005}]", "}",
            f"set lo 0.0", f"set hi {period_ns}",
            "while {![at_period $hi]} { set lo $hi; set hi [expr {$hi * 2.0}] }",
            "while {$hi - $lo > 0.002} {", "  set mid [expr {($lo + $hi) / 2.0}]",
            "  if {[at_period $mid]} { set hi $mid } else { set lo $mid }", "}",
            "at_period $hi", "puts \"fmax period: $hi\"",
            "report_checks -path_delay max -group_count 1 -format full -digits 3 -fields {fanout cap slew}",
            "report_checks -path_delay max -path_group **async_default** -format full -digits 3", "exit"]
    script = os.path.join(workdir, "sta.tcl")
    with open(script, "w") as f:
        f.write("\n".join(tcl) + "\n")
    log = os.path.join(workdir, "sta.log")
    with open(log, "w") as f:
        proc = subprocess.run(["sta", "-no_splash", "-exit", script], stdout=f, stderr=subprocess.STDOUT, text=True)
    text = open(log).read()
    if proc.returncode != 0 or "Error" in text:
        raise ToolError(f"OpenSTA failed (exit {proc.returncode}); log: {log}")
    r = parse_sta(text, period_ns, log)
    outputs = {name: pins for cell, name, pins in nl.instances}
    for end in ("start", "end"):
        inst = r[end].split()[0]
        pins = outputs.get(inst)
        if pins:  # a flip-flop or latch: name it by what it holds
            q = pins.get("Q")
            if q:
                r[end] = f"register {q[0]}" + (f"[{q[1]}]" if q[1] is not None else "")
    return r


def parse_sta(text, period_ns, log="sta.log"):
    reports = [r for r in re.split(r"(?=^Startpoint:)", text, flags=re.M) if r.startswith("Startpoint:")]
    worst = None
    recovery = None
    for r in reports:
        slack = re.search(r"^\s*(-?[\d.]+)\s+slack", r, re.M)
        if not slack:
            continue
        s = float(slack.group(1))
        if "recovery check" in r or "removal check" in r:
            recovery = s if recovery is None else min(recovery, s)
            continue
        if worst is None or s < worst[0]:
            worst = (s, r)
    if worst is None:
        raise ToolError(f"OpenSTA reported no path; log: {log}")
    s, r = worst
    found = re.search(r"^fmax period: ([\d.]+)$", text, re.M)
    if not found:
        raise ToolError(f"OpenSTA found no period; log: {log}")
    period_ns, s = float(found.group(1)), 0.0
    start = re.search(r"^Startpoint: (\S+)(.*)$", r, re.M)
    end = re.search(r"^Endpoint: (\S+)(.*)$", r, re.M)
    arrival_lines = r.split("data arrival time")[0]
    levels = len(re.findall(r"/Y \(|/YS \(|/YC \(", arrival_lines))
    slews = [float(m.group(1)) for m in re.finditer(r"^\s+[\d.]+\s+([\d.]+)\s+[\d.]+\s+[\d.]+ [v^] ", arrival_lines, re.M)]
    period = period_ns - s
    return {"period_ns": round(period, 3), "fmax_mhz": round(1000.0 / period, 1),
            "start": start.group(1) + start.group(2), "end": end.group(1) + end.group(2),
            "levels": levels, "slew_max_ns": max(slews) if slews else 0.0,
            "recovery_slack_ns": recovery}


# Fanout repair on the flat netlist (ABC maps each module alone and adds no
# buffers across module boundaries): a net with more than MAX_FANOUT sinks is
# split into groups of at most MAX_FANOUT, each driven by a BUFFER cell from
# the original net, recursively, so no net drives more than MAX_FANOUT pins.
# The clock net is left ideal (no clock tree is built).
MAX_FANOUT = 10
BUFFER = ("BUFX4", "A", "Y")


def buffer_fanout(src, dst, max_fanout=MAX_FANOUT, keep=("clk_i",)):
    """Rewrite the flat netlist SRC into DST with buffer trees; returns the
    number of buffers inserted."""
    lines = open(src).read().split("\n")
    first = next(i for i, l in enumerate(lines) if _INST.match(l) and _INST.match(l).group(1) not in ("module", "assign"))
    prelude, insts, tail = lines[:first], [], []
    cur = None
    for line in lines[first:]:
        if cur is not None:
            pm = _PIN.match(line)
            if pm:
                net = pm.group(2).strip()
                # an escaped name ends at a space (unless a bit select follows it)
                if net.startswith("\\") and not re.search(r"\s\[\d+\]$", net):
                    net += " "
                cur[2].append([pm.group(1), net])
            elif line.strip() == ");":
                insts.append(cur)
                cur = None
            else:
                raise ToolError(f"{src}: unexpected line in instance {cur[1]}: {line.strip()}")
            continue
        m = _INST.match(line)
        if m and m.group(1) not in ("module", "assign"):
            cur = (m.group(1), m.group(2), [])
        elif line.strip():
            tail.append(line)
    sinks = collections.defaultdict(list)
    for ii, (_cell, _name, pins) in enumerate(insts):
        for k, (pin, net) in enumerate(pins):
            if pin not in ("Y", "Q", "YC", "YS") and not re.match(r"^\d+'[bhd]", net):
                sinks[net].append((ii, k))
    wires, count = [], 0
    for net in sorted(sinks):
        refs = sinks[net]
        key = net_key(net)
        if key is None or key[0] in keep or len(refs) <= max_fanout:
            continue
        base = key[0] + (f"[{key[1]}]" if key[1] is not None else "")
        level = 0
        while len(refs) > max_fanout:
            new_refs = []
            for g in range(0, len(refs), max_fanout):
                wire = f"\\{base}_fo{level}_{g // max_fanout} "
                wires.append(f"  wire {wire};")
                for ii, k in refs[g:g + max_fanout]:
                    insts[ii][2][k][1] = wire
                insts.append((BUFFER[0], f"\\{base}_fobuf{level}_{g // max_fanout} ",
                              [[BUFFER[1], net], [BUFFER[2], wire]]))
                new_refs.append((len(insts) - 1, 0))
                count += 1
            refs = new_refs
            level += 1
    out = prelude + wires
    for cell, name, pins in insts:
        out.append(f"  {cell} {name} (")
        out += [f"    .{pin}({net})" + ("," if k + 1 < len(pins) else "") for k, (pin, net) in enumerate(pins)]
        out.append("  );")
    out += tail
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")
    return count

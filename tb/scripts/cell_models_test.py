#!/usr/bin/python3
"""The cell models scripts/lib/cellgen.py writes from a library's functions
against the library's own Verilog models (iverilog, user primitives and
all): every combinational cell on every input combination, every
flip-flop on a random sequence of input changes (seeded; the seed is
printed), Q compared after every change once the library's model holds
a known value. A planted fault (one model's function inverted) must be
caught, or the comparison could not fail.
Usage: cell_models_test.py LIB WORKDIR [SEED]"""
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import cellgen  # noqa: E402
import liberty  # noqa: E402
import stdcells  # noqa: E402


def evaluate(function, env):
    """A Liberty function's value for 0/1 inputs ENV."""
    expr = cellgen.to_verilog(function).replace("(~", "(1-").replace("1'b1", "1").replace("1'b0", "0")
    return eval(expr, {"__builtins__": {}}, dict(env)) & 1


def bench(lib, cells, rng):
    lines = ["`timescale 1ns/1ps", "module cell_tb;", "  integer bad = 0, checks = 0;"]
    body = []
    for name in cells:
        c = lib.cells[name]
        ins = [p.name for p in c.inputs()]
        outs = [p.name for p in c.outputs()]
        pre = f"c_{name}"
        lines.append(f"  reg [{len(ins) - 1}:0] {pre}_i;")
        for o in outs:
            lines.append(f"  wire {pre}_{o}_lib, {pre}_{o}_gen;")
        conn = ", ".join(f".{p}({pre}_i[{k}])" for k, p in enumerate(ins))
        lines.append(f"  {name} {pre}_lib ({conn}, " + ", ".join(f".{o}({pre}_{o}_lib)" for o in outs) + ");")
        lines.append(f"  {name}_gen {pre}_gen ({conn}, " + ", ".join(f".{o}({pre}_{o}_gen)" for o in outs) + ");")
        compare = " ".join(
            f"checks = checks + 1; if ({pre}_{o}_lib !== 1'bx && {pre}_{o}_lib !== {pre}_{o}_gen) begin "
            f"bad = bad + 1; $display(\"{name}.{o}: inputs %b: library %b, model %b\", {pre}_i, {pre}_{o}_lib, "
            f"{pre}_{o}_gen); end" for o in outs)
        if c.sequential:
            # start every input at 1 (clear and preset inactive in this library), then random single-bit changes
            # that never assert clear and preset together (the models' stated precondition)
            attrs = c.state[1]
            both = [attrs[k] for k in ("clear", "preset") if attrs.get(k)]
            state = [1] * len(ins)
            body.append(f"    {pre}_i = {{{len(ins)}{{1'b1}}}}; #1;")
            for _ in range(400):
                k = rng.randrange(len(ins))
                state[k] ^= 1
                env = dict(zip(ins, state))
                if len(both) == 2 and all(evaluate(e, env) for e in both):
                    state[k] ^= 1
                    continue
                body.append(f"    {pre}_i[{k}] = ~{pre}_i[{k}]; #1; {compare}")
        else:
            for v in range(1 << len(ins)):
                body.append(f"    {pre}_i = {len(ins)}'d{v}; #1; {compare}")
    lines.append("  initial begin")
    lines += body
    lines.append('    $display("cell models: %0d checks, %0d differences", checks, bad);')
    lines.append("    $finish;")
    lines.append("  end")
    lines.append("endmodule")
    return "\n".join(lines) + "\n"


def run(lib_name, work, seed, fault=None):
    lib = liberty.load(stdcells.LIBRARIES[lib_name].liberty)
    cells = sorted(c.name for c in lib.cells.values() if not any(p.three_state for p in c.outputs()))
    models = cellgen.models(lib, cells)
    for name in cells:
        models = models.replace(f"module {name} (", f"module {name}_gen (", 1)
    if fault:
        models = models.replace(f"module {fault}_gen (", f"module {fault}_gen (", 1)
        head, tail = models.split(f"module {fault}_gen (", 1)
        mod, rest = tail.split("endmodule", 1)
        mod = mod.replace("assign Y = ", "assign Y = ~", 1)
        models = head + f"module {fault}_gen (" + mod + "endmodule" + rest
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "models.v"), "w") as f:
        f.write(models)
    with open(os.path.join(work, "cell_tb.v"), "w") as f:
        f.write(bench(lib, cells, random.Random(seed)))
    sim = os.path.join(work, "cell_tb.vvp")
    subprocess.run(["iverilog", "-g2005", "-o", sim, os.path.join(work, "cell_tb.v"), os.path.join(work, "models.v"),
                    stdcells.LIBRARIES[lib_name].cell_models], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    out = subprocess.run(["vvp", "-n", sim], check=True, stdout=subprocess.PIPE, text=True).stdout
    summary = [l for l in out.splitlines() if l.startswith("cell models:")]
    if not summary:
        sys.exit(f"cell_models_test: no summary from the simulation:\n{out}")
    checks, bad = (int(w) for w in summary[0].replace(",", "").split() if w.isdigit())
    return len(cells), checks, bad, out


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in stdcells.LIBRARIES:
        print(f"usage: cell_models_test.py {'|'.join(stdcells.LIBRARIES)} WORKDIR [SEED]", file=sys.stderr)
        return 2
    seed = int(sys.argv[3]) if len(sys.argv) == 4 else 1
    print(f"cell_models_test: seed {seed}")
    n, checks, bad, out = run(sys.argv[1], sys.argv[2], seed)
    print(f"cell_models_test: {n} cells, {checks} checks, {bad} differences")
    if bad or checks < 100:
        print(out)
        return 1
    _, _, planted, _ = run(sys.argv[1], os.path.join(sys.argv[2], "fault"), seed, fault="NAND2X1")
    if not planted:
        print("cell_models_test: an inverted NAND2X1 model passed: the comparison cannot fail")
        return 1
    print(f"cell_models_test: the planted fault was caught ({planted} differences): pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())

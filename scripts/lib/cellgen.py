"""Verilog models of a Liberty library's cells, written from the
library's own functions (pin `function`, `ff` groups), for simulators
that cannot read the vendor's models (Verilator has no user primitives).

Contract: models(lib, cells) returns Verilog text with one module per
named cell: combinational outputs as continuous assignments of the
function, flip-flops as an always block on the clocked_on edge with
asynchronous clear and preset, which must not be asserted together (the
router's netlists tie preset off; the library's own model then lets the
one released last decide, which an edge-triggered model cannot), and
latches as a level-sensitive always block (the clock gates' enable
latch). A cell with a
three-state output is refused with CellError: the router's netlists
have none. tb/scripts/cell_models_test.sh proves every
model equal to the library's own Verilog model."""


class CellError(Exception):
    pass


def to_verilog(expr, names=None):
    """A Liberty boolean function (! ' ^ & * + | juxtaposition, 0, 1) as a
    fully parenthesised Verilog expression."""
    toks = []
    i = 0
    while i < len(expr):
        ch = expr[i]
        if ch.isspace():
            i += 1
            continue
        if ch.isalnum() or ch == "_":
            j = i
            while j < len(expr) and (expr[j].isalnum() or expr[j] in "_[]"):
                j += 1
            toks.append(expr[i:j])
            i = j
            continue
        if ch in "!'^&*+|()":
            toks.append(ch)
            i += 1
            continue
        raise CellError(f"function '{expr}': unexpected '{ch}'")
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def primary():
        t = peek()
        if t == "!":
            take()
            return f"(~{primary()})"
        if t == "(":
            take()
            e = orexp()
            if take() != ")":
                raise CellError(f"function '{expr}': expected ')'")
            v = e
        elif t is None or t in "'^&*+|)":
            raise CellError(f"function '{expr}': expected an operand")
        else:
            take()
            v = "1'b1" if t == "1" else "1'b0" if t == "0" else (names.get(t, t) if names else t)
        while peek() == "'":
            take()
            v = f"(~{v})"
        return v

    def xorexp():
        v = primary()
        while peek() == "^":
            take()
            v = f"({v} ^ {primary()})"
        return v

    def andexp():
        v = xorexp()
        while peek() in ("&", "*") or (peek() is not None and peek() not in "'^+|)"):
            if peek() in ("&", "*"):
                take()
            v = f"({v} & {xorexp()})"
        return v

    def orexp():
        v = andexp()
        while peek() in ("+", "|"):
            take()
            v = f"({v} | {andexp()})"
        return v

    out = orexp()
    if pos != len(toks):
        raise CellError(f"function '{expr}': unexpected '{toks[pos]}'")
    return out


def model(cell):
    ins = [p.name for p in cell.inputs()]
    outs = [p.name for p in cell.outputs()]
    if any(p.three_state for p in cell.outputs()):
        raise CellError(f"{cell.name}: a three-state output has no model here")
    lines = [f"module {cell.name} ({', '.join(ins + outs)});"]
    lines += [f"  input {n};" for n in ins] + [f"  output {n};" for n in outs]
    names = {}
    if cell.state:
        (iq, *rest), attrs = cell.state
        iqn = rest[0] if rest else None
        lines.append(f"  reg {iq} = 1'b0;")
        if iqn:
            lines.append(f"  wire {iqn} = ~{iq};")
        if cell.sequential == "latch":
            lines.append(f"  always @* if ({to_verilog(attrs['enable'])}) {iq} = {to_verilog(attrs['data_in'])};")
            for p in cell.outputs():
                lines.append(f"  assign {p.name} = {to_verilog(p.function, names)};")
            lines.append("endmodule")
            return "\n".join(lines) + "\n"
        clk = to_verilog(attrs["clocked_on"])
        lines.append(f"  wire clk_w = {clk};")
        edges = ["posedge clk_w"]
        body = []
        if attrs.get("clear"):
            lines.append(f"  wire clr_w = {to_verilog(attrs['clear'])};")
            edges.append("posedge clr_w")
            body.append(f"if (clr_w) {iq} <= 1'b0;")
        if attrs.get("preset"):
            lines.append(f"  wire pre_w = {to_verilog(attrs['preset'])};")
            edges.append("posedge pre_w")
            body.append(f"{'else ' if body else ''}if (pre_w) {iq} <= 1'b1;")
        body.append(f"{'else ' if body else ''}{iq} <= {to_verilog(attrs['next_state'])};")
        lines.append(f"  always @({' or '.join(edges)}) {' '.join(body)}")
    for p in cell.outputs():
        if not p.function:
            raise CellError(f"{cell.name}: output {p.name} has no function")
        lines.append(f"  assign {p.name} = {to_verilog(p.function, names)};")
    lines.append("endmodule")
    return "\n".join(lines) + "\n"


def models(lib, cells):
    return "".join(model(lib.cells[c]) for c in sorted(cells))


def main(argv):
    """cellgen.py LIB [NETLIST]: the models of LIB's cells (every cell, or
    those NETLIST instantiates) on standard output."""
    import os
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import liberty
    import stdcells
    if len(argv) not in (2, 3) or argv[1] not in stdcells.LIBRARIES:
        print(f"usage: cellgen.py {'|'.join(stdcells.LIBRARIES)} [NETLIST]", file=sys.stderr)
        return 2
    lib = liberty.load(stdcells.LIBRARIES[argv[1]].liberty)
    if len(argv) == 3:
        cells = {c for c, _, _ in stdcells.Netlist(argv[2]).instances}
    else:
        cells = {c.name for c in lib.cells.values() if not any(p.three_state for p in c.outputs())}
    try:
        sys.stdout.write(models(lib, cells))
    except CellError as e:
        print(f"cellgen: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv))

"""A reader for the parts of a Liberty (.lib) file that scripts/synth and
scripts/energy use: per cell its area, leakage, pins (direction, input
capacitance, function) and internal-energy tables, and the library's
nominal voltage. Also reads a LEF's routing-layer capacitance.

Contract: load(path) returns a Library or raises LibertyError naming the
file and line. Energies are in the library's capacitive unit x voltage
unit squared (pF x V^2 = pJ for OSU018); tables are interpolated
bilinearly and clamped at their edges."""
import bisect
import re


class LibertyError(Exception):
    pass


class Group:
    __slots__ = ("kind", "args", "attrs", "groups")

    def __init__(self, kind, args):
        self.kind, self.args, self.attrs, self.groups = kind, args, {}, []

    def find(self, kind):
        return [g for g in self.groups if g.kind == kind]


_TOKEN = re.compile(r'\s+|/\*.*?\*/|//[^\n]*|\\\n|"(?:[^"\\]|\\.)*"|[(){}:;,]|[^\s(){}:;,"]+', re.S)


def _tokens(text, path):
    pos, line = 0, 1
    for m in _TOKEN.finditer(text):
        if m.start() != pos:
            raise LibertyError(f"{path}:{line}: unreadable text")
        tok = m.group(0)
        pos = m.end()
        if tok[0].isspace() or tok.startswith(("/*", "//", "\\\n")):
            line += tok.count("\n")
            continue
        yield tok, line
        line += tok.count("\n")
    if pos != len(text):
        raise LibertyError(f"{path}:{line}: unreadable text")


def _unquote(t):
    return t[1:-1] if t.startswith('"') else t


def parse(text, path="<liberty>"):
    """The file's top group (library(...) { ... })."""
    toks = list(_tokens(text, path))
    i = 0

    def expect(t):
        nonlocal i
        if i >= len(toks) or toks[i][0] != t:
            at = toks[i][1] if i < len(toks) else (toks[-1][1] if toks else 0)
            raise LibertyError(f"{path}:{at}: expected '{t}'")
        i += 1

    def body(group):
        nonlocal i
        while i < len(toks) and toks[i][0] != "}":
            name, line = toks[i]
            i += 1
            if i < len(toks) and toks[i][0] == ":":
                i += 1
                val = []
                while i < len(toks) and toks[i][0] != ";":
                    val.append(_unquote(toks[i][0]))
                    i += 1
                expect(";")
                group.attrs[name] = " ".join(val)
            elif i < len(toks) and toks[i][0] == "(":
                i += 1
                args = []
                while i < len(toks) and toks[i][0] != ")":
                    if toks[i][0] != ",":
                        args.append(_unquote(toks[i][0]))
                    i += 1
                expect(")")
                if i < len(toks) and toks[i][0] == "{":
                    i += 1
                    g = Group(name, args)
                    body(g)
                    expect("}")
                    group.groups.append(g)
                else:
                    if i < len(toks) and toks[i][0] == ";":
                        i += 1
                    group.attrs.setdefault(name, args)
            else:
                raise LibertyError(f"{path}:{line}: expected ':' or '(' after '{name}'")

    top = Group("<file>", [])
    body(top)
    if i != len(toks):
        raise LibertyError(f"{path}:{toks[i][1]}: unexpected '{toks[i][0]}'")
    libs = top.find("library")
    if len(libs) != 1:
        raise LibertyError(f"{path}: expected one library group")
    return libs[0]


def _floats(s):
    return [float(x) for x in re.split(r"[,\s]+", s.strip()) if x]


class Table:
    """An energy table: values over (index_1[, index_2]) as the template names them."""

    def __init__(self, group, templates):
        tmpl = templates.get(group.args[0] if group.args else "", {})
        self.vars = [tmpl.get("variable_1"), tmpl.get("variable_2")]
        self.vars = [v for v in self.vars if v]
        idx1 = group.attrs.get("index_1", tmpl.get("index_1"))
        idx2 = group.attrs.get("index_2", tmpl.get("index_2"))
        self.index = [_floats(" ".join(idx1))] if idx1 else []
        if idx2:
            self.index.append(_floats(" ".join(idx2)))
        vals = group.attrs.get("values", [])
        rows = [_floats(v) for v in (vals if isinstance(vals, list) else [vals])]
        self.values = rows

    @staticmethod
    def _locate(axis, x):
        if len(axis) == 1:
            return 0, 0, 0.0
        x = min(max(x, axis[0]), axis[-1])
        j = min(max(bisect.bisect_right(axis, x) - 1, 0), len(axis) - 2)
        return j, j + 1, (x - axis[j]) / (axis[j + 1] - axis[j])

    def at(self, **point):
        """Interpolated value; point names the template variables
        (total_output_net_capacitance, input_transition_time)."""
        if not self.index:
            return self.values[0][0]
        coords = [point.get(v, 0.0) for v in self.vars]
        if len(self.index) == 1:
            flat = [v for row in self.values for v in row]
            a, b, f = self._locate(self.index[0], coords[0])
            return flat[a] + f * (flat[b] - flat[a])
        a1, b1, f1 = self._locate(self.index[0], coords[0])
        a2, b2, f2 = self._locate(self.index[1], coords[1])
        r = self.values

        def lerp(row):
            return r[row][a2] + f2 * (r[row][b2] - r[row][a2])
        return lerp(a1) + f1 * (lerp(b1) - lerp(a1))


class Pin:
    def __init__(self, name):
        self.name, self.direction, self.cap, self.function = name, "", 0.0, ""
        self.is_clock = False
        self.three_state = ""
        self.transition = []  # (rise Table, fall Table) of each timing arc
        self.delay = []  # (related_pin, rise Table, fall Table) of each delay arc (cell_rise, cell_fall)
        self.constraint = []  # (related_pin, timing_type, rise Table, fall Table): setup_rising, hold_rising, ...
        self.power = []  # (related_pin or "", rise Table, fall Table)


class Cell:
    def __init__(self, name):
        self.name, self.area, self.leakage, self.pins = name, 0.0, 0.0, {}
        self.sequential = ""  # "ff" or "latch" or ""
        self.state = None  # (state variable names, {next_state, clocked_on, clear, preset, ...})

    def outputs(self):
        return [p for p in self.pins.values() if p.direction == "output"]

    def inputs(self):
        return [p for p in self.pins.values() if p.direction == "input"]


class Library:
    def __init__(self, name, voltage, cells, units):
        self.name, self.voltage, self.cells, self.units = name, voltage, cells, units


def load(path):
    try:
        text = open(path).read()
    except OSError as e:
        raise LibertyError(f"{path}: {e.strerror}")
    lib = parse(text, path)
    templates = {}
    for g in lib.groups:
        if g.kind in ("power_lut_template", "lu_table_template") and g.args:
            t = {k: v for k, v in g.attrs.items()}
            templates[g.args[0]] = t
    voltage = float(lib.attrs.get("nom_voltage", "0") or 0)
    cells = {}
    for cg in lib.find("cell"):
        c = Cell(cg.args[0])
        c.area = float(cg.attrs.get("area", "0"))
        c.leakage = float(cg.attrs.get("cell_leakage_power", "0"))
        c.sequential = "ff" if cg.find("ff") else ("latch" if cg.find("latch") else "")
        for g in cg.find("ff") + cg.find("latch"):
            c.state = (list(g.args), dict(g.attrs))
        for pg in cg.find("pin"):
            for pname in pg.args:
                p = Pin(pname)
                p.direction = pg.attrs.get("direction", "")
                p.cap = float(pg.attrs.get("capacitance", "0"))
                p.function = pg.attrs.get("function", "")
                p.is_clock = pg.attrs.get("clock", "") == "true"
                p.three_state = pg.attrs.get("three_state", "")
                for ip in pg.find("internal_power"):
                    rise = ip.find("rise_power")
                    fall = ip.find("fall_power")
                    p.power.append((ip.attrs.get("related_pin", ""),
                                    Table(rise[0], templates) if rise else None,
                                    Table(fall[0], templates) if fall else None))
                for tg in pg.find("timing"):
                    rt, ft = tg.find("rise_transition"), tg.find("fall_transition")
                    if rt and ft:
                        p.transition.append((Table(rt[0], templates), Table(ft[0], templates)))
                    related = tg.attrs.get("related_pin", "")
                    cr, cf = tg.find("cell_rise"), tg.find("cell_fall")
                    if cr and cf:
                        p.delay.append((related, Table(cr[0], templates), Table(cf[0], templates)))
                    kr, kf = tg.find("rise_constraint"), tg.find("fall_constraint")
                    if kr and kf:
                        p.constraint.append((related, tg.attrs.get("timing_type", ""),
                                             Table(kr[0], templates), Table(kf[0], templates)))
                c.pins[pname] = p
        cells[c.name] = c
    units = {k: lib.attrs.get(k, "") for k in ("time_unit", "voltage_unit", "leakage_power_unit")}
    units["capacitive_load_unit"] = lib.attrs.get("capacitive_load_unit", "")
    return Library(lib.args[0] if lib.args else "", voltage, cells, units)


def lef_layers(path):
    """{routing layer: (width um, ohm per square, pF per um^2, pF per um of edge)} from a LEF."""
    text = open(path).read()
    out = {}
    for m in re.finditer(r"LAYER\s+(\S+)(.*?)END\s+\1", text, re.S):
        blk = m.group(2)
        if not re.search(r"TYPE\s+ROUTING", blk):
            continue

        def num(key):
            mm = re.search(key + r"\s+([0-9.eE+-]+)", blk)
            return float(mm.group(1)) if mm else None
        vals = (num("WIDTH"), num("RESISTANCE\\s+RPERSQ"), num("CAPACITANCE\\s+CPERSQDIST"), num("EDGECAPACITANCE"))
        if None not in vals:
            out[m.group(1)] = vals
    return out


def lef_wire_cap_per_um(path, layer="metal2"):
    """pF per um of a minimum-width wire on LAYER: area capacitance x width
    plus the edge capacitance of both edges."""
    text = open(path).read()
    m = re.search(r"LAYER\s+%s\b(.*?)END\s+%s" % (layer, layer), text, re.S)
    if not m:
        raise LibertyError(f"{path}: no routing layer {layer}")
    blk = m.group(1)

    def num(key):
        mm = re.search(key + r"\s+([0-9.eE+-]+)", blk)
        if not mm:
            raise LibertyError(f"{path}: layer {layer} has no {key.split()[-1]}")
        return float(mm.group(1))
    width = num("WIDTH")
    return num("CAPACITANCE\\s+CPERSQDIST") * width + 2 * num("EDGECAPACITANCE"), width

"""The RTL configuration list (rtl/configs.txt), read by scripts/lint-rtl,
scripts/synth and tb/CMakeLists.txt (which parses the same file itself)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIGS = os.path.join(ROOT, "rtl", "configs.txt")

# wormsim_router's parameter defaults (rtl/wormsim_router.sv)
DEFAULTS = {"NumNetPorts": 4, "NumLocal": 1, "NumVcs": 2, "BufDepth": 8, "FlitW": 64, "NodeIdW": 16,
            "NumNodes": 16, "RouteAlgo": 0, "DimX": 4, "DimY": 4, "DimZ": 4, "Consumption": 1}


def load(path=CONFIGS):
    """[(name, set of uses, {param: int})] in file order."""
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            if len(words) < 2:
                sys.exit(f"{path}:{n}: expected: name uses parameters...")
            params = {}
            for w in words[2:]:
                k, _, v = w.partition("=")
                if k not in DEFAULTS or not v.isdigit():
                    sys.exit(f"{path}:{n}: {w}: expected PARAM=NUMBER with PARAM one of {', '.join(DEFAULTS)}")
                params[k] = int(v)
            out.append((words[0], set(words[1].split(",")), params))
    return out


def full(params):
    p = dict(DEFAULTS)
    p.update(params)
    return p


if __name__ == "__main__":
    # scripts/lib/rtl_configs.py USE        -> "name -GP=V ..." per configuration marked USE
    # scripts/lib/rtl_configs.py --full NAME -> "P=V" per parameter (defaults filled in)
    if len(sys.argv) == 3 and sys.argv[1] == "--full":
        found = [p for n, _, p in load() if n == sys.argv[2]]
        if not found:
            sys.exit(f"rtl_configs: no configuration {sys.argv[2]} in rtl/configs.txt")
        print(" ".join(f"{k}={v}" for k, v in full(found[0]).items()))
        sys.exit(0)
    use = sys.argv[1] if len(sys.argv) > 1 else None
    for name, uses, params in load():
        if use is None or use in uses:
            print(name, " ".join(f"-G{k}={v}" for k, v in params.items()))

#!/usr/bin/env python3
"""wormsim and a BookSim 2 binary side by side on the same networks.

Called by `scripts/bench --booksim BINARY [--repeat N] [--instructions]
[--only NAME]`; runs wormsim from $WORMSIM if set, else the release
build. Both simulators run
the same network with wormsim's per-hop pipeline (the BookSim settings of the
agreement table in docs/measured.md), DOR, 2 VCs, 8-flit buffers, 4-flit
packets, uniform traffic, the same warm-up and measured cycles (BookSim's
convergence test disabled, so it runs them all and then drains). Runs are
interleaved (BookSim, wormsim, BookSim, ...) so that the machine's drift hits
both alike; each figure is the median of the repeats, and the ratio is also
given best against best (each simulator's fastest run: a busy machine only
ever slows a run down, so the fastest is the least disturbed).

Speed is node-cycles per wall second of the cycle loop: BookSim's "Total run
time" starts after its network is built, wormsim's speed line after its
set-up; both count the drain cycles they simulate.

With --instructions: instructions per node-cycle instead,
counted by callgrind (repeatable whatever else the machine runs): each
simulator runs the configuration with 2,000 and with 4,000 measured cycles
after 1,000 of warm-up, and the difference of the two counts is divided by
nodes x the difference of the simulated cycles, so set-up, drain and
teardown cancel.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

# name, k, n (a k-ary n-mesh), offered flits/node/cycle, warm-up, measured cycles
CONFIGS = [
    ("8x8x8 mesh, uniform 0.1", 8, 3, 0.1, 1000, 10000),
    ("8x8 mesh, uniform 0.1", 8, 2, 0.1, 1000, 10000),
    ("4x4x4 mesh, uniform 0.1", 4, 3, 0.1, 1000, 10000),
    ("8x8x8 mesh, uniform 0.02", 8, 3, 0.02, 1000, 10000),
    ("8x8x8 mesh, uniform 0.3", 8, 3, 0.3, 1000, 10000),
    ("16x16x16 mesh, uniform 0.1", 16, 3, 0.1, 1000, 2000),
    # CNSim's single-thread comparison (USENIX ATC 2024): a 4x4 mesh at 0.5 for 100,000 cycles
    ("4x4 mesh, uniform 0.5 (CNSim's)", 4, 2, 0.5, 1000, 100000),
]
SAMPLE = 1000  # BookSim's sample period; warm-up and measured cycles are multiples of it

# The pipeline settings wormsim's router matches (one cycle of VC and switch
# allocation, speculative, then the crossbar and the link; credits back in
# the next cycle).
PIPELINE = """routing_delay = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
speculative = 1;
st_final_delay = 1;
credit_delay = 0;
vc_allocator = islip;
sw_allocator = islip;
alloc_iters = 1;
"""


def die(message):
    """Ends the bench with a one-line error (exit 2: the binary or the options given)."""
    print(message, file=sys.stderr)
    sys.exit(2)


def booksim_config(k, n, rate, warmup, cycles):
    return (f"topology = mesh;\nk = {k};\nn = {n};\nrouting_function = dor;\nnum_vcs = 2;\n"
            f"vc_buf_size = 8;\npacket_size = 4;\ntraffic = uniform;\ninjection_rate = {rate};\n"
            f"injection_rate_uses_flits = 1;\n{PIPELINE}sim_type = latency;\n"
            f"sample_period = {SAMPLE};\nwarmup_periods = {warmup // SAMPLE};\n"
            f"max_samples = {(warmup + cycles) // SAMPLE};\n"
            # never converged: every sample period runs
            "stopping_thres = 0.0;\nacc_stopping_thres = 0.0;\nlatency_thres = 1000000.0;\nseed = 1;\n")


def write_booksim_config(tmp, k, n, rate, warmup, cycles):
    """Writes the BookSim configuration of a k-ary n-mesh run into tmp; its path."""
    path = os.path.join(tmp, "booksim.cfg")
    with open(path, "w") as f:
        f.write(booksim_config(k, n, rate, warmup, cycles))
    return path


def wormsim_command(binary, k, n, rate, warmup, cycles, json_path):
    """The same run as booksim_config's, for wormsim, its results in json_path."""
    return [binary, "run", "--topology", "mesh:" + "x".join([str(k)] * n), "--routing", "dor", "--vcs", "2",
            "--buffer", "8", "--packet", "4", "--traffic", "uniform", "--rate", str(rate), "--warmup", str(warmup),
            "--cycles", str(cycles), "--seed", "1", "--quiet", "--json", json_path]


def timed(cmd, ok=(0,)):
    """Runs cmd; returns (its output, peak RSS in MB). Exit codes other than
    `ok` end the bench."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode(errors="replace")
    if proc.returncode not in ok:
        last = text.strip().splitlines()[-1] if text.strip() else "(no output)"
        die(f"bench: {cmd[0]} failed (exit {proc.returncode}); its last line: {last}")
    return text, usage.ru_maxrss / 1024.0


def run_booksim(binary, cfg_path, nodes):
    # BookSim 2's main() returns -1 after a successful simulation (255 here).
    text, rss = timed([binary, cfg_path], ok=(0, 255))
    def field(label, pattern):
        m = re.findall(pattern, text)
        if not m:
            die(f"bench: --booksim: {binary} printed no '{label}' line (expected BookSim 2's report)")
        return float(m[-1])
    cycles = field("Time taken is N cycles", r"Time taken is (\d+) cycles")
    seconds = field("Total run time", r"Total run time ([0-9.eE+-]+)")
    latency = field("Packet latency average", r"Packet latency average = ([0-9.]+) \(")
    return nodes * cycles / seconds, latency, rss


def run_wormsim(command, json_path):
    _, rss = timed(command)
    with open(json_path) as f:
        r = json.load(f)
    return r["node_cycles_per_second"], r["avg_latency"], rss


def callgrind(cmd, tmp, ok=(0,)):
    """callgrind's instruction count of cmd, and its output."""
    out = os.path.join(tmp, "cg.out")
    text, _ = timed(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd, ok=ok)
    with open(out) as f:
        m = re.search(r"^summary: (\d+)", f.read(), re.M)
    if not m:
        die("bench: callgrind wrote no summary line")
    return int(m.group(1)), text


def instructions(booksim, wormsim, configs):
    print(f"{'configuration':<28} {'wormsim':>10} {'BookSim':>10} {'ratio':>7}   (instructions per node-cycle)")
    with tempfile.TemporaryDirectory() as tmp:
        for name, k, n, rate, warmup, _ in configs:
            nodes = k ** n
            counts = {}
            for cycles in (2000, 4000):
                cfg = write_booksim_config(tmp, k, n, rate, warmup, cycles)
                ir, text = callgrind([booksim, cfg], tmp, ok=(0, 255))
                taken = re.findall(r"Time taken is (\d+) cycles", text)
                counts[("b", cycles)] = (ir, int(taken[-1]))
                json_path = os.path.join(tmp, "r.json")
                ir, _ = callgrind(wormsim_command(wormsim, k, n, rate, warmup, cycles, json_path), tmp)
                with open(json_path) as f:
                    counts[("w", cycles)] = (ir, json.load(f)["cycles"])
            per = {}
            for who in ("w", "b"):
                (a, ca), (b, cb) = counts[(who, 2000)], counts[(who, 4000)]
                per[who] = (b - a) / (nodes * (cb - ca))
            print(f"{name:<28} {per['w']:10.1f} {per['b']:10.1f} {per['b'] / per['w']:6.1f}x", flush=True)
    print("(callgrind Ir, runs with 2,000 and 4,000 measured cycles after 1,000 of warm-up, differenced over "
          "nodes x the difference of the cycles each simulated)")


def best_ratio(w_runs, b_runs):
    """wormsim's fastest run over BookSim's fastest (speeds first in each run's tuple)."""
    return max(r[0] for r in w_runs) / max(r[0] for r in b_runs)


def files(booksim, wormsim, directory, repeat, only):
    """Every BookSim configuration NAME.cfg of `directory` with recorded
    figures (NAME.booksim.txt) whose NAME starts with `only`: BookSim on the
    file and `wormsim booksim` on the same file, interleaved, median of the
    repeats."""
    recorded = sorted(f[:-len(".booksim.txt")] for f in os.listdir(directory) if f.endswith(".booksim.txt"))
    if not recorded:
        die(f"bench: --files: no NAME.booksim.txt (recorded BookSim figures) in '{directory}'")
    names = [n for n in recorded if n.startswith(only)]
    if not names:
        die(f"bench: --only: expected the start of a file's name in '{directory}', got '{only}'")
    print(f"{'configuration':<34} {'wormsim':>11} {'BookSim':>11} {'ratio':>7} {'best':>7} {'latency w/B':>14}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            cfg = os.path.join(directory, name + ".cfg")
            json_path = os.path.join(tmp, "r.json")
            command = [wormsim, "booksim", cfg, "--quiet", "--json", json_path]
            b_runs, w_runs = [], []
            for _ in range(repeat):
                w_runs.append(run_wormsim(command, json_path))
                with open(json_path) as f:
                    nodes = json.load(f)["nodes"]
                b_runs.append(run_booksim(booksim, cfg, nodes))
            w = statistics.median(r[0] for r in w_runs)
            b = statistics.median(r[0] for r in b_runs)
            print(f"{name:<34} {w / 1e6:9.2f} M {b / 1e6:9.3f} M {w / b:6.1f}x {best_ratio(w_runs, b_runs):6.1f}x "
                  f"{w_runs[0][1]:6.1f}/{b_runs[0][1]:<6.1f}", flush=True)
    print(f"(node-cycles per wall second of each cycle loop, median of {repeat} interleaved runs each; best: the "
          f"fastest run of each; the same file given to both; latency in cycles, wormsim/BookSim)")


def main():
    parser = argparse.ArgumentParser(description="wormsim and BookSim 2 side by side")
    parser.add_argument("booksim")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--only", default="", help="configurations (or with --files, files) whose name starts with this")
    parser.add_argument("--files", default="", help="instead: the BookSim files of this folder (tb/booksim)")
    args = parser.parse_args()
    booksim, repeat = args.booksim, args.repeat
    wormsim = os.environ.get("WORMSIM") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build",
                                                          "release", "sim", "wormsim")
    if not (os.path.isfile(wormsim) and os.access(wormsim, os.X_OK)):
        die(f"bench: WORMSIM: expected an executable wormsim binary, got '{wormsim}'")
    if args.files:
        if not os.path.isdir(args.files):
            die(f"bench: --files: expected a folder of BookSim files, got '{args.files}'")
        return files(booksim, wormsim, args.files, repeat, args.only)
    # --instructions: the two reference configurations (callgrind is slow)
    configs = [c for c in (CONFIGS[:2] if args.instructions else CONFIGS) if c[0].startswith(args.only)]
    if not configs:
        die(f"bench: --only: expected the start of a configuration's name, got '{args.only}' "
            f"(configurations: {'; '.join(c[0] for c in CONFIGS)})")
    if args.instructions:
        return instructions(booksim, wormsim, configs)
    print(f"{'configuration':<28} {'wormsim':>11} {'BookSim':>11} {'ratio':>7} {'best':>7} {'latency w/B':>14} "
          f"{'peak MB w/B':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, k, n, rate, warmup, cycles in configs:
            nodes = k ** n
            cfg = write_booksim_config(tmp, k, n, rate, warmup, cycles)
            json_path = os.path.join(tmp, "r.json")
            command = wormsim_command(wormsim, k, n, rate, warmup, cycles, json_path)
            b_runs, w_runs = [], []
            for _ in range(repeat):
                b_runs.append(run_booksim(booksim, cfg, nodes))
                w_runs.append(run_wormsim(command, json_path))
            w = statistics.median(r[0] for r in w_runs)
            b = statistics.median(r[0] for r in b_runs)
            print(f"{name:<28} {w / 1e6:9.2f} M {b / 1e6:9.3f} M {w / b:6.1f}x {best_ratio(w_runs, b_runs):6.1f}x "
                  f"{w_runs[0][1]:6.1f}/{b_runs[0][1]:<6.1f} {max(r[2] for r in w_runs):6.0f}/{max(r[2] for r in b_runs):<6.0f}",
                  flush=True)
    print(f"(node-cycles per wall second of each cycle loop, median of {repeat} interleaved runs each; best: the "
          f"fastest run of each; {SAMPLE}-cycle BookSim sample periods; latency in cycles, wormsim/BookSim)")


if __name__ == "__main__":
    main()

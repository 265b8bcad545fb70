#!/usr/bin/env python3
"""Thread-scaling runs for a many-core machine, beyond `scripts/bench --threads`.

Usage: scaling_runs.py --out DIR [--stages ab,ceiling,table,big,profile,cuts] [--a BIN] [--b BIN] [--repeat N]

Every run is `wormsim run` with the bench's flags (DOR, uniform traffic,
500 warm-up + 3,000 measured cycles, at most 2,000 of drain, deadlock check
off); each prints one line and appends a JSON record to DIR/runs.jsonl.

Stages:
- ab: binary A against binary B (say, before and after a change), at 16 and
  8 threads, interleaved, the order swapped every round;
- ceiling: what the machine itself allows: single-thread runs of an 8x8x4
  mesh (a 16th of the 16x16x16 mesh, the same load per node) alone, then one
  per core all at once. Each copy's speed together over its speed alone is
  what a core keeps when every core is busy; times the cores, the speed-up
  that no partition of the work can pass;
- table: binary A at 1 thread (N runs on the configurations that decide
  the targets), 2, 4, 8 and 16 (N runs at 8 and 16 of those too, unless the
  ab stage has run them);
- big: 10,000 cycles of the 32x32x32 mesh at 0.1 on every core, wall time;
- profile: binary A on every core with --profile, N runs of each deciding
  configuration: each lane's work, the evaluate phases split into the mean
  lane's job, the lanes' spread and the hand-off, and which lane was the
  slowest (the same lane in every run points at the fabric's cut, a
  different one at the cores);
- cuts: binary A on every core, each deciding configuration cut again by
  counted work (--lane-cut work) and by work weighted by each thread's time
  (--lane-cut time), interleaved, the order swapped every round, with
  --profile: the speed, the cuts taken and the evaluate phases' spread.

Binaries default to $WORMSIM, else build/release/sim/wormsim; set
LD_LIBRARY_PATH for a packed binary (`scripts/bench --pack`).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

FLAGS = ["--drain-limit", "2000", "--no-deadlock-check", "--quiet"]
CONFIGS = {
    "16x16x16 mesh, uniform 0.05": ["--topology", "mesh:16x16x16", "--rate", "0.05", "--warmup", "500", "--cycles", "3000"],
    "16x16x16 mesh, uniform 0.2": ["--topology", "mesh:16x16x16", "--rate", "0.2", "--warmup", "500", "--cycles", "3000"],
    "3PT(8,8,8), uniform 0.05": ["--topology", "3pt:8x8x8", "--rate", "0.05", "--warmup", "500", "--cycles", "3000"],
    "3PT(8,8,8), uniform 0.2": ["--topology", "3pt:8x8x8", "--rate", "0.2", "--warmup", "500", "--cycles", "3000"],
    "8x8x8 mesh, uniform 0.1": ["--topology", "mesh:8x8x8", "--rate", "0.1", "--warmup", "500", "--cycles", "3000"],
    "32x32x32 mesh, uniform 0.1": ["--topology", "mesh:32x32x32", "--rate", "0.1", "--warmup", "300", "--cycles", "700"],
}
DECIDING = list(CONFIGS)[:3]  # the configurations whose 1-thread runs are repeated
STAGES = ("ab", "ceiling", "table", "big", "profile", "cuts")


class Runner:
    def __init__(self, out):
        self.tmp = tempfile.mkdtemp()
        self.log = open(os.path.join(out, "runs.jsonl"), "a")
        self.start = time.time()

    def record(self, rec):
        rec["t"] = round(time.time() - self.start, 1)
        self.log.write(json.dumps(rec) + "\n")
        self.log.flush()

    def wormsim(self, binary, name, threads, extra=()):
        """One `wormsim run` of configuration `name` with the bench's flags: its JSON (exits on a failure)."""
        j = os.path.join(self.tmp, "r.json")
        p = subprocess.run([binary, "run", *CONFIGS[name], "--threads", str(threads), *FLAGS, *extra, "--json", j],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            sys.exit(f"scaling_runs: {binary} failed on {name} with {threads} threads: {p.stderr.strip()}")
        return json.load(open(j))

    def run(self, stage, binary, name, threads):
        r = self.wormsim(binary, name, threads)
        rec = {"stage": stage, "binary": binary, "config": name, "threads": threads}
        rec.update(node_cycles_per_second=r["node_cycles_per_second"], avg_latency=r["avg_latency"])
        self.record(rec)
        print(f"{stage:8} {os.path.basename(binary):14} {name:30} {threads:3} threads "
              f"{r['node_cycles_per_second'] / 1e6:8.2f} M node-cycles/s", flush=True)

    def profile(self, binary, name, threads, cut=None):
        stage = "profile" if cut is None else "cuts"
        r = self.wormsim(binary, name, threads, ("--profile",) + (() if cut is None else ("--lane-cut", cut)))
        pr = r["profile"]
        work = pr["work"]
        slowest = max(range(len(work)), key=lambda k: work[k])
        rec = {"stage": stage, "binary": binary, "config": name, "threads": threads,
               "node_cycles_per_second": r["node_cycles_per_second"], "slowest_lane": slowest}
        if cut is not None:
            rec["lane_cut"] = cut
        for k in ("work", "evaluate_shared", "evaluate_mean", "evaluate_spread", "evaluate_handoff", "serial",
                  "imbalance", "recuts"):
            rec[k] = pr[k]
        self.record(rec)
        print(f"{stage:8} {name:30} {threads:3} threads {'' if cut is None else cut + ' '}"
              f"{r['node_cycles_per_second'] / 1e6:8.2f} M node-cycles/s; "
              f"evaluate {pr['evaluate_shared']:.3f} s = mean {pr['evaluate_mean']:.3f} + spread "
              f"{pr['evaluate_spread']:.3f} + hand-off {pr['evaluate_handoff']:.3f}; serial {pr['serial']:.3f}; "
              f"{len(pr['recuts'])} cut(s) again; "
              f"slowest lane {slowest} ({work[slowest] / (sum(work) / len(work)):.2f} of the mean)", flush=True)

    def ceiling(self, binary, rate, cycles, copies, repeat):
        args = ["--topology", "mesh:8x8x4", "--rate", rate, "--warmup", "500", "--cycles", str(cycles), *FLAGS,
                "--threads", "1"]

        def start(i):
            return subprocess.Popen([binary, "run", *args, "--json", os.path.join(self.tmp, f"c{i}.json")],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def speed(i):
            return json.load(open(os.path.join(self.tmp, f"c{i}.json")))["node_cycles_per_second"]

        alone = []
        for _ in range(repeat):
            if start(0).wait() != 0:
                sys.exit(f"scaling_runs: {binary} failed on the 8x8x4 mesh")
            alone.append(speed(0))
        procs = [start(i) for i in range(copies)]
        if any(p.wait() != 0 for p in procs):
            sys.exit(f"scaling_runs: {binary} failed on the 8x8x4 mesh")
        together = [speed(i) for i in range(copies)]
        kept = statistics.mean(together) / statistics.median(alone)
        self.record({"stage": "ceiling", "rate": rate, "copies": copies, "alone": alone, "together": together,
                     "kept": kept})
        print(f"ceiling  8x8x4 mesh at {rate}: alone {statistics.median(alone) / 1e6:.2f} M (median of {repeat}), "
              f"{copies} at once {statistics.mean(together) / 1e6:.2f} M each on average: a core keeps {kept:.3f}, "
              f"at most {copies * kept:.1f}x on {copies} cores", flush=True)


def refuse(message):
    """Bad input: one line on stderr, exit 2, nothing run or written."""
    print(f"scaling_runs: {message}", file=sys.stderr)
    sys.exit(2)


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        refuse(f"{message} (see --help)")


def main():
    default = os.environ.get("WORMSIM", "build/release/sim/wormsim")
    ap = OneLineParser(prog="scaling_runs.py", description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="folder for runs.jsonl")
    ap.add_argument("--stages", default=",".join(STAGES), help="comma-separated: " + ", ".join(STAGES))
    ap.add_argument("--a", default=default, help="the binary measured (and A of the ab stage)")
    ap.add_argument("--b", default=None, help="B of the ab stage")
    ap.add_argument("--repeat", type=int, default=3, help="rounds of ab, 1-thread runs per deciding configuration")
    args = ap.parse_args()
    stages = args.stages.split(",")
    for s in stages:
        if s not in STAGES:
            refuse(f"--stages: unknown stage '{s}' (expected {', '.join(STAGES)})")
    if "ab" in stages and not args.b:
        refuse("--b: the ab stage needs a second binary")
    if args.repeat < 1:
        refuse("--repeat: expected a whole number of at least 1")
    for flag, b in (("--a", args.a), ("--b", args.b)):
        if b is not None and not (os.path.isfile(b) and os.access(b, os.X_OK)):
            refuse(f"{flag}: expected an executable wormsim binary, got '{b}'")
    if os.path.exists(args.out) and not (os.path.isdir(args.out) and os.access(args.out, os.W_OK)):
        refuse(f"--out: expected a writable folder (or a new one), got '{args.out}'")
    log = os.path.join(args.out, "runs.jsonl")
    if os.path.lexists(log) and not (os.path.isfile(log) and not os.path.islink(log) and os.access(log, os.W_OK)):
        refuse(f"--out: {log} exists and is not a regular writable file")
    os.makedirs(args.out, exist_ok=True)
    cores = os.cpu_count() or 1
    r = Runner(args.out)
    print(f"machine: {cores} cores; load {open('/proc/loadavg').read().split()[:3]}", flush=True)
    # a first run outside the figures: a machine just started is still busy starting
    subprocess.run([args.a, "run", *CONFIGS[DECIDING[0]], "--threads", str(cores), *FLAGS],
                   stdout=subprocess.DEVNULL)
    counts = [c for c in (1, 2, 4, 8, 16) if c <= cores]
    wide = [c for c in (16, 8) if c <= cores]
    if "ab" in stages:
        for rnd in range(args.repeat):
            for name in DECIDING:
                for threads in wide:
                    for b in ((args.a, args.b) if rnd % 2 == 0 else (args.b, args.a)):
                        r.run("ab", b, name, threads)
    if "ceiling" in stages:
        r.ceiling(args.a, "0.05", 40000, cores, args.repeat)
        r.ceiling(args.a, "0.2", 12000, cores, args.repeat)
    if "table" in stages:
        for name in CONFIGS:
            for _ in range(args.repeat if name in DECIDING else 1):
                r.run("table", args.a, name, 1)
        for name in CONFIGS:
            for threads in counts[1:]:
                if "ab" in stages and name in DECIDING and threads in wide:
                    continue  # measured in the ab rounds
                rounds = args.repeat if name in DECIDING and threads in wide else 1
                for _ in range(rounds):
                    r.run("table", args.a, name, threads)
    if "big" in stages:
        j = os.path.join(r.tmp, "big.json")
        t = time.time()
        p = subprocess.run([args.a, "run", "--topology", "mesh:32x32x32", "--rate", "0.1", "--cycles", "10000",
                            "--threads", str(cores), "--no-deadlock-check", "--quiet", "--json", j],
                           stdout=subprocess.DEVNULL)
        wall = time.time() - t
        if p.returncode != 0:
            sys.exit(f"scaling_runs: {args.a} failed on the 10,000-cycle 32x32x32 run")
        r.record({"stage": "big", "wall": wall, "threads": cores})
        print(f"big      32x32x32 mesh at 0.1, 10,000 cycles, {cores} threads: {wall:.1f} s wall, set-up included",
              flush=True)
    if "profile" in stages and cores > 1:
        for _ in range(args.repeat):
            for name in DECIDING:
                r.profile(args.a, name, cores)
    if "cuts" in stages and cores > 1:
        for rnd in range(args.repeat):
            for name in DECIDING:
                for cut in (("work", "time") if rnd % 2 == 0 else ("time", "work")):
                    r.profile(args.a, name, cores, cut)


if __name__ == "__main__":
    main()

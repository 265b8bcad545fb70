#!/usr/bin/env bash
# scripts/sweep on this machine: a 2 x 3 x 2 study runs in parallel, gives one
# JSON per point, a merged CSV and real plots (PNG of the expected size, one
# curve per series, one heatmap cell per node); a second run resumes (runs
# nothing), a deleted or half-written result is run again, --jobs 1 gives the
# same numbers as --jobs 2; bad sweep files exit 2 in one line before any
# point runs; --find-saturation brackets the saturation load.
# Usage: sweep_test.sh <wormsim binary> <scratch dir>
set -euo pipefail
export WORMSIM="$1"
tmp="$2"; rm -rf "$tmp"; mkdir -p "$tmp"
root=$(cd "$(dirname "$0")/../.." && pwd)
sweep="$root/scripts/sweep"
facts="$root/tb/scripts/image_facts.py"
fail() { echo "FAIL: $*"; exit 1; }

cat > "$tmp/study.yaml" <<'YAML'
name: study
fixed: {warmup: 200, cycles: 1500}
axes:
  topology: [mesh:4x4x2, torus:4x4x2]
  rate: [0.05, 0.2, 0.6]
  seed: [1, 2]
YAML
"$sweep" "$tmp/study.yaml" --out "$tmp/a" --jobs 2 >"$tmp/a.log" 2>&1 || { cat "$tmp/a.log"; fail "first sweep"; }
cat "$tmp/a.log"
[ "$(ls "$tmp"/a/points/*.json | wc -l)" = 12 ] || fail "expected 12 point JSONs"
[ "$(($(wc -l <"$tmp/a/results.csv") - 1))" = 12 ] || fail "expected 12 rows in results.csv"
head -1 "$tmp/a/results.csv" | grep -q '^topology,rate,seed,' || fail "results.csv columns"

# Plots: latency (2 series -> 2 avg, 2 p99, 2 accepted curves, 2 bounds: the
# mesh and the torus differ) and one heatmap per series with 32 cells.
out=$(python3 "$facts" "$tmp/a/latency" avg- p99- accepted- bound-)
echo "$out"
grep -qx 'png 1200x480' <<<"$out" || fail "latency.png is not 1200x480"
grep -qx 'svg 1200x480' <<<"$out" || fail "latency.svg size"
for k in avg- p99- accepted- bound-; do grep -qx "$k 2" <<<"$out" || fail "latency plot: expected 2 $k curves"; done
for s in mesh4x4x2 torus4x4x2; do
  out=$(python3 "$facts" "$tmp/a/links-$s" cell-)
  echo "$s: $out"
  grep -qx 'cell- 32' <<<"$out" || fail "heatmap $s: expected 32 cells"
  png=$(sed -n 1p <<<"$out" | cut -d' ' -f2); svg=$(sed -n 2p <<<"$out" | cut -d' ' -f2)
  [ "$png" = "$svg" ] || fail "heatmap $s: png $png differs from its svg $svg"
done

# Resume: nothing runs again.
"$sweep" "$tmp/study.yaml" --out "$tmp/a" --jobs 2 >"$tmp/b.log" 2>&1 || fail "resumed sweep"
grep -q '12 of 12 points already done' "$tmp/b.log" || { cat "$tmp/b.log"; fail "resume did not skip done points"; }
# A missing and a half-written result are run again, and only they.
pts=( "$tmp"/a/points/*.json )
rm "${pts[0]}"
head -c 100 "${pts[1]}" > "$tmp/half" && mv "$tmp/half" "${pts[1]}"
"$sweep" "$tmp/study.yaml" --out "$tmp/a" --jobs 2 >"$tmp/c.log" 2>&1 || fail "repairing sweep"
grep -q '10 of 12 points already done' "$tmp/c.log" || { cat "$tmp/c.log"; fail "expected exactly 2 points rerun"; }
python3 -c "import json,sys; json.load(open(sys.argv[1]))" "${pts[1]}" || fail "half-written result not replaced"

# Ctrl-C (SIGINT to the whole process group, as a terminal sends it): the
# running points stop and write results marked interrupted, which do not
# count; exit 130; the rerun runs what is left and finishes.
cat > "$tmp/long.yaml" <<'YAML'
name: long
fixed: {topology: mesh:8x8x8, cycles: 30000}
axes: {rate: [0.05, 0.1, 0.15, 0.2]}
YAML
set +e
setsid "$sweep" "$tmp/long.yaml" --out "$tmp/l" --jobs 2 >"$tmp/l.log" 2>&1 &
pid=$!
sleep 3
kill -INT -- -"$pid"
wait "$pid"; rc=$?
set -e
cat "$tmp/l.log"
[ "$rc" = 130 ] || fail "interrupted sweep: exit $rc, expected 130"
grep -q 'interrupted' "$tmp/l/failed.txt" || fail "failed.txt does not list the interrupted points"
"$sweep" "$tmp/long.yaml" --out "$tmp/l" --jobs 2 >"$tmp/l2.log" 2>&1 || { cat "$tmp/l2.log"; fail "resumed sweep"; }
cat "$tmp/l2.log"
! grep -q '4 of 4 points already done' "$tmp/l2.log" || fail "the interrupted points counted as done"
[ "$(($(wc -l <"$tmp/l/results.csv") - 1))" = 4 ] || fail "resumed sweep: expected 4 rows"
python3 - "$tmp"/l/points/*.json <<'PY' || fail "an interrupted result is left after the rerun"
import json, sys
assert not any(json.load(open(p)).get("interrupted") for p in sys.argv[1:])
PY

# Same seeds, one job at a time: the same numbers (wall time aside).
"$sweep" "$tmp/study.yaml" --out "$tmp/d" --jobs 1 --quiet >/dev/null 2>&1 || fail "--jobs 1 sweep"
strip() {  # every column but wall_seconds and node_cycles_per_second
  python3 -c "import csv,sys; [print(','.join(v for k, v in r.items() if k not in ('wall_seconds', 'node_cycles_per_second'))) for r in csv.DictReader(open(sys.argv[1]))]" "$1"
}
diff <(strip "$tmp/a/results.csv") <(strip "$tmp/d/results.csv") || fail "--jobs 1 and --jobs 2 differ"

# Bad sweep files: exit 2, one line, nothing run.
bad() {  # name, yaml, expected text
  printf '%s\n' "$2" > "$tmp/$1.yaml"
  set +e; msg=$("$sweep" "$tmp/$1.yaml" --out "$tmp/bad-$1" 2>&1); rc=$?; set -e
  [ "$rc" = 2 ] || fail "$1: exit $rc, expected 2 ($msg)"
  [ "$(wc -l <<<"$msg")" = 1 ] || fail "$1: expected one line, got: $msg"
  grep -q -- "$3" <<<"$msg" || fail "$1: expected '$3' in: $msg"
  ! ls "$tmp/bad-$1"/points/*.json >/dev/null 2>&1 || fail "$1: a point ran"
  echo "bad $1: $msg"
}
bad unknown-setting 'axes: {ratee: [0.1]}' "unknown setting 'ratee'"
bad bad-rate 'axes: {rate: [0.1, 2]}' "rate: expected an injection rate"
bad bad-topology 'axes: {topology: [mesh:4x4, cube:3]}' "topology"
bad owned 'fixed: {json: x.json}
axes: {rate: [0.1]}' "json: the sweep writes"
bad no-axes 'fixed: {rate: 0.1}' "axes: expected at least one"
bad bad-range 'axes: {rate: {from: 0.5, to: 0.1, step: 0.1}}' "expected from <= to"
bad yaml 'axes: [rate' "malformed YAML"
bad bad-trace 'axes: {trace: [/nonexistent.trace]}' "trace"

# Saturation search on the 4x4x2 mesh: bracketed between stable and not.
cat > "$tmp/sat.yaml" <<'YAML'
name: sat
fixed: {topology: mesh:4x4x2, warmup: 300, cycles: 2000}
axes: {seed: [1]}
YAML
"$sweep" "$tmp/sat.yaml" --out "$tmp/s" --find-saturation --saturation-steps 5 --quiet > "$tmp/s.log" 2>&1 ||
  { cat "$tmp/s.log"; fail "saturation search"; }
cat "$tmp/s.log"
sat=$(sed -n 2p "$tmp/s/saturation.csv" | cut -d, -f2)
# Below the bisection bound (0.969) and well above light load; and every
# point tried at or below it was stable, every one above it was not.
python3 - "$tmp/s/results.csv" "$sat" <<'PY' || fail "saturation $sat of the 4x4x2 mesh is not a bracket"
import csv, sys
sat = float(sys.argv[2])
assert 0.4 < sat < 0.969, sat
for r in csv.DictReader(open(sys.argv[1])):
    ok = r["drained"] == "true" and float(r["throughput"]) >= 0.95 * float(r["generated"])
    assert ok == (float(r["rate"]) <= sat + 1e-9), (r["rate"], ok, sat)
PY
echo "sweep: pass"

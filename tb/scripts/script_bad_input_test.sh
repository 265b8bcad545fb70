#!/usr/bin/env bash
# scripts/sweep and scripts/plot on hostile input: every case ends in exit 2
# with one line naming what was wrong, never a Python traceback, never a
# build, and writes nothing outside the output directory and nothing over an
# input. Each case is a class the second bad-input audit found.
# Usage: script_bad_input_test.sh <wormsim binary> <scratch dir>
set -euo pipefail
export WORMSIM="$1"
tmp="$2"; rm -rf "$tmp"; mkdir -p "$tmp"
root=$(cd "$(dirname "$0")/../.." && pwd)
sweep="$root/scripts/sweep"
plot="$root/scripts/plot"
fail() { echo "FAIL: $*"; exit 1; }
# The source tree's build directories, one line (none yet: empty).
build_dirs() { [ -d "$root/build" ] || return 0; find "$root/build" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort | tr '\n' ' '; }

# expect2 NAME EXPECTED-TEXT COMMAND...: exit 2, one line holding the text, no traceback.
expect2() {
  local name="$1" want="$2"; shift 2
  set +e; msg=$("$@" 2>&1 </dev/null); rc=$?; set -e
  [ "$rc" = 2 ] || fail "$name: exit $rc, expected 2: $(head -c 600 <<<"$msg")"
  [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] || fail "$name: expected one line, got: $(head -c 600 <<<"$msg")"
  ! grep -q Traceback <<<"$msg" || fail "$name: a traceback"
  grep -qF -- "$want" <<<"$msg" || fail "$name: expected '$want' in: $msg"
  [ "${#msg}" -le 1000 ] || fail "$name: a ${#msg}-character line"
  echo "ok $name: $msg"
}

cd "$tmp"
# Special floats, in lists and ranges.
printf 'axes:\n  rate: [0.1, .nan]\n' > nan.yaml
expect2 nan-in-list "finite" "$sweep" nan.yaml --out o-nan
printf 'axes:\n  rate: {from: 0.1, to: .inf, step: 0.1}\n' > inf.yaml
expect2 inf-range "finite" "$sweep" inf.yaml --out o-inf
printf 'axes:\n  rate: {from: .nan, to: 0.5, step: 0.1}\n' > nanr.yaml
expect2 nan-range "finite" "$sweep" nanr.yaml --out o-nanr
# A binary file, deep nesting, two documents, a duplicate key, an empty value.
head -c 3000 /dev/urandom > binary.yaml; printf '\xff\xfe' >> binary.yaml
expect2 binary "spec:" "$sweep" binary.yaml --out o-bin
python3 -c "print('axes: {rate: ' + '[' * 100000 + ']' * 100000 + '}')" > deep.yaml
expect2 deep-nesting "spec:" "$sweep" deep.yaml --out o-deep
printf 'axes: {rate: [0.1]}\n---\naxes: {rate: [0.2]}\n' > two.yaml
expect2 two-documents "2 YAML documents" "$sweep" two.yaml --out o-two
printf 'axes: {rate: [0.1]}\naxes: {rate: [0.2]}\n' > dup.yaml
expect2 duplicate-key "given twice" "$sweep" dup.yaml --out o-dup
printf 'fixed: {trace: ""}\naxes: {rate: [0.1]}\n' > empty.yaml
expect2 empty-value "empty string" "$sweep" empty.yaml --out o-empty
# Names that are paths.
for n in '../escaped' '/tmp/abs-escape' '..' 'a/b' '.hidden'; do
  printf 'name: "%s"\naxes: {rate: [0.1]}\nfixed: {topology: "mesh:2x2", cycles: 100, warmup: 10}\n' "$n" > name.yaml
  expect2 "name $n" "name:" "$sweep" name.yaml
done
[ ! -e "$tmp/escaped" ] && [ ! -e /tmp/abs-escape ] && [ ! -e "$tmp/sweeps" ] || fail "a refused name wrote something"
# The sweep file inside the output directory, under a name the sweep writes.
mkdir -p own
printf 'axes: {rate: [0.1]}\nfixed: {topology: "mesh:2x2", cycles: 100, warmup: 10}\n' > own/results.csv
cp own/results.csv keep.copy
expect2 spec-is-output "spec:" "$sweep" own/results.csv --out own
cmp -s own/results.csv keep.copy || fail "the sweep file was written over"
# WORMSIM naming nothing, a directory, or a non-executable file: refused,
# and no build starts in the source tree.
before=$(build_dirs)
printf 'axes: {rate: [0.1]}\n' > ok.yaml
expect2 wormsim-missing "WORMSIM" env WORMSIM="$tmp/nothing" "$sweep" ok.yaml --out o-w1
expect2 wormsim-directory "WORMSIM" env WORMSIM="$tmp" "$sweep" ok.yaml --out o-w2
expect2 wormsim-empty "WORMSIM" env WORMSIM= "$sweep" ok.yaml --out o-w3
expect2 wormsim-plain-file "WORMSIM" env WORMSIM="$tmp/ok.yaml" "$sweep" ok.yaml --out o-w4
[ "$(build_dirs)" = "$before" ] || fail "a build directory appeared"

# scripts/plot: output over its input, a read-only output, a binary input.
"$WORMSIM" run --topology mesh:3x3 --rate 0.1 --warmup 50 --cycles 300 --json run.json --quiet
cp run.json run.png
cp run.json run.keep
expect2 plot-out-is-input "input" "$plot" histogram run.png --out run.png
cmp -s run.png run.keep || fail "plot wrote over its input"
printf 'x' > ro.png; chmod a-w ro.png; printf 'x' > ro.svg
expect2 plot-read-only "read-only" "$plot" histogram run.json --out ro.png
[ "$(cat ro.png)" = x ] || fail "plot wrote over a read-only file"
head -c 2000 /dev/urandom > noise.csv; printf '\xff' >> noise.csv
expect2 plot-binary "input" "$plot" latency noise.csv --out noise.png
expect2 plot-wormsim-directory "WORMSIM" env WORMSIM="$tmp" "$plot" links noise.csv --topology mesh:2x2 --out l.png
# Files with the right names and the wrong contents.
printf '{"latency_histogram": "x"}\n' > h1.json
expect2 plot-histogram-text "input" "$plot" histogram h1.json --out h1.png
printf '{"latency_histogram": [[1]]}\n' > h2.json
expect2 plot-histogram-short "input" "$plot" histogram h2.json --out h2.png
printf 'offered,throughput,avg_latency,p99_latency,drained\nx,y,z,w,true\n' > r.csv
expect2 plot-latency-words "input" "$plot" latency r.csv --out r.png
printf 'node,arrival_cycle\nq,w\n' > a.csv
expect2 plot-arrivals-words "input" "$plot" arrivals a.csv --topology mesh:2x2 --out a.png
for pic in h1.png h1.svg h2.png h2.svg r.png r.svg a.png a.svg; do
  [ ! -e "$pic" ] || fail "a refused plot wrote a picture: $pic"
done
mkdir -p notsweep; printf '{"fixed": 3}\n' > notsweep/sweep.json
expect2 collect-not-a-sweep "collect:" "$sweep" collect notsweep
scaling="$root/scripts/lib/scaling_runs.py"
expect2 scaling-stage "--stages" "$scaling" --out sr --stages ab,fast
expect2 scaling-no-b "--b" "$scaling" --out sr --stages ab --a /bin/true
expect2 scaling-repeat "--repeat" "$scaling" --out sr --repeat x
expect2 scaling-no-out "--out" "$scaling" --stages big
expect2 scaling-out-file "--out" "$scaling" --out notsweep/sweep.json --stages big --a /bin/true
expect2 scaling-binary "--a" "$scaling" --out sr --stages big --a notsweep
[ ! -e sr ] || fail "a refused scaling run made its folder"
echo "script bad input: pass"

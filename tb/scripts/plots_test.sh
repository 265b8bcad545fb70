#!/usr/bin/env bash
# scripts/plot draws real pictures: each kind once, checked for a PNG header
# of the size its SVG twin declares, and the expected number of cells (one per
# node: a 3D mesh in z layers, 3PT in module grids, Petersen on a plain grid)
# or bars; bad input exits 2 in one line and writes nothing.
# Usage: plots_test.sh <wormsim binary> <scratch dir>
set -euo pipefail
export WORMSIM="$1"
W="$1"
tmp="$2"; rm -rf "$tmp"; mkdir -p "$tmp"
root=$(cd "$(dirname "$0")/../.." && pwd)
plot="$root/scripts/plot"
facts() { python3 "$root/tb/scripts/image_facts.py" "$@"; }
fail() { echo "FAIL: $*"; exit 1; }
same_size() {
  local png svg
  png=$(sed -n 1p <<<"$1" | cut -d' ' -f2); svg=$(sed -n 2p <<<"$1" | cut -d' ' -f2)
  # The SVG size is in points: rounding may leave a pixel between them.
  [ $(( ${png%x*} - ${svg%x*} )) -le 1 ] && [ $(( ${svg%x*} - ${png%x*} )) -le 1 ] &&
    [ $(( ${png#*x} - ${svg#*x} )) -le 1 ] && [ $(( ${svg#*x} - ${png#*x} )) -le 1 ] ||
    fail "$2: png $png differs from its svg $svg"
  [ "${png%x*}" -ge 300 ] && [ "${png#*x}" -ge 200 ] || fail "$2: $png is too small to be a plot"
}

"$W" run --topology mesh:4x4x3 --rate 0.2 --cycles 2000 --quiet --json "$tmp/run.json" --link-csv "$tmp/links.csv"
"$plot" histogram "$tmp/run.json" --out "$tmp/hist.png" >/dev/null
out=$(facts "$tmp/hist" bar-); echo "histogram: $out"
grep -qx 'png 800x450' <<<"$out" || fail "histogram is not 800x450"
bars=$(sed -n 3p <<<"$out" | cut -d' ' -f2)
[ "$bars" -ge 5 ] || fail "histogram has $bars bars"

"$plot" links "$tmp/links.csv" --topology mesh:4x4x3 --out "$tmp/links.png" >/dev/null
out=$(facts "$tmp/links" cell-); echo "mesh links: $out"
grep -qx 'cell- 48' <<<"$out" || fail "mesh:4x4x3 heatmap: expected 48 cells"
same_size "$out" "mesh heatmap"

"$W" run --topology 3pt:2x2x2 --rate 0.1 --cycles 1000 --quiet --link-csv "$tmp/links3.csv"
"$plot" links "$tmp/links3.csv" --topology 3pt:2x2x2 --out "$tmp/links3.png" >/dev/null
out=$(facts "$tmp/links3" cell-); echo "3pt links: $out"
grep -qx 'cell- 80' <<<"$out" || fail "3pt:2x2x2 heatmap: expected 80 cells"
same_size "$out" "3pt heatmap"

"$W" broadcast --topology 3pt:2x2x2 --csv "$tmp/arrivals.csv" >/dev/null
"$plot" arrivals "$tmp/arrivals.csv" --topology 3pt:2x2x2 --out "$tmp/arrivals.png" >/dev/null
out=$(facts "$tmp/arrivals" cell-); echo "arrivals: $out"
grep -qx 'cell- 80' <<<"$out" || fail "arrival map: expected 80 cells"
same_size "$out" "arrival map"

"$W" run --topology petersen --rate 0.1 --cycles 500 --quiet --link-csv "$tmp/linksp.csv"
"$plot" links "$tmp/linksp.csv" --topology petersen --out "$tmp/linksp.png" >/dev/null
out=$(facts "$tmp/linksp" cell-); echo "petersen links: $out"
grep -qx 'cell- 10' <<<"$out" || fail "petersen heatmap: expected 10 cells"

# power: a run with an energy table (3PT's 4+1-port router, 1 VC); the
# hottest router is the one with the largest from_router_mw in the CSV
"$W" run --topology 3pt:2x2x2 --routing tree --vcs 1 --buffer 4 --flit-bits 32 --rate 0.05 --cycles 1000 --quiet \
  --link-csv "$tmp/power.csv"
"$plot" power "$tmp/power.csv" --topology 3pt:2x2x2 --out "$tmp/power.png" >/dev/null
out=$(facts "$tmp/power" cell-); echo "power: $out"
grep -qx 'cell- 80' <<<"$out" || fail "3pt:2x2x2 power map: expected 80 cells"
same_size "$out" "power map"

bad() {  # expected text, args...
  local want="$1"; shift
  set +e; msg=$("$plot" "$@" 2>&1); rc=$?; set -e
  [ "$rc" = 2 ] || fail "plot $*: exit $rc, expected 2 ($msg)"
  [ "$(wc -l <<<"$msg")" = 1 ] || fail "plot $*: expected one line: $msg"
  grep -q -- "$want" <<<"$msg" || fail "plot $*: expected '$want' in: $msg"
  echo "bad: $msg"
}
bad "topology" links "$tmp/links.csv" --topology cube:3 --out "$tmp/x.png"
bad "no energy table" power "$tmp/linksp.csv" --topology petersen --out "$tmp/x.png"
bad "needs --topology" links "$tmp/links.csv" --out "$tmp/x.png"
bad "not a readable file" histogram "$tmp/none.json" --out "$tmp/x.png"
bad "is not JSON" histogram "$tmp/links.csv" --out "$tmp/x.png"
echo "{}" > "$tmp/empty.json"
bad "latency_histogram" histogram "$tmp/empty.json" --out "$tmp/x.png"
bad "directory" histogram "$tmp/run.json" --out "$tmp/no/such/x.png"
mkdir "$tmp/d.png"
bad "not a regular file" histogram "$tmp/run.json" --out "$tmp/d.png"
[ ! -e "$tmp/x.png" ] || fail "a refused plot wrote a file"
echo "plots: pass"

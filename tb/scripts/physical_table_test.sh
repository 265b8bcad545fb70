#!/usr/bin/env bash
# The physical comparison (scripts/compare-networks --physical) on its
# smallest set: A(5,3) against the 3D mesh and torus of 60 nodes. Each row
# must carry every column as a number; a row priced with another router's
# table must name what differs; the arrangement graph, laid out on a grid,
# must have more channel per node than the mesh; an unknown set is exit 2.
# Usage: physical_table_test.sh <source-dir> <wormsim binary>
set -euo pipefail
src="$1"
export WORMSIM_BIN="$2"
out=$(python3 "$src/scripts/lib/physical_table.py" 60 2>/dev/null)
echo "$out"
fail() { echo "physical table test: FAIL: $*"; exit 1; }
rows=$(grep -cE '^\| (A\(5,3\)|mesh 3x4x5|torus 3x4x5) \| 60 \|' <<<"$out" || true)
[ "$rows" = 3 ] || fail "expected 3 rows of 60 nodes, got $rows"
num='[0-9]+(\.[0-9]+)?'
while IFS= read -r row; do
  grep -qE "\| $num \| $num ns \($num cycles\) \| $num Gb/s/node \($num flits/node/cycle\) \| $num pJ \| $num mm2 \| $num mm \| [0-9]+ x [0-9]+ = [0-9]+ \|$" <<<"$row" \
    || fail "a column is not a number: $row"
done < <(grep -E '^\| (A\(5,3\)|mesh|torus)' <<<"$out")
grep -qE '^\| A\(5,3\) .*\(nearest: VCs 1 \(run: 4\)\)' <<<"$out" || fail "A(5,3)'s row does not name the nearest table"
grep -qE '^\| mesh 3x4x5 \| 60 \| 6\+1 ports, 1 VC \(dor\) \| smesh_v1_b4_w32 \|' <<<"$out" \
  || fail "the mesh's row is not priced with its own router's table"
mm() { grep -E "^\| $1 " <<<"$out" | awk -F'|' '{gsub(/[ a-z]/, "", $11); print $11}'; }
awk -v a="$(mm 'A\(5,3\)')" -v m="$(mm 'mesh 3x4x5')" 'BEGIN { exit !(a > 2 * m) }' \
  || fail "A(5,3)'s channel per node is not above twice the mesh's"
rc=0; python3 "$src/scripts/lib/physical_table.py" 61 2>/dev/null || rc=$?
[ "$rc" = 2 ] || fail "an unknown set gave exit $rc, expected 2"
echo "physical table test: pass"

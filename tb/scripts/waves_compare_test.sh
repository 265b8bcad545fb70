#!/usr/bin/env bash
# The same 4x4x4 run, all-model and checkerboard RTL/model: the link traces
# must be identical value for value, and scripts/waves --compare must pair
# every model link signal of an RTL router with the RTL port signal.
# Usage: waves_compare_test.sh RTL_FABRIC_BENCH SCRIPTS_DIR
set -euo pipefail
bench="$1"; scripts="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
"$bench" model --warmup 0 --cycles 200 --rate 0.3 --vcd model.vcd >/dev/null 2>&1
"$bench" checkerboard --warmup 0 --cycles 200 --rate 0.3 --vcd mixed.vcd --fst mixed.fst >/dev/null 2>&1
strip() { sed '1,/\$enddefinitions/d' "$1"; }
if ! cmp -s <(strip model.vcd) <(strip mixed.vcd); then
  echo "FAIL: link traces of the model and the mixed fabric differ"; exit 1
fi
echo "link traces identical: $(strip model.vcd | grep -c '^#') time steps"
"$scripts/waves" model.vcd --compare mixed.fst --routers r1_0_0 --save-only
save=model-vs-mixed.gtkw
[ -s model-vs-mixed.vcd ] || { echo "FAIL: no merged trace"; exit 1; }
pairs=$(grep -c '^+{rtl ' "$save" || true)
models=$(grep -c '^+{model ' "$save" || true)
echo "save file: $models model signals, $pairs RTL signals"
[ "$pairs" -ge 40 ] && [ "$pairs" -eq "$models" ] || { echo "FAIL: too few signals side by side"; exit 1; }
grep -q 'rtl.fabric.r1_0_0.rtl.wormsim_router.flit_o\[0\].dst' "$save" || { echo "FAIL: RTL flit fields missing"; exit 1; }

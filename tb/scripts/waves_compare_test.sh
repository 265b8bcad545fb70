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
pairs=$(grep -c '^[+#]{rtl ' "$save" || true)
models=$(grep -c '^+{model ' "$save" || true)
echo "save file: $models model signals, $pairs RTL signals"
[ "$pairs" -ge 30 ] && [ "$pairs" -eq "$models" ] || { echo "FAIL: too few signals side by side"; exit 1; }
# port 0's head destination: the low 16 bits of its 64 data bits, grouped msb first
grep -q '^#{rtl flit_data_o\[0\].dst} (432)rtl.fabric.r1_0_0.rtl.wormsim_router.flit_data_o\[447:0\] ' "$save" ||
  { echo "FAIL: RTL flit fields missing"; exit 1; }
# Each model link's valid pairs with its own port's bit of the RTL valid
# vector (port 0 is bit 0: the last of [6:0]), not the whole bus.
grep -qx '+{rtl flit_valid_o\[0\]} (6)rtl.fabric.r1_0_0.rtl.wormsim_router.flit_valid_o\[6:0\]' "$save" ||
  { echo "FAIL: model flit_valid not paired with the port's own RTL valid bit"; exit 1; }
grep -qx '+{rtl credit_valid_i\[1\]} (5)rtl.fabric.r1_0_0.rtl.wormsim_router.credit_valid_i\[6:0\]' "$save" ||
  { echo "FAIL: model credit_valid not paired with the port's own RTL bit"; exit 1; }
# flit_type reads as words: a translate filter on model and RTL alike.
[ "$(grep -c '^\^1 .*flit_type.txt$' "$save")" -ge 2 ] || { echo "FAIL: no translate filter on flit_type"; exit 1; }
grep -qx '1 head' model-vs-mixed.flit_type.txt && grep -qx '3 head+tail' model-vs-mixed.flit_type.txt ||
  { echo "FAIL: flit_type filter file"; exit 1; }

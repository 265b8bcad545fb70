#!/usr/bin/env bash
# Runs the TLM example platform on one topology: the scoreboard must check
# reads and find no mismatch and no error response, and the VCD must hold
# the traced router's ports.
# Usage: tlm_platform_test.sh <tlm_platform binary> <topology> <vcd path>
set -euo pipefail
bin="$1"; topology="$2"; vcd="$3"
rm -f "$vcd"
out=$("$bin" --topology "$topology" --seed 3 --vcd "$vcd")
grep -v -e '^$' -e SystemC -e Copyright -e RESERVED <<<"$out"
grep -Eq 'scoreboard: [1-9][0-9]* reads checked, 0 mismatches, 0 error responses' <<<"$out" ||
  { echo "FAIL: scoreboard"; exit 1; }
[ "$(grep -c 'transactions,' <<<"$out")" = 16 ] || { echo "FAIL: expected 16 processors' lines"; exit 1; }
for port in in_local0 out_local0_credit; do
  grep -q "$port" "$vcd" || { echo "FAIL: $vcd does not trace $port"; exit 1; }
done
[ "$(grep -c '^#' "$vcd")" -gt 100 ] || { echo "FAIL: $vcd has almost no value changes"; exit 1; }
echo "tlm platform: pass"

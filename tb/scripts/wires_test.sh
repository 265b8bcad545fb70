#!/usr/bin/env bash
# scripts/wires: recomputed from the library, the wire table equals the
# recorded rtl/phys/osu018/wires.json; the layers order as their r x c does
# (less delay per mm on a layer with less resistance x capacitance per um^2);
# an unknown library is one line and exit 2.
# Usage: wires_test.sh SOURCE_DIR
set -euo pipefail
src=$1
"$src/scripts/wires" --lib osu018 --check
python3 - "$src/rtl/phys/osu018/wires.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
layers = sorted(t["layers"].items(), key=lambda kv: kv[1]["ohm_per_um"] * kv[1]["ff_per_um"])
delays = [v["delay_ps_per_mm"] for _, v in layers]
assert delays == sorted(delays), f"delay per mm does not follow r x c: {layers}"
assert t["link_layer"] == layers[0][0], t["link_layer"]
print("layers by r x c:", ", ".join(f"{k} {v['delay_ps_per_mm']} ps/mm" for k, v in layers))
PY
set +e
err=$("$src/scripts/wires" --lib nosuch 2>&1 >/dev/null); rc=$?
set -e
[ "$rc" -eq 2 ] || { echo "FAIL: unknown library gave exit $rc"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "FAIL: not one line: $err"; exit 1; }
echo "wires test: pass"

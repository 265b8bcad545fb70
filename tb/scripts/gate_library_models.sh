#!/usr/bin/env bash
# The gate-level netlist of one configuration, mapped to a standard-cell
# library, replayed with the library's OWN Verilog models (iverilog, user
# primitives and all; zero delay) on the stimulus scripts/energy recorded
# from the RTL (WORKDIR/CONFIG/events.stim): every output must equal the
# RTL's every cycle (tb/netlist/gate_tb.v). This ties the energy runs,
# which simulate models written from the library's functions, to the
# vendor's models.
# With MUTATE (the control): the local output's flit-valid register gets a
# constant input, and the replay must report a mismatch.
# Usage: tb/scripts/gate_library_models.sh LIB CONFIG WORKDIR [MUTATE] (WORKDIR: scripts/energy --out)
set -euo pipefail
lib=$1 config=$2 work=$3 mutate=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
netlist=$work/synth/$config/netlist.v stim=$work/$config/events.stim
[ -s "$netlist" ] && [ -s "$stim" ] || { echo "gate_library_models: run scripts/energy --config $config --out $work first" >&2; exit 1; }
models=$(/usr/bin/python3 -c "import sys; sys.path.insert(0, '$root/scripts/lib'); import stdcells; print(stdcells.LIBRARIES['$lib'].cell_models)")
read -r -a params <<<"$(/usr/bin/python3 "$root/scripts/lib/rtl_configs.py" --full "$config")"
declare -A p
for kv in "${params[@]}"; do p[${kv%%=*}]=${kv#*=}; done
ports=$((p[NumNetPorts] + p[NumLocal]))
bits() { local n=$1 w=1; while [ $((1 << w)) -lt "$n" ]; do w=$((w + 1)); done; echo $w; }
vcw=1; [ "${p[NumVcs]}" -gt 1 ] && vcw=$(bits "${p[NumVcs]}")
pw=1; [ "$ports" -gt 1 ] && pw=$(bits "$ports")
out=$work/library_models${mutate:+_mutant}
mkdir -p "$out"
if [ -n "$mutate" ]; then
  # the local output's flit-valid register never loads: the flits the
  # directed stimulus sends to this node never appear
  /usr/bin/python3 - "$netlist" "$out/netlist.v" "${p[NumNetPorts]}" <<'PY' || exit 1
import re, sys
src, dst, port = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(src).read().split("\n")
q = next((i for i, l in enumerate(lines) if l.strip().startswith(f".Q(flit_valid_o[{port}])")), None)
d = next((i for i in range(q - 1, max(q - 6, 0), -1) if lines[i].strip().startswith(".D(")), None) if q else None
if d is None:
    sys.exit("gate_library_models: no flit-valid register to break")
print(f"gate_library_models: broke line {d + 1}: {lines[d].strip()} -> .D(1'h0),")
lines[d] = re.sub(r"\.D\(.*\)", ".D(1'h0)", lines[d])
open(dst, "w").write("\n".join(lines))
PY
  netlist=$out/netlist.v
fi
iverilog -g2005 -o "$out/gate.vvp" -DNP="${p[NumNetPorts]}" -DNV="${p[NumVcs]}" -DFW="${p[FlitW]}" \
  -DNW="${p[NodeIdW]}" -DVCW=$vcw -DPW=$pw "-DSTIM=\"$stim\"" "-DVCD=\"$out/events.vcd\"" \
  "$root/tb/netlist/gate_tb.v" "$netlist" "$models" > "$out/iverilog.log" 2>&1 \
  || { grep -v 'choosing typ' "$out/iverilog.log" | tail -5; exit 1; }
result=$(vvp -n "$out/gate.vvp" | grep -v '^VCD info')
echo "$result"
if [ -n "$mutate" ]; then
  case $result in
    *MISMATCH*) echo "gate_library_models: the broken netlist was caught" ;;
    *) echo "gate_library_models: the broken netlist passed: the comparison cannot fail"; exit 1 ;;
  esac
fi

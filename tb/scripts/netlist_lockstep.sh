#!/usr/bin/env bash
# Netlist lockstep for one configuration of rtl/configs.txt: synthesise it
# with scripts/synth (which fails on Yosys warnings and latches), verilate
# the RTL and the netlist side by side (tb/netlist/netlist_pair.sv) and
# compare every output every cycle under random legal traffic.
# Usage: tb/scripts/netlist_lockstep.sh CONFIG WORKDIR [SEED] [CYCLES]
set -euo pipefail
config=$1 work=$2 seed=${3:-1} cycles=${4:-20000}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
"$root/scripts/synth" --config "$config" --keep --out "$work/synth"
sed 's/^module wormsim_router(/module wormsim_router_netlist(/' "$work/synth/$config/netlist.v" > "$work/netlist.v"
grep -q '^module wormsim_router_netlist(' "$work/netlist.v" || { echo "netlist_lockstep: no module wormsim_router in the netlist" >&2; exit 1; }
read -r -a params <<<"$(/usr/bin/python3 "$root/scripts/rtl_configs.py" --full "$config")"
gargs=() defs=()
for kv in "${params[@]}"; do
  k=${kv%%=*} v=${kv#*=}
  gargs+=("-G$k=$v")
  case $k in
    NumNetPorts) defs+=("-DNP=$v") ;; NumVcs) defs+=("-DNV=$v") ;; BufDepth) defs+=("-DDEPTH=$v") ;;
    FlitW) defs+=("-DFW=$v") ;; NodeIdW) defs+=("-DNW=$v") ;; NumNodes) defs+=("-DNODES=$v") ;;
    DimX) defs+=("-DDX=$v") ;; DimY) defs+=("-DDY=$v") ;;
  esac
done
rtl=("$root/rtl/wormsim_pkg.sv" $(ls "$root"/rtl/*.sv | grep -v _pkg.sv))
verilator --cc --exe --build -j 2 -O1 --x-assign fast --x-initial fast -Wno-fatal -Wno-lint -Wno-style \
  --top-module netlist_pair -I"$root/rtl" "${gargs[@]}" --Mdir "$work/obj" -o netlist_lockstep \
  -CFLAGS "-O1 ${defs[*]}" "${rtl[@]}" "$work/netlist.v" "$root/tb/netlist/netlist_pair.sv" \
  "$root/tb/netlist/netlist_lockstep.cpp" > "$work/verilator.log" 2>&1 || { tail -30 "$work/verilator.log"; exit 1; }
"$work/obj/netlist_lockstep" "$seed" "$cycles"

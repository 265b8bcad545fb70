#!/usr/bin/env bash
# Netlist lockstep for one configuration of rtl/configs.txt: synthesise it
# with scripts/synth (which fails on Yosys warnings and latches), verilate
# the RTL and the netlist side by side (tb/netlist/netlist_pair.sv) and
# compare every output every cycle under random legal traffic.
# With MUTATE (the control): reuse WORKDIR's netlist, break one gate of a
# credit counter (drop the inverter of a counter bit's next value) and
# expect the comparison to fail.
# LIB=osu018 (environment): the netlist mapped to that standard-cell
# library (scripts/synth --lib), simulated with cell models written from
# the library's own functions (scripts/lib/cellgen.py).
# Usage: [LIB=osu018] tb/scripts/netlist_lockstep.sh CONFIG WORKDIR [SEED] [CYCLES] [MUTATE]
set -euo pipefail
config=$1 work=$2 seed=${3:-1} cycles=${4:-20000} mutate=${5:-}
lib=${LIB:-generic}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
if [ -z "$mutate" ] || [ ! -s "$work/synth/$config/netlist.v" ]; then
  "$root/scripts/synth" --lib "$lib" --config "$config" --keep --out "$work/synth"
fi
obj=$work/obj
sed 's/^module wormsim_router(/module wormsim_router_netlist(/' "$work/synth/$config/netlist.v" > "$work/netlist.v"
cells=()
if [ "$lib" != generic ]; then
  /usr/bin/python3 "$root/scripts/lib/cellgen.py" "$lib" "$work/netlist.v" > "$work/cells.v"
  cells=("$work/cells.v")
fi
if [ -n "$mutate" ]; then
  obj=$work/obj-mutant
  if [ "$lib" = generic ]; then
    line=$(grep -n '^  assign .i_credits.credits_d \[[0-9]*\] = ~' "$work/netlist.v" | sed -n 1p | cut -d: -f1)
  else  # an inverter whose output is a credit counter net becomes a buffer
    line=$(awk '/^  INVX1 /{n=NR} /^    \.Y\(\\i_credits\./{if (n) {print n; exit}} /^  \);/{n=0}' "$work/netlist.v")
  fi
  [ -n "$line" ] || { echo "netlist_lockstep: no credit counter gate to break" >&2; exit 1; }
  if [ "$lib" = generic ]; then sed -i "${line}s/= ~/= /" "$work/netlist.v"; else sed -i "${line}s/INVX1/BUFX2/" "$work/netlist.v"; fi
  echo "netlist_lockstep: broke line $line: $(sed -n "${line}p" "$work/netlist.v")"
fi
grep -q '^module wormsim_router_netlist(' "$work/netlist.v" || { echo "netlist_lockstep: no module wormsim_router in the netlist" >&2; exit 1; }
read -r -a params <<<"$(/usr/bin/python3 "$root/scripts/lib/rtl_configs.py" --full "$config")"
gargs=() defs=()
for kv in "${params[@]}"; do
  k=${kv%%=*} v=${kv#*=}
  gargs+=("-G$k=$v")
  case $k in
    NumNetPorts) defs+=("-DNP=$v") ;; NumVcs) defs+=("-DNV=$v") ;; BufDepth) defs+=("-DDEPTH=$v") ;;
    FlitW) defs+=("-DFW=$v") ;; NodeIdW) defs+=("-DNW=$v") ;; NumNodes) defs+=("-DNODES=$v") ;;
    DimX) defs+=("-DDX=$v") ;; DimY) defs+=("-DDY=$v") ;; RouteAlgo) defs+=("-DROUTE_ALGO=$v") ;;
  esac
done
rtl=("$root/rtl/wormsim_pkg.sv" $(ls "$root"/rtl/*.sv | grep -v _pkg.sv))
verilator --cc --exe --build --trace -j 2 -O1 --x-assign fast --x-initial fast -Wno-fatal -Wno-lint -Wno-style \
  --top-module netlist_pair -I"$root/rtl" "${gargs[@]}" --Mdir "$obj" -o netlist_lockstep \
  -CFLAGS "-O1 ${defs[*]}" "${rtl[@]}" "$work/netlist.v" "${cells[@]}" "$root/tb/netlist/netlist_pair.sv" \
  "$root/tb/netlist/netlist_lockstep.cpp" > "$work/verilator.log" 2>&1 || { tail -30 "$work/verilator.log"; exit 1; }
if [ -z "$mutate" ]; then
  exec "$obj/netlist_lockstep" "$seed" "$cycles"
fi
if "$obj/netlist_lockstep" "$seed" "$cycles"; then
  echo "netlist_lockstep: the broken netlist passed: the comparison cannot fail"; exit 1
fi
echo "netlist_lockstep: the broken netlist was caught"

#!/usr/bin/env bash
# The whole 4x4x4 mesh as one verilated model (rtl/wormsim_mesh.sv, 2 VCs,
# 4-flit buffers, Verilator's plain C++), driven directly next to the fast
# engine's network interfaces: tb/rtl/direct_fabric_test.cpp built with
# WORMSIM_DIRECT_MESH. Verilator's hierarchical mode verilates the router
# once and shares it among the 64 instances (flattened, the mesh is 200-570
# MB of C++); its CMake function cannot run that mode in 5.006, so this
# script calls Verilator's own make against the release build's libraries.
# Usage: tb/scripts/direct_mesh.sh WORKDIR [ARGS...]   (ARGS go to the binary:
#   gtest flags, or --bench mesh [--rate R] [--cycles N])
set -euo pipefail
work=$1; shift
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build/release
[ -f "$build/sc_models/libwormsim_core.a" ] || { echo "direct_mesh: build release first (scripts/build release)" >&2; exit 2; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
bin=$work/obj/rtl_direct_mesh
rtl=("$root/rtl/wormsim_pkg.sv" $(ls "$root"/rtl/*.sv | grep -v _pkg.sv))
newest=$(ls -t "${rtl[@]}" "$root"/tb/rtl/*.h "$root"/tb/rtl/direct_fabric_test.cpp "$build/sc_models/libwormsim_core.a" | sed -n 1p)
if [ ! -x "$bin" ] || [ "$newest" -nt "$bin" ]; then
  verilator --cc --exe --build --hierarchical -j 2 -O2 --assert -Wno-fatal --prefix Vdirect_mesh \
    --top-module wormsim_mesh -GDimX=4 -GDimY=4 -GDimZ=4 -GNumVcs=2 -GBufDepth=4 \
    -I"$root/rtl" "$root/tb/rtl/mesh_hier.vlt" "${rtl[@]}" "$root/tb/rtl/direct_fabric_test.cpp" \
    --Mdir "$work/obj" -o rtl_direct_mesh \
    -CFLAGS "-O2 -std=c++17 -DWORMSIM_DIRECT_MESH -DWORMSIM_FABRIC_VCS=2 -DWORMSIM_FABRIC_DEPTH=4 -I$root/tb -I$root/sc_models/include $(pkg-config --cflags systemc)" \
    -LDFLAGS "$build/sc_models/libwormsim_core.a -lgtest -lpthread $(pkg-config --libs systemc)" \
    > "$work/verilator.log" 2>&1 || { tail -30 "$work/verilator.log"; exit 1; }
fi
exec "$bin" "$@"

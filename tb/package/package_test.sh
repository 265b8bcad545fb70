#!/usr/bin/env bash
# The library as another project takes it in: configure wormsim with only the
# library (finding GoogleTest, CLI11, yaml-cpp, nlohmann-json or Verilator is
# an error), build and install it, then build the outside project in
# sim/examples/outside_project against the installed package with CMake
# (find_package(wormsim)) and with pkg-config, and run what it built.
# Usage: package_test.sh <source-dir> <scratch-dir>
set -euo pipefail
src="$1"; work="$2"
rm -rf "$work"
mkdir -p "$work"
cmake -S "$src" -B "$work/lib" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 \
  -DWORMSIM_BUILD_CLI=OFF -DWORMSIM_BUILD_EXAMPLES=OFF -DWORMSIM_BUILD_TESTS=OFF -DWORMSIM_BUILD_RTL_TESTS=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_yaml-cpp=ON -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_verilator=ON -DCMAKE_INSTALL_PREFIX="$work/prefix" >/dev/null
cmake --build "$work/lib" -j2 >/dev/null
cmake --install "$work/lib" >/dev/null
echo "installed: $(cd "$work/prefix" && find . -name '*.a' -o -name '*.cmake' -o -name '*.pc' | sort | tr '\n' ' ')"

cmake -S "$src/sim/examples/outside_project" -B "$work/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer" | grep -E "error|warning" || true
"$work/consumer/fast_engine_example"
(cd "$work" && "$work/consumer/systemc_example" | grep -v -e '^$' -e SystemC -e Copyright -e RESERVED)
test -s "$work/r1_1_0_ports.vcd"
grep -q 'in_xp' "$work/r1_1_0_ports.vcd"

export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
# shellcheck disable=SC2046
c++ "$src/sim/examples/outside_project/fast_engine_example.cpp" $(pkg-config --cflags --libs wormsim) -o "$work/pc_example"
"$work/pc_example"
echo "package test: CMake and pkg-config consumers built and ran"

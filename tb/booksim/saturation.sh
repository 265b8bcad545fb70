#!/usr/bin/env bash
# Saturation throughput as BookSim users measure it: the highest injection
# rate (flits/node/cycle) at which a run stays stable, found by bisection.
# A run is unstable when BookSim prints "Simulation unstable" (its average
# latency passed latency_thres = 500, checked at every sample period; wormsim's
# settle rule, docs/booksim.md); the same file and overrides go to either.
# Usage: saturation.sh booksim|wormsim BINARY FILE.cfg   (prints the rate, 3 decimals)
set -euo pipefail
kind="$1"; bin="$2"; cfg="$3"
stable() {  # stable RATE: exit 0 when the run at RATE stays stable
  local out
  if [ "$kind" = booksim ]; then
    out=$("$bin" "$cfg" injection_rate="$1" latency_thres=500.0 2>&1) || [ $? = 255 ] || return 2
  else
    out=$("$bin" booksim "$cfg" injection_rate="$1" latency_thres=500.0 --quiet 2>&1) || return 2
  fi
  ! grep -q "Simulation unstable" <<<"$out"
}
lo=0.05 hi=1.0
stable "$lo" || { echo "saturation: unstable already at $lo" >&2; exit 1; }
for _ in 1 2 3 4 5 6 7 8 9; do
  mid=$(python3 -c "print(f'{($lo + $hi) / 2:.4f}')")
  if stable "$mid"; then lo=$mid; else hi=$mid; fi
done
python3 -c "print(f'{$lo:.3f}')"

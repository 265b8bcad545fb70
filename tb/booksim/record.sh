#!/usr/bin/env bash
# Records BookSim 2's figures beside each configuration of this folder that
# wormsim runs (every NAME.cfg but the *_keys.cfg files, which it refuses):
# NAME.booksim.txt holds BookSim's "Overall Traffic Statistics" block.
# BookSim is built outside the repository (it needs flex and bison):
#   git clone https://github.com/booksim/booksim2 /tmp/booksim2
#   make -C /tmp/booksim2/src
#   tb/booksim/record.sh /tmp/booksim2/src/booksim
set -euo pipefail
booksim="$1"
cd "$(dirname "$0")"
for cfg in *.cfg; do
  case "$cfg" in *_keys.cfg) continue ;; esac
  name="${cfg%.cfg}"
  # BookSim 2 exits with 255 (its main returns -1) after a successful run.
  out=$("$booksim" "$cfg" 2>&1) || [ $? = 255 ] || { echo "record: $cfg: BookSim failed" >&2; exit 1; }
  sed -n '/====== Overall Traffic Statistics ======/,$p' <<<"$out" > "$name.booksim.txt"
  [ -s "$name.booksim.txt" ] || { echo "record: $cfg: no overall statistics in BookSim's output" >&2; exit 1; }
  echo "$name: $(grep -m1 'Packet latency average' "$name.booksim.txt")"
done

#!/usr/bin/env bash
# Records BookSim 2's figures beside each configuration of this folder:
# NAME.booksim.txt holds BookSim's "Overall Traffic Statistics" block for the
# file run with seed=1, seed=2 and seed=3 on the command line (each block
# after a "// seed N" line). One run's latency varies by about 1.5% with the
# seed under load; CTest booksim_agreement compares the means of the three.
# BookSim is built outside the repository (it needs flex and bison):
#   git clone https://github.com/booksim/booksim2 /tmp/booksim2
#   make -C /tmp/booksim2/src
#   tb/booksim/record.sh /tmp/booksim2/src/booksim [NAME.cfg ...]
set -euo pipefail
booksim="$1"; shift
cd "$(dirname "$0")"
files=("$@"); [ ${#files[@]} -gt 0 ] || files=(*.cfg)
for cfg in "${files[@]}"; do
  name="${cfg%.cfg}"
  : > "$name.booksim.txt.new"
  for seed in 1 2 3; do
    # BookSim 2 exits with 255 (its main returns -1) after a successful run.
    out=$("$booksim" "$cfg" "seed=$seed" 2>&1) || [ $? = 255 ] || { echo "record: $cfg: BookSim failed" >&2; exit 1; }
    block=$(sed -n '/====== Overall Traffic Statistics ======/,$p' <<<"$out")
    [ -n "$block" ] || { echo "record: $cfg: no overall statistics in BookSim's output" >&2; exit 1; }
    printf '// seed %s\n%s\n' "$seed" "$block" >> "$name.booksim.txt.new"
  done
  mv "$name.booksim.txt.new" "$name.booksim.txt"
  echo "$name: $(grep 'Packet latency average' "$name.booksim.txt" | awk '{print $5}' | tr '\n' ' ')"
done

#!/usr/bin/env bash
# scripts/bench --booksim against a stand-in for BookSim 2 (a script that
# checks the configuration it is given and prints BookSim's report lines):
# the configuration carries wormsim's network and per-hop pipeline and the
# right warm-up and sample counts; the BookSim column is nodes x cycles taken
# / "Total run time"; the ratio is the two columns' quotient; runs are
# repeated and interleaved, the ratio also given best against best; --files
# runs a folder of recorded BookSim files (with --only, those whose name
# starts with it); a failing or wrong binary and bad options end in one line
# and exit 2.
# Usage: bench_booksim_test.sh <wormsim binary> <scratch dir>
set -euo pipefail
export WORMSIM="$1"
tmp="$2"; rm -rf "$tmp"; mkdir -p "$tmp"
root=$(cd "$(dirname "$0")/../.." && pwd)
bench="$root/scripts/bench"
fail() { echo "FAIL: $*"; exit 1; }

# The stand-in: refuses a configuration without the settings wormsim's
# pipeline needs, logs each call, reports 1,000 x max_samples + 7 cycles in
# 2 seconds and a latency of 30.5, and exits 255 as BookSim 2 does.
fake="$tmp/booksim"
cat >"$fake" <<EOF
#!/usr/bin/env bash
cfg="\$1"
for line in 'topology = mesh;' 'routing_function = dor;' 'num_vcs = 2;' 'vc_buf_size = 8;' 'packet_size = 4;' \\
            'traffic = uniform;' 'injection_rate_uses_flits = 1;' 'routing_delay = 0;' 'speculative = 1;' \\
            'credit_delay = 0;' 'sw_allocator = islip;' 'stopping_thres = 0.0;' 'sample_period = 1000;'; do
  grep -qxF "\$line" "\$cfg" || { echo "stand-in: the configuration lacks '\$line'"; exit 1; }
done
max=\$(sed -n 's/^max_samples = \([0-9]*\);\$/\1/p' "\$cfg")
echo "k=\$(sed -n 's/^k = \(.*\);/\1/p' "\$cfg") n=\$(sed -n 's/^n = \(.*\);/\1/p' "\$cfg") rate=\$(sed -n 's/^injection_rate = \(.*\);/\1/p' "\$cfg") warmup=\$(sed -n 's/^warmup_periods = \(.*\);/\1/p' "\$cfg") max=\$max" >>"$tmp/calls"
[ -n "\${FAKE_FAIL:-}" ] && { echo "Error: \$FAKE_FAIL"; exit 1; }
echo "Time taken is \$((max * 1000 + 7)) cycles"
echo "Packet latency average = 30.5 (1 samples)"
[ -n "\${FAKE_NO_TIME:-}" ] || echo "Total run time 2"
exit 255
EOF
chmod +x "$fake"

# One configuration, two interleaved repeats.
"$bench" --booksim "$fake" --repeat 2 --only "4x4x4" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/out" "$tmp/err"; fail "bench --booksim"; }
cat "$tmp/out"
[ "$(wc -l <"$tmp/calls")" = 2 ] || fail "expected BookSim to run twice, got: $(cat "$tmp/calls")"
grep -qx 'k=4 n=3 rate=0.1 warmup=1 max=11' "$tmp/calls" || fail "BookSim configuration: $(head -1 "$tmp/calls")"
row=$(grep '^4x4x4 mesh, uniform 0.1 ' "$tmp/out") || fail "no 4x4x4 row"
read -r w b ratio best lat <<<"$(sed -E 's/^4x4x4 mesh, uniform 0\.1 +([0-9.]+) M +([0-9.]+) M +([0-9.]+)x +([0-9.]+)x +([0-9.]+\/[0-9.]+).*/\1 \2 \3 \4 \5/' <<<"$row")"
# 64 nodes x 11,007 cycles / 2 s
[ "$b" = "0.352" ] || fail "BookSim column: expected 0.352 M node-cycles/s, got '$b'"
[ "$lat" = "20.3/30.5" ] || fail "latencies: expected 20.3/30.5 (wormsim's seed-1 figure and the stand-in's), got '$lat'"
python3 - "$w" "$b" "$ratio" <<'PY' || fail "ratio $ratio is not $w / $b"
import sys
w, b, r = map(float, sys.argv[1:])
sys.exit(0 if abs(w / b - r) <= 0.06 + 0.01 * r else 1)
PY
# the stand-in's time is fixed, so best against best is wormsim's fastest run over it: at least the median's ratio
python3 -c "import sys; sys.exit(0 if float('$best') >= float('$ratio') - 0.05 else 1)" \
  || fail "best ratio $best is below the median's $ratio"

# A failing binary, a binary that is not BookSim, bad options: one line, exit 2.
expect_error() {  # expected-text command...
  local want="$1"; shift
  set +e; "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?; set -e
  [ "$rc" = 2 ] || { cat "$tmp/out" "$tmp/err"; fail "'$*': exit $rc, expected 2"; }
  [ "$(wc -l <"$tmp/err")" = 1 ] || { cat "$tmp/err"; fail "'$*': expected one line of error"; }
  grep -qF -- "$want" "$tmp/err" || { cat "$tmp/err"; fail "'$*': error does not say '$want'"; }
  echo "refused as expected: $(cat "$tmp/err")"
}
FAKE_FAIL="no such topology" expect_error "failed (exit 1); its last line: Error: no such topology" \
  "$bench" --booksim "$fake" --repeat 1 --only 4x4x4
FAKE_NO_TIME=1 expect_error "printed no 'Total run time" "$bench" --booksim "$fake" --repeat 1 --only 4x4x4
expect_error "expected an executable BookSim 2 binary" "$bench" --booksim "$tmp/none"
expect_error "expected the start of a configuration's name" "$bench" --booksim "$fake" --only "no such network"
expect_error "only with --booksim" "$bench" --only 4x4x4
expect_error "expected a positive whole number" "$bench" --booksim "$fake" --repeat 0
WORMSIM="$tmp/none" expect_error "WORMSIM: expected an executable wormsim binary" "$bench" --booksim "$fake"
# --files: each recorded BookSim file run by both, a row per file with both ratios.
files="$tmp/files"; mkdir -p "$files"
cp "$root/tb/booksim/mesh444_default_router_010.cfg" "$root/tb/booksim/mesh444_default_router_010.booksim.txt" "$files/"
anyfake="$tmp/booksim-any"  # the stand-in without the pipeline check: BookSim's files set their own
printf '#!/usr/bin/env bash\necho "Time taken is 11007 cycles"\necho "Packet latency average = 30.5 (1 samples)"\necho "Total run time 2"\nexit 255\n' >"$anyfake"
chmod +x "$anyfake"
"$bench" --booksim "$anyfake" --files "$files" --repeat 2 >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/out" "$tmp/err"; fail "bench --files"; }
cat "$tmp/out"
row=$(grep '^mesh444_default_router_010 ' "$tmp/out") || fail "no row for the file"
read -r w b ratio best <<<"$(sed -E 's/^mesh444_default_router_010 +([0-9.]+) M +([0-9.]+) M +([0-9.]+)x +([0-9.]+)x .*/\1 \2 \3 \4/' <<<"$row")"
[ "$b" = "0.352" ] || fail "--files BookSim column: expected 0.352 M node-cycles/s (64 x 11,007 / 2 s), got '$b'"
python3 -c "import sys; w,b,r,x=map(float,sys.argv[1:]); sys.exit(0 if abs(w/b-r) <= 0.06+0.01*r and x >= r-0.05 else 1)" \
  "$w" "$b" "$ratio" "$best" || fail "--files ratios $ratio (median) and $best (best) against $w / $b"
# --only with --files: the files whose name starts with NAME, and none else.
cp "$root/tb/booksim/torus88_example.cfg" "$root/tb/booksim/torus88_example.booksim.txt" "$files/"
"$bench" --booksim "$anyfake" --files "$files" --only torus88 --repeat 1 >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/out" "$tmp/err"; fail "bench --files --only"; }
grep -q '^torus88_example ' "$tmp/out" || fail "--files --only torus88: no row for torus88_example"
if grep -q '^mesh444_default_router_010 ' "$tmp/out"; then fail "--files --only torus88 ran a file it does not name"; fi
expect_error "expected the start of a file's name" "$bench" --booksim "$anyfake" --files "$files" --only "no such file"
echo "bench booksim: pass"

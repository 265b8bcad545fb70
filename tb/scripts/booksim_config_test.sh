#!/usr/bin/env bash
# wormsim booksim: BookSim 2 configuration files read as BookSim reads them.
# - A file set to wormsim's pipeline runs, prints BookSim's statistics lines,
#   and gives exactly the figures of the `wormsim run` it says it maps to.
# - Syntax: comments, later keys override, KEY=VALUE after the file
#   overrides the file, {...} lists (packet sizes with weights).
# - Refusals (exit 2, one line naming the key, before any work): BookSim's
#   own examples at this release (their pipelines), unknown keys, topologies,
#   sim types and power keys wormsim does not model, syntax errors; --lenient
#   turns a refusal of an output-only key into a listed warning.
# Usage: booksim_config_test.sh <wormsim binary> <scratch dir>
set -euo pipefail
W="$1"; tmp="$2"; rm -rf "$tmp"; mkdir -p "$tmp"
here=$(cd "$(dirname "$0")/../booksim" && pwd)
fail() { echo "booksim config test: FAIL: $*"; exit 1; }
cfg="$here/mesh88_wormsim_pipeline.cfg"

# 1. runs, with BookSim's lines and the mapped run's figures
out=$("$W" booksim "$cfg" --json "$tmp/b.json")
head -16 <<<"$out"
grep -qE '^Packet latency average = [0-9.]+ \(1 samples\)$' <<<"$out" || fail "no 'Packet latency average' line"
grep -qE '^Accepted packet rate average = 0\.02[0-9]+ \(1 samples\)$' <<<"$out" || fail "no 'Accepted packet rate average' line"
grep -qE '^Time taken is [0-9]+ cycles$' <<<"$out" || fail "no 'Time taken' line"
mapped=$(sed -n 's/^wormsim booksim: .* runs as: wormsim run //p' <<<"$out")
[ -n "$mapped" ] || fail "the mapped command is not printed"
# shellcheck disable=SC2086
"$W" run $mapped --quiet --json "$tmp/r.json"
python3 - "$tmp/b.json" "$tmp/r.json" <<'PY' || fail "booksim and the run it maps to differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for k in ("avg_latency", "max_latency", "latency_histogram", "throughput", "injected_packets", "delivered_packets",
          "cycles"):
    if a.get(k) != b.get(k):
        sys.exit(f"{k}: {a.get(k)} against {b.get(k)}")
print(f"same figures: latency {a['avg_latency']}, throughput {a['throughput']}")
PY
lat=$(sed -n 's/^Packet latency average = \([0-9.]*\) .*/\1/p' <<<"$out")
python3 -c "import json,sys; a=json.load(open('$tmp/b.json'))['avg_latency']; sys.exit(abs(a-$lat)>1e-3*a)" \
  || fail "the BookSim line's latency $lat is not the run's"

# 2. syntax: a later key overrides, the command line overrides the file, lists
show() { "$W" booksim "$@" --show 2>&1; }
printf 'k = 4;\n' | cat "$cfg" - > "$tmp/later.cfg"
grep -q -- '--topology mesh:4x4 ' <<<"$(show "$tmp/later.cfg")" || fail "a later k did not override"
grep -q -- '--topology mesh:3x3 ' <<<"$(show "$tmp/later.cfg" k=3)" || fail "k=3 on the command line did not override"
grep -q -- '--rate 0.2 ' <<<"$(show "$cfg" injection_rate=0.05 injection_rate_uses_flits=0)" \
  || fail "a rate in packets was not multiplied by the packet size"
out=$(show "$cfg" 'packet_size={{1,5}}' 'packet_size_rate={{4,1}}' injection_rate_uses_flits=0 injection_rate=0.1)
grep -qE -- '--packet 1:0.8,5:0.2 --self-packets true --traffic uniform --rate 0\.180*2? ' <<<"$out" \
  || fail "packet size list: $out"
# a flat list gives one size per class, as BookSim reads it: class 0 takes the first
out=$(show "$cfg" 'packet_size={1,5}' 'packet_size_rate={4,1}')
grep -q -- '--packet 1 ' <<<"$out" || fail "a per-class packet size list: $out"
grep -q 'note: packet_size and packet_size_rate list one entry per traffic class' <<<"$out" || fail "no per-class note"
grep -q -- '--routing adaptive ' <<<"$(show "$cfg" routing_function=min_adapt)" || fail "min_adapt"
grep -q -- '--warmup 3000 --cycles 7000 ' <<<"$(show "$cfg" warmup_periods=3 max_samples=10)" || fail "periods"

# 3. refusals: exit 2, one line, the key named, nothing run or written
refused() {  # refused KEY-PATTERN ARGS...
  local want="$1"; shift
  local rc=0 err
  err=$("$W" booksim "$@" 2>&1 >/dev/null) || rc=$?
  [ "$rc" = 2 ] || fail "expected exit 2 for $*, got $rc: $err"
  [ "$(wc -l <<<"$err")" = 1 ] || fail "expected one line for $*: $err"
  grep -qE "$want" <<<"$err" || fail "expected '$want' for $*: $err"
  echo "refused: $err"
}
refused '^wormsim: output_speedup: output_speedup = 2 \(command line\): .*with the islip allocator' \
  "$here/torus88_example.cfg" output_speedup=2 vc_allocator=separable_input_first sw_allocator=separable_input_first \
  speculative=0
grep -q -- '--output-speedup 2 ' <<<"$(show "$here/mesh88_output_speedup2_030.cfg")" || fail "output_speedup is not mapped"
refused '^wormsim: input_speedup: input_speedup = 2 \(.*mesh88_lat_example.cfg:19\): .*with the islip allocator' \
  "$here/mesh88_lat_example.cfg" vc_allocator=separable_input_first sw_allocator=separable_input_first
refused '^wormsim: vc_alloc_delay: vc_alloc_delay = 2 \(command line\): .*BookSim 2 itself aborts' \
  "$here/torus88_example.cfg" vc_alloc_delay=2
refused '^wormsim: st_final_delay: ' "$here/torus88_example.cfg" st_final_delay=0
refused '^wormsim: topology: topology = dragonfly \(command line\): wormsim reads' "$cfg" topology=dragonfly \
  --json "$tmp/refused.json"
# a value the mapping accepts and the scenario refuses (a hot node outside the mesh): refused before any output
refused '^wormsim: hotspot_node: ' "$cfg" 'traffic=hotspot({99999},{1})' --json "$tmp/refused.json"
refused '^wormsim: sim_type: sim_type = throughput' "$cfg" sim_type=throughput
refused '^wormsim: sim_power: sim_power = 1 .*netlist' "$cfg" sim_power=1
grep -q -- '--input-speedup 2 ' <<<"$(show "$here/mesh88_lat_example.cfg")" || fail "input_speedup is not mapped"
grep -q -- '--credit-delay 2 ' <<<"$(show "$cfg" credit_delay=2)" || fail "credit_delay=2 is not mapped"
# the router pipeline: BookSim's default router, a speculative one, a longer traversal
grep -q -- '--routing-delay 1 --traversal-delay 1 ' <<<"$(show "$here/torus88_example.cfg")" \
  || fail "BookSim's default router is not mapped to --routing-delay 1 --traversal-delay 1"
grep -q -- '--routing-delay 0 --traversal-delay 1 .*--speculative true ' <<<"$(show "$cfg")" \
  || fail "the speculative pipeline is not mapped"
refused '^wormsim: speculative: speculative = 1 .*with the islip allocator' "$cfg" vc_allocator=separable_input_first \
  sw_allocator=separable_input_first
grep -q -- '--traversal-delay 1 --wait-for-tail-credit true ' <<<"$(show "$here/torus88_example.cfg" wait_for_tail_credit=1)" \
  || fail "wait_for_tail_credit is not mapped"
grep -q -- '--routing-delay 2 --traversal-delay 3 ' \
  <<<"$(show "$cfg" routing_delay=2 speculative=0 st_prepare_delay=1 st_final_delay=2)" || fail "traversal not mapped"
# the pipeline settings run in the SystemC fabric that records waves too, with the fast engine's results
for flags in "--routing-delay 2" "--traversal-delay 1 --credit-delay 2 --allow-shallow true"; do
  "$W" run --topology mesh:3x3 --rate 0.2 $flags --vcd "$tmp/r.vcd" --cycles 300 --json "$tmp/v.json" --quiet >/dev/null \
    && [ -s "$tmp/r.vcd" ] && "$W" run --topology mesh:3x3 --rate 0.2 $flags --cycles 300 --json "$tmp/f.json" --quiet \
    && python3 -c "import json,sys; a=json.load(open('$tmp/v.json')); b=json.load(open('$tmp/f.json')); sys.exit(a['avg_latency'] != b['avg_latency'] or a['delivered_flits'] != b['delivered_flits'])" \
    && rm "$tmp/r.vcd" "$tmp/v.json" "$tmp/f.json" || fail "$flags with --vcd: not the fast engine's run"
done
refused '^wormsim: num_vc: not a BookSim 2 configuration key \(command line\)' "$cfg" num_vc=4
grep -q -- '--traffic diagonal ' <<<"$(show "$cfg" traffic=neighbor)" || fail "neighbor is not mapped to diagonal"
# the allocators: BookSim's default islip (its iterations), separable_input_first; one allocator for both stages
grep -q -- '--allocator islip --alloc-iters 1 ' <<<"$(show "$cfg")" || fail "islip is not mapped"
grep -q -- '--allocator islip --alloc-iters 3 ' <<<"$(show "$cfg" alloc_iters=3)" || fail "alloc_iters is not mapped"
grep -q -- '--allocator separable ' \
  <<<"$(show "$cfg" vc_allocator=separable_input_first sw_allocator=separable_input_first speculative=0)" \
  || fail "separable_input_first is not mapped"
refused '^wormsim: sw_allocator: sw_allocator = separable_input_first .*one allocator in both stages' "$cfg" \
  sw_allocator=separable_input_first
refused '^wormsim: vc_allocator: vc_allocator = wavefront .*runs islip' "$cfg" vc_allocator=wavefront
# the SystemC fabric runs iSLIP, speculation and input and output speedups too, with the fast engine's results
islip="--allocator islip --alloc-iters 2 --speculative true --input-speedup 2 --output-speedup 2 --vcs 4"
"$W" run --topology mesh:3x3 --rate 0.3 $islip --vcd "$tmp/r.vcd" --cycles 300 --json "$tmp/v.json" --quiet >/dev/null \
  && "$W" run --topology mesh:3x3 --rate 0.3 $islip --cycles 300 --json "$tmp/f.json" --quiet \
  && python3 -c "import json,sys; a=json.load(open('$tmp/v.json')); b=json.load(open('$tmp/f.json')); sys.exit(a['avg_latency'] != b['avg_latency'] or a['delivered_flits'] != b['delivered_flits'])" \
  && rm "$tmp/r.vcd" "$tmp/v.json" "$tmp/f.json" || fail "islip, speculation and speedups with --vcd: not the fast engine's run"
grep -q -- '--injection markov --burst-alpha 0.5 --burst-beta 0.5 ' <<<"$(show "$cfg" injection_process=on_off)" \
  || fail "on_off is not mapped to markov"
grep -qE -- '--burst-alpha 0\.25(0000000000000[0-9]*)? --burst-beta 0.5 ' \
  <<<"$(show "$cfg" injection_process=on_off injection_rate=0.1 burst_alpha=-1 burst_r1=0.075)" \
  || fail "on_off's alpha is not derived from burst_r1"
refused '^wormsim: burst_r1: burst_r1 = 0.3 ' "$cfg" injection_process=on_off burst_r1=0.3
refused '^wormsim: injection_process: injection_process = self_similar' "$cfg" injection_process=self_similar
refused '^wormsim: seed: seed = time' "$cfg" seed=time
refused '^wormsim: print_activity: print_activity = 1 .*--lenient' "$cfg" print_activity=1
printf 'topology = mesh\nk = 4;\n' > "$tmp/syntax.cfg"
refused "^wormsim: booksim: .*syntax.cfg:2: expected ';' after 'topology = mesh'" "$tmp/syntax.cfg"
refused "^wormsim: booksim: cannot read the configuration file" "$tmp/missing.cfg"
# --lenient: the output-only key is listed, and the run goes on
err=$("$W" booksim "$cfg" print_activity=1 --lenient --show 2>&1 >/dev/null)
grep -q 'warning: print_activity = 1 (command line) is ignored' <<<"$err" || fail "--lenient: $err"
# the refusals wrote nothing
[ ! -e "$tmp/refused.json" ] && [ -z "$(ls -A "$tmp" | grep -v -e '\.cfg$' -e '^b\.json$' -e '^r\.json$')" ] \
  || fail "a refused run wrote its JSON or a temporary file: $(ls -A "$tmp")"
# the key table in docs/booksim.md is the command's
docs="$here/../../docs/booksim.md"
diff <(sed -n '/booksim-keys:begin/,/booksim-keys:end/p' "$docs" | sed '1d;$d') <("$W" booksim --keys) >/dev/null \
  || fail "docs/booksim.md's key table is not the output of 'wormsim booksim --keys'"
echo "booksim config test: pass"

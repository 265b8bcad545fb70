#!/usr/bin/env bash
# The multi-threaded engine under the thread sanitizer (the "threads" preset):
# runs that share their cycles between lanes (meshes, a torus with pipelined
# links, 3PT, transpose traffic cut again by counted work, which does not
# depend on timing and so always cuts, and by time, a source queue limit,
# adaptive routing, the runtime deadlock check), each of which must
# end with exit 0, without a sanitizer report, having run phases on several
# threads, and with the results of the same run on one thread.
# Usage: thread_races_test.sh <wormsim binary built with -fsanitize=thread> <scratch dir>
set -euo pipefail
W="$1"; tmp="$2"; rm -rf "$tmp"; mkdir -p "$tmp"
fail() { echo "thread races: FAIL: $*"; exit 1; }
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
runs=(
  "--topology mesh:16x16x8 --rate 0.1 --threads 4 --warmup 100 --cycles 200"
  "--topology mesh:8x8x8 --rate 0.2 --traffic transpose --threads 8 --warmup 500 --cycles 100 --lane-cut work"
  "--topology mesh:8x8x8 --rate 0.2 --traffic transpose --threads 8 --warmup 500 --cycles 100"
  "--topology torus:8x8x8 --rate 0.15 --link-latency 2 --threads 3 --warmup 100 --cycles 200"
  "--topology 3pt:4x4x4 --rate 0.1 --threads 4 --warmup 100 --cycles 150"
  "--topology mesh:16x16x4 --rate 0.2 --source-queue 2 --threads 2 --warmup 100 --cycles 100"
  "--topology mesh:16x16x4 --rate 0.2 --routing adaptive --threads 3 --warmup 100 --cycles 200"
)
i=0
for args in "${runs[@]}"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  rc=0; "$W" run $args --profile --json "$tmp/$i.json" >"$tmp/$i.out" 2>&1 || rc=$?
  if grep -q "ThreadSanitizer" "$tmp/$i.out"; then cat "$tmp/$i.out"; fail "a race reported: $args"; fi
  [ "$rc" = 0 ] || { tail -5 "$tmp/$i.out"; fail "exit $rc: $args"; }
  # shellcheck disable=SC2086
  "$W" run ${args/--threads [0-9]/--threads 1} --json "$tmp/$i.one.json" >/dev/null 2>&1 || fail "one thread: $args"
  python3 - "$tmp/$i.json" "$tmp/$i.one.json" "$args" <<'PY' || fail "$args"
import json, sys
many, one = (json.load(open(p)) for p in sys.argv[1:3])
shared = many["profile"]["evaluate_shared"]
if not shared > 0:
    sys.exit("no evaluation phase ran on several threads, so nothing was checked")
if "--lane-cut work" in sys.argv[3] and not many["profile"]["recuts"]:
    sys.exit("the run cut by counted work was not cut again, so the hand-over across a recut was not checked")
for k in ("avg_latency", "latency_histogram", "throughput", "injected_packets", "delivered_packets", "cycles"):
    if many.get(k) != one.get(k):
        sys.exit(f"{k}: {many.get(k)} on several threads against {one.get(k)} on one")
print(f"no race: {sys.argv[3]} ({shared:.2f} s of shared phases, latency {many['avg_latency']:.2f} as on one thread)")
PY
done
echo "thread races: pass"

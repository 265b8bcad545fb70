#!/usr/bin/env bash
# scripts/sweep --slurm against a real Slurm: munged, slurmctld and slurmd
# started on this machine by tb/scripts/slurm_cluster.sh (stopped on exit).
# The job array (12 points, 2 per task: 6 tasks) gives the same numbers as
# the local run, the #SBATCH lines carry the options, and `collect` lists a
# point that has no result and exits 3. Exit 77 (skipped) when Slurm cannot
# run here, with the reason.
# Usage: sweep_slurm_test.sh <wormsim binary> <scratch dir>
set -euo pipefail
export WORMSIM="$1"
tmp="$2"; rm -rf "$tmp"; mkdir -p "$tmp"
root=$(cd "$(dirname "$0")/../.." && pwd)
sweep="$root/scripts/sweep"
fail() { echo "FAIL: $*"; exit 1; }

set +e
env_line=$("$root/tb/scripts/slurm_cluster.sh" start "$tmp/cluster")
rc=$?
set -e
[ "$rc" = 77 ] && exit 77
[ "$rc" = 0 ] || fail "slurm_cluster.sh start exit $rc"
trap '"$root/tb/scripts/slurm_cluster.sh" stop "$tmp/cluster"' EXIT
eval "$env_line"
sinfo
# The cluster must run a trivial job before the study is held to anything:
# a machine where jobs cannot start (cgroups, resources) is a skip, said why.
if ! timeout 60 sbatch --wait --output=/dev/null --wrap true >/dev/null 2>"$tmp/probe.err"; then
  echo "sweep_slurm: skipped: a trivial Slurm job did not run within 60 s: $(head -1 "$tmp/probe.err")"
  squeue 2>&1 | sed -n 1,5p || true
  exit 77
fi

cat > "$tmp/study.yaml" <<'YAML'
name: slurm-study
fixed: {warmup: 200, cycles: 1500}
axes:
  topology: [mesh:4x4x2, 3pt:2x2x2]
  rate: [0.05, 0.2, 0.4]
  seed: [1, 2]
YAML
timeout 400 "$sweep" "$tmp/study.yaml" --out "$tmp/slurm" --slurm --wait --batch 2 --time 0:05:00 --mem 300M \
  --sbatch-arg=--comment=wormsim-test >"$tmp/slurm.log" 2>&1 || { cat "$tmp/slurm.log"; fail "slurm sweep"; }
cat "$tmp/slurm.log"
job="$tmp/slurm/slurm/job.sh"
for l in '#SBATCH --array=0-5' '#SBATCH --time=0:05:00' '#SBATCH --mem=300M' '#SBATCH --cpus-per-task=1' \
         '#SBATCH --comment=wormsim-test'; do
  grep -qx -- "$l" "$job" || fail "job.sh lacks '$l'"
done
[ "$(ls "$tmp"/slurm/slurm/logs/task-*.status | wc -l)" = 6 ] || fail "expected 6 array tasks to have run"
[ "$(ls "$tmp"/slurm/points/*.json | wc -l)" = 12 ] || fail "expected 12 results from the array"

"$sweep" "$tmp/study.yaml" --out "$tmp/local" --quiet >/dev/null 2>&1 || fail "local sweep"
strip() {
  python3 -c "import csv,sys; [print(','.join(v for k, v in r.items() if k not in ('wall_seconds', 'node_cycles_per_second'))) for r in csv.DictReader(open(sys.argv[1]))]" "$1"
}
diff <(strip "$tmp/local/results.csv") <(strip "$tmp/slurm/results.csv") || fail "Slurm and local results differ"

# collect with one result gone: 11 merged, the missing one listed, exit 3.
points=("$tmp"/slurm/points/*.json)
rm "${points[0]}"
set +e; "$sweep" collect "$tmp/slurm" >"$tmp/collect.log" 2>&1; rc=$?; set -e
cat "$tmp/collect.log"
[ "$rc" = 3 ] || fail "collect with a missing point: exit $rc, expected 3"
grep -q '11/12 points' "$tmp/collect.log" || fail "collect did not merge 11 points"
[ "$(wc -l <"$tmp/slurm/failed.txt")" = 1 ] || fail "failed.txt should list 1 point"
echo "sweep slurm: pass"

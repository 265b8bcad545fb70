#!/usr/bin/env bash
# tb/scripts/slurm_cluster.sh — a real one-node Slurm cluster for tests:
# munged, slurmctld and slurmd from Debian's slurm-wlm and munge, all as root,
# with configuration, state, spool and logs under one temporary directory.
#   eval "$(tb/scripts/slurm_cluster.sh start DIR)"   # exports SLURM_CONF
#   tb/scripts/slurm_cluster.sh stop DIR
# start exits 77 (the skip code the tests use) when Slurm cannot run here:
# not root, the packages missing, or the daemons not coming up; it says why.
set -uo pipefail
cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }

skip() { echo "slurm_cluster: cannot run Slurm here: $*" >&2; exit 77; }

stop() {
  for f in "$dir"/slurmd.pid "$dir"/slurmctld.pid; do
    [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null
  done
  [ -s "$dir/munged.pid" ] && kill "$(cat "$dir/munged.pid")" 2>/dev/null
  sleep 1
  return 0
}

if [ "$cmd" = stop ]; then stop; exit 0; fi

[ "$(id -u)" -eq 0 ] || skip "needs root (SlurmUser=root)"
for b in munged slurmctld slurmd sbatch squeue; do
  command -v "$b" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin
  command -v "$b" >/dev/null 2>&1 || skip "$b is not installed (scripts/setup installs slurm-wlm and munge)"
done
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(( $(awk '/^MemTotal/ {print $2}' /proc/meminfo) / 1024 ))
# Ports away from the defaults so a real cluster on the machine is untouched.
base=$(( 16817 + RANDOM % 2000 ))
cat > "$dir/slurm.conf" <<CONF
ClusterName=wormsimtest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
SlurmctldPort=$base
SlurmdPort=$(( base + 1 ))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
munged --force --socket="$dir/munge/munge.socket" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munge/seed" 2>"$dir/munged.err" ||
  skip "munged did not start: $(head -1 "$dir/munged.err")"
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF" 2>"$dir/slurmctld.err" || { stop; skip "slurmctld did not start: $(head -1 "$dir/slurmctld.err")"; }
slurmd -f "$SLURM_CONF" 2>"$dir/slurmd.err" || { stop; skip "slurmd did not start: $(head -1 "$dir/slurmd.err")"; }
for _ in $(seq 1 30); do
  state=$(sinfo -h -o %T 2>/dev/null | sed -n 1p)
  case "$state" in idle|mixed|allocated) echo "export SLURM_CONF=$SLURM_CONF"; exit 0 ;; esac
  sleep 1
done
stop
skip "the node never became idle (state '${state:-none}'; see $dir/slurmctld.log)"

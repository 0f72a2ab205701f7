#!/bin/sh
# The Slurm recipe (examples/cluster/slurm.sh) on a REAL single-node
# Slurm: installs Debian's slurm-wlm and munge if missing (as root),
# starts a private munged, slurmctld and slurmd for localhost (own key,
# socket, ports, state and spool under WORKDIR), submits the example
# array job (SHARDS shards of GAMES base games) and its merge job, checks
# the merged summary against one process over the same seeds, and stops
# the daemons it started.
#
# Usage: slurm_test.sh MEEPLE WORKDIR (from the source root). Exit 77
# (skipped) when Slurm is missing and cannot be installed.
set -eu
MEEPLE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
WORK=$(mkdir -p "$2" && cd "$2" && pwd)
GAMES=${GAMES:-20000}
SHARDS=${SHARDS:-4}
ROOT=$(pwd)
start=$(date +%s)

if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get > /dev/null; then
    echo "slurm-wlm and munge are not installed, and this is not root"; exit 77
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge > "$WORK/apt.log" 2>&1 \
    || { apt-get update -q > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive \
         apt-get install -y -q slurm-wlm munge > "$WORK/apt.log" 2>&1; } \
    || { echo "cannot install slurm-wlm and munge"; tail "$WORK/apt.log"; exit 77; }
fi
[ "$(id -u)" -eq 0 ] || { echo "slurmd must run as root here"; exit 77; }

rm -rf "$WORK"/*
mkdir -p "$WORK/munge" "$WORK/state" "$WORK/spool" "$WORK/study"
chmod 700 "$WORK/munge"
PIDS=""
stop() {
  for f in "$WORK/slurmd.pid" "$WORK/slurmctld.pid" "$WORK/munge/munged.pid"; do
    [ -s "$f" ] && kill "$(cat "$f")" 2> /dev/null || true
  done
  for p in $PIDS; do kill "$p" 2> /dev/null || true; done
  sleep 1
}
trap stop EXIT
fail() {
  echo "FAIL: $*"
  for log in slurmctld.log slurmd.log munge/munged.log; do
    [ -f "$WORK/$log" ] && { echo "--- $log"; tail -15 "$WORK/$log"; }
  done
  ls "$WORK/study"; cat "$WORK"/study/*.log 2> /dev/null | tail -20
  exit 1
}

# munge: a key of our own, a socket of our own
dd if=/dev/urandom of="$WORK/munge/munge.key" bs=1024 count=1 2> /dev/null
chmod 400 "$WORK/munge/munge.key"
munged --force --socket="$WORK/munge/munge.socket" --key-file="$WORK/munge/munge.key" \
  --pid-file="$WORK/munge/munged.pid" --log-file="$WORK/munge/munged.log" \
  --seed-file="$WORK/munge/munged.seed" || fail "munged did not start"

# two free ports for slurmctld and slurmd
port=$(( 20000 + $$ % 20000 ))
while [ -n "$(ss -Hltn "sport = :$port or sport = :$((port + 1))" 2> /dev/null)" ]; do
  port=$((port + 2))
done
cat > "$WORK/slurm.conf" <<CONF
ClusterName=meepletest
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$WORK/munge/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=600
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$(awk '/^MemTotal/ { print int($2 / 2048) }' /proc/meminfo) State=UNKNOWN
PartitionName=meeple Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$WORK/slurm.conf"
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" -N localhost || fail "slurmd did not start"
i=0
until sinfo -h -o %T 2> /dev/null | grep -q idle; do
  i=$((i + 1)); [ $i -lt 60 ] || fail "the node did not come up: $(sinfo 2>&1)"
  sleep 1
done

# the example, as a user would submit it
MEEPLE=$MEEPLE GAMES=$GAMES SHARDS=$SHARDS OUT=$WORK/study \
  sh "$ROOT/examples/cluster/slurm.sh" --seed 5 > "$WORK/submit.log" || fail "submit: $(cat "$WORK/submit.log")"
array=$(awk '$1 == "array" { print $2 }' "$WORK/study/jobs")
merge=$(awk '$1 == "merge" { print $2 }' "$WORK/study/jobs")
echo "submitted array job $array and merge job $merge"
i=0
while squeue -h -j "$array,$merge" 2> /dev/null | grep -q .; do
  i=$((i + 1)); [ $i -lt 900 ] || fail "jobs still queued after 900 s: $(squeue)"
  sleep 1
done
state=$(scontrol show job "$merge" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
[ "$state" = COMPLETED ] || fail "merge job $merge ended $state"
for t in $(seq 1 "$SHARDS"); do
  s=$(scontrol show job "${array}_$t" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  [ "$s" = COMPLETED ] || fail "array task $t ended $s"
done

"$MEEPLE" sim --games "$GAMES" --seed 5 --json > "$WORK/one.json"
cmp "$WORK/one.json" "$WORK/study/summary.json" || fail "merged summary differs from one process"
grep -q "games/s" "$WORK"/study/shard-*_1.log || fail "no progress in the shard's log"
echo "slurm: $SHARDS shards x $((GAMES / SHARDS)) games as array job $array, merged by job $merge:" \
     "equal to one process; $(( $(date +%s) - start )) s"

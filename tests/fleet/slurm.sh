#!/bin/sh
# ct-fleet through a real Slurm: a cluster of three nodes on this machine
# (Debian's munged, slurmctld and one slurmd per node, "multiple slurmd":
# NodeHostname=localhost, a port and a spool each), configured and kept
# under the test's directory on unprivileged ports, started here and
# always stopped (trap).  Then the main job on every node (ct-fleet -q
# srun -N3: a new allocation), again into the same directory (each node's
# second directory beside its first), ct-clock through sbatch (inside an
# allocation: the step takes its nodes whole), and a tool that fails on
# every node.  Checks the directories, the machine records (the node's
# hostname, the Slurm job and node) and ct-compare --fleet's table of them.
# Skips only where a binary is missing (.ci/run installs them).
. "${top_srcdir:-..}/tests/lib.sh"

for b in munged slurmctld slurmd srun sbatch sinfo scontrol; do
	command -v "$b" >/dev/null 2>&1 ||
		skip "$b is not installed (Debian: munge, slurmctld, slurmd, slurm-client)"
done
CT_FLEET=$top_builddir/ct-fleet
[ -x "$CT_FLEET" ] || fail "no $CT_FLEET"

# Nothing of a Slurm job this test may be running in: the runs below make
# their own, and their records must name those.
for v in $(env | sed -n 's/^\(SLURM[A-Z_]*\)=.*/\1/p'); do
	unset "$v"
done

# munged wants every directory above its socket searchable by all.
chmod 711 "$tmp" || exit 99
s=$tmp/slurm
mkdir -p "$s/munge" "$s/state" "$s/spool" "$s/log" || exit 99
chmod 755 "$s" "$s/munge" || exit 99

# alive PID: running (a daemon whose parent has not reaped it yet is a
# zombie here, and has stopped).
alive() {
	kill -0 "$1" 2>/dev/null || return 1
	[ -r "/proc/$1/stat" ] || return 0
	! sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | grep -q '^Z'
}

# The daemons' pids, from their pid files (written when each has started).
daemons() {
	for p in "$s"/slurmd-*.pid "$s/slurmctld.pid" "$s/munge/munged.pid"; do
		[ -f "$p" ] && cat "$p"
	done
}

stop() {
	# Each daemon by its pid, then wait until every one has gone.
	running=$(daemons)
	for p in $running; do
		kill "$p" 2>/dev/null
	done
	i=0
	for p in $running; do
		while alive "$p" && [ "$i" -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		alive "$p" && kill -9 "$p" 2>/dev/null
	done
	return 0
}
trap 'stop; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

# logs FILE...: the daemons' last lines, for a failure's message.
logs() {
	for f in "$s"/log/*.log "$s/munge/munged.log"; do
		[ -f "$f" ] && { echo "== $f"; tail -n 15 "$f"; }
	done
}

# Four free ports in a row, from one drawn by the process id (another
# test, another cluster, may hold some).
listening() {
	awk 'NR > 1 && $4 == "0A" { split($2, a, ":"); print a[2] }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
port=$((20000 + $$ % 20000))
tries=0
while :; do
	busy=$(listening)
	free=1
	for q in 0 1 2 3; do
		h=$(printf '%04X' $((port + q)))
		echo "$busy" | grep -qx "$h" && free=0
	done
	[ "$free" = 1 ] && break
	port=$((port + 7))
	tries=$((tries + 1))
	[ "$tries" -lt 50 ] || fail "no four free ports from $((20000 + $$ % 20000))"
done

dd if=/dev/urandom of="$s/munge/munge.key" bs=1 count=1024 2>/dev/null || exit 99
chmod 400 "$s/munge/munge.key" || exit 99
munged --socket="$s/munge/munge.socket" --key-file="$s/munge/munge.key" \
	--pid-file="$s/munge/munged.pid" --log-file="$s/munge/munged.log" \
	--seed-file="$s/munge/munged.seed" 2>"$tmp/munged.err" ||
	fail "munged did not start: $(cat "$tmp/munged.err" "$s/munge/munged.log" 2>/dev/null)"

me=$(id -un)
host=$(uname -n | cut -d. -f1)
cat >"$s/slurm.conf" <<EOF
# A test cluster of three nodes on one machine (tests/fleet/slurm.sh).
ClusterName=ctfleet
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmUser=$me
SlurmdUser=$me
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$s/munge/munge.socket
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool/%n
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd-%n.pid
SlurmctldLogFile=$s/log/slurmctld.log
SlurmdLogFile=$s/log/slurmd-%n.log
# No cgroups in a container: processes tracked by /proc, tasks unbound.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/linear
SchedulerType=sched/builtin
ReturnToService=2
MailProg=/bin/true
NodeName=ct1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((port + 1)) CPUs=1 State=UNKNOWN
NodeName=ct2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((port + 2)) CPUs=1 State=UNKNOWN
NodeName=ct3 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((port + 3)) CPUs=1 State=UNKNOWN
PartitionName=fleet Nodes=ct[1-3] Default=YES MaxTime=10 State=UP
EOF
SLURM_CONF=$s/slurm.conf
export SLURM_CONF
slurmctld -i -f "$SLURM_CONF" 2>"$tmp/ctld.err" || fail "slurmctld did not start: $(cat "$tmp/ctld.err"; logs)"
for n in ct1 ct2 ct3; do
	slurmd -f "$SLURM_CONF" -N "$n" 2>"$tmp/slurmd.err" ||
		fail "slurmd -N $n did not start: $(cat "$tmp/slurmd.err"; logs)"
done
i=0
until [ "$(sinfo -h -o '%T %D' -t idle 2>/dev/null)" = "idle 3" ]; do
	i=$((i + 1))
	[ "$i" -lt 150 ] || fail "the three nodes are not idle after 30 s: $(sinfo 2>&1; logs)"
	sleep 0.2
done

# rec DIR KEY: the machine record's KEY in DIR/raw.txt.
rec() {
	"$JSONL" -r machine -f "$2" "$1/raw.txt"
}

# The main job on every node: a new allocation of the three.
expect_status 0 "$CT_FLEET" -q -o "$tmp/fleet" srun -N3
cp "$tmp/out" "$tmp/table1"
cp "$tmp/err" "$tmp/err1"
[ "$(cd "$tmp/fleet" && ls | tr '\n' ' ')" = "ct1 ct2 ct3 " ] ||
	fail "not a directory per node: $(ls -a "$tmp/fleet")"
grep -q "^ct-fleet: 3 hosts in $tmp/fleet: ct1 ct2 ct3\$" "$tmp/err1" ||
	fail "no line naming the hosts collected: $(cat "$tmp/err1")"
job=
for n in 1 2 3; do
	d=$tmp/fleet/ct$n
	"$JSONL" "$d/raw.txt" || fail "ct$n's raw.txt is not JSON Lines"
	[ "$(rec "$d" tool)" = ct-place ] || fail "ct$n: not ct-place's records"
	[ "$(rec "$d" hostname)" = "$(uname -n)" ] ||
		fail "ct$n: hostname $(rec "$d" hostname), not this machine's $(uname -n)"
	[ "$(rec "$d" slurm_node_name)" = ct$n ] || fail "ct$n: slurm_node_name $(rec "$d" slurm_node_name)"
	[ "$(rec "$d" slurm_node_id)" = $((n - 1)) ] || fail "ct$n: slurm_node_id $(rec "$d" slurm_node_id)"
	j=$(rec "$d" slurm_job_id)
	case $j in '' | *[!0-9]*) fail "ct$n: slurm_job_id '$j' is not a job" ;; esac
	[ -z "$job" ] || [ "$j" = "$job" ] || fail "ct$n: job $j, another node's $job"
	job=$j
	[ "$(rec "$d" slurm_array_job_id)" = null ] || fail "ct$n: an array job outside an array"
	# The main job whole: 5 kernels a placement, samples with them.
	[ "$(grep -c '"record":"summary"' "$d/raw.txt")" -ge 10 ] || fail "ct$n: not the main job's summaries"
	grep -q '"record":"sample"' "$d/raw.txt" || fail "ct$n: no samples (ct-place -s)"
done
# The fleet table on standard output: three hosts, one cpu model.
grep -q '^ct-compare --fleet: 3 hosts side by side$' "$tmp/table1" || fail "no fleet table: $(cat "$tmp/table1")"
grep -q '^cpu models: *1$' "$tmp/table1" || fail "not one cpu model"
expect_status 0 "$CT_COMPARE" --fleet -f json "$tmp/fleet/ct1" "$tmp/fleet/ct2" "$tmp/fleet/ct3"
[ "$("$JSONL" -r fleet_host -f host "$tmp/out" | tr '\n' ' ')" = "ct1 ct2 ct3 " ] ||
	fail "the fleet's hosts are not the three nodes: $("$JSONL" -r fleet_host -f host "$tmp/out")"
[ "$("$JSONL" -r fleet_host -f slurm_job_id "$tmp/out" | sort -u)" = "$job" ] || fail "fleet_host: not job $job"
for g in $("$JSONL" -r fleet -f group_hosts "$tmp/out" | sort -u); do
	[ "$g" = 3 ] || fail "a group of $g, not the three nodes"
done

# Again into the same directory: the first run's files kept, each node's
# second run beside them.
sum1=$(cat "$tmp/fleet"/ct*/raw.txt | cksum)
expect_status 0 "$CT_FLEET" -q -o "$tmp/fleet" srun -N3 -- ct-clock -s
[ "$(cd "$tmp/fleet" && ls | tr '\n' ' ')" = "ct1 ct1-2 ct2 ct2-2 ct3 ct3-2 " ] ||
	fail "a second run did not go beside the first: $(ls "$tmp/fleet")"
[ "$(cat "$tmp/fleet"/ct[123]/raw.txt | cksum)" = "$sum1" ] || fail "the first run's files changed"
[ "$(rec "$tmp/fleet/ct2-2" tool)" = ct-clock ] || fail "ct2-2: not ct-clock's records"
[ "$(rec "$tmp/fleet/ct2-2" slurm_node_name)" = ct2 ] || fail "ct2-2: not node ct2's"

# Through sbatch, as a cluster runs it: inside the allocation, the step
# takes the three nodes whole.  The batch job's id is in every record.
sbatch --parsable -N3 --exclusive --wait -o "$tmp/batch.out" \
	--wrap "'$CT_FLEET' -q -o '$tmp/batch' srun -- ct-clock -s" >"$tmp/sbatch" 2>"$tmp/sbatch.err" ||
	fail "sbatch: $(cat "$tmp/sbatch.err" "$tmp/batch.out"; logs)"
bjob=$(cut -d';' -f1 "$tmp/sbatch")
[ "$(cd "$tmp/batch" && ls | tr '\n' ' ')" = "ct1 ct2 ct3 " ] ||
	fail "sbatch: not a directory per node: $(ls "$tmp/batch"; cat "$tmp/batch.out")"
for n in 1 2 3; do
	[ "$(rec "$tmp/batch/ct$n" slurm_job_id)" = "$bjob" ] ||
		fail "sbatch: ct$n's records name job $(rec "$tmp/batch/ct$n" slurm_job_id), not $bjob"
done
grep -q '^ct-compare --fleet: 3 hosts side by side$' "$tmp/batch.out" ||
	fail "sbatch: no fleet table in the job's output: $(cat "$tmp/batch.out")"

# A tool that fails on every node: each named, exit 1, nothing compared.
expect_status 1 "$CT_FLEET" -o "$tmp/bad" srun -N3 -- ct-clock --no-such-option
for n in 1 2 3; do
	grep -q "^ct-fleet: ct$n: the tool exited 2 " "$tmp/err" || fail "no line for ct$n's failure: $(cat "$tmp/err")"
done
grep -q '^ct-fleet: srun exited ' "$tmp/err" || fail "srun's status not said: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "a table of failed runs: $(cat "$tmp/out")"

# Nothing left running once stopped.
running=$(daemons)
[ "$(echo $running | wc -w)" -eq 5 ] || fail "not five daemons' pid files: $running"
stop
for p in $running; do
	alive "$p" && fail "pid $p still runs after stop: $(ps -o pid,stat,args -p "$p")"
done
exit 0

#!/bin/sh
# ct-place --bench, live: a run's disturbance is what it lost to others
# (its run-queue wait and the steal, lost_s), not its CPU time over its
# wall time, and its cpu basis counts the command from its exec on.
# Asserted from each run's own figures, never the machine's quietness:
#   - sleep 0.05: a share far under 0.9, and a run disturbed exactly when
#     it lost over 10 % (lost_share), lost_s its wait plus its steal;
#   - a CPU-bound loop limited to a cpu that tests/spin keeps busy (perf
#     path and CT_OBSERVE=sampled): it waits for its cpu, every run lost
#     over 10 % and is marked, in the records and the table;
#   - /bin/true: each run's CPU time within its wall time, and in every
#     run the setup's (the fork's and the gate's) out of it, in exec_cpu_s;
#   - --observe's one run: the same figures and rule.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "uses cpu affinity and schedstat"
[ -r /proc/self/schedstat ] || skip "no /proc/PID/schedstat (a kernel without CONFIG_SCHED_INFO)"
unset CT_KINDS CT_OBSERVE

# runs FILE PLACEMENT: its bench_run records, one a line.
runs() {
	grep '"record":"bench_run"' "$1" | grep "\"placement\":\"$2\""
}
# each FILE PLACEMENT AWK: AWK on each run's wall cpu exec wait steal lost
# lost_share disturbed (as numbers, disturbed 1 or 0); fails with its output.
each() {
	runs "$1" "$2" >"$tmp/r"
	[ -s "$tmp/r" ] || fail "$2: no runs in $1"
	cols bench_run "$tmp/r" "$2"
	awk "$3" "$tmp/cols" >"$tmp/why" || fail "$2: $(cat "$tmp/why")"
}
# cols RECORD FILE WHAT: $tmp/cols, the lost figures of FILE's RECORD
# records a line (the columns each's AWK reads); WHAT names them in a failure.
cols() {
	for f in wall_s cpu_s exec_cpu_s run_queue_wait_s steal_s lost_s lost_share disturbed; do
		"$JSONL" -r "$1" -f $f "$2" >"$tmp/f.$f" || fail "$3: no $f"
	done
	paste -d ' ' "$tmp/f.wall_s" "$tmp/f.cpu_s" "$tmp/f.exec_cpu_s" "$tmp/f.run_queue_wait_s" \
		"$tmp/f.steal_s" "$tmp/f.lost_s" "$tmp/f.lost_share" "$tmp/f.disturbed" |
		sed 's/ true$/ 1/; s/ false$/ 0/' >"$tmp/cols"
}
# The rule, from the run's own figures: disturbed when over 10 % lost.
# (The records' numbers have 4 to 6 digits: a share within 0.001 of the
# threshold is not held to it.)
rule='{ had = ($1 > $2 + $6) ? $1 : $2 + $6
	if (($6 - ($4 + $5))^2 > 1e-10 * $6^2 + 1e-16) { print "lost_s " $6 " is not wait " $4 " + steal " $5; bad = 1 }
	if (($7 - $6 / had)^2 > 1e-6) { print "lost_share " $7 " is not " $6 " of " had; bad = 1 }
	if (($7 - 0.1)^2 > 1e-6 && $8 != ($7 > 0.1)) { print "lost_share " $7 ": disturbed " $8; bad = 1 } }
	END { exit bad }'

# --- A sleeper: its own waiting is no disturbance. ---
expect_status 0 "$CT_PLACE" --bench --no-progress -p main -r 10 -f json -- sleep 0.05
cp "$tmp/out" "$tmp/sleep.json"
each "$tmp/sleep.json" main "$rule"
each "$tmp/sleep.json" main '$2 / $1 > 0.5 { print "sleep 0.05 had a share of " $2 / $1; bad = 1 }
	END { exit bad }'
d=$(awk '{ d += $8 } END { print d + 0 }' "$tmp/cols")
[ "$("$JSONL" -r bench_summary -f disturbed "$tmp/sleep.json" | sort -u)" = "$d" ] ||
	fail "the summary's disturbed runs are not the $d the runs say"

# --- CPU-bound on a busy cpu: it waits for it, and is marked. ---
two_cpus
start_busy "$E" 300
loop='i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'
for how in perf sampled; do
	[ $how = sampled ] && export CT_OBSERVE=sampled
	expect_status 0 $lim "$CT_PLACE" --bench --no-progress -c "$E" -r 3 --warmup 0 -f json -- \
		sh -c "$loop"
	cp "$tmp/out" "$tmp/busy-$how.json"
	each "$tmp/busy-$how.json" "cpus-$E" "$rule"
	each "$tmp/busy-$how.json" "cpus-$E" '$8 != 1 { print "a run beside a busy cpu lost " $7 ", not marked"; bad = 1 }
		END { exit bad }'
	expect_status 0 $lim "$CT_PLACE" --bench --no-progress -c "$E" -r 2 --warmup 0 -- sh -c "$loop"
	grep "^cpus-$E " "$tmp/out" | head -1 | grep -q '[0-9]\* ' ||
		fail "$how: the table does not mark cpus-$E: $(cat "$tmp/out")"
	unset CT_OBSERVE
done
kill "$busy" 2>/dev/null

# --- /bin/true: the command's CPU time from its exec on, within its wall time. ---
expect_status 0 "$CT_PLACE" --bench --no-progress -p main -r 10 -f json -- /bin/true
each "$tmp/out" main '$2 > $1 + 2e-6 { print "cpu " $2 " s over wall " $1 " s"; bad = 1 }
	!($3 > 0) { print "no setup time taken out: exec_cpu_s " $3; bad = 1 } END { exit bad }'
s=$(grep '"basis":"cpu"' "$tmp/out" | "$JSONL" -r bench_summary -f cpu_share -)
awk -v s="$s" 'BEGIN { exit !(s <= 1) }' || fail "/bin/true: cpu share $s"

# --- --observe: the same figures and rule for its one run. ---
expect_status 0 "$CT_PLACE" --observe -f json -- sleep 0.05
grep '"record":"observe_command"' "$tmp/out" >"$tmp/oc"
cols observe_command "$tmp/oc" --observe
awk "$rule" "$tmp/cols" >"$tmp/why" || fail "--observe: $(cat "$tmp/why")"
awk '!($3 > 0) || $2 > $1 { exit 1 }' "$tmp/cols" || fail "--observe: $(cat "$tmp/cols")"
exit 0

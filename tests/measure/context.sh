#!/bin/sh
# The context of a run: the machine record's fields against what the
# system says, the load and the descheduled samples taken after the run,
# a warning for samples the thread was descheduled in (forced by a busy
# loop on the same cpu), and the warnings that a run gives always matching
# what its record says.  Robust to a shared machine: nothing here assumes
# the machine is quiet.
. "${top_srcdir:-..}/tests/lib.sh"

m() {
	"$JSONL" -r machine -f "$1" "$tmp/out"
}

expect_status 0 "$CT_CLOCK" -q -S 0 -f json
"$JSONL" "$tmp/out" || fail "bad json"
[ -n "$(messages "$tmp/err")" ] && fail "stderr: $(cat "$tmp/err")"
# Every line on stderr is one warning.
[ "$(grep -vc '^\(lt-\)\{0,1\}ct-clock: warning: ' "$tmp/err")" -eq 0 ] || fail "stderr: $(cat "$tmp/err")"

# Strings from a known set, counts that are counts.
case $(m turbo) in on|off|unknown) ;; *) fail "turbo '$(m turbo)'" ;; esac
case $(m thp) in always|madvise|never|none) ;; *) fail "thp '$(m thp)'" ;; esac
[ -n "$(m energy_performance_preference)" ] || fail "no energy_performance_preference"
[ -n "$(m container)" ] || fail "no container"
online=$(m cpus_online)
allowed=$(m cpus_allowed)
[ "$allowed" -ge 1 ] && [ "$allowed" -le "$online" ] || fail "cpus_allowed $allowed of $online online"
if [ "$allowed" -lt "$online" ]; then want=true; else want=false; fi
[ "$(m confined)" = "$want" ] || fail "confined $(m confined) with $allowed of $online cpus"
q=$(m cpu_quota)
[ "$q" = null ] || is_positive "$q" || fail "cpu_quota '$q'"
is_positive "$(m run_s)" || fail "run_s '$(m run_s)'"
for k in load_1m load_end_1m load_end_5m load_end_15m; do
	awk -v x="$(m $k)" 'BEGIN { exit !(x + 0 >= 0 || x == -1) }' || fail "$k '$(m $k)'"
done
# A QUICK run is far too short to estimate the others' load from.
[ "$(m other_load)" = null ] || fail "other_load '$(m other_load)' from a $(m run_s) s run"
# The record's count is the summaries' (one summary per basis: count the wall ones).
sum=$("$JSONL" -r summary -f descheduled "$tmp/out" | sed -n 1p)
[ "$(m descheduled_samples)" = "$sum" ] || fail "descheduled_samples $(m descheduled_samples), summaries $sum"
# A descheduled warning exactly when the record has such samples; a load
# warning exactly when the load at start was busy for the online cpus.
if [ "$sum" -gt 0 ]; then
	grep -q "warning: the thread ran for under 90% of the wall time of $sum of 5 samples (descheduled): addchain ([a-z0-9-]*) at main $sum of 5;" "$tmp/err" ||
		fail "$sum descheduled samples, warning: $(cat "$tmp/err")"
else
	grep -q 'descheduled' "$tmp/err" && fail "no descheduled sample, yet: $(cat "$tmp/err")"
fi
busy=$(awk -v l="$(m load_1m)" -v c="$online" 'BEGIN { t = c / 4; if (t < 1) t = 1; print (l >= t) ? 1 : 0 }')
if [ "$busy" = 1 ]; then
	grep -q "warning: load average .* at start with $online cpus\{0,1\} online: other work competes" "$tmp/err" ||
		fail "load $(m load_1m) with $online cpus online, no warning: $(cat "$tmp/err")"
else
	grep -q 'load average' "$tmp/err" && fail "load $(m load_1m), yet: $(cat "$tmp/err")"
fi

# What the system says, where it says it (Linux).
f=/sys/kernel/mm/transparent_hugepage/enabled
if [ -r $f ]; then
	[ "$(m thp)" = "$(sed 's/.*\[\(.*\)\].*/\1/' $f)" ] || fail "thp $(m thp), $f says $(cat $f)"
fi
f=/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
if [ -r $f ]; then
	[ "$(m governor)" = "$(cat $f)" ] || fail "governor $(m governor), $f says $(cat $f)"
else
	[ "$(m governor)" = none ] || fail "governor $(m governor) without $f"
fi
f=/sys/devices/system/cpu/cpu0/cpufreq/energy_performance_preference
if [ -r $f ]; then
	[ "$(m energy_performance_preference)" = "$(cat $f)" ] || fail "epp, $f says $(cat $f)"
elif [ "$(uname -s)" = Linux ]; then
	[ "$(m energy_performance_preference)" = none ] || fail "epp without $f"
fi
f=/sys/devices/system/cpu/intel_pstate/no_turbo
if [ -r $f ]; then
	[ "$(m turbo)" = "$([ "$(cat $f)" = 1 ] && echo off || echo on)" ] || fail "turbo $(m turbo), no_turbo $(cat $f)"
fi
if [ -e /.dockerenv ]; then
	[ "$(m container)" = docker ] || fail "container $(m container) with /.dockerenv"
fi
if command -v nproc >/dev/null 2>&1; then
	# GNU nproc would also obey OpenMP's variables.
	n=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)
	[ "$allowed" -eq "$n" ] || fail "cpus_allowed $allowed, nproc $n"
fi

# The model name as /proc/cpuinfo gives it, without the blanks after its
# colon (x86 and most Linux kernels have the line; elsewhere no check).
if grep -q '^model name' /proc/cpuinfo 2>/dev/null; then
	want=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n 1)
	[ "$(m cpu_model)" = "$want" ] || fail "cpu_model '$(m cpu_model)', /proc/cpuinfo '$want'"
fi

# A run pinned to each allowed cpu in turn, or to all at once (threads
# started by a pinned thread), reports the cpus the process was allowed,
# not the one a thread last pinned itself to.
list=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status 2>/dev/null)
if [ "$allowed" -gt 1 ] && [ -n "$list" ]; then
	expect_status 0 "$CT_CLOCK" -q -S 0 -c "$list" -f json
	[ "$(m cpus_allowed)" -eq "$allowed" ] ||
		fail "-c $list: cpus_allowed $(m cpus_allowed), $allowed before"
	expect_status 0 "$CT_CLOCK" -q -S 0 --threads all -f json
	[ "$(m cpus_allowed)" -eq "$allowed" ] ||
		fail "--threads all: cpus_allowed $(m cpus_allowed), $allowed before"
fi

# ct-stream's JSON: the machine record first, written after the last size.
expect_status 0 "$CT_STREAM" -q -S 0 -b 1M,2M -f json
"$JSONL" "$tmp/out" || fail "ct-stream json"
head -1 "$tmp/out" | grep -q '^{"record":"machine"' || fail "ct-stream: the machine record is not first"
[ "$("$JSONL" -r summary -f size_bytes "$tmp/out" | sort -u | wc -l)" -eq 2 ] || fail "ct-stream: not two sizes"
is_positive "$(m run_s)" || fail "ct-stream run_s"

# Confined and descheduled, on purpose: a busy loop on the cpu the run is
# pinned to takes about half of every sample.
command -v taskset >/dev/null 2>&1 || skip "no taskset for the confined and descheduled cases"
[ "$(uname -s)" = Linux ] || exit 0
cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
taskset -c "$cpu" "$CT_CLOCK" -q -S 0 -f json >"$tmp/out" 2>"$tmp/err" || fail "under taskset: $(cat "$tmp/err")"
[ "$(m cpus_allowed)" -eq 1 ] || fail "taskset -c $cpu: cpus_allowed $(m cpus_allowed)"
if [ "$online" -gt 1 ]; then
	[ "$(m confined)" = true ] || fail "taskset -c $cpu: not confined"
fi
taskset -c "$cpu" sh -c 'while :; do :; done' &
hog=$!
trap 'kill $hog 2>/dev/null; rm -rf "$tmp"' EXIT
sleep 0.2
# Samples of 200 million adds (33 ms on a 6 GHz core, 54 ms at 3.7 GHz):
# longer than any scheduler period, so that the loop takes part of each
# whatever the core's speed (tests/measure/busy-share.sh).
REPS=5 "$CT_CLOCK" -c "$cpu" -S 0 -n 200000000 -f json >"$tmp/out" 2>"$tmp/err" || fail "with a hog: $(cat "$tmp/err")"
kill $hog
wait $hog 2>/dev/null
sum=$("$JSONL" -r summary -f descheduled "$tmp/out" | sed -n 1p)
[ "$sum" -ge 1 ] || fail "a busy loop on cpu $cpu descheduled none of 5 samples (shares $("$JSONL" -r summary -f cpu_share "$tmp/out" | tr '\n' ' '))"
[ "$(m descheduled_samples)" = "$sum" ] || fail "record $(m descheduled_samples), summary $sum"
[ "$(grep -c 'descheduled' "$tmp/err")" -eq 1 ] || fail "not one descheduled warning: $(cat "$tmp/err")"
grep -q "^\(lt-\)\{0,1\}ct-clock: warning: the thread ran for under 90% of the wall time of $sum of 5 samples (descheduled): addchain ([a-z0-9-]*) at cpu$cpu $sum of 5; the cpu basis leaves that time out$" "$tmp/err" ||
	fail "descheduled warning: $(cat "$tmp/err")"
exit 0

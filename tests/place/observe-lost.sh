#!/bin/sh
# ct-place --observe: "lost to others" is the run-queue wait of every
# thread of the command's tree, not its first thread's alone.  A busy loop
# pinned to cpu 1 (tests/spin -p), and a command, sh, whose two children
# each spin 0.3 s of CPU time pinned to cpu 1 too: sh itself only waits
# for them, so its own run-queue wait is near 0, while its children wait
# for the cpu each time the other or the loop runs.  One cannot run while
# the other does, so their waits add up to at least the CPU time of the
# one that ends first while both lived, about 0.3 s, whatever the
# machine's speed or load (more load: more wait).  The sampler misses a
# thread's last interval at most, 10-100 ms: lost must be over 0.15 s
# and its share over 5 %, on the perf path and on CT_OBSERVE=sampled.
. "${top_srcdir:-..}/tests/lib.sh"
COLUMNS=100000
export COLUMNS

[ "$(uname -s)" = Linux ] || skip "the run-queue wait is read from Linux's /proc"
[ -r /proc/self/schedstat ] || skip "no /proc/PID/schedstat (a kernel without CONFIG_SCHED_INFO)"
SPIN=$top_builddir/tests/spin
"$CT_PLACE" -l -f tsv | awk -F'\t' '$1 == 1 { o = 1 } END { exit !o }' || skip "needs cpu 1 usable"

hog=
trap '[ -n "$hog" ] && kill "$hog" 2>/dev/null; rm -rf "$tmp"' EXIT
"$SPIN" -p 1 600 >"$tmp/busy.out" 2>"$tmp/busy.err" &
hog=$!
i=0
until grep -q '^pinned 1$' "$tmp/busy.out"; do
	i=$((i + 1))
	[ $i -lt 100 ] || fail "the busy loop did not start: $(cat "$tmp/busy.err")"
	sleep 0.05
done

for round in exact sampled; do
	if [ $round = sampled ]; then
		set -- env CT_OBSERVE=sampled "$CT_PLACE" --observe
	else
		set -- "$CT_PLACE" --observe
	fi
	expect_status 0 "$@" -f json -- sh -c "'$SPIN' 0.3 1 & '$SPIN' 0.3 1 & wait"
	cp "$tmp/out" "$tmp/$round.json"
	rec() { "$JSONL" -r observe_command -f "$1" "$tmp/$round.json"; }
	wait_s=$(rec run_queue_wait_s) lost=$(rec lost_s) share=$(rec lost_share)
	awk -v w="$wait_s" -v l="$lost" -v s="$share" 'BEGIN { exit !(w + 0 > 0.15 && l + 0 >= w + 0 && s + 0 > 0.05) }' ||
		fail "$round: lost $lost s (wait $wait_s s, share $share) beside a busy loop on the command's cpu: $(cat "$tmp/$round.json")"
	rec lost_of | grep -q 'every thread of the tree' || fail "$round: lost_of: $(rec lost_of)"
	[ "$(rec disturbed)" = true ] || fail "$round: not disturbed with $share lost"
done
# The report (on stderr) says it too, never under 1 %.
expect_status 0 "$CT_PLACE" --observe -- sh -c "'$SPIN' 0.3 1 & '$SPIN' 0.3 1 & wait"
line=$(grep "lost to others" "$tmp/err") || fail "no 'lost to others' on stderr: $(cat "$tmp/err")"
echo "$line" | grep -q 'lost to others (0\.[0-9]%' && fail "lost under 1 %: $line"
exit 0

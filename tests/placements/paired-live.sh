#!/bin/sh
# Interleaved rounds for real, beside busy loops this test pins (tests/spin
# -p): what a run's paired ratio says agrees with the run's own figures,
# whatever else the machine is doing.
#
# - ct-clock -c FIRST,SECOND with two busy loops on SECOND: the paired
#   record of SECOND against FIRST has a pair per rep, and its wall ratio
#   over its cpu ratio is the two cpus' share ratio (kept disturbed
#   rounds), or the wall ratio is the cpu ratio (disturbed rounds left out);
# - ct-place with declared kinds (E on FIRST, P on SECOND) and the busy
#   loops on FIRST, three runs: pin-efficiency's ratio to the fastest
#   kind's pin agrees with its share the same way, and its samples say
#   their round and position.
. "${top_srcdir:-..}/tests/lib.sh"

SPIN=$top_builddir/tests/spin
[ "$(uname -s)" = Linux ] || skip "pinning a busy loop is for Linux here"
cpus=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status)
[ -n "$cpus" ] || skip "no Cpus_allowed_list"
# The first two cpus this process may use.
two=$(echo "$cpus" | awk -F, '{ n = 0; for (i = 1; i <= NF && n < 2; i++) {
	split($i, r, "-"); lo = r[1]; hi = (r[2] == "") ? r[1] : r[2];
	for (c = lo; c <= hi && n < 2; c++) { printf "%s%d", n ? " " : "", c; n++ } } }')
set -- $two
[ $# -eq 2 ] || skip "one cpu allowed ($cpus): nothing to pair"
a=$1
b=$2

hogs=
stop_hog() {
	for h in $hogs; do
		kill "$h" 2>/dev/null && wait "$h" 2>/dev/null
	done
	hogs=
}
trap 'stop_hog; rm -rf "$tmp"' EXIT
start_hog() {
	for n in 1 2; do
		"$SPIN" -p "$1" 3600 >"$tmp/busy$n.out" 2>"$tmp/busy$n.err" &
		hogs="$hogs $!"
		i=0
		until grep -q "^pinned $1\$" "$tmp/busy$n.out"; do
			i=$((i + 1))
			[ $i -lt 100 ] || fail "the busy loop did not start: $(cat "$tmp/busy$n.err")"
			sleep 0.05
		done
	done
}

# num FILE RECORD-MATCH KEY: the number KEY of the first JSON line matching RECORD-MATCH.
num() {
	grep -- "$2" "$1" | head -1 | sed -n "s/.*\"$3\":\\([-0-9.e+]*\\).*/\\1/p"
}
# agree WALL CPU SHARE-RATIO KEPT: the wall ratio is what the shares make of the cpu ratio.
agree() {
	awk -v w="$1" -v c="$2" -v s="$3" -v kept="$4" 'BEGIN {
		want = kept == "true" ? c * s : c
		d = w / want; if (d < 1) d = 1 / d
		exit !(w > 0 && c > 0 && d < 1.25) }'
}

start_hog "$b"
REPS=8 expect_status 0 "$CT_CLOCK" -q -c "$a,$b" -f json
line="\"record\":\"paired\".*\"placement\":\"cpu$b\",\"against\":\"cpu$a\""
grep -q "$line" "$tmp/out" || fail "no paired record of cpu$b against cpu$a: $(grep paired "$tmp/out")"
pairs=$(num "$tmp/out" "$line" pairs)
dist=$(num "$tmp/out" "$line" pairs_disturbed)
kept=$(grep "$line" "$tmp/out" | sed -n 's/.*"pairs_disturbed_kept":\([a-z]*\).*/\1/p')
w=$(num "$tmp/out" "$line" ratio_wall)
c=$(num "$tmp/out" "$line" ratio_cpu)
sa=$(num "$tmp/out" "\"record\":\"summary\".*\"placement\":\"cpu$a\",\"basis\":\"wall\"" cpu_share)
sb=$(num "$tmp/out" "\"record\":\"summary\".*\"placement\":\"cpu$b\",\"basis\":\"wall\"" cpu_share)
[ "$kept" = true ] && [ "$pairs" -ne 8 ] && fail "kept disturbed rounds but $pairs pairs of 8"
[ "$kept" = false ] && [ $((pairs + dist)) -ne 8 ] && fail "$pairs pairs and $dist disturbed of 8 reps"
s=$(awk -v x="$sb" -v y="$sa" 'BEGIN { print x / y }')
agree "$w" "$c" "$s" "$kept" ||
	fail "ct-clock: cpu$b's wall ratio $w against cpu ratio $c, share ratio $s (kept: $kept)"
stop_hog

# The kinds declared, the busy loops on the efficiency cpu: three runs.
start_hog "$a"
for run in 1 2 3; do
	expect_status 0 "$CT_PLACE" -q --kinds "E=$a" --kinds "P=$b" \
		-p pin-efficiency,pin-performance -s -f json
	line='"record":"summary".*"kernel":"addchain".*"placement":"pin-efficiency","basis":"wall"'
	grep -q "$line" "$tmp/out" || fail "run $run: no pin-efficiency summary"
	grep "$line" "$tmp/out" | grep -q '"fastest_kind_placement":"pin-performance"' ||
		fail "run $run: pin-efficiency not held against pin-performance: $(grep "$line" "$tmp/out")"
	w=$(num "$tmp/out" "$line" ratio_to_fastest_kind_wall)
	c=$(num "$tmp/out" '"record":"summary".*"kernel":"addchain".*"placement":"pin-efficiency","basis":"cpu"' ratio_to_main_cpu)
	kept=$(grep "$line" "$tmp/out" | sed -n 's/.*"ratio_pairs_disturbed_kept":\([a-z]*\).*/\1/p')
	se=$(num "$tmp/out" "$line" cpu_share)
	sp=$(num "$tmp/out" '"record":"summary".*"kernel":"addchain".*"placement":"pin-performance","basis":"wall"' cpu_share)
	s=$(awk -v x="$se" -v y="$sp" 'BEGIN { print x / y }')
	# The reference is pin-performance (main not measured, it comes first):
	# its cpu ratio is the one over the same rounds.
	agree "$w" "$c" "$s" "$kept" ||
		fail "run $run: pin-efficiency at $w of pin-performance on the wall basis, share ratio $s (kept: $kept)"
	# Every sample says its round and its place in it, 1 or 2.
	grep '"record":"sample"' "$tmp/out" | grep -v '"position":[12],' | grep -q . &&
		fail "run $run: a sample without its position: $(grep '"record":"sample"' "$tmp/out" | grep -v '"position":[12],' | head -1)"
	grep '"record":"sample"' "$tmp/out" | grep -q '"round":' || fail "run $run: no round in the samples"
done
exit 0

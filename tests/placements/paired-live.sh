#!/bin/sh
# Interleaved rounds for real, beside busy loops this test pins (tests/spin
# -p): what a run's paired ratio says agrees with the run's own figures,
# whatever else the machine is doing.
#
# - ct-clock -c FIRST,SECOND with two busy loops on SECOND: the paired
#   record of SECOND against FIRST has a pair per rep (or says which it
#   left out as disturbed), and its ratios on both bases are the median of
#   the rounds' ratios worked again from the sample records, the
#   disturbed rule applied: the busy loops' share is in every round's
#   wall ratio;
# - ct-place with declared kinds (E on FIRST, P on SECOND) and the busy
#   loops on FIRST, three runs: pin-efficiency is held against
#   pin-performance, its ratio worked again the same way, and its samples
#   say their round and position.
# A time-weighted share over all samples is no check of a median of
# rounds (a few long preempted samples move the one, not the other), so
# the ratios are held to their samples, not to the summaries' shares.
. "${top_srcdir:-..}/tests/lib.sh"

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

trap 'stop_hog; rm -rf "$tmp"' EXIT
# num FILE RECORD-MATCH KEY: the number KEY of the first JSON line matching RECORD-MATCH.
num() {
	grep -- "$2" "$1" | head -1 | sed -n "s/.*\"$3\":\([-0-9.e+]*\).*/\1/p"
}
# paired FILE KERNEL PLACEMENT AGAINST BASIS KEPT: the paired ratio worked
# again from the sample records: PLACEMENT's rate over AGAINST's in the
# same round, their median, the rounds with a disturbed sample left out
# unless KEPT is true.
paired() {
	grep '"record":"sample"' "$1" | grep "\"kernel\":\"$2\"," | awk -v p="$3" -v q="$4" \
		-v b="value_$5" -v kept="$6" '
	function val(k,  r) { r = $0; sub(".*\"" k "\":", "", r); sub("[,}].*", "", r); return r }
	{ pl = val("placement"); gsub(/"/, "", pl); r = val("round")
	  if (pl == p) { x[r] = val(b); dx[r] = val("disturbed") }
	  if (pl == q) { y[r] = val(b); dy[r] = val("disturbed") } }
	END {
		n = 0
		for (r in x) if (r in y) {
			if (kept != "true" && (dx[r] == "true" || dy[r] == "true")) continue
			v[++n] = x[r] / y[r]
		}
		for (i = 2; i <= n; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
		if (!n) { print "none"; exit }
		# The median of the log-ratios: two middle ones give their geometric mean.
		print (n % 2) ? v[(n + 1) / 2] : sqrt(v[n / 2] * v[n / 2 + 1])
	}'
}
# same A B: two figures agree to 0.1 % (the records' six digits).
same() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a / b; exit !(a > 0 && b > 0 && d > 0.999 && d < 1.001) }'
}

start_hog "$b"
REPS=8 expect_status 0 "$CT_CLOCK" -q -c "$a,$b" -s -f json
line="\"record\":\"paired\".*\"placement\":\"cpu$b\",\"against\":\"cpu$a\""
grep -q "$line" "$tmp/out" || fail "no paired record of cpu$b against cpu$a: $(grep paired "$tmp/out")"
pairs=$(num "$tmp/out" "$line" pairs)
dist=$(num "$tmp/out" "$line" pairs_disturbed)
kept=$(grep "$line" "$tmp/out" | sed -n 's/.*"pairs_disturbed_kept":\([a-z]*\).*/\1/p')
[ "$kept" = true ] && [ "$pairs" -ne 8 ] && fail "kept disturbed rounds but $pairs pairs of 8"
[ "$kept" = false ] && [ $((pairs + dist)) -ne 8 ] && fail "$pairs pairs and $dist disturbed of 8 reps"
for basis in wall cpu; do
	got=$(num "$tmp/out" "$line" "ratio_$basis")
	want=$(paired "$tmp/out" addchain "cpu$b" "cpu$a" "$basis" "$kept")
	same "$got" "$want" || fail "ct-clock: cpu$b's $basis ratio $got, its samples' $want (kept: $kept)"
done
# ct-compare reads such a run (its paired records passed over).
cp "$tmp/out" "$tmp/clock.json"
expect_status 0 "$CT_COMPARE" "$tmp/clock.json" "$tmp/clock.json"
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
	kept=$(grep "$line" "$tmp/out" | sed -n 's/.*"ratio_pairs_disturbed_kept":\([a-z]*\).*/\1/p')
	want=$(paired "$tmp/out" addchain pin-efficiency pin-performance wall "$kept")
	same "$w" "$want" ||
		fail "run $run: pin-efficiency at $w of pin-performance, its samples' $want (kept: $kept)"
	# Every sample says its round and its place in it, 1 or 2.
	grep '"record":"sample"' "$tmp/out" | grep -v '"position":[12],' | grep -q . &&
		fail "run $run: a sample without its position: $(grep '"record":"sample"' "$tmp/out" | grep -v '"position":[12],' | head -1)"
	grep '"record":"sample"' "$tmp/out" | grep -q '"round":' || fail "run $run: no round in the samples"
done
exit 0

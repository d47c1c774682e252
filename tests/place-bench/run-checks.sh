# tests/place-bench/run-checks.sh - sourced by bench-kinds.sh and bench-live.sh:
# the checks of a `ct-place --bench -r 10 -f json -o $tmp/dir` run over
# main, process-background, pin-performance and pin-efficiency that hold
# whatever the machine is doing (placements, runs, where each ran, main's
# split, the rounds' rotation, summary.md's rows, the chart's bars).
# bench_run_checks reads $tmp/json and $tmp/dir and sets $split.

# sum PLACEMENT BASIS KEY: a field of one bench_summary record.
sum() {
	grep '"record":"bench_summary"' "$tmp/json" | grep "\"placement\":\"$1\"" |
		grep "\"basis\":\"$2\"" | "$JSONL" -r bench_summary -f "$3" -
}

# bench_run_checks: the checks above, on the run in $tmp/json and $tmp/dir.
bench_run_checks() {
	places=$("$JSONL" -r bench_summary -f placement "$tmp/json" | uniq | tr '\n' ' ')
	[ "$places" = "main process-background pin-performance pin-efficiency " ] ||
		fail "placements: $places"
	for p in main process-background pin-performance pin-efficiency; do
		[ "$(sum $p wall runs)" = 10 ] || fail "$p: $(sum $p wall runs) runs, not 10"
	done

	[ "$(sum main wall verdict)" = null ] || fail "main has a verdict against itself"
	[ "$(sum main wall ratio_to_main)" = 1 ] || fail "main: x $(sum main wall ratio_to_main)"

	# Where each ran: the pinned ones on their kind only, main split over both.
	[ "$(sum pin-efficiency wall kinds)" = efficiency ] || fail "pin-efficiency ran on $(sum pin-efficiency wall kinds)"
	[ "$(sum pin-performance wall kinds)" = performance ] || fail "pin-performance ran on $(sum pin-performance wall kinds)"
	mp=$(sum main wall performance_cpu_s)
	me=$(sum main wall efficiency_cpu_s)
	mc=$(sum main cpu median_s)
	awk -v p="$mp" -v e="$me" -v c="$mc" 'BEGIN { exit !(p + e > 10 * c * 0.5) }' ||
		fail "main: $mp s on P and $me s on E of 10 runs of $mc s"
	# Its split: each kind it had time on (and no other), in percent of the
	# time counted, P's share within a point of the records' times.
	split=$(sum main wall kinds_split)
	echo "$split" | awk -v p="$mp" -v e="$me" '{
		for (i = 1; i < NF; i += 2) { pct = $(i + 1); sub("%", "", pct); got[$i] = pct; sum += pct }
		if (("P" in got) != (p > 0) || ("E" in got) != (e > 0) || sum < 99 || sum > 101) exit 1
		if (p > 0 && (got["P"] - 100 * p / (p + e))^2 > 1) exit 1 }' ||
		fail "main's split: $split, for $mp s on P and $me s on E"

	# The rounds: 4 placements, round r starts with the (r-1 mod 4)th.
	grep '"record":"bench_run"' "$tmp/json" >"$tmp/runs"
	[ "$(grep -c . "$tmp/runs")" = 40 ] || fail "$(grep -c . "$tmp/runs") runs, not 40"
	"$JSONL" -r bench_run -f placement "$tmp/runs" >"$tmp/runs.p"
	"$JSONL" -r bench_run -f round "$tmp/runs" >"$tmp/runs.r"
	"$JSONL" -r bench_run -f order_in_round "$tmp/runs" >"$tmp/runs.o"
	paste -d ' ' "$tmp/runs.p" "$tmp/runs.r" "$tmp/runs.o" | awk '
		BEGIN { i["main"] = 0; i["process-background"] = 1; i["pin-performance"] = 2
			i["pin-efficiency"] = 3 }
		{ want = (i[$1] - ($2 - 1) % 4 + 4) % 4 + 1
		  if ($3 != want) { print "round " $2 ": " $1 " ran " $3 "th, not " want "th"; bad = 1 } }
		END { exit bad }' || fail "the rounds do not rotate"

	# The table's rows, as summary.md has them (the writer's one table): the
	# verdict of the records and where it ran.
	v=$(sum pin-efficiency wall verdict)
	grep '^| pin-efficiency ' "$tmp/dir/summary.md" | head -1 | grep -q "| $v *| E 100% *|\$" ||
		fail "pin-efficiency's wall row: $(grep '^| pin-efficiency ' "$tmp/dir/summary.md")"
	grep '^| main ' "$tmp/dir/summary.md" | head -1 | grep -q "| $split *|\$" ||
		fail "main's wall row has not its split $split: $(grep '^| main ' "$tmp/dir/summary.md")"

	# The files of -o.
	grep -q '^## Basis wall' "$tmp/dir/summary.md" && grep -q '^## Basis cpu' "$tmp/dir/summary.md" ||
		fail "summary.md: not a block per basis"
	"$top_builddir/tests/xml-check" "$tmp/dir/summary.svg" || fail "summary.svg is not well-formed"
	for b in wall cpu; do
		for p in main process-background pin-performance pin-efficiency; do
			grep -q "id=\"bar-$b-$p\"" "$tmp/dir/summary.svg" || fail "no bar $b $p in the chart"
		done
	done
}

#!/bin/sh
# ct-place --bench with hyperfine's habits, live:
#   - several commands (-- CMD -- CMD): every round runs each under each
#     placement, each command's rows and runs say which it is, and the
#     bench_versus records hold each later command against the first
#     under the same placement (a command 20 times slower is called so);
#   - --runs is -r's long form; --cleanup runs once per command after
#     all the runs (the last command's too), --prepare before every run;
#   - under 3 runs no p-value and no verdict (JSON null, '-' in the table);
#   - a first run that sleeps 1 s where the others do not is named in the
#     table's warnings, and not once a warm-up run took the sleep;
#   - the JSON export (stdout, or -o DIR's raw.txt) is what ct-compare
#     reads, each command's runs a result of their own;
#   - usage errors: an empty command, more than 16.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "uses cpu affinity"
unset CT_KINDS CT_OBSERVE
B="$CT_PLACE --bench -p main --no-progress --warmup 0"

# Two commands, the second 20 times the first's work: the rounds
# interleave them, the runs say which command, the verdict is "slower".
loop() { echo "i=0; while [ \$i -lt $1 ]; do i=\$((i+1)); done"; }
expect_status 0 $B --runs 5 -f json -o "$tmp/dir" -- sh -c "$(loop 500)" -- sh -c "$(loop 10000)"
cp "$tmp/out" "$tmp/two.json"
[ "$("$JSONL" -r bench_run -f command_index "$tmp/two.json" | tr '\n' ' ')" = "1 2 2 1 1 2 2 1 1 2 " ] ||
	fail "the rounds do not interleave the commands: $("$JSONL" -r bench_run -f command_index "$tmp/two.json" | tr '\n' ' ')"
[ "$("$JSONL" -r bench_summary -f command_index "$tmp/two.json" | tr '\n' ' ')" = "1 1 2 2 " ] ||
	fail "not a summary per command and basis"
[ "$("$JSONL" -r bench_summary -f runs "$tmp/two.json" | sort -u)" = 5 ] || fail "--runs 5 is not 5 runs"
grep '"record":"bench_summary"' "$tmp/two.json" | grep '"command_index":2' |
	"$JSONL" -r bench_summary -f command - | sort -u >"$tmp/cmd2"
[ "$(cat "$tmp/cmd2")" = "sh -c '$(loop 10000)'" ] || fail "command 2's summary names $(cat "$tmp/cmd2")"
[ "$(grep -c '"record":"bench_versus"' "$tmp/two.json")" = 2 ] || fail "not a bench_versus per basis"
v=$(grep '"record":"bench_versus"' "$tmp/two.json" | grep '"basis":"cpu"')
[ "$(echo "$v" | "$JSONL" -r bench_versus -f command_index -)" = 2 ] &&
	[ "$(echo "$v" | "$JSONL" -r bench_versus -f against_index -)" = 1 ] ||
	fail "bench_versus does not say which against which: $v"
[ "$(echo "$v" | "$JSONL" -r bench_versus -f verdict -)" = slower ] ||
	fail "20 times the work is not slower on the cpu basis: $v"
# The ratio is the run's own medians' quotient and its interval lies above
# 1 (what "slower" says).  How much above is the machine's: a process
# start may cost as much as the short loop, the more so beside a busy
# loop, so no bound from the work is held.
r=$(echo "$v" | "$JSONL" -r bench_versus -f ratio -)
m=$(echo "$v" | "$JSONL" -r bench_versus -f median_s -)
a=$(echo "$v" | "$JSONL" -r bench_versus -f against_median_s -)
lo=$(echo "$v" | "$JSONL" -r bench_versus -f ratio_ci_low -)
awk -v r="$r" -v m="$m" -v a="$a" -v lo="$lo" \
	'BEGIN { q = m / a; exit !(r > 1 && lo > 1 && lo <= r && r > q * 0.9999 && r < q * 1.0001) }' ||
	fail "x against $r (its interval from $lo) is not $m s over $a s, above 1, for 20 times the work"
cmp -s "$tmp/two.json" "$tmp/dir/raw.txt" || fail "-o DIR/raw.txt is not what stdout had"
grep -q '^## Commands, each against command 1' "$tmp/dir/summary.md" || fail "summary.md: no commands' section"

# The table: a line per command, the cmd column, the commands' rows.
expect_status 0 $B -r 3 -- true -- sh -c :
grep -q "^command 1: true$" "$tmp/out" && grep -q "^command 2: sh -c :$" "$tmp/out" ||
	fail "the table does not list the commands: $(cat "$tmp/out")"
grep -q '^commands, each against command 1 under the same placement' "$tmp/out" ||
	fail "the table has no commands' section: $(cat "$tmp/out")"
grep -q '^cmd  *placement' "$tmp/out" || fail "no cmd column: $(cat "$tmp/out")"
# One command: neither.
expect_status 0 $B -r 3 --wide -- true
! grep -q '^cmd \|against command 1' "$tmp/out" || fail "one command has a cmd column: $(cat "$tmp/out")"
grep -q ' mean +- sd  ' "$tmp/out" && grep -q ' max  ' "$tmp/out" || fail "no mean +- sd or max: $(cat "$tmp/out")"

# --cleanup once per command after every run, --prepare before each.
log=$tmp/log
expect_status 0 $B -r 2 --warmup 1 --shell sh --prepare "echo p >>$log" --cleanup "echo c >>$log" \
	-- "echo a >>$log" -- "echo b >>$log"
[ "$(tr '\n' ' ' <"$log")" = "p a p b p a p b p b p a c c " ] ||
	fail "--prepare, the runs and --cleanup: $(tr '\n' ' ' <"$log")"
# Executed directly without --shell; a failing one stops the bench, no results.
expect_status 0 $B -r 1 --cleanup "touch $tmp/cleaned" -- true
[ -e "$tmp/cleaned" ] || fail "--cleanup without --shell did not run"
expect_status 3 $B -r 2 --shell sh --cleanup "exit 3" -- true
[ ! -s "$tmp/out" ] || fail "a failed --cleanup let results out"
messages "$tmp/err" | grep -q "^ct-place: --cleanup 'exit 3' exited 3 after the runs of true" ||
	fail "--cleanup's failure: $(cat "$tmp/err")"

# Under 3 runs: no p, no verdict, no interval; from 3 on, a p.
C0=$("$CT_PLACE" -l -f tsv | awk -F'\t' 'NR == 2 { print $1 }')
for r in 1 2 3; do
	expect_status 0 "$CT_PLACE" --bench --no-progress --warmup 0 -c "$C0" -r $r -f json -- true
	s=$(grep '"record":"bench_summary"' "$tmp/out" | grep "\"placement\":\"cpus-$C0\"" | grep '"basis":"wall"')
	p=$(echo "$s" | "$JSONL" -r bench_summary -f p_value -)
	v=$(echo "$s" | "$JSONL" -r bench_summary -f verdict -)
	if [ $r -lt 3 ]; then
		[ "$p" = null ] && [ "$v" = null ] || fail "-r $r: p $p and verdict $v, not none"
	else
		[ "$p" != null ] && [ "$v" != null ] || fail "-r 3: no p ($p) or verdict ($v)"
	fi
done
expect_status 0 "$CT_PLACE" --bench --no-progress --warmup 0 -c "$C0" -r 1 -- true
! grep "^cpus-$C0 " "$tmp/out" | grep -q '1\.000 *~' || fail "-r 1: p 1.000 and ~: $(cat "$tmp/out")"

# A first run that sleeps 1 s, the others not: the warning names it.  (At
# least 1 s; the others a shell's start, which a loaded machine may slow
# to a few hundred ms, never all of them: the median and its MAD stay
# well under 1 s.)
first='[ -e "$0" ] || { : >"$0"; sleep 1; }'
expect_status 0 $B -r 7 -- sh -c "$first" "$tmp/warm"
slow='the first timed run took [1-9][0-9.]* s, [0-9.]* x the median'
grep -q "^  main: $slow" "$tmp/out" || fail "no warning of a slow first run: $(cat "$tmp/out")"
# The same, warmed up: the sleep is the warm-up's, no such warning.
rm -f "$tmp/warm"
expect_status 0 $B -r 7 --warmup 1 -- sh -c "$first" "$tmp/warm"
! grep -q "$slow" "$tmp/out" || fail "warmed up, still warned: $(cat "$tmp/out")"

# ct-compare reads the export, file or directory, a result per command.
expect_status 0 $B -r 3 -f json -- true -- sh -c :
cp "$tmp/out" "$tmp/a.json"
expect_status 0 "$CT_COMPARE" -f json "$tmp/a.json" "$tmp/dir"
grep '"record":"compare"' "$tmp/out" | "$JSONL" -r compare -f kernel - | sort -u >"$tmp/kernels"
[ "$(tr '\n' ' ' <"$tmp/kernels")" = "bench bench-cmd2 " ] ||
	fail "ct-compare's results: $(tr '\n' ' ' <"$tmp/kernels")"
[ "$(grep '"kernel":"bench-cmd2","isa":"-","placement":"main","basis":"wall","figure":"time"' "$tmp/out" |
	"$JSONL" -r compare -f n_a -)" = 3 ] || fail "command 2's runs not compared: $(cat "$tmp/out")"

# --cleanup and --runs: --bench's, and -r's bounds.
expect_status 2 "$CT_PLACE" --cleanup true
grep -q -- "--cleanup.* apply to --bench" "$tmp/err" || fail "--cleanup without --bench: $(cat "$tmp/err")"
expect_status 125 $B --runs 0 -- true
# Usage errors, 125 as every failure before a command runs.
expect_status 125 $B -- true --
grep -q "an empty command after --" "$tmp/err" || fail "a trailing --: $(cat "$tmp/err")"
expect_status 125 $B -- true -- -- true
set --
i=0
while [ $i -lt 17 ]; do set -- "$@" -- true; i=$((i + 1)); done
shift
expect_status 125 $B "$@"
grep -q "more than 16 commands" "$tmp/err" || fail "17 commands: $(cat "$tmp/err")"
exit 0

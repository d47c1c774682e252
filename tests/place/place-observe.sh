#!/bin/sh
# ct-place --observe: how the CPU time of a command's process tree split
# over the kinds of core.  The machine is declared hybrid (cpu 0
# efficiency, the others performance) so that each kind can be given known
# work: a process pinned to one cpu for 0.6 s of CPU time must be found
# there (0.95 of the time counted on a kind, 0.57-0.7 s), two at once,
# one on each kind, must each be found on theirs (0.38-0.5 s), with the
# bounds widened only by what each method states it cannot see: the steal
# of the cpu (the perf path takes its estimate of it out of the
# task-clock) and the sampler's longest time between passes (a thread's
# last interval goes unseen); and a tree of 300 short children must add up to what getrusage says
# (tests/spin -r), or the shortfall must be in the 'unseen' row.  Every
# check runs through the perf events and through the /proc sampler that
# CT_OBSERVE=sampled forces.  Then the statuses (CMD's, 128+n for a
# signal, 125/126/127) and where the report goes.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

[ "$(uname -s)" = Linux ] || skip "observing per cpu needs Linux"
SPIN=$top_builddir/tests/spin
# Cpu 0 is declared efficiency, every other usable cpu performance.
rest=$("$CT_PLACE" -l -f tsv | awk -F'\t' 'NR > 1 && $1 != 0 { printf "%s%s", s, $1; s = "," }')
"$CT_PLACE" -l -f tsv | awk -F'\t' '$1 == 0 { z = 1 } $1 == 1 { o = 1 } END { exit !(z && o) }' ||
	skip "needs cpus 0 and 1 usable"
K="--kinds efficiency=0 --kinds performance=$rest"

# col FILE FIELD: FIELD of the observe records, one line per kind: "kind value".
col() {
	"$JSONL" -r observe -f kind "$1" >"$tmp/k" || fail "no kinds in $1"
	"$JSONL" -r observe -f "$2" "$1" >"$tmp/v" || fail "no $2 in $1"
	paste -d ' ' "$tmp/k" "$tmp/v"
}
# val FILE FIELD KIND
val() {
	col "$1" "$2" | awk -v k="$3" '$1 == k { print $2 }'
}
# within X LO HI
within() {
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x + 0 >= lo && x + 0 <= hi && x != "") }'
}
# calc EXPR: an awk expression's value.
calc() {
	awk "BEGIN { print $1 }"
}
# ticks CPU: the steal of CPU so far, in clock ticks (/proc/stat).
ticks() {
	awk -v c="cpu$1" '$1 == c { print $9 }' /proc/stat
}
# stolen CPU T0: seconds of steal on CPU since it read T0 ticks.
stolen() {
	calc "($(ticks "$1") - $2) / $(getconf CLK_TCK)"
}
# gap FILE: the sampler's longest time between passes, s, from the kinds'
# source ("sampled /proc every 10-98 ms"), 1 ms added for its rounding;
# empty when the source does not say.
gap() {
	"$JSONL" -r observe -f source "$1" |
		sed -n '1s/.*every \([0-9]*-\)\{0,1\}\([0-9]*\) ms.*/\2/p' |
		awk '{ print ($1 + 1) / 1000 }'
}

"$CT_PLACE" --observe -f json -- true >"$tmp/probe" 2>/dev/null || fail "observing true failed"
exact=$("$JSONL" -r observe_command -f method "$tmp/probe")
[ "$exact" = perf_event ] || echo "NOTE: perf_event_open refused here: both rounds sample" >&2

for round in exact sampled; do
	if [ $round = sampled ]; then
		set -- env CT_OBSERVE=sampled "$CT_PLACE" $K --observe -f json --
		wmethod=sampled
	else
		set -- "$CT_PLACE" $K --observe -f json --
		wmethod=$exact
	fi
	# One busy process on each kind in turn: tests/spin spins 0.6 s of its
	# thread's CPU time, and its exec and exit take less than 0.1 s.  On
	# the perf path the kind's time is the task-clock less the tree's part
	# of the cpu's steal, so it is off by at most the cpu's steal over the
	# run (st, 0 on bare metal); the sampler reads schedstat, which has no
	# steal, and reads CMD's final time (it is held as a zombie).
	for c in 0 1; do
		kind=efficiency other=performance
		[ $c = 1 ] && kind=performance other=efficiency
		t0=$(ticks $c)
		expect_status 0 "$@" "$SPIN" 0.6 $c
		st=0
		[ $round = exact ] && st=$(stolen $c "$t0")
		"$JSONL" "$tmp/out" || fail "$round: the report is not JSON Lines"
		[ "$(head -c 19 "$tmp/out")" = '{"record":"machine"' ] || fail "$round: no machine record first"
		[ "$("$JSONL" -r observe_command -f method "$tmp/out")" = "$wmethod" ] ||
			fail "$round: method $("$JSONL" -r observe_command -f method "$tmp/out"), not $wmethod"
		cpu=$(val "$tmp/out" cpu_s $kind)
		ocpu=$(val "$tmp/out" cpu_s $other)
		part=$(calc "$cpu / ($cpu + $ocpu)")
		within "$part" 0.95 1 ||
			fail "$round: spin on cpu $c: $kind has $part of the time counted on a kind, not >= 0.95: $(col "$tmp/out" cpu_s)"
		[ "$(val "$tmp/out" cpus $kind)" = $c ] || fail "$round: $kind cpus $(val "$tmp/out" cpus $kind), not $c"
		within "$cpu" "$(calc "0.57 - $st")" "$(calc "0.7 + $st")" ||
			fail "$round: $kind cpu_s $cpu for a 0.6 s spin (steal $st s)"
		within "$ocpu" 0 0.03 || fail "$round: $other cpu_s $ocpu"
	done
	# Two at once, one on each kind, as children of a shell: each kind has
	# its spin's 0.4 s (0.38-0.5 s with the exec, the exit and some of the
	# shell's few ms).  On the perf path that is off by at most the cpu's
	# steal, as above.  The sampler does not see a process's last interval
	# (the shell reaps it): at most the longest time between two passes,
	# which its source states, is missing from a kind.
	t0=$(ticks 0) t1=$(ticks 1)
	expect_status 0 "$@" sh -c '"$1" 0.4 0 & "$1" 0.4 1; wait' sh "$SPIN"
	for c in 0 1; do
		kind=efficiency t=$t0
		[ $c = 1 ] && kind=performance t=$t1
		if [ $round = exact ]; then
			lo=$(stolen $c "$t") hi=$lo
		else
			lo=$(gap "$tmp/out") hi=0
			[ -n "$lo" ] || fail "sampled: no interval in the source: $("$JSONL" -r observe -f source "$tmp/out")"
		fi
		cpu=$(val "$tmp/out" cpu_s $kind)
		within "$cpu" "$(calc "0.38 - $lo")" "$(calc "0.5 + $hi")" ||
			fail "$round: two spins: $kind cpu_s $cpu, not 0.38-0.5 s (less $lo, more $hi): $(col "$tmp/out" cpu_s); $(val "$tmp/out" source $kind)"
		echo "$round: two spins: $kind cpu_s $cpu (0.38-0.5 s, less $lo, more $hi)" >&2
	done
	[ $round = sampled ] && [ "$(val "$tmp/out" threads efficiency)" -ge 1 ] ||
		[ $round = exact ] || fail "$round: no thread counted on efficiency"
	# 300 short children: the total against getrusage(RUSAGE_CHILDREN).
	expect_status 0 "$@" "$SPIN" -r sh -c 'for i in $(seq 300); do /bin/true; done'
	ru=$(awk '$1 == "rusage_children_s" { print $2 }' "$tmp/err")
	is_positive "$ru" || fail "$round: no rusage from tests/spin -r: $(cat "$tmp/err")"
	tree=$("$JSONL" -r observe_command -f cpu_s "$tmp/out")
	counted=$("$JSONL" -r observe_command -f counted_s "$tmp/out")
	unseen=$(val "$tmp/out" cpu_s unseen)
	# The tree (CMD, tests/spin, is part of it) holds all of spin's children.
	awk -v t="$tree" -v r="$ru" 'BEGIN { exit !(t >= r * 0.99 && t <= r * 1.1 + 0.01) }' ||
		fail "$round: tree cpu_s $tree against rusage $ru"
	# Counted within 10%, or the shortfall stated as unseen.
	awk -v c="$counted" -v u="$unseen" -v r="$ru" \
		'BEGIN { exit !(c >= 0.9 * r || c + u >= 0.99 * r) }' ||
		fail "$round: counted $counted and unseen $unseen of $ru by rusage"
	echo "$round: 300 children: rusage $ru s, counted $counted s, unseen $unseen s" >&2
done

# The status is CMD's; a signal is 128+n; ct-place's own failures as env(1).
expect_status 5 "$CT_PLACE" --observe -- sh -c 'exit 5'
grep -q '^observed: sh -c exit 5 (exit 5)' "$tmp/err" || fail "no report of exit 5: $(cat "$tmp/err")"
expect_status 5 env CT_OBSERVE=sampled "$CT_PLACE" --observe -- sh -c 'exit 5'
expect_status 143 "$CT_PLACE" --observe -- sh -c 'kill -TERM $$'
grep -q 'killed by signal 15, status 143' "$tmp/err" || fail "signal: $(cat "$tmp/err")"
expect_status 127 "$CT_PLACE" --observe -- /nonexistent/cmd
grep -q "^ct-place: cannot run '/nonexistent/cmd': No such file" "$tmp/err" || fail "127: $(cat "$tmp/err")"
printf 'not a program\n' >"$tmp/noexec"
chmod 644 "$tmp/noexec"
expect_status 126 "$CT_PLACE" --observe -- "$tmp/noexec"
expect_status 125 "$CT_PLACE" --observe -c 8191 -- true
expect_status 125 env CT_OBSERVE=bogus "$CT_PLACE" --observe -- true
expect_status 2 "$CT_PLACE" --observe
# The placement applies: -c 1 keeps the tree on cpu 1.
expect_status 0 "$CT_PLACE" $K -c 1 --observe -f json -- "$SPIN" 0.2
[ "$(val "$tmp/out" cpus performance)" = 1 ] && [ -z "$(val "$tmp/out" cpus efficiency)" ] ||
	fail "-c 1: ran on $(col "$tmp/out" cpus)"

# Where the report goes: the table to stderr, stdout left to CMD; with -f,
# stdout, after everything CMD wrote.
expect_status 0 "$CT_PLACE" --observe -- echo hello
[ "$(cat "$tmp/out")" = hello ] || fail "table: stdout is not CMD's alone: $(cat "$tmp/out")"
grep -q '^kind  *cpus  *cpu time  *share  *threads  *migrations  *cycles  *instructions  *source$' "$tmp/err" ||
	fail "table: no header on stderr: $(cat "$tmp/err")"
expect_status 0 "$CT_PLACE" --observe -f tsv -- echo hello
[ "$(head -1 "$tmp/out")" = hello ] || fail "tsv: CMD's output is not first"
[ "$(sed -n 2p "$tmp/out")" = "$(printf '#kind\tcpus\tcpu_s\tshare\tthreads\tmigrations\tcycles\tinstructions\tsource')" ] ||
	fail "tsv header: $(sed -n 2p "$tmp/out")"
[ "$(tail -1 "$tmp/out" | cut -f1)" = unseen ] || fail "tsv: no unseen row last"
# -o DIR: raw.txt (the JSON report) and summary.md, the table still on stderr.
mkdir "$tmp/o"
expect_status 0 "$CT_PLACE" --observe -o "$tmp/o" -- true
"$JSONL" "$tmp/o/raw.txt" || fail "-o: raw.txt is not JSON Lines"
"$JSONL" -r observe_command -f exit_status "$tmp/o/raw.txt" >/dev/null || fail "-o: raw.txt has no command record"
grep -q '^| kind | cpus ' "$tmp/o/summary.md" || fail "-o: summary.md has no table"
: >"$tmp/ofile"
expect_status 125 "$CT_PLACE" --observe -o "$tmp/ofile" -- true
exit 0

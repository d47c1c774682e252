#!/bin/sh
# ct-place --bench as a hyperfine user drives it: -i keeps going past a
# failing run and records its status; --show-output leaves the command's
# output on stdout, without it /dev/null gets it; --shell runs the words
# as one script; --prepare runs before every run, warm-up runs too;
# --warmup runs are not kept; -c and -k give main and that placement;
# --progress names the runs.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "uses cpu affinity"
unset CT_KINDS CT_OBSERVE
B="$CT_PLACE --bench -p main --no-progress"

# -i: every run kept, each with its status, the bench's own 0.
expect_status 0 $B -i -r 3 --warmup 0 -f json -- sh -c 'exit 3'
[ "$("$JSONL" -r bench_run -f exit_status "$tmp/out" | tr '\n' ' ')" = "3 3 3 " ] ||
	fail "-i: statuses $("$JSONL" -r bench_run -f exit_status "$tmp/out" | tr '\n' ' ')"
[ "$("$JSONL" -r bench_summary -f failed "$tmp/out" | sort -u)" = 3 ] || fail "-i: failed runs not 3"
# Without -i the first failing run stops it, nothing on stdout.
expect_status 5 $B -r 3 --warmup 0 -f json -- sh -c 'exit 5'
[ ! -s "$tmp/out" ] || fail "a stopped bench wrote results"

# The command's output: /dev/null by default, stdout and stderr alike.
expect_status 0 $B -r 2 --warmup 1 -f tsv -- sh -c 'echo out; echo err >&2'
grep -q '^out$' "$tmp/out" && fail "the command's stdout reached ours"
grep -q '^err$' "$tmp/err" && fail "the command's stderr reached ours"
grep -q '^ct-place	main	wall	2	' "$tmp/out" || fail "no wall row: $(cat "$tmp/out")"
expect_status 0 $B -r 2 --warmup 1 --show-output -f tsv -- sh -c 'echo out; echo err >&2'
[ "$(grep -c '^out$' "$tmp/out")" = 3 ] || fail "--show-output: $(grep -c '^out$' "$tmp/out") lines of 3 runs"
[ "$(grep -c '^err$' "$tmp/err")" = 3 ] || fail "--show-output: stderr $(cat "$tmp/err")"

# --prepare before every run, warm-up included; --shell's script is the words joined.
log=$tmp/log
expect_status 0 $B -r 2 --warmup 1 --shell sh --prepare "echo p >>$log" -f json -- \
	echo r ">>$log"
[ "$(tr '\n' ' ' <"$log")" = "p r p r p r " ] || fail "--prepare and the runs: $(tr '\n' ' ' <"$log")"
[ "$("$JSONL" -r bench_summary -f command "$tmp/out" | sort -u)" = "echo r >>$log" ] ||
	fail "--shell: the command is $("$JSONL" -r bench_summary -f command "$tmp/out" | sort -u)"
# --shell none executes directly: a script is no program.
expect_status 127 $B -r 1 --warmup 0 --shell none -- "echo r >>$log"

# -c CPULIST: main and those cpus.
C0=$("$CT_PLACE" -l -f tsv | awk -F'\t' 'NR == 2 { print $1 }')
expect_status 0 "$CT_PLACE" --bench --no-progress -c "$C0" -r 2 --warmup 0 -f json -- true
[ "$("$JSONL" -r bench_summary -f placement "$tmp/out" | uniq | tr '\n' ' ')" = "main cpus-$C0 " ] ||
	fail "-c $C0: placements $("$JSONL" -r bench_summary -f placement "$tmp/out" | uniq | tr '\n' ' ')"
[ "$("$JSONL" -r bench_run -f placement "$tmp/out" | tr '\n' ' ')" = "main cpus-$C0 cpus-$C0 main " ] ||
	fail "-c: the second round does not start with cpus-$C0"

# The progress line, forced; runs longer than its 0.1 s between redraws.
expect_status 0 "$CT_PLACE" --bench -p main --progress -r 2 --warmup 1 -f tsv -- sleep 0.15
tr '\r' '\n' <"$tmp/err" | grep -q 'round 2 of 2: main, run 3 of 3' ||
	fail "--progress: $(tr '\r' '\n' <"$tmp/err")"
exit 0

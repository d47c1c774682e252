#!/bin/sh
# Faults: what happens to a run when the world misbehaves.
#   - SIGINT, SIGTERM, SIGHUP during a run: out promptly with 128+n,
#     "ct-xxx: interrupted" (by SIGTERM, by SIGHUP) on stderr, nothing on
#     stdout, and for ct-place -o DIR neither raw.txt nor summary.md nor a
#     temporary in DIR, nor DIR and its parents where the run made them;
#   - stdout on a full device: the tool fails and says so; a reader that
#     goes away (SIGPIPE default or ignored): no message;
#   - a cpu taken out of the allowed set: an error naming it, never a run
#     on another cpu; ct-place plans its pins from the allowed set only;
#   - the sources: temporaries only through mkstemp/mkdtemp (mktemp(1) in
#     shell), no shell started by any tool.
# Corrupted data through the verifiers, a pin that fails at run time and
# the write-then-rename of result files are in tests/measure/unit-verify.c.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "uses taskset and /proc"

# messages FILE: stderr without the warnings about the machine (load...).
messages() {
	sed 's/^lt-//' "$1" | grep -v '^ct-[a-z]*: warning: '
}

ms() {
	date +%s%N | awk '{ printf "%d\n", $1 / 1000000 }'
}

# --- Signals during a run. ---
# A run of 100000 samples lasts far longer than the second before the
# signal on any core (1000 of ct-fma's were 2 s on a 6 GHz core, by its
# brackets alone); the signal comes when it is measuring (ct-place: its
# first placement).
nsig=0
for sig in INT TERM HUP; do
	case $sig in INT) n=2 ;; TERM) n=15 ;; HUP) n=1 ;; esac
	for tool in clock fma stream place; do
		eval "CT=\$CT_$(echo $tool | tr a-z A-Z)"
		out=$tmp/o-$tool-$sig
		mkdir "$out"
		set -- -r 100000
		[ $tool = place ] && set -- -r 100000 -p main -o "$out"
		"$CT" "$@" >"$tmp/out" 2>"$tmp/err" &
		pid=$!
		sleep 1
		kill -0 $pid 2>/dev/null || fail "ct-$tool $*: ended before the signal: $(cat "$tmp/err")"
		t0=$(ms)
		kill -$sig $pid
		wait $pid
		st=$?
		t1=$(ms)
		[ "$st" -eq $((128 + n)) ] || fail "ct-$tool: SIG$sig: exit $st, expected $((128 + n))"
		[ $((t1 - t0)) -lt 2000 ] || fail "ct-$tool: SIG$sig: took $((t1 - t0)) ms to end"
		[ -s "$tmp/out" ] && fail "ct-$tool: SIG$sig: wrote to stdout: $(head -2 "$tmp/out")"
		said="ct-$tool: interrupted"
		[ $sig = INT ] || said="$said by SIG$sig"
		[ "$(messages "$tmp/err")" = "$said" ] ||
			fail "ct-$tool: SIG$sig: said '$(cat "$tmp/err")', not '$said'"
		[ -d "$out" ] || fail "ct-$tool: SIG$sig: removed $out, which was there before"
		[ -z "$(ls -A "$out")" ] || fail "ct-$tool: SIG$sig: left in $out: $(ls -A "$out")"
		nsig=$((nsig + 1))
	done
done
# An -o DIR the run made, parents and all: gone after the signal, but not
# the parent that was there.  The signal comes once the directory is
# there (made before the first sample), so the run has started.
for sig in INT TERM HUP; do
	case $sig in INT) n=2 ;; TERM) n=15 ;; HUP) n=1 ;; esac
	keep=$tmp/keep-$sig
	mkdir "$keep"
	"$CT_PLACE" -r 1000 -p main -o "$keep/made/deeper" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	i=0
	while [ ! -d "$keep/made/deeper" ]; do
		kill -0 $pid 2>/dev/null || fail "ct-place -o: ended before making its directory: $(cat "$tmp/err")"
		i=$((i + 1))
		[ $i -lt 600 ] || { kill $pid; fail "ct-place -o: no directory after 60 s"; }
		sleep 0.1
	done
	kill -$sig $pid
	wait $pid
	st=$?
	[ "$st" -eq $((128 + n)) ] || fail "ct-place -o (made): SIG$sig: exit $st, expected $((128 + n))"
	[ -d "$keep" ] || fail "ct-place -o (made): SIG$sig: removed $keep, which was there before"
	[ -z "$(ls -A "$keep")" ] || fail "ct-place -o (made): SIG$sig: left $(ls -AR "$keep")"
	said="ct-place: interrupted"
	[ $sig = INT ] || said="$said by SIG$sig"
	[ "$(messages "$tmp/err")" = "$said" ] ||
		fail "ct-place -o (made): SIG$sig: said '$(cat "$tmp/err")', not '$said'"
	nsig=$((nsig + 1))
done

# Still a normal result afterwards, and both files (the checks above can fail).
expect_status 0 "$CT_PLACE" -q -r 1 -S 0 -p main -o "$tmp/o-place-INT"
[ -s "$tmp/o-place-INT/raw.txt" ] && [ -s "$tmp/o-place-INT/summary.md" ] ||
	fail "ct-place -o wrote $(ls -A "$tmp/o-place-INT")"
[ -z "$(ls -A "$tmp/o-place-INT" | grep '^\.')" ] || fail "a temporary left: $(ls -A "$tmp/o-place-INT")"

# --- stdout: a full device fails the tool; a closed pipe is quiet. ---
nwrite=0
[ -w /dev/full ] || skip "no /dev/full"
for run in "$CT_CLOCK -q -r 1 -S 0" "$CT_FMA -q -r 1 -S 0" "$CT_STREAM -q -r 1 -S 0" \
	"$CT_PLACE -q -r 1 -S 0 -p main" "$CT_PLACE -l" "$CT_PLACE --dry-run" \
	"$CT_PLACE --cpus-of performance" "$CT_CLOCK --help" "$CT_FMA --list-isa" \
	"$CT_STREAM -V" "$CT_STREAM -q -r 1 -S 0 -b 16K,32K -f json"; do
	prog=$(basename "${run%% *}")
	# shellcheck disable=SC2086
	$run >/dev/full 2>"$tmp/err"
	st=$?
	[ "$st" -eq 1 ] || fail "$run >/dev/full: exit $st, expected 1"
	[ "$(messages "$tmp/err")" = "$prog: write error: No space left on device" ] ||
		fail "$run >/dev/full: stderr is $(cat "$tmp/err")"
	nwrite=$((nwrite + 1))
done
npipe=0
for tool in clock fma stream place; do
	eval "CT=\$CT_$(echo $tool | tr a-z A-Z)"
	set -- -q -r 2 -S 0 -f json --samples
	[ $tool = place ] && set -- -q -r 2 -S 0 -p main,thread -f json --samples
	# The reader gone before the first byte is written, then after one
	# line (head -1), each with SIGPIPE as it comes and ignored.
	for reader in true "head -1"; do
		for pipe in default ignored; do
			: >"$tmp/err"
			if [ $pipe = ignored ]; then
				(trap '' PIPE; "$CT" "$@" 2>"$tmp/err"; echo $? >"$tmp/st") | $reader >/dev/null
			else
				("$CT" "$@" 2>"$tmp/err"; echo $? >"$tmp/st") | $reader >/dev/null
			fi
			[ -n "$(messages "$tmp/err")" ] &&
				fail "ct-$tool | $reader (SIGPIPE $pipe): $(cat "$tmp/err")"
			[ "$(cat "$tmp/st")" -le 1 ] || [ "$(cat "$tmp/st")" -eq 141 ] ||
				fail "ct-$tool | $reader (SIGPIPE $pipe): exit $(cat "$tmp/st")"
			npipe=$((npipe + 1))
		done
	done
done

# --- cpus that are not allowed: named, never replaced by another. ---
"$CT_PLACE" -l -f tsv >"$tmp/list" || fail "ct-place -l"
c0=$(awk -F'\t' 'NR == 2 { print $1 }' "$tmp/list")
c1=$(awk -F'\t' 'NR == 3 { print $1 }' "$tmp/list")
ncpu=0
if [ -n "$c1" ] && command -v taskset >/dev/null; then
	for tool in clock fma stream; do
		eval "CT=\$CT_$(echo $tool | tr a-z A-Z)"
		expect_status 1 taskset -c "$c0" "$CT" -q -r 1 -S 0 -c "$c1"
		grep -q "^\(lt-\)\{0,1\}ct-$tool: cannot pin to cpu $c1: it is offline or not allowed to this process (allowed: $c0)\$" \
			"$tmp/err" || fail "ct-$tool -c $c1 under taskset -c $c0: $(cat "$tmp/err")"
		[ -s "$tmp/out" ] && fail "ct-$tool -c $c1 under taskset -c $c0 ran"
		# Allowed: every sample on that cpu, none elsewhere.
		expect_status 0 "$CT" -q -r 2 -S 0 -c "$c1" -f json --samples
		[ "$("$JSONL" -r sample -f cpu_start "$tmp/out" | sort -u)" = "$c1" ] &&
			[ "$("$JSONL" -r sample -f cpu_end "$tmp/out" | sort -u)" = "$c1" ] ||
			fail "ct-$tool -c $c1 ran on $("$JSONL" -r sample -f cpu_end "$tmp/out" | sort -u | tr '\n' ' ')"
		ncpu=$((ncpu + 1))
	done
	# ct-place plans its pins from the allowed set, and runs them there.
	expect_status 0 taskset -c "$c0" "$CT_PLACE" --dry-run -f tsv
	awk -F'\t' -v c="$c0" '$1 ~ /^pin-/ && $2 == "true" && $3 != c { exit 1 }' "$tmp/out" ||
		fail "under taskset -c $c0 a pin is planned elsewhere: $(cat "$tmp/out")"
	grep -q '^pin-' "$tmp/out" || fail "no pin row planned under taskset -c $c0"
	expect_status 0 taskset -c "$c0" "$CT_PLACE" -q -r 1 -S 0 -p pin-performance -f tsv
	[ "$(awk -F'\t' 'NR > 1 { print $3 }' "$tmp/out" | sort -u)" = "$c0" ] ||
		fail "pin-performance under taskset -c $c0 ran on $(awk -F'\t' 'NR > 1 { print $3 }' "$tmp/out")"
	expect_status 125 taskset -c "$c0" "$CT_PLACE" -c "$c1" -- true
	grep -q "cpu $c1 is not allowed to this process" "$tmp/err" || fail "ct-place -c $c1: $(cat "$tmp/err")"
	ncpu=$((ncpu + 3))
else
	echo "one allowed cpu or no taskset: the not-allowed cases are in tests/measure/unit-verify only"
fi

# --- The sources: mkstemp/mkdtemp only, no shell. ---
srcs=
for d in src tests bench fuzz; do
	[ -d "$top_srcdir/$d" ] && srcs="$srcs $top_srcdir/$d"
done
# shellcheck disable=SC2086
bad=$(find $srcs -name '*.[ch]' -exec grep -nE \
	'\b(system|popen|tmpnam|tempnam|tmpfile|mktemp)[[:space:]]*\(|\bexecl[pe]?[[:space:]]*\(|"(/usr)?(/bin/)?(ba|da|z)?sh"' {} +)
[ -z "$bad" ] || fail "a shell or a predictable temporary name in C:
$bad"
# Shell scripts: a path in /tmp only from mktemp.
# shellcheck disable=SC2086
bad=$(find $srcs "$top_srcdir/run.sh" "$top_srcdir/.ci" -type f \( -name '*.sh' -o -name run \) \
	-exec grep -n '/tmp' {} + 2>/dev/null | grep -v 'mktemp')
[ -z "$bad" ] || fail "a fixed temporary path in a script:
$bad"

echo "faults covered: $nsig signal runs, $nwrite full-stdout runs, $npipe closed-pipe runs," \
	"$ncpu not-allowed-cpu cases, the source audit"
exit 0

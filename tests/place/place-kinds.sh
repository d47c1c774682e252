#!/bin/sh
# Declared kinds, live: this machine made a small hybrid one with
# --kinds efficiency=E --kinds performance=P (E and P its first two usable
# cpus; the others, if any, left out with taskset), so that the hybrid code
# paths run for real, the only place the suite can run them:
#   - the live machine takes the declaration (its listing, --cpus-of and
#     plan in detail are place-kinds-recorded.sh's, on a recorded machine);
#   - -k KIND -- CMD, ct-clock -k, ct-fma -k run on the declared cpu;
#     --threads all reports per kind;
#   - the full comparison, with a busy process sharing cpu E: all six
#     placements, each on its cpus, the kinds column and the chart's
#     colours, the efficiency rows' wall share well below 1, and each
#     row's cpu basis as ct-place judged it from its own two clocks: the
#     same silicon where the thread was charged for what it ran, marked
#     and warned about where not (coretype(7));
#   - the process-background re-run: its affinity and the kinds it is
#     given, seen from /proc while it runs, and its failures (killed, its
#     program gone, no usable cpu of the slowest kind).
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "uses /proc and cpu affinity"
unset CT_KINDS

# --- The two cpus. ---
two_cpus
# The listing the later checks read: the two cpus only, under $lim.
if [ -n "$lim" ]; then
	$lim "$CT_PLACE" -l -f tsv >"$tmp/detected" || fail "ct-place -l under $lim failed"
fi
canon="performance=$P;efficiency=$E"
echo "declared: efficiency $E, performance $P${lim:+ (under $lim)}"

# child_of PID: the pid of PID's child whose command line has --child-run, or nothing.
child_of() {
	# The parent pid is the second field after the command's closing ')'.
	for c in $(awk -v pp="$1" '{ s = $0; sub(/.*\) /, "", s); split(s, f, " ")
		if (f[2] == pp) { sub(/\/stat$/, "", FILENAME); sub(/.*\//, "", FILENAME); print FILENAME } }' \
		/proc/[0-9]*/stat 2>/dev/null); do
		tr '\0' ' ' <"/proc/$c/cmdline" 2>/dev/null | grep -q -- '--child-run' && echo "$c"
	done
}

# allowed PID: its Cpus_allowed_list.
allowed() {
	awk '$1 == "Cpus_allowed_list:" { print $2 }' "/proc/$1/status" 2>/dev/null
}

# envof PID NAME: the value of NAME in its environment, or "(unset)".
envof() {
	tr '\0' '\n' <"/proc/$1/environ" 2>/dev/null |
		awk -v n="$2" 'BEGIN { v = "(unset)" } index($0, n "=") == 1 { v = substr($0, length(n) + 2) } END { print v }'
}

# summary FILE PLACEMENT KERNEL BASIS FIELD: a field of one summary record.
summary() {
	grep '"record":"summary"' "$1" | grep "\"placement\":\"$2\"" | grep "\"kernel\":\"$3\"" |
		grep "\"basis\":\"$4\"" | "$JSONL" -r summary -f "$5" -
}

# cpus_of FILE PLACEMENT: every cpu its samples started or ended on, sorted, one line.
cpus_of() {
	grep '"record":"sample"' "$1" | grep "\"placement\":\"$2\"" >"$tmp/s.$2"
	{ "$JSONL" -r sample -f cpu_start "$tmp/s.$2"; "$JSONL" -r sample -f cpu_end "$tmp/s.$2"; } |
		sort -un | tr '\n' ' ' | sed 's/ $//'
}

# The listing, --cpus-of and the plan of a declaration are
# place-kinds-recorded.sh's, on a recorded machine; here only that the
# live machine takes it.
expect_status 0 $lim "$CT_PLACE" $K -l -f tsv
[ "$(awk -F'\t' 'NR > 1 { print $1, $2, $4 }' "$tmp/out" | sort | tr '\n' ' ')" = \
	"$(printf '%s performance given\n%s efficiency given\n' "$P" "$E" | sort | tr '\n' ' ')" ] || fail "-l $K: $(cat "$tmp/out")"
expect_status 0 $lim "$CT_PLACE" $K --dry-run -f tsv
grep -q "^process-background	true	$E	" "$tmp/out" && grep -q "^pin-efficiency	true	$E	" "$tmp/out" &&
	grep -q "^pin-performance	true	$P	" "$tmp/out" || fail "the plan: $(cat "$tmp/out")"

# --- A command under a declared kind. ---
for q in efficiency:$E performance:$P; do
	expect_status 0 $lim "$CT_PLACE" $K -k "${q%%:*}" -- grep Cpus_allowed_list /proc/self/status
	[ "$(awk '{ print $2 }' "$tmp/out")" = "${q#*:}" ] || fail "-k ${q%%:*}: CMD ran with $(cat "$tmp/out")"
done
expect_status 0 $lim "$CT_PLACE" $K -p process-background -- grep Cpus_allowed_list /proc/self/status
[ "$(awk '{ print $2 }' "$tmp/out")" = "$E" ] || fail "-p process-background: CMD ran with $(cat "$tmp/out")"
expect_status 0 $lim env CT_KINDS="$canon" "$CT_PLACE" -k efficiency -- grep Cpus_allowed_list /proc/self/status
[ "$(awk '{ print $2 }' "$tmp/out")" = "$E" ] || fail "CT_KINDS, -k efficiency: CMD ran with $(cat "$tmp/out")"
# CMD's environment is its own: no CT_KINDS is added for it.
expect_status 0 $lim "$CT_PLACE" $K -k efficiency -- sh -c 'echo "${CT_KINDS-(unset)}"'
[ "$(cat "$tmp/out")" = "(unset)" ] || fail "CMD was given CT_KINDS=$(cat "$tmp/out")"

# --- ct-clock and ct-fma: -k on the declared cpu, --threads per kind. ---
for tool in clock fma; do
	eval "CT=\$CT_$(echo $tool | tr a-z A-Z)"
	for q in efficiency:$E performance:$P; do
		expect_status 0 $lim "$CT" $K -k "${q%%:*}" -q -r 3 -S 0 -f json --samples
		[ "$("$JSONL" -r summary -f placement "$tmp/out" | sort -u)" = "pin-${q%%:*}" ] ||
			fail "ct-$tool -k ${q%%:*}: placement $("$JSONL" -r summary -f placement "$tmp/out" | sort -u)"
		[ "$("$JSONL" -r summary -f cpus "$tmp/out" | sort -u)" = "${q#*:}" ] ||
			fail "ct-$tool -k ${q%%:*} ran on $("$JSONL" -r summary -f cpus "$tmp/out" | sort -u)"
		[ "$("$JSONL" -r sample -f cpu_start "$tmp/out" | sort -u)" = "${q#*:}" ] &&
			[ "$("$JSONL" -r sample -f cpu_end "$tmp/out" | sort -u)" = "${q#*:}" ] ||
			fail "ct-$tool -k ${q%%:*}: a sample off cpu ${q#*:}"
	done
	expect_status 0 $lim env CT_KINDS="$canon" "$CT" -k efficiency -q -r 2 -S 0 -f json
	[ "$("$JSONL" -r summary -f cpus "$tmp/out" | sort -u)" = "$E" ] ||
		fail "ct-$tool with CT_KINDS, -k efficiency ran on $("$JSONL" -r summary -f cpus "$tmp/out" | sort -u)"

	expect_status 0 $lim "$CT" $K --threads all -q -r 2 -S 0 -f json
	"$JSONL" -r summary -f placement "$tmp/out" | sort -u | tr '\n' ' ' >"$tmp/placements"
	want=$(printf '%s\n' "allcore-cpu$E" "allcore-cpu$P" allcore-efficiency allcore-performance \
		"single-cpu$E" "single-cpu$P" | sort | tr '\n' ' ')
	[ "$(cat "$tmp/placements")" = "$want" ] ||
		fail "ct-$tool --threads all: rows $(cat "$tmp/placements"), expected $want"
	for q in "allcore-cpu$E:efficiency:$E" "single-cpu$E:efficiency:$E" "allcore-efficiency:efficiency:$E" \
		"allcore-cpu$P:performance:$P" "single-cpu$P:performance:$P" "allcore-performance:performance:$P"; do
		row=${q%%:*} rest=${q#*:}
		grep '"record":"summary"' "$tmp/out" | grep "\"placement\":\"$row\"" >"$tmp/row"
		[ "$("$JSONL" -r summary -f kind "$tmp/row" | sort -u)" = "${rest%%:*}" ] ||
			fail "ct-$tool --threads all: $row is of kind $("$JSONL" -r summary -f kind "$tmp/row" | sort -u)"
		[ "$("$JSONL" -r summary -f cpus "$tmp/row" | sort -u)" = "${rest#*:}" ] ||
			fail "ct-$tool --threads all: $row ran on $("$JSONL" -r summary -f cpus "$tmp/row" | sort -u)"
	done
	# Each kind's threads against its own reference.
	for q in "allcore-cpu$E:$E" "allcore-efficiency:$E" "allcore-cpu$P:$P" "allcore-performance:$P"; do
		grep '"record":"summary"' "$tmp/out" | grep "\"placement\":\"${q%%:*}\"" >"$tmp/row"
		[ "$("$JSONL" -r summary -f single_placement "$tmp/row" | sort -u)" = "single-cpu${q#*:}" ] ||
			fail "ct-$tool --threads all: ${q%%:*} is against $("$JSONL" -r summary -f single_placement "$tmp/row" | sort -u)"
	done
	# The table: one line per kind under it.
	expect_status 0 $lim "$CT" $K --threads all -q -r 2 -S 0
	grep -q "^[a-z]* performance (cpus $P), 1 of 2 threads: .*alone (single-cpu$P)" "$tmp/out" &&
		grep -q "^[a-z]* efficiency (cpus $E), 1 of 2 threads: .*alone (single-cpu$E)" "$tmp/out" ||
		fail "ct-$tool --threads all: no line per kind: $(tail -4 "$tmp/out")"
	# -k with --threads: the kind's cpus only.
	expect_status 0 $lim "$CT" $K --threads all -k efficiency -q -r 2 -S 0 -f json
	[ "$("$JSONL" -r summary -f placement "$tmp/out" | sort -u | tr '\n' ' ')" = \
		"allcore-cpu$E allcore-efficiency single-cpu$E " ] ||
		fail "ct-$tool --threads all -k efficiency: $("$JSONL" -r summary -f placement "$tmp/out" | sort -u | tr '\n' ' ')"
	expect_status 4 $lim "$CT" $K --threads 2 -k performance -q
	grep -q "^ct-$tool: --threads 2: only 1 usable cpu of kind performance ($P)\$" "$tmp/err" ||
		fail "ct-$tool --threads 2 -k performance: $(cat "$tmp/err")"
done

# --- The full comparison, with a busy process sharing cpu E. ---
# One run: what is asserted follows from the physics and the run's own
# figures, whatever the host charges the shared thread for.
# Long enough for the whole run on a loaded machine (a run took over
# 120 s under a load of 15); killed as soon as the run ends.
start_busy "$E" 1200
[ "$(allowed "$busy")" = "$E" ] || fail "the busy process is allowed $(allowed "$busy"), not cpu $E"
rm -rf "$tmp/res" && mkdir "$tmp/res" || exit 99
# QUICK, with 10 samples so that the fastest (the clock estimate) is one
# the host's own load left alone.  Scalar kernels: the same-silicon
# check compares clocks, and a Skylake-SP core that has just run
# 512-bit code runs the add chain at its AVX-512 clock (whole runs at
# 1.75 GHz against 2.33, on the unshared cpu as often as on the shared
# one); scalar code keeps every sample at the core's own clock.
# The clock's samples set long (-n): 200 million adds are 54 ms at
# 3.7 GHz, 33 ms at 6 GHz, longer than any scheduler period, so that
# the shared cpu shows in their share on any core (QUICK's 10 million,
# under 3 ms, can run whole inside one slice and read a share near 1).
expect_status 0 $lim "$CT_PLACE" $K -q -r 10 -n 200000000 --isa scalar -f json --samples -o "$tmp/res"
cp "$tmp/out" "$tmp/cmp.json"
[ -n "$(messages "$tmp/err")" ] && fail "the comparison wrote to stderr: $(cat "$tmp/err")"
# Still there, still on cpu E: it shared that cpu for the whole run.
kill -0 "$busy" 2>/dev/null || fail "the busy process ended during the run: $(cat "$tmp/busy")"
[ "$(allowed "$busy")" = "$E" ] || fail "the busy process moved to $(allowed "$busy")"
kill "$busy"
wait "$busy" 2>/dev/null
trap 'rm -rf "$tmp"' EXIT
json=$tmp/cmp.json
"$JSONL" "$json" || fail "the comparison's json does not parse"
# -n holds under every placement, process-background's re-run too: a
# clock sample's rate (adds per ns of its call) times its time, and no
# call of 200 million adds under 20 ms (over 10 GHz).
grep '"record":"sample"' "$json" | grep '"kernel":"addchain"' |
	awk '{ match($0, /"wall_ns":[0-9]+/); w = substr($0, RSTART + 10, RLENGTH - 10) + 0
		match($0, /"value_wall":[0-9.e+]+/); v = substr($0, RSTART + 13, RLENGTH - 13)
		n[$0 ~ /"placement":"process-background"/]++
		a = w * v; if (a < 199e6 || a > 201e6 || w < 20e6) { print a " adds: " $0; bad = 1 } }
		END { if (!n[1]) { print "no process-background clock sample"; bad = 1 }; exit bad }' \
	>"$tmp/bad" || fail "-n 200000000: $(head -3 "$tmp/bad")"
[ "$("$JSONL" -r summary -f placement "$json" | sort -u | tr '\n' ' ')" = \
	"main pin-efficiency pin-performance process-background thread thread-background " ] ||
	fail "not the six placements: $("$JSONL" -r summary -f placement "$json" | sort -u | tr '\n' ' ')"
[ "$("$JSONL" -r summary -f verified "$json" | sort -u)" = true ] || fail "a summary is not verified"
# Each placement's cpus: from every sample, and as the summaries and kinds say.
for q in "pin-efficiency:$E:efficiency" "process-background:$E:efficiency" "pin-performance:$P:performance"; do
	row=${q%%:*} rest=${q#*:}
	[ "$(cpus_of "$json" "$row")" = "${rest%%:*}" ] || fail "$row ran on cpus $(cpus_of "$json" "$row")"
	[ "$(grep "\"placement\":\"$row\"" "$json" | "$JSONL" -r summary -f cpus - | sort -u)" = "${rest%%:*}" ] ||
		fail "$row: the summaries' cpus are not ${rest%%:*}"
	[ "$(grep "\"placement\":\"$row\"" "$json" | "$JSONL" -r summary -f kinds - | sort -u)" = "${rest#*:}" ] ||
		fail "$row: kinds $(grep "\"placement\":\"$row\"" "$json" | "$JSONL" -r summary -f kinds - | sort -u)"
done
for row in main thread thread-background; do
	for c in $(cpus_of "$json" "$row"); do
		[ "$c" = "$E" ] || [ "$c" = "$P" ] || fail "$row ran on cpu $c, neither $E nor $P"
	done
done
grep '"record":"summary"' "$json" | grep '"placement":"process-background"' |
	"$JSONL" -r summary -f placement_how - | sort -u >"$tmp/how"
[ "$(cat "$tmp/how")" = "the process re-run with its affinity limited to cpus $E (a pin)" ] ||
	fail "process-background: $(cat "$tmp/how")"
# The shared cpu on the wall basis, the same silicon on the cpu basis
# where the thread was charged only for what it ran.  The share is the
# clock's: its samples (-n above) span several of the scheduler's
# slices, while QUICK's FMA and stream samples (a millisecond or two)
# mostly fit in one and may keep the cpu throughout.  The cpu basis
# is the silicon's only as far as the thread's CPU time is what it ran:
# a host or a kernel that charges it for switches, interrupts or its
# own exits makes the chain's clock per CPU-ns read low (coretype(7)),
# and ct-place says so, holding the chain against the row's own
# brackets (cpu_basis_trusted).  So: the verdict is the rule applied to
# the run's own two clocks, a trusted row's clock is its brackets' (the
# same silicon), and an untrusted row is warned about and marked.
pclock=$(summary "$json" pin-performance addchain cpu max)
is_positive "$pclock" || fail "pin-performance's cpu-basis clock: $pclock"
for row in pin-efficiency process-background pin-performance; do
	share=$(summary "$json" "$row" addchain wall cpu_share)
	cmed=$(summary "$json" "$row" addchain cpu median)
	eclock=$(summary "$json" "$row" addchain cpu max)
	ewall=$(summary "$json" "$row" addchain wall median)
	cc=$(summary "$json" "$row" addchain cpu cpu_clock_ghz)
	und=$(summary "$json" "$row" addchain cpu undisturbed_clock_ghz)
	trusted=$(summary "$json" "$row" addchain cpu cpu_basis_trusted)
	echo "$row: clock's wall share $share (fma $(summary "$json" "$row" fma wall cpu_share)," \
		"stream $(summary "$json" "$row" stream wall cpu_share)); clock median $ewall GHz wall," \
		"$cmed GHz cpu (max $eclock); brackets $und GHz; cpu basis trusted: $trusted"
	[ "$row" = pin-performance ] ||
		awk -v s="$share" 'BEGIN { exit !(s > 0 && s < 0.8) }' ||
		fail "$row: the clock's wall share is $share with a busy process on cpu $E, expected below 0.8"
	# The figures the verdict rests on: the cpu basis's median and the brackets'.
	[ "$cc" = "$cmed" ] || fail "$row: cpu_clock_ghz $cc is not the cpu-basis median $cmed"
	[ "$(summary "$json" "$row" addchain wall cpu_clock_ghz)" = "$cc" ] ||
		fail "$row: cpu_clock_ghz differs between the bases"
	is_positive "$und" || fail "$row: no undisturbed clock ($und)"
	want=$(awk -v c="$cc" -v u="$und" 'BEGIN { print c < 0.9 * u ? "false" : "true" }')
	[ "$trusted" = "$want" ] || fail "$row: cpu_basis_trusted $trusted for $cc against $und GHz"
	if [ "$trusted" = true ]; then
		# The same silicon: the cpu basis removed the sharing.
		awk -v c="$cc" -v u="$und" 'BEGIN { exit !(c < 1.1 * u) }' ||
			fail "$row: cpu-basis clock $cc GHz above its brackets' $und by over 10%"
	else
		grep "^ct-place: warning: the cpu basis is not to be trusted at .*$row $(printf '%.2f' "$cc") against $(printf '%.2f' "$und") GHz" \
			"$tmp/err" >/dev/null || fail "$row: untrusted, and no warning says so: $(cat "$tmp/err")"
		grep "^| $row |" "$tmp/res/summary.md" | sed -n 2p | grep -q '[0-9][*]*? |' ||
			fail "$row: untrusted, and summary.md's cpu row is not marked: $(grep "^| $row |" "$tmp/res/summary.md")"
	fi
done
# The rows' share (the lowest of their kernels', summary.md's wall table)
# is under 0.8 too: the shared cpu is on the row, not only on the clock.
for row in pin-efficiency process-background; do
	rshare=$(awk -F' *[|] *' -v r="$row" '$2 == "placement" && !c {
			for (i = 1; i <= NF; i++) if ($i == "share") c = i }
		$2 == r && c { sub(/[*]$/, "", $c); print $c; exit }' "$tmp/res/summary.md")
	awk -v s="$rshare" 'BEGIN { exit !(s > 0 && s < 0.8) }' ||
		fail "$row: the row's wall share in summary.md is '$rshare', expected below 0.8"
done
# The files: the kinds in the header, the chart coloured by kind.
"$JSONL" "$tmp/res/raw.txt" || fail "raw.txt does not parse"
grep -q "^    kind:     performance rank 0  cpus $P  (declared)\$" "$tmp/res/summary.md" &&
	grep -q "^    kind:     efficiency  rank 1  cpus $E  (declared)\$" "$tmp/res/summary.md" ||
	fail "summary.md does not give the declared kinds: $(grep kind: "$tmp/res/summary.md")"
grep -q "^| pin-efficiency | $E (E) |" "$tmp/res/summary.md" &&
	grep -q "^| pin-performance | $P (P) |" "$tmp/res/summary.md" &&
	grep -q "^| process-background | $E (E) |" "$tmp/res/summary.md" ||
	fail "summary.md's cpus (kinds) column: $(grep '^| p' "$tmp/res/summary.md")"
svg=$tmp/res/summary.svg
for k in clock fma stream; do
	for q in pin-efficiency:E69F00 process-background:E69F00 pin-performance:0072B2; do
		grep -q "<rect class=\"bar\" id=\"bar-$k-${q%%:*}\" [^>]* fill=\"#${q#*:}\"" "$svg" ||
			fail "summary.svg: bar-$k-${q%%:*} is not #${q#*:}: $(grep "id=\"bar-$k-${q%%:*}\"" "$svg")"
	done
done
grep -q '>efficiency cores<' "$svg" && grep -q '>performance cores<' "$svg" ||
	fail "summary.svg's legend lacks a kind"

# --- The re-run, seen while it runs: its affinity and its kinds. ---
# The declarations reach it canonical, whichever way they came, and
# whatever CT_KINDS held before.
for how in option env; do
	if [ $how = option ]; then
		$lim env CT_KINDS=junk "$CT_PLACE" $K -p process-background -q -r 1000 -S 0 \
			>"$tmp/out" 2>"$tmp/err" &
	else
		$lim env CT_KINDS="e=$E;P=$P" "$CT_PLACE" -p process-background -q -r 1000 -S 0 \
			>"$tmp/out" 2>"$tmp/err" &
	fi
	pid=$!
	trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
	i=0 child=
	while [ -z "$child" ]; do
		kill -0 "$pid" 2>/dev/null || fail "($how) ct-place ended before its re-run: $(cat "$tmp/err")"
		i=$((i + 1))
		[ "$i" -lt 100 ] || fail "($how) no re-run appeared"
		sleep 0.1
		child=$(child_of "$pid")
	done
	[ "$(allowed "$child")" = "$E" ] || fail "($how) the re-run is allowed $(allowed "$child"), not cpu $E"
	[ "$(envof "$child" CT_KINDS)" = "$canon" ] ||
		fail "($how) the re-run's CT_KINDS is $(envof "$child" CT_KINDS), not $canon"
	# Killed: the parent says so and fails, with nothing on stdout.
	kill -KILL "$child"
	wait "$pid"
	st=$?
	trap 'rm -rf "$tmp"' EXIT
	[ "$st" -eq 1 ] || fail "($how) the re-run killed: exit $st, expected 1"
	[ "$(messages "$tmp/err")" = "ct-place: process-background: the re-run was killed by signal 9" ] ||
		fail "($how) the re-run killed: $(cat "$tmp/err")"
	[ -s "$tmp/out" ] && fail "($how) the re-run killed: results on stdout"
done

# --- The re-run's program gone: it cannot start, and the run fails. ---
if [ "$(head -c 4 "$CT_PLACE" | od -An -c | tr -d ' ')" = '177ELF' ]; then
	mkdir "$tmp/bin" && cp "$CT_PLACE" "$tmp/bin/ct-place" || exit 99
	$lim "$tmp/bin/ct-place" $K -p main,process-background -q -r 1 -S 2000 >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	i=0
	until [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$tmp/bin/ct-place" ]; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || fail "the copy of ct-place did not start"
		sleep 0.05
	done
	rm "$tmp/bin/ct-place"
	wait "$pid"
	st=$?
	[ "$st" -eq 1 ] || fail "the re-run's program gone: exit $st, expected 1: $(cat "$tmp/err")"
	messages "$tmp/err" >"$tmp/msg"
	grep -q "^ct-place: process-background: cannot re-run $tmp/bin/ct-place.*: No such file or directory\$" "$tmp/msg" &&
		grep -q '^ct-place: process-background: the re-run failed (exit 1)$' "$tmp/msg" ||
		fail "the re-run's program gone: $(cat "$tmp/err")"
	[ -s "$tmp/out" ] && fail "the re-run's program gone: results on stdout"
else
	echo "ct-place is not an ELF executable here: the missing-program case is not tried"
fi

# --- No usable cpu of the slowest kind: no clamp, no pin, said so. ---
if command -v taskset >/dev/null; then
	expect_status 0 taskset -c "$P" "$CT_PLACE" $K --dry-run -f tsv
	awk -F'\t' 'NR > 1 { print $1, $2 }' "$tmp/out" | tr '\n' ' ' >"$tmp/plan"
	[ "$(cat "$tmp/plan")" = "main true thread true thread-background true process-background false pin-performance true " ] ||
		fail "under taskset -c $P: the plan is $(cat "$tmp/plan")"
	grep -q "^process-background	false	-	not applicable: no usable cpu of rank 1\$" "$tmp/out" ||
		fail "under taskset -c $P: $(grep process-background "$tmp/out")"
	expect_status 4 taskset -c "$P" "$CT_PLACE" $K -q -p process-background
	[ "$(messages "$tmp/err")" = "ct-place: placement 'process-background' not applicable: no usable cpu of rank 1" ] ||
		fail "-p process-background under taskset -c $P: $(cat "$tmp/err")"
	expect_status 4 taskset -c "$P" "$CT_PLACE" $K -q -p pin-efficiency
	[ "$(messages "$tmp/err")" = "ct-place: placement 'pin-efficiency' does not apply: no usable cpu of kind 'efficiency' here" ] ||
		fail "-p pin-efficiency under taskset -c $P: $(cat "$tmp/err")"
	expect_status 125 taskset -c "$P" "$CT_PLACE" $K -p process-background -- true
	expect_status 4 taskset -c "$P" "$CT_CLOCK" $K -q -k efficiency
	grep -q "^ct-clock: no usable cpu of kind 'efficiency': its cpus are not allowed to this process\$" "$tmp/err" ||
		fail "ct-clock -k efficiency under taskset -c $P: $(cat "$tmp/err")"
	# The comparison runs what applies and says why the rest does not.
	expect_status 0 taskset -c "$P" "$CT_PLACE" $K -q -r 2 -S 0
	grep -q '^  process-background *not applicable: no usable cpu of rank 1$' "$tmp/out" ||
		fail "under taskset -c $P the comparison does not say why process-background is missing"
	grep -q '^pin-efficiency ' "$tmp/out" && fail "under taskset -c $P pin-efficiency ran"
	[ "$(grep -c '^pin-performance ' "$tmp/out")" -eq 2 ] || fail "under taskset -c $P pin-performance is not in both tables"
	# Only the efficiency cpu: the clamp is there, the performance pin is not.
	expect_status 0 taskset -c "$E" "$CT_PLACE" $K --dry-run -f tsv
	grep -q "^process-background	true	$E	" "$tmp/out" || fail "under taskset -c $E: $(grep process-background "$tmp/out")"
	grep -q '^pin-performance' "$tmp/out" && fail "under taskset -c $E a performance pin is planned"
	expect_status 0 taskset -c "$E" "$CT_PLACE" $K -q -r 1 -S 0 -p process-background -f tsv
	[ "$(awk -F'\t' 'NR > 1 { print $3, $4 }' "$tmp/out" | sort -u)" = "$E efficiency" ] ||
		fail "process-background under taskset -c $E: $(cat "$tmp/out")"
else
	echo "no taskset: the cases of a kind outside the affinity are not tried"
fi

# --- A recorded machine takes declared kinds too. ---
expect_status 0 "$CT_PLACE" --sysroot "$top_srcdir/data/machines/intel-adl-container" \
	--kinds P=16-17 --kinds E=18-19 -l -f tsv
printf '16 performance 0 given\n17 performance 0 given\n18 efficiency 1 given\n19 efficiency 1 given\n' >"$tmp/want"
awk -F'\t' 'NR > 1 { print $1, $2, $3, $4 }' "$tmp/out" | diff -u "$tmp/want" - ||
	fail "--kinds on a recorded container"
exit 0

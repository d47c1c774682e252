#!/bin/sh
# ct-place's main job on this machine, QUICK: every placement that applies
# runs, every sample verifies, the formats parse and agree, -o writes both
# files whole, and what does not apply says so.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

REPS=3 expect_status 0 "$CT_PLACE" -q -S 0
[ -n "$(messages "$tmp/err")" ] && fail "a clean run wrote to stderr: $(cat "$tmp/err")"
cp "$tmp/out" "$tmp/table"
grep -q '^basis wall: elapsed time (CLOCK_MONOTONIC_RAW)' "$tmp/table" || fail "no wall-time table"
grep -q "^basis cpu: the thread's CPU time (CLOCK_THREAD_CPUTIME_ID)" "$tmp/table" || fail "no cpu-time table"
grep -q '^clock: .* GHz at the default placement (main' "$tmp/table" || fail "no clock line"
grep -q '^kernels: .*; a smoke run (-q): few short samples, not figures to compare with a full run$' "$tmp/table" ||
	fail "-q: the table does not say it is a smoke run: $(grep '^kernels:' "$tmp/table")"
grep -q '^kind: ' "$tmp/table" || fail "no kinds line"
[ "$(grep -c '^main ' "$tmp/table")" -eq 2 ] || fail "main is not in both tables"
# The planned placements, from the dry run, are the rows (twice) or say why not.
"$CT_PLACE" --dry-run -f tsv >"$tmp/plan" || fail "--dry-run failed"
awk -F'\t' 'NR > 1 { print $1, $2 }' "$tmp/plan" | while read -r name applies; do
	if [ "$applies" = true ]; then
		[ "$(grep -c "^$name " "$tmp/table")" -eq 2 ] || fail "$name is not a row of both tables"
	else
		grep -q "^  $name *not applicable" "$tmp/table" || fail "$name does not say it does not apply"
	fi
done || exit 1
# The main row's ratios (x clock, x fma, x stream, x lat) are 1 by definition.
awk '/^main / { for (i = 0; i < 4; i++) if ($(NF-i) != "1.000") exit 1 }' "$tmp/table" ||
	fail "main's ratios are not 1.000"
# 3 rounds give the ratios no interval, and the table says so.
grep -q '^x      some x ratios have no 95% interval: too few rounds paired (6 at least' "$tmp/table" ||
	fail "no footnote for the ratios without an interval"

REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -f tsv -p main,thread
awk -F'\t' 'NR == 1 && $1 != "#placement" { exit 1 } END { exit NR != 5 }' "$tmp/out" ||
	fail "tsv is not a header and 2 placements x 2 bases"
awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/out" || fail "tsv rows differ in columns"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "verified") v = i }
	NR > 1 && $v != "true" { exit 1 }' "$tmp/out" || fail "a tsv row is not verified"
# A per-cycle cell (12-14 fma, 15-16 stream) is '-' exactly when its kernel had under 3
# undisturbed samples (27: fma's, 28: stream's), as a busy machine gives.
awk -F'\t' 'NR > 1 { for (i = 5; i <= 17; i++) {
		if (i >= 12 && i <= 16 && $i == "-" && $(i <= 14 ? 27 : 28) < 3) continue
		if (i >= 12 && i <= 16 && $i != "-" && $(i <= 14 ? 27 : 28) < 3) exit 1
		if (!($i + 0 > 0)) exit 1 } }' "$tmp/out" ||
	fail "a tsv figure is not positive: $(cat "$tmp/out")"
awk -F'\t' 'NR > 1 && $1 == "main" && ($19 != 1 || $20 != 1 || $21 != 1) { exit 1 }' "$tmp/out" ||
	fail "main's tsv ratios are not 1"
# The chase's columns, by name: its latency and lines in flight positive
# (cycles per load '-' exactly when under 3 of its samples were
# undisturbed), main's latency ratio 1.
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	!($c["ns_per_load"] > 0 && $c["lines_in_flight"] > 0 && $c["latency_cv_pct"] >= 0) { exit 1 }
	($c["cycles_per_load"] == "-") != ($c["latency_per_cycle_samples"] < 3) { exit 1 }
	$c["cycles_per_load"] != "-" && !($c["cycles_per_load"] > 0) { exit 1 }
	$1 == "main" && $c["latency_ratio"] != 1 { exit 1 }' "$tmp/out" ||
	fail "the chase's tsv columns: $(cat "$tmp/out")"
# The x ratios' intervals: 3 samples a side have none ('-'), at level 0.95;
# their U test's p is there but main's, and 0.1 at least (3 against 3).
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["ratio_level"] != 0.95 || $c["clock_ratio_lo"] != "-" || $c["stream_ratio_hi"] != "-" { exit 1 }
	$1 == "main" && $c["latency_ratio_p"] != "-" { exit 1 }
	$1 != "main" && !($c["latency_ratio_p"] >= 0.1 && $c["latency_ratio_p"] <= 1) { exit 1 }' \
	"$tmp/out" || fail "the x ratios' interval columns: $(cat "$tmp/out")"

REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -f json --samples -p main,thread
"$JSONL" "$tmp/out" || fail "json does not parse"
[ "$(head -1 "$tmp/out" | "$JSONL" -r machine -f tool -)" = ct-place ] || fail "json does not start with the machine"
[ "$("$JSONL" -r summary -f kernel "$tmp/out" | sort | uniq -c | awk '{ print $1 }' | sort -u)" = 4 ] ||
	fail "not 4 summaries (2 placements x 2 bases) per kernel"
[ "$("$JSONL" -r summary -f verified "$tmp/out" | sort -u)" = true ] || fail "a summary is not verified"
[ "$("$JSONL" -r sample -f rep "$tmp/out" | wc -l)" -eq 30 ] || fail "not 30 samples (5 kernels x 2 x 3)"
# The chase's summaries carry its results: the one chain its latency, the
# chains their lines in flight, no other kernel either.
grep '"record":"summary"' "$tmp/out" >"$tmp/sums"
[ "$(grep -c '"ns_per_load":[0-9]' "$tmp/sums")" -eq 4 ] &&
	[ "$(grep -c '"ns_per_load"' "$tmp/sums")" -eq 4 ] &&
	[ "$(grep '"ns_per_load"' "$tmp/sums" | grep -c '"kernel":"chase"')" -eq 4 ] ||
	fail "ns_per_load is not in the 4 chase summaries alone"
[ "$(grep '"lines_in_flight":[0-9]' "$tmp/sums" | grep -c '"kernel":"chase-16".*"chains":16')" -eq 4 ] &&
	[ "$(grep -c '"lines_in_flight"' "$tmp/sums")" -eq 4 ] ||
	fail "lines_in_flight is not in the 4 chase-16 summaries alone"
"$JSONL" -r summary -f kinds "$tmp/out" | grep -qv '^[a-z,-]*$' && fail "bad kinds field"
"$JSONL" -r summary -f ratio_to_main_wall "$tmp/out" >/dev/null || fail "no ratio_to_main_wall"

# -o: both files, whole, nothing else left in the directory.
mkdir "$tmp/res"
REPS=2 expect_status 0 "$CT_PLACE" -q -S 0 -p main -o "$tmp/res"
[ "$(ls -A "$tmp/res" | tr '\n' ' ')" = "raw.txt summary.md summary.svg " ] || fail "-o left: $(ls -A "$tmp/res")"
"$JSONL" "$tmp/res/raw.txt" || fail "raw.txt does not parse"
[ "$(head -1 "$tmp/res/raw.txt" | "$JSONL" -r machine -f record -)" = machine ] || fail "raw.txt does not start with the machine"
[ "$("$JSONL" -r sample -f rep "$tmp/res/raw.txt" | wc -l)" -eq 10 ] || fail "raw.txt lacks the samples"
grep -q '^## Basis wall' "$tmp/res/summary.md" || fail "summary.md has no wall table"
grep -q '^    kernels: .*; a smoke run (-q)' "$tmp/res/summary.md" || fail "-q: summary.md does not say it is a smoke run"
grep -q '^| main | ' "$tmp/res/summary.md" || fail "summary.md has no main row"
grep -q '| ns/load | cv% | cyc/load | in-flight | .* | x lat |' "$tmp/res/summary.md" ||
	fail "summary.md has not the chase's columns"

# -o into a directory that is not there: made with its parents, as mkdir -p.
REPS=2 expect_status 0 "$CT_PLACE" -q -S 0 -p main -o "$tmp/new/deeper"
[ "$(ls -A "$tmp/new/deeper" | tr '\n' ' ')" = "raw.txt summary.md summary.svg " ] ||
	fail "-o new/deeper left: $(ls -A "$tmp/new/deeper" 2>&1)"
# A relative one, from where the tool runs.
place=$(cd "$(dirname "$CT_PLACE")" && pwd)/$(basename "$CT_PLACE")
(cd "$tmp" && REPS=2 QUICK=1 "$place" -S 0 -p main -o rel/a//b/ >/dev/null 2>&1) ||
	fail "-o rel/a//b/ failed"
[ -s "$tmp/rel/a/b/summary.md" ] || fail "-o rel/a//b/ wrote no summary.md"
# A part of the path that is a file: an error before measuring, nothing written.
: >"$tmp/afile"
expect_status 1 "$CT_PLACE" -q -p main -o "$tmp/afile/sub"
grep -q "^ct-place: cannot make directory $tmp/afile" "$tmp/err" || fail "file in the path: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "file in the path: results on stdout"

# Placements this machine cannot give, and names that are none.
expect_status 2 "$CT_PLACE" -q -p bogus
grep -q "^ct-place: invalid placement 'bogus'" "$tmp/err" || fail "-p bogus: $(cat "$tmp/err")"
if ! "$CT_PLACE" --cpus-of efficiency >/dev/null 2>&1; then
	expect_status 4 "$CT_PLACE" -q -p pin-efficiency
	grep -q "^ct-place: placement 'pin-efficiency' does not apply" "$tmp/err" || fail "pin-efficiency: $(cat "$tmp/err")"
fi
if awk -F'\t' '$1 == "process-background" && $2 == "false" { f = 1 } END { exit !f }' "$tmp/plan"; then
	expect_status 4 "$CT_PLACE" -q -p process-background
	grep -q "^ct-place: placement 'process-background' not applicable" "$tmp/err" || fail "process-background: $(cat "$tmp/err")"
fi
# -n sets the clock's adds per sample under every placement, the
# process-background re-run's too: each clock sample's rate (GHz, adds per
# ns of its call) times its call's time is the adds asked for.
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -n 24000000 -f json -s
grep '"record":"sample"' "$tmp/out" | grep '"kernel":"addchain"' >"$tmp/clock" ||
	fail "-n: no clock samples"
awk '{ match($0, /"wall_ns":[0-9]+/); w = substr($0, RSTART + 10, RLENGTH - 10) + 0
	match($0, /"value_wall":[0-9.e+]+/); v = substr($0, RSTART + 13, RLENGTH - 13)
	a = w * v; if (a < 23.9e6 || a > 24.1e6) { print "a sample of " a " adds: " $0; bad = 1 } }
	END { exit bad }' "$tmp/clock" >"$tmp/bad" || fail "-n 24000000: $(head -3 "$tmp/bad")"
[ "$("$JSONL" -r sample -f placement "$tmp/clock" | sort -u)" = \
	"$("$JSONL" -r summary -f placement "$tmp/out" | sort -u)" ] ||
	fail "-n: not every placement has clock samples"
expect_status 2 "$CT_PLACE" -q -o "$tmp" --sysroot "$top_srcdir/data/machines/arm-rk3588"
exit 0

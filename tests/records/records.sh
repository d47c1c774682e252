#!/bin/sh
# Every record kind in every format, byte for byte against its golden file
# (tests/records/golden/records-*): the machine, summary, sample and counter records
# from made-up series (tests/records/records.c), ct-place's comparison and --observe
# report from made-up rows, its --list and --dry-run in JSON on recorded
# machines, and ct-compare's rows and machines between two made-up runs.
# Every TSV's numeric columns hold numbers or '-', their marks in columns
# of their own (tests/tsv-numbers.awk).
# The goldens were written by the writers before the records were
# described once (src/lib/records/record.c): the description changed no byte.
# UPDATE_GOLDEN=1 rewrites them (tests/lib.sh).
. "${top_srcdir:-..}/tests/lib.sh"

RECORDS=$top_builddir/tests/records/records
version=$("$RECORDS" version) || fail "records version"

# check NAME ARGS...: records ARGS matches records-NAME, the version and the
# counters' scope (thread on Linux, process on macOS) masked.
check() {
	name=$1
	shift
	"$RECORDS" "$@" >"$tmp/rec" 2>"$tmp/err" || fail "records $*: exited $?: $(cat "$tmp/err")"
	sed -e "s/\"version\":\"$version\"/\"version\":\"VERSION\"/" \
	    -e 's/^hardware counters ([^)]*)/hardware counters (SCOPE)/' "$tmp/rec" >"$tmp/rec.out"
	expect_golden "records-$name" "$tmp/rec.out" || fail "records $*: differs from records-$name"
	case $name in
	*json*) "$JSONL" "$tmp/rec.out" || fail "records $*: not JSON Lines" ;;
	*tsv*)
		awk -F'\t' -v words=cpus,kinds -f "$top_srcdir/tests/tsv-numbers.awk" "$tmp/rec.out" >"$tmp/marks" ||
			fail "records $*: a numeric column holds a mark: $(cat "$tmp/marks")" ;;
	esac
}

for fmt in table tsv json; do
	check "out-$fmt" out $fmt
	check "out-$fmt-samples" out $fmt samples
	check "out-$fmt-precision" out $fmt precision
	# ct-stream's way (ct_out_start/finish) writes the same bytes.
	check "out-$fmt-samples" out $fmt samples held
done

machine=$top_srcdir/data/machines/intel-adl-12900k
for fmt in table tsv json markdown; do
	check "placements-$fmt" placements $fmt "$machine"
	check "placements-$fmt-precision" placements $fmt "$machine" precision
	check "observe-$fmt" observe $fmt
done
# Without main: no ratios.
check "placements-tsv-nomain" placements tsv "$machine" nomain
check "placements-table-nomain" placements table "$machine" nomain
# A figure above its ceiling and a share that is an error: marked in the
# table, a column of their own in TSV.
check "placements-tsv-marks" placements tsv "$machine" marks
check "placements-table-marks" placements table "$machine" marks

# ct-place's listing and plan in JSON (their table and TSV are held by
# topo-machines.sh and place-plan.sh).
for name in intel-adl-12900k apple-m1-macos; do
	expect_status 0 "$CT_PLACE" --sysroot "$top_srcdir/data/machines/$name" -l -f json
	expect_golden "$top_srcdir/data/machines/$name/golden/list.json" "$tmp/out" || fail "$name: --list -f json differs"
	expect_status 0 "$CT_PLACE" --sysroot "$top_srcdir/data/machines/$name" --dry-run -f json
	expect_golden "$top_srcdir/data/machines/$name/golden/plan.json" "$tmp/out" || fail "$name: --dry-run -f json differs"
	expect_status 0 "$CT_PLACE" --sysroot "$top_srcdir/data/machines/$name" --dry-run
	expect_golden "$top_srcdir/data/machines/$name/golden/plan.txt" "$tmp/out" || fail "$name: --dry-run table differs"
done

# ct-compare: a run against one 10% slower, with its samples, and against
# its summaries only.
"$RECORDS" out json samples >"$tmp/base.jsonl" || fail "records base"
"$RECORDS" out json samples slow >"$tmp/new.jsonl" || fail "records new"
"$RECORDS" out json >"$tmp/sum.jsonl" || fail "records summaries"
cd "$tmp" || exit 99
for fmt in table tsv json; do
	expect_status 0 "$CT_COMPARE" -f $fmt base.jsonl new.jsonl sum.jsonl
	expect_golden "records-compare-$fmt" "$tmp/out" || fail "ct-compare -f $fmt differs"
done
mkdir "$tmp/o" || exit 99
expect_status 0 "$CT_COMPARE" -o "$tmp/o" base.jsonl new.jsonl
expect_golden "records-compare-markdown" "$tmp/o/summary.md" || fail "ct-compare summary.md differs"
exit 0

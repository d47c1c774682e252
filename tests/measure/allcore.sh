#!/bin/sh
# --threads of ct-clock, ct-fma and ct-stream on this machine, QUICK: one pinned thread
# per usable cpu (or the first N), every call verified and counted, the
# single-thread reference beside them, the three formats, the per-kind
# line; bad thread counts and kinds this machine lacks.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

# The usable cpus and their kinds, as ct-place detects them.
"$CT_PLACE" -l -f tsv >"$tmp/cpus" || fail "ct-place -l failed"
ncpu=$(grep -vc '^#' "$tmp/cpus")
[ "$ncpu" -ge 1 ] || fail "no usable cpu listed"
first=$(awk -F'\t' 'NR == 2 { print $1 }' "$tmp/cpus")
case $(uname -s) in
Darwin) pinned=0 ;;
*) pinned=1 ;;
esac

# -n 8000000: calls of 1000000 adds, so a sample's rate is calls * 1e6 / ns.
REPS=3 expect_status 0 "$CT_CLOCK" -q -S 0 -n 8000000 --threads all -f json --samples
json=$tmp/out
cp "$json" "$tmp/clock.json"
[ -n "$(messages "$tmp/err")" ] && fail "a clean run wrote to stderr: $(cat "$tmp/err")"
"$JSONL" "$json" || fail "json does not parse"
"$JSONL" -r summary -f placement "$json" | sort -u >"$tmp/placements"
[ "$(grep -c '^allcore-cpu' "$tmp/placements")" -eq "$ncpu" ] ||
	fail "not one allcore-cpuN per usable cpu ($ncpu): $(tr '\n' ' ' <"$tmp/placements")"
if [ "$pinned" = 1 ]; then
	awk -F'\t' 'NR > 1 { print "allcore-cpu" $1 }' "$tmp/cpus" | sort >"$tmp/want"
	grep '^allcore-cpu' "$tmp/placements" | sort | diff -u "$tmp/want" - ||
		fail "the threads are not on the usable cpus"
	# One reference and one kind row per kind here.
	for kind in $(awk -F'\t' 'NR > 1 { print $2 }' "$tmp/cpus" | sort -u); do
		grep -qx "allcore-$kind" "$tmp/placements" || fail "no allcore-$kind row"
		n=$(awk -F'\t' -v k="$kind" 'NR > 1 && $2 == k' "$tmp/cpus" | wc -l)
		grep '"record":"summary"' "$json" | grep "\"placement\":\"allcore-$kind\"" |
			"$JSONL" -r summary -f reps - | sort -u >"$tmp/reps"
		[ "$(cat "$tmp/reps")" -eq $((3 * n)) ] || fail "allcore-$kind does not hold 3 samples of each of its $n cpus"
		ref=$(awk -F'\t' -v k="$kind" 'NR > 1 && $2 == k { c = $1 } END { print c }' "$tmp/cpus")
		grep -qx "single-cpu$ref" "$tmp/placements" || fail "no single-cpu$ref row for $kind"
	done
fi
[ "$("$JSONL" -r summary -f verified "$json" | sort -u)" = true ] || fail "a summary is not verified"
grep '"record":"summary"' "$json" | grep '"placement":"\(single-\|allcore-cpu\)' |
	"$JSONL" -r summary -f reps - | sort -u >"$tmp/reps"
[ "$(cat "$tmp/reps")" = 3 ] || fail "REPS=3 not honoured"
# threads: 1 alone, N in all-core rows; ratios on every all-core row.
grep '"record":"summary"' "$json" | grep '"placement":"single-' >"$tmp/single"
grep '"record":"summary"' "$json" | grep '"placement":"allcore-' >"$tmp/all"
[ "$("$JSONL" -r summary -f threads "$tmp/single" | sort -u)" = 1 ] || fail "single rows: threads is not 1"
[ "$("$JSONL" -r summary -f threads "$tmp/all" | sort -u)" = "$ncpu" ] || fail "all-core rows: threads is not $ncpu"
for f in ratio_to_single_wall ratio_to_single_cpu sample_ns; do
	"$JSONL" -r summary -f "$f" "$tmp/all" | while read -r v; do
		is_positive "$v" || { echo "$f $v"; exit 1; }
	done || fail "an all-core $f is not positive"
done
# Each ratio is the row's median over its single thread's, on its basis.
cols() {
	f=$1
	shift
	for k; do "$JSONL" -r summary -f "$k" "$f" >"$tmp/col.$k" || fail "no $k in $f"; done
	(cd "$tmp" && for k; do printf 'col.%s ' "$k"; done | xargs paste)
}
cols "$tmp/single" placement basis median >"$tmp/single.cols"
cols "$tmp/all" placement basis median single_placement ratio_to_single_wall \
	ratio_to_single_cpu >"$tmp/all.cols"
awk 'FNR == NR { one[$1, $2] = $3; next }
	{ med[$1, $2] = $3; row[FNR] = $0 }
	END {
		for (i in row) {
			split(row[i], f, "\t")
			for (b = 0; b < 2; b++) {
				basis = b ? "cpu" : "wall"
				got = f[5 + b]
				want = med[f[1], basis] / one[f[4], basis]
				if (got < want * 0.9999 || got > want * 1.0001) {
					printf "%s: ratio_to_single_%s %s, medians say %s\n", f[1], basis, got, want
					bad = 1
				}
			}
		}
		exit bad
	}' "$tmp/single.cols" "$tmp/all.cols" >"$tmp/ratios" ||
	fail "a ratio is not the medians' ratio: $(cat "$tmp/ratios")"
"$JSONL" -r summary -f kind "$tmp/all" | grep -qv '^\(performance\|efficiency\|low-power\|unknown\)$' &&
	fail "bad kind field"
# The allcore records, last: one per kind, each its allcore-KIND wall
# summary's median against its reference's, with that summary's ratios.
grep '"record":"allcore"' "$json" >"$tmp/kinds"
nkinds=$(grep '^allcore-' "$tmp/placements" | grep -vc '^allcore-\(cpu\|thread\)[0-9]')
[ "$(wc -l <"$tmp/kinds")" -eq "$nkinds" ] || fail "not one allcore record per kind ($nkinds): $(cat "$tmp/kinds")"
tail -n "$nkinds" "$json" | cmp -s - "$tmp/kinds" || fail "the allcore records are not last"
grep '"basis":"wall"' "$tmp/all" >"$tmp/all.wall"
grep '"basis":"wall"' "$tmp/single" >"$tmp/single.wall"
for f in placement median ratio_to_single_wall ratio_to_single_cpu single_placement; do
	"$JSONL" -r summary -f $f "$tmp/all.wall" >"$tmp/sum.$f" || fail "no $f in the all-core summaries"
	"$JSONL" -r allcore -f $f "$tmp/kinds" >"$tmp/kind.$f" || fail "the allcore record lacks $f"
done
for f in placement median; do
	"$JSONL" -r summary -f $f "$tmp/single.wall" >"$tmp/one.$f" || fail "no $f in the single summaries"
done
for f in single_median threads kind_threads cpus pinned kind mean; do
	"$JSONL" -r allcore -f $f "$tmp/kinds" >"$tmp/kind.$f" || fail "the allcore record lacks $f"
done
(cd "$tmp" && paste one.placement one.median) >"$tmp/one.cols"
(cd "$tmp" && paste sum.placement sum.median sum.ratio_to_single_wall sum.ratio_to_single_cpu sum.single_placement) >"$tmp/sum.cols"
(cd "$tmp" && paste kind.placement kind.median kind.ratio_to_single_wall kind.ratio_to_single_cpu kind.single_placement \
	kind.single_median kind.threads kind.pinned) >"$tmp/kind.cols"
awk -v n="$ncpu" -v pinned="$pinned" 'FILENAME ~ /one.cols$/ { one[$1] = $2; next }
	FILENAME ~ /sum.cols$/ { sum[$1] = $0; next }
	{ if (!($1 in sum)) { print $1 ": no summary"; bad = 1; next }
	  split(sum[$1], s, "\t")
	  for (i = 2; i <= 5; i++) if (s[i] != $i) { print $1 ": field " i " " $i ", the summary has " s[i]; bad = 1 }
	  if ($6 != one[$5]) { print $1 ": single_median " $6 ", " $5 " has " one[$5]; bad = 1 }
	  if ($7 != n) { print $1 ": threads " $7 " of " n; bad = 1 }
	  if ($8 != (pinned ? "true" : "false")) { print $1 ": pinned " $8; bad = 1 } }
	END { exit bad }' "$tmp/one.cols" "$tmp/sum.cols" "$tmp/kind.cols" >"$tmp/kind.bad" ||
	fail "an allcore record disagrees with the summaries: $(cat "$tmp/kind.bad")"
[ "$(awk '{ n += $1 } END { print n }' "$tmp/kind.kind_threads")" -eq "$ncpu" ] ||
	fail "the kinds' threads do not add up to $ncpu"
# Every thread's samples: REPS of them, on its own cpu, each of whole
# verified calls whose adds over the time are the rate.
grep '"record":"sample"' "$json" >"$tmp/samples"
[ "$(grep -c '"placement":"allcore-cpu' "$tmp/samples")" -eq $((3 * ncpu)) ] ||
	fail "not 3 samples per thread"
[ "$(grep -c '"placement":"allcore-' "$tmp/samples" | tr -d ' ')" -eq $((3 * ncpu)) ] ||
	fail "the kind rows repeat their samples"
"$JSONL" -r sample -f calls "$tmp/samples" | awk '!($1 >= 1) { exit 1 }' || fail "a sample has no calls"
for f in placement cpu_start cpu_end calls wall_ns value_wall; do
	"$JSONL" -r sample -f "$f" "$tmp/samples" >"$tmp/f.$f"
done
paste "$tmp/f.placement" "$tmp/f.cpu_start" "$tmp/f.cpu_end" "$tmp/f.calls" "$tmp/f.wall_ns" \
	"$tmp/f.value_wall" >"$tmp/rows"
awk -v pinned="$pinned" '{
	rate = $4 * 1000000 / $5
	if (rate / $6 < 0.9999 || rate / $6 > 1.0001) { print "rate", $0; exit 1 }
	if (pinned && $1 ~ /^allcore-cpu/ && ("allcore-cpu" $2 != $1 || $2 != $3)) { print "cpu", $0; exit 1 }
	if (pinned && $1 ~ /^single-cpu/ && ("single-cpu" $2 != $1 || $2 != $3)) { print "cpu", $0; exit 1 }
}' "$tmp/rows" || fail "a sample's rate is not its calls' adds over its time, or it ran elsewhere"
# Fixed duration: every sample at least sample_ns long.
dur=$("$JSONL" -r summary -f sample_ns "$json" | head -1)
awk -v d="$dur" '$5 < d { exit 1 }' "$tmp/rows" || fail "a sample is shorter than sample_ns $dur"

# One thread: the first usable cpu, beside its own reference.
REPS=2 expect_status 0 "$CT_CLOCK" -q -S 0 --threads 1 -f json
"$JSONL" -r summary -f placement "$tmp/out" | sort -u | tr '\n' ' ' >"$tmp/p1"
if [ "$pinned" = 1 ]; then
	kind=$(awk -F'\t' 'NR == 2 { print $2 }' "$tmp/cpus")
	[ "$(cat "$tmp/p1")" = "allcore-cpu$first allcore-$kind single-cpu$first " ] ||
		fail "--threads 1: $(cat "$tmp/p1")"
fi
[ "$("$JSONL" -r summary -f threads "$tmp/out" | sort -u)" = 1 ] || fail "--threads 1: threads is not 1"

# TSV: the summaries, then the allcore records in a block of their own;
# the summaries' header, the same columns on every row, every row verified.
REPS=2 expect_status 0 "$CT_CLOCK" -q -S 0 --threads all -f tsv
awk -v RS= 'END { exit NR != 2 }' "$tmp/out" || fail "tsv is not two blocks: $(cat "$tmp/out")"
awk -v RS= 'NR == 2' "$tmp/out" >"$tmp/kinds.tsv"
awk -v RS= 'NR == 1' "$tmp/out" >"$tmp/out.sum"
mv "$tmp/out.sum" "$tmp/out"
head -1 "$tmp/kinds.tsv" | grep -q '^#tool	kernel	isa	placement	basis	unit	kind	pinned	cpus	threads	' ||
	fail "no allcore header: $(head -1 "$tmp/kinds.tsv")"
[ "$(grep -vc '^#' "$tmp/kinds.tsv")" -eq "$(grep -c '^single-' "$tmp/placements")" ] ||
	fail "tsv: not one allcore record per kind: $(cat "$tmp/kinds.tsv")"
awk -F'\t' 'NR == 1 && $1 != "#tool" { exit 1 } NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/out" ||
	fail "tsv rows differ in columns"
[ "$(grep -vc '^#' "$tmp/out")" -eq $((2 * (ncpu + 2 * $(grep -c '^single-' "$tmp/placements")))) ] ||
	fail "tsv is not 2 bases x (threads + references + kinds)"
awk -F'\t' 'NR > 1 && $15 != "true" { exit 1 }' "$tmp/out" || fail "a tsv row is not verified"

# The table: how it ran, every row, and one line per kind with its ratio.
REPS=2 expect_status 0 "$CT_CLOCK" -q -S 0 --threads all
grep -q '^all-core: '"$ncpu"' threads' "$tmp/out" || fail "no all-core line: $(head -8 "$tmp/out")"
grep -q '^sample: .* ms of wall time on every thread' "$tmp/out" || fail "no sample line"
grep -q '^addchain .* threads: all-core mean .* GHz, median .*; alone (single-.*) median .*; ratio [0-9.]* wall, [0-9.]* cpu$' \
	"$tmp/out" || fail "no per-kind line: $(tail -3 "$tmp/out")"

# ct-fma: every thread's accumulators checked, per cycle, every ISA at once.
REPS=2 expect_status 0 "$CT_FMA" -q -S 0 --threads all --all-isa -f json
"$JSONL" "$tmp/out" || fail "ct-fma json does not parse"
[ "$("$JSONL" -r summary -f verified "$tmp/out" | sort -u)" = true ] || fail "ct-fma: a summary is not verified"
nisa=$("$CT_FMA" --list-isa | awk '$3 == "yes"' | wc -l)
[ "$(grep -c '"record":"allcore"' "$tmp/out")" -eq $((nisa * nkinds)) ] ||
	fail "ct-fma: not one allcore record per ISA and kind"
[ "$("$JSONL" -r summary -f placement "$tmp/out" | grep -c '^allcore-cpu')" -eq $((2 * ncpu * nisa)) ] ||
	fail "ct-fma: not one all-core row per cpu, ISA and basis"
"$JSONL" -r summary -f per_cycle_median "$tmp/out" | while read -r v; do
	# null: under 3 undisturbed samples, as a busy machine gives.
	[ "$v" = null ] || is_positive "$v" || exit 1
done || fail "ct-fma: a per-cycle figure is not positive"
# The same sums on every thread, alone or not: one checksum per ISA.
grep '"record":"summary"' "$tmp/out" >"$tmp/fsum"
"$JSONL" -r summary -f isa "$tmp/fsum" >"$tmp/fisa"
"$JSONL" -r summary -f checksum "$tmp/fsum" >"$tmp/fck"
[ "$(paste "$tmp/fisa" "$tmp/fck" | sort -u | wc -l)" -eq "$nisa" ] || fail "ct-fma: threads disagree on the sums"
REPS=2 expect_status 0 "$CT_FMA" -q -S 0 --threads 1
grep -q '^fma .* threads: all-core mean .* GFLOP/s' "$tmp/out" || fail "ct-fma: no per-kind line"

# ct-stream: every thread reads its own array (filled from its own seed,
# so its own sums), every call verified.
REPS=2 expect_status 0 "$CT_STREAM" -q -S 0 --threads all -b 1M -f json
"$JSONL" "$tmp/out" || fail "ct-stream json does not parse"
[ "$("$JSONL" -r summary -f verified "$tmp/out" | sort -u)" = true ] || fail "ct-stream: a summary is not verified"
grep '"record":"allcore"' "$tmp/out" >"$tmp/skinds"
[ "$("$JSONL" -r allcore -f kernel "$tmp/skinds" | sort -u)" = stream ] || fail "ct-stream: no allcore record of the stream kernel"
[ "$("$JSONL" -r allcore -f unit "$tmp/skinds" | sort -u)" = GB/s ] || fail "ct-stream: an allcore record not in GB/s"
[ "$("$JSONL" -r summary -f size_bytes "$tmp/out" | sort -u)" = 1048576 ] || fail "ct-stream: not the size asked for"
grep '"record":"summary"' "$tmp/out" | grep '"placement":"allcore-cpu' | grep '"basis":"wall"' >"$tmp/ssum"
[ "$(wc -l <"$tmp/ssum")" -eq "$ncpu" ] || fail "ct-stream: not one all-core row per cpu"
[ "$("$JSONL" -r summary -f checksum "$tmp/ssum" | sort -u | wc -l)" -eq "$ncpu" ] ||
	fail "ct-stream: threads read the same array: $("$JSONL" -r summary -f checksum "$tmp/ssum" | tr '\n' ' ')"
REPS=2 expect_status 0 "$CT_STREAM" -q -S 0 --threads 1 -b 1M
grep -q '^stream .* threads: all-core mean .* GB/s' "$tmp/out" || fail "ct-stream: no per-kind line"
grep -q '^array: *1 MiB per thread and ISA' "$tmp/out" || fail "ct-stream: no array line: $(cat "$tmp/out")"

# -k alone: the kind's pin row's cpu.
if [ "$pinned" = 1 ]; then
	kind=$(awk -F'\t' 'NR == 2 { print $2 }' "$tmp/cpus")
	cpu=$("$CT_PLACE" --dry-run -f tsv | awk -F'\t' -v p="pin-$kind" '$1 == p { print $3 }')
	REPS=2 expect_status 0 "$CT_CLOCK" -q -S 0 -k "$kind" -f tsv
	awk -F'\t' -v p="pin-$kind" -v c="$cpu" 'NR > 1 && ($4 != p || $12 != c) { exit 1 }' "$tmp/out" ||
		fail "-k $kind: not pinned to cpu $cpu as pin-$kind: $(cat "$tmp/out")"
fi

# Bad thread counts and combinations: usage errors.
for n in 0 x 1x -1 ''; do
	expect_status 2 "$CT_CLOCK" -q --threads "$n"
	grep -q "^ct-clock: invalid --threads" "$tmp/err" || fail "--threads '$n': $(cat "$tmp/err")"
	[ -s "$tmp/out" ] && fail "--threads '$n': wrote to stdout"
done
expect_status 2 "$CT_FMA" -q --threads 0
expect_status 2 "$CT_CLOCK" -q --threads all -c 0
grep -q "^ct-clock: -c and --threads exclude each other" "$tmp/err" || fail "-c --threads: $(cat "$tmp/err")"
expect_status 2 "$CT_CLOCK" -q --threads all --precision 5
grep -q "^ct-clock: --threads and --precision exclude each other: --threads takes a fixed number of samples" "$tmp/err" ||
	fail "--precision: $(cat "$tmp/err")"
expect_status 2 "$CT_FMA" -q --threads 1 --max-time 1
expect_status 2 "$CT_CLOCK" -q -k bogus
grep -q "^ct-clock: invalid kind 'bogus'" "$tmp/err" || fail "-k bogus: $(cat "$tmp/err")"
# More threads than usable cpus: not applicable here.
expect_status 4 "$CT_CLOCK" -q --threads $((ncpu + 1))
grep -q "^ct-clock: --threads $((ncpu + 1)): only $ncpu usable cpu" "$tmp/err" || fail "too many: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "too many threads: wrote to stdout"
expect_status 4 "$CT_FMA" -q --threads $((ncpu + 1))
# A kind this machine has no cpu of: exit 4, with and without --threads.
lacking=
for k in performance efficiency low-power; do
	"$CT_PLACE" --cpus-of "$k" >/dev/null 2>&1 || { lacking=$k; break; }
done
if [ -n "$lacking" ] && [ "$pinned" = 1 ]; then
	expect_status 4 "$CT_CLOCK" -q -k "$lacking"
	grep -q "^ct-clock: no usable cpu of kind '$lacking'" "$tmp/err" || fail "-k $lacking: $(cat "$tmp/err")"
	expect_status 4 "$CT_FMA" -q --threads all -k "$lacking"
	grep -q "^ct-fma: no usable cpu of kind '$lacking'" "$tmp/err" || fail "fma -k $lacking: $(cat "$tmp/err")"
fi
exit 0

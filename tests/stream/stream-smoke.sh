#!/bin/sh
# ct-stream QUICK run on every usable ISA, one at a time, in every format:
# it runs, writes nothing on stderr, every sample verifies, the records
# hold the promised fields (the size and why, the pages), the figures are
# sane.  Then --all-isa over one array (every ISA's sum the same), a size
# sweep (one record set per size, rounded to whole blocks, its level from
# the cache sizes, no prefetch in L1 or L2), a range, the one table, why
# the ISA, and --small-pages.  CT_EXEC runs the binary (qemu-aarch64 for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"

run_stream() { ${CT_EXEC:-} "$CT_STREAM" "$@"; }

expect_status 0 run_stream --list-isa
usable=$(awk 'NR > 1 && $3 == "yes" { print $1 }' "$tmp/out")
[ -n "$usable" ] || fail "--list-isa lists no usable ISA"
echo "usable: " $usable

# col FILE NAME: the values of a TSV column, by its header name.
col() {
	awk -F'\t' -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
		{ print $c[n] }' "$1"
}

for isa in $usable; do
	# The human table: one row per size (here one), the ISA and why.
	expect_status 0 run_stream -q --isa "$isa"
	[ -n "$(messages "$tmp/err")" ] && fail "$isa: a clean run wrote to stderr: $(cat "$tmp/err")"
	grep -q "^kernel:   stream $isa " "$tmp/out" || fail "$isa: no kernel line"
	grep -q "^isa:      $isa (forced: --isa $isa" "$tmp/out" || fail "$isa: no isa line saying why"
	grep -q '^array:    QUICK.*THP ' "$tmp/out" || fail "$isa: no QUICK array line"
	grep -q '^caches:   L1d ' "$tmp/out" || fail "$isa: no caches line"
	grep -q '^prefetch: ' "$tmp/out" || fail "$isa: no prefetch line"
	grep -q '^size  *level  *isa  *prefetch  *GB/s ' "$tmp/out" || fail "$isa: no table header"
	# The table's row: a size first (a wrapped header line may hold the ISA's name too).
	row=$(awk -v i="$isa" '/^[0-9]+ [KMG]?i?B / && $4 == i' "$tmp/out")
	[ "$(echo "$row" | wc -l)" -eq 1 ] || fail "$isa: not one row: $row"
	set -- $row
	[ "$1 $2" = "16 MiB" ] || fail "$isa: size is '$1 $2'"
	# '-': a level no source knows (a Zen 5 guest has no L3 size).
	echo "$3" | grep -q -x -E 'L1|L2|L3|memory|-' || fail "$isa: level '$3'"
	is_positive "$6" || fail "$isa: GB/s '$6' is not a positive number"
	is_positive "$9" || fail "$isa: cpu GB/s '$9' is not a positive number"
	# Between 0.01 and 1024 bytes per cycle: else a broken count or clock.
	# '-' on a busy machine: under 3 undisturbed samples, as the footnote says.
	if [ "$8" = - ]; then
		grep -q '^-      per cycle: fewer than 3 samples' "$tmp/out" ||
			fail "$isa: '-' per cycle without its footnote"
	else
		awk -v x="$8" 'BEGIN { exit !(x > 0.01 && x < 1024) }' || fail "$isa: $8 byte/cycle is implausible"
	fi
	[ "${13}" = yes ] || fail "$isa row not verified: $row"

	# JSON Lines, with the samples (--samples is long only here).
	REPS=3 expect_status 0 run_stream -q --isa "$isa" -f json --samples
	"$JSONL" "$tmp/out" || fail "$isa: json does not parse"
	cp "$tmp/out" "$tmp/json"
	[ "$("$JSONL" -r machine -f tool "$tmp/json")" = ct-stream ] || fail "$isa: no machine record"
	[ "$("$JSONL" -r summary -f basis "$tmp/json" | tr '\n' ' ')" = "wall cpu " ] ||
		fail "$isa: summaries are not wall then cpu"
	[ "$("$JSONL" -r summary -f isa "$tmp/json" | sort -u)" = "$isa" ] || fail "$isa: wrong isa in records"
	[ "$("$JSONL" -r summary -f verified "$tmp/json" | sort -u)" = true ] || fail "$isa: not verified"
	[ "$("$JSONL" -r summary -f size_bytes "$tmp/json" | sort -u)" = 16777216 ] ||
		fail "$isa: QUICK array is not 16 MiB"
	"$JSONL" -r summary -f size_reason "$tmp/json" | grep -q '^QUICK' || fail "$isa: size_reason is not QUICK"
	[ "$("$JSONL" -r summary -f passes "$tmp/json" | sort -u)" = 1 ] || fail "$isa: QUICK passes not 1"
	[ "$("$JSONL" -r summary -f thp_advice "$tmp/json" | sort -u)" = hugepage ] ||
		fail "$isa: huge pages not asked for by default"
	"$JSONL" -r summary -f thp "$tmp/json" | grep -q -x -E 'always|madvise|never|none' ||
		fail "$isa: thp is not a THP setting"
	"$JSONL" -r summary -f huge_pct "$tmp/json" | awk '{ if (!($1 == -1 || ($1 >= 0 && $1 <= 100))) exit 1 }' ||
		fail "$isa: huge_pct is not a percentage or -1"
	[ "$("$JSONL" -r summary -f per_cycle_unit "$tmp/json" | sort -u)" = byte/cycle ] ||
		fail "$isa: per-cycle unit is not byte/cycle"
	[ "$("$JSONL" -r sample -f rep "$tmp/json" | tr '\n' ' ')" = "1 2 3 " ] || fail "$isa: samples not 1-3"
	for f in tool kernel isa placement basis unit min median max cv_pct reps cpus verified \
		per_cycle_median per_cycle_cv_pct load_bytes accumulators prefetch_bytes checksum \
		level l1_bytes l2_bytes l3_bytes prefetch_reason isa_reason iteration_loads loop_reason loop; do
		"$JSONL" -r summary -f "$f" "$tmp/json" >/dev/null || fail "$isa: summary lacks $f"
	done
	for f in bracket_ghz_wall per_cycle_wall per_cycle_cpu value_wall; do
		"$JSONL" -r sample -f "$f" "$tmp/json" >/dev/null || fail "$isa: sample lacks $f"
	done
	# GB/s is bytes per ns: each sample's value is size x passes / wall_ns.
	"$JSONL" -r sample -f wall_ns "$tmp/json" >"$tmp/ns"
	"$JSONL" -r sample -f value_wall "$tmp/json" >"$tmp/v"
	paste "$tmp/ns" "$tmp/v" | awk '{ r = 16777216 / $1 / $2; if (r < 0.999 || r > 1.001) exit 1 }' ||
		fail "$isa: value_wall is not bytes per wall ns"

	# TSV: a header and two rows of the same width, sizes in every digit.
	REPS=2 expect_status 0 run_stream -q --isa "$isa" -f tsv
	[ "$(wc -l <"$tmp/out")" -eq 3 ] || fail "$isa: tsv is not a header and two rows"
	cp "$tmp/out" "$tmp/tsv"
	awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/tsv" || fail "$isa: tsv rows differ in width"
	[ "$(col "$tmp/tsv" isa | sort -u)" = "$isa" ] || fail "$isa: tsv isa wrong"
	[ "$(col "$tmp/tsv" verified | sort -u)" = true ] || fail "$isa: tsv not verified"
	[ "$(col "$tmp/tsv" size_bytes | sort -u)" = 16777216 ] || fail "$isa: tsv size_bytes"
done

# Every ISA over one array, interleaved: the same sum from each.
n=$(echo $usable | wc -w)
REPS=2 expect_status 0 run_stream -q --all-isa -f tsv
cp "$tmp/out" "$tmp/all"
[ "$(grep -vc '^#' "$tmp/all")" -eq $((2 * n)) ] || fail "--all-isa: not 2 rows for each of $n ISAs"
[ "$(col "$tmp/all" verified | sort -u)" = true ] || fail "--all-isa: not verified"
# The sums of one array: the same for every ISA whose loop adds, and for
# every one whose loop XORs (the avx512 xor loop's reference is its own).
paste "$tmp/all" /dev/null | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
	{ k = index($c["loop_reason"], "the xor loop") ? "xor" : "sum"
	  if ((k in sum) && sum[k] != $c["checksum"]) { print $c["isa"] ": " $c["checksum"] ", " k " " sum[k]; bad = 1 }
	  sum[k] = $c["checksum"] }
	END { exit bad }' || fail "--all-isa: the ISAs' sums differ"

# A sweep: one record set per size, in order, each a whole number of
# 512-byte blocks (5000 -> 5120), each verified.
REPS=2 expect_status 0 run_stream -q -b 4K,5000,64K,1M -f tsv
cp "$tmp/out" "$tmp/sweep"
[ "$(grep -c '^#' "$tmp/sweep")" -eq 1 ] || fail "sweep: not one tsv header"
[ "$(col "$tmp/sweep" size_bytes | uniq | tr '\n' ' ')" = "4096 5120 65536 1048576 " ] ||
	fail "sweep: sizes are $(col "$tmp/sweep" size_bytes | uniq | tr '\n' ' ')"
[ "$(col "$tmp/sweep" verified | sort -u)" = true ] || fail "sweep: not verified"
col "$tmp/sweep" size_reason | grep -q 'rounded up to a multiple of 512 bytes' ||
	fail "sweep: 5000 does not say it was rounded"
# Small arrays take whole passes, at least 16 MiB a sample under QUICK.
[ "$(col "$tmp/sweep" passes | uniq | tr '\n' ' ')" = "4096 3277 256 16 " ] ||
	fail "sweep: passes are $(col "$tmp/sweep" passes | uniq | tr '\n' ' ')"
# Each record's level is the smallest cache it names that holds the array.
paste "$tmp/sweep" /dev/null | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
	{ b = $c["size_bytes"]; w = "memory"
	  # "unknown" from the first level no source knows, unless a smaller one holds it.
	  for (l = 3; l >= 1; l--)
		if ($c["l" l "_source"] == "unknown") w = "unknown"
		else if ($c["l" l "_bytes"] > 0 && b <= $c["l" l "_bytes"]) w = "L" l
	  if (w != $c["level"]) { print b ": " $c["level"] ", expected " w; bad = 1 } }
	END { exit bad }' || fail "sweep: a level does not follow from the cache sizes"
# The loop that ran says its loads an iteration, and a prefetch exactly
# when it is the prefetching loop.
paste "$tmp/sweep" /dev/null | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
	index($c["loop_reason"], $c["iteration_loads"] " loads an iteration") != 1 { print "loop_reason: " $c["loop_reason"]; bad = 1 }
	($c["prefetch_bytes"] != 0) != (index($c["loop_reason"], "the prefetching loop") > 0) { print "prefetch " $c["prefetch_bytes"] ": " $c["loop_reason"]; bad = 1 }
	END { exit bad }' || fail "sweep: a loop_reason does not match its loop"
# The default is calibrated for each size and says so: every candidate
# timed (scalar only without a vector ISA), fastest first, the trials each (9, or a block of 9 more at a time
# up to 45, and the candidates timed more than the fewest, "(avx2, avx512
# 18)"), and the reader that ran is the first named unless the reason
# says it was kept ("; X kept: Y not faster by more than 3 % beyond the
# trials' noise (...)", Y the first named); it names the options that pin
# it ("; --isa avx512 --loop xor pins it").
[ "$(col "$tmp/sweep" isa_reason | cut -c1-12 | sort -u)" = "calibrated: " ] ||
	fail "sweep: isa_reason is not a calibration's"
# Scalar is a candidate only where no vector ISA is usable.
ncand=$(run_stream --list-isa | awk '$3 == "yes" && $1 == "scalar" { s = 1 } $3 == "yes" && $1 == "neon" { n += 1 }
	$3 == "yes" && $1 == "avx2" { n += 2 } $3 == "yes" && $1 == "avx512" { n += 4 } END { print n ? n : s }')
paste "$tmp/sweep" /dev/null | awk -F'\t' -v ncand="$ncand" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
	{ r = $c["isa_reason"]; ran = $c["isa"]
	  if ($c["prefetch_bytes"] != 0) ran = ran "/prefetch"
	  else if (index($c["loop_reason"], "the short loop")) ran = ran "/short"
	  else if (index($c["loop_reason"], "the xor loop")) ran = ran "/xor"
	  l = r; sub(/^calibrated: /, "", l); sub(/ GB\/s.*$/, "", l)
	  k = split(l, cand, /, /)
	  split(cand[1], first, / /)
	  if (k != ncand) { print "candidates " k " of " ncand ": " r; bad = 1 }
	  # Each trial whole passes of at least 4 MiB (QUICK), less than a pass more.
	  if (!match(r, / [0-9]+ trials each of [0-9]+ (bytes|KiB|MiB|GiB)( \([^)]*\))?, [0-9]+ ms/)) { print "trials: " r; bad = 1 }
	  # Blocks of 9, at most 45; those timed more, each count once and above the fewest.
	  tr = r; sub(/ trials each of .*/, "", tr); sub(/^.* /, "", tr); fewest = tr + 0
	  if (fewest < 9 || fewest > 45 || fewest % 9) { print "trials each: " r; bad = 1 }
	  more = ""; if (match(r, / (bytes|KiB|MiB|GiB) \([^)]*\), [0-9]+ ms/)) more = substr(r, RSTART, RLENGTH)
	  sub(/^[^(]*\(/, "", more); sub(/\).*/, "", more)
	  m = more == "" ? 0 : split(more, grp, /; /)
	  for (g = 1; g <= m; g++) { nt = grp[g]; sub(/^.* /, "", nt)
	    if (nt + 0 <= fewest || nt + 0 > 45 || nt % 9 || seen[NR " " nt]++) { print "timed more: " r; bad = 1 } }
	  tr = r; sub(/^.* trials each of /, "", tr); split(tr, tb, /[ ,]/)
	  tb[1] *= tb[2] == "KiB" ? 1024 : tb[2] == "MiB" ? 1048576 : tb[2] == "GiB" ? 1073741824 : 1
	  if (tb[1] < 4194304 || tb[1] >= 4194304 + $c["size_bytes"]) { print "trial bytes " tb[1] ": " r; bad = 1 }
	  kept = index(r, "; " ran " kept: " first[1] " not faster by more than 3 % beyond the trials\047 noise (")
	  if (first[1] != ran && !kept) { print ran " ran: " r; bad = 1 }
	  if (first[1] == ran && index(r, " kept: ")) { print "the fastest kept: " r; bad = 1 }
	  # The options that pin the reader that ran.
	  isa = $c["isa"]; loop = ran; sub(/^[^\/]*\/?/, "", loop); if (loop == "") loop = "plain"
	  if (!index(r, "; --isa " isa " --loop " loop " pins it")) { print "pin of " ran ": " r; bad = 1 } }
	END { exit bad }' || fail "sweep: a calibration does not say what it tried and why the winner won"
# Where a 512-bit reader meets another (avx512 and avx2 usable) the
# reason says how they were timed, here as CT_STREAM_LICENCE has it; else
# it says nothing of it.
REPS=2 CT_STREAM_LICENCE=turns expect_status 0 run_stream -q -b 16K -f tsv
if [ "$(run_stream --list-isa | awk '$3 == "yes" && ($1 == "avx512" || $1 == "avx2")' | wc -l)" -eq 2 ]; then
	col "$tmp/out" isa_reason | grep -v '; 512-bit in turns: CT_STREAM_LICENCE=turns; ' &&
		fail "CT_STREAM_LICENCE=turns: a reason without it"
else
	col "$tmp/out" isa_reason | grep '512-bit' && fail "512-bit in a reason without two kinds of reader"
fi
REPS=2 CT_ISA=scalar expect_status 0 run_stream -q -b 4K -f tsv
[ "$(col "$tmp/out" isa_reason | sort -u)" = "forced: CT_ISA=scalar (its one loop)" ] || fail "CT_ISA: isa_reason"
# A record's reader again, as its pin has it, with the options and with
# CT_ISA and CT_STREAM_LOOP: the same ISA, loop, loads and accumulators.
reader() {
	for f in isa prefetch_bytes iteration_loads accumulators; do col "$1" $f | sort -u; done
	col "$1" loop_reason | sed 's/ (.*//' | sort -u
}
col "$tmp/sweep" isa_reason | sed -n 's/.*; --isa \([a-z0-9]*\) --loop \([a-z]*\) pins it$/\1 \2/p' | sort -u >"$tmp/pins"
[ -s "$tmp/pins" ] || fail "sweep: no pin in an isa_reason"
while read -r pisa ploop; do
	b=$(paste "$tmp/sweep" /dev/null | awk -F'\t' -v want="; --isa $pisa --loop $ploop pins it" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
		substr($c["isa_reason"], length($c["isa_reason"]) - length(want) + 1) == want { print $c["size_bytes"]; exit }')
	awk -F'\t' -v b="$b" 'NR == 1 { print; for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
		$c["size_bytes"] == b' "$tmp/sweep" >"$tmp/rec"
	REPS=2 expect_status 0 run_stream -q -b "$b" -f tsv --isa "$pisa" --loop "$ploop"
	[ "$(reader "$tmp/out")" = "$(reader "$tmp/rec")" ] || fail "--isa $pisa --loop $ploop at $b: $(reader "$tmp/out" | tr '\n' ' ') against the record's $(reader "$tmp/rec" | tr '\n' ' ')"
	REPS=2 CT_ISA=$pisa CT_STREAM_LOOP=$ploop expect_status 0 run_stream -q -b "$b" -f tsv
	[ "$(reader "$tmp/out")" = "$(reader "$tmp/rec")" ] || fail "CT_ISA=$pisa CT_STREAM_LOOP=$ploop at $b: another reader"
	echo "the record's pin --isa $pisa --loop $ploop at $b bytes: the same reader"
done <"$tmp/pins"
# --isa and --loop together pin the whole choice: nothing calibrated.
REPS=2 expect_status 0 run_stream -q -b 4K -f tsv --isa scalar --loop plain
[ "$(col "$tmp/out" isa_reason | sort -u)" = "forced: --isa scalar, --loop plain" ] || fail "--isa --loop: isa_reason"
# --loop alone: the ISAs that have it, calibrated.
REPS=2 expect_status 0 run_stream -q -b 4K -f tsv --loop plain
col "$tmp/out" isa_reason | grep -q '^forced: --loop plain; calibrated: ' || fail "--loop: isa_reason $(col "$tmp/out" isa_reason)"
[ "$(col "$tmp/out" prefetch_bytes | sort -u)" = 0 ] || fail "--loop plain: a prefetch"
# Every loop of every usable ISA, forced: it runs and verifies (the xor
# loop against its own reference), its loads an iteration and
# accumulators as its loop has them (the xor loop one accumulator for two
# lines), or the kernel lacks it and says so (exit 2).
for isa in $usable; do
	for loop in plain short prefetch xor; do
		st=0
		REPS=2 run_stream -q -b 4K -f tsv --isa "$isa" --loop "$loop" >"$tmp/out" 2>"$tmp/err" || st=$?
		if [ "$st" -eq 2 ] && grep -q "the $isa stream kernel has no $loop loop" "$tmp/err"; then
			continue
		fi
		[ "$st" -eq 0 ] || fail "--isa $isa --loop $loop: exit $st: $(cat "$tmp/err")"
		[ "$(col "$tmp/out" verified | sort -u)" = true ] || fail "--isa $isa --loop $loop: not verified"
		loads=$(col "$tmp/out" iteration_loads | sort -u) accs=$(col "$tmp/out" accumulators | sort -u)
		col "$tmp/out" loop_reason | grep -q "^$loads loads an iteration: the .*$loop" ||
			fail "--isa $isa --loop $loop: loop_reason $(col "$tmp/out" loop_reason | sort -u)"
		case $loop in
		xor) [ "$accs" -eq $((loads / 2)) ] || fail "--isa $isa --loop xor: $accs accumulators for $loads lines" ;;
		short) [ "$accs" -eq "$loads" ] || fail "--isa $isa --loop short: $accs accumulators for $loads loads" ;;
		esac
		echo "--isa $isa --loop $loop: verified, $loads loads an iteration, $accs accumulators"
	done
done

# A range: every power of two from one end to the other.
REPS=2 expect_status 0 run_stream -q -b 16K..128K,1M -f tsv
[ "$(col "$tmp/out" size_bytes | uniq | tr '\n' ' ')" = "16384 32768 65536 131072 1048576 " ] ||
	fail "range: sizes are $(col "$tmp/out" size_bytes | uniq | tr '\n' ' ')"

# The table: one, a row per size, in human units.
REPS=2 expect_status 0 run_stream -q -b 64K,128K
[ "$(grep -c '^size  *level' "$tmp/out")" -eq 1 ] || fail "sweep table: not one table"
[ "$(awk '$2 == "KiB" { print $1 }' "$tmp/out" | tr '\n' ' ')" = "64 128 " ] ||
	fail "sweep table: not a row for 64 KiB and one for 128 KiB"
[ "$(grep -c '^machine: ' "$tmp/out")" -eq 1 ] || fail "sweep table: not one machine line"

# --small-pages: the advice is NOHUGEPAGE and no huge page backs the array.
REPS=2 expect_status 0 run_stream -q --small-pages -f json
[ "$("$JSONL" -r summary -f thp_advice "$tmp/out" | sort -u)" = nohugepage ] ||
	fail "--small-pages: advice is not nohugepage"
"$JSONL" -r summary -f huge_pct "$tmp/out" | awk '{ if ($1 > 0) exit 1 }' ||
	fail "--small-pages: part of the array is on huge pages"
exit 0

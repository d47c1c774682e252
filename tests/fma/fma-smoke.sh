#!/bin/sh
# ct-fma QUICK run on every usable ISA, one at a time: it runs, writes
# nothing on stderr, every sample verifies, every format parses and holds
# the promised fields, the figures are sane.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

expect_status 0 "$CT_FMA" --list-isa
usable=$(awk 'NR > 1 && $3 == "yes" { print $1 }' "$tmp/out")
[ -n "$usable" ] || fail "--list-isa lists no usable ISA"
echo "usable: " $usable

for isa in $usable; do
	# The human table.
	expect_status 0 "$CT_FMA" -q --isa "$isa"
	[ -n "$(messages "$tmp/err")" ] && fail "$isa: a clean run wrote to stderr: $(cat "$tmp/err")"
	grep -q "^kernel:   fma $isa " "$tmp/out" || fail "$isa: no kernel line"
	for basis in wall cpu; do
		row=$(awk -v b="$basis" -v i="$isa" '$1 == "fma" && $2 == i && $4 == b' "$tmp/out")
		[ -n "$row" ] || fail "$isa: no $basis row"
		set -- $row
		[ "$5" = GFLOP/s ] || fail "$isa $basis: unit is '$5'"
		is_positive "$6" || fail "$isa $basis: max '$6' is not a positive number"
		[ "${11}" = flop/cycle ] || fail "$isa $basis: per-cycle unit is '${11}'"
		# Between 0.1 and 1024 flops per cycle: else a broken count or clock.
		# '-' on a busy machine: under 3 undisturbed samples, as the footnote says.
		if [ "${10}" = - ]; then
			grep -q '^-      per cycle: fewer than 3 samples' "$tmp/out" ||
				fail "$isa $basis: '-' per cycle without its footnote"
		else
			# '!': above the ISA's ceiling, the clock under it misread (a
			# bracket the host stretched); the product says so in a footnote.
			pc=${10%!}
			[ "$pc" = "${10}" ] || grep -q '^!      implausible: above the most' "$tmp/out" ||
				fail "$isa $basis: '!' per cycle without its footnote"
			awk -v x="$pc" 'BEGIN { exit !(x + 0 > 0.1 && x + 0 < 1024) }' ||
				fail "$isa $basis: ${10} flop/cycle is implausible"
		fi
		[ "${16}" = yes ] || fail "$isa $basis row not verified: $row"
	done

	# JSON Lines, with the samples.
	REPS=3 expect_status 0 "$CT_FMA" -q --isa "$isa" -f json --samples
	"$JSONL" "$tmp/out" || fail "$isa: json does not parse"
	cp "$tmp/out" "$tmp/json"
	[ "$("$JSONL" -r machine -f tool "$tmp/json")" = ct-fma ] || fail "$isa: no machine record"
	[ "$("$JSONL" -r summary -f basis "$tmp/json" | tr '\n' ' ')" = "wall cpu " ] ||
		fail "$isa: summaries are not wall then cpu"
	[ "$("$JSONL" -r summary -f isa "$tmp/json" | sort -u)" = "$isa" ] || fail "$isa: wrong isa in records"
	[ "$("$JSONL" -r summary -f verified "$tmp/json" | sort -u)" = true ] || fail "$isa: not verified"
	[ "$("$JSONL" -r summary -f passes "$tmp/json" | sort -u)" = 1024 ] || fail "$isa: QUICK passes not 1024"
	[ "$("$JSONL" -r summary -f array_bytes "$tmp/json" | sort -u)" = 16384 ] || fail "$isa: array not 16384 bytes"
	[ "$("$JSONL" -r sample -f rep "$tmp/json" | tr '\n' ' ')" = "1 2 3 " ] || fail "$isa: samples not 1-3"
	for f in tool kernel isa placement basis unit min median max cv_pct reps cpus verified \
		per_cycle_median per_cycle_cv_pct per_cycle_unit accumulators lanes flops_per_byte checksum; do
		"$JSONL" -r summary -f "$f" "$tmp/json" >/dev/null || fail "$isa: summary lacks $f"
	done
	if [ "$isa" != scalar ]; then
		"$JSONL" -r summary -f insn_per_cycle_median "$tmp/json" >"$tmp/ipc" ||
			fail "$isa: no FMA instructions per cycle"
		[ "$("$JSONL" -r summary -f insn_per_cycle_unit "$tmp/json" | sort -u)" = fma/cycle ] ||
			fail "$isa: insn unit is not fma/cycle"
		# flops per cycle = FMAs per cycle x lanes x 2, sample by sample.
		"$JSONL" -r summary -f per_cycle_median "$tmp/json" >"$tmp/pc"
		lanes=$("$JSONL" -r summary -f lanes "$tmp/json" | head -1)
		paste "$tmp/pc" "$tmp/ipc" | awk -v l="$lanes" '{ r = $1 / ($2 * l * 2); if (r < 0.999 || r > 1.001) exit 1 }' ||
			fail "$isa: flop/cycle is not fma/cycle x $lanes lanes x 2"
	fi
	for f in bracket_ghz_wall per_cycle_wall per_cycle_cpu; do
		"$JSONL" -r sample -f "$f" "$tmp/json" >/dev/null || fail "$isa: sample lacks $f"
	done

	# TSV: a header and two rows of the same width.
	REPS=2 expect_status 0 "$CT_FMA" -q --isa "$isa" -f tsv
	[ "$(wc -l <"$tmp/out")" -eq 3 ] || fail "$isa: tsv is not a header and two rows"
	head -1 "$tmp/out" | grep -q '^#tool	kernel	isa	' || fail "$isa: tsv header"
	awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/out" || fail "$isa: tsv rows differ in width"
	awk -F'\t' 'NR > 1 && ($3 != "'"$isa"'" || $15 != "true") { exit 1 }' "$tmp/out" ||
		fail "$isa: tsv isa/verified wrong"
done
exit 0

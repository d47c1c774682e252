#!/bin/sh
# Declared kinds on a recorded machine (intel-adl-container: cpus 16-19
# usable, all detected efficiency), declared performance=16-17 and
# efficiency=18-19, so that every check of the declaration that needs no
# live run holds on any machine (the live ones are place-kinds.sh's):
#   - the listing says what was declared, the same from CT_KINDS and its
#     short forms, the option winning over it, an empty CT_KINDS detecting;
#     the facts still read; JSON's topology and the table say so;
#   - --cpus-of by kind and by rank, and a kind the machine lacks;
#   - the plan: six placements, each on the declared cpus.
. "${top_srcdir:-..}/tests/lib.sh"

unset CT_KINDS
S="--sysroot $top_srcdir/data/machines/intel-adl-container"
P=16-17 E=18-19 p1=17 e1=19
K="--kinds efficiency=$E --kinds performance=$P"
canon="performance=$P;efficiency=$E"

expect_status 0 "$CT_PLACE" $S -l -f tsv
cp "$tmp/out" "$tmp/detected"
[ "$(awk -F"\t" 'NR > 1 { print $2 }' "$tmp/detected" | sort -u)" = efficiency ] ||
	fail "the recorded machine is not four efficiency cpus: $(cat "$tmp/detected")"

# --- The listing, from the option, the short forms and CT_KINDS. ---
expect_status 0 "$CT_PLACE" $S $K -l -f tsv
[ -z "$(messages "$tmp/err")" ] || fail "-l $K wrote to stderr: $(cat "$tmp/err")"
cp "$tmp/out" "$tmp/given"
printf '#cpu\tkind\trank\tevidence\n16\tperformance\t0\tgiven\n17\tperformance\t0\tgiven\n18\tefficiency\t1\tgiven\n19\tefficiency\t1\tgiven\n' >"$tmp/want"
cut -f1-4 "$tmp/given" | diff -u "$tmp/want" - || fail "-l -f tsv does not list what was declared"
# The facts are still read: max_mhz and capacity as detected.
cut -f1,5,6 "$tmp/given" >"$tmp/facts"
cut -f1,5,6 "$tmp/detected" | diff -u - "$tmp/facts" || fail "declaring kinds changed the facts listed"
expect_status 0 env CT_KINDS="efficiency=$E;performance=$P" "$CT_PLACE" $S -l -f tsv
diff -u "$tmp/given" "$tmp/out" || fail "CT_KINDS lists otherwise than --kinds"
expect_status 0 env CT_KINDS="P=$P;e=$E" "$CT_PLACE" $S -l -f tsv
diff -u "$tmp/given" "$tmp/out" || fail "CT_KINDS with short forms lists otherwise"
# A ';' may end the last entry.
expect_status 0 env CT_KINDS="E=$E;P=$P;" "$CT_PLACE" $S -l -f tsv
diff -u "$tmp/given" "$tmp/out" || fail "CT_KINDS with a trailing ';' lists otherwise"
expect_status 0 "$CT_PLACE" $S --kinds "LP=$E" --kinds "lp=$P" -l -f tsv
awk -F'\t' 'NR > 1 && ($2 != "low-power" || $3 != 0 || $4 != "given") { exit 1 }' "$tmp/out" ||
	fail "--kinds LP=... lp=...: $(cat "$tmp/out")"
# The option wins, whatever CT_KINDS says, malformed included.
expect_status 0 env CT_KINDS="performance=$E;efficiency=$P" "$CT_PLACE" $S $K -l -f tsv
diff -u "$tmp/given" "$tmp/out" || fail "CT_KINDS won over --kinds"
expect_status 0 env CT_KINDS="junk" "$CT_PLACE" $S $K -l -f tsv
diff -u "$tmp/given" "$tmp/out" || fail "a malformed CT_KINDS was read beside --kinds"
# Empty CT_KINDS: detected, as unset.
expect_status 0 env CT_KINDS= "$CT_PLACE" $S -l -f tsv
diff -u "$tmp/detected" "$tmp/out" || fail "an empty CT_KINDS is not detection"
# JSON: the topology record says given, with its source.
expect_status 0 "$CT_PLACE" $S $K -l -f json
"$JSONL" "$tmp/out" || fail "-l -f json does not parse"
[ "$("$JSONL" -r topology -f rules "$tmp/out")" = given ] || fail "rules is not given"
[ "$("$JSONL" -r topology -f ranks "$tmp/out")" = 2 ] || fail "not 2 ranks"
[ "$("$JSONL" -r topology -f basis "$tmp/out")" = "declared with --kinds, not detected" ] ||
	fail "basis: $("$JSONL" -r topology -f basis "$tmp/out")"
[ "$("$JSONL" -r cpu -f evidence "$tmp/out" | sort -u)" = given ] || fail "a cpu's evidence is not given"
expect_status 0 env CT_KINDS="$canon" "$CT_PLACE" $S -l -f json
[ "$("$JSONL" -r topology -f basis "$tmp/out")" = "declared with CT_KINDS, not detected" ] ||
	fail "CT_KINDS basis: $("$JSONL" -r topology -f basis "$tmp/out")"
# The table.
expect_status 0 "$CT_PLACE" $S $K -l
grep -qx 'kinds:    declared with --kinds, not detected \[given\]' "$tmp/out" || fail "-l table: $(cat "$tmp/out")"
grep -q "^performance  $P  rank 0  2 cpus  (declared)\$" "$tmp/out" || fail "-l table, performance: $(cat "$tmp/out")"
grep -q "^efficiency   $E  rank 1  2 cpus  (declared)\$" "$tmp/out" || fail "-l table, efficiency: $(cat "$tmp/out")"

# --- --cpus-of, kinds and ranks. ---
for q in efficiency:$E performance:$P E:$E 1:$E 0:$P; do
	expect_status 0 "$CT_PLACE" $S $K --cpus-of "${q%%:*}"
	[ "$(cat "$tmp/out")" = "${q#*:}" ] || fail "--cpus-of ${q%%:*}: $(cat "$tmp/out"), expected ${q#*:}"
done
expect_status 4 "$CT_PLACE" $S $K --cpus-of low-power
grep -q "^ct-place: no usable cpu of kind 'low-power': this machine has none\$" "$tmp/err" ||
	fail "--cpus-of low-power: $(cat "$tmp/err")"
expect_status 4 "$CT_PLACE" $S $K --cpus-of 2

# --- The plan: six placements, each on its cpus. ---
expect_status 0 "$CT_PLACE" $S $K --dry-run -f tsv
awk -F'\t' 'NR > 1 { printf "%s %s %s\n", $1, $2, $3 }' "$tmp/out" >"$tmp/plan"
cat >"$tmp/want" <<PLAN
main true -
thread true -
thread-background true -
process-background true $E
pin-performance true $p1
pin-efficiency true $e1
PLAN
diff -u "$tmp/want" "$tmp/plan" || fail "the plan is not the six placements on their cpus"
grep -q "^process-background	true	$E	the process re-run with its affinity limited to cpus $E (a pin)\$" "$tmp/out" ||
	fail "process-background's note: $(grep process-background "$tmp/out")"
# Undeclared, the same machine has one kind: no pin of either kind.
expect_status 0 "$CT_PLACE" $S --dry-run -f tsv
grep -q '^pin-performance' "$tmp/out" && fail "undeclared, a performance pin is planned: $(cat "$tmp/out")"
exit 0

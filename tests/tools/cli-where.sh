#!/bin/sh
# Where the kernel tools run: -c CPULIST gives one row per cpu (placement
# cpuN), one after another, each sample on its row's cpu; -k and ct-place
# --cpus-of take the short kinds P, E, LP as well as the full names.  The
# kinds are declared (--kinds E=first,P=second) so that this machine has
# two, whatever it is.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Darwin ] && skip "macOS cannot pin threads to cpus"
"$CT_PLACE" -l -f tsv >"$tmp/cpus" || fail "ct-place -l failed"
C0=$(awk -F'\t' 'NR == 2 { print $1 }' "$tmp/cpus")
C1=$(awk -F'\t' 'NR == 3 { print $1 }' "$tmp/cpus")
[ -n "$C1" ] || skip "one usable cpu: no list of two"

# rows TOOL FILE: the placements of the summaries, each once, in order.
rows() {
	"$JSONL" -r summary -f placement "$2" | uniq | tr '\n' ' '
}

# -c C1,C0: two rows, in cpu order, every sample on its row's cpu.
for tool in clock fma stream; do
	eval "ct=\$CT_$(echo $tool | tr a-z A-Z)"
	REPS=2 expect_status 0 "$ct" -q -S 0 -c "$C1,$C0" -f json --samples
	"$JSONL" "$tmp/out" || fail "ct-$tool -c: json does not parse"
	[ "$(rows $tool "$tmp/out")" = "cpu$C0 cpu$C1 " ] ||
		fail "ct-$tool -c $C1,$C0: rows $(rows $tool "$tmp/out")"
	for f in placement cpu_start cpu_end; do
		"$JSONL" -r sample -f $f "$tmp/out" >"$tmp/f.$f"
	done
	[ "$(wc -l <"$tmp/f.placement")" -eq 4 ] || fail "ct-$tool -c: not 2 samples per row"
	paste "$tmp/f.placement" "$tmp/f.cpu_start" "$tmp/f.cpu_end" |
		awk '"cpu" $2 != $1 || $2 != $3 { exit 1 }' ||
		fail "ct-$tool -c: a sample ran off its row's cpu: $(paste "$tmp/f.placement" "$tmp/f.cpu_start")"
	[ "$("$JSONL" -r summary -f verified "$tmp/out" | sort -u)" = true ] ||
		fail "ct-$tool -c: a row is not verified"
done
# The table of each: a row per cpu and basis; ct-stream's sweep names the placement.
REPS=2 expect_status 0 "$CT_CLOCK" -q -S 0 -c "$C0,$C1"
for c in "$C0" "$C1"; do
	[ "$(grep -c "^addchain .* cpu$c " "$tmp/out")" -eq 2 ] ||
		fail "ct-clock -c $C0,$C1: not two rows for cpu $c: $(cat "$tmp/out")"
done
REPS=2 expect_status 0 "$CT_STREAM" -q -S 0 -c "$C0,$C1" -b 64K
grep -q '^placement  *size ' "$tmp/out" || fail "ct-stream -c: no placement column: $(cat "$tmp/out")"
grep -q "^cpu$C1  *64 KiB " "$tmp/out" || fail "ct-stream -c: no cpu$C1 row: $(cat "$tmp/out")"
grep -q "^array: .*; placements cpu$C0, cpu$C1\$" "$tmp/out" || fail "ct-stream -c: array line"
# One cpu: no placement column, as before.
REPS=2 expect_status 0 "$CT_STREAM" -q -S 0 -c "$C0" -b 64K
grep -q '^size ' "$tmp/out" || fail "ct-stream -c $C0: the sweep changed: $(cat "$tmp/out")"

# Short kinds, declared: -k P is pin-performance on the performance cpu,
# -k E pin-efficiency on the other, with every kernel tool.
K="--kinds E=$C0 --kinds P=$C1"
for tool in clock fma stream; do
	eval "ct=\$CT_$(echo $tool | tr a-z A-Z)"
	for k in P E performance e; do
		case $k in
		P|performance) place=pin-performance cpu=$C1 ;;
		*) place=pin-efficiency cpu=$C0 ;;
		esac
		# shellcheck disable=SC2086
		REPS=2 expect_status 0 "$ct" -q -S 0 $K -k $k -f json --samples
		[ "$(rows $tool "$tmp/out")" = "$place " ] || fail "ct-$tool -k $k: rows $(rows $tool "$tmp/out")"
		[ "$("$JSONL" -r sample -f cpu_start "$tmp/out" | sort -u)" = "$cpu" ] ||
			fail "ct-$tool -k $k: not on cpu $cpu"
	done
done
# ct-place --cpus-of and a command's -k.
for k in P performance p; do
	# shellcheck disable=SC2086
	[ "$("$CT_PLACE" $K --cpus-of $k)" = "$C1" ] || fail "--cpus-of $k is not $C1"
done
# shellcheck disable=SC2086
[ "$("$CT_PLACE" $K --cpus-of E)" = "$C0" ] || fail "--cpus-of E is not $C0"
# shellcheck disable=SC2086
expect_status 4 "$CT_PLACE" $K --cpus-of LP
# shellcheck disable=SC2086
expect_status 0 "$CT_PLACE" $K -k E -- sh -c 'taskset -pc $$ 2>/dev/null || echo none'
case $(cat "$tmp/out") in
none) ;;
*": $C0") ;;
*) fail "ct-place -k E -- CMD: $(cat "$tmp/out")" ;;
esac

# ct-stream -k with the detected kinds: the first usable cpu's.
kind=$(awk -F'\t' 'NR == 2 { print $2 }' "$tmp/cpus")
REPS=2 expect_status 0 "$CT_STREAM" -q -S 0 -k "$kind" -b 64K -f tsv
awk -F'\t' -v p="pin-$kind" 'NR > 1 && $4 != p { exit 1 }' "$tmp/out" ||
	fail "ct-stream -k $kind: $(cat "$tmp/out")"
exit 0

#!/bin/sh
# ct-stream --readers FILE: each size read with the reader FILE's records
# of it name, so that a run made to be compared with an earlier one pairs
# with it row by row.  A file's reader is forced and named in isa_reason;
# a size the file lacks is calibrated, with a warning; a run made with
# --readers of another has that run's reader at every size it had, and
# ct-compare finds no "different reader" between them.  (Its errors are
# rows of tests/tools/bad-input.tab; its parsing tests/stream/unit-readers.)
. "${top_srcdir:-..}/tests/lib.sh"

# wall FILE SIZE KEY: KEY of FILE's wall summary of SIZE bytes.
wall() {
	grep '"record":"summary"' "$1" | grep '"basis":"wall"' | grep "\"size_bytes\":$2," |
		"$JSONL" -r summary -f "$3" -
}

# A file of one reader, scalar's (usable everywhere), at 16 KiB under
# main; and one at 64 KiB, which this run does not read, that could not
# run here (scalar has no prefetch loop): never looked at.
printf '{"record":"summary","tool":"ct-stream","kernel":"stream","isa":"scalar","placement":"main","basis":"wall","size_bytes":16384,"loop":"plain"}\n' >"$tmp/one.json"
printf '{"record":"summary","tool":"ct-stream","kernel":"stream","isa":"scalar","placement":"main","basis":"wall","size_bytes":65536,"loop":"prefetch"}\n' >>"$tmp/one.json"
expect_status 0 "$CT_STREAM" -q -r 3 -S 0 -b 16K,32K --readers "$tmp/one.json" -f json
cp "$tmp/out" "$tmp/new.json"
[ "$(wall "$tmp/new.json" 16384 isa)/$(wall "$tmp/new.json" 16384 loop)" = scalar/plain ] ||
	fail "16 KiB not read with the file's reader: $(wall "$tmp/new.json" 16384 isa)"
[ "$(wall "$tmp/new.json" 16384 isa_reason)" = "forced: --readers $tmp/one.json, its 16 KiB reader in 1 of 1 runs" ] ||
	fail "16 KiB's reason: $(wall "$tmp/new.json" 16384 isa_reason)"
case $(wall "$tmp/new.json" 32768 isa_reason) in
forced:*) fail "32 KiB, which the file lacks, was forced: $(wall "$tmp/new.json" 32768 isa_reason)" ;;
esac
grep -q "^ct-stream: warning: --readers $tmp/one.json has no reader of 32 KiB: calibrated\$" "$tmp/err" ||
	fail "no warning for the size the file lacks: $(cat "$tmp/err")"
[ "$(wall "$tmp/new.json" 16384 verified)" = true ] || fail "16 KiB not verified"
# Two rows (placements): the size the file lacks warned of once; each row
# reads 16 KiB with main's reader, the file having none of its own.
"$CT_PLACE" -l -f tsv | awk -F'\t' '!/^#/ { print $1 }' | head -n 2 | tr '\n' ',' | sed 's/,$//' >"$tmp/cpus"
if [ "$(awk -F, '{ print NF }' "$tmp/cpus")" = 2 ]; then
	expect_status 0 "$CT_STREAM" -q -r 2 -S 0 -c "$(cat "$tmp/cpus")" -b 16K,32K --readers "$tmp/one.json" -f json
	[ "$(grep -c 'has no reader of 32 KiB' "$tmp/err")" -eq 1 ] ||
		fail "two rows: the warning not once: $(cat "$tmp/err")"
	[ "$(grep '"record":"summary"' "$tmp/out" | grep '"basis":"wall"' | grep '"size_bytes":16384,' |
	     grep -c '"isa":"scalar"')" -eq 2 ] || fail "two rows: 16 KiB not scalar on both"
else
	echo "one usable cpu: the two-row case not run"
fi

# A calibrated run, then one with its readers: the same reader at every size, no different reader.
expect_status 0 "$CT_STREAM" -q -r 3 -S 0 -b 16K,8M -s -f json
cp "$tmp/out" "$tmp/base.json"
expect_status 0 "$CT_STREAM" -q -r 3 -S 0 -b 16K,8M -s --readers "$tmp/base.json" -f json
cp "$tmp/out" "$tmp/again.json"
for z in 16384 8388608; do
	a=$(wall "$tmp/base.json" $z isa)/$(wall "$tmp/base.json" $z loop)
	b=$(wall "$tmp/again.json" $z isa)/$(wall "$tmp/again.json" $z loop)
	[ "$a" = "$b" ] || fail "$z bytes: $b, not base's $a"
done
expect_status 0 "$CT_COMPARE" -f json "$tmp/base.json" "$tmp/again.json"
[ "$(grep '"record":"verdicts"' "$tmp/out" | "$JSONL" -r verdicts -f different_reader -)" = 0 ] ||
	fail "ct-compare found a different reader: $(grep '"record":"verdicts"' "$tmp/out")"
[ "$(grep '"record":"verdicts"' "$tmp/out" | "$JSONL" -r verdicts -f results -)" = 2 ] ||
	fail "ct-compare did not pair both sizes"
exit 0

#!/bin/sh
# Outside text reaching JSON: a recorded machine whose cpu model name holds
# quotes, backslashes, a slash and control characters comes out of
# ct-place -l -f json as valid JSON Lines with the name intact, decoded.
. "${top_srcdir:-..}/tests/lib.sh"

src=
for d in "$top_srcdir"/data/machines/*; do
	if [ -f "$d/proc/cpuinfo" ] && grep -q '^model name' "$d/proc/cpuinfo"; then
		src=$d
		break
	fi
done
[ -n "$src" ] || fail "no recorded machine with a model name in /proc/cpuinfo"
cp -R "$src" "$tmp/m" || exit 99
chmod -R u+w "$tmp/m"
# \001 and \037: the ends of the control range; a tab inside; DEL needs no escape.
name=$(printf 'Evil "Quoted" \\back\\slash\\ a/b \001ctl\037 \ttab \177 end')
NAME=$name awk '/^model name/ { sub(/:.*/, ": " ENVIRON["NAME"]) } { print }' \
	"$src/proc/cpuinfo" >"$tmp/m/proc/cpuinfo" || exit 99
grep -c 'Evil "Quoted"' "$tmp/m/proc/cpuinfo" >/dev/null || fail "the hostile name was not recorded"

expect_status 0 "$CT_PLACE" -l -f json --sysroot "$tmp/m"
"$JSONL" "$tmp/out" || fail "not valid JSON Lines: $(cat "$tmp/out")"
"$JSONL" -r topology -f model "$tmp/out" >"$tmp/got" || fail "no model"
printf '%s\n' "$name" >"$tmp/want"
cmp -s "$tmp/got" "$tmp/want" || fail "the model name did not survive: $(od -c "$tmp/got" | head -5)"
# The escapes themselves, as JSON has them.
grep -q '"model":"Evil \\"Quoted\\" \\\\back\\\\slash\\\\ a/b \\u0001ctl\\u001f \\ttab ' "$tmp/out" ||
	fail "unexpected escapes: $(head -1 "$tmp/out")"
exit 0

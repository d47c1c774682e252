#!/bin/sh
# ct-place -- CMD: the placement is applied to CMD, and the statuses are
# those of env(1): 125 ct-place failed, 126 cannot run, 127 not found,
# else CMD's own.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "affinity checks read /proc"
last=$("$CT_PLACE" -l -f tsv | awk -F'\t' 'NR > 1 { c = $1 } END { print c }')
[ -n "$last" ] || fail "no usable cpu listed"

expect_status 0 "$CT_PLACE" -c "$last" -- grep Cpus_allowed_list /proc/self/status
[ "$(awk '{ print $2 }' "$tmp/out")" = "$last" ] || fail "-c $last: CMD ran with $(cat "$tmp/out")"
perf=$("$CT_PLACE" --cpus-of performance)
expect_status 0 "$CT_PLACE" -k performance -- grep Cpus_allowed_list /proc/self/status
[ "$(awk '{ print $2 }' "$tmp/out")" = "$perf" ] || fail "-k performance: CMD ran with $(cat "$tmp/out"), not $perf"
expect_status 7 "$CT_PLACE" -k performance -- sh -c 'exit 7'
expect_status 0 "$CT_PLACE" -k performance -- sh -c 'test "$1" = -x' sh -x
expect_status 127 "$CT_PLACE" -k performance -- /nonexistent/cmd
grep -q "^ct-place: cannot run '/nonexistent/cmd'" "$tmp/err" || fail "127 message: $(cat "$tmp/err")"
printf 'not a program\n' >"$tmp/noexec"
chmod 644 "$tmp/noexec"
expect_status 126 "$CT_PLACE" -k performance -- "$tmp/noexec"
expect_status 125 "$CT_PLACE" -c 8191 -- true
grep -q '^ct-place: cpu 8191 is not online' "$tmp/err" || fail "offline cpu: $(cat "$tmp/err")"
expect_status 125 "$CT_PLACE" -c 0- -- true
expect_status 125 "$CT_PLACE" --bogus -- true
expect_status 125 "$CT_PLACE" -p main -- true
expect_status 125 "$CT_PLACE" -k huge -- true
if ! "$CT_PLACE" --cpus-of efficiency >/dev/null 2>&1; then
	expect_status 125 "$CT_PLACE" -k efficiency -- true
	grep -q "^ct-place: no usable cpu of kind 'efficiency'" "$tmp/err" || fail "-k efficiency: $(cat "$tmp/err")"
fi
# A command without a placement, and a placement without a command.
expect_status 125 "$CT_PLACE" -- true
expect_status 2 "$CT_PLACE" -k performance
exit 0

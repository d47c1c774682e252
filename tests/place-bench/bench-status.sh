#!/bin/sh
# ct-place --bench's own statuses, live:
#   - SIGINT and SIGTERM, sent mid-run (timeout -s, once a run has
#     started), stop it at once, even with -i: 130 and 143, the command
#     stopped too (its 30 s sleep not waited for), no results, and the
#     message says the bench was interrupted, not that the command failed;
#   - its own write error exits 125, as --observe's;
#   - a placement it cannot have exits 125, as -- CMD and --observe do.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "uses cpu affinity"
unset CT_KINDS CT_OBSERVE
command -v timeout >/dev/null || skip "no timeout(1)"

# stop SIG WANT: a bench of 40 runs under timeout(1), the first a 30 s
# sleep, the others at once; timeout gets SIG once the first run has
# started (the command says so) and passes it on to ct-place alone
# (--foreground): ct-place must stop its command itself, and the bench.
stop() {
	: >"$tmp/started"
	start=$(date +%s)
	timeout --foreground --preserve-status -s "$1" 600 "$CT_PLACE" --bench --no-progress -i \
		-p main -r 40 --warmup 0 -- \
		sh -c 'echo run >>"$0"; [ "$(grep -c . "$0")" -gt 1 ] || exec sleep 30' "$tmp/started" \
		>"$tmp/out" 2>"$tmp/err" &
	t=$!
	i=0
	until [ -s "$tmp/started" ]; do
		i=$((i + 1))
		[ "$i" -lt 600 ] || fail "$1: no run started in 60 s"
		sleep 0.1
	done
	kill -s "$1" "$t"
	wait "$t"
	got=$?
	[ "$got" = "$2" ] || fail "SIG$1: status $got, not $2: $(cat "$tmp/err")"
	[ "$(grep -c . "$tmp/started")" = 1 ] || fail "SIG$1: $(grep -c . "$tmp/started") runs started, not 1"
	[ $(($(date +%s) - start)) -lt 30 ] || fail "SIG$1: the bench waited for its command's 30 s"
	[ ! -s "$tmp/out" ] || fail "SIG$1: an interrupted bench wrote results: $(cat "$tmp/out")"
	messages "$tmp/err" | grep -q "^ct-place: interrupted by SIG$1 in round 1 of 40, main: the bench stops; the run cut short is not kept" ||
		fail "SIG$1: the message: $(cat "$tmp/err")"
	! grep -q "exit status" "$tmp/err" || fail "SIG$1: the command is blamed: $(cat "$tmp/err")"
}
stop INT 130
stop TERM 143

# Its own write error: 125, and the message says what was not written.
B="$CT_PLACE --bench --no-progress -p main -r 1 --warmup 0"
if [ -w /dev/full ]; then
	for f in table json tsv; do
		$B -f $f -- true >/dev/full 2>"$tmp/err"
		got=$?
		[ "$got" = 125 ] || fail "-f $f >/dev/full: status $got, not 125"
		messages "$tmp/err" | grep -q "^ct-place: write error: .* (the bench's results)$" ||
			fail "-f $f >/dev/full: $(cat "$tmp/err")"
	done
	"$CT_PLACE" --observe -f json -- true >/dev/full 2>/dev/null
	[ $? = 125 ] || fail "--observe >/dev/full: not 125"
fi

# A placement that cannot be had: 125 with a command, whatever the mode.
kinds=$("$CT_PLACE" -l -f tsv | awk -F'\t' '!/^#/ { print $2 }' | sort -u)
if ! echo "$kinds" | grep -q '^low-power$'; then
	expect_status 125 "$CT_PLACE" --bench --no-progress -r 1 -p pin-low-power -- true
	grep -q "pin-low-power" "$tmp/err" || fail "--bench -p pin-low-power: $(cat "$tmp/err")"
	expect_status 125 "$CT_PLACE" --bench --no-progress -r 1 -k low-power -- true
	expect_status 125 "$CT_PLACE" --observe -k low-power -- true
	expect_status 125 "$CT_PLACE" -k low-power -- true
fi
if [ "$(echo "$kinds" | grep -c .)" = 1 ]; then
	# One kind: process-background has nothing to clamp to.
	expect_status 125 "$CT_PLACE" --bench --no-progress -r 1 -p process-background -- true
	expect_status 125 "$CT_PLACE" --observe -p process-background -- true
	expect_status 125 "$CT_PLACE" -p process-background -- true
fi
exit 0

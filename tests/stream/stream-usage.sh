#!/bin/sh
# ct-stream's sizes and memory: every size of a list is checked before
# anything is allocated, and an allocation that fails is exit 1 with a
# message, not a crash.  Its usage errors (bad sizes, a bad ISA) are rows
# of tests/tools/bad-input.tab (tests/tools/bad-input.sh), with every other tool's.
. "${top_srcdir:-..}/tests/lib.sh"

# A bad size late in a list fails before the first, valid, size is
# allocated: under a 300 MB address-space limit a 1 GiB array cannot be
# allocated, so exit 2 (not 1) proves the order.
if [ "${CT_SANITIZERS:-no}" = yes ]; then
	# AddressSanitizer reserves terabytes of address space as it starts,
	# so it cannot start under any such limit, and the array is mmap'd,
	# beyond its own allocation limits.  The plain build tests this.
	echo "sanitizer build: no ulimit -v, allocation failure not tested"
elif (ulimit -v 300000) 2>/dev/null; then
	(ulimit -v 300000; exec "$CT_STREAM" -q -b 1G,0) >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" -eq 2 ] || fail "-b 1G,0 under ulimit -v exited $st, expected 2: $(cat "$tmp/err")"
	# And the allocation failure itself: exit 1, a message, no output
	# (where the OS enforces the limit at all: macOS does not).
	(ulimit -v 300000; exec "$CT_STREAM" -q -r 1 -S 0 -b 1G) >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ "$st" -eq 0 ]; then
		echo "ulimit -v is not enforced here: allocation failure not tested"
	else
		[ "$st" -eq 1 ] || fail "-b 1G under ulimit -v exited $st, expected 1: $(cat "$tmp/err")"
		grep -q '^ct-stream: cannot allocate the 1 GiB array (1073741824 bytes): ' "$tmp/err" ||
			fail "allocation failure message: $(cat "$tmp/err")"
		[ -s "$tmp/out" ] && fail "allocation failure wrote to stdout"
	fi
else
	echo "no ulimit -v here: allocation failure not tested"
fi

expect_status 0 "$CT_STREAM" --help
grep -q '^Usage: ct-stream ' "$tmp/out" || fail "--help has no Usage line"
[ -s "$tmp/err" ] && fail "--help wrote to stderr"
grep -q -- '-b, --size SIZE' "$tmp/out" || fail "--help does not document -b, --size"
exit 0

#!/bin/sh
# ct-stream's usage errors: bad sizes (zero, too small, a word, an empty
# element, overflow, more than the machine's memory), a bad ISA; one line
# naming what was wrong, the --help hint, exit 2, nothing on stdout.
# Golden stderr in tests/golden/stream-usage-*.  Every size of a list is
# checked before anything is allocated; an allocation that fails is exit
# 1 with a message, not a crash.
. "${top_srcdir:-..}/tests/lib.sh"

n=0
while IFS='|' read -r name env args; do
	case $name in ''|\#*) continue ;; esac
	n=$((n + 1))
	# shellcheck disable=SC2086
	env $env "$CT_STREAM" $args >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" -eq 2 ] || fail "$name: exited $st, expected 2"
	[ -s "$tmp/out" ] && fail "$name: wrote to stdout"
	# The machine's memory is not golden.
	sed -e 's/^lt-//' -e 's/memory ([0-9.]* GiB)/memory (N GiB)/' "$tmp/err" |
		expect_golden "stream-usage-$name" - || fail "$name: stderr differs from golden"
done <<'CASES'
size-zero||-s 0
size-small||--size 4095
size-junk||-s 12x
size-negative||-s -1
size-suffix||-s 4Q
size-empty-element||-s 1M,,2M
size-trailing-comma||-s 1M,
size-overflow||-s 99999999999999999999
size-overflow-suffix||-s 17179869184G
size-memory||-s 4096T
size-list-last||-s 4K,64K,0
isa-unknown||--isa avx1024
isa-env|CT_ISA=sse9|-q
all-isa-and-isa||--all-isa --isa scalar
samples-short||-s
CASES
[ "$n" -eq 15 ] || fail "ran $n cases"

# A bad size late in a list fails before the first, valid, size is
# allocated: under a 300 MB address-space limit a 1 GiB array cannot be
# allocated, so exit 2 (not 1) proves the order.
if [ "${CT_SANITIZERS:-no}" = yes ]; then
	# AddressSanitizer reserves terabytes of address space as it starts,
	# so it cannot start under any such limit, and the array is mmap'd,
	# beyond its own allocation limits.  The plain build tests this.
	echo "sanitizer build: no ulimit -v, allocation failure not tested"
elif (ulimit -v 300000) 2>/dev/null; then
	(ulimit -v 300000; exec "$CT_STREAM" -q -s 1G,0) >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" -eq 2 ] || fail "-s 1G,0 under ulimit -v exited $st, expected 2: $(cat "$tmp/err")"
	# And the allocation failure itself: exit 1, a message, no output
	# (where the OS enforces the limit at all: macOS does not).
	(ulimit -v 300000; exec "$CT_STREAM" -q -r 1 -S 0 -s 1G) >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ "$st" -eq 0 ]; then
		echo "ulimit -v is not enforced here: allocation failure not tested"
	else
		[ "$st" -eq 1 ] || fail "-s 1G under ulimit -v exited $st, expected 1: $(cat "$tmp/err")"
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
grep -q -- '-s, --size SIZE' "$tmp/out" || fail "--help does not document -s, --size"
exit 0

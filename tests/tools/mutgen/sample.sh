#!/bin/sh
# A made-up script for tests/tools/mutgen.sh: -lt 9 in a comment, $0 and 2> are left alone.
check() {
	[ "$n" -lt 3 ] && echo "x -gt 2" >&2
	if ! [ "$m" -eq 0 ]; then exit 2; fi
	shift 1; echo $0 $# >&2
}

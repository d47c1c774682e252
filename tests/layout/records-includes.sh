#!/bin/sh
# The writer depends on core only: a file of src/lib/records/ includes
# config.h, system headers and headers of core/ and records/, never one of
# measurement, machine or any higher layer (those include records/).
. "${top_srcdir:-../..}/tests/lib.sh"

bad=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' \
	"$top_srcdir"/src/lib/records/*.[ch] |
	grep -v '"\(core\|records\)/[a-z0-9-]*\.h"' | grep -v '"config\.h"')
[ -z "$bad" ] || fail "records/ includes a header above it:
$bad"
exit 0

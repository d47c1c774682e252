#!/bin/sh
# Where the cache sizes come from, end to end: ct-stream and ct-latency
# replaying recorded machines (CT_CACHE_SYSROOT=tests/machine/caches/NAME)
# name each size's level from the OS's sysfs cache folder when the tree
# has one, else from CPUID (cpuid.txt), else "unknown": never "memory"
# for a size a cache holds.  A Zen 5 Firecracker guest (no cache folder,
# topoext hidden: L1d and L2 from AMD's legacy leaves, no L3 size), the
# same Zen 5 with topoext, a Sapphire Rapids and an Alder Lake (with a
# cache folder: sysfs first; CT_CACHE_SOURCE=cpuid: its CPUID).  Every
# size's level, the records' sources, the machine record's, the table's
# "-" and caches line, the one warning, and the knobs' errors.  The
# recorded cpus stand for this machine's whatever their numbers.
. "${top_srcdir:-..}/tests/lib.sh"

machines=$top_srcdir/tests/machine/caches
sizes=16K,256K,8M,64M

# levels TOOL: "SIZE LEVEL L1SRC L2SRC L3SRC" per size of $tmp/out (TSV), sorted by size.
levels() {
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i }; next }
		/^#/ || NF == 0 { next }
		{ print $c["size_bytes"], $c["level"], $c["l1_source"], $c["l2_source"], $c["l3_source"] }' \
		"$tmp/out" | sort -n -u
}

# check NAME SOURCE WANT: both tools on NAME (CT_CACHE_SOURCE=SOURCE, "" for
# the default) give WANT, the four sizes' lines as levels() writes them.
check() {
	name=$1 src=$2 levels_want=$3
	for tool in stream latency; do
		case $tool in
		stream) set -- "$CT_STREAM" -q -S 0 -r 2 --no-progress -b $sizes -f tsv ;;
		latency) set -- "$CT_LATENCY" -q -S 0 -r 2 --no-progress -b $sizes --chains 1 -f tsv ;;
		esac
		expect_status 0 env CT_CACHE_SYSROOT="$machines/$name" CT_CACHE_SOURCE="$src" "$@"
		got=$(levels)
		[ "$got" = "$levels_want" ] || fail "ct-$tool on $name (CT_CACHE_SOURCE=$src): levels
$got
expected
$levels_want"
	done
}

check amd-zen5-firecracker "" "16384 L1 cpuid cpuid unknown
262144 L2 cpuid cpuid unknown
8388608 unknown cpuid cpuid unknown
67108864 unknown cpuid cpuid unknown"
check amd-zen5-turin "" "16384 L1 cpuid cpuid cpuid
262144 L2 cpuid cpuid cpuid
8388608 L3 cpuid cpuid cpuid
67108864 memory cpuid cpuid cpuid"
check intel-spr-8480 "" "16384 L1 cpuid cpuid cpuid
262144 L2 cpuid cpuid cpuid
8388608 L3 cpuid cpuid cpuid
67108864 L3 cpuid cpuid cpuid"
check intel-adl-12600k "" "16384 L1 sysfs sysfs sysfs
262144 L2 sysfs sysfs sysfs
8388608 L3 sysfs sysfs sysfs
67108864 memory sysfs sysfs sysfs"
check intel-adl-12600k cpuid "16384 L1 cpuid cpuid cpuid
262144 L2 cpuid cpuid cpuid
8388608 L3 cpuid cpuid cpuid
67108864 memory cpuid cpuid cpuid"
# The OS alone on the Zen 5 guest, or no source: nothing is known.
for src in os none; do
	check amd-zen5-firecracker $src "16384 unknown unknown unknown unknown
262144 unknown unknown unknown unknown
8388608 unknown unknown unknown unknown
67108864 unknown unknown unknown unknown"
done

# The table: "-" for an unknown level, the caches line, one warning that
# is also the machine record's; the notes go by size where the level is
# unknown.
expect_status 0 env CT_CACHE_SYSROOT="$machines/amd-zen5-firecracker" \
	"$CT_STREAM" -q -S 0 -r 2 --no-progress -b 16K,8M
grep -q '^16 KiB  *L1  ' "$tmp/out" || fail "zen5 guest: no L1 row: $(cat "$tmp/out")"
grep -q '^8 MiB  *-  ' "$tmp/out" || fail "zen5 guest: the 8 MiB row is not '-': $(cat "$tmp/out")"
grep -q '^caches: *L1d 48 KiB, L2 1 MiB, L3 unknown, from cpuid; CPUID 0x80000006 gives an L3 of 508 MiB for the whole package' "$tmp/out" ||
	fail "zen5 guest: caches line: $(grep '^caches:' "$tmp/out")"
grep -q '^ *8 MiB [a-z0-9]*: calibrated' "$tmp/out" || fail "zen5 guest: no isa note by size: $(cat "$tmp/out")"
[ "$(grep -c 'warning: the L3 size is unknown' "$tmp/err")" -eq 1 ] ||
	fail "zen5 guest: not one warning about the L3: $(cat "$tmp/err")"
expect_status 0 env CT_CACHE_SOURCE=none "$CT_LATENCY" -q -S 0 -r 2 --no-progress -b 16K --chains 1
grep -q '^16 KiB  *-  ' "$tmp/out" || fail "no source: the 16 KiB row is not '-': $(cat "$tmp/out")"
grep -q '^caches: *unknown: neither the OS nor CPUID gives a cache size' "$tmp/out" ||
	fail "no source: caches line: $(grep '^caches:' "$tmp/out")"
[ "$(grep -c 'warning: no cache size is known' "$tmp/err")" -eq 1 ] ||
	fail "no source: not one warning: $(cat "$tmp/err")"

# The machine record says where each level came from.
for m in "amd-zen5-firecracker cpuid cpuid unknown" "intel-adl-12600k sysfs sysfs sysfs"; do
	set -- $m
	expect_status 0 env CT_CACHE_SYSROOT="$machines/$1" "$CT_STREAM" -q -S 0 -r 2 -b 16K -f json
	"$JSONL" "$tmp/out" || fail "$1: not JSON Lines"
	got=$(for l in 1 2 3; do "$JSONL" -r machine -f l${l}_source "$tmp/out"; done | tr '\n' ' ')
	[ "$got" = "$2 $3 $4 " ] || fail "$1: the machine record's sources are '$got'"
done

# The knobs: a source that is not one, a recording that does not parse.
expect_status 2 env CT_CACHE_SOURCE=bogus "$CT_STREAM" -q -r 2 -b 16K
grep -q "invalid CT_CACHE_SOURCE 'bogus': use auto, os, cpuid or none" "$tmp/err" ||
	fail "CT_CACHE_SOURCE=bogus: $(cat "$tmp/err")"
printf 'cpu=0 leaf=0x0\n' >"$tmp/cpuid.txt"
expect_status 2 env CT_CACHE_SYSROOT="$tmp" CT_CACHE_SOURCE=cpuid "$CT_STREAM" -q -r 2 -b 16K
grep -q "invalid CT_CACHE_SYSROOT: $tmp/cpuid.txt:1: needs cpu, leaf, sub, eax, ebx, ecx and edx" "$tmp/err" ||
	fail "a bad cpuid.txt: $(cat "$tmp/err")"
exit 0

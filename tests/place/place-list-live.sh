#!/bin/sh
# ct-place on the machine running the tests: the listing has exactly the
# online cpus this process may use, the formats agree, --cpus-of composes
# with taskset, and an x86 Linux machine without hybrid evidence (no
# cpu_core/cpu_atom PMU, no hybrid_cpu flag: this VM) is listed uniform.
. "${top_srcdir:-..}/tests/lib.sh"

[ -x "$CT_PLACE" ] || fail "no ct-place"

# A cpulist -> one number per line.
expand() {
	tr ',' '\n' | awk -F- 'NF == 1 && $1 != "" { print $1 } NF == 2 { for (i = $1; i <= $2; i++) print i }'
}

expect_status 0 "$CT_PLACE" -l -f tsv
cp "$tmp/out" "$tmp/tsv"
[ "$(head -1 "$tmp/tsv" | cut -f1-3)" = "$(printf '#cpu\tkind\trank')" ] || fail "tsv header"
awk -F'\t' 'NR > 1 && ($2 !~ /^(performance|efficiency|low-power)$/ || $3 !~ /^[0-9]+$/) { exit 1 }' \
	"$tmp/tsv" || fail "a row has no valid kind and rank"
tail -n +2 "$tmp/tsv" | cut -f1 >"$tmp/listed"

if [ -r /sys/devices/system/cpu/online ] && grep -q '^Cpus_allowed_list:' /proc/self/status; then
	expand </sys/devices/system/cpu/online | sort -n >"$tmp/online"
	sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status | expand | sort -n >"$tmp/allowed"
	comm -12 "$tmp/online" "$tmp/allowed" | sort -n >"$tmp/usable"
	diff -u "$tmp/usable" "$tmp/listed" || fail "listed cpus are not online and allowed"

	# Under a narrower affinity only that cpu is listed, and the CPUID
	# reads (pinned to each allowed cpu) cannot escape it.
	last=$(tail -1 "$tmp/usable")
	if command -v taskset >/dev/null 2>&1; then
		expect_status 0 taskset -c "$last" "$CT_PLACE" -l -f tsv
		[ "$(tail -n +2 "$tmp/out" | cut -f1)" = "$last" ] || fail "taskset -c $last: $(cat "$tmp/out")"
		kind=$(awk -F'\t' -v c="$last" '$1 == c { print $2 }' "$tmp/tsv")
		expect_status 0 taskset -c "$last" "$CT_PLACE" --cpus-of "$kind"
		[ "$(cat "$tmp/out")" = "$last" ] || fail "taskset -c $last --cpus-of $kind: $(cat "$tmp/out")"
		# And the list composes back into taskset.
		list=$("$CT_PLACE" --cpus-of "$kind") || fail "--cpus-of $kind failed"
		expect_status 0 taskset -c "$list" "$CT_PLACE" --cpus-of "$kind"
		[ "$(cat "$tmp/out")" = "$list" ] || fail "taskset -c \$(ct-place --cpus-of $kind)"
	fi

	# A --sysroot of / reads the same files without pinning: same kinds
	# unless CPUID was the deciding evidence (it is not read there).
	expect_status 0 "$CT_PLACE" --sysroot / -l -f tsv
	tail -n +2 "$tmp/out" | cut -f1 | diff -u "$tmp/listed" - || fail "--sysroot / lists other cpus"
fi

expect_status 0 "$CT_PLACE" -l -f json
"$JSONL" "$tmp/out" || fail "json does not parse"
[ "$("$JSONL" -r topology -f recorded "$tmp/out")" = false ] || fail "live listing marked recorded"
[ "$("$JSONL" -r cpu -f cpu "$tmp/out" | tr '\n' ' ')" = "$(tr '\n' ' ' <"$tmp/listed")" ] ||
	fail "json and tsv list different cpus"
expect_status 0 "$CT_PLACE" -l
grep -q '^cpus: ' "$tmp/out" || fail "table has no cpus line"

# Uniform where nothing says hybrid.  (On any other machine the checks
# above still ran; this one needs to know the answer.)
if [ "$(uname -s)" = Linux ] && grep -q '^vendor_id.*GenuineIntel' /proc/cpuinfo &&
	! grep -q '^flags.* hybrid_cpu' /proc/cpuinfo &&
	[ ! -e /sys/devices/cpu_core ] && [ ! -e /sys/devices/cpu_atom ]; then
	awk -F'\t' 'NR > 1 && ($2 != "performance" || $3 != 0 || $4 != "uniform") { exit 1 }' "$tmp/tsv" ||
		fail "a non-hybrid Intel machine is not listed uniform: $(cat "$tmp/tsv")"
	expect_status 4 "$CT_PLACE" --cpus-of efficiency
	sed 's/^lt-//' "$tmp/err" | grep -qx "ct-place: no usable cpu of kind 'efficiency': this machine has none" ||
		fail "--cpus-of efficiency on a uniform machine: $(cat "$tmp/err")"
	echo "uniform, as expected on a non-hybrid Intel machine"
fi
exit 0

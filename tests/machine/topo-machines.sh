#!/bin/sh
# Every recorded machine under data/machines: the cpu, kind and rank columns
# of 'ct-place --sysroot DIR --list -f tsv' are those of DIR/expected.txt;
# the whole TSV and table listings match data/machines/NAME/golden/list.*;
# the JSON says the same as the TSV (and, on the confined machine, its four
# sets); --cpus-of gives each kind's cpus, and a kind the machine lacks is
# exit 4.
. "${top_srcdir:-..}/tests/lib.sh"

# Numbers, one per line, ascending -> a cpulist ("0-3,8").
to_cpulist() {
	awk 'NR == 1 { s = p = $1; next }
	     $1 == p + 1 { p = $1; next }
	     { out = out (out == "" ? "" : ",") (s == p ? s : s "-" p); s = p = $1 }
	     END { if (NR) out = out (out == "" ? "" : ",") (s == p ? s : s "-" p); print out }'
}

n=0
for dir in "$top_srcdir"/data/machines/*/; do
	dir=${dir%/}
	name=${dir##*/}
	n=$((n + 1))
	[ -f "$dir/expected.txt" ] || fail "$name: no expected.txt"
	grep -v '^#' "$dir/expected.txt" >"$tmp/want"
	[ -s "$tmp/want" ] || fail "$name: expected.txt lists no cpu"
	head -1 "$dir/expected.txt" | grep -q '^# Facts: ' || fail "$name: expected.txt has no '# Facts:' header"
	grep -q '^# .*Rule exercised: ' "$dir/expected.txt" ||
		grep -q '^# Rule exercised: ' "$dir/expected.txt" || fail "$name: expected.txt names no rule"

	expect_status 0 "$CT_PLACE" --sysroot "$dir" --list -f tsv
	[ -s "$tmp/err" ] && fail "$name: wrote to stderr: $(cat "$tmp/err")"
	cp "$tmp/out" "$tmp/tsv"
	[ "$(head -1 "$tmp/tsv")" = "$(printf '#cpu\tkind\trank\tevidence\tmax_mhz\tcapacity')" ] ||
		fail "$name: tsv header is $(head -1 "$tmp/tsv")"
	awk -F'\t' 'NR > 1 { printf "cpu=%s kind=%s rank=%s\n", $1, $2, $3 }' "$tmp/tsv" >"$tmp/got"
	diff -u "$tmp/want" "$tmp/got" || fail "$name: kinds and ranks differ from expected.txt"
	expect_golden "$dir/golden/list.tsv" "$tmp/tsv" || fail "$name: tsv differs from its golden file"

	expect_status 0 "$CT_PLACE" --sysroot "$dir"
	expect_golden "$dir/golden/list.txt" "$tmp/out" || fail "$name: table differs from its golden file"

	expect_status 0 "$CT_PLACE" --sysroot "$dir" -l -f json
	cp "$tmp/out" "$tmp/json"
	"$JSONL" "$tmp/json" || fail "$name: json does not parse"
	[ "$(head -1 "$tmp/json" | "$JSONL" -r topology -f record -)" = topology ] ||
		fail "$name: the first json record is not the topology"
	[ "$("$JSONL" -r topology -f recorded "$tmp/json")" = true ] || fail "$name: not marked recorded"
	for f in cpu kind rank evidence max_mhz capacity; do
		"$JSONL" -r cpu -f $f "$tmp/json" >"$tmp/j.$f" || fail "$name: a cpu record lacks $f"
	done
	paste "$tmp/j.cpu" "$tmp/j.kind" "$tmp/j.rank" "$tmp/j.evidence" "$tmp/j.max_mhz" \
		"$tmp/j.capacity" | sed 's/null/-/g' >"$tmp/jtsv"
	tail -n +2 "$tmp/tsv" | diff -u - "$tmp/jtsv" || fail "$name: json and tsv disagree"

	for kind in performance efficiency low-power; do
		# (Not $want: expect_status uses that name.)
		cpus=$(awk -v k="kind=$kind" '$2 == k { sub("cpu=", "", $1); print $1 }' "$tmp/want" |
			to_cpulist)
		if [ -n "$cpus" ]; then
			expect_status 0 "$CT_PLACE" --sysroot "$dir" --cpus-of "$kind"
			[ "$(cat "$tmp/out")" = "$cpus" ] ||
				fail "$name: --cpus-of $kind gave '$(cat "$tmp/out")', expected '$cpus'"
		else
			expect_status 4 "$CT_PLACE" --sysroot "$dir" --cpus-of "$kind"
			[ -s "$tmp/out" ] && fail "$name: --cpus-of $kind (none) wrote to stdout"
			sed 's/^lt-//' "$tmp/err" | grep -q "^ct-place: no usable cpu of kind '$kind'" ||
				fail "$name: --cpus-of $kind (none): $(cat "$tmp/err")"
		fi
	done
	for rank in 0 1 2 3; do
		cpus=$(awk -v r="rank=$rank" '$3 == r { sub("cpu=", "", $1); print $1 }' "$tmp/want" |
			to_cpulist)
		if [ -n "$cpus" ]; then
			expect_status 0 "$CT_PLACE" --sysroot "$dir" --cpus-of $rank
			[ "$(cat "$tmp/out")" = "$cpus" ] ||
				fail "$name: --cpus-of $rank gave '$(cat "$tmp/out")', expected '$cpus'"
		else
			expect_status 4 "$CT_PLACE" --sysroot "$dir" --cpus-of $rank
		fi
	done
done
# The confined recorded machine (a container given cpus 16-19 of 24): the
# topology record's four sets, each its own.
expect_status 0 "$CT_PLACE" --sysroot "$top_srcdir/data/machines/intel-adl-container" -l -f json
for f in cpus_possible:0-23 cpus_online:0-23 cpus_allowed:16-19 cpus_usable:16-19; do
	[ "$("$JSONL" -r topology -f "${f%%:*}" "$tmp/out")" = "${f#*:}" ] ||
		fail "intel-adl-container: ${f%%:*} is $("$JSONL" -r topology -f "${f%%:*}" "$tmp/out"), expected ${f#*:}"
done
# No recorded machine went missing: at least the 12 there were when this
# check was written.
[ "$n" -ge 12 ] || fail "only $n recorded machines"
exit 0

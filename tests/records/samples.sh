#!/bin/sh
# -s (--samples) means one thing in every tool and format: also a record
# per sample, the summaries kept.  The table: the summaries, then a table
# of samples; TSV: the summary block, a blank line, then the sample block
# under its own '#' header; JSON: each series' sample records after its
# summaries.  Every sample names what keys its series (ct-stream: its
# size and level); without -s there is none; ct-place's modes that
# sample nothing refuse -s (tests/tools/bad-input.tab).  The work per sample is
# fixed (-q, -r), so the counts do not depend on the machine's speed.
. "${top_srcdir:-..}/tests/lib.sh"

R=3

# run NAME FMT ARGS...: the tool's output in $tmp/NAME.FMT
run() {
	name=$1 fmt=$2
	shift 2
	expect_status 0 "$@" -q -r $R -f $fmt
	cp "$tmp/out" "$tmp/$name.$fmt.plain"
	expect_status 0 "$@" -q -r $R -f $fmt -s
	cp "$tmp/out" "$tmp/$name.$fmt"
}

# The summaries are the same rows with -s as without (the figures differ).
rows() {
	case $2 in
	tsv) awk 'NF == 0 { exit } { print NF }' "$1" ;;
	json) grep -c '"record":"summary"' "$1" ;;
	esac
}

for t in clock fma stream place; do
	case $t in
	clock) tool=$CT_CLOCK ;;
	fma) tool=$CT_FMA ;;
	stream) tool="$CT_STREAM -b 16K,64K" ;;
	place) tool=$CT_PLACE ;;
	esac
	kernels=1
	[ $t = place ] && kernels=5

	# JSON: as many sample records as the series' reps, each after its summaries.
	run $t json $tool
	out=$tmp/$t.json
	"$JSONL" "$out" || fail "$t -f json -s: not JSON Lines"
	[ "$(rows "$out" json)" -eq "$(rows "$tmp/$t.json.plain" json)" ] ||
		fail "$t -f json -s: not the summaries of a run without -s"
	grep -q '"record":"sample"' "$tmp/$t.json.plain" && fail "$t -f json: sample records without -s"
	nsum=$(grep -c '"record":"summary"' "$out")
	nsmp=$(grep -c '"record":"sample"' "$out")
	[ "$nsmp" -eq $((nsum / 2 * R)) ] ||
		fail "$t -f json -s: $nsmp sample records for $nsum summaries of $R reps"
	# Every sample record follows a summary of its own series.
	awk -v t=$t '
		function get(k,   m) {
			if (!match($0, "\"" k "\":(\"[^\"]*\"|[0-9]+)")) return "NONE"
			return substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 3)
		}
		/"record":"summary"/ { key = get("kernel") get("isa") get("placement") get("size_bytes") get("level") }
		/"record":"sample"/ {
			if (get("kernel") get("isa") get("placement") get("size_bytes") get("level") != key) {
				print "sample of another series than the summary before it: " $0; exit 1
			}
			if (t == "stream" && (get("size_bytes") == "NONE" || get("level") == "NONE")) {
				print "stream sample without its size or level: " $0; exit 1
			}
		}' "$out" >"$tmp/why" || fail "$t -f json -s: $(cat "$tmp/why")"

	# TSV: the summary block unchanged, a blank line, the sample block.
	run $t tsv $tool
	out=$tmp/$t.tsv
	grep -q '^$' "$tmp/$t.tsv.plain" && fail "$t -f tsv: a second block without -s"
	[ "$(rows "$out" tsv | wc -l)" -eq "$(grep -c . "$tmp/$t.tsv.plain")" ] ||
		fail "$t -f tsv -s: the summary block is not that of a run without -s"
	[ "$(rows "$out" tsv | head -1)" = "$(head -1 "$tmp/$t.tsv.plain" | awk '{ print NF }')" ] ||
		fail "$t -f tsv -s: the summary header differs"
	[ "$(grep -c '^$' "$out")" -eq 1 ] || fail "$t -f tsv -s: not two blocks"
	sed '1,/^$/d' "$out" >"$tmp/smp"
	head -1 "$tmp/smp" | grep -q '^#tool	kernel	isa	placement	rep	cpu_start	cpu_end	' ||
		fail "$t -f tsv -s: no sample header after the blank line: $(head -1 "$tmp/smp")"
	head -1 "$tmp/smp" | grep -q '	size_bytes	level$' || fail "$t -f tsv -s: samples not keyed by size and level"
	nsum=$(($(sed '/^$/q' "$out" | grep -vc '^#\|^$')))
	nsmp=$(($(grep -vc '^#' "$tmp/smp")))
	[ "$nsmp" -eq $((nsum / 2 * kernels * R)) ] ||
		fail "$t -f tsv -s: $nsmp sample rows for $nsum summary rows of $R reps"
	awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/smp" || fail "$t -f tsv -s: sample rows of different widths"
	if [ $t = stream ]; then
		awk -F'\t' 'NR > 1 && ($(NF - 1) !~ /^[0-9]+$/ || $NF == "-" || $NF == "") { exit 1 }' "$tmp/smp" ||
			fail "stream -f tsv -s: a sample without its size and level"
		[ "$(awk -F'\t' 'NR > 1 { print $(NF - 1) }' "$tmp/smp" | sort -u | tr '\n' ' ')" = "16384 65536 " ] ||
			fail "stream -f tsv -s: the samples do not name both sizes"
	fi

	# The table: the summaries, and a table of samples (a rep column) only with -s.
	run $t table $tool
	out=$tmp/$t.table
	grep -q '^kernel  *isa  *placement  *rep  *cpu' "$out" || fail "$t -s: no table of samples"
	grep -q '^kernel  *isa  *placement  *rep  *cpu' "$tmp/$t.table.plain" && fail "$t: a table of samples without -s"
	nsmp=$(sed -n '/^kernel  *isa  *placement  *rep /,/^$/p' "$out" | grep -vc '^kernel\|^$')
	nsum=$(grep -c '"record":"summary"' "$tmp/$t.json")
	[ "$nsmp" -eq $((nsum / 2 * R)) ] || fail "$t -s: $nsmp sample rows, expected $((nsum / 2 * R))"
done
exit 0

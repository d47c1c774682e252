# charts-make.sh - every kind of chart the suite writes, into $1 (sourced
# by tests/records/chart-layout.sh and chart-screens.sh after lib.sh):
#   place.svg         ct-place's, on made-up hybrid rows (tests/records/unit-svg)
#   place-nomain.svg  the same without main
#   bench.svg         ct-place --bench's, on made-up runs (unit-svg -b)
#   bench-two.svg     the same of two commands (unit-svg -B)
#   stress.svg        the writer alone on text and numbers too long for
#                     their room, eight panels in two bands (unit-svg -s)
#   compare.svg       ct-compare's, of the main job recorded on a Zen 4 guest
#                     (tests/fleet/inputs/place-main.json) five runs a side,
#                     the new side's chase 11.4 % slower (bench/fleet-gen.sh)
#   compare-bench.svg ct-compare's of two recorded --bench runs, 20 % apart
#   compare-loaded.svg ct-compare's of a quiet stream run and a loaded one
#   compare-three.svg ct-compare's of three stream runs (a row per NEW)
#   fleet.svg         ct-compare --fleet's, seven made-up hosts of two models
# and compare.json, ct-compare -f json of compare.svg's inputs.
charts_make() {
	cm_dir=$1
	cm_in=$top_srcdir/tests/compare/inputs
	cm_tpl=$top_srcdir/tests/fleet/inputs/place-main.json
	cm_gen=$top_srcdir/bench/fleet-gen.sh
	cm_unit=$top_builddir/tests/records/unit-svg
	mkdir -p "$cm_dir" || return 1
	"$cm_unit" "$cm_dir/place.svg" >/dev/null 2>&1 || { echo "unit-svg failed" >&2; return 1; }
	"$cm_unit" -n "$cm_dir/place-nomain.svg" >/dev/null 2>&1 || { echo "unit-svg -n failed" >&2; return 1; }
	"$cm_unit" -b "$cm_dir/bench.svg" || { echo "unit-svg -b failed" >&2; return 1; }
	"$cm_unit" -B "$cm_dir/bench-two.svg" || { echo "unit-svg -B failed" >&2; return 1; }
	"$cm_unit" -s "$cm_dir/stress.svg" || { echo "unit-svg -s failed" >&2; return 1; }
	sh "$cm_gen" -s 0 -x 1:chase:0.886 "$cm_tpl" 1 "$cm_dir/gen" >/dev/null ||
		{ echo "fleet-gen failed" >&2; return 1; }
	: >"$cm_dir/base.json"
	: >"$cm_dir/new.json"
	for k in 1 1.01 0.99 1.02 0.98; do
		awk -v rate=$k -f "$top_srcdir/tests/scale-json.awk" "$cm_tpl" >>"$cm_dir/base.json"
		awk -v rate=$k -f "$top_srcdir/tests/scale-json.awk" "$cm_dir/gen/node0001/raw.txt" \
			>>"$cm_dir/new.json"
	done
	"$CT_COMPARE" -f json "$cm_dir/base.json" "$cm_dir/new.json" >"$cm_dir/compare.json" || return 1
	cm_chart "$cm_dir" compare "$cm_dir/base.json" "$cm_dir/new.json" || return 1
	cm_chart "$cm_dir" compare-bench "$cm_in/bench-base.json" "$cm_in/bench-slower.json" || return 1
	cm_chart "$cm_dir" compare-loaded "$cm_in/stream-quiet.json" "$cm_in/stream-load.json" || return 1
	cm_chart "$cm_dir" compare-three "$cm_in/stream-plain.json" "$cm_in/stream-xor.json" \
		"$cm_in/stream-avx2.json" || return 1
	sh "$cm_gen" -x 3:stream:0.7 "$cm_tpl" 5 "$cm_dir/f" >/dev/null &&
		sh "$cm_gen" -p other -c "Other CPU 9000" -f 1.3 "$cm_tpl" 2 "$cm_dir/f" >/dev/null ||
		{ echo "fleet-gen failed" >&2; return 1; }
	cm_chart "$cm_dir" fleet --fleet "$cm_dir"/f/*
}

# cm_chart DIR NAME ARGS...: ct-compare -o of ARGS, its chart as DIR/NAME.svg.
cm_chart() {
	cm_d=$1
	cm_n=$2
	shift 2
	"$CT_COMPARE" -o "$cm_d/$cm_n.out" "$@" >/dev/null || { echo "ct-compare $*: failed" >&2; return 1; }
	cp "$cm_d/$cm_n.out/summary.svg" "$cm_d/$cm_n.svg"
}

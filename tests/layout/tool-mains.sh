#!/bin/sh
# Two rules of the tools' layout, by grep: the kernel tools' mains are a
# description over the one skeleton (tool/kernel-tool.c), never a second
# copy of its steps; and -o DIR is readied by core/outfile's one rule in
# every tool that takes it, never checked by hand.
. "${top_srcdir:-..}/tests/lib.sh"

src=$top_srcdir/src
for tool in clock fma stream; do
	f=$src/ct-$tool/ct-$tool.c
	grep -q 'ct_kernel_tool_main(' "$f" || fail "ct-$tool.c does not use the skeleton"
	# The skeleton's steps: the shared finish, the rows, the harness, the records.
	bad=$(grep -n 'ct_cli_finish(\|ct_cli_run_row(\|ct_harness_run(\|ct_out_begin(\|ct_allcore_report(\|ct_getopt_next(' "$f")
	[ -z "$bad" ] || fail "ct-$tool.c does a step of the skeleton itself: $bad"
done

# Every -o goes through ct_outdir_arg() and ct_outdir_ready(); nothing
# else makes or checks an output directory.
bad=$(grep -rn 'ct_mkdir_p(\|access([^)]*W_OK' "$src" | grep -v '^[^:]*/lib/core/outfile\.[ch]:')
[ -z "$bad" ] || fail "an output directory made or checked outside core/outfile: $bad"
for f in "$src/ct-place/ct-place.c" "$src/ct-compare/ct-compare.c"; do
	grep -q 'ct_outdir_arg(' "$f" || fail "$(basename "$f") takes -o without ct_outdir_arg()"
done
for f in "$src/ct-compare/ct-compare.c" "$src/ct-place/command.c" "$src/ct-place/run.c"; do
	grep -q 'ct_outdir_ready(' "$f" || fail "$(basename "$f") writes -o DIR without ct_outdir_ready()"
done
exit 0

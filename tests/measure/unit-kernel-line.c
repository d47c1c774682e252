/*
 * unit-kernel-line.c - the kernel line above a table (ct_rec_kernel,
 * src/lib/report/report.c), in each of its forms, from made-up loops:
 * the FMA loop, the streaming read with the loops beside it, the add
 * chain, per sample and per call, and the jobs of ct-place's comparison
 * with one count of samples and with a range; in the table, in Markdown
 * (a code block) and in none of the data formats.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/term.h"
#include "report/report.h"
#include "../unit.h"

static const struct ct_kernel fma_loop = {
	.kernel = "fma", .isa = "avx2", .accumulators = 12, .lanes = 8, .loads = 1,
	.load_bytes = 32, .bytes = 32, .flops = 192, .insn = "vfmadd231ps ymm",
};
static const struct ct_kernel stream_plain = {
	.kernel = "stream", .isa = "scalar", .accumulators = 8, .lanes = 1, .loads = 8,
	.load_bytes = 8, .bytes = 64, .insn = "64-bit loads and adds as compiled",
};
static uint64_t no_loop(const uint64_t *a, size_t n, uint64_t passes)
{
	(void)a;
	(void)n;
	return passes;
}
static const struct ct_kernel stream_pf = {
	.kernel = "stream", .isa = "avx2", .accumulators = 8, .lanes = 4, .loads = 16,
	.load_bytes = 32, .bytes = 512, .insn = "vpaddq ymm, one per load", .fn_pf = no_loop,
};
static const struct ct_kernel stream_both = {
	.kernel = "stream", .isa = "avx512", .accumulators = 8, .lanes = 8, .loads = 8,
	.load_bytes = 64, .bytes = 512, .insn = "vpaddq zmm, one per load", .fn_pf = no_loop,
	.short_loads = 4, .fn_short = no_loop,
};
static const struct ct_kernel stream_three = {
	.kernel = "stream", .isa = "avx512", .accumulators = 8, .lanes = 8, .loads = 8,
	.load_bytes = 64, .bytes = 512, .insn = "vpaddq zmm, one per load", .fn_pf = no_loop,
	.short_loads = 4, .fn_short = no_loop, .xor_loads = 8, .fn_xor = no_loop,
};
static const struct ct_kernel stream_xor = {
	.kernel = "stream", .isa = "avx512", .accumulators = 8, .lanes = 8, .loads = 8,
	.load_bytes = 64, .bytes = 512, .insn = "vpaddq zmm, one per load", .xor_loads = 8,
	.fn_xor = no_loop,
};
static const struct ct_kernel stream_short = {
	.kernel = "stream", .isa = "neon", .accumulators = 4, .lanes = 2, .loads = 4,
	.load_bytes = 16, .bytes = 64, .insn = "add v.2d", .short_loads = 2,
	.fn_short = no_loop,
};
static const struct ct_kernel chain = {
	.kernel = "addchain", .isa = "x86-64", .accumulators = 1, .lanes = 1, .ops = 8,
	.insn = "add %reg,%reg",
};

static void expect(unsigned out, const struct ct_out_kernel_rec *r, const char *want)
{
	FILE *f = unit_open_held();

	ct_out_kernel(f, out, r);
	fclose(f);
	if (strcmp(unit_held, want) != 0)
		fprintf(stderr, "got:  %swant: %s", unit_held, want);
	CHECK(strcmp(unit_held, want) == 0);
}

int main(void)
{
	struct ct_job jobs[3] = {
		{ .name = "addchain", .isa = "x86-64" },
		{ .name = "fma", .isa = "avx2" },
		{ .name = "stream", .isa = "avx512" },
	};
	struct ct_out_kernel_rec r;
	/* Lines read whole: no width limit (tests/core/term-width.sh has the widths). */
	ct_term_set_width(CT_TERM_WIDE);

	/* ct-fma: a sample's passes over its array, or a call's with --threads. */
	r = (struct ct_out_kernel_rec){ .d = &fma_loop, .count = 1000, .bytes = 16384, .reps = 21 };
	expect(CT_REC_TABLE, &r, "kernel:   fma avx2   12 accumulators x  8 lanes, "
	       "vfmadd231ps ymm, 1000 passes over 16384 bytes per sample, 21 reps\n");
	r.per_call = 1;
	r.count = 125;
	expect(CT_REC_TABLE, &r, "kernel:   fma avx2   12 accumulators x  8 lanes, "
	       "vfmadd231ps ymm, 125 passes over 16384 bytes per call, 21 reps\n");

	/* ct-stream: the loop and the loops beside it; the samples are said elsewhere. */
	r = (struct ct_out_kernel_rec){ .d = &stream_plain };
	expect(CT_REC_TABLE, &r, "kernel:   stream scalar  8-byte loads, 8 accumulators, "
	       "64-bit loads and adds as compiled, 64 bytes an iteration\n");
	r.d = &stream_pf;
	expect(CT_REC_TABLE, &r, "kernel:   stream avx2   32-byte loads, 8 accumulators, "
	       "vpaddq ymm, one per load, 512 bytes an iteration; beside it a prefetching "
	       "loop\n");
	r.d = &stream_both;
	expect(CT_REC_TABLE, &r, "kernel:   stream avx512 64-byte loads, 8 accumulators, "
	       "vpaddq zmm, one per load, 512 bytes an iteration; beside it a prefetching "
	       "loop and a loop of 4 loads\n");
	r.d = &stream_three;
	expect(CT_REC_TABLE, &r, "kernel:   stream avx512 64-byte loads, 8 accumulators, "
	       "vpaddq zmm, one per load, 512 bytes an iteration; beside it a prefetching "
	       "loop, a loop of 4 loads and a loop folding two loads an XOR\n");
	r.d = &stream_xor;
	expect(CT_REC_TABLE, &r, "kernel:   stream avx512 64-byte loads, 8 accumulators, "
	       "vpaddq zmm, one per load, 512 bytes an iteration; beside it a loop folding "
	       "two loads an XOR\n");
	r.d = &stream_short;
	expect(CT_REC_TABLE, &r, "kernel:   stream neon   16-byte loads, 4 accumulators, "
	       "add v.2d, 64 bytes an iteration; beside it a loop of 2 loads\n");

	/* ct-clock: the adds of a sample, or of a call with --threads. */
	r = (struct ct_out_kernel_rec){ .d = &chain, .count = 50000000, .reps = 15 };
	expect(CT_REC_TABLE, &r, "kernel:   50000000 dependent adds per sample (x86-64, "
	       "add %reg,%reg), 15 reps; the clock is the max\n");
	r.per_call = 1;
	r.count = 6250000;
	expect(CT_REC_TABLE, &r, "kernel:   6250000 dependent adds per call (x86-64, "
	       "add %reg,%reg), 15 reps; the clock is the max\n");

	/* ct-place's comparison: its jobs in one line, in the table and in summary.md. */
	r = (struct ct_out_kernel_rec){ .jobs = jobs, .njobs = 3, .reps = 6, .reps_max = 6 };
	expect(CT_REC_TABLE, &r, "kernels:  addchain (x86-64), fma (avx2), stream (avx512); "
	       "6 reps each, round-robin, every sample verified\n");
	r.reps_max = 9;
	expect(CT_REC_MD, &r, "    kernels:  addchain (x86-64), fma (avx2), stream (avx512); "
	       "6 to 9 reps per placement, round-robin, every sample verified\n");

	/* A smoke run says so at the end, on the jobs' line and a loop's. */
	r.quick = 1;
	expect(CT_REC_TABLE, &r, "kernels:  addchain (x86-64), fma (avx2), stream (avx512); "
	       "6 to 9 reps per placement, round-robin, every sample verified; a smoke run (-q): "
	       "few short samples, not figures to compare with a full run\n");
	expect(CT_REC_TABLE, &(struct ct_out_kernel_rec){ .d = &chain, .count = 8, .reps = 1,
	       .quick = 1 }, "kernel:   8 dependent adds per sample (x86-64, add %reg,%reg), 1 reps; "
	       "the clock is the max; a smoke run (-q): few short samples, not figures to compare "
	       "with a full run\n");
	r.quick = 0;

	/* JSON and TSV have the facts in their summary records: no kernel line. */
	expect(CT_REC_JSON, &r, "");
	expect(CT_REC_TSV, &r, "");
	return unit_done();
}

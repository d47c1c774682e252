/*
 * ct-fma - vector FMA throughput in L1 for one ISA or every usable one,
 * each sample verified bit for bit and divided by the cycles the add-chain
 * brackets say it took.  The kernels and their verification are in libct
 * (src/lib/workloads/fma.h), shared with ct-place.  -c runs it on each cpu
 * of a list in turn, a row each; --threads runs it on every cpu at once
 * beside one thread alone (src/lib/measure/allcore.h).
 */
#include "config.h"

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure/allcore.h"
#include "tool/cli.h"
#include "core/common.h"
#include "workloads/fma.h"
#include "measure/harness.h"
#include "workloads/isa.h"
#include "measure/context.h"
#include "measure/report.h"
#include "core/parse.h"
#include "core/term.h"

static const struct ct_opt_use opts[] = {
	{ CT_O_PASSES, NULL },
	CT_CLI_ISA_OPTS,
	CT_CLI_OPTS
};

static void usage(void)
{
	printf("Usage: %s [options]\n"
	       "\n"
	       "Measure vector FMA throughput in L1 (independent chains acc += v * v over\n"
	       "a %u-byte array), every sample verified bit for bit, in GFLOP/s on the\n"
	       "wall and thread CPU time bases and in flops and FMAs per cycle.\n"
	       "\n"
	       "Options:\n", ct_progname(), CT_FMA_ARRAY_BYTES);
	ct_opts_help(stdout, opts, CT_ARRAY_SIZE(opts));
	printf("\n"
	       "Environment: CT_ISA, REPS, QUICK.  See ct-fma(1) and coretype(7).\n");
}

static void kernel_lines(FILE *f, const enum ct_isa *isas, size_t n, uint64_t passes,
			 unsigned reps, int per_call)
{
	size_t i;

	for (i = 0; i < n; i++)
		ct_out_kernel(f, CT_REC_TABLE, &(struct ct_out_kernel_rec){
			      .d = ct_fma_desc(isas[i]), .count = (double)passes,
			      .bytes = CT_FMA_ARRAY_BYTES, .per_call = per_call, .reps = reps });
}

/* What each thread of --threads builds for itself: its own array and sums. */
struct fma_arg {
	enum ct_isa isa;
	uint64_t passes;
};

static void *make_fma(void *arg, struct ct_job *k)
{
	const struct fma_arg *fa = arg;

	return ct_fma_new(fa->isa, fa->passes, k);
}

static void free_fma(void *state)
{
	ct_fma_free(state);
}

/*
 * --threads: every thread's FMA rate beside the rate of one alone; a call
 * is 1/CT_ALLCORE_CHUNKS of a sample's passes.
 */
struct fma_header {
	const enum ct_isa *isas;
	size_t n;
	uint64_t call_passes;
	unsigned reps;
};

static void fma_header(FILE *f, const struct ct_allcore *a, void *arg)
{
	const struct fma_header *fh = arg;

	(void)a;
	kernel_lines(f, fh->isas, fh->n, fh->call_passes, fh->reps, 1);
}

static int all_core(struct ct_cli *cli, struct ct_harness *h, struct ct_allcore *a,
		    const enum ct_isa *isas, size_t n, uint64_t passes)
{
	struct ct_allcore_kernel ak[CT_ISA_COUNT];
	struct fma_arg fa[CT_ISA_COUNT];
	uint64_t call_passes = (passes + CT_ALLCORE_CHUNKS - 1) / CT_ALLCORE_CHUNKS;
	struct fma_header fh = { isas, n, call_passes, h->reps };
	size_t i;

	for (i = 0; i < n; i++) {
		fa[i].isa = isas[i];
		fa[i].passes = call_passes;
		ak[i].make = make_fma;
		ak[i].destroy = free_fma;
		ak[i].arg = &fa[i];
	}
	return ct_allcore_report(a, h, ak, n, cli, "ct-fma", fma_header, &fh);
}

int main(int argc, char **argv)
{
	struct ct_getopt g;
	struct ct_cli cli;
	struct ct_cli_isa ci;
	struct ct_allcore a;
	struct ct_harness h;
	struct ct_job *k;
	struct ct_fma **ctx;
	struct ct_series *ser;
	enum ct_isa isas[CT_ISA_COUNT];
	struct ct_machine m;
	struct ct_out out;
	FILE *tty;
	const char *passes_arg = NULL;
	char (*place)[32];
	uint64_t passes;
	size_t n, i, nrows, r;
	int c;

	ct_init(argv);
	ct_cli_init(&cli);
	ct_cli_isa_init(&ci);
	ct_getopt_init(&g, 0);
	ct_getopt_add(&g, opts, CT_ARRAY_SIZE(opts));
	while ((c = ct_getopt_next(&g, argc, argv)) != -1) {
		if (c == CT_OPT_PASSES)
			passes_arg = optarg;
		else if (!ct_cli_isa_option(&ci, c, optarg) &&
			 !ct_cli_option(&cli, c, optarg, usage))
			ct_usage_error("unhandled option");
	}
	passes = cli.quick || ct_env_quick() ? CT_FMA_PASSES_QUICK : CT_FMA_PASSES_DEFAULT;
	if (passes_arg)
		passes = ct_u64_or_usage("--passes", passes_arg, 1, CT_FMA_PASSES_MAX);
	if (ct_cli_finish(&cli, &h, argc, argv, &a)) {
		n = ct_cli_isa_finish(&ci, isas);
		return all_core(&cli, &h, &a, isas, n, passes);
	}
	n = ct_cli_isa_finish(&ci, isas);

	/* One row per placement (each cpu of -c), one after another, every ISA in each. */
	nrows = ct_cli_rows(&cli);
	k = ct_xcalloc(nrows * n, sizeof(*k));
	ctx = ct_xcalloc(nrows * n, sizeof(*ctx));
	ser = ct_xcalloc(nrows * n, sizeof(*ser));
	place = ct_xcalloc(nrows, sizeof(*place));
	ct_machine_describe(&m);
	cli.nsteps = nrows;
	for (r = 0; r < nrows; r++) {
		for (i = 0; i < n; i++)
			ctx[r * n + i] = ct_fma_new(isas[i], passes, &k[r * n + i]);
		snprintf(place[r], sizeof(place[r]), "%s",
			 ct_cli_harness_row(&cli, r, &h, &k[r * n], n, &ser[r * n], "raise --passes"));
		ct_machine_note(&m, place[r], &ser[r * n], n);
	}
	/* Erased before any warning or result. */
	ct_cli_progress_clear(&cli);
	ct_machine_finish(&m, 1);

	/* A table on a terminal: its long lines wrapped to fit (term.h). */
	tty = cli.fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;
	ct_out_begin(&out, tty, cli.fmt, "ct-fma", cli.samples);
	ct_out_machine(&out, &m);
	if (cli.fmt == CT_FMT_TABLE)
		kernel_lines(tty, isas, n, passes, ser[0].n, 0);
	for (r = 0; r < nrows; r++)
		for (i = 0; i < n; i++)
			ct_out_series(&out, place[r], &ser[r * n + i]);
	ct_out_end(&out);
	ct_term_close(tty, stdout);
	ct_series_free(ser, nrows * n);
	for (i = 0; i < nrows * n; i++)
		ct_fma_free(ctx[i]);
	free(ser);
	free(ctx);
	free(k);
	free(place);
	return CT_EXIT_OK;
}

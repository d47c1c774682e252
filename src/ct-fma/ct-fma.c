/*
 * ct-fma - vector FMA throughput in L1 for one ISA or every usable one,
 * each sample verified bit for bit and divided by the cycles the add-chain
 * brackets say it took.  The kernels and their verification are in libct
 * (src/lib/workloads/fma.h), shared with ct-place.  -c runs it on each cpu
 * of a list in turn, a row each; --threads runs it on every cpu at once
 * beside one thread alone (src/lib/measure/allcore.h).
 */
#include "config.h"

#include <stdio.h>

#include "core/common.h"
#include "core/parse.h"
#include "tool/kernel-tool.h"
#include "workloads/fma.h"

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
	ct_opts_output_help(stdout);
	printf("\n"
	       "Environment: CT_ISA, REPS, QUICK, COLUMNS.  See ct-fma(1) and coretype(7).\n");
}

/* What each thread of --threads builds for itself: its own array and sums. */
struct fma_arg {
	enum ct_isa isa;
	uint64_t passes;		/* a call's share of a sample's */
};

/* The tool's own settings. */
struct fma_tool {
	const char *passes_arg;		/* --passes */
	uint64_t passes;
	struct fma_arg fa[CT_ISA_COUNT];
	const struct ct_kernel_run *run;	/* for the header of --threads */
};

static void kernel_lines(FILE *f, const struct ct_kernel_run *run, uint64_t passes,
			 unsigned reps, int per_call)
{
	size_t i;

	for (i = 0; i < run->nisa; i++)
		ct_out_kernel(f, CT_REC_TABLE, &(struct ct_out_kernel_rec){
			      .d = ct_fma_desc(run->isas[i]), .count = (double)passes,
			      .bytes = CT_FMA_ARRAY_BYTES, .per_call = per_call, .reps = reps,
			      .quick = run->cli.quick || ct_env_quick() });
}

static void *make_fma(void *arg, struct ct_job *k)
{
	const struct fma_arg *fa = arg;

	return ct_fma_new(fa->isa, fa->passes, k);
}

static void free_fma(void *state)
{
	ct_fma_free(state);
}

static void fma_header(FILE *f, const struct ct_allcore *a, void *arg)
{
	const struct fma_tool *ft = arg;

	(void)a;
	kernel_lines(f, ft->run, ft->fa[0].passes, ft->run->h.reps, 1);
}

static int fma_option(void *self, int c, const char *arg)
{
	struct fma_tool *ft = self;

	if (c != CT_OPT_PASSES)
		return 0;
	ft->passes_arg = arg;
	return 1;
}

static void fma_options_done(void *self, const struct ct_cli *cli)
{
	struct fma_tool *ft = self;

	ft->passes = cli->quick || ct_env_quick() ? CT_FMA_PASSES_QUICK : CT_FMA_PASSES_DEFAULT;
	if (ft->passes_arg)
		ft->passes = ct_u64_or_usage("--passes", ft->passes_arg, 1, CT_FMA_PASSES_MAX);
}

/*
 * --threads: every thread's FMA rate beside the rate of one alone; a call
 * is 1/CT_ALLCORE_CHUNKS of a sample's passes.
 */
static void fma_allcore(void *self, struct ct_kernel_run *run, struct ct_kernel_allcore *ka)
{
	struct fma_tool *ft = self;
	size_t i;

	for (i = 0; i < run->nisa; i++) {
		ft->fa[i].isa = run->isas[i];
		ft->fa[i].passes = (ft->passes + CT_ALLCORE_CHUNKS - 1) / CT_ALLCORE_CHUNKS;
		ka->ak[i].make = make_fma;
		ka->ak[i].destroy = free_fma;
		ka->ak[i].arg = &ft->fa[i];
	}
	ka->n = run->nisa;
	ft->run = run;
	ka->header = fma_header;
	ka->header_arg = ft;
}

/* A row: every ISA, each kernel with its own array and sums. */
static size_t fma_jobs(void *self, struct ct_kernel_run *run, size_t z, struct ct_job *k,
		       void **state, struct ct_harness *h)
{
	struct fma_tool *ft = self;
	size_t i;

	(void)z, (void)h;
	for (i = 0; i < run->nisa; i++)
		state[i] = ct_fma_new(run->isas[i], ft->passes, &k[i]);
	return run->nisa;
}

static void fma_free_jobs(void *self, void **state, size_t nk)
{
	size_t i;

	(void)self;
	for (i = 0; i < nk; i++)
		ct_fma_free(state[i]);
}

static void fma_kernel_lines(void *self, struct ct_kernel_run *run, FILE *f,
			     const struct ct_series *ser)
{
	struct fma_tool *ft = self;

	kernel_lines(f, run, ft->passes, ser[0].n, 0);
}

static const struct ct_kernel_tool tool = {
	.name = "ct-fma",
	.opts = opts,
	.nopts = CT_ARRAY_SIZE(opts),
	.isa = 1,
	.usage = usage,
	.hint = "raise --passes",
	.option = fma_option,
	.options_done = fma_options_done,
	.allcore = fma_allcore,
	.jobs = fma_jobs,
	.free_jobs = fma_free_jobs,
	.kernel_lines = fma_kernel_lines,
};

int main(int argc, char **argv)
{
	static struct fma_tool ft;

	return ct_kernel_tool_main(&tool, &ft, argc, argv);
}

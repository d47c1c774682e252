/*
 * ct-clock - the clock one thread gets, from a dependent add chain.
 *
 * One add retires per cycle when each depends on the last, so the time per
 * add is the clock period.  The fastest sample is the estimate (anything
 * that disturbs a sample only slows it); the median and cv show how steady
 * the clock was.  Both bases are reported: wall time, and the thread's own
 * CPU time, which excludes time the thread was not running.
 *
 * -c runs it on each cpu of a list in turn, a row each; --threads runs
 * the chain on every cpu at once beside one thread alone
 * (the all-core runner, src/lib/measure/allcore.h): the clock a socket
 * keeps with every core busy against its single-core clock.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/common.h"
#include "core/parse.h"
#include "kernels/kernels.h"
#include "tool/kernel-tool.h"
#include "workloads/clock.h"

static const struct ct_opt_use opts[] = {
	{ CT_O_ADDS, NULL },
	CT_CLI_OPTS
};

static void usage(void)
{
	printf("Usage: %s [options]\n"
	       "\n"
	       "Estimate the clock of the cpu this thread runs on from a dependent add\n"
	       "chain (one add per cycle), on the wall and thread CPU time bases.\n"
	       "\n"
	       "Options:\n", ct_progname());
	ct_opts_help(stdout, opts, CT_ARRAY_SIZE(opts));
	ct_opts_output_help(stdout);
	printf("\n"
	       "Environment: REPS, QUICK, COLUMNS.  See ct-clock(1) and coretype(7).\n");
}

/* The tool's own settings. */
struct clock_tool {
	const char *adds_arg;		/* -n */
	uint64_t adds;
	uint64_t call_adds;		/* --threads: a call's share of a sample */
	struct ct_clock ctx;		/* the chain every row runs */
};

/* Each thread's own add chain: a call is 1/CT_ALLCORE_CHUNKS of a sample. */
static void *make_chain(void *arg, struct ct_job *k)
{
	struct ct_clock *c = ct_xmalloc(sizeof(*c));

	ct_clock_kernel(k, c, *(const uint64_t *)arg);
	return c;
}

static void chain_header(FILE *f, const struct ct_allcore *a, void *arg)
{
	const struct ct_harness *h = arg;

	ct_out_kernel(f, CT_REC_TABLE, &(struct ct_out_kernel_rec){ .d = &ct_addchain_desc,
		      .count = a->t[0].k[0].work, .per_call = 1, .reps = h->reps });
}

static int clock_option(void *self, int c, const char *arg)
{
	struct clock_tool *ct = self;

	if (c != 'n')
		return 0;
	ct->adds_arg = arg;
	return 1;
}

static void clock_options_done(void *self, const struct ct_cli *cli)
{
	struct clock_tool *ct = self;

	ct->adds = cli->quick || ct_env_quick() ? CT_CLOCK_ADDS_QUICK : CT_CLOCK_ADDS_DEFAULT;
	if (ct->adds_arg)
		ct->adds = ct_u64_or_usage("--adds", ct->adds_arg, 1, CT_CLOCK_ADDS_MAX);
}

/* --threads: every thread's clock beside the clock of one alone. */
static void clock_allcore(void *self, struct ct_kernel_run *run, struct ct_kernel_allcore *ka)
{
	struct clock_tool *ct = self;

	ct->call_adds = (ct->adds + CT_ALLCORE_CHUNKS - 1) / CT_ALLCORE_CHUNKS;
	ka->ak[0].make = make_chain;
	ka->ak[0].destroy = free;
	ka->ak[0].arg = &ct->call_adds;
	ka->n = 1;
	ka->header = chain_header;
	ka->header_arg = &run->h;
}

/* Every row runs the one chain. */
static size_t clock_jobs(void *self, struct ct_kernel_run *run, size_t z, struct ct_job *k,
			 void **state, struct ct_harness *h)
{
	struct clock_tool *ct = self;

	(void)run, (void)z, (void)h;
	ct_clock_kernel(k, &ct->ctx, ct->adds);
	state[0] = NULL;
	return 1;
}

static void clock_kernel_lines(void *self, struct ct_kernel_run *run, FILE *f,
			       const struct ct_series *ser)
{
	struct clock_tool *ct = self;

	ct_out_kernel(f, CT_REC_TABLE, &(struct ct_out_kernel_rec){
		      .d = &ct_addchain_desc, .count = (double)ct->ctx.iters * CT_ADDCHAIN_UNROLL,
		      .reps = ser[0].n, .quick = run->cli.quick || ct_env_quick() });
}

static const struct ct_kernel_tool tool = {
	.name = "ct-clock",
	.opts = opts,
	.nopts = CT_ARRAY_SIZE(opts),
	.usage = usage,
	.hint = "raise -n",
	.option = clock_option,
	.options_done = clock_options_done,
	.allcore = clock_allcore,
	.jobs = clock_jobs,
	.kernel_lines = clock_kernel_lines,
};

int main(int argc, char **argv)
{
	static struct clock_tool ct;

	return ct_kernel_tool_main(&tool, &ct, argc, argv);
}

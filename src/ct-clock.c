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

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure/allcore.h"
#include "tool/cli.h"
#include "workloads/clock.h"
#include "core/common.h"
#include "measure/harness.h"
#include "kernels/kernels.h"
#include "measure/context.h"
#include "measure/report.h"
#include "core/parse.h"
#include "core/term.h"

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
	printf("\n"
	       "Environment: REPS, QUICK.  See ct-clock(1) and coretype(7).\n");
}

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

/* --threads: every thread's clock beside the clock of one alone. */
static int all_core(struct ct_cli *cli, struct ct_harness *h, struct ct_allcore *a,
		    uint64_t adds)
{
	uint64_t call_adds = (adds + CT_ALLCORE_CHUNKS - 1) / CT_ALLCORE_CHUNKS;
	struct ct_allcore_kernel ak = { make_chain, free, &call_adds };

	return ct_allcore_report(a, h, &ak, 1, cli, "ct-clock", chain_header, h);
}

int main(int argc, char **argv)
{
	struct ct_getopt g;
	struct ct_cli cli;
	struct ct_allcore a;
	struct ct_harness h;
	struct ct_job k;
	struct ct_series *ser;
	struct ct_machine m;
	struct ct_out out;
	FILE *tty;
	struct ct_clock ctx;
	const char *adds_arg = NULL;
	char (*place)[32];
	uint64_t adds;
	size_t nrows, r;
	int c;

	ct_init(argv);
	ct_cli_init(&cli);
	ct_getopt_init(&g, 0);
	ct_getopt_add(&g, opts, CT_ARRAY_SIZE(opts));
	while ((c = ct_getopt_next(&g, argc, argv)) != -1) {
		if (c == 'n')
			adds_arg = optarg;
		else if (!ct_cli_option(&cli, c, optarg, usage))
			ct_usage_error("unhandled option");
	}
	adds = cli.quick || ct_env_quick() ? CT_CLOCK_ADDS_QUICK : CT_CLOCK_ADDS_DEFAULT;
	if (adds_arg)
		adds = ct_u64_or_usage("--adds", adds_arg, 1, CT_CLOCK_ADDS_MAX);
	if (ct_cli_finish(&cli, &h, argc, argv, &a))
		return all_core(&cli, &h, &a, adds);
	ct_clock_kernel(&k, &ctx, adds);

	/* One row per placement (each cpu of -c), one after another. */
	nrows = ct_cli_rows(&cli);
	ser = ct_xcalloc(nrows, sizeof(*ser));
	place = ct_xcalloc(nrows, sizeof(*place));
	ct_machine_describe(&m);
	cli.nsteps = nrows;
	for (r = 0; r < nrows; r++) {
		snprintf(place[r], sizeof(place[r]), "%s",
			 ct_cli_harness_row(&cli, r, &h, &k, 1, &ser[r], "raise -n"));
		ct_machine_note(&m, place[r], &ser[r], 1);
	}
	/* Erased before any warning or result. */
	ct_cli_progress_clear(&cli);
	ct_machine_finish(&m, 1);

	/* A table on a terminal: its long lines wrapped to fit (term.h). */
	tty = cli.fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;
	ct_out_begin(&out, tty, cli.fmt, "ct-clock", cli.samples);
	ct_out_machine(&out, &m);
	ct_out_kernel(tty, ct_rec_out_of(cli.fmt), &(struct ct_out_kernel_rec){
		      .d = &ct_addchain_desc, .count = (double)ctx.iters * CT_ADDCHAIN_UNROLL,
		      .reps = ser[0].n });
	for (r = 0; r < nrows; r++)
		ct_out_series(&out, place[r], &ser[r]);
	ct_out_end(&out);
	ct_term_close(tty, stdout);
	for (r = 0; r < nrows; r++)
		ct_series_free(&ser[r], 1);
	free(ser);
	free(place);
	return CT_EXIT_OK;
}

/*
 * ct-clock - the clock one thread gets, from a dependent add chain.
 *
 * One add retires per cycle when each depends on the last, so the time per
 * add is the clock period.  The fastest sample is the estimate (anything
 * that disturbs a sample only slows it); the median and cv show how steady
 * the clock was.  Both bases are reported: wall time, and the thread's own
 * CPU time, which excludes time the thread was not running.
 *
 * --threads runs the chain on every cpu at once beside one thread alone
 * (the all-core runner, src/include/ct/allcore.h): the clock a socket
 * keeps with every core busy against its single-core clock.
 */
#include "config.h"

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "ct/allcore.h"
#include "ct/cli.h"
#include "ct/clock.h"
#include "ct/common.h"
#include "ct/harness.h"
#include "ct/kernels.h"
#include "ct/machine.h"
#include "ct/out.h"
#include "ct/parse.h"

static void usage(void)
{
	printf("Usage: %s [options]\n"
	       "\n"
	       "Estimate the clock of the cpu this thread runs on from a dependent add\n"
	       "chain (one add per cycle), on the wall and thread CPU time bases.\n"
	       "\n"
	       "Options:\n"
	       "  -n, --adds N         adds per sample (default 50000000, rounded up to a\n"
	       "                       multiple of 8)\n"
	       CT_ALLCORE_HELP
	       CT_CLI_HELP
	       "\n"
	       "Environment: REPS, QUICK.  See ct-clock(1) and coretype(7).\n",
	       ct_progname());
}

/* Each thread's own add chain: a call is 1/CT_ALLCORE_CHUNKS of a sample. */
static void *make_chain(void *arg, struct ct_kernel *k)
{
	struct ct_clock *c = ct_xmalloc(sizeof(*c));

	ct_clock_kernel(k, c, *(const uint64_t *)arg);
	return c;
}

static void chain_header(const struct ct_allcore *a, void *arg)
{
	const struct ct_harness *h = arg;

	printf("kernel:   dependent adds (%s, %s) in calls of %.0f, %u reps; "
	       "the clock is the max\n", ct_addchain_desc.isa, ct_addchain_desc.insn,
	       a->t[0].k[0].work, h->reps);
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
	static const struct option longopts[] = {
		{ "adds", required_argument, NULL, 'n' },
		CT_ALLCORE_LONGOPTS,
		CT_CLI_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct ct_cli cli;
	struct ct_allcore_cli ac;
	struct ct_allcore a;
	struct ct_harness h;
	struct ct_kernel k;
	struct ct_series ser;
	struct ct_machine m;
	struct ct_out out;
	struct ct_clock ctx;
	const char *adds_arg = NULL;
	uint64_t adds;
	char why[512];
	int c, rc;

	ct_init(argv);
	ct_cli_init(&cli);
	ct_allcore_cli_init(&ac);
	while ((c = getopt_long(argc, argv, "n:" CT_ALLCORE_SHORTOPTS CT_CLI_SHORTOPTS, longopts,
				NULL)) != -1) {
		if (c == 'n')
			adds_arg = optarg;
		else if (!ct_allcore_cli_option(&ac, c, optarg) &&
			 !ct_cli_option(&cli, c, optarg, usage))
			ct_usage_error("unhandled option");
	}
	adds = cli.quick || ct_env_quick() ? CT_CLOCK_ADDS_QUICK : CT_CLOCK_ADDS_DEFAULT;
	if (adds_arg)
		adds = ct_u64_or_usage("--adds", adds_arg, 1, CT_CLOCK_ADDS_MAX);
	if (ct_allcore_cli_finish(&ac, &cli, &h, argc, argv, &a))
		return all_core(&cli, &h, &a, adds);
	ct_clock_kernel(&k, &ctx, adds);

	ct_machine_describe(&m);
	if ((rc = ct_harness_run(&h, &k, 1, &ser, why, sizeof(why))) < 0)
		ct_cli_harness_failed(rc, why, "raise -n");
	ct_machine_note(&m, cli.placement, &ser, 1);
	ct_machine_finish(&m, 1);

	ct_out_begin(&out, stdout, cli.fmt, "ct-clock", cli.samples);
	ct_out_machine(&out, &m);
	if (cli.fmt == CT_FMT_TABLE)
		printf("kernel:   %llu dependent adds per sample (%s, %s), %u reps; "
		       "the clock is the max\n",
		       (unsigned long long)ctx.iters * CT_ADDCHAIN_UNROLL, ct_addchain_desc.isa,
		       ct_addchain_desc.insn, ser.n);
	ct_out_series(&out, cli.placement, &ser);
	ct_out_end(&out);
	ct_series_free(&ser, 1);
	return CT_EXIT_OK;
}

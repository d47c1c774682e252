/*
 * cli.c - the options every kernel tool shares.
 */
#include "config.h"

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/cli.h"
#include "ct/common.h"
#include "ct/cpuset.h"
#include "ct/isa.h"
#include "ct/kernels.h"
#include "ct/os.h"
#include "ct/parse.h"
#include "ct/place.h"

void ct_cli_init(struct ct_cli *cli)
{
	memset(cli, 0, sizeof(*cli));
	cli->fmt = CT_FMT_TABLE;
	cli->cpu = -1;
	snprintf(cli->placement, sizeof(cli->placement), "main");
}

void ct_cli_harness_failed(int rc, const char *why, const char *hint)
{
	if (rc == CT_HARNESS_TOO_SHORT)
		ct_usage_error("%s (%s)", why, hint);
	errx(CT_EXIT_FAIL, "verification failed: %s", why);
}

void ct_cli_version(void)
{
	char isas[128];

	printf("%s (coretype) %s\n", ct_progname(), PACKAGE_VERSION);
	printf("kernels %s\n", ct_isa_summary(isas, sizeof(isas)));
	printf("add chain: %s, %s\n", ct_addchain_desc.isa, ct_addchain_desc.insn);
	exit(CT_EXIT_OK);
}

int ct_cli_option(struct ct_cli *cli, int c, const char *arg,
		  void (*usage)(void))
{
	switch (c) {
	case 'c':
		cli->cpu = (int)ct_u64_or_usage("--cpu", arg, 0, CT_CPUSET_MAX - 1);
		return 1;
	case 'f':
		if (ct_format_parse(arg, &cli->fmt) < 0)
			ct_usage_error("invalid --format '%s': use table, tsv or json", arg);
		return 1;
	case 'h':
		usage();
		exit(CT_EXIT_OK);
	case 'q':
		cli->quick = 1;
		return 1;
	case 'r':
		cli->reps = arg;
		return 1;
	case 's':
	case CT_CLI_OPT_SAMPLES:
		cli->samples = 1;
		return 1;
	case 'S':
		cli->settle = arg;
		return 1;
	case CT_CLI_OPT_PRECISION:
		cli->precision = arg;
		return 1;
	case CT_CLI_OPT_MAX_TIME:
		cli->max_time = arg;
		return 1;
	case 'V':
		ct_cli_version();
		return 1;
	case '?':
		ct_usage_try();
	default:
		return 0;
	}
}

/* A decimal number in (lo, hi]: percent and seconds may have fractions. */
static double positive_or_usage(const char *opt, const char *arg, double hi)
{
	char *end = (char *)arg;
	double v = 0;

	/* strtod() alone would also take " 5", "+5", "0x10", "inf" and "nan". */
	if ((isdigit((unsigned char)arg[0]) || arg[0] == '.') &&
	    arg[strspn(arg, "0123456789.eE+-")] == '\0') {
		errno = 0;
		v = strtod(arg, &end);
	}
	if (end == arg || *end != '\0' || errno || !isfinite(v) || !(v > 0) || v > hi)
		ct_usage_error("invalid %s '%s': a number above 0 and at most %g", opt, arg, hi);
	return v;
}

void ct_cli_harness(const struct ct_cli *cli, struct ct_harness *h)
{
	ct_harness_defaults(h, cli->quick);
	if (cli->reps)
		h->reps = (unsigned)ct_u64_or_usage("--reps", cli->reps, 1, CT_REPS_MAX);
	if (cli->settle)
		h->settle_ns = 1000000ull * ct_u64_or_usage("--settle", cli->settle, 0, 60000);
	if (cli->precision) {
		h->precision_pct = positive_or_usage("--precision", cli->precision, 100);
		h->max_ns = CT_PRECISION_MAX_TIME_DEFAULT_S * 1000000000ull;
	}
	/* A day at most: a cap that cannot be reached is no cap. */
	if (cli->max_time)
		h->max_ns = (uint64_t)(positive_or_usage("--max-time", cli->max_time, 86400) * 1e9);
}

void ct_cli_finish(struct ct_cli *cli, struct ct_harness *h, int argc,
		   char **argv)
{
	if (optind < argc)
		ct_usage_error("unexpected argument '%s'", argv[optind]);
	ct_cli_harness(cli, h);
	if (cli->cpu >= 0) {
		char why[200];

		if (ct_place_pin(cli->cpu, why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
		snprintf(cli->placement, sizeof(cli->placement), "cpu%d", cli->cpu);
	}
}

void ct_cli_isa_init(struct ct_cli_isa *ci)
{
	memset(ci, 0, sizeof(*ci));
}

int ct_cli_isa_option(struct ct_cli_isa *ci, int c, const char *arg)
{
	switch (c) {
	case CT_CLI_OPT_ALL_ISA:
		ci->all = 1;
		return 1;
	case CT_CLI_OPT_ISA:
		ci->req = arg;
		return 1;
	case CT_CLI_OPT_LIST_ISA:
		ct_isa_list(stdout);
		exit(CT_EXIT_OK);
	default:
		return 0;
	}
}

size_t ct_cli_isa_finish(const struct ct_cli_isa *ci, enum ct_isa *isas)
{
	size_t n = 0;
	int i;

	if (!ci->all) {
		isas[0] = ct_isa_choose(ci->req);
		return 1;
	}
	if (ci->req)
		ct_usage_error("--all-isa and --isa exclude each other");
	for (i = 0; i < CT_ISA_COUNT; i++)
		if (ct_isa_usable((enum ct_isa)i))
			isas[n++] = (enum ct_isa)i;
	return n;
}

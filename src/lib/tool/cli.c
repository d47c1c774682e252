/*
 * tool/cli.c - what the options every kernel tool shares do: the harness
 * settings, where to run (-c, -k, --threads), and the ISAs.
 */
#include "config.h"

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/allcore.h"
#include "tool/cli.h"
#include "core/common.h"
#include "core/term.h"
#include "core/cpuset.h"
#include "platform/isa.h"
#include "kernels/kernels.h"
#include "machine/declared.h"
#include "platform/os.h"
#include "core/parse.h"
#include "platform/place.h"
#include "machine/topo.h"

void ct_cli_init(struct ct_cli *cli)
{
	memset(cli, 0, sizeof(*cli));
	cli->fmt = CT_FMT_TABLE;
	snprintf(cli->placement, sizeof(cli->placement), "main");
	cli->nsteps = 1;
}

/* The progress line on the screen, to erase before an error. */
static struct ct_progress *shown_progress;

void ct_cli_progress_clear(struct ct_cli *cli)
{
	ct_progress_clear(&cli->pr);
}

/*
 * "cpu1, 64 KiB (3 of 8): stream (avx2), rep 4 of 15, 2.1 s, about 5 s
 * left": what is left from the pace so far (fixed reps), or with
 * --precision the widest interval against the one asked for.
 */
static void cli_progress(void *arg, const struct ct_harness_state *st)
{
	struct ct_cli *cli = arg;
	const struct ct_harness *h = st->h;
	double el = ct_progress_elapsed(&cli->pr), left = -1, done;
	/* A step's first sample is drawn at once: a short step may end within
	 * CT_PROGRESS_MIN_NS of the last redraw. */
	int first = st->rep == 1 && st->kernel == 0;
	char where[160];

	if (cli->nsteps > 1)
		snprintf(where, sizeof(where), "%s (%zu of %zu)",
			 cli->what[0] ? cli->what : cli->placement, cli->step + 1, cli->nsteps);
	else
		snprintf(where, sizeof(where), "%s", cli->what[0] ? cli->what : cli->placement);
	if (h->precision_pct > 0) {
		if (isnan(st->worst_pct))
			ct_progress_show(&cli->pr, first, -1, "%s: %s (%s), rep %u", where,
					 st->k->name, st->k->isa, st->rep);
		else
			ct_progress_show(&cli->pr, first, -1, "%s: %s (%s), rep %u, +-%.2f%% of "
					 "+-%g%%", where, st->k->name, st->k->isa, st->rep,
					 st->worst_pct, h->precision_pct);
		return;
	}
	done = ((double)cli->step + ((double)(st->rep - 1) * (double)st->nkernels +
				     (double)st->kernel + 1) /
				    ((double)h->reps * (double)st->nkernels)) / (double)cli->nsteps;
	if (done > 0 && el > 0.5)
		left = el / done * (1 - done);
	ct_progress_show(&cli->pr, first, left, "%s: %s (%s), rep %u of %u", where, st->k->name,
			 st->k->isa, st->rep, h->reps);
}

void ct_cli_harness_failed(int rc, const char *why, const char *hint)
{
	if (shown_progress)
		ct_progress_clear(shown_progress);
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
	if (ct_term_option(c, arg))
		return 1;
	switch (c) {
	case 'c':
		cli->cpu = arg;
		return 1;
	case 'f':
		if (ct_format_parse(arg, &cli->fmt) < 0)
			ct_usage_error("invalid --format '%s': use table, tsv or json", arg);
		return 1;
	case 'h':
		usage();
		exit(CT_EXIT_OK);
	case 'k':
		cli->kind = arg;
		return 1;
	case CT_OPT_NO_PROGRESS:
		cli->progress = CT_PROGRESS_OFF;
		return 1;
	case CT_OPT_PROGRESS:
		cli->progress = CT_PROGRESS_ON;
		return 1;
	case 'q':
		cli->quick = 1;
		return 1;
	case 'r':
		cli->reps = arg;
		return 1;
	case 's':
		cli->samples = 1;
		return 1;
	case 'S':
		cli->settle = arg;
		return 1;
	case CT_OPT_KINDS:
		ct_kinds_option(arg);
		return 1;
	case CT_OPT_MAX_TIME:
		cli->max_time = arg;
		return 1;
	case CT_OPT_PRECISION:
		cli->precision = arg;
		return 1;
	case CT_OPT_THREADS:
		cli->threads = arg;
		return 1;
	case 'V':
		ct_cli_version();
		return 1;
	default:
		return 0;
	}
}

double ct_cli_positive_or_usage(const char *opt, const char *arg, double hi)
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
		h->precision_pct = ct_cli_positive_or_usage("--precision", cli->precision, 100);
		h->max_ns = CT_PRECISION_MAX_TIME_DEFAULT_S * 1000000000ull;
	}
	/* A day at most: a cap that cannot be reached is no cap. */
	if (cli->max_time)
		h->max_ns = (uint64_t)(ct_cli_positive_or_usage("--max-time", cli->max_time, 86400) *
				       1e9);
}

void ct_cli_cpulist(const char *arg, struct ct_cpuset *cpus)
{
	const char *why;

	/* ct_cpuset_parse() takes the white space of a sysfs file; a user's list has none. */
	if (arg[strcspn(arg, " \t\n\r\f\v")] != '\0')
		ct_usage_error("invalid --cpu '%s': white space", arg);
	if (ct_cpuset_parse(arg, cpus, &why) < 0)
		ct_usage_error("invalid --cpu '%s': %s", arg, why);
	if (ct_cpuset_empty(cpus))
		ct_usage_error("invalid --cpu '%s': empty", arg);
}

enum ct_kind ct_cli_kind(const char *arg)
{
	enum ct_kind k;

	if (ct_kinds_kind_parse(arg, &k) < 0)
		ct_usage_error("invalid kind '%s': use performance, efficiency or low-power "
			       "(P, E, LP)", arg);
	return k;
}

/* The last usable cpu of kind's fastest rank, as ct-place's pin-KIND. */
static int kind_pin_cpu(const struct ct_topo *t, enum ct_kind kind)
{
	int r, c, last;

	for (r = 0; r < t->nranks; r++) {
		struct ct_cpuset set;

		ct_topo_rank_cpus(t, r, &set);
		last = -1;
		for (c = ct_cpuset_next(&set, 0); c >= 0; c = ct_cpuset_next(&set, c + 1))
			if (ct_topo_cpu(t, c)->kind == kind)
				last = c;
		if (last >= 0)
			return last;
	}
	return -1;
}

size_t ct_cli_rows(const struct ct_cli *cli)
{
	int n = ct_cpuset_count(&cli->cpus);

	return n ? (size_t)n : 1;
}

void ct_cli_row_placement(struct ct_cli *cli, size_t i, struct ct_placement *p)
{
	int c = ct_cpuset_next(&cli->cpus, 0);

	memset(p, 0, sizeof(*p));
	if (c < 0) {
		p->kind = CT_PLACE_MAIN;
		snprintf(cli->placement, sizeof(cli->placement), "main");
	} else {
		while (i-- > 0)
			c = ct_cpuset_next(&cli->cpus, c + 1);
		p->kind = CT_PLACE_PIN;
		p->cpu = c;
		if (cli->pin_kind[0])
			snprintf(cli->placement, sizeof(cli->placement), "pin-%s", cli->pin_kind);
		else
			snprintf(cli->placement, sizeof(cli->placement), "cpu%d", c);
	}
	snprintf(p->name, sizeof(p->name), "%s", cli->placement);
}

void ct_cli_run_row(struct ct_cli *cli, size_t i, void (*fn)(void *arg), void *arg)
{
	struct ct_placement p;
	char how[160], why[400];

	ct_cli_row_placement(cli, i, &p);
	if (ct_place_run_thread(&p, fn, arg, how, sizeof(how), why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "%s", why);
}

int ct_cli_finish(struct ct_cli *cli, struct ct_harness *h, int argc, char **argv,
		  struct ct_allcore *a)
{
	struct ct_topo t;
	struct ct_cpuset cpus, all;
	enum ct_kind kind = CT_KIND_PERFORMANCE;
	uint64_t want = 0;
	char why[512], list[256];
	int c, have;

	if (optind < argc)
		ct_usage_error("unexpected argument '%s'", argv[optind]);
	if (cli->cpu)
		ct_cli_cpulist(cli->cpu, &cli->cpus);
	if (cli->kind)
		kind = ct_cli_kind(cli->kind);
	if (cli->threads && strcmp(cli->threads, "all") != 0)
		want = ct_u64_or_usage("--threads", cli->threads, 1, CT_CPUSET_MAX);
	ct_kinds_finish();
	ct_cli_harness(cli, h);
	ct_progress_init(&cli->pr, stderr, cli->progress);
	if (cli->pr.on) {
		h->progress = cli_progress;
		h->progress_arg = cli;
		shown_progress = &cli->pr;
	}
	/* Every cpu of -c is checked before the first row runs. */
	for (c = ct_cpuset_next(&cli->cpus, 0); c >= 0; c = ct_cpuset_next(&cli->cpus, c + 1))
		if (ct_place_can_use(c, why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
	/* A declaration that does not fit this machine is an error, used or not. */
	if ((!cli->kind && !cli->threads) || !ct_place_can_pin()) {
		if (ct_kinds_run() && ct_topo_load(&t, NULL, why, sizeof(why)) == 0)
			ct_topo_free(&t);
	}
	if (!cli->kind && !cli->threads)
		return 0;

	if (!ct_place_can_pin()) {
		if (cli->kind)
			errx(CT_EXIT_NOTAPPLICABLE, "-k %s: this OS cannot pin threads to cpus",
			     cli->kind);
		have = (int)ct_os_ncpus();
		if (have < 1)
			have = 1;
		if (want > (uint64_t)have)
			errx(CT_EXIT_NOTAPPLICABLE, "--threads %llu: only %d cpus are online",
			     (unsigned long long)want, have);
		ct_allcore_plan(a, NULL, NULL, want ? (size_t)want : (size_t)have);
		snprintf(cli->what, sizeof(cli->what), "all-core, %zu threads", a->n);
		return 1;
	}

	if (ct_topo_load(&t, NULL, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "cannot tell the kinds of core: %s", why);
	if (cli->kind) {
		ct_topo_kind_cpus(&t, kind, &cpus, &all);
		if (ct_cpuset_empty(&cpus))
			errx(CT_EXIT_NOTAPPLICABLE, "no usable cpu of kind '%s': %s", cli->kind,
			     ct_cpuset_empty(&all) ? "this machine has none"
						   : "its cpus are not allowed to this process");
	} else {
		cpus = t.usable;
	}
	if (!cli->threads) {
		c = kind_pin_cpu(&t, kind);
		ct_topo_free(&t);
		ct_cpuset_zero(&cli->cpus);
		ct_cpuset_set(&cli->cpus, c);
		snprintf(cli->pin_kind, sizeof(cli->pin_kind), "%s", ct_kind_name(kind));
		return 0;
	}
	have = ct_cpuset_count(&cpus);
	if (want > (uint64_t)have)
		errx(CT_EXIT_NOTAPPLICABLE, "--threads %llu: only %d usable cpu%s%s%s (%s)",
		     (unsigned long long)want, have, have == 1 ? "" : "s",
		     cli->kind ? " of kind " : "", cli->kind ? cli->kind : "",
		     ct_cpuset_format(&cpus, list, sizeof(list)));
	if (want) {
		/* The first N. */
		int left = (int)want;

		for (c = ct_cpuset_next(&cpus, 0); c >= 0; c = ct_cpuset_next(&cpus, c + 1))
			if (left > 0)
				left--;
			else
				ct_cpuset_clear(&cpus, c);
	}
	ct_allcore_plan(a, &t, &cpus, 0);
	ct_topo_free(&t);
	snprintf(cli->what, sizeof(cli->what), "all-core, %zu threads", a->n);
	return 1;
}

void ct_cli_isa_init(struct ct_cli_isa *ci)
{
	memset(ci, 0, sizeof(*ci));
}

int ct_cli_isa_option(struct ct_cli_isa *ci, int c, const char *arg)
{
	switch (c) {
	case CT_OPT_ALL_ISA:
		ci->all = 1;
		return 1;
	case CT_OPT_ISA:
		ci->req = arg;
		return 1;
	case CT_OPT_LIST_ISA:
		ci->list = 1;
		return 1;
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
	for (i = 0; i < CT_ISA_COUNT; i++)
		if (ct_isa_usable((enum ct_isa)i))
			isas[n++] = (enum ct_isa)i;
	return n;
}

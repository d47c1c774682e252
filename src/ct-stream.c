/*
 * ct-stream - single-stream read bandwidth for one ISA or every usable
 * one, over an array larger than every cache or a sweep of sizes through
 * the cache levels, each sample verified and divided by the cycles the
 * add-chain brackets say it took.  The kernels, the array, the choice of
 * ISA and prefetch, and the verification are in libct
 * (src/include/ct/stream.h), shared with ct-place.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/cli.h"
#include "ct/common.h"
#include "ct/cpuset.h"
#include "ct/harness.h"
#include "ct/isa.h"
#include "ct/machine.h"
#include "ct/out.h"
#include "ct/parse.h"
#include "ct/stream.h"
#include "ct/stream-out.h"

#define MAX_SIZES 64

static void usage(void)
{
	printf("Usage: %s [options]\n"
	       "\n"
	       "Measure single-stream read bandwidth: a sum of 64-bit words, one add per\n"
	       "load, over an array larger than every cache or a sweep of sizes, every\n"
	       "sample verified, in GB/s on the wall and thread CPU time bases and in bytes\n"
	       "per cycle.\n"
	       "\n"
	       "Options:\n"
	       "  -s, --size SIZE[,SIZE...]\n"
	       "                       array sizes to run, one table row and one record set\n"
	       "                       each (K, M, G suffixes; A..B: every power of two from\n"
	       "                       A to B; default max(64M, 4 x the largest cache), 16M\n"
	       "                       with -q)\n"
	       "      --small-pages    refuse transparent huge pages for the array\n"
	       CT_CLI_ISA_HELP
	       CT_CLI_HELP_NO_S
	       "\n"
	       "Environment: CT_ISA, REPS, QUICK.  See ct-stream(1) and coretype(7).\n",
	       ct_progname());
}

static int pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* Parse one size and check it; a usage error names tok. */
static uint64_t parse_one(const char *tok)
{
	char why[128];
	const char *pwhy;
	uint64_t v;

	if (ct_parse_size(tok, 0, UINT64_MAX, &v, &pwhy) < 0)
		ct_usage_error("invalid --size '%s': %s", tok, pwhy);
	if (ct_stream_size_ok(v, why, sizeof(why)) < 0)
		ct_usage_error("invalid --size '%s': %s", tok, why);
	return v;
}

/*
 * Parse and check every size of the list before anything is allocated:
 * SIZE, or A..B for A, 2A, 4A, ... B (both powers of two, A <= B).
 */
static size_t parse_sizes(const char *arg, uint64_t *sizes)
{
	char *list = ct_xstrdup(arg), *tok, *next, *dots;
	size_t n = 0;

	for (tok = list;; tok = next + 1) {
		uint64_t lo, hi, v;

		next = strchr(tok, ',');
		if (next)
			*next = '\0';
		if (*tok == '\0')
			ct_usage_error("invalid --size '%s': an empty size", arg);
		dots = strstr(tok, "..");
		if (!dots) {
			if (n == MAX_SIZES)
				ct_usage_error("invalid --size '%s': more than %d sizes", arg, MAX_SIZES);
			sizes[n++] = parse_one(tok);
		} else {
			*dots = '\0';
			if (*tok == '\0' || dots[2] == '\0')
				ct_usage_error("invalid --size '%s..%s': a range needs both ends",
					       tok, dots + 2);
			lo = parse_one(tok);
			hi = parse_one(dots + 2);
			if (!pow2(lo) || !pow2(hi))
				ct_usage_error("invalid --size '%s..%s': the ends of a range are "
					       "powers of two", tok, dots + 2);
			if (lo > hi)
				ct_usage_error("invalid --size '%s..%s': the range runs backwards",
					       tok, dots + 2);
			for (v = lo;; v <<= 1) {
				if (n == MAX_SIZES)
					ct_usage_error("invalid --size '%s': more than %d sizes", arg,
						       MAX_SIZES);
				sizes[n++] = v;
				if (v == hi)
					break;
			}
		}
		if (!next)
			break;
	}
	free(list);
	return n;
}

/*
 * Why this ISA for an array in level; isas[0] becomes the rule's choice
 * when nothing asked for one, chosen (ct_cli_isa_finish()'s) otherwise.
 */
static void choose_isa(const struct ct_cli_isa *ci, enum ct_isa chosen, const char *level,
		       enum ct_isa *isas, char *reason, size_t len)
{
	if (ci->all)
		snprintf(reason, len, "--all-isa: every usable ISA");
	else
		isas[0] = ct_stream_isa_pick(ci->req, chosen, level, reason, len);
}

int main(int argc, char **argv)
{
	enum { OPT_SMALL_PAGES = 0x200 };
	static const struct option longopts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "small-pages", no_argument, NULL, OPT_SMALL_PAGES },
		CT_CLI_ISA_LONGOPTS,
		CT_CLI_LONGOPTS_NO_S,
		{ NULL, 0, NULL, 0 }
	};
	struct ct_cli cli;
	struct ct_cli_isa ci;
	struct ct_harness h;
	struct ct_kernel k[CT_ISA_COUNT];
	struct ct_stream *ctx[CT_ISA_COUNT];
	struct ct_series ser[CT_ISA_COUNT];
	enum ct_isa isas[CT_ISA_COUNT];
	struct ct_machine m;
	struct ct_out out;
	struct ct_stream_table table;
	struct ct_cpuset cpus;
	struct ct_stream_caches caches;
	struct ct_stream_info in;
	uint64_t sizes[MAX_SIZES];
	const char *size_arg = NULL;
	unsigned flags = 0;
	char reason[160], isa_reason[200], why[512];
	enum ct_isa chosen;
	size_t nisa, nsize, i, z;
	int c, quick, rc;

	ct_init(argv);
	ct_cli_init(&cli);
	ct_cli_isa_init(&ci);
	while ((c = getopt_long(argc, argv, "s:" CT_CLI_SHORTOPTS_NO_S, longopts, NULL)) != -1) {
		if (c == 's')
			size_arg = optarg;
		else if (c == OPT_SMALL_PAGES)
			flags |= CT_STREAM_SMALL_PAGES;
		else if (!ct_cli_isa_option(&ci, c, optarg) &&
			 !ct_cli_option(&cli, c, optarg, usage))
			ct_usage_error("unhandled option");
	}
	ct_cli_finish(&cli, &h, argc, argv);
	/*
	 * A call reads whole passes of at least CT_STREAM_CALL_BYTES, however
	 * small the array: no option sets its length, so the floor (floor.h)
	 * is not held against it (a QUICK call from L1 is about 100 us).
	 */
	h.floor_ns = 0;
	nisa = ct_cli_isa_finish(&ci, isas);
	chosen = isas[0];
	quick = cli.quick || ct_env_quick();
	if (quick)
		flags |= CT_STREAM_QUICK;
	reason[0] = '\0';
	/* The caches of the cpu it is pinned to, or of every cpu. */
	ct_cpuset_zero(&cpus);
	if (cli.cpu >= 0)
		ct_cpuset_set(&cpus, cli.cpu);
	ct_stream_caches(cli.cpu >= 0 ? &cpus : NULL, &caches);
	if (size_arg) {
		nsize = parse_sizes(size_arg, sizes);
		snprintf(reason, sizeof(reason), "requested");
	} else {
		sizes[0] = ct_stream_default_size(cli.cpu >= 0 ? &cpus : NULL, quick, reason,
						  sizeof(reason));
		nsize = 1;
	}
	table.caches = &caches;
	table.size_reason = reason;
	table.placement = cli.placement;
	ct_stream_table_begin(&table, stdout);

	for (z = 0; z < nsize; z++) {
		/* The rule's ISA by the level this size falls in. */
		choose_isa(&ci, chosen, ct_stream_level(sizes[z], &caches), isas, isa_reason,
			   sizeof(isa_reason));
		/* One array per size, read by the kernel of every ISA. */
		ctx[0] = ct_stream_new(isas[0], sizes[z], reason, flags, &k[0]);
		for (i = 1; i < nisa; i++)
			ctx[i] = ct_stream_share(ctx[0], isas[i], &k[i]);
		for (i = 0; i < nisa; i++)
			ct_stream_set_isa_reason(ctx[i], isa_reason);
		/*
		 * Nothing on stdout until the first array is there: then a
		 * table's machine lines (JSON's machine record waits for the
		 * end, ct_out_start()).
		 */
		if (z == 0) {
			ct_machine_describe(&m);
			ct_out_begin(&out, stdout, cli.fmt, "ct-stream", cli.samples);
			ct_out_start(&out, &m);
		}
		if ((rc = ct_harness_run(&h, k, nisa, ser, why, sizeof(why))) < 0)
			ct_cli_harness_failed(rc, why, "");
		ct_machine_note(&m, cli.placement, ser, nisa);
		/* A table: each size's own tables with --samples, the sweep at the end. */
		if (cli.fmt != CT_FMT_TABLE || cli.samples) {
			if (cli.fmt == CT_FMT_TABLE) {
				ct_stream_info(ctx[0], &in);
				printf("\narray:    %" PRIu64 " bytes (%s, %s); %" PRIu64 " pass%s per sample\n",
				       in.bytes, in.reason, in.level, in.passes, in.passes == 1 ? "" : "es");
			}
			for (i = 0; i < nisa; i++)
				ct_out_series(&out, cli.placement, &ser[i]);
			ct_out_end(&out);
		}
		if (cli.fmt == CT_FMT_TABLE)
			ct_stream_table_add(&table, ctx, isas, ser, nisa, isa_reason);
		ct_series_free(ser, nisa);
		for (i = nisa; i-- > 0;)
			ct_stream_free(ctx[i]);
	}
	ct_machine_finish(&m, 1);
	ct_out_finish(&out, &m);
	if (cli.fmt == CT_FMT_TABLE)
		ct_stream_table_end(&table, &m);
	return CT_EXIT_OK;
}

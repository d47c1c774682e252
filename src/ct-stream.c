/*
 * ct-stream - single-stream memory read bandwidth for one ISA or every
 * usable one, over an array larger than every cache (or a sweep of
 * sizes), each sample verified and divided by the cycles the add-chain
 * brackets say it took.  The kernels, the array and the verification are
 * in libct (src/include/ct/stream.h), shared with ct-place.
 */
#include "config.h"

#include <err.h>
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

#define MAX_SIZES 64

static void usage(void)
{
	printf("Usage: %s [options]\n"
	       "\n"
	       "Measure single-stream memory read bandwidth: a 64-bit sum of 32-bit values\n"
	       "over an array larger than every cache, every sample verified, in GB/s on\n"
	       "the wall and thread CPU time bases and in bytes per cycle.\n"
	       "\n"
	       "Options:\n"
	       "  -s, --size SIZE[,SIZE...]\n"
	       "                       array sizes to run, one record set each (K, M, G\n"
	       "                       suffixes; default max(64M, 4 x the largest cache),\n"
	       "                       16M with -q)\n"
	       "      --small-pages    refuse transparent huge pages for the array\n"
	       CT_CLI_ISA_HELP
	       CT_CLI_HELP_NO_S
	       "\n"
	       "Environment: CT_ISA, REPS, QUICK.  See ct-stream(1) and coretype(7).\n",
	       ct_progname());
}

/* Parse and check every size of the list before anything is allocated. */
static size_t parse_sizes(const char *arg, uint64_t *sizes)
{
	char *list = ct_xstrdup(arg), *tok, *next;
	char why[128];
	const char *pwhy;
	size_t n = 0;

	for (tok = list;; tok = next + 1) {
		next = strchr(tok, ',');
		if (next)
			*next = '\0';
		if (*tok == '\0')
			ct_usage_error("invalid --size '%s': an empty size", arg);
		if (n == MAX_SIZES)
			ct_usage_error("invalid --size '%s': more than %d sizes", arg, MAX_SIZES);
		if (ct_parse_size(tok, 0, UINT64_MAX, &sizes[n], &pwhy) < 0)
			ct_usage_error("invalid --size '%s': %s", tok, pwhy);
		if (ct_stream_size_ok(sizes[n], why, sizeof(why)) < 0)
			ct_usage_error("invalid --size '%s': %s", tok, why);
		n++;
		if (!next)
			break;
	}
	free(list);
	return n;
}

static void table_header(const struct ct_stream *s, const enum ct_isa *isas,
			 size_t nisa, unsigned reps)
{
	struct ct_stream_info in;
	struct ct_stream_shape sh;
	size_t i;

	ct_stream_info(s, &in);
	printf("\narray:    %" PRIu64 " bytes (%s); %" PRIu64 " pass%s per sample, %u reps\n",
	       in.bytes, in.reason, in.passes, in.passes == 1 ? "" : "es", reps);
	if (in.huge_pct < 0)
		printf("pages:    THP %s, huge pages %s; the OS does not say which back the array\n",
		       in.thp, in.huge_asked ? "asked for" : "refused");
	else
		printf("pages:    THP %s, huge pages %s; %.0f%% of the array on huge pages\n",
		       in.thp, in.huge_asked ? "asked for" : "refused", in.huge_pct);
	for (i = 0; i < nisa; i++) {
		ct_stream_shape_of(isas[i], &sh);
		printf("kernel:   stream %-6s %2u-byte loads, %u accumulators, %s, "
		       "prefetch %u bytes ahead\n",
		       ct_isa_name(isas[i]), sh.load_bytes, sh.accumulators, sh.insn, sh.prefetch);
	}
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
	struct ct_cpuset cpus;
	uint64_t sizes[MAX_SIZES];
	const char *size_arg = NULL;
	unsigned flags = 0;
	char reason[160], why[512];
	FILE *json = NULL;
	char *jbuf = NULL;
	size_t jlen = 0;
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
	nisa = ct_cli_isa_finish(&ci, isas);
	quick = cli.quick || ct_env_quick();
	if (quick)
		flags |= CT_STREAM_QUICK;
	reason[0] = '\0';
	if (size_arg) {
		nsize = parse_sizes(size_arg, sizes);
		snprintf(reason, sizeof(reason), "requested");
	} else {
		/* The caches of the cpu it is pinned to, or of every cpu. */
		ct_cpuset_zero(&cpus);
		if (cli.cpu >= 0)
			ct_cpuset_set(&cpus, cli.cpu);
		sizes[0] = ct_stream_default_size(cli.cpu >= 0 ? &cpus : NULL, quick, reason,
						  sizeof(reason));
		nsize = 1;
	}

	for (z = 0; z < nsize; z++) {
		/* One array per size, read by the kernel of every ISA. */
		ctx[0] = ct_stream_new(isas[0], sizes[z], reason, flags, &k[0]);
		for (i = 1; i < nisa; i++)
			ctx[i] = ct_stream_share(ctx[0], isas[i], &k[i]);
		/*
		 * Nothing on stdout until the first array is there.  JSON
		 * waits for the end: its machine record comes first and holds
		 * the load after the last sample.
		 */
		if (z == 0) {
			ct_machine_describe(&m);
			if (cli.fmt == CT_FMT_JSON && !(json = open_memstream(&jbuf, &jlen)))
				err(CT_EXIT_FAIL, "open_memstream");
			ct_out_begin(&out, json ? json : stdout, cli.fmt, "ct-stream", cli.samples);
			if (!json)
				ct_out_machine(&out, &m);
		}
		if ((rc = ct_harness_run(&h, k, nisa, ser, why, sizeof(why))) < 0)
			ct_cli_harness_failed(rc, why, "raise --size");
		ct_machine_note(&m, cli.placement, ser, nisa);
		if (cli.fmt == CT_FMT_TABLE) {
			if (z > 0)
				ct_out_begin(&out, stdout, cli.fmt, "ct-stream", cli.samples);
			table_header(ctx[0], isas, nisa, ser[0].n);
		}
		for (i = 0; i < nisa; i++)
			ct_out_series(&out, cli.placement, &ser[i]);
		if (cli.fmt == CT_FMT_TABLE)
			ct_out_end(&out);
		/* Written before the next size runs: a long sweep shows progress. */
		fflush(stdout);
		ct_series_free(ser, nisa);
		for (i = nisa; i-- > 0;)
			ct_stream_free(ctx[i]);
	}
	if (cli.fmt != CT_FMT_TABLE)
		ct_out_end(&out);
	ct_machine_finish(&m, 1);
	if (json) {
		if (fclose(json) != 0)
			err(CT_EXIT_FAIL, "open_memstream");
		ct_out_begin(&out, stdout, cli.fmt, "ct-stream", cli.samples);
		ct_out_machine(&out, &m);
		fwrite(jbuf, 1, jlen, stdout);
		free(jbuf);
	} else if (cli.fmt == CT_FMT_TABLE) {
		/* The header was written before the first size ran. */
		printf("\nload:     %s\n", ct_machine_load_text(&m, why, sizeof(why)));
	}
	return CT_EXIT_OK;
}

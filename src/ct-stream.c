/*
 * ct-stream - single-stream read bandwidth for one ISA or every usable
 * one, over an array larger than every cache or a sweep of sizes through
 * the cache levels, each sample verified and divided by the cycles the
 * add-chain brackets say it took.  The kernels, the array, the choice of
 * ISA and prefetch, and the verification are in libct
 * (src/include/ct/stream.h), shared with ct-place.
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

static const char *const sweep_cols[] = {
	"size", "level", "isa", "prefetch", "GB/s", "cv%", "byte/cycle",
	"cpu GB/s", "cpu cv%", "share", "huge%", "verified",
};

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

/* "16 KiB", "1.5 MiB", "1 GiB": the largest binary unit it reaches. */
static char *human_size(uint64_t b, char *buf, size_t len)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)b;
	int u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	if (u == 0 || v == (double)(uint64_t)v)
		snprintf(buf, len, "%.0f %s", v, unit[u]);
	else
		snprintf(buf, len, "%.3g %s", v, unit[u]);
	return buf;
}

/*
 * The lines above the table: the ISAs the sizes ran (bit 1u << isa in
 * used), their kernels, and why: one reason, or one per level and ISA
 * (isa_notes, nnotes of them) when the reasons differ by level.
 */
static void table_header(unsigned used, char isa_notes[][200], size_t nnotes,
			 const char *isa_reason, unsigned reps, const struct ct_stream_caches *c)
{
	char b1[32], b2[32], b3[32];
	int i;
	size_t j;

	printf("\nisa:     ");
	for (i = 0; i < (int)CT_ISA_COUNT; i++)
		if (used & (1u << i))
			printf(" %s", ct_isa_name((enum ct_isa)i));
	if (nnotes == 0) {
		printf(" (%s)\n", isa_reason);
	} else {
		printf(", by the level of each size:\n");
		for (j = 0; j < nnotes; j++)
			printf("          %s\n", isa_notes[j]);
	}
	for (i = 0; i < (int)CT_ISA_COUNT; i++) {
		const struct ct_kernel_desc *d = ct_stream_desc((enum ct_isa)i);

		if (!(used & (1u << i)))
			continue;
		printf("kernel:   %s %-6s %2u-byte loads, %u accumulators, %s, %u bytes an "
		       "iteration%s\n", d->kernel, d->isa, d->load_bytes, d->accumulators,
		       d->insn, d->bytes, d->fn_pf ? "; a prefetching loop beside it" : "");
	}
	printf("caches:   L1d %s, L2 %s, L3 %s (the level of a size: the smallest that holds it)\n",
	       c->bytes[1] ? human_size(c->bytes[1], b1, sizeof(b1)) : "unknown",
	       c->bytes[2] ? human_size(c->bytes[2], b2, sizeof(b2)) : "unknown",
	       c->bytes[3] ? human_size(c->bytes[3], b3, sizeof(b3)) : "unknown");
	printf("samples:  %u reps per size and ISA; GB/s (10^9 bytes/s) and byte/cycle are wall-basis "
	       "medians, cpu GB/s the thread CPU time basis\n", reps);
}

/* The marks the sweep's cells used, for its footnotes (ct_out_footnotes). */
static unsigned sweep_marks;

/* One row of the sweep table: a size and ISA, both bases. */
static void sweep_row(struct ct_table *t, const struct ct_stream *cs, const struct ct_series *ser)
{
	struct ct_stream_info in;
	struct ct_summary w, c;
	char size[32], pf[32], gbs[32], cv[32], bpc[32], cgbs[32], ccv[32], share[32], huge[32];
	const char *cells[CT_ARRAY_SIZE(sweep_cols)];

	ct_stream_info(cs, &in);
	ct_summarize(ser, CT_BASIS_WALL, &w);
	ct_summarize(ser, CT_BASIS_CPU, &c);
	human_size(in.bytes, size, sizeof(size));
	snprintf(pf, sizeof(pf), in.prefetch ? "%u" : "none", in.prefetch);
	snprintf(gbs, sizeof(gbs), "%.4g", w.rate.median);
	snprintf(cv, sizeof(cv), "%.2f", w.rate.cv_pct);
	ct_out_per_cycle_cell(bpc, sizeof(bpc), &w, 0, 3, &sweep_marks);
	snprintf(cgbs, sizeof(cgbs), "%.4g", c.rate.median);
	snprintf(ccv, sizeof(ccv), "%.2f", c.rate.cv_pct);
	ct_out_share_cell(share, sizeof(share), &w, &sweep_marks);
	if (in.huge_pct < 0)
		snprintf(huge, sizeof(huge), "-");
	else
		snprintf(huge, sizeof(huge), "%.0f", in.huge_pct);
	cells[0] = size;
	cells[1] = in.level;
	cells[2] = ser->k->isa;
	cells[3] = pf;
	cells[4] = gbs;
	cells[5] = cv;
	cells[6] = bpc;
	cells[7] = cgbs;
	cells[8] = ccv;
	cells[9] = share;
	cells[10] = huge;
	cells[11] = w.verified && c.verified ? "yes" : "NO";
	ct_table_add(t, cells);
}

/* Add reason to the distinct reasons kept in list[*n] (at most max). */
static void note_reason(char list[][200], size_t *n, size_t max, const char *level,
			const char *isa, const char *reason)
{
	char line[200];
	size_t i;

	snprintf(line, sizeof(line), "%s %s: %s", level, isa, reason);
	for (i = 0; i < *n; i++)
		if (strcmp(list[i], line) == 0)
			return;
	if (*n < max)
		snprintf(list[(*n)++], sizeof(list[0]), "%s", line);
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
	struct ct_cpuset cpus;
	struct ct_stream_caches caches;
	struct ct_stream_info in;
	struct ct_table *sweep = NULL;
	uint64_t sizes[MAX_SIZES];
	const char *size_arg = NULL;
	unsigned flags = 0, reps = 0;
	char reason[160], isa_reason[200], why[512];
	char notes[2 * MAX_SIZES * CT_ISA_COUNT][200];
	char isa_notes[MAX_SIZES * CT_ISA_COUNT][200];
	size_t nnotes = 0, nisa_notes = 0;
	unsigned used = 0;
	enum ct_isa chosen;
	char first_reason[200] = "";
	int mixed = 0;
	FILE *json = NULL;
	char *jbuf = NULL;
	size_t jlen = 0;
	size_t nisa, nsize, i, z;
	int c, quick, rc, huge_asked = 1;
	char thp[32] = "none";

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
	if (cli.fmt == CT_FMT_TABLE)
		sweep = ct_table_new(sweep_cols, (int)CT_ARRAY_SIZE(sweep_cols));

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
			ct_cli_harness_failed(rc, why, "");
		ct_machine_note(&m, cli.placement, ser, nisa);
		ct_stream_info(ctx[0], &in);
		huge_asked = in.huge_asked;
		snprintf(thp, sizeof(thp), "%s", in.thp);
		if (ser[0].n > reps)
			reps = ser[0].n;
		if (cli.fmt == CT_FMT_TABLE) {
			/* --samples: each size's own tables, the sweep at the end. */
			if (cli.samples) {
				if (z > 0)
					ct_out_begin(&out, stdout, cli.fmt, "ct-stream", cli.samples);
				printf("\narray:    %" PRIu64 " bytes (%s, %s); %" PRIu64 " pass%s per sample\n",
				       in.bytes, in.reason, in.level, in.passes, in.passes == 1 ? "" : "es");
				for (i = 0; i < nisa; i++)
					ct_out_series(&out, cli.placement, &ser[i]);
				ct_out_end(&out);
			}
			for (i = 0; i < nisa; i++) {
				struct ct_stream_info ii;

				sweep_row(sweep, ctx[i], &ser[i]);
				ct_stream_info(ctx[i], &ii);
				used |= 1u << isas[i];
				note_reason(isa_notes, &nisa_notes, CT_ARRAY_SIZE(isa_notes), ii.level,
					    ct_isa_name(isas[i]), isa_reason);
				if (!first_reason[0])
					snprintf(first_reason, sizeof(first_reason), "%s", isa_reason);
				else if (strcmp(first_reason, isa_reason) != 0)
					mixed = 1;
				note_reason(notes, &nnotes, CT_ARRAY_SIZE(notes), ii.level,
					    ct_isa_name(isas[i]), ii.prefetch_reason);
			}
		} else {
			for (i = 0; i < nisa; i++)
				ct_out_series(&out, cli.placement, &ser[i]);
		}
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
		table_header(used, isa_notes, mixed ? nisa_notes : 0, isa_reason, reps, &caches);
		printf("array:    %s; THP %s, huge pages %s; placement %s\n", reason, thp,
		       huge_asked ? "asked for" : "refused", cli.placement);
		printf("\n");
		ct_table_print(sweep, stdout);
		ct_table_free(sweep);
		/* The sweep stood for the per-size table ct_out_begin() set up. */
		ct_out_discard(&out);
		ct_out_footnotes(stdout, "", sweep_marks & ~(unsigned)CT_MARK_IMPRECISE, 0);
		printf("\nprefetch: ");
		for (i = 0; i < nnotes; i++)
			printf("%s%s\n", i ? "          " : "", notes[i]);
		/* The header was written before the first size ran. */
		printf("\nload:     %s\n", ct_machine_load_text(&m, why, sizeof(why)));
		for (i = 0; i < m.nwarnings; i++)
			printf("warning:  %s\n", m.warnings[i]);
	}
	return CT_EXIT_OK;
}

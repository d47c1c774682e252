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

#include "ct/allcore.h"
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

/* The sweep table's columns; with several placements (-c), "placement" first. */
static const char *const sweep_cols[] = {
	"placement", "size", "level", "isa", "prefetch", "GB/s", "cv%", "byte/cycle",
	"cpu GB/s", "cpu cv%", "share", "huge%", "verified",
};

static const struct ct_opt_use opts[] = {
	{ CT_O_SIZE, NULL },
	{ CT_O_SMALL_PAGES, NULL },
	CT_CLI_ISA_OPTS,
	CT_CLI_OPTS
};

static void usage(void)
{
	printf("Usage: %s [options]\n"
	       "\n"
	       "Measure single-stream read bandwidth: a sum of 64-bit words, one add per\n"
	       "load, over an array larger than every cache or a sweep of sizes, every\n"
	       "sample verified, in GB/s on the wall and thread CPU time bases and in bytes\n"
	       "per cycle.  With --threads, every thread reads its own array.\n"
	       "\n"
	       "Options:\n", ct_progname());
	ct_opts_help(stdout, opts, CT_ARRAY_SIZE(opts));
	printf("\n"
	       "Environment: CT_ISA, REPS, QUICK.  See ct-stream(1) and coretype(7).\n");
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
	size_t j;
	int i;

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

/*
 * One row of the sweep table: a size and ISA, both bases; the placement
 * first when the table has that column (placement not NULL).
 */
static void sweep_row(struct ct_table *t, const char *placement, const struct ct_stream *cs,
		      const struct ct_series *ser)
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
	cells[0] = placement;
	cells[1] = size;
	cells[2] = in.level;
	cells[3] = ser->k->isa;
	cells[4] = pf;
	cells[5] = gbs;
	cells[6] = cv;
	cells[7] = bpc;
	cells[8] = cgbs;
	cells[9] = ccv;
	cells[10] = share;
	cells[11] = huge;
	cells[12] = w.verified && c.verified ? "yes" : "NO";
	ct_table_add(t, placement ? cells : cells + 1);
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

/* The bits (1u << isa) of isas[n]. */
static unsigned isa_bits(const enum ct_isa *isas, size_t n)
{
	unsigned b = 0;

	while (n-- > 0)
		b |= 1u << isas[n];
	return b;
}

/* What each thread of --threads builds for itself: its own array. */
struct stream_arg {
	enum ct_isa isa;
	uint64_t bytes;
	const char *reason;		/* why this size */
	const char *isa_reason;
	unsigned flags;
};

static void *make_stream(void *arg, struct ct_kernel *k)
{
	const struct stream_arg *sa = arg;
	struct ct_stream *s = ct_stream_new(sa->isa, sa->bytes, sa->reason, sa->flags, k);

	ct_stream_set_isa_reason(s, sa->isa_reason);
	return s;
}

static void free_stream(void *state)
{
	ct_stream_free(state);
}

struct stream_header {
	const enum ct_isa *isas;
	size_t nisa;
	const char *isa_reason;
	const struct ct_stream_caches *caches;
	uint64_t bytes;
	const char *reason;
	unsigned reps;
};

static void stream_header(const struct ct_allcore *a, void *arg)
{
	const struct stream_header *sh = arg;
	char size[32];

	table_header(isa_bits(sh->isas, sh->nisa), NULL, 0, sh->isa_reason, sh->reps, sh->caches);
	printf("array:    %s per thread and ISA (%s), %zu threads; a call reads it whole "
	       "passes\n", human_size(sh->bytes, size, sizeof(size)), sh->reason, a->n);
}

/*
 * --threads: every thread's read bandwidth beside one thread alone, each
 * thread over its own array (made on its cpu, so first touched there),
 * one per ISA.  Every array together must fit in memory.
 */
static int all_core(struct ct_cli *cli, struct ct_harness *h, struct ct_allcore *a,
		    const enum ct_isa *isas, size_t nisa, const char *isa_reason,
		    const struct ct_stream_caches *caches, uint64_t bytes, const char *reason,
		    unsigned flags)
{
	struct ct_allcore_kernel ak[CT_ISA_COUNT];
	struct stream_arg sa[CT_ISA_COUNT];
	struct stream_header sh = { isas, nisa, isa_reason, caches, bytes, reason, h->reps };
	char why[128];
	size_t i;

	if (bytes > UINT64_MAX / a->n / nisa ||
	    ct_stream_size_ok(bytes * a->n * nisa, why, sizeof(why)) < 0)
		ct_usage_error("invalid --size: %zu threads x %zu ISA%s x %" PRIu64 " bytes: %s",
			       a->n, nisa, nisa == 1 ? "" : "s", bytes,
			       bytes > UINT64_MAX / a->n / nisa ? "too large" : why);
	for (i = 0; i < nisa; i++) {
		sa[i].isa = isas[i];
		sa[i].bytes = bytes;
		sa[i].reason = reason;
		sa[i].isa_reason = isa_reason;
		sa[i].flags = flags;
		ak[i].make = make_stream;
		ak[i].destroy = free_stream;
		ak[i].arg = &sa[i];
	}
	return ct_allcore_report(a, h, ak, nisa, cli, "ct-stream", stream_header, &sh);
}

/* A run over placements (rows) and sizes: what every row reads and adds to. */
struct run {
	/* The settings. */
	const struct ct_cli *cli;
	const struct ct_harness *h;
	const struct ct_cli_isa *ci;
	enum ct_isa chosen;		/* ct_cli_isa_finish()'s */
	enum ct_isa *isas;		/* isas[0] chosen again for each size */
	size_t nisa;
	const uint64_t *sizes;
	size_t nsize;
	const char *reason;		/* why these sizes */
	const struct ct_stream_caches *caches;
	unsigned flags;
	int several;			/* more than one row: the sweep names each */
	/* The results so far. */
	size_t row;			/* the row running, 0-based */
	const char *placement;
	struct ct_machine m;
	struct ct_out out;
	FILE *json;			/* the records held back until the end */
	char *jbuf;
	size_t jlen;
	struct ct_table *sweep;
	char notes[2 * MAX_SIZES * CT_ISA_COUNT][200];
	size_t nnotes;
	char isa_reason[200];		/* the size running */
	char isa_notes[MAX_SIZES * CT_ISA_COUNT][200];
	size_t nisa_notes;
	unsigned used;			/* the ISAs that ran, 1u << isa */
	char first_reason[200];
	int mixed;			/* the ISA reasons differ by size */
	unsigned reps;
	int huge_asked;
	char thp[32];
};

/*
 * One row: every size at the row's placement, on its thread (pinned to
 * its cpu), so that each array is made and first touched there.
 */
static void run_row(void *arg)
{
	struct run *u = arg;
	const struct ct_cli *cli = u->cli;
	struct ct_kernel k[CT_ISA_COUNT];
	struct ct_stream *ctx[CT_ISA_COUNT];
	struct ct_series ser[CT_ISA_COUNT];
	struct ct_stream_info in;
	char why[512];
	size_t i, z;
	int rc, first;

	for (z = 0; z < u->nsize; z++) {
		first = u->row == 0 && z == 0;
		/* The rule's ISA by the level this size falls in. */
		choose_isa(u->ci, u->chosen, ct_stream_level(u->sizes[z], u->caches), u->isas,
			   u->isa_reason, sizeof(u->isa_reason));
		/* One array per size, read by the kernel of every ISA. */
		ctx[0] = ct_stream_new(u->isas[0], u->sizes[z], u->reason, u->flags, &k[0]);
		for (i = 1; i < u->nisa; i++)
			ctx[i] = ct_stream_share(ctx[0], u->isas[i], &k[i]);
		for (i = 0; i < u->nisa; i++)
			ct_stream_set_isa_reason(ctx[i], u->isa_reason);
		/*
		 * Nothing on stdout until the first array is there.  JSON
		 * waits for the end: its machine record comes first and holds
		 * the load after the last sample.
		 */
		if (first) {
			ct_machine_describe(&u->m);
			if (cli->fmt == CT_FMT_JSON &&
			    !(u->json = open_memstream(&u->jbuf, &u->jlen)))
				err(CT_EXIT_FAIL, "open_memstream");
			ct_out_begin(&u->out, u->json ? u->json : stdout, cli->fmt, "ct-stream",
				     cli->samples);
			if (!u->json)
				ct_out_machine(&u->out, &u->m);
		}
		if ((rc = ct_harness_run(u->h, k, u->nisa, ser, why, sizeof(why))) < 0)
			ct_cli_harness_failed(rc, why, "");
		ct_machine_note(&u->m, u->placement, ser, u->nisa);
		ct_stream_info(ctx[0], &in);
		u->huge_asked = in.huge_asked;
		snprintf(u->thp, sizeof(u->thp), "%s", in.thp);
		if (ser[0].n > u->reps)
			u->reps = ser[0].n;
		if (cli->fmt == CT_FMT_TABLE) {
			/* --samples: each size's own tables, the sweep at the end. */
			if (cli->samples) {
				if (!first)
					ct_out_begin(&u->out, stdout, cli->fmt, "ct-stream", cli->samples);
				printf("\narray:    %" PRIu64 " bytes (%s, %s); %" PRIu64 " pass%s per "
				       "sample\n", in.bytes, in.reason, in.level, in.passes,
				       in.passes == 1 ? "" : "es");
				for (i = 0; i < u->nisa; i++)
					ct_out_series(&u->out, u->placement, &ser[i]);
				ct_out_end(&u->out);
			}
			for (i = 0; i < u->nisa; i++) {
				struct ct_stream_info ii;

				sweep_row(u->sweep, u->several ? u->placement : NULL, ctx[i], &ser[i]);
				ct_stream_info(ctx[i], &ii);
				u->used |= 1u << u->isas[i];
				note_reason(u->isa_notes, &u->nisa_notes, CT_ARRAY_SIZE(u->isa_notes),
					    ii.level, ct_isa_name(u->isas[i]), u->isa_reason);
				if (!u->first_reason[0])
					snprintf(u->first_reason, sizeof(u->first_reason), "%s",
						 u->isa_reason);
				else if (strcmp(u->first_reason, u->isa_reason) != 0)
					u->mixed = 1;
				note_reason(u->notes, &u->nnotes, CT_ARRAY_SIZE(u->notes), ii.level,
					    ct_isa_name(u->isas[i]), ii.prefetch_reason);
			}
		} else {
			for (i = 0; i < u->nisa; i++)
				ct_out_series(&u->out, u->placement, &ser[i]);
		}
		ct_series_free(ser, u->nisa);
		for (i = u->nisa; i-- > 0;)
			ct_stream_free(ctx[i]);
	}
}

int main(int argc, char **argv)
{
	static struct run u;
	struct ct_getopt g;
	struct ct_cli cli;
	struct ct_cli_isa ci;
	struct ct_allcore a;
	struct ct_harness h;
	enum ct_isa isas[CT_ISA_COUNT];
	struct ct_cpuset cpus;
	struct ct_stream_caches caches;
	uint64_t sizes[MAX_SIZES];
	const char *size_arg = NULL;
	unsigned flags = 0;
	char reason[160], isa_reason[200], why[512], places[256] = "";
	enum ct_isa chosen;
	size_t nisa, nsize = 1, nrows, i, r;
	int c, quick, allcore;

	ct_init(argv);
	ct_cli_init(&cli);
	ct_cli_isa_init(&ci);
	ct_getopt_init(&g, 0);
	ct_getopt_add(&g, opts, CT_ARRAY_SIZE(opts));
	while ((c = ct_getopt_next(&g, argc, argv)) != -1) {
		if (c == 'b')
			size_arg = optarg;
		else if (c == CT_OPT_SMALL_PAGES)
			flags |= CT_STREAM_SMALL_PAGES;
		else if (!ct_cli_isa_option(&ci, c, optarg) &&
			 !ct_cli_option(&cli, c, optarg, usage))
			ct_usage_error("unhandled option");
	}
	/* Every size is checked before anything is planned or allocated. */
	if (size_arg)
		nsize = parse_sizes(size_arg, sizes);
	allcore = ct_cli_finish(&cli, &h, argc, argv, &a);
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
	/* The caches of the cpus it runs on (-c, -k, --threads), or of every cpu. */
	cpus = allcore ? a.cpus : cli.cpus;
	ct_stream_caches(ct_cpuset_empty(&cpus) ? NULL : &cpus, &caches);
	if (size_arg)
		snprintf(reason, sizeof(reason), "requested");
	else
		sizes[0] = ct_stream_default_size(ct_cpuset_empty(&cpus) ? NULL : &cpus, quick,
						  reason, sizeof(reason));
	if (allcore) {
		if (nsize > 1)
			ct_usage_error("--threads takes one --size, not %zu", nsize);
		choose_isa(&ci, chosen, ct_stream_level(sizes[0], &caches), isas, isa_reason,
			   sizeof(isa_reason));
		return all_core(&cli, &h, &a, isas, nisa, isa_reason, &caches, sizes[0], reason,
				flags);
	}

	nrows = ct_cli_rows(&cli);
	u.cli = &cli;
	u.h = &h;
	u.ci = &ci;
	u.chosen = chosen;
	u.isas = isas;
	u.nisa = nisa;
	u.sizes = sizes;
	u.nsize = nsize;
	u.reason = reason;
	u.caches = &caches;
	u.flags = flags;
	u.several = nrows > 1;
	u.huge_asked = 1;
	snprintf(u.thp, sizeof(u.thp), "none");
	if (cli.fmt == CT_FMT_TABLE)
		u.sweep = ct_table_new(u.several ? sweep_cols : sweep_cols + 1,
				       (int)CT_ARRAY_SIZE(sweep_cols) - (u.several ? 0 : 1));
	/* Each placement (each cpu of -c) in turn. */
	for (r = 0; r < nrows; r++) {
		u.row = r;
		u.placement = cli.placement;
		ct_cli_run_row(&cli, r, run_row, &u);
		snprintf(places + strlen(places), sizeof(places) - strlen(places), "%s%s",
			 r ? ", " : "", cli.placement);
	}
	if (cli.fmt != CT_FMT_TABLE)
		ct_out_end(&u.out);
	ct_machine_finish(&u.m, 1);
	if (u.json) {
		if (fclose(u.json) != 0)
			err(CT_EXIT_FAIL, "open_memstream");
		ct_out_begin(&u.out, stdout, cli.fmt, "ct-stream", cli.samples);
		ct_out_machine(&u.out, &u.m);
		fwrite(u.jbuf, 1, u.jlen, stdout);
		free(u.jbuf);
	} else if (cli.fmt == CT_FMT_TABLE) {
		table_header(u.used, u.isa_notes, u.mixed ? u.nisa_notes : 0, u.isa_reason, u.reps,
			     &caches);
		printf("array:    %s; THP %s, huge pages %s; placement%s %s\n", reason, u.thp,
		       u.huge_asked ? "asked for" : "refused", u.several ? "s" : "", places);
		printf("\n");
		ct_table_print(u.sweep, stdout);
		ct_table_free(u.sweep);
		/* The sweep stood for the per-size table ct_out_begin() set up. */
		ct_out_discard(&u.out);
		ct_out_footnotes(stdout, "", sweep_marks & ~(unsigned)CT_MARK_IMPRECISE, 0);
		printf("\nprefetch: ");
		for (i = 0; i < u.nnotes; i++)
			printf("%s%s\n", i ? "          " : "", u.notes[i]);
		/* The header was written before the first size ran. */
		printf("\nload:     %s\n", ct_machine_load_text(&u.m, why, sizeof(why)));
		for (i = 0; i < u.m.nwarnings; i++)
			printf("warning:  %s\n", u.m.warnings[i]);
	}
	return CT_EXIT_OK;
}

/*
 * ct-stream - single-stream read bandwidth for one ISA or every usable
 * one, over an array larger than every cache or a sweep of sizes through
 * the cache levels, each sample verified and divided by the cycles the
 * add-chain brackets say it took.  The kernels, the array, the choice of
 * ISA and prefetch, and the verification are in libct
 * (src/lib/workloads/stream.h), shared with ct-place.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/allcore.h"
#include "tool/cli.h"
#include "core/common.h"
#include "core/cpuset.h"
#include "measure/harness.h"
#include "workloads/isa.h"
#include "measure/context.h"
#include "measure/report.h"
#include "core/parse.h"
#include "workloads/stream.h"
#include "workloads/stream-report.h"
#include "core/term.h"

#define MAX_SIZES 64

static const struct ct_opt_use opts[] = {
	{ CT_O_LOOP, NULL },
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
	       "Environment: CT_ISA, CT_STREAM_LOOP, REPS, QUICK.  See ct-stream(1) and coretype(7).\n");
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
	enum ct_stream_loop loop;	/* the choice made before the threads */
	uint64_t bytes;
	const char *reason;		/* why this size */
	const char *isa_reason;
	unsigned flags;
};

static void *make_stream(void *arg, struct ct_job *k)
{
	const struct stream_arg *sa = arg;
	struct ct_stream *s = ct_stream_new(sa->isa, sa->bytes, sa->reason, sa->flags, k);
	struct ct_stream_ask ask = { (int)sa->isa, "", (int)sa->loop, "" };

	ct_stream_choose(s, &ask, k);
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

static void stream_header(FILE *f, const struct ct_allcore *a, void *arg)
{
	const struct stream_header *sh = arg;

	ct_stream_header(f, isa_bits(sh->isas, sh->nisa), sh->isa_reason, sh->reps, sh->caches,
			 sh->bytes, sh->reason, a->n);
}

/*
 * --threads: every thread's read bandwidth beside one thread alone, each
 * thread over its own array (made on its cpu, so first touched there),
 * one per ISA.  Every array together must fit in memory.
 */
static int all_core(struct ct_cli *cli, struct ct_harness *h, struct ct_allcore *a,
		    const enum ct_isa *isas, const enum ct_stream_loop *loops, size_t nisa,
		    const char *isa_reason, const struct ct_stream_caches *caches, uint64_t bytes,
		    const char *reason, unsigned flags)
{
	struct ct_allcore_kernel ak[CT_ISA_COUNT];
	struct stream_arg sa[CT_ISA_COUNT];
	struct stream_header sh = { isas, nisa, isa_reason, caches, bytes, reason, h->reps };
	size_t i;

	for (i = 0; i < nisa; i++) {
		sa[i].isa = isas[i];
		sa[i].loop = loops[i];
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

/*
 * --threads: the reader is chosen once, here, before the threads start
 * (on this thread, over one array of the size), and every thread runs it.
 */
static int all_core_chosen(struct ct_cli *cli, struct ct_harness *h, struct ct_allcore *a,
			   const struct ct_stream_ask *ask, enum ct_isa *isas, size_t nisa,
			   const struct ct_stream_caches *caches, uint64_t bytes, const char *reason,
			   unsigned flags)
{
	enum ct_stream_loop loops[CT_ISA_COUNT];
	struct ct_stream_info in;
	struct ct_job k;
	char isa_reason[CT_STREAM_REASON_LEN], why[128];
	size_t i;
	int rc;

	/* Every array together within memory, before one is made. */
	if (bytes > UINT64_MAX / a->n / nisa ||
	    ct_stream_size_ok(bytes * a->n * nisa, why, sizeof(why)) < 0)
		ct_usage_error("invalid --size: %zu threads x %zu ISA%s x %" PRIu64 " bytes: %s",
			       a->n, nisa, nisa == 1 ? "" : "s", bytes,
			       bytes > UINT64_MAX / a->n / nisa ? "too large" : why);
	isa_reason[0] = '\0';
	for (i = 0; i < nisa; i++) {
		struct ct_stream_ask one = *ask;
		struct ct_stream *s = ct_stream_new(isas[i], bytes, reason, flags, &k);

		if (nisa > 1 || ask->isa >= 0) {
			one.isa = (int)isas[i];
			if (nisa > 1)
				snprintf(one.isa_how, sizeof(one.isa_how), "--all-isa");
		}
		ct_stream_choose(s, &one, &k);
		isas[i] = ct_stream_isa(s);
		loops[i] = ct_stream_loop(s);
		ct_stream_info(s, &in);
		if (i == 0)
			snprintf(isa_reason, sizeof(isa_reason), "%s", in.isa_reason);
		ct_stream_free(s);
	}
	rc = all_core(cli, h, a, isas, loops, nisa, nisa > 1 ? "--all-isa: every usable ISA" :
		      isa_reason, caches, bytes, reason, flags);
	return rc;
}

/* A run over placements (rows) and sizes: what every row reads and adds to. */
struct run {
	/* The settings (cli: and the progress line). */
	struct ct_cli *cli;
	const struct ct_harness *h;
	const struct ct_cli_isa *ci;
	enum ct_isa chosen;		/* ct_cli_isa_finish()'s */
	const struct ct_stream_ask *ask;	/* --isa, --loop: what is left to calibrate */
	enum ct_isa *isas;		/* isas[0] chosen again for each size */
	size_t nisa;
	const uint64_t *sizes;
	size_t nsize;
	const char *reason;		/* why these sizes */
	const struct ct_stream_caches *caches;
	unsigned flags;
	/* The results so far. */
	size_t row;			/* the row running, 0-based */
	const char *placement;
	struct ct_machine m;
	struct ct_out out;
	struct ct_stream_table table;	/* the sweep, for a table */
	FILE *tty;			/* stdout, or a table's lines fitted to it (term.h) */
};

/*
 * One row: every size at the row's placement, on its thread (pinned to
 * its cpu), so that each array is made and first touched there.
 */
static void run_row(void *arg)
{
	struct run *u = arg;
	struct ct_cli *cli = u->cli;
	struct ct_job k[CT_ISA_COUNT];
	struct ct_stream *ctx[CT_ISA_COUNT];
	struct ct_series ser[CT_ISA_COUNT];
	struct ct_stream_info in;
	struct ct_harness h;
	uint64_t busy;
	char why[512];
	size_t i, z;
	int rc, first;

	for (z = 0; z < u->nsize; z++) {
		char size[32];

		first = u->row == 0 && z == 0;
		cli->step = u->row * u->nsize + z;
		snprintf(cli->what, sizeof(cli->what), "%s, %s", u->placement,
			 ct_stream_human_size(u->sizes[z], size, sizeof(size)));
		/* One array per size, read by the kernel of every ISA. */
		ctx[0] = ct_stream_new(u->ci->all ? u->isas[0] : u->chosen, u->sizes[z], u->reason,
				       u->flags, &k[0]);
		for (i = 1; i < u->nisa; i++)
			ctx[i] = ct_stream_share(ctx[0], u->isas[i], &k[i]);
		/*
		 * The reader of this size, chosen here: on the row's thread and
		 * cpu, where its samples run.  --all-isa: each ISA's loop.
		 */
		for (i = 0; i < u->nisa; i++) {
			struct ct_stream_ask ask = *u->ask;

			if (u->ci->all) {
				ask.isa = (int)u->isas[i];
				snprintf(ask.isa_how, sizeof(ask.isa_how), "--all-isa");
			}
			ct_stream_choose(ctx[i], &ask, &k[i]);
			u->isas[i] = ct_stream_isa(ctx[i]);
		}
		/*
		 * The calibration kept the core busy reading, as the settle spin
		 * would: without -S it counts toward the settle, so that it costs
		 * the run only what it takes beyond the settle.
		 */
		h = *u->h;
		for (i = 0, busy = 0; i < u->nisa; i++)
			busy += ct_stream_calibration_ns(ctx[i]);
		if (!cli->settle)
			h.settle_ns = h.settle_ns > busy ? h.settle_ns - busy : 0;
		/*
		 * Nothing on stdout until the first array is there: then a
		 * table's machine lines (JSON's machine record waits for the
		 * end, ct_out_start()).
		 */
		if (first) {
			ct_machine_describe(&u->m);
			ct_out_begin(&u->out, u->tty, cli->fmt, "ct-stream", cli->samples);
			ct_out_start(&u->out, &u->m);
			if (cli->fmt == CT_FMT_TABLE)
				u->table.warned = u->m.nwarnings;
		}
		if ((rc = ct_harness_run(&h, k, u->nisa, ser, why, sizeof(why))) < 0)
			ct_cli_harness_failed(rc, why, "");
		ct_machine_note(&u->m, u->placement, ser, u->nisa);
		/* Erased before a result; drawn again at the next size's first sample. */
		ct_cli_progress_clear(cli);
		/*
		 * A table: each size's own tables with --samples and the sweep at
		 * the end, else the sweep's row of each size as it ends.
		 */
		if (cli->fmt != CT_FMT_TABLE || cli->samples) {
			if (cli->fmt == CT_FMT_TABLE) {
				ct_stream_info(ctx[0], &in);
				ct_stream_size_header(u->tty, &in);
			}
			for (i = 0; i < u->nisa; i++)
				ct_out_series(&u->out, u->placement, &ser[i]);
			/* TSV's and JSON's records end with the run (ct_out_finish()). */
			if (cli->fmt == CT_FMT_TABLE)
				ct_out_end(&u->out);
			/* On a terminal too, each size's tables as it ends. */
			ct_term_sync(u->tty);
		}
		if (cli->fmt == CT_FMT_TABLE)
			ct_stream_table_add(&u->table, u->placement, ctx, u->isas, ser, u->nisa);
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
	const char *size_arg = NULL, *loop_req = NULL;
	struct ct_stream_ask ask;
	struct ct_stream_cand cand[CT_STREAM_CANDS_MAX];
	unsigned flags = 0;
	char reason[160], why[200];
	enum ct_isa chosen;
	size_t nisa, nsize = 1, nrows, r;
	int c, quick, allcore;

	ct_init(argv);
	ct_cli_init(&cli);
	ct_cli_isa_init(&ci);
	ct_getopt_init(&g, 0);
	ct_getopt_add(&g, opts, CT_ARRAY_SIZE(opts));
	while ((c = ct_getopt_next(&g, argc, argv)) != -1) {
		if (c == 'b')
			size_arg = optarg;
		else if (c == CT_OPT_LOOP)
			loop_req = optarg;
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
	/* What --isa and --loop leave to calibrate; a loop no kernel asked for has. */
	if (ct_stream_ask_from(ci.req, chosen, loop_req, &ask, why, sizeof(why)) < 0)
		ct_usage_error("%s", why);
	for (r = 0; r < nisa; r++) {
		struct ct_stream_ask one = ask;

		if (ci.all || ask.isa >= 0)
			one.isa = (int)isas[r];
		if (ct_stream_ask_candidates(&one, cand) == 0)
			ct_usage_error("invalid %s: the %s stream kernel has no %s loop",
				       ask.loop_how, ct_isa_name(isas[r]),
				       ct_stream_loop_name((enum ct_stream_loop)ask.loop));
		if (!ci.all)
			break;
	}
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
		return all_core_chosen(&cli, &h, &a, &ask, isas, nisa, &caches, sizes[0], reason,
				       flags);
	}

	nrows = ct_cli_rows(&cli);
	u.cli = &cli;
	u.h = &h;
	u.ci = &ci;
	u.chosen = chosen;
	u.ask = &ask;
	u.isas = isas;
	u.nisa = nisa;
	u.sizes = sizes;
	u.nsize = nsize;
	u.reason = reason;
	u.caches = &caches;
	u.flags = flags;
	u.table.caches = &caches;
	u.table.size_reason = reason;
	/* A table on a terminal: its long lines wrapped to fit, each row as it comes. */
	u.tty = cli.fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;
	ct_stream_table_begin(&u.table, u.tty, nrows > 1, !cli.samples);
	cli.nsteps = nrows * nsize;
	/* Each placement (each cpu of -c) in turn. */
	for (r = 0; r < nrows; r++) {
		u.row = r;
		u.placement = cli.placement;
		ct_cli_run_row(&cli, r, run_row, &u);
	}
	ct_machine_finish(&u.m, 1);
	ct_out_finish(&u.out, &u.m);
	if (cli.fmt == CT_FMT_TABLE)
		ct_stream_table_end(&u.table, &u.m);
	ct_term_close(u.tty, stdout);
	return CT_EXIT_OK;
}

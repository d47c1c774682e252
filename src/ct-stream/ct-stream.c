/*
 * ct-stream - single-stream read bandwidth for one ISA or every usable
 * one, over an array larger than every cache or a sweep of sizes through
 * the cache levels, each sample verified and divided by the cycles the
 * add-chain brackets say it took.  The kernels, the array, the choice of
 * ISA and prefetch, and the verification are in libct
 * (src/lib/workloads/stream.h), shared with ct-place.
 */
#include "config.h"

#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "core/term.h"
#include "tool/kernel-tool.h"
#include "workloads/stream.h"
#include "report/stream.h"
#include "workloads/stream-sizes.h"
#include "ct-stream/readers.h"

static const struct ct_opt_use opts[] = {
	{ CT_O_LOOP, NULL },
	{ CT_O_READERS, NULL },
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
	ct_opts_output_help(stdout);
	printf("\n"
	       "Environment: CT_ISA, CT_STREAM_LOOP, CT_STREAM_LICENCE, REPS, QUICK, COLUMNS.\n"
	       "See ct-stream(1) and coretype(7).\n");
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

struct stream_header {
	const enum ct_isa *isas;
	size_t nisa;
	const char *isa_reason;
	const struct ct_stream_caches *caches;
	uint64_t bytes;
	const char *reason;
	unsigned reps;
};

/* The tool's own settings, its plan, and the sweep. */
struct stream_tool {
	const char *size_arg;		/* --size */
	const char *loop_req;		/* --loop */
	const char *readers_arg;	/* --readers */
	struct stream_readers readers;	/* its readers */
	unsigned char lacks[CT_STREAM_SIZES_MAX];	/* a size it lacks, warned of once */
	unsigned flags;			/* CT_STREAM_SMALL_PAGES, CT_STREAM_QUICK */
	uint64_t sizes[CT_STREAM_SIZES_MAX];
	size_t nsize;
	char reason[160];		/* why these sizes */
	enum ct_isa chosen;		/* ct_cli_isa_finish()'s */
	struct ct_stream_ask ask;	/* --isa, --loop: what is left to calibrate */
	struct ct_stream_caches caches;
	/* --threads */
	struct stream_arg sa[CT_ISA_COUNT];
	struct stream_header sh;
	char isa_reason[CT_STREAM_REASON_LEN];
	/* The rows: the sweep, for a table. */
	struct ct_stream_table table;
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

static void stream_header(FILE *f, const struct ct_allcore *a, void *arg)
{
	const struct stream_header *sh = arg;

	ct_stream_header(f, isa_bits(sh->isas, sh->nisa), sh->isa_reason, sh->reps, sh->caches,
			 sh->bytes, sh->reason, a->n);
}

static int stream_option(void *self, int c, const char *arg)
{
	struct stream_tool *st = self;

	if (c == 'b')
		st->size_arg = arg;
	else if (c == CT_OPT_LOOP)
		st->loop_req = arg;
	else if (c == CT_OPT_READERS)
		st->readers_arg = arg;
	else if (c == CT_OPT_SMALL_PAGES)
		st->flags |= CT_STREAM_SMALL_PAGES;
	else
		return 0;
	return 1;
}

/* Every size is checked before anything is planned or allocated. */
static void stream_options_done(void *self, const struct ct_cli *cli)
{
	struct stream_tool *st = self;
	size_t len;
	char *why;
	int n;

	(void)cli;
	st->nsize = 1;
	if (st->readers_arg) {
		char rwhy[400];
		int rc = stream_readers_load(st->readers_arg, &st->readers, rwhy, sizeof(rwhy));

		if (rc == -2)
			errx(CT_EXIT_FAIL, "%s", rwhy);
		if (rc < 0)
			ct_usage_error("%s", rwhy);
	}
	if (!st->size_arg)
		return;
	/* Room for the message to name the whole list, however long. */
	len = strlen(st->size_arg) + 256;
	why = ct_xmalloc(len);
	if ((n = ct_stream_sizes_parse(st->size_arg, st->sizes, why, len)) < 0)
		ct_usage_error("%s", why);
	free(why);
	st->nsize = (size_t)n;
}

/*
 * --readers: every reader the file gives a size of this run can run
 * here (its ISA usable, its loop in the ISA's kernel), or exit 3 as
 * --isa does.
 */
static void readers_check(const struct stream_tool *st)
{
	struct ct_stream_cand cand[CT_STREAM_CANDS_MAX];
	struct ct_stream_ask one = { -1, "", -1, "" };
	char size[32];
	size_t i, z;

	for (i = 0; i < st->readers.n; i++) {
		const struct stream_reader *r = &st->readers.r[i];

		for (z = 0; z < st->nsize && st->sizes[z] != r->bytes; z++)
			;
		if (z == st->nsize)
			continue;
		one.isa = (int)r->isa;
		one.loop = (int)r->loop;
		if (!ct_isa_usable(r->isa) || ct_stream_ask_candidates(&one, cand) == 0)
			errx(CT_EXIT_NOISA, "--readers %s: its reader %s/%s (%s, %s) cannot run here",
			     st->readers.path, ct_isa_name(r->isa), ct_stream_loop_name(r->loop),
			     ct_stream_human_size(r->bytes, size, sizeof(size)), r->placement);
	}
}

/*
 * --readers: size z under the row's placement read with the file's
 * reader of it, named in the reason; a size it lacks calibrated, with a
 * warning (once, whatever the rows).
 */
static void readers_ask(struct stream_tool *st, struct ct_kernel_run *run, size_t z,
			struct ct_stream_ask *ask)
{
	const struct stream_reader *r;
	char size[32];
	unsigned of;

	ct_stream_human_size(st->sizes[z], size, sizeof(size));
	r = stream_readers_find(&st->readers, run->cli.placement, st->sizes[z], &of);
	if (!r) {
		if (!st->lacks[z])
			ct_machine_warn(&run->m, "--readers %s has no reader of %s: calibrated",
					st->readers.path, size);
		st->lacks[z] = 1;
		return;
	}
	ask->isa = (int)r->isa;
	ask->loop = (int)r->loop;
	snprintf(ask->isa_how, sizeof(ask->isa_how), "--readers %s", st->readers.path);
	snprintf(ask->loop_how, sizeof(ask->loop_how), "its %s reader in %u of %u runs", size,
		 r->runs, of);
}

static void stream_plan(void *self, struct ct_kernel_run *run)
{
	struct stream_tool *st = self;
	struct ct_stream_cand cand[CT_STREAM_CANDS_MAX];
	struct ct_cpuset cpus;
	char why[200];
	size_t r;
	int quick;

	/*
	 * A call reads whole passes of at least CT_STREAM_CALL_BYTES, however
	 * small the array: no option sets its length, so the floor (floor.h)
	 * is not held against it (a QUICK call from L1 is about 100 us).
	 */
	run->h.floor_ns = 0;
	st->chosen = run->isas[0];
	/* What --isa and --loop leave to calibrate; a loop no kernel asked for has. */
	if (ct_stream_ask_from(run->ci.req, st->chosen, st->loop_req, &st->ask, why,
			       sizeof(why)) < 0)
		ct_usage_error("%s", why);
	for (r = 0; r < run->nisa; r++) {
		struct ct_stream_ask one = st->ask;

		if (run->ci.all || st->ask.isa >= 0)
			one.isa = (int)run->isas[r];
		if (ct_stream_ask_candidates(&one, cand) == 0)
			ct_usage_error("invalid %s: the %s stream kernel has no %s loop",
				       st->ask.loop_how, ct_isa_name(run->isas[r]),
				       ct_stream_loop_name((enum ct_stream_loop)st->ask.loop));
		if (!run->ci.all)
			break;
	}
	quick = run->cli.quick || ct_env_quick();
	if (quick)
		st->flags |= CT_STREAM_QUICK;
	/* The caches of the cpus it runs on (-c, -k, --threads), or of every cpu. */
	cpus = run->allcore ? run->a.cpus : run->cli.cpus;
	ct_stream_caches(ct_cpuset_empty(&cpus) ? NULL : &cpus, &st->caches);
	if (st->size_arg)
		snprintf(st->reason, sizeof(st->reason), "requested");
	else
		st->sizes[0] = ct_stream_default_size(ct_cpuset_empty(&cpus) ? NULL : &cpus, quick,
						      st->reason, sizeof(st->reason));
	if (run->allcore && st->nsize > 1)
		ct_usage_error("--threads takes one --size, not %zu", st->nsize);
	if (st->readers_arg)
		readers_check(st);
	run->nsteps = st->nsize;
	st->table.caches = &st->caches;
	st->table.size_reason = st->reason;
}

/*
 * --threads: every thread's read bandwidth beside one thread alone, each
 * thread over its own array (made on its cpu, so first touched there),
 * one per ISA.  Every array together must fit in memory.  The reader is
 * chosen once, here, before the threads start (on this thread, over one
 * array of the size), and every thread runs it.
 */
static void stream_allcore(void *self, struct ct_kernel_run *run, struct ct_kernel_allcore *ka)
{
	struct stream_tool *st = self;
	const struct ct_stream_ask *ask = &st->ask;
	enum ct_isa *isas = run->isas;
	size_t nisa = run->nisa, n = run->a.n, i;
	uint64_t bytes = st->sizes[0];
	struct ct_stream_info in;
	struct ct_job k;
	char why[128];

	/* Every array together within memory, before one is made. */
	if (bytes > UINT64_MAX / n / nisa ||
	    ct_stream_size_ok(bytes * n * nisa, why, sizeof(why)) < 0)
		ct_usage_error("invalid --size: %zu threads x %zu ISA%s x %" PRIu64 " bytes: %s",
			       n, nisa, nisa == 1 ? "" : "s", bytes,
			       bytes > UINT64_MAX / n / nisa ? "too large" : why);
	st->isa_reason[0] = '\0';
	for (i = 0; i < nisa; i++) {
		struct ct_stream_ask one = *ask;
		struct ct_stream *s = ct_stream_new(isas[i], bytes, st->reason, st->flags, &k);

		if (nisa > 1 || ask->isa >= 0) {
			one.isa = (int)isas[i];
			if (nisa > 1)
				snprintf(one.isa_how, sizeof(one.isa_how), "--all-isa");
		}
		ct_stream_choose(s, &one, &k);
		isas[i] = ct_stream_isa(s);
		st->sa[i].loop = ct_stream_loop(s);
		ct_stream_info(s, &in);
		if (i == 0)
			snprintf(st->isa_reason, sizeof(st->isa_reason), "%s", in.isa_reason);
		ct_stream_free(s);
	}
	for (i = 0; i < nisa; i++) {
		st->sa[i].isa = isas[i];
		st->sa[i].bytes = bytes;
		st->sa[i].reason = st->reason;
		st->sa[i].isa_reason = nisa > 1 ? "--all-isa: every usable ISA" : st->isa_reason;
		st->sa[i].flags = st->flags;
		ka->ak[i].make = make_stream;
		ka->ak[i].destroy = free_stream;
		ka->ak[i].arg = &st->sa[i];
	}
	ka->n = nisa;
	st->sh.isas = isas;
	st->sh.nisa = nisa;
	st->sh.isa_reason = st->sa[0].isa_reason;
	st->sh.caches = &st->caches;
	st->sh.bytes = bytes;
	st->sh.reason = st->reason;
	st->sh.reps = run->h.reps;
	ka->header = stream_header;
	ka->header_arg = &st->sh;
}

/*
 * Size z at the row's placement, on its thread (pinned to its cpu), so
 * that each array is made and first touched there.
 */
static size_t stream_jobs(void *self, struct ct_kernel_run *run, size_t z, struct ct_job *k,
			  void **state, struct ct_harness *h)
{
	struct stream_tool *st = self;
	struct ct_cli *cli = &run->cli;
	struct ct_stream *ctx[CT_ISA_COUNT];
	char size[32];
	uint64_t busy;
	size_t i;

	snprintf(cli->what, sizeof(cli->what), "%s, %s", cli->placement,
		 ct_stream_human_size(st->sizes[z], size, sizeof(size)));
	/* One array per size, read by the kernel of every ISA. */
	ctx[0] = ct_stream_new(run->ci.all ? run->isas[0] : st->chosen, st->sizes[z], st->reason,
			       st->flags, &k[0]);
	for (i = 1; i < run->nisa; i++)
		ctx[i] = ct_stream_share(ctx[0], run->isas[i], &k[i]);
	/*
	 * The reader of this size, chosen here: on the row's thread and
	 * cpu, where its samples run.  --all-isa: each ISA's loop.
	 */
	for (i = 0; i < run->nisa; i++) {
		struct ct_stream_ask ask = st->ask;

		if (run->ci.all) {
			ask.isa = (int)run->isas[i];
			snprintf(ask.isa_how, sizeof(ask.isa_how), "--all-isa");
		} else if (st->readers_arg) {
			readers_ask(st, run, z, &ask);
		}
		ct_stream_choose(ctx[i], &ask, &k[i]);
		run->isas[i] = ct_stream_isa(ctx[i]);
	}
	/*
	 * The calibration kept the core busy reading, as the settle spin
	 * would: without -S it counts toward the settle, so that it costs
	 * the run only what it takes beyond the settle.
	 */
	for (i = 0, busy = 0; i < run->nisa; i++)
		busy += ct_stream_calibration_ns(ctx[i]);
	if (!cli->settle)
		h->settle_ns = h->settle_ns > busy ? h->settle_ns - busy : 0;
	for (i = 0; i < run->nisa; i++)
		state[i] = ctx[i];
	return run->nisa;
}

static void stream_free_jobs(void *self, void **state, size_t nk)
{
	(void)self;
	/* The shared array goes with the first, last. */
	while (nk-- > 0)
		ct_stream_free(state[nk]);
}

/* A table: the sweep's rows streamed, unless each size's tables come first (-s). */
static void stream_started(void *self, struct ct_kernel_run *run)
{
	struct stream_tool *st = self;

	ct_stream_table_begin(&st->table, run->tty, run->nrows > 1, !run->cli.samples);
	if (run->cli.fmt == CT_FMT_TABLE)
		st->table.warned = run->m.nwarnings;
}

/*
 * A table: each size's own tables with --samples and the sweep at the
 * end, else the sweep's row of each size as it ends.
 */
static void stream_step_done(void *self, struct ct_kernel_run *run, size_t z, void **state,
			     struct ct_series *ser, size_t nk)
{
	struct stream_tool *st = self;
	struct ct_cli *cli = &run->cli;
	struct ct_stream *ctx[CT_ISA_COUNT] = { 0 };
	struct ct_stream_info in;
	size_t i;

	(void)z;
	for (i = 0; i < nk; i++)
		ctx[i] = state[i];
	if (cli->fmt != CT_FMT_TABLE || cli->samples) {
		if (cli->fmt == CT_FMT_TABLE) {
			ct_stream_info(ctx[0], &in);
			ct_stream_size_header(run->tty, &in);
		}
		for (i = 0; i < nk; i++)
			ct_out_series(&run->out, cli->placement, &ser[i]);
		/* TSV's and JSON's records end with the run (ct_out_finish()). */
		if (cli->fmt == CT_FMT_TABLE)
			ct_out_end(&run->out);
		/* On a terminal too, each size's tables as it ends. */
		ct_term_sync(run->tty);
	}
	if (cli->fmt == CT_FMT_TABLE)
		ct_stream_table_add(&st->table, cli->placement, ctx, run->isas, ser, nk);
}

static void stream_finished(void *self, struct ct_kernel_run *run)
{
	struct stream_tool *st = self;

	if (run->cli.fmt == CT_FMT_TABLE)
		ct_stream_table_end(&st->table, &run->m);
}

static const struct ct_kernel_tool tool = {
	.name = "ct-stream",
	.opts = opts,
	.nopts = CT_ARRAY_SIZE(opts),
	.isa = 1,
	.usage = usage,
	.streamed = 1,
	.option = stream_option,
	.options_done = stream_options_done,
	.plan = stream_plan,
	.allcore = stream_allcore,
	.jobs = stream_jobs,
	.free_jobs = stream_free_jobs,
	.started = stream_started,
	.step_done = stream_step_done,
	.finished = stream_finished,
};

int main(int argc, char **argv)
{
	static struct stream_tool st;

	return ct_kernel_tool_main(&tool, &st, argc, argv);
}

/*
 * ct-latency - load-to-use latency and the misses a core keeps in
 * flight: a dependent pointer chase through a random cycle of an array's
 * lines, at one size or a sweep through the cache levels, alone and as N
 * chains interleaved, each sample verified.  The array, its order, the
 * verification and the results are in libct (src/lib/workloads/latency.h).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "core/term.h"
#include "tool/kernel-tool.h"
#include "workloads/latency.h"
#include "ct-latency/report.h"
#include "report/stream.h"
#include "workloads/stream-sizes.h"

static const struct ct_opt_use opts[] = {
	{ CT_O_SIZE, "array sizes in bytes, one table row each (K, M, G suffixes; A..B: every "
		     "power of two from A to B; default max(64M, 4 x the largest cache), 16M with "
		     "-q)" },
	{ CT_O_CHAINS, NULL },
	{ CT_O_SMALL_PAGES, NULL },
	{ CT_O_STREAM_GBS, NULL },
	CT_CLI_OPTS
};

static void usage(void)
{
	printf("Usage: %s [options]\n"
	       "\n"
	       "Measure load-to-use latency: a dependent pointer chase through a random cycle\n"
	       "of an array's 64-byte lines, in ns and cycles per load, and the lines a core\n"
	       "keeps in flight with N chains interleaved, every sample verified.  With\n"
	       "--threads, every thread chases its own array.\n"
	       "\n"
	       "Options:\n", ct_progname());
	ct_opts_help(stdout, opts, CT_ARRAY_SIZE(opts));
	ct_opts_output_help(stdout);
	printf("\n"
	       "Environment: REPS, QUICK, COLUMNS.  See ct-latency(1) and coretype(7).\n");
}

/* What each thread of --threads builds for itself: its own array, one chain. */
struct latency_arg {
	uint64_t bytes;
	const char *reason;
	unsigned flags;
};

struct latency_tool {
	const char *size_arg;		/* --size */
	const char *chains_arg;		/* --chains */
	double stream_gbs;		/* --stream-gbs, 0: none */
	unsigned flags;			/* CT_STREAM_SMALL_PAGES, CT_STREAM_QUICK */
	uint64_t sizes[CT_STREAM_SIZES_MAX];
	size_t nsize;
	unsigned chains[CT_LATENCY_CHAINS_LIST_MAX];
	size_t nchains;
	char reason[160];
	struct ct_stream_caches caches;
	struct latency_arg la;
	struct ct_latency_table table;
};

static void *make_latency(void *arg, struct ct_job *k)
{
	const struct latency_arg *la = arg;

	return ct_latency_new(la->bytes, la->reason, la->flags, 0, 1, k);
}

static void free_latency(void *state)
{
	ct_latency_free(state);
}

static void latency_header(FILE *f, const struct ct_allcore *a, void *arg)
{
	const struct latency_arg *la = arg;

	ct_doc_gap(f);
	ct_out_kernel(f, CT_REC_TABLE, &(struct ct_out_kernel_rec){ .d = &ct_chase_desc,
		      .count = a->t[0].k[0].work, .per_call = 1 });
	ct_latency_threads_header(f, la->bytes, la->reason, a->n);
}

static int latency_option(void *self, int c, const char *arg)
{
	struct latency_tool *lt = self;

	if (c == 'b')
		lt->size_arg = arg;
	else if (c == CT_OPT_CHAINS)
		lt->chains_arg = arg;
	else if (c == CT_OPT_SMALL_PAGES)
		lt->flags |= CT_STREAM_SMALL_PAGES;
	else if (c == CT_OPT_STREAM_GBS)
		/* A terabyte a second is far past any one thread's stream. */
		lt->stream_gbs = ct_cli_positive_or_usage("--stream-gbs", arg, 1000);
	else
		return 0;
	return 1;
}

/* Every size and count is checked before anything is planned or allocated. */
static void latency_options_done(void *self, const struct ct_cli *cli)
{
	struct latency_tool *lt = self;
	size_t len;
	char *why;
	int n;

	(void)cli;
	lt->nsize = 1;
	lt->nchains = ct_latency_chains_default(lt->chains);
	len = (lt->size_arg ? strlen(lt->size_arg) : 0) +
	      (lt->chains_arg ? strlen(lt->chains_arg) : 0) + 256;
	why = ct_xmalloc(len);
	if (lt->size_arg) {
		if ((n = ct_stream_sizes_parse(lt->size_arg, lt->sizes, why, len)) < 0)
			ct_usage_error("%s", why);
		lt->nsize = (size_t)n;
	}
	if (lt->chains_arg) {
		if ((n = ct_latency_chains_parse(lt->chains_arg, lt->chains, why, len)) < 0)
			ct_usage_error("%s", why);
		lt->nchains = (size_t)n;
	}
	free(why);
}

static void latency_plan(void *self, struct ct_kernel_run *run)
{
	struct latency_tool *lt = self;
	struct ct_cpuset cpus;
	int quick;

	/* A call makes a fixed number of loads, set by no option: no floor is held against it. */
	run->h.floor_ns = 0;
	quick = run->cli.quick || ct_env_quick();
	if (quick)
		lt->flags |= CT_STREAM_QUICK;
	cpus = run->allcore ? run->a.cpus : run->cli.cpus;
	ct_stream_caches(ct_cpuset_empty(&cpus) ? NULL : &cpus, &lt->caches);
	if (lt->size_arg)
		snprintf(lt->reason, sizeof(lt->reason), "requested");
	else
		lt->sizes[0] = ct_stream_default_size(ct_cpuset_empty(&cpus) ? NULL : &cpus, quick,
						      lt->reason, sizeof(lt->reason));
	if (run->allcore && lt->nsize > 1)
		ct_usage_error("--threads takes one --size, not %zu", lt->nsize);
	/* Its line is one thread's, at a row of the table. */
	if (lt->stream_gbs > 0 && run->allcore)
		ct_usage_error("--stream-gbs applies to one thread's table, not to --threads");
	run->nsteps = lt->nsize;
	lt->table.caches = &lt->caches;
	lt->table.chains = lt->chains;
	lt->table.nchains = lt->nchains;
	lt->table.stream_gbs = lt->stream_gbs;
}

/* --threads: every thread's latency beside one thread's alone, each its own array. */
static void latency_allcore(void *self, struct ct_kernel_run *run, struct ct_kernel_allcore *ka)
{
	struct latency_tool *lt = self;
	char why[128];

	if (lt->sizes[0] > UINT64_MAX / run->a.n ||
	    ct_stream_size_ok(lt->sizes[0] * run->a.n, why, sizeof(why)) < 0)
		ct_usage_error("invalid --size: %zu threads x %" PRIu64 " bytes: %s", run->a.n,
			       lt->sizes[0], lt->sizes[0] > UINT64_MAX / run->a.n ? "too large" : why);
	lt->la.bytes = lt->sizes[0];
	lt->la.reason = lt->reason;
	lt->la.flags = lt->flags;
	ka->ak[0].make = make_latency;
	ka->ak[0].destroy = free_latency;
	ka->ak[0].arg = &lt->la;
	ka->n = 1;
	ka->header = latency_header;
	ka->header_arg = &lt->la;
}

/* Size z at the row's placement, on its thread: one array, a job per chain count. */
static size_t latency_jobs(void *self, struct ct_kernel_run *run, size_t z, struct ct_job *k,
			   void **state, struct ct_harness *h)
{
	struct latency_tool *lt = self;
	struct ct_cli *cli = &run->cli;
	char size[32];
	size_t i;

	(void)h;
	snprintf(cli->what, sizeof(cli->what), "%s, %s", cli->placement,
		 ct_stream_human_size(lt->sizes[z], size, sizeof(size)));
	state[0] = ct_latency_new(lt->sizes[z], lt->reason, lt->flags, 0, lt->chains[0], &k[0]);
	for (i = 1; i < lt->nchains; i++)
		state[i] = ct_latency_share(state[0], lt->chains[i], &k[i]);
	return lt->nchains;
}

static void latency_free_jobs(void *self, void **state, size_t nk)
{
	(void)self;
	while (nk-- > 0)
		ct_latency_free(state[nk]);
}

static void latency_started(void *self, struct ct_kernel_run *run)
{
	struct latency_tool *lt = self;

	if (run->cli.fmt != CT_FMT_TABLE)
		return;
	lt->table.warned = run->m.nwarnings;
	ct_latency_table_begin(&lt->table, run->tty, run->nrows > 1);
}

/*
 * The size's results, once, into every job's fields; then its records
 * (TSV, JSON, or a table's -s tables) and its row.
 */
static void latency_step_done(void *self, struct ct_kernel_run *run, size_t z, void **state,
			      struct ct_series *ser, size_t nk)
{
	struct latency_tool *lt = self;
	struct ct_cli *cli = &run->cli;
	struct ct_latency_results r;
	struct ct_latency_row row;
	size_t i;

	(void)z;
	ct_latency_results(ser, lt->chains, nk, &r);
	ct_latency_stream(&r, lt->stream_gbs);
	for (i = 0; i < nk; i++)
		ct_latency_set_results(state[i], &r);
	if (cli->fmt != CT_FMT_TABLE || cli->samples) {
		for (i = 0; i < nk; i++)
			ct_out_series(&run->out, cli->placement, &ser[i]);
		if (cli->fmt == CT_FMT_TABLE)
			ct_out_end(&run->out);
		ct_term_sync(run->tty);
	}
	if (cli->fmt == CT_FMT_TABLE) {
		row.placement = cli->placement;
		ct_latency_info(state[0], &row.in);
		row.r = &r;
		ct_latency_table_add(&lt->table, &row);
	}
}

static void latency_finished(void *self, struct ct_kernel_run *run)
{
	struct latency_tool *lt = self;

	if (run->cli.fmt == CT_FMT_TABLE)
		ct_latency_table_end(&lt->table, &run->m);
}

static const struct ct_kernel_tool tool = {
	.name = "ct-latency",
	.opts = opts,
	.nopts = CT_ARRAY_SIZE(opts),
	.usage = usage,
	.streamed = 1,
	.jobs_max = CT_LATENCY_CHAINS_LIST_MAX,
	.option = latency_option,
	.options_done = latency_options_done,
	.plan = latency_plan,
	.allcore = latency_allcore,
	.jobs = latency_jobs,
	.free_jobs = latency_free_jobs,
	.started = latency_started,
	.step_done = latency_step_done,
	.finished = latency_finished,
};

int main(int argc, char **argv)
{
	static struct latency_tool lt;

	return ct_kernel_tool_main(&tool, &lt, argc, argv);
}

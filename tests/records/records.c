/*
 * records - every record kind of the output contract written from made-up
 * measurements, so that tests/records/records.sh can hold each format byte for
 * byte against its golden file: the machine, summary, sample and counter
 * records of ct-clock, ct-fma and ct-stream; ct-place's comparison rows
 * and its --observe report.  The samples are fixed (a small linear
 * congruential generator), so the output is the same on every machine.
 *
 *   records out FORMAT [samples] [precision] [slow] [held]
 *   records placements FORMAT|markdown|svg SYSROOT [precision] [nomain] [marks]
 *   records observe FORMAT|markdown
 *   records stream sweep|samples|threads
 *   records allcore FORMAT [samples] [unpinned]
 *   records version
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/allcore.h"
#include "report/allcore.h"
#include "ct-place/placements.h"
#include "ct-place/observe.h"
#include "report/report.h"
#include "machine/topo.h"
#include "report/stream.h"

static unsigned long long lcg_state = 12345;

/* A fixed pseudo-random number in [0, 1). */
static double next(void)
{
	lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(lcg_state >> 11) / 9007199254740992.0;
}

static const struct ct_field fma_fields[] = {
	{ "lanes", NULL, 4, 0 },
	{ "accumulators", NULL, 10, 0 },
	{ "insn", "vfmadd231pd", 0, 0 },
	{ "size_bytes", NULL, 65536, 0 },
};

static const struct ct_field stream_fields[] = {
	{ "size_bytes", NULL, 67108864, 0 },
	{ "level", "memory", 0, 0 },
	{ "huge_pct", NULL, 37.5, 0 },
};

static const struct ct_field chase_fields[] = {
	{ "size_bytes", NULL, 67108864, 0 },
	{ "level", "memory", 0, 0 },
	{ "chains", NULL, 1, 0 },
};

static const struct ct_field chains_fields[] = {
	{ "size_bytes", NULL, 67108864, 0 },
	{ "level", "memory", 0, 0 },
	{ "chains", NULL, 16, 0 },
};

static struct ct_job kernels[] = {
	{ "fma", "avx2", "GFLOP/s", 2.4e6, "flop/cycle", 2.4e6, "fma/cycle", 1.2e6, NULL, NULL,
	  NULL, fma_fields, 4, 0, 0 },
	{ "stream", "avx2", "GB/s", 6.7e7, "byte/cycle", 6.7e7, NULL, 0, NULL, NULL, NULL,
	  stream_fields, 3, 0, 1 },
	{ "addchain", "x86-64", "GHz", 5e6, NULL, 0, NULL, 0, NULL, NULL, NULL, NULL, 0, 5e6,
	  0 },
	/* An FMA above what any avx2 core does per cycle: implausible. */
	{ "fma", "scalar", "GFLOP/s", 4e7, "flop/cycle", 4e7, "fma/cycle", 2e7, NULL,
	  NULL, NULL, fma_fields + 1, 2, 0, 0 },
	/* ct-place's chase: 262144 loads a call, alone and as 16 chains (not bracketed). */
	{ "chase", "scalar", "load/ns", 262144, "load/cycle", 262144, NULL, 0, NULL, NULL, NULL,
	  chase_fields, 3, 0, 1 },
	{ "chase-16", "scalar", "load/ns", 262144, NULL, 0, NULL, 0, NULL, NULL, NULL,
	  chains_fields, 3, 0, 1 },
};

/*
 * OVERCHARGED: a time-shared thread charged for more than it ran, the wall
 * time 2.4 times and the CPU time 0.55 of that, so that the add chain
 * reads 3.3-3.4 GHz per CPU-ns against brackets of 4.5-4.6: an
 * untrusted cpu basis (ct_cpu_basis_trust).
 */
enum how { PLAIN = 0, DISTURBED = 1, COUNTED = 2, SHARE_ERROR = 4, OVERCHARGED = 8 };

/* n samples of k at about ns each; scale stretches every time (a slower run). */
static void series(struct ct_series *ser, const struct ct_job *k, unsigned n, double ns,
		   unsigned how, double scale, double precision)
{
	unsigned i;

	memset(ser, 0, sizeof(*ser));
	ser->k = k;
	ser->n = n;
	ser->s = ct_xcalloc(n, sizeof(*ser->s));
	ser->verified = 1;
	ser->counters = !!(how & COUNTED);
	ser->precision_pct = precision;
	ser->stopped_by = precision > 0 ? CT_STOP_MAX_TIME : CT_STOP_REPS;
	for (i = 0; i < n; i++) {
		struct ct_sample *s = &ser->s[i];
		double wall = ns * scale * (1 + 0.05 * next());

		s->rep = i;
		s->cpu_start = (int)(i % 3);
		s->cpu_end = i == 2 ? 5 : s->cpu_start;
		s->wall_ns = (uint64_t)wall;
		s->cpu_ns = (uint64_t)(wall * (0.97 + 0.02 * next()));
		if ((how & DISTURBED) && i % 2)
			s->cpu_ns = (uint64_t)(wall * 0.6);
		if (how & SHARE_ERROR)
			s->cpu_ns = (uint64_t)(wall * 1.2);
		if (how & OVERCHARGED) {
			s->wall_ns = (uint64_t)(wall * 2.4);
			s->cpu_ns = (uint64_t)(wall * 2.4 * 0.55);
		}
		if (k->per_cycle_unit) {
			s->pre_wall_ns = s->post_wall_ns = 1000000 + (uint64_t)(1000 * next());
			s->pre_cpu_ns = s->post_cpu_ns = 990000;
			s->clock_ghz = 4.5 + 0.1 * next();
			s->bracket_ghz_wall = s->clock_ghz * 0.99;
			s->bracket_ghz_cpu = s->bracket_ghz_wall * 1.01;
		}
		if (how & COUNTED) {
			s->count_status = i == 1 ? CT_COUNT_MULTIPLEXED : CT_COUNT_OK;
			if (i != 1) {
				s->cycles = wall * 4.4 * (1 + 0.01 * next());
				s->instructions = s->cycles * 1.02;
			}
		}
	}
}

static void machine(struct ct_machine *m)
{
	static const char *const warnings[] = {
		"3 of 60 samples descheduled", "the load rose to 1.04 \"during\" the run",
	};
	size_t i, at = 0;

	memset(m, 0, sizeof(*m));
	snprintf(m->hostname, sizeof(m->hostname), "bench-1");
	snprintf(m->os, sizeof(m->os), "Linux");
	snprintf(m->release, sizeof(m->release), "6.1.0-13-amd64");
	snprintf(m->arch, sizeof(m->arch), "x86_64");
	snprintf(m->cpu_model, sizeof(m->cpu_model), "12th Gen Intel(R) Core(TM) i9-12900K");
	m->cpus_online = 24;
	m->load[0] = 0.52;
	m->load[1] = 0.31;
	m->load[2] = 0.2;
	m->uptime_s = 86400.4;
	snprintf(m->governor, sizeof(m->governor), "powersave");
	m->clock = "CLOCK_MONOTONIC_RAW";
	m->compiler = "gcc 12.2.0";
	m->cflags = "-O2 -g";
	m->isas = "scalar avx2 avx512";
	snprintf(m->counters, sizeof(m->counters), "cycles and instructions (perf_event)");
	snprintf(m->epp, sizeof(m->epp), "balance_performance");
	snprintf(m->turbo, sizeof(m->turbo), "on");
	snprintf(m->thp, sizeof(m->thp), "madvise");
	m->cpus_allowed = 16;
	snprintf(m->container, sizeof(m->container), "none");
	m->cpu_quota = -1;
	m->load_end[0] = 1.04;
	m->load_end[1] = 0.4;
	m->load_end[2] = 0.22;
	m->run_s = 12.25;
	m->other_load = 0.5;
	m->samples = 60;
	m->descheduled = 3;
	/* Kept as ct_machine_warn() keeps them, without its line on stderr. */
	for (i = 0; i < 2; i++) {
		m->warning_at[i] = at;
		at += (size_t)snprintf(m->warning_text + at, sizeof(m->warning_text) - at, "%s",
				       warnings[i]) + 1;
	}
	m->nwarnings = 2;
}

static int out_main(int argc, char **argv)
{
	struct ct_series ser[5];
	struct ct_machine m;
	struct ct_results res;
	struct ct_out o;
	enum ct_format fmt;
	int samples = 0, held = 0, i;
	double precision = 0, scale = 1;
	struct ct_field extra[2] = { { "kinds", "performance", 0, 0 }, { "ratio", NULL, 1.25, 0 } };

	if (argc < 1 || ct_format_parse(argv[0], &fmt) < 0)
		return 99;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "samples") == 0)
			samples = 1;
		else if (strcmp(argv[i], "precision") == 0)
			precision = 2;
		else if (strcmp(argv[i], "slow") == 0)
			scale = 1.1;
		else if (strcmp(argv[i], "held") == 0)
			held = 1;
		else
			return 99;
	}
	machine(&m);
	series(&ser[0], &kernels[0], 7, 1e6, PLAIN, scale, precision);
	series(&ser[1], &kernels[1], 7, 1.5e7, DISTURBED, scale, precision);
	series(&ser[2], &kernels[2], 6, 1.1e6, COUNTED, scale, precision);
	series(&ser[3], &kernels[3], 5, 1e6, SHARE_ERROR, scale, precision);
	series(&ser[4], &kernels[0], 3, 1e6, DISTURBED | COUNTED, scale, precision);
	ct_out_begin(&o, stdout, fmt, "ct-test", samples);
	/* held: as ct-stream writes, the machine's lines first, its record last. */
	if (held)
		ct_out_start(&o, &m);
	else
		ct_out_machine(&o, &m);
	for (i = 0; i < 4; i++)
		ct_out_series(&o, i == 2 ? "pin-performance" : "main", &ser[i]);
	ct_results_series(&ser[4], &res);
	ct_out_results(&o, "thread", &res, extra, 2);
	if (held)
		ct_out_finish(&o, &m);
	else
		ct_out_end(&o);
	ct_series_free(ser, 5);
	return 0;
}

/* Swaps the generator's state with the chase's own. */
static void chase_turn(void)
{
	static unsigned long long other = 54321;
	unsigned long long t = lcg_state;

	lcg_state = other;
	other = t;
}

static void row(struct ct_placements_row *r, enum ct_place_kind kind, const char *name, int ran,
		double scale, double precision)
{
	int k;

	memset(r, 0, sizeof(*r));
	r->p.kind = kind;
	snprintf(r->p.name, sizeof(r->p.name), "%s", name);
	r->p.applicable = ran;
	snprintf(r->p.note, sizeof(r->p.note), ran ? "as the OS schedules it" :
		 "does not apply: no efficiency cpu");
	r->ran = ran;
	if (!ran)
		return;
	r->k[CT_JOB_CLOCK] = kernels[2];
	r->k[CT_JOB_FMA] = kernels[0];
	r->k[CT_JOB_STREAM] = kernels[1];
	r->k[CT_JOB_LATENCY] = kernels[4];
	r->k[CT_JOB_CHAINS] = kernels[5];
	/* process-background's clock: time-shared and over-charged. */
	for (k = 0; k < CT_JOB_LATENCY; k++)
		series(&r->ser[k], &r->k[k], 6, k == CT_JOB_STREAM ? 1.5e7 : 1e6,
		       (scale > 1 ? DISTURBED : PLAIN) |
		       (kind == CT_PLACE_PROCESS_BACKGROUND && k == CT_JOB_CLOCK ? OVERCHARGED : 0),
		       scale, precision);
	/*
	 * The chase, 100 ns a load and 10 lines in flight at main, from a
	 * generator of its own: the other series stay those of the goldens
	 * before the chase was in them.
	 */
	chase_turn();
	/*
	 * process-background's one chain over-charged too: its wall latency
	 * read 2.4 times long, every sample disturbed, so that its lines in
	 * flight on the wall basis (about 22 from 16 chains) are above what
	 * the chains can have and marked so; on the cpu basis they are not.
	 */
	series(&r->ser[CT_JOB_LATENCY], &r->k[CT_JOB_LATENCY], 6, 2.62144e7,
	       (scale > 1 ? DISTURBED : PLAIN) |
	       (kind == CT_PLACE_PROCESS_BACKGROUND ? OVERCHARGED : 0), scale, precision);
	series(&r->ser[CT_JOB_CHAINS], &r->k[CT_JOB_CHAINS], 6, 2.62144e6 * scale,
	       scale > 1 ? DISTURBED : PLAIN, scale, precision);
	chase_turn();
	snprintf(r->kinds, sizeof(r->kinds), scale > 1 ? "performance,efficiency" : "performance");
	snprintf(r->how, sizeof(r->how), "%s, as asked", name);
}

static int placements_main(int argc, char **argv)
{
	struct ct_placements_results res;
	struct ct_placements_row rows[4];
	struct ct_machine m;
	struct ct_topo t;
	enum ct_format fmt = CT_FMT_TABLE;
	char why[512];
	double precision = 0;
	int md, svg, i, with_main = 1, marks = 0;

	if (argc < 2)
		return 99;
	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "precision") == 0)
			precision = 3;
		else if (strcmp(argv[i], "nomain") == 0)
			with_main = 0;
		else if (strcmp(argv[i], "marks") == 0)
			marks = 1;
		else
			return 99;
	}
	md = strcmp(argv[0], "markdown") == 0;
	svg = strcmp(argv[0], "svg") == 0;
	if (!md && !svg && ct_format_parse(argv[0], &fmt) < 0)
		return 99;
	if (ct_topo_load(&t, argv[1], why, sizeof(why)) < 0) {
		fprintf(stderr, "records: %s\n", why);
		return 99;
	}
	machine(&m);
	row(&rows[0], CT_PLACE_MAIN, "main", with_main, 1, precision);
	row(&rows[1], CT_PLACE_THREAD, "thread-background", 1, 1.3, precision);
	row(&rows[2], CT_PLACE_PIN, "pin-efficiency", 0, 1, precision);
	row(&rows[3], CT_PLACE_PROCESS_BACKGROUND, "process-background", 1, 1.1, precision);
	ct_placements_results(rows, 4, &res);
	/*
	 * marks: process-background's wall FMA above both its ceilings and
	 * its stream share an error of the clocks, as the results step marks
	 * them, for the cells and columns that carry the marks.
	 */
	if (marks) {
		res.r[3][CT_JOB_FMA].b[CT_BASIS_WALL].per_cycle_implausible = 1;
		res.r[3][CT_JOB_FMA].b[CT_BASIS_WALL].insn_implausible = 1;
		res.r[3][CT_JOB_STREAM].b[CT_BASIS_WALL].share_error = 1;
	}
	if (md)
		ct_placements_markdown(stdout, &m, &t, &res);
	else if (svg)
		ct_placements_svg(stdout, &m, &t, &res);
	else
		ct_placements_print(stdout, fmt, 0, &m, &t, &res);
	ct_placements_results_free(&res);
	for (i = 0; i < 4; i++)
		ct_series_free(rows[i].ser, rows[i].ran ? CT_NJOBS : 0);
	ct_topo_free(&t);
	return 0;
}

static int observe_main(int argc, char **argv)
{
	static char *const cmd[] = { "make", "-j8", "all", NULL };
	struct ct_observe r;
	struct ct_machine m;
	enum ct_format fmt = CT_FMT_TABLE;
	int md, k;

	if (argc < 1)
		return 99;
	md = strcmp(argv[0], "markdown") == 0;
	if (!md && ct_format_parse(argv[0], &fmt) < 0)
		return 99;
	ct_observe_init(&r);
	for (k = 0; k < CT_KIND_COUNT; k++)
		snprintf(r.kind[k].source, sizeof(r.kind[k].source), "perf_event task-clock");
	snprintf(r.method, sizeof(r.method), "perf_event");
	snprintf(r.unseen_why, sizeof(r.unseen_why), "threads that ended before a read");
	r.kind[CT_KIND_PERFORMANCE].present = 1;
	r.kind[CT_KIND_PERFORMANCE].cpus_known = 1;
	ct_cpuset_set(&r.kind[CT_KIND_PERFORMANCE].cpus, 0);
	ct_cpuset_set(&r.kind[CT_KIND_PERFORMANCE].cpus, 2);
	ct_cpuset_set(&r.kind[CT_KIND_PERFORMANCE].cpus, 3);
	r.kind[CT_KIND_PERFORMANCE].ns = 1234567890;
	r.kind[CT_KIND_PERFORMANCE].threads = 9;
	r.kind[CT_KIND_PERFORMANCE].migrations = 14;
	r.kind[CT_KIND_PERFORMANCE].cycles = 5.5e9;
	r.kind[CT_KIND_PERFORMANCE].instructions = 1.1e10;
	r.kind[CT_KIND_EFFICIENCY].present = 1;
	r.kind[CT_KIND_EFFICIENCY].ns = 300000000;
	r.user_ns = 1400000000;
	r.sys_ns = 250000000;
	r.wall_s = 0.75;
	machine(&m);
	if (md)
		ct_observe_markdown(stdout, &r, cmd);
	else
		ct_observe_print(stdout, fmt, &m, &r, cmd);
	return 0;
}

/*
 * ct-stream's table of made-up sizes: two placements, an array in L1 and
 * one in memory (a prefetching loop), each with its own reasons; sweep
 * writes each row as it comes, samples at the end (as -s does, each
 * size's array line first), threads the lines above an all-core run.
 */
static int stream_main(int argc, char **argv)
{
	static const struct ct_job job = {
		"stream", "scalar", "GB/s", 6.7e7, "byte/cycle", 6.7e7, NULL, 0, NULL, NULL, NULL,
		stream_fields, 3, 0, 1
	};
	static const char *const places[] = { "cpu0", "cpu2" };
	const enum ct_isa isa = CT_ISA_SCALAR;
	struct ct_stream_caches caches = {
		{ 0, 49152, 1310720, 31457280 },
		{ CT_CACHE_UNKNOWN, CT_CACHE_SYSFS, CT_CACHE_SYSFS, CT_CACHE_SYSFS }, ""
	};
	struct ct_stream_info in[2];
	struct ct_stream_table t;
	struct ct_series ser;
	struct ct_machine m;
	size_t p, z;
	int samples;

	if (argc < 1)
		return 99;
	machine(&m);
	memset(in, 0, sizeof(in));
	in[0] = (struct ct_stream_info){ "L1", 0, "none: the plain loop (calibrated)", 16,
		"16 loads an iteration: the plain loop (calibrated)",
		"calibrated: scalar 90.1, scalar/short 80.2 GB/s, 3 trials each, 1 ms", 32768,
		512, "requested", "madvise", 1, -1 };
	in[1] = (struct ct_stream_info){ "memory", 512, "512 bytes ahead: the prefetching "
		"loop (calibrated)", 8, "8 loads an iteration: the prefetching loop (calibrated)",
		"calibrated: scalar/prefetch 20.5, scalar 19.9 GB/s, 3 trials each, 40 ms",
		67108864, 1, "requested", "madvise", 1, 37.5 };
	if (strcmp(argv[0], "threads") == 0) {
		ct_stream_header(stdout, 1u << isa, in[1].isa_reason, 5, &caches, in[1].bytes,
				 in[1].reason, 3);
		return 0;
	}
	if (strcmp(argv[0], "sweep") != 0 && strcmp(argv[0], "samples") != 0)
		return 99;
	samples = strcmp(argv[0], "samples") == 0;
	t.caches = &caches;
	t.size_reason = "requested";
	ct_stream_table_begin(&t, stdout, 1, !samples);
	t.warned = 1;
	for (p = 0; p < 2; p++)
		for (z = 0; z < 2; z++) {
			series(&ser, &job, 5, z ? 3.3e6 : 1.2e6, p ? DISTURBED : PLAIN, 1, 0);
			if (samples)
				ct_stream_size_header(stdout, &in[z]);
			ct_stream_table_add_info(&t, places[p], &in[z], &isa, &ser, 1);
			ct_series_free(&ser, 1);
		}
	ct_stream_table_end(&t, &m);
	return 0;
}

/*
 * An all-core run of two kernels over three threads, made up: pinned,
 * two performance cpus (0, 2) and an efficiency cpu (5), each kind with
 * its reference; unpinned, three threads in one group of unknown kind.
 */
static int allcore_main(int argc, char **argv)
{
	struct ct_allcore a;
	struct ct_allcore_thread th[3];
	struct ct_allcore_group gr[2];
	struct ct_job jobs[3][2];
	struct ct_series tser[3][2], single[2][2], all[2][2];
	uint64_t sample_ns[2] = { 4000000, 2500000 };
	static const int cpu[3] = { 0, 2, 5 };
	static const size_t group_of[3] = { 0, 0, 1 };
	struct ct_machine m;
	enum ct_format fmt;
	int samples = 0, pinned = 1, i;
	size_t g, k;

	if (argc < 1 || ct_format_parse(argv[0], &fmt) < 0)
		return 99;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "samples") == 0)
			samples = 1;
		else if (strcmp(argv[i], "unpinned") == 0)
			pinned = 0;
		else
			return 99;
	}
	machine(&m);
	memset(&a, 0, sizeof(a));
	memset(th, 0, sizeof(th));
	memset(gr, 0, sizeof(gr));
	a.pinned = pinned;
	a.n = 3;
	a.t = th;
	a.ngroups = pinned ? 2 : 1;
	a.g = gr;
	a.nk = 2;
	a.sample_ns = sample_ns;
	for (i = 0; i < 3; i++) {
		th[i].cpu = pinned ? cpu[i] : -1;
		th[i].group = pinned ? group_of[i] : 0;
		if (pinned) {
			snprintf(th[i].name, sizeof(th[i].name), "allcore-cpu%d", cpu[i]);
			ct_cpuset_set(&a.cpus, cpu[i]);
			ct_cpuset_set(&gr[group_of[i]].cpus, cpu[i]);
		} else {
			snprintf(th[i].name, sizeof(th[i].name), "allcore-thread%d", i);
		}
		th[i].k = jobs[i];
		th[i].ser = tser[i];
		for (k = 0; k < 2; k++) {
			jobs[i][k] = kernels[k ? 3 : 0];
			series(&tser[i][k], &jobs[i][k], 4, (k ? 2e6 : 1e6) * (1 + 0.4 * group_of[i]),
			       PLAIN, 1, 0);
		}
	}
	for (g = 0; g < a.ngroups; g++) {
		static const char *const names[] = { "performance", "efficiency" };
		const char *name = pinned ? names[g] : "all";
		size_t ref = pinned ? (g ? 2 : 1) : 2;

		snprintf(gr[g].name, sizeof(gr[g].name), "%s", name);
		gr[g].kind = pinned ? names[g] : "unknown";
		gr[g].nthreads = pinned ? (g ? 1 : 2) : 3;
		gr[g].ref = ref;
		if (pinned)
			snprintf(gr[g].single_name, sizeof(gr[g].single_name), "single-cpu%d", cpu[ref]);
		else
			snprintf(gr[g].single_name, sizeof(gr[g].single_name), "single-thread%zu", ref);
		snprintf(gr[g].union_name, sizeof(gr[g].union_name), "allcore-%s", name);
		gr[g].single = single[g];
		gr[g].all = all[g];
		for (k = 0; k < 2; k++) {
			series(&single[g][k], &jobs[ref][k], 4, (k ? 1.6e6 : 0.8e6) * (1 + 0.4 * g), PLAIN,
			       1, 0);
			series(&all[g][k], &jobs[ref][k], (unsigned)(4 * gr[g].nthreads),
			       (k ? 2e6 : 1e6) * (1 + 0.4 * g), PLAIN, 1, 0);
		}
	}
	ct_allcore_write(stdout, fmt, "ct-fma", samples, &m, &a, NULL, NULL);
	for (i = 0; i < 3; i++)
		ct_series_free(tser[i], 2);
	for (g = 0; g < a.ngroups; g++) {
		ct_series_free(single[g], 2);
		ct_series_free(all[g], 2);
	}
	return 0;
}

int main(int argc, char **argv)
{
	ct_init(argv);
	if (argc < 2)
		return 99;
	if (strcmp(argv[1], "version") == 0) {
		puts(PACKAGE_VERSION);
		return 0;
	}
	if (strcmp(argv[1], "out") == 0)
		return out_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "placements") == 0)
		return placements_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "observe") == 0)
		return observe_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "stream") == 0)
		return stream_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "allcore") == 0)
		return allcore_main(argc - 2, argv + 2);
	return 99;
}

/*
 * ct-place/probe.c - the probe of ct-place -l --measure (ct-place/probe.h): the
 * add-chain and FMA jobs of ct-clock and ct-fma, run by the harness on each
 * cpu's pinned worker, the cpus in interleaved rounds (measure/rounds.h),
 * summarized as medians on the thread CPU time basis.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/stats.h"
#include "measure/harness.h"
#include "measure/rounds.h"
#include "platform/place.h"
#include "ct-place/probe.h"
#include "workloads/clock.h"
#include "workloads/fma.h"
#include "platform/isa.h"

/*
 * The widest ISA this cpu runs with an FMA kernel compiled in: read while
 * pinned, since an E-core may lack one a P-core has.
 */
static enum ct_isa widest_isa(void)
{
	static const enum ct_isa order[] = { CT_ISA_AVX512, CT_ISA_AVX2, CT_ISA_NEON };
	unsigned mask = ct_cpu_isa_mask();
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(order); i++)
		if ((mask & (1u << order[i])) && ct_isa_compiled(order[i]) && ct_fma_desc(order[i]))
			return order[i];
	return CT_ISA_SCALAR;
}

/*
 * The median of v[0..n) (sorted here), and in *range its spread: the
 * interquartile range over the median, which one preempted sample of
 * seven does not widen.
 */
static double median_range(double *v, unsigned n, double *range)
{
	double med = ct_median_inplace(v, n);

	*range = med > 0 ? (v[(3 * n) / 4] - v[n / 4]) / med : NAN;
	return med;
}

/* A cpu's probe: its pinned worker, its two jobs and their samples. */
struct probe {
	int cpu;
	struct ct_measured *m;
	struct ct_worker w;
	struct ct_job k[2];
	struct ct_series ser[2];
	struct ct_clock clk;
	struct ct_fma *fma;
	int started, begun;
};

/* In the cpu's own thread: its widest ISA, its jobs made there. */
static void probe_setup(void *arg)
{
	struct probe *p = arg;
	enum ct_isa isa = widest_isa();

	snprintf(p->m->isa, sizeof(p->m->isa), "%s", ct_isa_name(isa));
	ct_clock_kernel(&p->k[0], &p->clk, CT_PROBE_ADDS);
	p->fma = ct_fma_new(isa, CT_PROBE_PASSES, &p->k[1]);
}

/* The medians of a probe's samples into its m (ok, or why). */
static void probe_figures(struct probe *p)
{
	struct ct_measured *m = p->m;
	double g[CT_PROBE_REPS], f[CT_PROBE_REPS], rg, rf;
	unsigned i, ng = 0, nf = 0;

	for (i = 0; i < p->ser[0].n && i < CT_PROBE_REPS; i++)
		g[ng++] = ct_sample_rate(&p->k[0], &p->ser[0].s[i], CT_BASIS_CPU);
	/* FMAs per ns of thread CPU time. */
	for (i = 0; i < p->ser[1].n && i < CT_PROBE_REPS; i++)
		if (p->ser[1].s[i].cpu_ns > 0)
			f[nf++] = p->k[1].insn_work / (double)p->ser[1].s[i].cpu_ns;
	if (ng == 0 || nf == 0) {
		snprintf(m->why, sizeof(m->why), "no timed sample on cpu %d", p->cpu);
		return;
	}
	/*
	 * Per cycle at the clock the chain measured on the same basis: the
	 * brackets' cycles of each short call read noisier on a shared cpu
	 * than the chain's median.
	 */
	m->ghz = median_range(g, ng, &rg);
	for (i = 0; i < nf; i++)
		f[i] /= m->ghz;
	m->fma_cycle = median_range(f, nf, &rf);
	m->spread = rg > rf ? rg : rf;
	m->ok = 1;
}

void ct_probe_cpus(const int *cpus, size_t n, struct ct_measured *m)
{
	struct probe *p = ct_xcalloc(n ? n : 1, sizeof(*p));
	size_t *order = ct_xcalloc(n ? n : 1, sizeof(*order)), i, live = 0;
	struct ct_placement pl;
	struct ct_harness h;
	char how[160];
	uint64_t seed = ct_rounds_seed();
	unsigned r;

	memset(&h, 0, sizeof(h));
	h.reps = CT_PROBE_REPS;
	h.settle_ns = CT_SETTLE_NS_QUICK;
	/* No brackets: FMA per cycle is read at the chain's own clock. */
	h.bracket_adds = 0;
	/* Each cpu's worker pinned, its jobs made and warmed up there. */
	for (i = 0; i < n; i++) {
		memset(&m[i], 0, sizeof(m[i]));
		m[i].cpu = cpus[i];
		p[i].cpu = cpus[i];
		p[i].m = &m[i];
		memset(&pl, 0, sizeof(pl));
		pl.kind = CT_PLACE_PIN;
		pl.cpu = cpus[i];
		snprintf(pl.name, sizeof(pl.name), "cpu%d", cpus[i]);
		if (ct_worker_start(&p[i].w, &pl, how, sizeof(how), m[i].why, sizeof(m[i].why)) < 0)
			continue;
		p[i].started = 1;
		ct_worker_call(&p[i].w, probe_setup, &p[i]);
		if (ct_worker_begin(&p[i].w, &h, p[i].k, 2, p[i].ser, m[i].why,
				    sizeof(m[i].why)) < 0)
			continue;
		p[i].begun = 1;
		live++;
	}
	/* The cpus in turns, each round in an order of its own. */
	for (r = 0; r < CT_PROBE_REPS && live; r++) {
		ct_rounds_order(seed, r, n, order);
		for (i = 0; i < n; i++) {
			struct probe *x = &p[order[i]];

			if (x->begun && ct_worker_round(&x->w, r, (unsigned)i + 1, 0, x->m->why,
							sizeof(x->m->why)) < 0) {
				x->begun = 0;
				live--;
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (p[i].started)
			ct_worker_stop(&p[i].w, p[i].begun, CT_STOP_REPS);
		if (p[i].begun)
			probe_figures(&p[i]);
		ct_series_free(p[i].ser, 2);
		ct_fma_free(p[i].fma);
	}
	free(order);
	free(p);
}

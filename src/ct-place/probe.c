/*
 * ct-place/probe.c - the probe of ct-place -l --measure (ct-place/probe.h): the
 * add-chain and FMA jobs of ct-clock and ct-fma, run by the harness on one
 * pinned cpu, summarized as medians on the thread CPU time basis.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/stats.h"
#include "measure/harness.h"
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

int ct_probe_cpu(int cpu, struct ct_measured *m)
{
	struct ct_harness h;
	struct ct_job k[2];
	struct ct_series ser[2];
	struct ct_clock clk;
	struct ct_fma *fma;
	enum ct_isa isa;
	double g[CT_PROBE_REPS], f[CT_PROBE_REPS], rg, rf;
	unsigned i, ng = 0, nf = 0;
	int rc;

	memset(m, 0, sizeof(*m));
	m->cpu = cpu;
	if (ct_place_pin(cpu, m->why, sizeof(m->why)) < 0)
		return -1;
	isa = widest_isa();
	snprintf(m->isa, sizeof(m->isa), "%s", ct_isa_name(isa));
	memset(&h, 0, sizeof(h));
	h.reps = CT_PROBE_REPS;
	h.settle_ns = CT_SETTLE_NS_QUICK;
	/* No brackets: FMA per cycle is read at the chain's own clock. */
	h.bracket_adds = 0;
	ct_clock_kernel(&k[0], &clk, CT_PROBE_ADDS);
	fma = ct_fma_new(isa, CT_PROBE_PASSES, &k[1]);
	rc = ct_harness_run(&h, k, 2, ser, m->why, sizeof(m->why));
	if (rc == 0) {
		for (i = 0; i < ser[0].n && i < CT_PROBE_REPS; i++)
			g[ng++] = ct_sample_rate(&k[0], &ser[0].s[i], CT_BASIS_CPU);
		/* FMAs per ns of thread CPU time. */
		for (i = 0; i < ser[1].n && i < CT_PROBE_REPS; i++)
			if (ser[1].s[i].cpu_ns > 0)
				f[nf++] = k[1].insn_work / (double)ser[1].s[i].cpu_ns;
		if (ng == 0 || nf == 0) {
			snprintf(m->why, sizeof(m->why), "no timed sample on cpu %d", cpu);
			rc = -1;
		} else {
			/*
			 * Per cycle at the clock the chain measured on the same
			 * basis: the brackets' cycles of each short call read
			 * noisier on a shared cpu than the chain's median.
			 */
			m->ghz = median_range(g, ng, &rg);
			for (i = 0; i < nf; i++)
				f[i] /= m->ghz;
			m->fma_cycle = median_range(f, nf, &rf);
			m->spread = rg > rf ? rg : rf;
			m->ok = 1;
		}
	}
	ct_series_free(ser, 2);
	ct_fma_free(fma);
	return rc < 0 ? -1 : 0;
}

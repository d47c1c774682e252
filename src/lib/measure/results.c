/*
 * measure/results.c - the results step: the statistics of every series on
 * each basis (ct_summarize) and every ratio of medians the writers show,
 * each computed once, here.  The writers take what this fills and only
 * format it.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "measure/ceiling.h"
#include "core/mann-whitney.h"
#include "core/signed-rank.h"
#include "measure/results.h"

/* The counter statistics of a summary, over the samples that were counted. */
static void summarize_counters(const struct ct_series *ser, enum ct_basis b,
			       struct ct_summary *sum)
{
	const struct ct_job *k = ser->k;
	double *cyc = ct_xcalloc(ser->n + 1, sizeof(double));
	double *ins = ct_xcalloc(ser->n + 1, sizeof(double));
	double *ghz = ct_xcalloc(ser->n + 1, sizeof(double));
	double *est = ct_xcalloc(ser->n + 1, sizeof(double));
	double *ratio = ct_xcalloc(ser->n + 1, sizeof(double));
	unsigned i, n = 0, ne = 0;

	sum->counters = ser->counters;
	sum->verdict = CT_CYCLES_UNKNOWN;
	for (i = 0; i < ser->n; i++) {
		const struct ct_sample *s = &ser->s[i];
		double e;

		if (!ct_count_usable(s->count_status))
			continue;
		sum->counters_scaled += s->count_status == CT_COUNT_SCALED;
		cyc[n] = s->cycles;
		ins[n] = s->instructions;
		ghz[n] = ct_sample_counter_ghz(s);
		n++;
		e = ct_sample_cycles_est(k, s, b);
		if (isfinite(e) && e > 0) {
			est[ne] = e;
			ratio[ne] = ct_cycles_ratio(s->cycles, e);
			ne++;
		}
	}
	sum->counted = n;
	ct_stats_compute(cyc, n, &sum->cycles);
	ct_stats_compute(ins, n, &sum->instructions);
	ct_stats_compute(ghz, n, &sum->counter_ghz);
	sum->ipc = sum->cycles.median > 0 ? sum->instructions.median / sum->cycles.median : NAN;
	sum->has_estimate = ne > 0;
	ct_stats_compute(est, ne, &sum->cycles_est);
	ct_stats_compute(ratio, ne, &sum->cycles_ratio);
	if (ne)
		sum->verdict = ct_cycles_verdict(sum->cycles_ratio.median);
	free(cyc);
	free(ins);
	free(ghz);
	free(est);
	free(ratio);
}

int ct_summary_precision_missed(const struct ct_summary *s)
{
	return s->precision_pct > 0 && s->stopped_by != CT_STOP_PRECISION;
}

double ct_samples_share(const struct ct_sample *s, size_t n)
{
	double wall = 0, cpu = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		wall += (double)s[i].wall_ns + (double)s[i].pre_wall_ns + (double)s[i].post_wall_ns +
			(double)s[i].reads_ns / 2;
		cpu += (double)s[i].cpu_ns + (double)s[i].pre_cpu_ns + (double)s[i].post_cpu_ns;
	}
	return wall > 0 ? cpu / wall : NAN;
}

int ct_per_cycle_enough(unsigned used, unsigned n, char *why, size_t len)
{
	if (used >= CT_PER_CYCLE_MIN_SAMPLES)
		return 1;
	snprintf(why, len, "%u of %u samples undisturbed (call and brackets >= %.0f%% of wall), "
		 "%d needed", used, n, 100 * CT_DESCHEDULED_SHARE, CT_PER_CYCLE_MIN_SAMPLES);
	return 0;
}

/*
 * The per-cycle figures over the undisturbed samples only: a bracket that
 * lost its cpu for part of its time reads a slow clock, and the quotient
 * over it an impossible rate (a 2.5 FMA/cycle seen on a core that retires
 * one).  Below CT_PER_CYCLE_MIN_SAMPLES of them, no figure.
 */
static void summarize_per_cycle(const struct ct_series *ser, enum ct_basis b,
				struct ct_summary *sum)
{
	const struct ct_job *k = ser->k;
	double *pc = ct_xcalloc(ser->n + 1, sizeof(double));
	double *ipc = ct_xcalloc(ser->n + 1, sizeof(double));
	double *ghz = ct_xcalloc(ser->n + 1, sizeof(double));
	unsigned i, n = 0;

	sum->per_cycle_ceiling = sum->insn_ceiling = sum->per_cycle_margin = NAN;
	if (!k->per_cycle_unit)
		goto out;
	for (i = 0; i < ser->n; i++) {
		const struct ct_sample *s = &ser->s[i];

		if (ct_sample_disturbed(s))
			continue;
		pc[n] = ct_sample_per_cycle(k, k->per_cycle_work, s, b);
		ipc[n] = ct_sample_per_cycle(k, k->insn_work, s, b);
		ghz[n] = s->clock_ghz;
		n++;
	}
	sum->per_cycle_used = n;
	if (!ct_per_cycle_enough(n, ser->n, sum->per_cycle_why, sizeof(sum->per_cycle_why)))
		n = 0;
	ct_stats_compute(pc, n, &sum->per_cycle);
	if (k->insn_unit)
		ct_stats_compute(ipc, n, &sum->insn_per_cycle);
	if (!n) {
		sum->per_cycle.median = sum->per_cycle.cv_pct = NAN;
		sum->insn_per_cycle.median = sum->insn_per_cycle.cv_pct = NAN;
		goto out;
	}
	/* A flop ceiling follows from the FMA one: flops per FMA are the kernel's. */
	if (k->insn_unit && k->insn_work > 0) {
		sum->insn_ceiling = ct_ceiling(k->isa, k->insn_unit);
		sum->per_cycle_ceiling = sum->insn_ceiling * k->per_cycle_work / k->insn_work;
	} else {
		sum->per_cycle_ceiling = ct_ceiling(k->isa, k->per_cycle_unit);
	}
	/* Beyond the ceiling by more than the figure's own error (ceiling.h). */
	sum->per_cycle_margin = ct_ceiling_margin(ghz, n);
	sum->per_cycle_implausible = ct_ceiling_exceeded(sum->per_cycle.median,
							 sum->per_cycle_ceiling, sum->per_cycle_margin);
	sum->insn_implausible = k->insn_unit &&
				ct_ceiling_exceeded(sum->insn_per_cycle.median, sum->insn_ceiling,
						    sum->per_cycle_margin);
out:
	free(pc);
	free(ipc);
	free(ghz);
}

void ct_summarize(const struct ct_series *ser, enum ct_basis b,
		  struct ct_summary *sum)
{
	const struct ct_job *k = ser->k;
	double *rate = ct_xcalloc(ser->n + 1, sizeof(double));
	struct ct_cpuset seen;
	unsigned i;

	memset(sum, 0, sizeof(*sum));
	sum->k = k;
	sum->basis = b;
	sum->reps = ser->n;
	sum->verified = ser->verified;
	sum->precision_pct = ser->precision_pct;
	ct_cpuset_zero(&seen);
	for (i = 0; i < ser->n; i++) {
		const struct ct_sample *s = &ser->s[i];

		rate[i] = ct_sample_rate(k, s, b);
		sum->descheduled += ct_sample_disturbed(s);
		ct_cpuset_set(&seen, s->cpu_start);
		ct_cpuset_set(&seen, s->cpu_end);
		sum->migrated += s->cpu_start != s->cpu_end;
	}
	ct_stats_compute(rate, ser->n, &sum->rate);
	ct_median_ci(rate, ser->n, &sum->ci_low, &sum->ci_high, &sum->ci_halfwidth_pct);
	sum->stopped_by = ser->stopped_by;
	summarize_counters(ser, b, sum);
	summarize_per_cycle(ser, b, sum);
	sum->cpu_share = ct_samples_share(ser->s, ser->n);
	sum->share_error = sum->cpu_share > CT_SHARE_MAX;
	ct_cpuset_format(&seen, sum->cpus, sizeof(sum->cpus));
	if (!sum->cpus[0])
		snprintf(sum->cpus, sizeof(sum->cpus), "unknown");
	free(rate);
}

void ct_results_series(const struct ct_series *ser, struct ct_results *r)
{
	int b;

	r->ser = ser;
	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		ct_summarize(ser, (enum ct_basis)b, &r->b[b]);
		r->ratio[b] = r->ratio_lo[b] = r->ratio_hi[b] = r->ratio_p[b] = NAN;
		r->ratio_same[b] = -1;
	}
}

/*
 * r's median rates over ref's, on each basis: the one place a ratio of
 * medians is taken; none where ref's median is not positive.
 */
void ct_results_ratio_to(struct ct_results *r, const struct ct_results *ref, double none)
{
	int b;

	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		double m = ref->b[b].rate.median;

		r->ratio[b] = m > 0 ? r->b[b].rate.median / m : none;
	}
}

/* A series' rates on a basis, every sample's (as its median's), in v (freed by the caller). */
static double *rates(const struct ct_series *ser, enum ct_basis b)
{
	double *v = ct_xcalloc(ser->n + 1, sizeof(double));
	unsigned i;

	for (i = 0; i < ser->n; i++)
		v[i] = ct_sample_rate(ser->k, &ser->s[i], b);
	return v;
}

void ct_results_ratio_interval(struct ct_results *r, const struct ct_results *ref, double alpha)
{
	int b;

	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		double *x, *y, est;
		struct ct_utest u;

		r->ratio_lo[b] = r->ratio_hi[b] = r->ratio_p[b] = NAN;
		r->ratio_same[b] = -1;
		if (!isfinite(r->ratio[b]) || !r->ser || !ref->ser || r->ser == ref->ser)
			continue;
		x = rates(ref->ser, (enum ct_basis)b);
		y = rates(r->ser, (enum ct_basis)b);
		if (ct_utest(x, ref->ser->n, y, r->ser->n, &u) == 0)
			r->ratio_p[b] = u.p;
		if (ct_ratio_ci(x, ref->ser->n, y, r->ser->n, alpha, &est, &r->ratio_lo[b],
				&r->ratio_hi[b]) == 0)
			r->ratio_same[b] = r->ratio_lo[b] <= 1 && 1 <= r->ratio_hi[b];
		free(x);
		free(y);
	}
}

double ct_results_median_ratio(double median, double ref_median)
{
	return ref_median > 0 ? median / ref_median : NAN;
}

enum ct_trust ct_cpu_basis_trust(double cpu_clock_ghz, double undisturbed_ghz)
{
	if (!(cpu_clock_ghz > 0) || !(undisturbed_ghz > 0) || !isfinite(cpu_clock_ghz) ||
	    !isfinite(undisturbed_ghz))
		return CT_TRUST_UNKNOWN;
	return cpu_clock_ghz < CT_CPU_BASIS_TRUST * undisturbed_ghz ? CT_TRUST_NO : CT_TRUST_YES;
}

double ct_series_undisturbed_clock(const struct ct_series *ser, size_t n)
{
	struct ct_stats st;
	double *ghz;
	size_t i, all = 0, m = 0;
	unsigned j;

	for (i = 0; i < n; i++)
		all += ser[i].n;
	ghz = ct_xcalloc(all + 1, sizeof(double));
	for (i = 0; i < n; i++)
		for (j = 0; j < ser[i].n; j++)
			if (ser[i].s[j].clock_ghz > 0)
				ghz[m++] = ser[i].s[j].clock_ghz;
	ct_stats_compute(ghz, m, &st);
	free(ghz);
	return m ? st.median : NAN;
}

/* The rounds both series have, in round order: their indices into si and ri. */
static size_t same_rounds(const struct ct_series *ser, const struct ct_series *ref, unsigned *si,
			  unsigned *ri)
{
	unsigned i = 0, j = 0;
	size_t m = 0;

	while (i < ser->n && j < ref->n) {
		if (ser->s[i].rep < ref->s[j].rep) {
			i++;
		} else if (ref->s[j].rep < ser->s[i].rep) {
			j++;
		} else {
			si[m] = i++;
			ri[m++] = j++;
		}
	}
	return m;
}

void ct_results_pair(struct ct_results *r, const struct ct_series *ser,
		     const struct ct_series *ref, double alpha, struct ct_pairs *pc)
{
	size_t cap = ser->n < ref->n ? ser->n : ref->n, m, i, used;
	unsigned *si, *ri;
	double *x, *y;
	struct ct_paired pr;
	int b;

	memset(pc, 0, sizeof(*pc));
	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		r->ratio[b] = r->ratio_lo[b] = r->ratio_hi[b] = r->ratio_p[b] = NAN;
		r->ratio_same[b] = -1;
	}
	if (ser == ref) {
		r->ratio[CT_BASIS_WALL] = r->ratio[CT_BASIS_CPU] = 1;
		return;
	}
	cap = cap ? cap : 1;
	si = ct_xcalloc(cap, sizeof(*si));
	ri = ct_xcalloc(cap, sizeof(*ri));
	x = ct_xcalloc(cap, sizeof(*x));
	y = ct_xcalloc(cap, sizeof(*y));
	m = same_rounds(ser, ref, si, ri);
	for (i = 0; i < m; i++)
		if (ct_sample_disturbed(&ser->s[si[i]]) || ct_sample_disturbed(&ref->s[ri[i]]))
			pc->disturbed++;
	pc->kept_disturbed = 2 * (size_t)pc->disturbed > m;
	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		used = 0;
		for (i = 0; i < m; i++) {
			const struct ct_sample *s = &ser->s[si[i]], *t = &ref->s[ri[i]];

			if (!pc->kept_disturbed && (ct_sample_disturbed(s) || ct_sample_disturbed(t)))
				continue;
			x[used] = ct_sample_rate(ref->k, t, (enum ct_basis)b);
			y[used] = ct_sample_rate(ser->k, s, (enum ct_basis)b);
			used++;
		}
		pc->used = (unsigned)used;
		if (ct_paired_ratio(x, y, used, alpha, &pr) < 0)
			continue;
		r->ratio[b] = pr.ratio;
		r->ratio_lo[b] = pr.lo;
		r->ratio_hi[b] = pr.hi;
		r->ratio_p[b] = pr.p;
		if (isfinite(pr.lo) && isfinite(pr.hi))
			r->ratio_same[b] = pr.lo <= 1 && 1 <= pr.hi;
	}
	free(si);
	free(ri);
	free(x);
	free(y);
}

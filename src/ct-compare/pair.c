/*
 * ct-compare/pair.c - every NEW paired with BASE and each pair tested.
 *
 * A series is matched on tool, kernel, ISA, placement, size and unit;
 * each matched series gives a row per figure: the rate on each basis, the
 * per-cycle figure on each basis where the kernel has one, and the cpu
 * share.  With samples on both sides a row has the U test and the
 * Hodges-Lehmann interval of the ratio (mann-whitney.h); with summaries on a
 * side, the ratio of the medians alone.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "core/mann-whitney.h"
#include "ct-compare/compare.h"
#include "measure/results.h"
#include "core/stats.h"
#include "workloads/stream.h"

const char *ct_figure_name(enum ct_figure f)
{
	switch (f) {
	case CT_FIG_RATE:
		return "rate";
	case CT_FIG_PER_CYCLE:
		return "per-cycle";
	case CT_FIG_SHARE:
		return "cpu-share";
	}
	return "?";
}

/*
 * A figure as a row names it: a rate in seconds is a time (ct-place
 * --bench's runs), where a ratio above 1 is slower, not faster.
 */
const char *ct_figure_label(enum ct_figure f, const char *unit)
{
	return f == CT_FIG_RATE && unit && strcmp(unit, "s") == 0 ? "time" : ct_figure_name(f);
}

const char *ct_figure_change(enum ct_figure f, const char *unit, double ratio)
{
	int up = ratio > 1;

	if (f == CT_FIG_SHARE)
		return up ? "higher" : "lower";
	if (strcmp(ct_figure_label(f, unit), "time") == 0)
		up = !up;
	return up ? "faster" : "slower";
}

const char *ct_compare_basis_name(const struct ct_compare_row *r)
{
	return r->basis < 0 ? "cpu/wall" : ct_basis_name((enum ct_basis)r->basis);
}

const struct ct_run_series *ct_compare_side(const struct ct_compare_row *r)
{
	return r->a ? r->a : r->b;
}

static int same_num(double a, double b)
{
	return isnan(a) ? isnan(b) : a == b;
}

int ct_compare_same_result(const struct ct_run_series *a, const struct ct_run_series *b)
{
	return strcmp(a->tool, b->tool) == 0 && strcmp(a->kernel, b->kernel) == 0 &&
	       strcmp(a->placement, b->placement) == 0 && strcmp(a->unit, b->unit) == 0 &&
	       same_num(a->size, b->size) && same_num(a->chains, b->chains);
}

int ct_compare_same_reader(const struct ct_run_series *a, const struct ct_run_series *b)
{
	return strcmp(a->isa, b->isa) == 0 &&
	       (a->loop && b->loop ? strcmp(a->loop, b->loop) == 0 : !a->loop && !b->loop) &&
	       same_num(a->prefetch, b->prefetch);
}

/*
 * "avx2/prefetch", "scalar, 4 chains": the ISA, the loop, the prefetch
 * distance where it is not the loop's own (a prefetching loop's is
 * CT_STREAM_PREFETCH, the others' none), the chains.
 */
void ct_compare_reader_text(const struct ct_run_series *s, char *buf, size_t len)
{
	int n, pf = s->loop && strcmp(s->loop, "prefetch") == 0 ? CT_STREAM_PREFETCH : 0;

	n = snprintf(buf, len, "%s%s%s", s->isa, s->loop ? "/" : "", s->loop ? s->loop : "");
	if (n >= 0 && (size_t)n < len && isfinite(s->prefetch) && s->prefetch != pf)
		n += snprintf(buf + n, len - (size_t)n, " (prefetch %.0f bytes)", s->prefetch);
	if (n >= 0 && (size_t)n < len && isfinite(s->chains))
		snprintf(buf + n, len - (size_t)n, ", %.0f chain%s", s->chains,
			 s->chains == 1 ? "" : "s");
}

static int series_match(const struct ct_run_series *a, const struct ct_run_series *b)
{
	return ct_compare_same_result(a, b) && ct_compare_same_reader(a, b);
}

/* The figures of a series: how many, and the i-th's figure and basis. */
static size_t nfigures(const struct ct_run_series *s)
{
	return s->pc_unit ? 5 : 3;
}

static void figure(const struct ct_run_series *s, size_t i, enum ct_figure *f, int *basis)
{
	static const enum ct_figure figs[5] = {
		CT_FIG_RATE, CT_FIG_RATE, CT_FIG_SHARE, CT_FIG_PER_CYCLE, CT_FIG_PER_CYCLE
	};
	static const int bases[5] = { CT_BASIS_WALL, CT_BASIS_CPU, -1, CT_BASIS_WALL, CT_BASIS_CPU };

	(void)s;
	*f = figs[i];
	*basis = bases[i];
}

static const char *figure_unit(const struct ct_run_series *s, enum ct_figure f)
{
	return f == CT_FIG_RATE ? s->unit : f == CT_FIG_PER_CYCLE ? s->pc_unit : "share";
}

/*
 * A side's values of a figure: the finite ones of its samples, in v (freed
 * by the caller).  The per-cycle figure from the undisturbed samples only
 * and the share of each sample with its brackets: the tools' own
 * definitions (ct_sample_disturbed, ct_sample_share, measure/results.h).
 */
static size_t values(const struct ct_run_series *s, enum ct_figure f, int basis, double **v)
{
	size_t i, k = 0;

	*v = ct_xmalloc((s->n ? s->n : 1) * sizeof(**v));
	for (i = 0; i < s->n; i++) {
		double x;

		if (f == CT_FIG_RATE)
			x = s->v[basis][i];
		else if (f == CT_FIG_PER_CYCLE)
			x = ct_sample_disturbed(&s->smp[i]) ? NAN : s->pc[basis][i];
		else
			x = ct_sample_share(&s->smp[i]);
		if (isfinite(x))
			(*v)[k++] = x;
	}
	return k;
}

/*
 * A side's figure per run: the median of each run's values (as values()
 * takes them), in *v; the runs with any.  benchstat's unit: a run is one
 * observation, so what the host moved between runs (a Firecracker guest's
 * 64 MiB read moved by up to 33 % between back-to-back runs whose own
 * samples spread 5 %) is in the test, not called a change.
 */
static size_t run_medians(const struct ct_run_series *s, enum ct_figure f, int basis, double **v)
{
	struct ct_run_series one = *s;	/* a view of one run's samples, for values() */
	size_t i, m, k = 0, cap = s->n ? s->n : 1;
	unsigned run;
	int b;

	*v = ct_xmalloc((s->runs ? s->runs : 1) * sizeof(**v));
	for (b = 0; b < 2; b++) {
		one.v[b] = ct_xmalloc(cap * sizeof(double));
		one.pc[b] = ct_xmalloc(cap * sizeof(double));
	}
	one.smp = ct_xmalloc(cap * sizeof(*one.smp));
	for (run = 0; run < s->runs; run++) {
		struct ct_stats st;
		double *x;
		size_t got;

		for (i = m = 0; i < s->n; i++) {
			if (s->run[i] != run)
				continue;
			for (b = 0; b < 2; b++) {
				one.v[b][m] = s->v[b][i];
				one.pc[b][m] = s->pc[b][i];
			}
			one.smp[m++] = s->smp[i];
		}
		one.n = m;
		got = m ? values(&one, f, basis, &x) : 0;
		if (got) {
			ct_stats_compute(x, got, &st);
			(*v)[k++] = st.median;
		}
		if (m)
			free(x);
	}
	for (b = 0; b < 2; b++) {
		free(one.v[b]);
		free(one.pc[b]);
	}
	free(one.smp);
	return k;
}

/* A side's disturbed samples: of its samples, or as its summaries count them. */
static size_t disturbed(const struct ct_run_series *s)
{
	size_t i, d = 0;

	if (!s->n)
		return s->sum_disturbed;
	for (i = 0; i < s->n; i++)
		d += (size_t)ct_sample_disturbed(&s->smp[i]);
	return d;
}

/*
 * A side's median of a figure from its samples: the summary's statistic
 * over the same values (the share pooled over the samples' times, as the
 * summary's cpu_share), NaN where the per-cycle figure has too few
 * undisturbed samples; why gets the reason.
 */
static double sample_median(const struct ct_run_series *s, enum ct_figure f, const double *v,
			    size_t n, char *why, size_t len)
{
	struct ct_stats st;

	if (f == CT_FIG_SHARE)
		return ct_samples_share(s->smp, s->n);
	if (f == CT_FIG_PER_CYCLE && !ct_per_cycle_enough((unsigned)n, (unsigned)s->n, why, len))
		return NAN;
	ct_stats_compute(v, n, &st);
	return st.median;
}

/* A side's median of a figure from its summary; why gets the summary's own reason for none. */
static double summary_median(const struct ct_run_series *s, enum ct_figure f, int basis,
			     char *why, size_t len)
{
	if (f == CT_FIG_SHARE)
		return s->sum_share;
	if (!s->has_sum[basis])
		return NAN;
	if (f == CT_FIG_PER_CYCLE && isnan(s->sum_pc[basis]) && s->sum_pc_why)
		snprintf(why, len, "%s", s->sum_pc_why);
	return f == CT_FIG_RATE ? s->sum_median[basis] : s->sum_pc[basis];
}

/* Whether every value is the same: a figure with no spread to test against. */
static int no_spread(const double *v, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] != v[0])
			return 0;
	return 1;
}

/*
 * A side's work of one call (value times time): a constant of a run, NaN
 * without samples or where the samples disagree beyond the records'
 * rounding (made-up records), which then say nothing of it.
 */
#define CT_COMPARE_WORK_TOL 1e-3
static double work(const struct ct_run_series *s)
{
	struct ct_stats st;

	if (!s->n)
		return NAN;
	ct_stats_compute(s->work, s->n, &st);
	return st.min > 0 && st.max / st.min - 1 <= CT_COMPARE_WORK_TOL ? st.median : NAN;
}

/*
 * Why two sides measured different work per sample, or "" where they did
 * not: the work of a call from the samples (a relative difference over
 * CT_COMPARE_WORK_TOL), else the work the summaries name (--passes, an
 * array size).
 */
static void work_differs(const struct ct_run_series *a, const struct ct_run_series *b,
			 char *why, size_t len)
{
	double wa = work(a), wb = work(b);

	why[0] = '\0';
	if (wa > 0 && wb > 0 && fabs(wb / wa - 1) > CT_COMPARE_WORK_TOL)
		snprintf(why, len, "work per sample differs: new %.4g x base's "
			 "(QUICK against a full run, another -n or --passes?)", wb / wa);
	else if (a->work_text && b->work_text && strcmp(a->work_text, b->work_text) != 0)
		snprintf(why, len, "work per sample differs: base %.60s, new %.60s", a->work_text,
			 b->work_text);
}

static void no_verdict(struct ct_compare_row *r, const char *side, const char *why)
{
	if (r->why[0])
		return;
	r->changed = -1;
	snprintf(r->why, sizeof(r->why), "%s%s%.140s", side ? side : "", side ? ": " : "", why);
}

/*
 * A result whose samples ran on more than one kind of core (a migrated
 * thread, a fleet of mixed machines), or on another kind than base's
 * under the same key, averages what should be compared kind by kind.
 */
static void kinds_differ(struct ct_compare_row *r)
{
	const char *ka = r->a->kinds, *kb = r->b->kinds;
	char why[160];

	if (ka && kb && strcmp(ka, kb) != 0) {
		snprintf(why, sizeof(why), "kinds differ: base ran on %.60s, new on %.60s", ka, kb);
		no_verdict(r, NULL, why);
	} else if (ka && strchr(ka, ',')) {
		snprintf(why, sizeof(why), "mixed kinds (%.100s): compare them one by one", ka);
		no_verdict(r, "base", why);
	} else if (kb && strchr(kb, ',')) {
		snprintf(why, sizeof(why), "mixed kinds (%.100s): compare them one by one", kb);
		no_verdict(r, "new", why);
	}
}

/*
 * The verdict: significant, and the change at least the threshold either
 * way (a ratio of 1 + t or 1 / (1 + t)) over the whole interval at
 * --alpha where there is one, else the ratio: a run that drifted by t,
 * and is as noisy as a shared host makes it, is not called a change.
 */
static int beyond(const struct ct_compare_row *r, double threshold)
{
	return ct_ratio_beyond(r->ratio, r->verdict_lo, r->verdict_hi, threshold);
}

/* The z with P(Z > z) = q of a standard normal Z (0 < q < 1/2), by bisection. */
static double z_above(double q)
{
	double lo = 0, hi = 40;
	int i;

	for (i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;

		if (0.5 * erfc(mid / sqrt(2.0)) > q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/*
 * The delete-one jackknife variance of a side's log share, the share as
 * the tools pool it (ct_samples_share: a long sample weighs more); NaN
 * under two samples or where a share left is not positive.
 */
static double log_share_var(const struct ct_run_series *s)
{
	struct ct_sample *t, keep;
	double *l, mean = 0, var = 0;
	size_t i, n = s->n;

	if (n < 2)
		return NAN;
	t = ct_xmalloc(n * sizeof(*t));
	l = ct_xmalloc(n * sizeof(*l));
	memcpy(t, s->smp, n * sizeof(*t));
	for (i = 0; i < n; i++) {
		/* Sample i moved to the end, and left out. */
		keep = t[i];
		t[i] = t[n - 1];
		t[n - 1] = keep;
		l[i] = log(ct_samples_share(t, n - 1));
		t[n - 1] = t[i];
		t[i] = keep;
		mean += l[i] / (double)n;
	}
	for (i = 0; i < n; i++)
		var += (l[i] - mean) * (l[i] - mean);
	free(t);
	free(l);
	return isfinite(var) ? var * (double)(n - 1) / (double)n : NAN;
}

/*
 * The share's ratio is of the pooled shares (the summaries' cpu_share),
 * and so are its interval and test, not the samples' own shares: their
 * Hodges-Lehmann shift said 1.000 .. 1.000 beside a pooled ratio of
 * 0.853.  The log ratio's jackknife variance is the two sides' added;
 * the interval and the two-sided p are the normal ones about it, so that
 * the ratio is always inside its interval.
 */
static void share_test(struct ct_compare_row *r, const struct ct_compare *c)
{
	double lr = log(r->med_b / r->med_a), se = sqrt(log_share_var(r->a) + log_share_var(r->b));

	if (!isfinite(lr) || !(se >= 0))
		return;
	r->test = CT_TEST_JACKKNIFE;
	r->p = se > 0 ? erfc(fabs(lr) / se / sqrt(2.0)) : lr == 0 ? 1 : 0;
	r->significant = r->p < c->alpha;
	r->ci_lo = exp(lr - z_above(0.025) * se);
	r->ci_hi = exp(lr + z_above(0.025) * se);
	r->verdict_lo = exp(lr - z_above(c->alpha / 2) * se);
	r->verdict_hi = exp(lr + z_above(c->alpha / 2) * se);
}

static void test_row(struct ct_compare_row *r, struct ct_compare *c)
{
	double *va = NULL, *vb = NULL, est;
	size_t na = 0, nb = 0;
	char wa[120] = "", wb[120] = "";
	int runs = 0;

	r->p = r->ci_lo = r->ci_hi = r->verdict_lo = r->verdict_hi = NAN;
	r->significant = -1;
	r->changed = -1;
	r->one_run = r->unconfirmed = 0;
	r->why[0] = '\0';
	r->test = CT_TEST_NONE;
	r->dist_a = disturbed(r->a);
	r->dist_b = disturbed(r->b);
	if (r->a->n)
		na = values(r->a, r->fig, r->basis, &va);
	if (r->b->n)
		nb = values(r->b, r->fig, r->basis, &vb);
	if (r->a->n && r->b->n) {
		struct ct_utest u;

		r->med_a = sample_median(r->a, r->fig, va, na, wa, sizeof(wa));
		r->med_b = sample_median(r->b, r->fig, vb, nb, wb, sizeof(wb));
		r->n_a = na;
		r->n_b = nb;
		if (isnan(r->med_a) || isnan(r->med_b) || !na || !nb)
			goto tested;
		if (r->fig == CT_FIG_SHARE) {
			share_test(r, c);
			goto spread;
		}
		/* Two runs or more a side: the runs' medians are what is tested. */
		if (r->a->runs >= 2 && r->b->runs >= 2) {
			double *ra, *rb;
			size_t ka = run_medians(r->a, r->fig, r->basis, &ra);
			size_t kb = run_medians(r->b, r->fig, r->basis, &rb);

			if (ka >= 2 && kb >= 2) {
				struct ct_stats st;

				/* Their medians too, so that the ratio is the one tested. */
				ct_stats_compute(ra, ka, &st);
				r->med_a = st.median;
				ct_stats_compute(rb, kb, &st);
				r->med_b = st.median;
				free(va);
				free(vb);
				va = ra;
				vb = rb;
				na = r->n_a = ka;
				nb = r->n_b = kb;
				runs = 1;
			} else {
				free(ra);
				free(rb);
			}
		}
		/* A --bench run's samples are each a process: runs already. */
		if (!runs && r->a->sample_is_run && r->b->sample_is_run)
			runs = 1;
		r->one_run = !runs;
		ct_utest(va, na, vb, nb, &u);
		r->p = u.p;
		r->test = runs ? (u.exact ? CT_TEST_RUNS_EXACT : CT_TEST_RUNS_NORMAL)
			       : (u.exact ? CT_TEST_EXACT : CT_TEST_NORMAL);
		r->significant = u.p < c->alpha;
		ct_ratio_ci(va, na, vb, nb, 0.05, &est, &r->ci_lo, &r->ci_hi);
		ct_ratio_ci(va, na, vb, nb, c->alpha, &est, &r->verdict_lo, &r->verdict_hi);
spread:
		if (no_spread(va, na) && no_spread(vb, nb))
			no_verdict(r, NULL, "no spread on either side: nothing to test against");
	} else {
		/* A side without samples: both medians as the summaries give them. */
		r->med_a = summary_median(r->a, r->fig, r->basis, wa, sizeof(wa));
		r->med_b = summary_median(r->b, r->fig, r->basis, wb, sizeof(wb));
		r->n_a = r->a->n ? r->a->n : r->a->sum_reps;
		r->n_b = r->b->n ? r->b->n : r->b->sum_reps;
		c->any_untested = 1;
	}
tested:
	r->ratio = r->med_a > 0 ? r->med_b / r->med_a : NAN;
	/* Different work first: what else is said of the row then matters less. */
	{
		char why[160];

		work_differs(r->a, r->b, why, sizeof(why));
		if (why[0])
			no_verdict(r, NULL, why);
	}
	kinds_differ(r);
	if (wa[0])
		no_verdict(r, "base", wa);
	if (wb[0])
		no_verdict(r, "new", wb);
	if (isnan(r->med_a) || isnan(r->med_b)) {
		/* A per-cycle figure left out on a side: no test of what is not shown. */
		r->p = r->ci_lo = r->ci_hi = r->verdict_lo = r->verdict_hi = NAN;
		r->significant = -1;
		r->test = CT_TEST_NONE;
	}
	/*
	 * A side mostly descheduled measures its neighbours, on either basis
	 * (a descheduled thread comes back to caches the other work filled:
	 * ct-fma's cpu basis lost 27% over 6 of 11 disturbed samples), and
	 * its few undisturbed samples ran among them too.
	 */
	{
		char why[96];

		snprintf(why, sizeof(why), "%zu of %zu samples disturbed", r->dist_a,
			 r->a->n ? r->a->n : r->a->sum_reps);
		if (2 * r->dist_a > (r->a->n ? r->a->n : r->a->sum_reps))
			no_verdict(r, "base", why);
		snprintf(why, sizeof(why), "%zu of %zu samples disturbed", r->dist_b,
			 r->b->n ? r->b->n : r->b->sum_reps);
		if (2 * r->dist_b > (r->b->n ? r->b->n : r->b->sum_reps))
			no_verdict(r, "new", why);
	}
	/*
	 * The share is what the host's other work left the thread: between
	 * two runs of one build minutes apart it moved by a factor of two
	 * (bench/compare-aa.sh), a change of the host, not of what ran.
	 */
	if (r->fig == CT_FIG_SHARE)
		no_verdict(r, NULL, "the host's other load, not a verdict");
	if (r->why[0])
		c->any_why = 1;
	else if (r->significant >= 0)
		r->changed = r->significant && beyond(r, c->threshold);
	/*
	 * One run a side: a difference its samples show is these runs', not
	 * yet the builds' or machines' (ct-compare(1)): apart, no verdict.
	 */
	if (r->changed == 1 && r->one_run) {
		r->changed = -1;
		r->unconfirmed = 1;
		snprintf(r->why, sizeof(r->why), "one run a side: apart in these runs only; "
			 "5 runs a side give a verdict");
	}
	free(va);
	free(vb);
}

/* A side's median of a figure on its own (its samples', else its summary's), and its count. */
static double side_median(const struct ct_run_series *s, enum ct_figure f, int basis, size_t *n,
			  char *why, size_t len)
{
	double med, *v = NULL;

	*n = s->n ? values(s, f, basis, &v) : 0;
	if (*n) {
		med = sample_median(s, f, v, *n, why, len);
	} else {
		med = summary_median(s, f, basis, why, len);
		*n = s->sum_reps;
	}
	free(v);
	return med;
}

/*
 * One result measured by two readers (another ISA, loop or prefetch
 * distance): both medians, and neither a ratio nor a verdict, which
 * would call the readers' difference a change; the note says how to
 * measure base's reader again.
 */
static void reader_row(struct ct_compare_row *r)
{
	char ra[96], rb[96], how[128] = "", why[120];
	const struct ct_run_series *a = r->a;
	int n = 0;

	r->med_a = side_median(r->a, r->fig, r->basis, &r->n_a, why, sizeof(why));
	r->med_b = side_median(r->b, r->fig, r->basis, &r->n_b, why, sizeof(why));
	r->dist_a = disturbed(r->a);
	r->dist_b = disturbed(r->b);
	r->ratio = r->ci_lo = r->ci_hi = r->p = r->verdict_lo = r->verdict_hi = NAN;
	r->significant = -1;
	r->changed = -1;
	r->test = CT_TEST_NONE;
	r->reader_differs = 1;
	ct_compare_reader_text(r->a, ra, sizeof(ra));
	ct_compare_reader_text(r->b, rb, sizeof(rb));
	if (strcmp(a->isa, "-") != 0)
		n = snprintf(how, sizeof(how), "CT_ISA=%s", a->isa);
	if (a->loop && n >= 0 && (size_t)n < sizeof(how))
		snprintf(how + n, sizeof(how) - (size_t)n, "%sCT_STREAM_LOOP=%s", n ? " " : "",
			 a->loop);
	snprintf(r->why, sizeof(r->why), "different reader: %.40s against %.40s%s%.60s%s", ra, rb,
		 how[0] ? " (base's: " : "", how, how[0] ? ")" : "");
}

/* A one-sided row: its median and count, no ratio. */
static void one_side(struct ct_compare_row *r)
{
	const struct ct_run_series *s = ct_compare_side(r);
	double med;
	char why[120] = "";
	size_t n = 0;

	med = side_median(s, r->fig, r->basis, &n, why, sizeof(why));
	r->med_a = r->a ? med : NAN;
	r->med_b = r->b ? med : NAN;
	r->n_a = r->a ? n : 0;
	r->n_b = r->b ? n : 0;
	r->dist_a = r->a ? disturbed(s) : 0;
	r->dist_b = r->b ? disturbed(s) : 0;
	r->ratio = r->ci_lo = r->ci_hi = r->p = NAN;
	r->significant = -1;
	r->changed = -1;
	r->why[0] = '\0';
	if (why[0])
		snprintf(r->why, sizeof(r->why), "%s: %s", r->a ? "base" : "new", why);
	r->test = CT_TEST_NONE;
}

struct ranks {
	char **kernels;		/* "tool kernel isa", in order of appearance */
	size_t n;
};

static size_t kernel_rank(struct ranks *k, const struct ct_run_series *s)
{
	char name[320];
	size_t i;

	snprintf(name, sizeof(name), "%s\t%s\t%s", s->tool, s->kernel, s->isa);
	for (i = 0; i < k->n; i++)
		if (strcmp(k->kernels[i], name) == 0)
			return i;
	k->kernels = ct_xrealloc(k->kernels, (k->n + 1) * sizeof(*k->kernels));
	k->kernels[k->n] = ct_xstrdup(name);
	return k->n++;
}

static struct ct_compare_row *add_row(struct ct_compare *c, size_t *cap)
{
	if (c->nrows == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		c->rows = ct_xrealloc(c->rows, *cap * sizeof(*c->rows));
	}
	memset(&c->rows[c->nrows], 0, sizeof(c->rows[0]));
	return &c->rows[c->nrows++];
}

/* Row r shows figure fig on basis of series s, from the (newi + 1)th NEW. */
static void set_figure(struct ct_compare_row *r, struct ranks *kr, const struct ct_run_series *s,
		       size_t newi, enum ct_figure fig, int basis)
{
	r->newi = newi;
	r->fig = fig;
	r->basis = basis;
	r->unit = figure_unit(s, fig);
	r->kernel_rank = kernel_rank(kr, s);
}

static int row_order(const void *pa, const void *pb)
{
	const struct ct_compare_row *a = pa, *b = pb;

	if (a->kernel_rank != b->kernel_rank)
		return a->kernel_rank < b->kernel_rank ? -1 : 1;
	if (a->key_rank != b->key_rank)
		return a->key_rank < b->key_rank ? -1 : 1;
	if (a->newi != b->newi)
		return a->newi < b->newi ? -1 : 1;
	return 0;
}

/* The geometric means of every NEW's rows, by figure, basis and unit, in the rows' order. */
static void geomeans(struct ct_compare *c)
{
	size_t i, g, k;

	c->geo = NULL;
	c->ngeo = 0;
	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *r = &c->rows[i];
		struct ct_compare_geomean *m;

		if (!r->a || !r->b || !(r->ratio > 0) || !isfinite(r->ratio))
			continue;
		for (g = 0; g < c->ngeo; g++) {
			m = &c->geo[g];
			if (m->newi == r->newi && m->fig == r->fig && m->basis == r->basis &&
			    strcmp(m->unit, r->unit) == 0)
				break;
		}
		if (g == c->ngeo) {
			c->geo = ct_xrealloc(c->geo, (c->ngeo + 1) * sizeof(*c->geo));
			m = &c->geo[c->ngeo++];
			memset(m, 0, sizeof(*m));
			m->newi = r->newi;
			m->fig = r->fig;
			m->basis = r->basis;
			m->unit = r->unit;
		}
		m = &c->geo[g];
		m->n++;
		m->sum_log += log(r->ratio);
		if (r->ci_lo > 0 && r->ci_hi > 0) {
			m->n_ci++;
			m->sum_lo += log(r->ci_lo);
			m->sum_hi += log(r->ci_hi);
		}
	}
	/* One row is its own mean: only groups of two or more are kept. */
	for (g = k = 0; g < c->ngeo; g++) {
		struct ct_compare_geomean *m = &c->geo[g];

		if (m->n < 2)
			continue;
		m->ratio = exp(m->sum_log / (double)m->n);
		m->ci_lo = m->n_ci == m->n ? exp(m->sum_lo / (double)m->n) : NAN;
		m->ci_hi = m->n_ci == m->n ? exp(m->sum_hi / (double)m->n) : NAN;
		c->geo[k++] = *m;
	}
	c->ngeo = k;
}

/*
 * Each NEW's verdicts, a result once: by its wall rate row alone, the
 * one every result has (a time, ct-place --bench's, is slower above 1).
 */
static void count_verdicts(struct ct_compare *c)
{
	size_t i;

	c->verdicts = ct_xcalloc(c->nruns, sizeof(*c->verdicts));
	for (i = 0; i + 1 < c->nruns; i++)
		c->verdicts[i].newi = i;
	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *r = &c->rows[i];
		struct ct_compare_verdicts *v = &c->verdicts[r->newi];

		if (r->fig != CT_FIG_RATE || r->basis != CT_BASIS_WALL)
			continue;
		v->results++;
		if (!r->a)
			v->new_only++;
		else if (!r->b)
			v->base_only++;
		else if (r->reader_differs)
			v->reader++;
		else if (r->unconfirmed)
			v->unconfirmed++;
		else if (r->changed < 0)
			v->none++;
		else if (!r->changed)
			v->same++;
		else if (strcmp(ct_figure_change(r->fig, r->unit, r->ratio), "faster") == 0)
			v->faster++;
		else
			v->slower++;
	}
}

int ct_compare_build(struct ct_compare *c, char *why, size_t len)
{
	const struct ct_run *base = &c->runs[0];
	struct ranks kr = { NULL, 0 };
	size_t cap = 0, ni, i, j, f, nbase_keys = 0, extra = 0;
	int rc = 0;

	c->rows = NULL;
	c->nrows = 0;
	c->any_untested = 0;
	for (i = 0; i < base->nser; i++) {
		kernel_rank(&kr, &base->ser[i]);
		nbase_keys += nfigures(&base->ser[i]);
	}
	for (ni = 1; ni < c->nruns && rc == 0; ni++) {
		const struct ct_run *nw = &c->runs[ni];
		char *matched = ct_xcalloc(nw->nser + 1, 1);
		size_t *pair = ct_xmalloc((base->nser + 1) * sizeof(*pair));
		size_t key = 0, paired = 0;

		/*
		 * Each result with its reader first; a result left over then
		 * with the same result of another reader, a row that says so.
		 */
		for (i = 0; i < base->nser; i++)
			for (pair[i] = (size_t)-1, j = 0; j < nw->nser && pair[i] == (size_t)-1; j++)
				if (!matched[j] && series_match(&base->ser[i], &nw->ser[j]))
					matched[pair[i] = j] = 1;
		for (i = 0; i < base->nser; i++)
			for (j = 0; j < nw->nser && pair[i] == (size_t)-1; j++)
				if (!matched[j] && ct_compare_same_result(&base->ser[i], &nw->ser[j]))
					matched[pair[i] = j] = 1;
		for (i = 0; i < base->nser; i++) {
			const struct ct_run_series *a = &base->ser[i];
			const struct ct_run_series *b = pair[i] != (size_t)-1 ? &nw->ser[pair[i]] : NULL;
			int other = b && !ct_compare_same_reader(a, b);

			for (f = 0; f < nfigures(a); f++, key++) {
				struct ct_compare_row *r;
				enum ct_figure fig;
				int basis;

				figure(a, f, &fig, &basis);
				/* A per-cycle figure needs the unit on both sides. */
				if (b && fig == CT_FIG_PER_CYCLE &&
				    (!b->pc_unit || strcmp(a->pc_unit, b->pc_unit) != 0))
					continue;
				r = add_row(c, &cap);
				r->a = a;
				r->b = b;
				set_figure(r, &kr, a, ni - 1, fig, basis);
				r->key_rank = key;
				if (other) {
					reader_row(r);
					c->any_why = 1;
					paired++;
				} else if (b) {
					test_row(r, c);
					paired++;
				} else {
					one_side(r);
				}
			}
		}
		for (j = 0; j < nw->nser; j++) {
			const struct ct_run_series *b = &nw->ser[j];

			if (matched[j])
				continue;
			for (f = 0; f < nfigures(b); f++) {
				struct ct_compare_row *r = add_row(c, &cap);
				enum ct_figure fig;
				int basis;

				figure(b, f, &fig, &basis);
				r->b = b;
				set_figure(r, &kr, b, ni - 1, fig, basis);
				r->key_rank = nbase_keys + extra++;
				one_side(r);
			}
		}
		free(matched);
		free(pair);
		if (!paired) {
			snprintf(why, len, "%s and %s have nothing in common: no tool, kernel, "
				 "placement, size and unit in both", base->path, nw->path);
			rc = -1;
		}
	}
	qsort(c->rows, c->nrows, sizeof(*c->rows), row_order);
	geomeans(c);
	count_verdicts(c);
	for (i = 0; i < kr.n; i++)
		free(kr.kernels[i]);
	free(kr.kernels);
	return rc;
}

void ct_compare_free(struct ct_compare *c)
{
	free(c->rows);
	c->rows = NULL;
	c->nrows = 0;
	free(c->geo);
	c->geo = NULL;
	c->ngeo = 0;
	free(c->verdicts);
	c->verdicts = NULL;
}

/*
 * The same values, run medians and disturbed samples for the fleet view
 * (compare/fleet.c): a host's figure is what a side's is here.
 */
size_t ct_compare_values(const struct ct_run_series *s, enum ct_figure f, int basis, double **v)
{
	return values(s, f, basis, v);
}

size_t ct_compare_run_medians(const struct ct_run_series *s, enum ct_figure f, int basis,
			      double **v)
{
	return run_medians(s, f, basis, v);
}

size_t ct_compare_disturbed(const struct ct_run_series *s)
{
	return disturbed(s);
}

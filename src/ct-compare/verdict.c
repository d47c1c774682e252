/*
 * ct-compare/verdict.c - one row of the comparison tested: each side's
 * values of the figure (its samples', else its run medians or summary),
 * the U test and the Hodges-Lehmann interval of the ratio with samples on
 * both sides, the ratio of the medians alone otherwise, and the rows that
 * get no verdict (one side only, a different reader, different work).
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

void ct_compare_test_row(struct ct_compare_row *r, struct ct_compare *c)
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
void ct_compare_reader_row(struct ct_compare_row *r)
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
	/* ct-stream reads every size with base's reader again from base's file. */
	snprintf(r->why, sizeof(r->why), "different reader: %.40s against %.40s%s%.60s%s%s", ra, rb,
		 how[0] ? " (base's: " : "", how,
		 how[0] && a->tool && strcmp(a->tool, "ct-stream") == 0 ?
		 ", or ct-stream --readers with base's file" : "", how[0] ? ")" : "");
}

/* A one-sided row: its median and count, no ratio. */
void ct_compare_one_side(struct ct_compare_row *r)
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

/*
 * The same values, run medians and disturbed samples for the fleet view
 * (ct-compare/fleet.c): a host's figure is what a side's is here.
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

/*
 * workloads/stream-calibration.c - the calibration's pure half: each
 * candidate's trials summed up (median, spread), the tournament that
 * keeps the incumbent unless a challenger is surely faster, the budget of
 * another block of trials, the words of the record's reason, and the
 * candidates a --isa/--loop ask leaves.  The trials themselves run in
 * stream.c, on the array.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/stats.h"
#include "core/cpuset.h"
#include "platform/os.h"
#include "workloads/stream.h"
#include "machine/caches.h"

/* Of a candidate's trials or of the candidates' spreads: at most this many. */
#define MEDIAN_MAX (CT_STREAM_TRIALS_MAX > CT_STREAM_CANDS_MAX ? CT_STREAM_TRIALS_MAX : CT_STREAM_CANDS_MAX)

static double median_of(const double *v, unsigned n)
{
	double t[MEDIAN_MAX];

	memcpy(t, v, n * sizeof(*t));
	return ct_median_inplace(t, n);
}

void ct_stream_trials_stats(const struct ct_stream_trials *t, double *median, double *spread)
{
	double dev[CT_STREAM_TRIALS_MAX];
	unsigned i;

	*median = *spread = 0;
	if (t->n == 0)
		return;
	*median = median_of(t->gbs, t->n);
	for (i = 0; i < t->n; i++)
		dev[i] = t->gbs[i] > *median ? t->gbs[i] - *median : *median - t->gbs[i];
	*spread = median_of(dev, t->n);
}

static int verified(const struct ct_stream_trials *t)
{
	return !t->failed && t->n > 0;
}

double ct_stream_spread(const struct ct_stream_trials *t, size_t n)
{
	double rel[CT_STREAM_CANDS_MAX], med, spr;
	unsigned nok = 0;
	size_t i;

	for (i = 0; i < n && i < CT_STREAM_CANDS_MAX; i++) {
		if (!verified(&t[i]))
			continue;
		ct_stream_trials_stats(&t[i], &med, &spr);
		if (med > 0)
			rel[nok++] = spr / med;
	}
	return nok ? median_of(rel, nok) : 0;
}

int ct_stream_versus(const struct ct_stream_trials *c, const struct ct_stream_trials *i,
		     double s)
{
	double mc, mi, spr, d, se;

	ct_stream_trials_stats(c, &mc, &spr);
	ct_stream_trials_stats(i, &mi, &spr);
	if (mc <= 0 || mi <= 0)
		return mi <= 0 && mc > 0 ? 1 : -1;
	/* 1e-12: a challenger exactly at the margin, to the last bits of rounding, is not beyond it. */
	d = log(mc / mi) - log1p(CT_STREAM_TIE_MARGIN) - 1e-12;
	se = CT_STREAM_SE_MAD * s * sqrt(1.0 / c->n + 1.0 / i->n);
	/* Never on one block of either. */
	if (d > CT_STREAM_TIE_Z * se)
		return c->blocks < 2 || i->blocks < 2 ? 0 : 1;
	if (d <= -CT_STREAM_TIE_Z * se)
		return -1;
	return 0;
}

/*
 * The tournament, pure: the incumbent the preferred candidate where it
 * was verified, else the first verified in the fixed order; each other
 * verified candidate, in the fixed order, meets the incumbent: a win
 * takes its place, a loss is out, and an undecided pair marks both in
 * open (NULL: not asked), the incumbent staying.  The winner, -1 when
 * none was verified.
 */
static int tournament(const struct ct_stream_trials *t, size_t n, int preferred, int *open)
{
	double s = ct_stream_spread(t, n);
	int inc = -1, v;
	size_t i;

	if (n > CT_STREAM_CANDS_MAX)
		n = CT_STREAM_CANDS_MAX;
	if (open)
		memset(open, 0, n * sizeof(*open));
	if (preferred >= 0 && (size_t)preferred < n && verified(&t[preferred]))
		inc = preferred;
	for (i = 0; i < n; i++) {
		if ((int)i == inc || !verified(&t[i]))
			continue;
		if (inc < 0) {
			inc = (int)i;
			continue;
		}
		v = ct_stream_versus(&t[i], &t[inc], s);
		if (v > 0)
			inc = (int)i;
		else if (v == 0 && open)
			open[i] = open[inc] = 1;
	}
	return inc;
}

/* The verified candidate of the fastest median (the first of equals), -1: none. */
static int fastest_of(const struct ct_stream_trials *t, size_t n)
{
	double med, best = 0, spr;
	int f = -1;
	size_t i;

	for (i = 0; i < n && i < CT_STREAM_CANDS_MAX; i++) {
		if (!verified(&t[i]))
			continue;
		ct_stream_trials_stats(&t[i], &med, &spr);
		if (f < 0 || med > best) {
			f = (int)i;
			best = med;
		}
	}
	return f;
}

int ct_stream_decide(const struct ct_stream_trials *t, size_t n, int preferred, int *kept)
{
	int win = tournament(t, n, preferred, NULL), f = fastest_of(t, n);
	double mw, mf, spr;

	*kept = 0;
	if (win < 0)
		return -1;
	ct_stream_trials_stats(&t[win], &mw, &spr);
	ct_stream_trials_stats(&t[f], &mf, &spr);
	*kept = mf > mw;
	return win;
}

int ct_stream_licence_apart(const double *after512, const double *other, unsigned n,
			    double *ratio)
{
	double a, o;

	*ratio = NAN;
	if (n == 0 || n > MEDIAN_MAX)
		return 1;
	a = median_of(after512, n);
	o = median_of(other, n);
	if (a > 0 && o > 0)
		*ratio = a / o;
	return !(*ratio <= 1 + CT_STREAM_LICENCE_MARGIN);
}

int ct_stream_block_fits(uint64_t spent_ns, unsigned calls, unsigned more)
{
	return calls && (double)spent_ns * (1.0 + (double)more / calls) <= CT_STREAM_BUDGET_NS;
}

size_t ct_stream_undecided(const struct ct_stream_trials *t, size_t n, int preferred, int *more)
{
	size_t i, k = 0;

	if (n > CT_STREAM_CANDS_MAX)
		n = CT_STREAM_CANDS_MAX;
	tournament(t, n, preferred, more);
	for (i = 0; i < n; i++) {
		if (t[i].n >= CT_STREAM_TRIALS_MAX)
			more[i] = 0;
		k += more[i] != 0;
	}
	return k;
}

/* Append to buf[len] at *used, never past its end. */
static void addf(char *buf, size_t len, size_t *used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void addf(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*used + 1 >= len)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (k > 0)
		*used = *used + (size_t)k < len ? *used + (size_t)k : len - 1;
}

/*
 * The reason a calibration gives: every candidate by its median, fastest
 * first (equals in the fixed order), the trials, and why the winner won
 * where it is not the fastest; the pin is kept whole, the rest cut short
 * where it would not fit.
 */
void ct_stream_calibration_reason(const struct ct_stream_cand *c, const struct ct_stream_trials *t,
				  size_t n, int win, const char *prior, double ms, const char *timing,
				  char *buf, size_t len)
{
	double med[CT_STREAM_CANDS_MAX], spr;
	int done[CT_STREAM_CANDS_MAX] = { 0 };
	char name[32], size[32], pin[64] = "";
	size_t used = 0, k, i, body;
	unsigned fewest = 0, most = 0, m;
	int j, first = -1, open;

	if (len == 0)
		return;
	if (n > CT_STREAM_CANDS_MAX)
		n = CT_STREAM_CANDS_MAX;
	/* The options that read with the winner again, calibrating nothing. */
	if (win >= 0)
		snprintf(pin, sizeof(pin), "; --isa %s --loop %s pins it", ct_isa_name(c[win].isa),
			 ct_stream_loop_name(c[win].loop));
	body = len > strlen(pin) + 1 ? len - strlen(pin) : 1;
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		ct_stream_trials_stats(&t[i], &med[i], &spr);
		if (i == 0 || t[i].n < fewest)
			fewest = t[i].n;
		if (t[i].n > most)
			most = t[i].n;
	}
	addf(buf, body, &used, "calibrated:");
	for (k = 0; k < n; k++) {
		j = -1;
		for (i = 0; i < n; i++)
			if (!done[i] && (j < 0 || (t[i].failed ? -1 : med[i]) > (t[j].failed ? -1 : med[j])))
				j = (int)i;
		done[j] = 1;
		if (k == 0)
			first = j;
		if (t[j].failed)
			addf(buf, body, &used, "%s %s wrong sum", k ? "," : "",
			     ct_stream_cand_name(&c[j], name, sizeof(name)));
		else
			addf(buf, body, &used, "%s %s %.1f", k ? "," : "",
			     ct_stream_cand_name(&c[j], name, sizeof(name)), med[j]);
	}
	/* What each trial read: whole passes, or one window of the array. */
	addf(buf, body, &used, " GB/s, %u trials each", fewest);
	if (n && t[0].bytes)
		addf(buf, body, &used, t[0].windowed ? " over one %s window" : " of %s",
		     ct_stream_size_text(t[0].bytes, size, sizeof(size)));
	/* The candidates timed more, the most first: "(avx2, avx512 36; scalar 18)". */
	for (m = most, open = 0; m > fewest; m--) {
		for (i = 0, j = 0; i < n; i++) {
			if (t[i].n != m)
				continue;
			addf(buf, body, &used, "%s%s", j++ ? ", " : open++ ? "; " : " (",
			     ct_stream_cand_name(&c[i], name, sizeof(name)));
		}
		if (j)
			addf(buf, body, &used, " %u", m);
	}
	addf(buf, body, &used, "%s, %.0f ms", open ? ")" : "", ms);
	if (timing && *timing)
		addf(buf, body, &used, "; %s", timing);
	/* Why, when the winner is not the fastest listed: it was not shown slower. */
	if (win >= 0 && first >= 0 && win != first && !t[first].failed)
		addf(buf, body, &used, "; %s kept: %s not faster by more than %g %% beyond the "
		     "trials' noise (%s)", ct_stream_cand_name(&c[win], name, sizeof(name)),
		     ct_stream_cand_name(&c[first], size, sizeof(size)), 100 * CT_STREAM_TIE_MARGIN,
		     prior && *prior ? prior : "the fixed order");
	if (used + strlen(pin) < len)
		memcpy(buf + used, pin, strlen(pin) + 1);
}

int ct_stream_ask_from(const char *isa_req, enum ct_isa chosen, const char *loop_req,
		       struct ct_stream_ask *a, char *why, size_t len)
{
	const char *env = getenv("CT_ISA"), *lenv = getenv("CT_STREAM_LOOP");
	const char *licence = getenv("CT_STREAM_LICENCE");
	enum ct_stream_loop loop;

	memset(a, 0, sizeof(*a));
	a->isa = -1;
	a->loop = -1;
	if (isa_req && strcmp(isa_req, "auto") != 0) {
		a->isa = (int)chosen;
		snprintf(a->isa_how, sizeof(a->isa_how), "--isa %s", isa_req);
	} else if (!isa_req && env && *env && strcmp(env, "auto") != 0) {
		a->isa = (int)chosen;
		snprintf(a->isa_how, sizeof(a->isa_how), "CT_ISA=%s", env);
	}
	if (loop_req || (lenv && *lenv)) {
		const char *v = loop_req ? loop_req : lenv;

		if (ct_stream_loop_from_name(v, &loop) < 0) {
			snprintf(why, len, "invalid %s '%s': expected plain, short, prefetch or xor",
				 loop_req ? "--loop" : "CT_STREAM_LOOP", v);
			return -1;
		}
		a->loop = (int)loop;
		snprintf(a->loop_how, sizeof(a->loop_how), "%s%s", loop_req ? "--loop " :
			 "CT_STREAM_LOOP=", v);
	}
	if (licence && *licence && strcmp(licence, "apart") != 0 && strcmp(licence, "turns") != 0) {
		snprintf(why, len, "invalid CT_STREAM_LICENCE '%s': expected apart or turns", licence);
		return -1;
	}
	return 0;
}

/*
 * The candidates an ask leaves: its ISA or every usable one, its loop or
 * every one.  Unasked, scalar only where no vector ISA is usable: in the
 * caches it reads half as fast or less, and beyond them it was the host's
 * noise that made it win (Zen 4, 64 MiB: 0.83-1.15 x avx2 from one run to
 * the next, bench/NOTES), a reader a run picked and the next did not.
 */
size_t ct_stream_ask_candidates(const struct ct_stream_ask *a, struct ct_stream_cand *c)
{
	unsigned isas = 0, scalar = 1u << CT_ISA_SCALAR;
	int i;

	if (a->isa >= 0)
		isas = 1u << a->isa;
	else
		for (i = 0; i < (int)CT_ISA_COUNT; i++)
			if (ct_stream_desc((enum ct_isa)i) && ct_isa_usable((enum ct_isa)i))
				isas |= 1u << i;
	if (a->isa < 0 && (isas & ~scalar))
		isas &= ~scalar;
	return ct_stream_candidates(isas, a->loop >= 0 ? 1u << a->loop : ~0u, c);
}

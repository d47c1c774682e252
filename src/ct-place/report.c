/*
 * ct-place/report.c - the comparison written out: the two tables (wall time,
 * thread CPU time) that put the placements side by side, as a table, TSV,
 * JSON Lines, and the markdown of -o DIR.  A row is described once
 * (ct_rec_placements) and written by record.c.
 */
#include "config.h"

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/kinds.h"
#include "ct-place/placements.h"

/*
 * The marks of the x ratios, ct-place's own (beyond the CT_MARK_* bits
 * of measure/report.h): an interval that holds 1 ("0.981~"), and ratios
 * that have none (too few samples), said under the table.
 */
enum { MARK_RATIO_SAME = 1u << 12, MARK_RATIO_NONE = 1u << 13 };

/* The columns of one placement on one basis. */
struct cells {
	struct ct_summary s[CT_NJOBS];
	double ratio[CT_NJOBS];	/* median rate / main's; NAN without main */
	/* Its interval and p (NaN: none); 1: the interval holds 1, 0: not, -1: none. */
	double lo[CT_NJOBS], hi[CT_NJOBS], p[CT_NJOBS];
	int same[CT_NJOBS];
	int ref;			/* the row is main's own */
	struct ct_latency_figures lat;	/* the chase's */
};

/* A row's cells on one basis; the tables' x columns are to main only, empty without it. */
static void row_cells(const struct ct_placements_results *res, size_t r, enum ct_basis b,
		      struct cells *c)
{
	int k;

	for (k = 0; k < CT_NJOBS; k++) {
		const struct ct_results *rr = &res->r[r][k];

		c->s[k] = rr->b[b];
		c->ratio[k] = res->ref_main ? rr->ratio[b] : NAN;
		c->lo[k] = res->ref_main ? rr->ratio_lo[b] : NAN;
		c->hi[k] = res->ref_main ? rr->ratio_hi[b] : NAN;
		c->p[k] = res->ref_main ? rr->ratio_p[b] : NAN;
		c->same[k] = res->ref_main ? rr->ratio_same[b] : -1;
	}
	c->ref = &res->rows[r] == res->ref;
	c->lat = res->lat[r][b];
}

/*
 * An x ratio in the table and summary.md: "0.981~" where its interval
 * holds 1; a ratio to main with no interval (but main's own) marks the
 * table for the footnote that says so.
 */
static void ratio_value(struct ct_rec_value *v, unsigned out, const struct cells *c, int k)
{
	v->num = c->ratio[k];
	if (!(out & CT_REC_TEXT) || !isfinite(v->num))
		return;
	if (c->same[k] == 1) {
		snprintf(v->buf, sizeof(v->buf), "%.3f~", v->num);
		v->str = v->buf;
		v->marks |= MARK_RATIO_SAME;
	} else if (c->same[k] < 0 && !c->ref) {
		v->marks |= MARK_RATIO_NONE;
	}
}

/* The footnotes of the x ratios' marks, after the others (ct_out_footnotes). */
static void ratio_footnotes(FILE *f, const char *pre, unsigned marks,
			    const struct ct_placements_results *res)
{
	double alpha = res->alpha;
	struct ct_doc d;

	if (!(marks & (MARK_RATIO_SAME | MARK_RATIO_NONE)))
		return;
	ct_doc_init(&d, f, CT_REC_TABLE, pre);
	if (marks & MARK_RATIO_SAME)
		ct_doc_mark(&d, "~", "after an x ratio: its %g%% interval (signed-rank, over the "
			    "ratios of the rounds both were measured in) holds 1: no difference from "
			    "main at that level", 100 * (1 - alpha));
	if (marks & MARK_RATIO_NONE)
		ct_doc_mark(&d, "x", "some x ratios have no %g%% interval: too few rounds paired "
			    "(%zu at least, -r); they may differ from 1 by noise alone",
			    100 * (1 - alpha), res->interval_min);
}

static unsigned row_migrated(const struct cells *c)
{
	unsigned m = 0;
	int k;

	for (k = 0; k < CT_NJOBS; k++)
		m += c->s[k].migrated;
	return m;
}

static int row_verified(const struct cells *c)
{
	int k;

	for (k = 0; k < CT_NJOBS; k++)
		if (!c->s[k].verified)
			return 0;
	return 1;
}

/*
 * A row's cpu share: the lowest of its kernels' (one kernel that had 41%
 * of the wall time is not hidden by two that had it all), as a summary
 * whose cells ct_out_share_cell() can mark: an error when any is one,
 * disturbed when any sample was.
 */
static void row_share(const struct cells *c, struct ct_summary *row)
{
	int k;

	memset(row, 0, sizeof(*row));
	row->cpu_share = NAN;
	for (k = 0; k < CT_NJOBS; k++) {
		const struct ct_summary *s = &c->s[k];

		row->share_error |= s->share_error;
		row->descheduled += s->descheduled;
		if (isnan(row->cpu_share) || s->cpu_share < row->cpu_share)
			row->cpu_share = s->cpu_share;
	}
}

/* The widest interval of a row's kernels, as a summary for ct_out_ci_cell(). */
static void row_ci(const struct cells *c, struct ct_summary *row)
{
	int k;

	memset(row, 0, sizeof(*row));
	row->ci_halfwidth_pct = 0;
	for (k = 0; k < CT_NJOBS; k++) {
		const struct ct_summary *s = &c->s[k];

		if (!(s->ci_halfwidth_pct <= row->ci_halfwidth_pct))
			row->ci_halfwidth_pct = s->ci_halfwidth_pct;
		row->precision_pct = s->precision_pct;
		if (ct_summary_precision_missed(s))
			row->stopped_by = s->stopped_by;
		else if (!ct_summary_precision_missed(row))
			row->stopped_by = s->stopped_by;
	}
}

/* --precision was given: the tables get an interval column. */
static int rows_precision(const struct ct_placements_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (rows[i].ran)
			return rows[i].ser[0].precision_pct > 0;
	return 0;
}

/* --- The comparison row: a placement on one basis. --- */

struct placement_rec {
	const struct ct_placements_row *row;
	enum ct_basis basis;
	double alpha;			/* the intervals' level is 1 - alpha */
	struct cells c;
	const struct ct_placements_trust *trust;	/* the row's cpu basis (results.c) */
	struct ct_summary share, ci;	/* the row's (row_share, row_ci) */
};

enum cmp_field {
	R_PLACEMENT, R_BASIS, R_CPUS, R_KINDS, R_CPUS_KINDS, R_CLOCK_MAX, R_CLOCK_MEDIAN,
	R_CLOCK_CV, R_FMA_MEDIAN, R_FMA_CV, R_STREAM_MEDIAN, R_STREAM_CV, R_FMA_PC, R_FMA_PC_CV,
	R_FLOPS_PC, R_BYTES_PC, R_BYTES_PC_CV, R_SHARE, R_MIGRATED, R_CLOCK_RATIO, R_FMA_RATIO,
	R_STREAM_RATIO, R_VERIFIED, R_CLOCK_SHARE, R_FMA_SHARE, R_STREAM_SHARE, R_DISTURBED,
	R_FMA_PC_SAMPLES, R_STREAM_PC_SAMPLES, R_CI, R_PRECISION_REACHED, R_NS_PER_LOAD,
	R_LATENCY_CV, R_CYCLES_PER_LOAD, R_IN_FLIGHT, R_LATENCY_RATIO, R_LATENCY_SHARE,
	R_CHAINS_SHARE, R_LATENCY_PC_SAMPLES, R_CPU_CLOCK, R_UNDISTURBED_CLOCK, R_CPU_TRUSTED,
	R_CLOCK_RATIO_LO, R_CLOCK_RATIO_HI,
	R_CLOCK_RATIO_P, R_FMA_RATIO_LO, R_FMA_RATIO_HI, R_FMA_RATIO_P, R_STREAM_RATIO_LO,
	R_STREAM_RATIO_HI, R_STREAM_RATIO_P, R_LATENCY_RATIO_LO, R_LATENCY_RATIO_HI,
	R_LATENCY_RATIO_P, R_RATIO_LEVEL, R_FLIGHT_IMPLAUSIBLE, R_FLIGHT_DISTURBED,
	R_FMA_PC_BAD, R_FLOPS_PC_BAD, R_BYTES_PC_BAD, R_SHARE_ERROR
};

/*
 * The TSV columns are frozen (those added later were appended); the table
 * and summary.md show a few of them, and the interval only with
 * --precision.  JSON has no comparison row: the summaries of each kernel
 * carry the placement's fields instead (print_json).
 */
static const struct ct_rec_field placement_fields[] = {
	{ R_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_TSV | CT_REC_TEXT |
	  CT_REC_LEFT },
	{ R_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_TSV },
	{ R_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_TSV },
	{ R_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_TSV },
	{ R_CPUS_KINDS, NULL, "cpus (kinds)", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ R_CLOCK_MAX, "clock_ghz_max", "GHz max", CT_REC_NUM, "%.6g", "%U",
	  CT_REC_TSV | CT_REC_TEXT },
	{ R_CLOCK_MEDIAN, "clock_ghz_median", "median", CT_REC_NUM, "%.6g", "%U",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(5) },
	{ R_CLOCK_CV, "clock_cv_pct", "cv%", CT_REC_NUM, "%.3g", "%.2f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(2) },
	{ R_FMA_MEDIAN, "fma_gflops_median", "GFLOP/s", CT_REC_NUM, "%.6g", "%U",
	  CT_REC_TSV | CT_REC_TEXT },
	{ R_FMA_CV, "fma_cv_pct", "cv%", CT_REC_NUM, "%.3g", "%.2f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(2) },
	{ R_STREAM_MEDIAN, "stream_gbs_median", "GB/s", CT_REC_NUM, "%.6g", "%U",
	  CT_REC_TSV | CT_REC_TEXT },
	{ R_STREAM_CV, "stream_cv_pct", "cv%", CT_REC_NUM, "%.3g", "%.2f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(2) },
	{ R_FMA_PC, "fma_per_cycle_median", "FMA/cyc", CT_REC_NUM, "%.6g", "%s",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(3) },
	{ R_FMA_PC_CV, "fma_per_cycle_cv_pct", "cv%", CT_REC_NUM, "%.6g", "%.2f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(1) },
	{ R_FLOPS_PC, "flops_per_cycle_median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_TSV },
	{ R_BYTES_PC, "bytes_per_cycle_median", "B/cyc", CT_REC_NUM, "%.6g", "%s",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(3) },
	{ R_BYTES_PC_CV, "bytes_per_cycle_cv_pct", "cv%", CT_REC_NUM, "%.6g", "%.2f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(1) },
	/*
	 * The chase's columns in the table (TSV has them last), left out to
	 * fit before the clock's median.
	 */
	{ R_NS_PER_LOAD, NULL, "ns/load", CT_REC_NUM, NULL, "%.1f", CT_REC_TEXT | CT_REC_FIT(4) },
	{ R_LATENCY_CV, NULL, "cv%", CT_REC_NUM, NULL, "%.2f", CT_REC_TEXT | CT_REC_FIT(2) },
	{ R_CYCLES_PER_LOAD, NULL, "cyc/load", CT_REC_NUM, NULL, "%.1f",
	  CT_REC_TEXT | CT_REC_FIT(3) },
	{ R_IN_FLIGHT, NULL, "in-flight", CT_REC_NUM, NULL, "%.1f", CT_REC_TEXT | CT_REC_FIT(4) },
	{ R_SHARE, "cpu_share", "share", CT_REC_NUM, "%.4g", "%s", CT_REC_TSV | CT_REC_TEXT },
	{ R_MIGRATED, "migrated", NULL, CT_REC_INT, NULL, NULL, CT_REC_TSV },
	{ R_CLOCK_RATIO, "clock_ratio", "x clock", CT_REC_NUM, "%.4g", "%.3f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(4) },
	{ R_FMA_RATIO, "fma_ratio", "x fma", CT_REC_NUM, "%.4g", "%.3f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(4) },
	{ R_STREAM_RATIO, "stream_ratio", "x stream", CT_REC_NUM, "%.4g", "%.3f",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(4) },
	{ R_LATENCY_RATIO, NULL, "x lat", CT_REC_NUM, NULL, "%.3f", CT_REC_TEXT | CT_REC_FIT(4) },
	{ R_VERIFIED, "verified", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
	{ R_CLOCK_SHARE, "clock_cpu_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_FMA_SHARE, "fma_cpu_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_STREAM_SHARE, "stream_cpu_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_DISTURBED, "disturbed", NULL, CT_REC_INT, NULL, NULL, CT_REC_TSV },
	{ R_FMA_PC_SAMPLES, "fma_per_cycle_samples", NULL, CT_REC_INT, NULL, NULL, CT_REC_TSV },
	{ R_STREAM_PC_SAMPLES, "stream_per_cycle_samples", NULL, CT_REC_INT, NULL, NULL,
	  CT_REC_TSV },
	{ R_CI, "ci_halfwidth_pct", "ci%", CT_REC_NUM, "%.3g", "%s",
	  CT_REC_TSV | CT_REC_TEXT | CT_REC_FIT(3) },
	{ R_PRECISION_REACHED, "precision_reached", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
	{ R_NS_PER_LOAD, "ns_per_load", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_LATENCY_CV, "latency_cv_pct", NULL, CT_REC_NUM, "%.3g", NULL, CT_REC_TSV },
	{ R_CYCLES_PER_LOAD, "cycles_per_load", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_IN_FLIGHT, "lines_in_flight", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_FLIGHT_IMPLAUSIBLE, "lines_in_flight_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_TSV },
	{ R_FLIGHT_DISTURBED, "lines_in_flight_disturbed", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_TSV },
	{ R_LATENCY_RATIO, "latency_ratio", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_LATENCY_SHARE, "latency_cpu_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_CHAINS_SHARE, "chains_cpu_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_LATENCY_PC_SAMPLES, "latency_per_cycle_samples", NULL, CT_REC_INT, NULL, NULL,
	  CT_REC_TSV },
	{ R_CPU_CLOCK, "cpu_clock_ghz", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_TSV },
	{ R_UNDISTURBED_CLOCK, "undisturbed_clock_ghz", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_TSV },
	{ R_CPU_TRUSTED, "cpu_basis_trusted", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
	/*
	 * Each x ratio's interval at level ratio_level and the U test's p,
	 * '-' where there is none (main's own row, too few samples).
	 */
	{ R_CLOCK_RATIO_LO, "clock_ratio_lo", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_CLOCK_RATIO_HI, "clock_ratio_hi", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_CLOCK_RATIO_P, "clock_ratio_p", NULL, CT_REC_NUM, "%.3g", NULL, CT_REC_TSV },
	{ R_FMA_RATIO_LO, "fma_ratio_lo", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_FMA_RATIO_HI, "fma_ratio_hi", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_FMA_RATIO_P, "fma_ratio_p", NULL, CT_REC_NUM, "%.3g", NULL, CT_REC_TSV },
	{ R_STREAM_RATIO_LO, "stream_ratio_lo", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_STREAM_RATIO_HI, "stream_ratio_hi", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_STREAM_RATIO_P, "stream_ratio_p", NULL, CT_REC_NUM, "%.3g", NULL, CT_REC_TSV },
	{ R_LATENCY_RATIO_LO, "latency_ratio_lo", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_LATENCY_RATIO_HI, "latency_ratio_hi", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_TSV },
	{ R_LATENCY_RATIO_P, "latency_ratio_p", NULL, CT_REC_NUM, "%.3g", NULL, CT_REC_TSV },
	{ R_RATIO_LEVEL, "ratio_level", NULL, CT_REC_NUM, "%.3g", NULL, CT_REC_TSV },
	/*
	 * The table's marks, each a column of its own, so that every numeric
	 * column holds a number or '-': a per-cycle figure above the ceiling
	 * ('!'); a share that is an error of the clocks, any of the row's
	 * ('-' in its kernel's column and in cpu_share).  The writer holds 64
	 * fields: this table has 64.
	 */
	{ R_FMA_PC_BAD, "fma_per_cycle_implausible", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
	{ R_FLOPS_PC_BAD, "flops_per_cycle_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_TSV },
	{ R_BYTES_PC_BAD, "bytes_per_cycle_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_TSV },
	{ R_SHARE_ERROR, "cpu_share_error", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
};

/* The row's cpu-basis trust (ct_cpu_basis_trust), as TSV and JSON give it. */
static void trust_value(const struct ct_placements_trust *t, int id, struct ct_rec_value *v)
{
	switch (id) {
	case R_CPU_CLOCK:
		v->num = t->cpu_clock_ghz;
		break;
	case R_UNDISTURBED_CLOCK:
		v->num = t->undisturbed_ghz;
		break;
	case R_CPU_TRUSTED:
		v->null = t->trust == CT_TRUST_UNKNOWN;
		v->i = t->trust == CT_TRUST_YES;
		break;
	}
}

/* A share: none ('-') where it is an error of the clocks (the *_share_error columns). */
static void share_value(struct ct_rec_value *v, const struct ct_summary *s)
{
	v->num = s->share_error ? NAN : s->cpu_share;
}

/*
 * A per-cycle median: the table's cell, marked; in TSV the number alone,
 * its mark in a column of its own (*_per_cycle_implausible).
 */
static void per_cycle_value(struct ct_rec_value *v, unsigned out, const struct ct_summary *s,
			    int insn)
{
	v->num = insn ? s->insn_per_cycle.median : s->per_cycle.median;
	if (out & CT_REC_TEXT) {
		ct_out_per_cycle_cell(v->buf, sizeof(v->buf), s, insn, 3, &v->marks);
		v->str = v->buf;
	}
}

/* A per-cycle median's mark: above the ceiling; '-' where there is no figure. */
static void implausible_value(struct ct_rec_value *v, const struct ct_summary *s, int insn)
{
	double x = insn ? s->insn_per_cycle.median : s->per_cycle.median;

	v->omit = !isfinite(x);
	v->i = insn ? s->insn_implausible : s->per_cycle_implausible;
}

static void placement_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct placement_rec *r = rec;
	const struct ct_summary *s = r->c.s;
	char cpus[40], letters[24];

	switch ((enum cmp_field)id) {
	case R_PLACEMENT:
		v->str = r->row->p.name;
		break;
	case R_BASIS:
		v->str = ct_basis_name(r->basis);
		break;
	case R_CPUS:
		ct_placements_row_cpus(r->row, v->buf, 256);
		v->str = v->buf;
		break;
	case R_KINDS:
		v->str = r->row->kinds;
		break;
	case R_CPUS_KINDS:
		ct_placements_row_cpus(r->row, cpus, sizeof(cpus));
		snprintf(v->buf, 64, "%s (%s)", cpus,
			 ct_placements_kind_letters(r->row->kinds, letters, sizeof(letters)));
		v->str = v->buf;
		break;
	case R_CLOCK_MAX:
		v->num = s[CT_JOB_CLOCK].rate.max;
		v->unit = s[CT_JOB_CLOCK].k->unit;
		break;
	case R_CLOCK_MEDIAN:
		v->num = s[CT_JOB_CLOCK].rate.median;
		v->unit = s[CT_JOB_CLOCK].k->unit;
		break;
	case R_CLOCK_CV:
		v->num = s[CT_JOB_CLOCK].rate.cv_pct;
		break;
	case R_FMA_MEDIAN:
		v->num = s[CT_JOB_FMA].rate.median;
		v->unit = s[CT_JOB_FMA].k->unit;
		break;
	case R_FMA_CV:
		v->num = s[CT_JOB_FMA].rate.cv_pct;
		break;
	case R_STREAM_MEDIAN:
		v->num = s[CT_JOB_STREAM].rate.median;
		v->unit = s[CT_JOB_STREAM].k->unit;
		break;
	case R_STREAM_CV:
		v->num = s[CT_JOB_STREAM].rate.cv_pct;
		break;
	case R_FMA_PC:
		per_cycle_value(v, out, &s[CT_JOB_FMA], 1);
		break;
	case R_FMA_PC_CV:
		v->num = s[CT_JOB_FMA].insn_per_cycle.cv_pct;
		break;
	case R_FLOPS_PC:
		per_cycle_value(v, out, &s[CT_JOB_FMA], 0);
		break;
	case R_BYTES_PC:
		per_cycle_value(v, out, &s[CT_JOB_STREAM], 0);
		break;
	case R_BYTES_PC_CV:
		v->num = s[CT_JOB_STREAM].per_cycle.cv_pct;
		break;
	case R_SHARE:
		share_value(v, &r->share);
		if (out & CT_REC_TEXT) {
			ct_out_share_cell(v->buf, sizeof(v->buf), &r->share, &v->marks);
			/* The cpu basis of a row its own brackets belie. */
			if (r->basis == CT_BASIS_CPU && r->trust->trust == CT_TRUST_NO) {
				strncat(v->buf, "?", sizeof(v->buf) - strlen(v->buf) - 1);
				v->marks |= CT_MARK_CPU_UNTRUSTED;
			}
			v->str = v->buf;
		}
		break;
	case R_MIGRATED:
		v->i = row_migrated(&r->c);
		break;
	case R_CLOCK_RATIO:
	case R_FMA_RATIO:
	case R_STREAM_RATIO:
		ratio_value(v, out, &r->c, id - R_CLOCK_RATIO);
		break;
	case R_VERIFIED:
		v->i = row_verified(&r->c);
		break;
	case R_CLOCK_SHARE:
	case R_FMA_SHARE:
	case R_STREAM_SHARE:
		share_value(v, &s[id - R_CLOCK_SHARE]);
		break;
	case R_DISTURBED:
		v->i = r->share.descheduled;
		break;
	case R_FMA_PC_SAMPLES:
		v->i = s[CT_JOB_FMA].per_cycle_used;
		break;
	case R_STREAM_PC_SAMPLES:
		v->i = s[CT_JOB_STREAM].per_cycle_used;
		break;
	case R_CI:
		v->num = r->ci.ci_halfwidth_pct;
		if (out & CT_REC_TEXT) {
			ct_out_ci_cell(v->buf, sizeof(v->buf), &r->ci, &v->marks);
			v->str = v->buf;
		}
		break;
	case R_PRECISION_REACHED:
		v->omit = !(r->ci.precision_pct > 0);
		v->i = !ct_summary_precision_missed(&r->ci);
		break;
	case R_NS_PER_LOAD:
		v->num = r->c.lat.ns_per_load;
		/* The one chain's latency from mostly disturbed samples: marked, as lines in flight. */
		if ((out & CT_REC_TEXT) && isfinite(v->num) && r->basis == CT_BASIS_WALL &&
		    ct_latency_mostly_disturbed(&s[CT_JOB_LATENCY])) {
			snprintf(v->buf, sizeof(v->buf), "%.1f*", v->num);
			v->str = v->buf;
			v->marks |= CT_MARK_DISTURBED;
		}
		break;
	case R_LATENCY_CV:
		v->num = s[CT_JOB_LATENCY].rate.cv_pct;
		break;
	case R_CYCLES_PER_LOAD:
		v->num = r->c.lat.cycles_per_load;
		/* No figure: too few undisturbed samples, as the per-cycle cells say. */
		if ((out & CT_REC_TEXT) && !isfinite(v->num) && isfinite(r->c.lat.ns_per_load))
			v->marks |= CT_MARK_PER_CYCLE_NONE;
		break;
	case R_IN_FLIGHT:
		v->num = r->c.lat.in_flight;
		if (out & CT_REC_TEXT) {
			ct_out_flight_cell(v->buf, sizeof(v->buf), v->num, r->c.lat.flight_implausible,
					   r->c.lat.flight_disturbed, &v->marks);
			v->str = v->buf;
		}
		break;
	case R_FLIGHT_IMPLAUSIBLE:
		v->omit = !isfinite(r->c.lat.in_flight);
		v->i = r->c.lat.flight_implausible;
		break;
	case R_FLIGHT_DISTURBED:
		v->omit = !isfinite(r->c.lat.in_flight);
		v->i = r->c.lat.flight_disturbed;
		break;
	case R_LATENCY_RATIO:
		ratio_value(v, out, &r->c, CT_JOB_LATENCY);
		break;
	case R_LATENCY_SHARE:
		share_value(v, &s[CT_JOB_LATENCY]);
		break;
	case R_CHAINS_SHARE:
		share_value(v, &s[CT_JOB_CHAINS]);
		break;
	case R_LATENCY_PC_SAMPLES:
		v->i = s[CT_JOB_LATENCY].per_cycle_used;
		break;
	case R_CPU_CLOCK:
	case R_UNDISTURBED_CLOCK:
	case R_CPU_TRUSTED:
		trust_value(r->trust, id, v);
		break;
	case R_CLOCK_RATIO_LO:
	case R_FMA_RATIO_LO:
	case R_STREAM_RATIO_LO:
	case R_LATENCY_RATIO_LO:
		v->num = r->c.lo[(id - R_CLOCK_RATIO_LO) / 3];
		break;
	case R_CLOCK_RATIO_HI:
	case R_FMA_RATIO_HI:
	case R_STREAM_RATIO_HI:
	case R_LATENCY_RATIO_HI:
		v->num = r->c.hi[(id - R_CLOCK_RATIO_HI) / 3];
		break;
	case R_CLOCK_RATIO_P:
	case R_FMA_RATIO_P:
	case R_STREAM_RATIO_P:
	case R_LATENCY_RATIO_P:
		v->num = r->c.p[(id - R_CLOCK_RATIO_P) / 3];
		break;
	case R_RATIO_LEVEL:
		v->num = 1 - r->alpha;
		break;
	case R_FMA_PC_BAD:
		implausible_value(v, &s[CT_JOB_FMA], 1);
		break;
	case R_FLOPS_PC_BAD:
		implausible_value(v, &s[CT_JOB_FMA], 0);
		break;
	case R_BYTES_PC_BAD:
		implausible_value(v, &s[CT_JOB_STREAM], 0);
		break;
	case R_SHARE_ERROR:
		v->i = r->share.share_error;
		break;
	}
}

const struct ct_rec_kind ct_rec_placements = {
	"comparison", placement_fields, CT_ARRAY_SIZE(placement_fields), placement_value, 0
};

static void placement_rec(const struct ct_placements_results *res, size_t r, enum ct_basis b,
		    struct placement_rec *rec)
{
	rec->row = &res->rows[r];
	rec->basis = b;
	rec->trust = &res->trust[r];
	rec->alpha = res->alpha;
	row_cells(res, r, b, &rec->c);
	row_share(&rec->c, &rec->share);
	row_ci(&rec->c, &rec->ci);
}

/*
 * The rows of one basis as a table or Markdown (out), the interval only
 * with --precision; their marks added to *marks.
 */
static void basis_rows(FILE *f, unsigned out, const struct ct_placements_results *res,
		       enum ct_basis b, unsigned *marks)
{
	const struct ct_placements_row *rows = res->rows;
	size_t n = res->n;
	struct ct_rec_writer w;
	struct placement_rec rec;
	size_t r;

	ct_rec_begin(&w, f, out, &ct_rec_placements);
	if (!rows_precision(rows, n))
		ct_rec_hide(&w, R_CI);
	for (r = 0; r < n; r++)
		if (rows[r].ran) {
			placement_rec(res, r, b, &rec);
			ct_rec_write(&w, &rec);
		}
	ct_rec_end(&w);
	*marks |= w.marks;
}

static void print_samples(FILE *f, unsigned out, const struct ct_placements_row *rows, size_t n);

static void print_table(FILE *f, int samples, const struct ct_machine *m,
			const struct ct_topo *t, const struct ct_placements_results *res)
{
	const struct ct_placements_row *rows = res->rows;
	size_t n = res->n;
	static const char *const titles[2] = {
		"basis wall: elapsed time (CLOCK_MONOTONIC_RAW)",
		"basis cpu: the thread's CPU time (CLOCK_THREAD_CPUTIME_ID)"
	};
	unsigned marks = 0;
	struct ct_doc d;
	int b;

	ct_doc_init(&d, f, CT_REC_TABLE, "");
	ct_placements_header_lines(f, "", m, t, res);
	ct_placements_kernels_line(f, CT_REC_TABLE, res);
	ct_placements_answer(&d, res);
	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		ct_doc_section(&d, "%s: rates are medians; x = ratio to main", titles[b]);
		basis_rows(f, CT_REC_TABLE, res, (enum ct_basis)b, &marks);
	}
	ct_out_footnotes(f, "", marks, rows_precision(rows, n) ? rows[0].ser[0].precision_pct : 0);
	ratio_footnotes(f, "", marks, res);
	if (samples)
		print_samples(f, CT_REC_TABLE, rows, n);
	ct_placements_list(&d, rows, n);
	ct_out_warnings(&d, m);
}

/*
 * --samples in the table and TSV: every sample of every placement and
 * kernel after the placements' rows, a block of its own after a blank
 * line, as the kernel tools give them (JSON has them after each series).
 */
static void print_samples(FILE *f, unsigned out, const struct ct_placements_row *rows, size_t n)
{
	struct ct_out_sample_rec rec = { "ct-place", NULL, NULL, NULL };
	struct ct_rec_writer w;
	size_t r;
	unsigned i;
	int k;

	ct_doc_gap(f);
	ct_rec_begin(&w, f, out, &ct_rec_sample);
	for (r = 0; r < n; r++) {
		if (!rows[r].ran)
			continue;
		rec.placement = rows[r].p.name;
		for (k = 0; k < CT_NJOBS; k++) {
			rec.ser = &rows[r].ser[k];
			for (i = 0; i < rec.ser->n; i++) {
				rec.s = &rec.ser->s[i];
				ct_rec_write(&w, &rec);
			}
		}
	}
	ct_rec_end(&w);
}

static void print_tsv(FILE *f, const struct ct_placements_results *res)
{
	const struct ct_placements_row *rows = res->rows;
	size_t n = res->n;
	struct ct_rec_writer w;
	struct placement_rec rec;
	size_t r;
	int b;

	ct_rec_begin(&w, f, CT_REC_TSV, &ct_rec_placements);
	for (r = 0; r < n; r++) {
		if (!rows[r].ran)
			continue;
		for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
			placement_rec(res, r, (enum ct_basis)b, &rec);
			ct_rec_write(&w, &rec);
		}
	}
	ct_rec_end(&w);
}

/*
 * --- What JSON's summaries of a placement's kernels add: its kinds, how
 * it was asked, the ratios to main (print_json). ---
 */

struct extra_rec {
	const struct ct_placements_row *row;
	double ratio[2];		/* on the wall and cpu bases */
	double lo[2], hi[2], p[2];	/* their intervals and p */
	double level;
	int job;			/* CT_JOB_* */
	const struct ct_latency_figures *lat;	/* the row's chase, wall basis */
	const struct ct_pairs *pairs;	/* its ratios' rounds */
	const struct ct_placements_design *design;
	const struct ct_results *fast;	/* against the fastest kind's pin, or NULL */
	const char *fastest;
};



static void extra_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct extra_rec *x = rec;

	(void)out;
	switch ((enum ct_placements_extra_field)id) {
	case PX_KINDS:
		v->str = x->row->kinds;
		break;
	case PX_HOW:
		v->str = x->row->how;
		break;
	case PX_RATIO_WALL:
	case PX_RATIO_CPU:
		v->num = x->ratio[id - PX_RATIO_WALL];
		break;
	case PX_NS_PER_LOAD:
		v->omit = x->job != CT_JOB_LATENCY;
		v->num = x->lat->ns_per_load;
		break;
	case PX_CYCLES_PER_LOAD:
		v->omit = x->job != CT_JOB_LATENCY;
		v->num = x->lat->cycles_per_load;
		break;
	case PX_IN_FLIGHT:
		v->omit = x->job != CT_JOB_CHAINS;
		v->num = x->lat->in_flight;
		break;
	case PX_FLIGHT_IMPLAUSIBLE:
		v->omit = x->job != CT_JOB_CHAINS;
		v->i = x->lat->flight_implausible;
		break;
	case PX_FLIGHT_DISTURBED:
		v->omit = x->job != CT_JOB_CHAINS;
		v->i = x->lat->flight_disturbed;
		break;
	case PX_LO_WALL:
	case PX_LO_CPU:
		v->num = x->lo[(id - PX_LO_WALL) / 3];
		break;
	case PX_HI_WALL:
	case PX_HI_CPU:
		v->num = x->hi[(id - PX_HI_WALL) / 3];
		break;
	case PX_P_WALL:
	case PX_P_CPU:
		v->num = x->p[(id - PX_P_WALL) / 3];
		break;
	case PX_LEVEL:
		v->num = x->level;
		break;
	case PX_PAIRS:
		v->i = x->pairs->used;
		break;
	case PX_PAIRS_DISTURBED:
		v->i = x->pairs->disturbed;
		break;
	case PX_DESIGN:
		v->str = x->design->interleaved ? "interleaved" : "sequential";
		break;
	case PX_ROUNDS:
		v->i = x->design->rounds;
		break;
	case PX_ORDER_SEED:
		v->i = (long long)x->design->seed;
		break;
	case PX_PAIRS_KEPT:
		v->i = x->pairs->kept_disturbed;
		break;
	case PX_FAST_AGAINST:
		v->omit = !x->fast;
		v->str = x->fastest;
		break;
	case PX_FAST_WALL:
		v->omit = !x->fast;
		v->num = x->fast ? x->fast->ratio[CT_BASIS_WALL] : NAN;
		break;
	case PX_FAST_LO:
		v->omit = !x->fast;
		v->num = x->fast ? x->fast->ratio_lo[CT_BASIS_WALL] : NAN;
		break;
	case PX_FAST_HI:
		v->omit = !x->fast;
		v->num = x->fast ? x->fast->ratio_hi[CT_BASIS_WALL] : NAN;
		break;
	case PX_FAST_P:
		v->omit = !x->fast;
		v->num = x->fast ? x->fast->ratio_p[CT_BASIS_WALL] : NAN;
		break;
	}
}

const struct ct_rec_kind ct_rec_placements_extra = {
	"summary", ct_placements_extra_fields, CT_PLACEMENTS_EXTRA_NFIELDS, extra_value, 0
};

/* The row's cpu-basis trust in every JSON summary of its kernels: the TSV columns' own. */
static const struct ct_rec_field trust_fields[] = {
	{ R_CPU_CLOCK, "cpu_clock_ghz", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ R_UNDISTURBED_CLOCK, "undisturbed_clock_ghz", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ R_CPU_TRUSTED, "cpu_basis_trusted", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
};

static void trust_json(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	(void)out;
	trust_value(rec, id, v);
}

static const struct ct_rec_kind trust_kind = {
	"summary", trust_fields, CT_ARRAY_SIZE(trust_fields), trust_json, 0
};

static void print_json(FILE *f, int samples, const struct ct_machine *m,
		       const struct ct_placements_results *res)
{
	const struct ct_placements_row *rows = res->rows;
	size_t n = res->n;
	struct ct_out o;
	size_t r;
	int k;

	ct_out_begin(&o, f, CT_FMT_JSON, "ct-place", samples);
	ct_out_machine(&o, m);
	for (r = 0; r < n; r++) {
		struct cells c[2];

		if (!rows[r].ran)
			continue;
		row_cells(res, r, CT_BASIS_WALL, &c[0]);
		row_cells(res, r, CT_BASIS_CPU, &c[1]);
		o.more = &trust_kind;
		o.more_rec = &res->trust[r];
		for (k = 0; k < CT_NJOBS; k++) {
			struct extra_rec x = {
				.row = &rows[r], .ratio = { c[0].ratio[k], c[1].ratio[k] },
				.lo = { c[0].lo[k], c[1].lo[k] }, .hi = { c[0].hi[k], c[1].hi[k] },
				.p = { c[0].p[k], c[1].p[k] }, .level = 1 - res->alpha, .job = k,
				.lat = &c[0].lat, .pairs = &res->pairs[r][k], .design = &res->design,
				.fast = res->fastest && rows[r].p.kind == CT_PLACE_PIN &&
					&rows[r] != res->fastest ? &res->fast[r][k] : NULL,
				.fastest = res->fastest ? res->fastest->p.name : NULL
			};
			struct ct_field extra[CT_PLACEMENTS_EXTRA_NFIELDS];

			ct_out_results(&o, rows[r].p.name, &res->r[r][k], extra,
				       ct_rec_members(&ct_rec_placements_extra, &x, extra));
		}
	}
	ct_out_end(&o);
}

void ct_placements_print(FILE *f, enum ct_format fmt, int samples,
		      const struct ct_machine *m, const struct ct_topo *t,
		      const struct ct_placements_results *res)
{
	switch (fmt) {
	case CT_FMT_TABLE:
		print_table(f, samples, m, t, res);
		break;
	case CT_FMT_TSV:
		print_tsv(f, res);
		if (samples)
			print_samples(f, CT_REC_TSV, res->rows, res->n);
		break;
	case CT_FMT_JSON:
		print_json(f, samples, m, res);
		break;
	}
}

void ct_placements_markdown(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
			 const struct ct_placements_results *res)
{
	const struct ct_placements_row *rows = res->rows;
	size_t n = res->n;
	static const char *const titles[2] = {
		"Basis wall: elapsed time (CLOCK_MONOTONIC_RAW)",
		"Basis cpu: the thread's CPU time (CLOCK_THREAD_CPUTIME_ID)"
	};
	unsigned marks = 0;
	struct ct_doc d;
	int b;

	ct_doc_init(&d, f, CT_REC_MD, "");
	ct_doc_title(&d, "coretype: placements compared");
	ct_placements_header_lines(f, "    ", m, t, res);
	ct_placements_kernels_line(f, CT_REC_MD, res);
	ct_placements_answer(&d, res);
	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		ct_doc_section(&d, "%s", titles[b]);
		ct_doc_line(&d, "Rates are medians over the samples; x = ratio to main.");
		ct_doc_blank(&d);
		basis_rows(f, CT_REC_MD, res, (enum ct_basis)b, &marks);
	}
	if (marks) {
		ct_doc_blank(&d);
		ct_doc_line(&d, "Marks:");
		ct_doc_blank(&d);
		ct_out_footnotes(f, "    ", marks,
				 rows_precision(rows, n) ? rows[0].ser[0].precision_pct : 0);
		ratio_footnotes(f, "    ", marks, res);
	}
	ct_placements_list(&d, rows, n);
	/* What the run warned about, so that a reader of the file sees it too. */
	ct_out_warnings(&d, m);
}

/*
 * report/report.c - the stream of records a kernel tool writes (struct
 * ct_out: summaries, samples, the counter table, the machine record first
 * or, in JSON, last), the table's footnotes and its cells.  The records
 * themselves are described once each in machine-record.c,
 * summary-record.c, sample-record.c and kernel-line.c; coretype(7)
 * documents every field; names never change once released.
 */
#include "config.h"

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "machine/caches.h"
#include "workloads/latency.h"
#include "report/report.h"

void ct_out_footnotes(FILE *f, const char *pre, unsigned marks, double precision_pct)
{
	struct ct_doc d;

	if (!marks)
		return;
	ct_doc_init(&d, f, CT_REC_TABLE, pre);
	ct_doc_blank(&d);
	if (marks & CT_MARK_DISTURBED)
		ct_doc_mark(&d, "*", "disturbed: in some samples the thread ran for under %.0f%% of "
			    "the wall time of the call or a bracket (descheduled); wall figures mislead",
			    100 * CT_DESCHEDULED_SHARE);
	if (marks & CT_MARK_SHARE_ERROR)
		ct_doc_mark(&d, "error", "cpu share above %.2f: the thread clock ran ahead of the wall "
			    "clock, a measurement error", CT_SHARE_MAX);
	if (marks & CT_MARK_PER_CYCLE_NONE)
		ct_doc_mark(&d, "-", "per cycle: fewer than %d samples had the call and both brackets "
			    "at >= %.0f%% of wall", CT_PER_CYCLE_MIN_SAMPLES, 100 * CT_DESCHEDULED_SHARE);
	if (marks & CT_MARK_IMPLAUSIBLE)
		ct_doc_mark(&d, "!", "implausible: above the most any core of the ISA can do per "
			    "cycle by more than the figure's own error (coretype(7)); the clock "
			    "under it was misread");
	if (marks & CT_MARK_IMPRECISE)
		ct_doc_mark(&d, "~", "precision +-%g%% not reached: the run stopped first "
			    "(--max-time or the sample cap)", precision_pct);
	if (marks & CT_MARK_CPU_UNTRUSTED)
		ct_doc_mark(&d, "?", "cpu basis untrusted: the add chain ran at under %.0f%% of its "
			    "brackets' undisturbed clock per thread-CPU ns; the thread was charged for "
			    "time it did not run (switches, interrupts, the hypervisor: coretype(7)), and "
			    "the row's cpu-basis figures read that much low", 100 * CT_CPU_BASIS_TRUST);
	if (marks & CT_MARK_FLIGHT_IMPLAUSIBLE)
		ct_doc_mark(&d, "!", "lines in flight above what N chains can have (N x %.2f: "
			    "each chain has one load outstanding, and an adjacent-line prefetcher "
			    "helps an eighth of the links at most; coretype(7)): the one chain's "
			    "latency under it was read long (disturbed samples, the host slower then)",
			    1 + CT_LATENCY_FLIGHT_SLACK);
}

static const char *machine_warning(const void *m, size_t i)
{
	return ct_machine_warning(m, i);
}

void ct_out_warnings(const struct ct_doc *d, const struct ct_machine *m)
{
	ct_doc_warnings(d, m->nwarnings, machine_warning, m);
}

void ct_out_share_cell(char *buf, size_t len, const struct ct_summary *s, unsigned *marks)
{
	if (s->share_error) {
		snprintf(buf, len, "error");
		*marks |= CT_MARK_SHARE_ERROR;
	} else if (isnan(s->cpu_share)) {
		snprintf(buf, len, "-");
	} else {
		snprintf(buf, len, "%.3f%s", s->cpu_share, s->descheduled ? "*" : "");
	}
	if (s->descheduled)
		*marks |= CT_MARK_DISTURBED;
}

void ct_out_per_cycle_cell(char *buf, size_t len, const struct ct_summary *s, int insn,
			   int prec, unsigned *marks)
{
	double v = insn ? s->insn_per_cycle.median : s->per_cycle.median;
	int bad = insn ? s->insn_implausible : s->per_cycle_implausible;

	if (isnan(v)) {
		snprintf(buf, len, "-");
		if (s->per_cycle_why[0])
			*marks |= CT_MARK_PER_CYCLE_NONE;
		return;
	}
	snprintf(buf, len, "%.*f%s", prec, v, bad ? "!" : "");
	if (bad)
		*marks |= CT_MARK_IMPLAUSIBLE;
}

void ct_out_ci_cell(char *buf, size_t len, const struct ct_summary *s, unsigned *marks)
{
	int missed = ct_summary_precision_missed(s);

	if (isfinite(s->ci_halfwidth_pct))
		snprintf(buf, len, "%.2f%s", s->ci_halfwidth_pct, missed ? "~" : "");
	else
		snprintf(buf, len, "-%s", missed ? "~" : "");
	if (missed)
		*marks |= CT_MARK_IMPRECISE;
}

void ct_out_flight_cell(char *buf, size_t len, double v, int implausible, int disturbed,
			unsigned *marks)
{
	if (!isfinite(v)) {
		snprintf(buf, len, "-");
		return;
	}
	snprintf(buf, len, "%.1f%s%s", v, disturbed ? "*" : "", implausible ? "!" : "");
	if (disturbed)
		*marks |= CT_MARK_DISTURBED;
	if (implausible)
		*marks |= CT_MARK_FLIGHT_IMPLAUSIBLE;
}

static void writers_begin(struct ct_out *o, FILE *f)
{
	unsigned out = ct_rec_out_of(o->fmt);

	ct_rec_begin(&o->sum, f, out, &ct_rec_summary);
	ct_rec_begin(&o->smp, f, out, &ct_rec_sample);
	ct_rec_begin(&o->cnt, f, out, &ct_rec_counters);
}

void ct_out_begin(struct ct_out *o, FILE *f, enum ct_format fmt,
		  const char *tool, int samples)
{
	memset(o, 0, sizeof(*o));
	o->f = f;
	o->fmt = fmt;
	o->tool = tool;
	o->samples = samples;
	writers_begin(o, f);
}

void ct_out_machine(struct ct_out *o, const struct ct_machine *m)
{
	struct ct_out_machine_rec r = { o->tool, m };
	struct ct_rec_writer w;

	ct_rec_begin(&w, o->f, ct_rec_out_of(o->fmt), &ct_rec_machine);
	ct_rec_write(&w, &r);
	ct_rec_end(&w);
}

static void samples_out(struct ct_out *o, const char *placement,
			const struct ct_series *ser)
{
	struct ct_out_sample_rec r = { o->tool, placement, ser, NULL };
	unsigned i;

	/* TSV: one block of summaries, then one of samples (ct_out_end()). */
	if (o->fmt == CT_FMT_TSV && !o->tsv_samples.f) {
		o->smp.f = ct_held_open(&o->tsv_samples);
	}
	for (i = 0; i < ser->n; i++) {
		r.s = &ser->s[i];
		ct_rec_write(&o->smp, &r);
	}
}

void ct_out_series(struct ct_out *o, const char *placement,
		   const struct ct_series *ser)
{
	struct ct_results res;

	ct_results_series(ser, &res);
	ct_out_results(o, placement, &res, NULL, 0);
}

void ct_out_results(struct ct_out *o, const char *placement, const struct ct_results *res,
		    const struct ct_field *extra, size_t nextra)
{
	struct ct_out_summary_rec r = { o->tool, placement, NULL, extra, nextra, o->more,
					o->more_rec };
	int b;

	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		const struct ct_summary *sum = &res->b[b];

		r.s = sum;
		ct_rec_write(&o->sum, &r);
		if (o->fmt == CT_FMT_TABLE) {
			if (sum->precision_pct > 0)
				o->precision_pct = sum->precision_pct;
			if (sum->counters)
				ct_rec_write(&o->cnt, &r);
		}
	}
	if (o->samples)
		samples_out(o, placement, res->ser);
}

void ct_out_series_more(struct ct_out *o, const char *placement, const struct ct_series *ser,
			const struct ct_rec_kind *more, const void *rec)
{
	struct ct_results res;

	ct_results_series(ser, &res);
	o->more = more;
	o->more_rec = rec;
	ct_out_results(o, placement, &res, NULL, 0);
	o->more = NULL;
	o->more_rec = NULL;
}

void ct_out_discard(struct ct_out *o)
{
	ct_rec_discard(&o->sum);
	ct_rec_discard(&o->cnt);
	ct_rec_discard(&o->smp);
}

/* TSV's sample block, after a blank line under the summaries. */
static void tsv_samples_end(struct ct_out *o)
{
	struct ct_doc d;

	if (!o->tsv_samples.f)
		return;
	fflush(o->tsv_samples.f);
	ct_doc_init(&d, o->f, CT_REC_TSV, "");
	if (o->tsv_samples.len && o->sum.rows)
		ct_doc_blank(&d);
	ct_held_write(&o->tsv_samples, o->f);
	ct_rec_begin(&o->smp, o->f, CT_REC_TSV, &ct_rec_sample);
}

void ct_out_end(struct ct_out *o)
{
	struct ct_doc d;

	if (o->fmt == CT_FMT_TSV)
		tsv_samples_end(o);
	if (o->fmt != CT_FMT_TABLE)
		return;
	ct_doc_init(&d, o->f, CT_REC_TABLE, "");
	if (o->sum.rows) {
		ct_doc_blank(&d);
		ct_rec_end(&o->sum);
		ct_out_footnotes(o->f, "", o->sum.marks, o->precision_pct);
	}
	if (o->cnt.rows) {
		ct_doc_section(&d, "hardware counters (%s): medians over the samples counted; "
			       "ratio = cycles / estimate", ct_counters_scope());
		ct_rec_end(&o->cnt);
	}
	if (o->smp.rows) {
		ct_doc_blank(&d);
		ct_rec_end(&o->smp);
	}
	ct_out_discard(o);
	writers_begin(o, o->f);
	o->precision_pct = 0;
}

void ct_out_start(struct ct_out *o, const struct ct_machine *m)
{
	if (o->fmt == CT_FMT_TABLE)
		ct_out_machine(o, m);
	if (o->fmt != CT_FMT_JSON)
		return;
	o->sum.f = o->smp.f = o->cnt.f = ct_held_open(&o->held);
}

void ct_out_finish(struct ct_out *o, const struct ct_machine *m)
{
	ct_out_end(o);
	if (!o->held.f)
		return;
	fflush(o->held.f);
	ct_out_machine(o, m);
	ct_held_write(&o->held, o->f);
	writers_begin(o, o->f);
}

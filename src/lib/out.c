/*
 * out.c - the records of the output contract, in the three formats.
 * coretype(7) documents every field; names never change once released.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/common.h"
#include "ct/out.h"

int ct_format_parse(const char *s, enum ct_format *f)
{
	if (strcmp(s, "table") == 0)
		*f = CT_FMT_TABLE;
	else if (strcmp(s, "tsv") == 0)
		*f = CT_FMT_TSV;
	else if (strcmp(s, "json") == 0)
		*f = CT_FMT_JSON;
	else
		return -1;
	return 0;
}

/* The TSV summary columns, in order (the '#' header line). */
static const char *const tsv_summary_cols[] = {
	"tool", "kernel", "isa", "placement", "basis", "unit", "min", "median",
	"max", "cv_pct", "reps", "cpus", "migrated", "cpu_share", "verified",
	"per_cycle_median", "per_cycle_cv_pct", "per_cycle_unit",
};

static const char *const tsv_sample_cols[] = {
	"tool", "kernel", "isa", "placement", "rep", "cpu_start", "cpu_end",
	"wall_ns", "cpu_ns", "unit", "value_wall", "value_cpu",
	"bracket_ghz_wall", "per_cycle_wall", "per_cycle_unit",
};

/*
 * The TSV summary columns after the kernel's own fields: appended last, so
 * that every column before them keeps its number.
 */
static const char *const tsv_summary_tail[] = {
	"ci_halfwidth_pct", "stopped_by", "descheduled", "per_cycle_samples",
	"precision_reached",
};

static const char *const table_cols[] = {
	"kernel", "isa", "placement", "basis", "unit", "max", "median", "min",
	"cv%", "per-cycle", "pc-cv%", "share", "cpus", "migr", "verified", "ci%",
};

/* The hardware counter table, written where some series was counted. */
static const char *const counter_cols[] = {
	"kernel", "isa", "placement", "basis", "counted", "GHz", "cycles",
	"estimate", "ratio", "verdict", "insn/cyc",
};

static const char *const table_sample_cols[] = {
	"kernel", "isa", "placement", "rep", "cpu", "wall_ns", "cpu_ns",
	"value_wall", "value_cpu", "unit", "per-cycle",
};

void ct_out_begin(struct ct_out *o, FILE *f, enum ct_format fmt,
		  const char *tool, int samples)
{
	memset(o, 0, sizeof(*o));
	o->f = f;
	o->fmt = fmt;
	o->tool = tool;
	o->samples = samples;
	if (fmt == CT_FMT_TABLE) {
		o->table = ct_table_new(table_cols, (int)CT_ARRAY_SIZE(table_cols));
		if (samples)
			o->stable = ct_table_new(table_sample_cols,
						 (int)CT_ARRAY_SIZE(table_sample_cols));
	}
}

void ct_out_machine(struct ct_out *o, const struct ct_machine *m)
{
	FILE *f = o->f;
	char text[512];

	switch (o->fmt) {
	case CT_FMT_JSON:
		ct_json_begin(f, "machine");
		ct_json_str(f, "tool", o->tool);
		ct_json_str(f, "version", PACKAGE_VERSION);
		ct_json_str(f, "hostname", m->hostname);
		ct_json_str(f, "os", m->os);
		ct_json_str(f, "kernel_release", m->release);
		ct_json_str(f, "arch", m->arch);
		ct_json_str(f, "cpu_model", m->cpu_model);
		ct_json_int(f, "cpus_online", m->cpus_online);
		ct_json_num(f, "load_1m", m->load[0]);
		ct_json_num(f, "load_5m", m->load[1]);
		ct_json_num(f, "load_15m", m->load[2]);
		ct_json_num(f, "uptime_s", m->uptime_s);
		ct_json_str(f, "governor", m->governor);
		ct_json_str(f, "clock", m->clock);
		ct_json_str(f, "compiler", m->compiler);
		ct_json_str(f, "cflags", m->cflags);
		ct_json_str(f, "isas", m->isas);
		ct_json_str(f, "counters", m->counters);
		ct_json_str(f, "energy_performance_preference", m->epp);
		ct_json_str(f, "turbo", m->turbo);
		ct_json_str(f, "thp", m->thp);
		ct_json_int(f, "cpus_allowed", m->cpus_allowed);
		ct_json_bool(f, "confined", m->cpus_allowed > 0 && m->cpus_allowed < m->cpus_online);
		ct_json_str(f, "container", m->container);
		ct_json_num(f, "cpu_quota", m->cpu_quota > 0 ? m->cpu_quota : NAN);
		ct_json_num(f, "load_end_1m", m->load_end[0]);
		ct_json_num(f, "load_end_5m", m->load_end[1]);
		ct_json_num(f, "load_end_15m", m->load_end[2]);
		ct_json_num(f, "run_s", m->run_s);
		ct_json_num(f, "other_load", m->other_load);
		ct_json_int(f, "descheduled_samples", m->descheduled);
		{
			const char *w[CT_MACHINE_WARNINGS];
			size_t i;

			for (i = 0; i < m->nwarnings; i++)
				w[i] = m->warnings[i];
			ct_json_str_array(f, "warnings", w, m->nwarnings);
		}
		ct_json_end(f);
		break;
	case CT_FMT_TABLE:
		fprintf(f, "machine:  %s %s %s, %s, %ld cpus online, up %.0f s\n", m->os,
			m->release, m->arch, m->cpu_model, m->cpus_online, m->uptime_s);
		fprintf(f, "load:     %s\n", ct_machine_load_text(m, text, sizeof(text)));
		fprintf(f, "context:  %s\n", ct_machine_context_text(m, text, sizeof(text)));
		fprintf(f, "build:    %s %s, %s; clock %s\n", m->compiler, m->cflags,
			m->isas, m->clock);
		fprintf(f, "counters: %s\n", m->counters);
		{
			size_t i;

			for (i = 0; i < m->nwarnings; i++)
				fprintf(f, "warning:  %s\n", m->warnings[i]);
		}
		break;
	case CT_FMT_TSV:
		/* TSV carries records only: the description is in json. */
		break;
	}
}

void ct_out_footnotes(FILE *f, const char *pre, unsigned marks, double precision_pct)
{
	if (!marks)
		return;
	fputc('\n', f);
	if (marks & CT_MARK_DISTURBED)
		fprintf(f, "%s*      disturbed: in some samples the thread ran for under %.0f%% of "
			"the wall time of the call or a bracket (descheduled); wall figures mislead\n",
			pre, 100 * CT_DESCHEDULED_SHARE);
	if (marks & CT_MARK_SHARE_ERROR)
		fprintf(f, "%serror  cpu share above %.2f: the thread clock ran ahead of the wall "
			"clock, a measurement error\n", pre, CT_SHARE_MAX);
	if (marks & CT_MARK_PER_CYCLE_NONE)
		fprintf(f, "%s-      per cycle: fewer than %d samples had the call and both brackets "
			"at >= %.0f%% of wall\n", pre, CT_PER_CYCLE_MIN_SAMPLES,
			100 * CT_DESCHEDULED_SHARE);
	if (marks & CT_MARK_IMPLAUSIBLE)
		fprintf(f, "%s!      implausible: above the most any core of the ISA can do per "
			"cycle (coretype(7)); the clock under it was misread\n", pre);
	if (marks & CT_MARK_IMPRECISE)
		fprintf(f, "%s~      precision +-%g%% not reached: the run stopped first "
			"(--max-time or the sample cap)\n", pre, precision_pct);
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

/* TSV cells: "error" for a share that is one; a per-cycle "-" or "4.95!". */
void ct_out_tsv_share(char *buf, size_t len, const struct ct_summary *s)
{
	if (s->share_error)
		snprintf(buf, len, "error");
	else if (isnan(s->cpu_share))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.4g", s->cpu_share);
}

void ct_out_tsv_per_cycle(char *buf, size_t len, double v, int implausible)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.6g%s", v, implausible ? "!" : "");
}

static void fmt_num(char *buf, size_t len, double v)
{
	snprintf(buf, len, "%.4g", v);
}

static void json_fields(FILE *f, const struct ct_field *fl, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (fl[i].str)
			ct_json_str(f, fl[i].key, fl[i].str);
		else
			ct_json_num(f, fl[i].key, fl[i].num);
	}
}

static void summary_json(struct ct_out *o, const char *placement,
			 const struct ct_summary *s, const struct ct_field *extra,
			 size_t nextra)
{
	const struct ct_kernel *k = s->k;
	FILE *f = o->f;

	ct_json_begin(f, "summary");
	ct_json_str(f, "tool", o->tool);
	ct_json_str(f, "kernel", k->name);
	ct_json_str(f, "isa", k->isa);
	ct_json_str(f, "placement", placement);
	ct_json_str(f, "basis", ct_basis_name(s->basis));
	ct_json_str(f, "unit", k->unit);
	ct_json_num(f, "min", s->rate.min);
	ct_json_num(f, "median", s->rate.median);
	ct_json_num(f, "max", s->rate.max);
	ct_json_num(f, "mean", s->rate.mean);
	ct_json_num(f, "cv_pct", s->rate.cv_pct);
	ct_json_int(f, "reps", s->reps);
	ct_json_str(f, "cpus", s->cpus);
	ct_json_int(f, "migrated", s->migrated);
	/* A share above CT_SHARE_MAX is an error of the clocks, never a figure. */
	ct_json_num(f, "cpu_share", s->share_error ? NAN : s->cpu_share);
	ct_json_bool(f, "cpu_share_error", s->share_error);
	ct_json_bool(f, "verified", s->verified);
	if (k->per_cycle_unit) {
		ct_json_num(f, "per_cycle_median", s->per_cycle.median);
		ct_json_num(f, "per_cycle_cv_pct", s->per_cycle.cv_pct);
		ct_json_str(f, "per_cycle_unit", k->per_cycle_unit);
		ct_json_int(f, "per_cycle_samples", s->per_cycle_used);
		if (s->per_cycle_why[0])
			ct_json_str(f, "per_cycle_why", s->per_cycle_why);
		ct_json_num(f, "per_cycle_ceiling", s->per_cycle_ceiling);
		ct_json_bool(f, "per_cycle_implausible", s->per_cycle_implausible);
	}
	if (k->insn_unit) {
		ct_json_num(f, "insn_per_cycle_median", s->insn_per_cycle.median);
		ct_json_num(f, "insn_per_cycle_cv_pct", s->insn_per_cycle.cv_pct);
		ct_json_str(f, "insn_per_cycle_unit", k->insn_unit);
		ct_json_num(f, "insn_per_cycle_ceiling", s->insn_ceiling);
		ct_json_bool(f, "insn_per_cycle_implausible", s->insn_implausible);
	}
	ct_json_num(f, "ci_low", s->ci_low);
	ct_json_num(f, "ci_high", s->ci_high);
	ct_json_num(f, "ci_halfwidth_pct", s->ci_halfwidth_pct);
	ct_json_str(f, "stopped_by", ct_stop_name(s->stopped_by));
	if (s->precision_pct > 0)
		ct_json_bool(f, "precision_reached", !ct_summary_precision_missed(s));
	ct_json_int(f, "descheduled", s->descheduled);
	if (s->counters) {
		ct_json_int(f, "counted", s->counted);
		ct_json_int(f, "counters_scaled", s->counters_scaled);
	}
	if (s->counters && s->counted) {
		ct_json_num(f, "cycles_median", s->cycles.median);
		ct_json_num(f, "instructions_median", s->instructions.median);
		ct_json_num(f, "counter_ghz_median", s->counter_ghz.median);
		if (s->has_estimate) {
			ct_json_num(f, "cycles_est_median", s->cycles_est.median);
			ct_json_num(f, "cycles_ratio_median", s->cycles_ratio.median);
			ct_json_str(f, "cycles_verdict", ct_cycles_verdict_name(s->verdict));
		}
	}
	json_fields(f, k->fields, k->nfields);
	json_fields(f, extra, nextra);
	ct_json_end(f);
}

/*
 * The TSV header.  Every summary row has the same columns: the fixed ones,
 * the instruction-per-cycle pair ("-" for a kernel without one), then the
 * extra fields of the first kernel written, looked up by name in every
 * later one, so --all-isa rows line up whatever each ISA adds.
 */
static void tsv_header(struct ct_out *o, const char *const *cols, size_t n,
		       const struct ct_kernel *k)
{
	size_t i;

	if (o->tsv_header_done)
		return;
	o->tsv_header_done = 1;
	o->tsv_first = k;
	for (i = 0; i < n; i++)
		fprintf(o->f, "%s%s", i ? "\t" : "#", cols[i]);
	if (!o->samples) {
		fputs("\tinsn_per_cycle_median\tinsn_per_cycle_unit", o->f);
		for (i = 0; i < k->nfields; i++)
			fprintf(o->f, "\t%s", k->fields[i].key);
		for (i = 0; i < CT_ARRAY_SIZE(tsv_summary_tail); i++)
			fprintf(o->f, "\t%s", tsv_summary_tail[i]);
	}
	fputc('\n', o->f);
}

static const struct ct_field *find_field(const struct ct_kernel *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, key) == 0)
			return &k->fields[i];
	return NULL;
}

static void summary_tsv(struct ct_out *o, const char *placement,
			const struct ct_summary *s)
{
	const struct ct_kernel *k = s->k;
	FILE *f = o->f;
	size_t i;
	char share[32], pc[32], pccv[32], ipc[32];

	tsv_header(o, tsv_summary_cols, CT_ARRAY_SIZE(tsv_summary_cols), k);
	ct_out_tsv_share(share, sizeof(share), s);
	fprintf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%.6g\t%.6g\t%.6g\t%.3g\t%u\t%s\t%u\t%s\t%s",
		o->tool, k->name, k->isa, placement, ct_basis_name(s->basis), k->unit,
		s->rate.min, s->rate.median, s->rate.max, s->rate.cv_pct, s->reps,
		s->cpus, s->migrated, share, s->verified ? "true" : "false");
	if (k->per_cycle_unit) {
		ct_out_tsv_per_cycle(pc, sizeof(pc), s->per_cycle.median, s->per_cycle_implausible);
		ct_out_tsv_per_cycle(pccv, sizeof(pccv), s->per_cycle.cv_pct, 0);
		fprintf(f, "\t%s\t%s\t%s", pc, pccv, k->per_cycle_unit);
	} else {
		fputs("\t-\t-\t-", f);
	}
	if (k->insn_unit) {
		ct_out_tsv_per_cycle(ipc, sizeof(ipc), s->insn_per_cycle.median, s->insn_implausible);
		fprintf(f, "\t%s\t%s", ipc, k->insn_unit);
	} else {
		fputs("\t-\t-", f);
	}
	for (i = 0; i < o->tsv_first->nfields; i++) {
		const struct ct_field *fl = find_field(k, o->tsv_first->fields[i].key);

		if (!fl)
			fputs("\t-", f);
		else if (fl->str)
			fprintf(f, "\t%s", fl->str);
		else if (fl->num > -9e15 && fl->num < 9e15 && fl->num == (double)(long long)fl->num)
			fprintf(f, "\t%lld", (long long)fl->num);	/* a size or count: every digit */
		else
			fprintf(f, "\t%.6g", fl->num);
	}
	if (isfinite(s->ci_halfwidth_pct))
		fprintf(f, "\t%.3g", s->ci_halfwidth_pct);
	else
		fputs("\t-", f);
	fprintf(f, "\t%s\t%u", ct_stop_name(s->stopped_by), s->descheduled);
	if (k->per_cycle_unit)
		fprintf(f, "\t%u", s->per_cycle_used);
	else
		fputs("\t-", f);
	fprintf(f, "\t%s\n", s->precision_pct > 0 ?
		(ct_summary_precision_missed(s) ? "false" : "true") : "-");
}

/* v with prec decimals (-prec: significant digits), or "-" without one. */
static void counter_cell(char *buf, size_t len, int have, int prec, double v)
{
	if (!have || !isfinite(v))
		snprintf(buf, len, "-");
	else if (prec < 0)
		snprintf(buf, len, "%.*g", -prec, v);
	else
		snprintf(buf, len, "%.*f", prec, v);
}

/* A series with counters open: a row of the counter table. */
static void counter_row(struct ct_out *o, const char *placement,
			const struct ct_summary *s)
{
	char counted[32], ghz[32], cyc[32], est[32], ratio[32], ipc[32];
	const char *cells[CT_ARRAY_SIZE(counter_cols)];
	int have = s->counted > 0, est_ok = have && s->has_estimate;

	if (!o->ctable)
		o->ctable = ct_table_new(counter_cols, (int)CT_ARRAY_SIZE(counter_cols));
	snprintf(counted, sizeof(counted), "%u/%u", s->counted, s->reps);
	counter_cell(ghz, sizeof(ghz), have, 3, s->counter_ghz.median);
	counter_cell(cyc, sizeof(cyc), have, -4, s->cycles.median);
	counter_cell(est, sizeof(est), est_ok, -4, s->cycles_est.median);
	counter_cell(ratio, sizeof(ratio), est_ok, 3, s->cycles_ratio.median);
	counter_cell(ipc, sizeof(ipc), have && s->cycles.median > 0, 2,
		     s->instructions.median / s->cycles.median);
	cells[0] = s->k->name;
	cells[1] = s->k->isa;
	cells[2] = placement;
	cells[3] = ct_basis_name(s->basis);
	cells[4] = counted;
	cells[5] = ghz;
	cells[6] = cyc;
	cells[7] = est;
	cells[8] = ratio;
	cells[9] = est_ok ? ct_cycles_verdict_name(s->verdict) : "-";
	cells[10] = ipc;
	ct_table_add(o->ctable, cells);
}

static void summary_table(struct ct_out *o, const char *placement,
			  const struct ct_summary *s)
{
	const struct ct_kernel *k = s->k;
	char mx[32], md[32], mn[32], cv[32], pc[48], pccv[32], share[32], migr[32], ci[32];
	const char *cells[CT_ARRAY_SIZE(table_cols)];

	fmt_num(mx, sizeof(mx), s->rate.max);
	fmt_num(md, sizeof(md), s->rate.median);
	fmt_num(mn, sizeof(mn), s->rate.min);
	snprintf(cv, sizeof(cv), "%.2f", s->rate.cv_pct);
	if (k->per_cycle_unit) {
		char v[32];

		ct_out_per_cycle_cell(v, sizeof(v), s, 0, 3, &o->marks);
		snprintf(pc, sizeof(pc), "%s %s", v, k->per_cycle_unit);
		if (isfinite(s->per_cycle.cv_pct))
			snprintf(pccv, sizeof(pccv), "%.2f", s->per_cycle.cv_pct);
		else
			snprintf(pccv, sizeof(pccv), "-");
	} else {
		snprintf(pc, sizeof(pc), "-");
		snprintf(pccv, sizeof(pccv), "-");
	}
	ct_out_share_cell(share, sizeof(share), s, &o->marks);
	snprintf(migr, sizeof(migr), "%u", s->migrated);
	cells[0] = k->name;
	cells[1] = k->isa;
	cells[2] = placement;
	cells[3] = ct_basis_name(s->basis);
	cells[4] = k->unit;
	cells[5] = mx;
	cells[6] = md;
	cells[7] = mn;
	cells[8] = cv;
	cells[9] = pc;
	cells[10] = pccv;
	cells[11] = share;
	cells[12] = s->cpus;
	cells[13] = migr;
	cells[14] = s->verified ? "yes" : "NO";
	ct_out_ci_cell(ci, sizeof(ci), s, &o->marks);
	if (s->precision_pct > 0)
		o->precision_pct = s->precision_pct;
	cells[15] = ci;
	ct_table_add(o->table, cells);
	if (s->counters)
		counter_row(o, placement, s);
}

static void samples_out(struct ct_out *o, const char *placement,
			const struct ct_series *ser)
{
	const struct ct_kernel *k = ser->k;
	FILE *f = o->f;
	unsigned i;

	for (i = 0; i < ser->n; i++) {
		const struct ct_sample *s = &ser->s[i];
		double vw = ct_sample_rate(k, s, CT_BASIS_WALL);
		double vc = ct_sample_rate(k, s, CT_BASIS_CPU);
		double pcw = ct_sample_per_cycle(k, k->per_cycle_work, s, CT_BASIS_WALL);

		switch (o->fmt) {
		case CT_FMT_JSON:
			ct_json_begin(f, "sample");
			ct_json_str(f, "tool", o->tool);
			ct_json_str(f, "kernel", k->name);
			ct_json_str(f, "isa", k->isa);
			ct_json_str(f, "placement", placement);
			ct_json_int(f, "rep", s->rep + 1);
			ct_json_int(f, "cpu_start", s->cpu_start);
			ct_json_int(f, "cpu_end", s->cpu_end);
			ct_json_int(f, "wall_ns", (long long)s->wall_ns);
			ct_json_int(f, "cpu_ns", (long long)s->cpu_ns);
			ct_json_int(f, "calls", s->calls ? (long long)s->calls : 1);
			ct_json_str(f, "unit", k->unit);
			ct_json_num(f, "value_wall", vw);
			ct_json_num(f, "value_cpu", vc);
			ct_json_num(f, "cpu_share", ct_sample_share(s));
			ct_json_bool(f, "disturbed", ct_sample_disturbed(s));
			if (k->per_cycle_unit) {
				ct_json_int(f, "bracket_wall_ns", (long long)(s->pre_wall_ns + s->post_wall_ns));
				ct_json_int(f, "bracket_cpu_ns", (long long)(s->pre_cpu_ns + s->post_cpu_ns));
				ct_json_num(f, "bracket_ghz_wall", s->bracket_ghz_wall);
				ct_json_num(f, "bracket_ghz_cpu", s->bracket_ghz_cpu);
				ct_json_num(f, "per_cycle_wall", pcw);
				ct_json_num(f, "per_cycle_cpu",
					    ct_sample_per_cycle(k, k->per_cycle_work, s, CT_BASIS_CPU));
				ct_json_str(f, "per_cycle_unit", k->per_cycle_unit);
			}
			if (ser->counters) {
				double est = ct_sample_cycles_est(k, s, CT_BASIS_WALL);

				ct_json_str(f, "counter_status", ct_count_status_name(s->count_status));
				if (ct_count_usable(s->count_status)) {
					ct_json_num(f, "cycles", s->cycles);
					ct_json_num(f, "instructions", s->instructions);
					ct_json_num(f, "counter_ghz", ct_sample_counter_ghz(s));
					if (isfinite(est)) {
						ct_json_num(f, "cycles_est", est);
						ct_json_num(f, "cycles_ratio",
							    ct_cycles_ratio(s->cycles, est));
					}
				}
			}
			ct_json_end(f);
			break;
		case CT_FMT_TSV:
			tsv_header(o, tsv_sample_cols, CT_ARRAY_SIZE(tsv_sample_cols), k);
			fprintf(f, "%s\t%s\t%s\t%s\t%u\t%d\t%d\t%llu\t%llu\t%s\t%.6g\t%.6g",
				o->tool, k->name, k->isa, placement, s->rep + 1, s->cpu_start,
				s->cpu_end, (unsigned long long)s->wall_ns,
				(unsigned long long)s->cpu_ns, k->unit, vw, vc);
			if (k->per_cycle_unit)
				fprintf(f, "\t%.6g\t%.6g\t%s\n", s->bracket_ghz_wall, pcw,
					k->per_cycle_unit);
			else
				fputs("\t-\t-\t-\n", f);
			break;
		case CT_FMT_TABLE: {
			char rep[16], cpu[32], w[32], c[32], a[32], b[32], pc[48];
			const char *cells[CT_ARRAY_SIZE(table_sample_cols)];

			snprintf(rep, sizeof(rep), "%u", s->rep + 1);
			if (s->cpu_start == s->cpu_end)
				snprintf(cpu, sizeof(cpu), "%d", s->cpu_start);
			else
				snprintf(cpu, sizeof(cpu), "%d>%d", s->cpu_start, s->cpu_end);
			snprintf(w, sizeof(w), "%llu", (unsigned long long)s->wall_ns);
			snprintf(c, sizeof(c), "%llu", (unsigned long long)s->cpu_ns);
			fmt_num(a, sizeof(a), vw);
			fmt_num(b, sizeof(b), vc);
			if (k->per_cycle_unit)
				snprintf(pc, sizeof(pc), "%.3f", pcw);
			else
				snprintf(pc, sizeof(pc), "-");
			cells[0] = k->name;
			cells[1] = k->isa;
			cells[2] = placement;
			cells[3] = rep;
			cells[4] = cpu;
			cells[5] = w;
			cells[6] = c;
			cells[7] = a;
			cells[8] = b;
			cells[9] = k->unit;
			cells[10] = pc;
			ct_table_add(o->stable, cells);
			break;
		}
		}
	}
}

void ct_out_series(struct ct_out *o, const char *placement,
		   const struct ct_series *ser)
{
	ct_out_series_ex(o, placement, ser, NULL, 0);
}

void ct_out_series_ex(struct ct_out *o, const char *placement,
		      const struct ct_series *ser, const struct ct_field *extra,
		      size_t nextra)
{
	struct ct_summary sum;
	int b;

	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		ct_summarize(ser, (enum ct_basis)b, &sum);
		switch (o->fmt) {
		case CT_FMT_JSON:
			summary_json(o, placement, &sum, extra, nextra);
			break;
		case CT_FMT_TSV:
			if (!o->samples)
				summary_tsv(o, placement, &sum);
			break;
		case CT_FMT_TABLE:
			summary_table(o, placement, &sum);
			break;
		}
	}
	if (o->samples)
		samples_out(o, placement, ser);
}

void ct_out_discard(struct ct_out *o)
{
	ct_table_free(o->table);
	ct_table_free(o->ctable);
	ct_table_free(o->stable);
	o->table = o->ctable = o->stable = NULL;
}

void ct_out_end(struct ct_out *o)
{
	if (o->table) {
		fputc('\n', o->f);
		ct_table_print(o->table, o->f);
		ct_table_free(o->table);
		o->table = NULL;
		ct_out_footnotes(o->f, "", o->marks, o->precision_pct);
	}
	if (o->ctable) {
		fprintf(o->f, "\nhardware counters (%s): medians over the samples counted; "
			"ratio = cycles / estimate\n", ct_counters_scope());
		ct_table_print(o->ctable, o->f);
		ct_table_free(o->ctable);
		o->ctable = NULL;
	}
	if (o->stable) {
		fputc('\n', o->f);
		ct_table_print(o->stable, o->f);
		ct_table_free(o->stable);
		o->stable = NULL;
	}
}

/*
 * compare/fleet-report.c - the fleet view written out: what was compared
 * and by what rule (a "fleet_summary" record), the hosts with each one's
 * geometric mean against its peers ("fleet_host"), and a table per result
 * with a row per host and basis ("fleet"), as a table, TSV, JSON Lines or
 * Markdown (the chart of the hosts side by side is compare/fleet-chart.c).
 * Every figure was computed by compare/fleet.c; the records are described
 * once here.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "records/doc.h"
#include "records/record.h"
#include "ct-compare/fleet.h"

/* A result's title: "ct-place stream 16M at main (GB/s)". */
static void table_title(char *buf, size_t len, const struct ct_run_series *s)
{
	char size[32] = "";
	int n;

	if (!isnan(s->size)) {
		size[0] = ' ';
		ct_compare_size_text(size + 1, sizeof(size) - 1, s->size);
	}
	n = snprintf(buf, len, "%s %s%s", s->tool, s->kernel, size);
	if (n >= 0 && (size_t)n < len && isfinite(s->chains))
		n += snprintf(buf + n, len - (size_t)n, ", %.0f chain%s", s->chains,
			      s->chains == 1 ? "" : "s");
	if (n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " at %s (%s)", s->placement,
			 ct_rec_unit_text(s->unit));
}

/* --- The fleet_summary record: what was compared, and the rule. --- */

enum sum_field {
	M_HOSTS, M_MODELS, M_RESULTS, M_ROWS, M_GROUPS, M_SMALL, M_OUTLIERS, M_BUSY, M_MADS,
	M_SCALE, M_MIN_GROUP, M_THRESHOLD, M_RULE
};

static const struct ct_rec_field sum_fields[] = {
	{ M_HOSTS, "hosts", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_MODELS, "cpu_models", "cpu models", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_RESULTS, "results", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_ROWS, "rows", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ M_GROUPS, "groups", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_SMALL, "small_groups", "too small to flag", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_OUTLIERS, "outliers", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_BUSY, "busy", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_MADS, "rule_mads", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ M_SCALE, "rule_mad_scale", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ M_MIN_GROUP, "rule_min_group", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ M_THRESHOLD, "threshold_pct", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ M_RULE, NULL, "rule", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
};

static void sum_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_fleet *f = rec;

	(void)out;
	switch ((enum sum_field)id) {
	case M_HOSTS:
		v->i = (long long)f->nhosts;
		break;
	case M_MODELS:
		v->i = (long long)f->models;
		break;
	case M_RESULTS:
		v->i = (long long)f->ntables;
		break;
	case M_ROWS:
		v->i = (long long)f->nrows;
		break;
	case M_GROUPS:
		v->i = (long long)f->ngroups;
		break;
	case M_SMALL:
		v->i = (long long)f->small_groups;
		break;
	case M_OUTLIERS:
		v->i = (long long)f->outliers;
		break;
	case M_BUSY:
		v->i = (long long)f->busy;
		break;
	case M_MADS:
		v->num = CT_FLEET_MADS;
		break;
	case M_SCALE:
		v->num = CT_FLEET_MAD_SCALE;
		break;
	case M_MIN_GROUP:
		v->i = CT_FLEET_MIN_GROUP;
		break;
	case M_THRESHOLD:
		v->num = 100 * f->threshold;
		break;
	case M_RULE:
		snprintf(v->buf, sizeof(v->buf), "an outlier is beyond %g scaled MADs (x %g) of its "
			 "group's median and at least %g%% from it (--threshold); a group is the "
			 "hosts of one cpu model and kind of core, %d at least to flag one",
			 CT_FLEET_MADS, CT_FLEET_MAD_SCALE, 100 * f->threshold, CT_FLEET_MIN_GROUP);
		v->str = v->buf;
		break;
	}
}

const struct ct_rec_kind ct_rec_fleet_summary = {
	"fleet_summary", sum_fields, CT_ARRAY_SIZE(sum_fields), sum_value, CT_REC_LINES
};

/* --- The fleet_host record: a host, and its rows' ratios to its peers. --- */

struct host_rec {
	const struct ct_fleet *f;
	const struct ct_fleet_host *h;
};

enum host_field {
	H_HOST, H_HOSTNAME, H_NODE, H_JOB, H_MODEL, H_KINDS, H_INPUTS, H_ROWS, H_OUTLIERS,
	H_GEO_WALL, H_GEO_CPU, H_FILES
};

static const struct ct_rec_field host_fields[] = {
	{ H_HOST, "host", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ H_HOSTNAME, "hostname", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ H_NODE, "slurm_node_name", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ H_JOB, "slurm_job_id", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ H_MODEL, "cpu_model", "cpu model", CT_REC_STR, NULL, NULL,
	  CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(3) },
	{ H_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(2) },
	{ H_INPUTS, "inputs", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ H_ROWS, "rows", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ H_OUTLIERS, "outliers", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ H_GEO_WALL, "geomean_wall", "geomean wall", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ H_GEO_CPU, "geomean_cpu", "geomean cpu", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ H_FILES, "files", "file", CT_REC_LIST, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(4) },
};

static void host_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct host_rec *hr = rec;
	const struct ct_fleet_host *h = hr->h;
	const struct ct_machine *m = h->mach ? &h->mach->m : NULL;
	size_t i;

	(void)out;
	switch ((enum host_field)id) {
	case H_HOST:
		v->str = h->name;
		break;
	case H_HOSTNAME:
		v->null = !m || !h->mach->has_hostname;
		v->str = m ? m->hostname : "";
		break;
	case H_NODE:
		v->null = !m || !m->slurm_node_name[0];
		v->str = m ? m->slurm_node_name : "";
		break;
	case H_JOB:
		v->null = !m || !m->slurm_job_id[0];
		v->i = m ? strtoll(m->slurm_job_id, NULL, 10) : 0;
		break;
	case H_MODEL:
		v->str = h->model;
		break;
	case H_KINDS:
		/* None named: null, '-' in text. */
		v->str = hr->f->runs[h->inputs[0]].kinds;
		v->null = !v->str[0];
		break;
	case H_INPUTS:
		v->i = (long long)h->ninputs;
		break;
	case H_ROWS:
		v->i = (long long)h->rows;
		break;
	case H_OUTLIERS:
		v->i = (long long)h->outliers;
		break;
	case H_GEO_WALL:
		v->num = h->geomean[CT_BASIS_WALL];
		break;
	case H_GEO_CPU:
		v->num = h->geomean[CT_BASIS_CPU];
		break;
	case H_FILES:
		for (i = 0; i < h->ninputs && i < CT_ARRAY_SIZE(v->ptrs); i++)
			v->ptrs[i] = hr->f->runs[h->inputs[i]].file;
		v->list = v->ptrs;
		v->n = i;
		break;
	}
}

const struct ct_rec_kind ct_rec_fleet_host = {
	"fleet_host", host_fields, CT_ARRAY_SIZE(host_fields), host_value, 0
};

/* --- The fleet record: a host's figure of a result on a basis, beside its group's. --- */

struct row_rec {
	const struct ct_fleet *f;
	const struct ct_fleet_row *r;
};

enum row_field {
	F_TOOL, F_KERNEL, F_PLACEMENT, F_SIZE_BYTES, F_CHAINS, F_UNIT, F_BASIS, F_HOST, F_HOSTNAME,
	F_MODEL, F_KINDS, F_READER, F_ISA, F_N, F_RUNS, F_MEDIAN, F_CI_LOW, F_CI_HIGH,
	F_INTERVAL, F_GROUP_N, F_GROUP_MEDIAN, F_GROUP_MAD, F_RATIO, F_RATIO_LOW, F_RATIO_HIGH,
	F_MADS, F_PC_MEDIAN, F_PC_UNIT, F_GROUP_PC, F_PC_RATIO, F_DISTURBED, F_OUTLIER, F_FLAG,
	F_REASON, F_FILE
};

static const struct ct_rec_field row_fields[] = {
	{ F_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_KERNEL, "kernel", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_SIZE_BYTES, "size_bytes", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
	{ F_CHAINS, "chains", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
	{ F_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_HOST, "host", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_HOSTNAME, "hostname", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ F_MODEL, "cpu_model", "cpu model", CT_REC_STR, NULL, NULL,
	  CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(5) },
	{ F_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(4) },
	{ F_READER, "reader", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(3) },
	{ F_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_N, "n", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ F_RUNS, "runs", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_MEDIAN, "median", NULL, CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ F_CI_LOW, "ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_CI_HIGH, "ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_INTERVAL, NULL, "95% interval", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_FIT(2) },
	{ F_GROUP_N, "group_hosts", "group", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ F_GROUP_MEDIAN, "group_median", "group median", CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ F_GROUP_MAD, "group_mad", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_RATIO, "ratio", NULL, CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ F_RATIO_LOW, "ratio_ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_RATIO_HIGH, "ratio_ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_MADS, "mads", "MADs", CT_REC_NUM, "%.6g", "%.1f", CT_REC_ALL | CT_REC_FIT(6) },
	{ F_PC_MEDIAN, "per_cycle_median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_PC_UNIT, "per_cycle_unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_GROUP_PC, "group_per_cycle_median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_PC_RATIO, "per_cycle_ratio", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_DISTURBED, "disturbed", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_OUTLIER, "outlier", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
	{ F_FLAG, "cause", "outlier", CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_REASON, "reason", "why", CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_FILE, "file", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

/* The slower one: a lower rate, or a longer time (ct-place --bench). */
static int row_slower(const struct ct_fleet_row *r)
{
	return strcmp(r->s->unit, "s") == 0 ? r->ratio > 1 : r->ratio < 1;
}

static void row_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct row_rec *rr = rec;
	const struct ct_fleet_row *r = rr->r;
	const struct ct_fleet_host *h = &rr->f->hosts[r->host];

	switch ((enum row_field)id) {
	case F_TOOL:
		v->str = r->s->tool;
		break;
	case F_KERNEL:
		v->str = r->s->kernel;
		break;
	case F_PLACEMENT:
		v->str = r->s->placement;
		break;
	case F_SIZE_BYTES:
		v->omit = isnan(r->s->size);
		v->num = r->s->size;
		break;
	case F_CHAINS:
		v->omit = isnan(r->s->chains);
		v->num = r->s->chains;
		break;
	case F_UNIT:
		v->str = r->s->unit;
		break;
	case F_BASIS:
		v->str = ct_basis_name((enum ct_basis)r->basis);
		break;
	case F_HOST:
		v->str = h->name;
		break;
	case F_HOSTNAME:
		v->null = !h->mach || !h->mach->has_hostname;
		v->str = h->mach ? h->mach->m.hostname : "";
		break;
	case F_MODEL:
		v->str = h->model;
		break;
	case F_KINDS:
		v->str = r->kinds;
		v->null = !r->kinds[0];
		break;
	case F_READER:
		ct_fleet_reader(r, v->buf, sizeof(v->buf));
		v->str = v->buf;
		break;
	case F_ISA:
		v->str = r->s->isa;
		break;
	case F_N:
		v->i = (long long)r->n;
		break;
	case F_RUNS:
		v->i = (long long)r->runs;
		break;
	case F_MEDIAN:
		v->num = r->median;
		v->unit = r->s->unit;
		break;
	case F_CI_LOW:
		v->num = r->ci_lo;
		break;
	case F_CI_HIGH:
		v->num = r->ci_hi;
		break;
	case F_INTERVAL:
		v->omit = isnan(r->ci_lo);
		ct_rec_range_text(v->buf, sizeof(v->buf), r->ci_lo, r->ci_hi, r->s->unit);
		v->str = v->buf;
		break;
	case F_GROUP_N:
		v->i = (long long)r->group_n;
		break;
	case F_GROUP_MEDIAN:
		v->num = r->group_median;
		v->unit = r->s->unit;
		break;
	case F_GROUP_MAD:
		v->num = r->group_mad;
		break;
	case F_RATIO:
		v->num = r->ratio;
		break;
	case F_RATIO_LOW:
		v->num = r->ratio_lo;
		break;
	case F_RATIO_HIGH:
		v->num = r->ratio_hi;
		break;
	case F_MADS:
		/* Beyond any count (the group's MAD is 0): JSON null, "inf" in text. */
		v->num = r->mads;
		if (isinf(r->mads) && (out & (CT_REC_TEXT | CT_REC_TSV)))
			v->str = "inf";
		break;
	case F_PC_MEDIAN:
		v->num = r->pc_median;
		break;
	case F_PC_UNIT:
		v->null = !r->s->pc_unit;
		v->str = r->s->pc_unit ? r->s->pc_unit : "";
		break;
	case F_GROUP_PC:
		v->num = r->group_pc_median;
		break;
	case F_PC_RATIO:
		v->num = r->pc_ratio;
		break;
	case F_DISTURBED:
		v->i = (long long)r->disturbed;
		break;
	case F_OUTLIER:
		v->null = r->outlier < 0;
		v->i = r->outlier == 1;
		break;
	case F_FLAG:
		v->null = r->outlier != 1 && (out & CT_REC_DATA);
		v->str = r->outlier != 1 ? "" : r->busy == CT_FLEET_PEERS_BUSY ? "peers busy" :
			 r->busy ? "busy" : row_slower(r) ? "slower" : "faster";
		break;
	case F_REASON:
		v->null = !r->reason;
		v->str = r->reason ? r->reason : "";
		break;
	case F_FILE:
		v->str = rr->f->runs[h->inputs[0]].file;
		break;
	}
}

const struct ct_rec_kind ct_rec_fleet = {
	"fleet", row_fields, CT_ARRAY_SIZE(row_fields), row_value, 0
};

/* --- The outputs. --- */

static void summary_lines(FILE *f, const struct ct_fleet *fl, unsigned out)
{
	struct ct_rec_writer w;

	ct_rec_begin(&w, f, out, &ct_rec_fleet_summary);
	ct_rec_write(&w, fl);
	ct_rec_end(&w);
}

static void host_rows(FILE *f, const struct ct_fleet *fl, unsigned out)
{
	struct ct_rec_writer w;
	struct host_rec hr = { fl, NULL };
	const struct ct_fleet_host **order;
	size_t i;

	order = ct_xmalloc((fl->nhosts ? fl->nhosts : 1) * sizeof(*order));
	for (i = 0; i < fl->nhosts; i++)
		order[fl->hosts[i].rank] = &fl->hosts[i];
	if (out & CT_REC_TEXT) {
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, "hosts: each one's rows, outliers and geometric mean of its "
			     "ratios to its peers' medians");
	}
	ct_rec_begin(&w, f, out, &ct_rec_fleet_host);
	for (i = 0; i < fl->nhosts; i++) {
		hr.h = order[i];
		ct_rec_write(&w, &hr);
	}
	ct_rec_end(&w);
	free(order);
}

/* The rows: a table per result (the table and Markdown), or records. */
static void result_rows(FILE *f, const struct ct_fleet *fl, unsigned out)
{
	struct ct_rec_writer w;
	struct row_rec rr = { fl, NULL };
	char title[400];
	size_t t, i;

	if (!(out & CT_REC_TEXT)) {
		ct_rec_begin(&w, f, out, &ct_rec_fleet);
		for (i = 0; i < fl->nrows; i++) {
			rr.r = &fl->rows[i];
			ct_rec_write(&w, &rr);
		}
		ct_rec_end(&w);
		return;
	}
	for (t = 0; t < fl->ntables; t++) {
		const struct ct_fleet_table *tb = &fl->tables[t];

		table_title(title, sizeof(title), tb->s);
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, title);
		ct_rec_begin(&w, f, out, &ct_rec_fleet);
		for (i = tb->first; i < tb->first + tb->nrows; i++) {
			rr.r = &fl->rows[i];
			ct_rec_write(&w, &rr);
		}
		ct_rec_end(&w);
	}
}

static void legend_lines(FILE *f, unsigned out, const struct ct_fleet *fl)
{
	struct ct_doc d;

	ct_doc_init(&d, f, out, "");
	ct_doc_line(&d, "median: each host's over its samples (one run; its 95%% interval from order "
		"statistics, 6 samples at least), or of its runs' medians (several runs), in the "
		"title's unit (a time in the one that fits it, a latency in ns per load: the ratio "
		"stays the rates');");
	ct_doc_line(&d, "peers: the hosts of its cpu model and kind of core at that result and basis, "
		"itself included; ratio: its median over their median; MADs: how far from it, in "
		"scaled MADs (x %g) of their medians;", CT_FLEET_MAD_SCALE);
	ct_doc_line(&d, "outlier: beyond %g MADs and at least %g%% from the peers' median (--threshold); "
		"a group of fewer than %d hosts flags none; a host is never compared with another "
		"cpu model's;", CT_FLEET_MADS, 100 * fl->threshold, CT_FLEET_MIN_GROUP);
	ct_doc_line(&d, "busy: flagged slower on the wall clock, yet at its peers' figure on its "
		"thread's cpu time, with a smaller share of its cpu than theirs: other work took "
		"the time, the core is as fast; peers busy: the same the other way round, "
		"flagged faster with a larger share than its busy peers'");
}

static void print_table(FILE *f, const struct ct_fleet *fl)
{
	char title[200];

	snprintf(title, sizeof(title), "ct-compare --fleet: %zu host%s side by side", fl->nhosts,
		 fl->nhosts == 1 ? "" : "s");
	ct_rec_title(f, CT_REC_TABLE, 1, title);
	ct_doc_gap(f);
	summary_lines(f, fl, CT_REC_TABLE);
	ct_doc_gap(f);
	legend_lines(f, CT_REC_TABLE, fl);
	host_rows(f, fl, CT_REC_TABLE);
	result_rows(f, fl, CT_REC_TABLE);
}

void ct_fleet_print(FILE *f, enum ct_format fmt, const struct ct_fleet *fl)
{
	unsigned out = ct_rec_out_of(fmt);

	if (fmt == CT_FMT_TABLE) {
		print_table(f, fl);
		return;
	}
	/* TSV keeps one header and the rows alone, as ct-compare's compare rows. */
	if (out == CT_REC_JSON) {
		summary_lines(f, fl, out);
		host_rows(f, fl, out);
	}
	result_rows(f, fl, out);
}

void ct_fleet_markdown(FILE *f, const struct ct_fleet *fl)
{
	ct_rec_title(f, CT_REC_MD, 1, "coretype: a fleet side by side");
	summary_lines(f, fl, CT_REC_MD);
	ct_doc_gap(f);
	legend_lines(f, CT_REC_MD, fl);
	host_rows(f, fl, CT_REC_MD);
	result_rows(f, fl, CT_REC_MD);
}

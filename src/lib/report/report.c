/*
 * report/report.c - the records of the output contract (machine, summary, sample,
 * the counter table), each described once and written by record.c in the
 * three formats.
 * coretype(7) documents every field; names never change once released.
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

/* TSV's per-cycle cell: "-" without one, "4.95!" above the ceiling. */
void ct_out_tsv_per_cycle(char *buf, size_t len, double v, int implausible)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.6g%s", v, implausible ? "!" : "");
}

/* --- The machine record. --- */

/*
 * JSON has every fact; the table says them in a few lines (the load and
 * context in words), TSV carries records only.
 */
static const struct ct_rec_field machine_fields[] = {
	{ CT_MF_MACHINE_LINE, NULL, "machine", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ CT_MF_LOAD_LINE, NULL, "load", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ CT_MF_CONTEXT_LINE, NULL, "context", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ CT_MF_BUILD_LINE, NULL, "build", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ CT_MF_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_VERSION, "version", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_HOSTNAME, "hostname", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	/* Where a Slurm task ran the tool (ct-fleet(1)), null elsewhere. */
	{ CT_MF_SLURM_JOB_ID, "slurm_job_id", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ CT_MF_SLURM_ARRAY_JOB_ID, "slurm_array_job_id", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ CT_MF_SLURM_ARRAY_TASK_ID, "slurm_array_task_id", NULL, CT_REC_INT, NULL, NULL,
	  CT_REC_JSON },
	{ CT_MF_SLURM_NODE_NAME, "slurm_node_name", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_SLURM_NODE_ID, "slurm_node_id", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ CT_MF_OS, "os", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_RELEASE, "kernel_release", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_ARCH, "arch", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CPU_MODEL, "cpu_model", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CPUS_ONLINE, "cpus_online", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ CT_MF_LOAD_1M, "load_1m", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_LOAD_5M, "load_5m", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_LOAD_15M, "load_15m", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_UPTIME, "uptime_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_GOVERNOR, "governor", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CLOCK, "clock", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_COMPILER, "compiler", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CFLAGS, "cflags", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_ISAS, "isas", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_COUNTERS, "counters", NULL, CT_REC_STR, NULL, NULL, CT_REC_TABLE | CT_REC_JSON },
	{ CT_MF_EPP, "energy_performance_preference", NULL, CT_REC_STR, NULL, NULL,
	  CT_REC_JSON },
	{ CT_MF_TURBO, "turbo", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_THP, "thp", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CPUS_ALLOWED, "cpus_allowed", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CONFINED, "confined", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CONTAINER, "container", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_CPU_QUOTA, "cpu_quota", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_L1_SOURCE, "l1_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_L2_SOURCE, "l2_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_L3_SOURCE, "l3_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CT_MF_LOAD_END_1M, "load_end_1m", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_LOAD_END_5M, "load_end_5m", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_LOAD_END_15M, "load_end_15m", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_RUN_S, "run_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_OTHER_LOAD, "other_load", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ CT_MF_DESCHEDULED, "descheduled_samples", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ CT_MF_WARNINGS, "warnings", "warning", CT_REC_LIST, NULL, NULL,
	  CT_REC_TABLE | CT_REC_JSON },
};

/* A Slurm id as Slurm set it: a whole number, else null (none, or not one). */
static void slurm_id(const char *text, struct ct_rec_value *v)
{
	char *end;
	long long x;

	errno = 0;
	x = strtoll(text, &end, 10);
	v->null = !isdigit((unsigned char)text[0]) || *end || errno;
	v->i = x;
}

static void machine_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_out_machine_rec *r = rec;
	const struct ct_machine *m = r->m;

	(void)out;
	switch ((enum ct_machine_field)id) {
	case CT_MF_MACHINE_LINE:
		snprintf(v->buf, sizeof(v->buf), "%s %s %s, %s, %ld cpus online, up %.0f s", m->os,
			 m->release, m->arch, m->cpu_model, m->cpus_online, m->uptime_s);
		v->str = v->buf;
		break;
	case CT_MF_LOAD_LINE:
		v->str = ct_machine_load_text(m, v->buf, sizeof(v->buf));
		break;
	case CT_MF_CONTEXT_LINE:
		v->str = ct_machine_context_text(m, v->buf, sizeof(v->buf));
		break;
	case CT_MF_BUILD_LINE:
		snprintf(v->buf, sizeof(v->buf), "%s %s, %s; clock %s", m->compiler, m->cflags,
			 m->isas, m->clock);
		v->str = v->buf;
		break;
	case CT_MF_TOOL:
		v->str = r->tool;
		break;
	case CT_MF_VERSION:
		v->str = PACKAGE_VERSION;
		break;
	case CT_MF_HOSTNAME:
		v->str = m->hostname;
		break;
	case CT_MF_SLURM_JOB_ID:
		slurm_id(m->slurm_job_id, v);
		break;
	case CT_MF_SLURM_ARRAY_JOB_ID:
		slurm_id(m->slurm_array_job_id, v);
		break;
	case CT_MF_SLURM_ARRAY_TASK_ID:
		slurm_id(m->slurm_array_task_id, v);
		break;
	case CT_MF_SLURM_NODE_NAME:
		v->null = !m->slurm_node_name[0];
		v->str = m->slurm_node_name;
		break;
	case CT_MF_SLURM_NODE_ID:
		slurm_id(m->slurm_node_id, v);
		break;
	case CT_MF_OS:
		v->str = m->os;
		break;
	case CT_MF_RELEASE:
		v->str = m->release;
		break;
	case CT_MF_ARCH:
		v->str = m->arch;
		break;
	case CT_MF_CPU_MODEL:
		v->str = m->cpu_model;
		break;
	case CT_MF_CPUS_ONLINE:
		v->i = m->cpus_online;
		break;
	case CT_MF_LOAD_1M:
	case CT_MF_LOAD_5M:
	case CT_MF_LOAD_15M:
		v->num = m->load[id - CT_MF_LOAD_1M];
		break;
	case CT_MF_UPTIME:
		v->num = m->uptime_s;
		break;
	case CT_MF_GOVERNOR:
		v->str = m->governor;
		break;
	case CT_MF_CLOCK:
		v->str = m->clock;
		break;
	case CT_MF_COMPILER:
		v->str = m->compiler;
		break;
	case CT_MF_CFLAGS:
		v->str = m->cflags;
		break;
	case CT_MF_ISAS:
		v->str = m->isas;
		break;
	case CT_MF_COUNTERS:
		v->str = m->counters;
		break;
	case CT_MF_EPP:
		v->str = m->epp;
		break;
	case CT_MF_TURBO:
		v->str = m->turbo;
		break;
	case CT_MF_THP:
		v->str = m->thp;
		break;
	case CT_MF_CPUS_ALLOWED:
		v->i = m->cpus_allowed;
		break;
	case CT_MF_CONFINED:
		v->i = m->cpus_allowed > 0 && m->cpus_allowed < m->cpus_online;
		break;
	case CT_MF_CONTAINER:
		v->str = m->container;
		break;
	case CT_MF_CPU_QUOTA:
		v->num = m->cpu_quota > 0 ? m->cpu_quota : NAN;
		break;
	case CT_MF_L1_SOURCE:
	case CT_MF_L2_SOURCE:
	case CT_MF_L3_SOURCE:
		v->str = ct_cache_source_name((enum ct_cache_source)
					      m->cache_source[id - CT_MF_L1_SOURCE + 1]);
		break;
	case CT_MF_LOAD_END_1M:
	case CT_MF_LOAD_END_5M:
	case CT_MF_LOAD_END_15M:
		v->num = m->load_end[id - CT_MF_LOAD_END_1M];
		break;
	case CT_MF_RUN_S:
		v->num = m->run_s;
		break;
	case CT_MF_OTHER_LOAD:
		v->num = m->other_load;
		break;
	case CT_MF_DESCHEDULED:
		v->i = m->descheduled;
		break;
	case CT_MF_WARNINGS: {
		/* The list points into m; the array of pointers is v->ptrs. */
		size_t i;

		for (i = 0; i < m->nwarnings && i < CT_ARRAY_SIZE(v->ptrs); i++)
			v->ptrs[i] = ct_machine_warning(m, i);
		v->list = v->ptrs;
		v->n = i;
		break;
	}
	}
}

const struct ct_rec_kind ct_rec_machine = {
	"machine", machine_fields, CT_ARRAY_SIZE(machine_fields), machine_value, CT_REC_LINES
};

/* --- The summary record and the counter table. --- */

enum sum_field {
	S_TOOL, S_KERNEL, S_ISA, S_PLACEMENT, S_BASIS, S_UNIT, S_MIN, S_MEDIAN, S_MAX, S_MEAN,
	S_CV, S_REPS, S_CPUS, S_MIGRATED, S_SHARE, S_SHARE_ERROR, S_VERIFIED,
	S_PC_MEDIAN, S_PC_CV, S_PC_UNIT, S_PC_SAMPLES, S_PC_WHY, S_PC_CEILING, S_PC_MARGIN,
	S_PC_IMPLAUSIBLE,
	S_IPC_MEDIAN, S_IPC_CV, S_IPC_UNIT, S_IPC_CEILING, S_IPC_IMPLAUSIBLE,
	S_CI_LOW, S_CI_HIGH, S_CI_HALFWIDTH, S_STOPPED_BY, S_PRECISION_REACHED, S_DESCHEDULED,
	S_COUNTED, S_COUNTERS_SCALED, S_CYCLES, S_INSTRUCTIONS, S_COUNTER_GHZ, S_CYCLES_EST,
	S_CYCLES_RATIO, S_CYCLES_VERDICT, S_KERNEL_FIELDS, S_EXTRA, S_MORE,
	/* The table's cells of their own. */
	S_T_PER_CYCLE, S_T_SHARE, S_T_COUNTED, S_T_IPC
};

/*
 * One list for three orders: the table's columns (kernel ... max, median,
 * min ... ci%), the TSV columns (frozen: a column added later was
 * appended, so that every earlier one keeps its number) and the JSON
 * members.  per_cycle_samples, precision_reached and the kernel's own
 * fields are where TSV has them and again where JSON has them.
 */
static const struct ct_rec_field summary_fields[] = {
	{ S_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_KERNEL, "kernel", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ S_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_FIT(6) },
	{ S_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ S_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ S_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ S_MAX, NULL, "max", CT_REC_NUM, NULL, "%U", CT_REC_TEXT },
	{ S_MEDIAN, NULL, "median", CT_REC_NUM, NULL, "%U", CT_REC_TEXT },
	{ S_MIN, NULL, "min", CT_REC_NUM, NULL, "%U", CT_REC_TEXT | CT_REC_FIT(2) },
	{ S_MIN, "min", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ S_MEDIAN, "median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ S_MAX, "max", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ S_MEAN, "mean", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_CV, "cv_pct", "cv%", CT_REC_NUM, "%.3g", "%.2f", CT_REC_ALL },
	{ S_T_PER_CYCLE, NULL, "per-cycle", CT_REC_NUM, NULL, "%s", CT_REC_TEXT | CT_REC_FIT(4) },
	{ S_PC_CV, NULL, "pc-cv%", CT_REC_NUM, NULL, "%.2f", CT_REC_TEXT | CT_REC_FIT(1) },
	{ S_T_SHARE, NULL, "share", CT_REC_NUM, NULL, "%s", CT_REC_TEXT },
	{ S_REPS, "reps", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_FIT(3) },
	{ S_MIGRATED, "migrated", "migr", CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ S_SHARE, "cpu_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_DATA },
	{ S_SHARE_ERROR, "cpu_share_error", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ S_VERIFIED, "verified", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_ALL | CT_REC_FIT(5) },
	{ S_PC_MEDIAN, "per_cycle_median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ S_PC_CV, "per_cycle_cv_pct", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ S_PC_UNIT, "per_cycle_unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_PC_SAMPLES, "per_cycle_samples", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ S_PC_WHY, "per_cycle_why", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ S_PC_CEILING, "per_cycle_ceiling", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_PC_MARGIN, "per_cycle_margin_pct", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_PC_IMPLAUSIBLE, "per_cycle_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_JSON },
	{ S_IPC_MEDIAN, "insn_per_cycle_median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ S_IPC_CV, "insn_per_cycle_cv_pct", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_IPC_UNIT, "insn_per_cycle_unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_IPC_CEILING, "insn_per_cycle_ceiling", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_IPC_IMPLAUSIBLE, "insn_per_cycle_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_JSON },
	{ S_KERNEL_FIELDS, "fields", NULL, CT_REC_FIELDS, NULL, NULL, CT_REC_TSV },
	{ S_CI_LOW, "ci_low", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_CI_HIGH, "ci_high", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_CI_HALFWIDTH, "ci_halfwidth_pct", "ci%", CT_REC_NUM, "%.3g", "%s",
	  CT_REC_ALL | CT_REC_FIT(1) },
	{ S_STOPPED_BY, "stopped_by", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_PRECISION_REACHED, "precision_reached", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ S_DESCHEDULED, "descheduled", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_PC_SAMPLES, "per_cycle_samples", NULL, CT_REC_INT, NULL, NULL, CT_REC_TSV },
	{ S_PRECISION_REACHED, "precision_reached", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
	{ S_COUNTED, "counted", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ S_COUNTERS_SCALED, "counters_scaled", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ S_CYCLES, "cycles_median", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_INSTRUCTIONS, "instructions_median", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_COUNTER_GHZ, "counter_ghz_median", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_CYCLES_EST, "cycles_est_median", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_CYCLES_RATIO, "cycles_ratio_median", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ S_CYCLES_VERDICT, "cycles_verdict", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ S_KERNEL_FIELDS, "fields", NULL, CT_REC_FIELDS, NULL, NULL, CT_REC_JSON },
	{ S_EXTRA, "extra", NULL, CT_REC_FIELDS, NULL, NULL, CT_REC_JSON },
	{ S_MORE, "more", NULL, CT_REC_MORE, NULL, NULL, CT_REC_JSON },
};

/*
 * The hardware counter table, under the summaries where some series was
 * counted: medians over the samples counted.
 */
static const struct ct_rec_field counter_fields[] = {
	{ S_KERNEL, NULL, "kernel", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ S_ISA, NULL, "isa", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ S_PLACEMENT, NULL, "placement", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ S_BASIS, NULL, "basis", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ S_T_COUNTED, NULL, "counted", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ S_COUNTER_GHZ, NULL, "GHz", CT_REC_NUM, NULL, "%.3f", CT_REC_TABLE },
	{ S_CYCLES, NULL, "cycles", CT_REC_NUM, NULL, "%d", CT_REC_TABLE },
	{ S_CYCLES_EST, NULL, "estimate", CT_REC_NUM, NULL, "%d", CT_REC_TABLE },
	{ S_CYCLES_RATIO, NULL, "ratio", CT_REC_NUM, NULL, "%.3f", CT_REC_TABLE },
	{ S_CYCLES_VERDICT, NULL, "verdict", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ S_T_IPC, NULL, "insn/cyc", CT_REC_NUM, NULL, "%.2f", CT_REC_TABLE },
};

/* A per-cycle figure: none without the kernel's unit; "4.95!" in TSV above the ceiling. */
static void per_cycle(struct ct_rec_value *v, unsigned out, const char *unit, double x,
		      int implausible)
{
	v->omit = !unit;
	v->num = x;
	if (out == CT_REC_TSV && implausible && isfinite(x)) {
		ct_out_tsv_per_cycle(v->buf, sizeof(v->buf), x, 1);
		v->str = v->buf;
	}
}

static void summary_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_out_summary_rec *r = rec;
	const struct ct_summary *s = r->s;
	const struct ct_job *k = s->k;
	int counted = s->counters && s->counted, est = counted && s->has_estimate;

	switch ((enum sum_field)id) {
	case S_TOOL:
		v->str = r->tool;
		break;
	case S_KERNEL:
		v->str = k->name;
		break;
	case S_ISA:
		v->str = k->isa;
		break;
	case S_PLACEMENT:
		v->str = r->placement;
		break;
	case S_BASIS:
		v->str = ct_basis_name(s->basis);
		break;
	case S_UNIT:
		v->str = k->unit;
		break;
	case S_MIN:
		v->num = s->rate.min;
		v->unit = k->unit;
		break;
	case S_MEDIAN:
		v->num = s->rate.median;
		v->unit = k->unit;
		break;
	case S_MAX:
		v->num = s->rate.max;
		v->unit = k->unit;
		break;
	case S_MEAN:
		v->num = s->rate.mean;
		break;
	case S_CV:
		v->num = s->rate.cv_pct;
		break;
	case S_REPS:
		v->i = s->reps;
		break;
	case S_CPUS:
		v->str = s->cpus;
		break;
	case S_MIGRATED:
		v->i = s->migrated;
		break;
	case S_SHARE:
		/* A share above CT_SHARE_MAX is an error of the clocks, never a figure. */
		v->num = s->share_error ? NAN : s->cpu_share;
		if (s->share_error && out == CT_REC_TSV)
			v->str = "error";
		break;
	case S_SHARE_ERROR:
		v->i = s->share_error;
		break;
	case S_VERIFIED:
		v->i = s->verified;
		if (out & CT_REC_TEXT)
			v->str = s->verified ? "yes" : "NO";
		break;
	case S_PC_MEDIAN:
		per_cycle(v, out, k->per_cycle_unit, s->per_cycle.median, s->per_cycle_implausible);
		break;
	case S_PC_CV:
		v->omit = !k->per_cycle_unit;
		v->num = s->per_cycle.cv_pct;
		break;
	case S_PC_UNIT:
		v->omit = !k->per_cycle_unit;
		v->str = k->per_cycle_unit;
		break;
	case S_PC_SAMPLES:
		v->omit = !k->per_cycle_unit;
		v->i = s->per_cycle_used;
		break;
	case S_PC_WHY:
		v->omit = !k->per_cycle_unit || !s->per_cycle_why[0];
		v->str = s->per_cycle_why;
		break;
	case S_PC_CEILING:
		v->omit = !k->per_cycle_unit;
		v->num = s->per_cycle_ceiling;
		break;
	case S_PC_MARGIN:
		v->omit = !k->per_cycle_unit;
		v->num = 100 * s->per_cycle_margin;
		break;
	case S_PC_IMPLAUSIBLE:
		v->omit = !k->per_cycle_unit;
		v->i = s->per_cycle_implausible;
		break;
	case S_IPC_MEDIAN:
		per_cycle(v, out, k->insn_unit, s->insn_per_cycle.median, s->insn_implausible);
		break;
	case S_IPC_CV:
		v->omit = !k->insn_unit;
		v->num = s->insn_per_cycle.cv_pct;
		break;
	case S_IPC_UNIT:
		v->omit = !k->insn_unit;
		v->str = k->insn_unit;
		break;
	case S_IPC_CEILING:
		v->omit = !k->insn_unit;
		v->num = s->insn_ceiling;
		break;
	case S_IPC_IMPLAUSIBLE:
		v->omit = !k->insn_unit;
		v->i = s->insn_implausible;
		break;
	case S_CI_LOW:
		v->num = s->ci_low;
		break;
	case S_CI_HIGH:
		v->num = s->ci_high;
		break;
	case S_CI_HALFWIDTH:
		v->num = s->ci_halfwidth_pct;
		if (out & CT_REC_TEXT) {
			ct_out_ci_cell(v->buf, sizeof(v->buf), s, &v->marks);
			v->str = v->buf;
		}
		break;
	case S_STOPPED_BY:
		v->str = ct_stop_name(s->stopped_by);
		break;
	case S_PRECISION_REACHED:
		v->omit = !(s->precision_pct > 0);
		v->i = !ct_summary_precision_missed(s);
		break;
	case S_DESCHEDULED:
		v->i = s->descheduled;
		break;
	case S_COUNTED:
		v->omit = !s->counters;
		v->i = s->counted;
		break;
	case S_COUNTERS_SCALED:
		v->omit = !s->counters;
		v->i = s->counters_scaled;
		break;
	case S_CYCLES:
		v->omit = !counted;
		v->num = s->cycles.median;
		break;
	case S_INSTRUCTIONS:
		v->omit = !counted;
		v->num = s->instructions.median;
		break;
	case S_COUNTER_GHZ:
		v->omit = !counted;
		v->num = s->counter_ghz.median;
		break;
	case S_CYCLES_EST:
		v->omit = !est;
		v->num = s->cycles_est.median;
		break;
	case S_CYCLES_RATIO:
		v->omit = !est;
		v->num = s->cycles_ratio.median;
		break;
	case S_CYCLES_VERDICT:
		v->omit = !est;
		v->str = ct_cycles_verdict_name(s->verdict);
		break;
	case S_KERNEL_FIELDS:
		v->fields = k->fields;
		v->n = k->nfields;
		break;
	case S_EXTRA:
		v->fields = r->extra;
		v->n = r->nextra;
		break;
	case S_MORE:
		v->more = r->more;
		v->more_rec = r->more_rec;
		break;
	case S_T_PER_CYCLE:
		if (k->per_cycle_unit) {
			char c[32];

			ct_out_per_cycle_cell(c, sizeof(c), s, 0, 3, &v->marks);
			snprintf(v->buf, sizeof(v->buf), "%s %s", c, k->per_cycle_unit);
			v->str = v->buf;
		} else {
			v->omit = 1;
		}
		break;
	case S_T_SHARE:
		ct_out_share_cell(v->buf, sizeof(v->buf), s, &v->marks);
		v->str = v->buf;
		break;
	case S_T_COUNTED:
		snprintf(v->buf, sizeof(v->buf), "%u/%u", s->counted, s->reps);
		v->str = v->buf;
		break;
	case S_T_IPC:
		v->omit = !counted || !(s->cycles.median > 0);
		v->num = s->ipc;
		break;
	}
}

const struct ct_rec_kind ct_rec_summary = {
	"summary", summary_fields, CT_ARRAY_SIZE(summary_fields), summary_value, 0
};
const struct ct_rec_kind ct_rec_counters = {
	"counters", counter_fields, CT_ARRAY_SIZE(counter_fields), summary_value, 0
};

/* --- The sample record. --- */

enum smp_field {
	P_TOOL, P_KERNEL, P_ISA, P_PLACEMENT, P_REP, P_CPU_START, P_CPU_END, P_CPU, P_WALL_NS,
	P_CPU_NS, P_CALLS, P_UNIT, P_VALUE_WALL, P_VALUE_CPU, P_SHARE, P_DISTURBED,
	P_BRACKET_WALL_NS, P_BRACKET_CPU_NS, P_PRE_BRACKET_WALL_NS, P_PRE_BRACKET_CPU_NS, P_READS_NS,
	P_CLOCK_GHZ, P_BRACKET_GHZ_WALL, P_BRACKET_GHZ_CPU,
	P_PC_WALL, P_PC_CPU, P_PC_UNIT, P_COUNTER_STATUS, P_CYCLES, P_INSTRUCTIONS,
	P_COUNTER_GHZ, P_CYCLES_EST, P_CYCLES_RATIO, P_SIZE_BYTES, P_LEVEL
};

/* The table's unit comes after the values, TSV's and JSON's before them. */
static const struct ct_rec_field sample_fields[] = {
	{ P_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ P_KERNEL, "kernel", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ P_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_FIT(2) },
	{ P_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	/*
	 * What else keys a sample's series in a run: ct-stream's size and
	 * its level (from the kernel's fields of those names; no member,
	 * '-' in TSV, for a kernel without).  TSV has them last.
	 */
	{ P_SIZE_BYTES, "size_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_LEVEL, "level", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ P_REP, "rep", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ P_CPU_START, "cpu_start", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ P_CPU_END, "cpu_end", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ P_CPU, NULL, "cpu", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ P_WALL_NS, "wall_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ P_CPU_NS, "cpu_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ P_CALLS, "calls", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ P_VALUE_WALL, "value_wall", NULL, CT_REC_NUM, "%.6g", "%U", CT_REC_ALL },
	{ P_VALUE_CPU, "value_cpu", NULL, CT_REC_NUM, "%.6g", "%U", CT_REC_ALL },
	{ P_UNIT, NULL, "unit", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ P_SHARE, "cpu_share", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_DISTURBED, "disturbed", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ P_BRACKET_WALL_NS, "bracket_wall_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_BRACKET_CPU_NS, "bracket_cpu_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_PRE_BRACKET_WALL_NS, "pre_bracket_wall_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_PRE_BRACKET_CPU_NS, "pre_bracket_cpu_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_READS_NS, "cpu_reads_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_CLOCK_GHZ, "clock_ghz", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ P_BRACKET_GHZ_WALL, "bracket_ghz_wall", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ P_BRACKET_GHZ_CPU, "bracket_ghz_cpu", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_PC_WALL, "per_cycle_wall", "per-cycle", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ P_PC_CPU, "per_cycle_cpu", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_PC_UNIT, "per_cycle_unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ P_COUNTER_STATUS, "counter_status", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ P_CYCLES, "cycles", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_INSTRUCTIONS, "instructions", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_COUNTER_GHZ, "counter_ghz", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_CYCLES_EST, "cycles_est", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_CYCLES_RATIO, "cycles_ratio", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ P_SIZE_BYTES, "size_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_TSV },
	{ P_LEVEL, "level", NULL, CT_REC_STR, NULL, NULL, CT_REC_TSV },
};

/* The kernel's own field of that name, or NULL. */
static const struct ct_field *kernel_field(const struct ct_job *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, key) == 0)
			return &k->fields[i];
	return NULL;
}

static void sample_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_out_sample_rec *r = rec;
	const struct ct_sample *s = r->s;
	const struct ct_job *k = r->ser->k;
	int pc = k->per_cycle_unit != NULL;
	int usable = r->ser->counters && ct_count_usable(s->count_status);
	double est = ct_sample_cycles_est(k, s, CT_BASIS_WALL);

	(void)out;
	switch ((enum smp_field)id) {
	case P_TOOL:
		v->str = r->tool;
		break;
	case P_KERNEL:
		v->str = k->name;
		break;
	case P_ISA:
		v->str = k->isa;
		break;
	case P_PLACEMENT:
		v->str = r->placement;
		break;
	case P_REP:
		v->i = s->rep + 1;
		break;
	case P_CPU_START:
		v->i = s->cpu_start;
		break;
	case P_CPU_END:
		v->i = s->cpu_end;
		break;
	case P_CPU:
		if (s->cpu_start == s->cpu_end)
			snprintf(v->buf, sizeof(v->buf), "%d", s->cpu_start);
		else
			snprintf(v->buf, sizeof(v->buf), "%d>%d", s->cpu_start, s->cpu_end);
		v->str = v->buf;
		break;
	case P_WALL_NS:
		v->i = (long long)s->wall_ns;
		break;
	case P_CPU_NS:
		v->i = (long long)s->cpu_ns;
		break;
	case P_CALLS:
		v->i = s->calls ? (long long)s->calls : 1;
		break;
	case P_UNIT:
		v->str = k->unit;
		break;
	case P_VALUE_WALL:
		v->num = ct_sample_rate(k, s, CT_BASIS_WALL);
		v->unit = k->unit;
		break;
	case P_VALUE_CPU:
		v->num = ct_sample_rate(k, s, CT_BASIS_CPU);
		v->unit = k->unit;
		break;
	case P_SHARE:
		v->num = ct_sample_share(s);
		break;
	case P_DISTURBED:
		v->i = ct_sample_disturbed(s);
		break;
	case P_BRACKET_WALL_NS:
		v->omit = !pc;
		v->i = (long long)(s->pre_wall_ns + s->post_wall_ns);
		break;
	case P_BRACKET_CPU_NS:
		v->omit = !pc;
		v->i = (long long)(s->pre_cpu_ns + s->post_cpu_ns);
		break;
	case P_PRE_BRACKET_WALL_NS:
		v->omit = !pc;
		v->i = (long long)s->pre_wall_ns;
		break;
	case P_PRE_BRACKET_CPU_NS:
		v->omit = !pc;
		v->i = (long long)s->pre_cpu_ns;
		break;
	case P_READS_NS:
		/* Not measured (the all-core runner, a record read back): none. */
		v->omit = !s->reads_ns;
		v->i = (long long)s->reads_ns;
		break;
	case P_CLOCK_GHZ:
		v->omit = !pc;
		v->num = s->clock_ghz;
		break;
	case P_BRACKET_GHZ_WALL:
		v->omit = !pc;
		v->num = s->bracket_ghz_wall;
		break;
	case P_BRACKET_GHZ_CPU:
		v->omit = !pc;
		v->num = s->bracket_ghz_cpu;
		break;
	case P_PC_WALL:
		v->omit = !pc;
		v->num = ct_sample_per_cycle(k, k->per_cycle_work, s, CT_BASIS_WALL);
		break;
	case P_PC_CPU:
		v->omit = !pc;
		v->num = ct_sample_per_cycle(k, k->per_cycle_work, s, CT_BASIS_CPU);
		break;
	case P_PC_UNIT:
		v->omit = !pc;
		v->str = k->per_cycle_unit;
		break;
	case P_COUNTER_STATUS:
		v->omit = !r->ser->counters;
		v->str = ct_count_status_name(s->count_status);
		break;
	case P_CYCLES:
		v->omit = !usable;
		v->num = s->cycles;
		break;
	case P_INSTRUCTIONS:
		v->omit = !usable;
		v->num = s->instructions;
		break;
	case P_COUNTER_GHZ:
		v->omit = !usable;
		v->num = ct_sample_counter_ghz(s);
		break;
	case P_CYCLES_EST:
		v->omit = !usable || !isfinite(est);
		v->num = est;
		break;
	case P_CYCLES_RATIO:
		v->omit = !usable || !isfinite(est);
		v->num = ct_cycles_ratio(s->cycles, est);
		break;
	case P_SIZE_BYTES: {
		const struct ct_field *f = kernel_field(k, "size_bytes");

		v->omit = !f || f->str;
		v->i = f ? (long long)f->num : 0;
		break;
	}
	case P_LEVEL: {
		const struct ct_field *f = kernel_field(k, "level");

		v->omit = !f || !f->str;
		v->str = f && f->str ? f->str : NULL;
		break;
	}
	}
}

const struct ct_rec_kind ct_rec_sample = {
	"sample", sample_fields, CT_ARRAY_SIZE(sample_fields), sample_value, 0
};

/* --- The kernel line. --- */

enum kernel_field { K_LOOP, K_JOBS };

static const struct ct_rec_field kernel_fields[] = {
	{ K_LOOP, NULL, "kernel", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ K_JOBS, NULL, "kernels", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
};

/* "6 reps", "6 to 9 reps" and the like after sep, at buf + used. */
static size_t reps_text(char *buf, size_t len, size_t used, const struct ct_out_kernel_rec *r,
			const char *sep, const char *one, const char *range)
{
	if (!r->reps || used >= len)
		return used;
	if (r->reps_max > r->reps)
		used += (size_t)snprintf(buf + used, len - used, "%s%u to %u reps%s", sep, r->reps,
					 r->reps_max, range);
	else
		used += (size_t)snprintf(buf + used, len - used, "%s%u reps%s", sep, r->reps, one);
	return used;
}

/* Append item to the list in buf: "a", "a and b", "a, b and c" (last: no more follow). */
static void list_item(char *buf, size_t len, const char *item, int last)
{
	size_t used = strlen(buf);

	snprintf(buf + used, len - used, "%s%s", !used ? "" : last ? " and " : ", ", item);
}

/*
 * A loop in the form of its kind: an FMA loop (it counts flops) by its
 * accumulators and lanes, a streaming read (it loads, no flops) by its
 * loads, and the add chain (neither: a clock) by its adds; then its
 * instruction, what a sample runs and the samples.
 */
static void loop_text(const struct ct_out_kernel_rec *r, char *buf, size_t len)
{
	const struct ct_kernel *d = r->d;
	const char *per = r->per_call ? "per call" : "per sample";
	char other[128] = "", item[32];
	size_t used;

	if (d->flops) {
		used = (size_t)snprintf(buf, len, "%s %-6s %2u accumulators x %2u lanes, %s",
					d->kernel, d->isa, d->accumulators, d->lanes, d->insn);
		if (r->count > 0 && used < len)
			used += (size_t)snprintf(buf + used, len - used, ", %.0f passes over %u "
						 "bytes %s", r->count, r->bytes, per);
		reps_text(buf, len, used, r, ", ", "", "");
	} else if (d->bytes) {
		used = (size_t)snprintf(buf, len, "%s %-6s %2u-byte loads, %u accumulators, %s, "
					"%u bytes an iteration", d->kernel, d->isa, d->load_bytes,
					d->accumulators, d->insn, d->bytes);
		used = reps_text(buf, len, used, r, ", ", "", "");
		/* The other loops a size may choose (ct_stream_choose). */
		if (d->fn_pf)
			list_item(other, sizeof(other), "a prefetching loop", !d->fn_short && !d->fn_xor);
		if (d->fn_short) {
			snprintf(item, sizeof(item), "a loop of %u loads", d->short_loads);
			list_item(other, sizeof(other), item, !d->fn_xor);
		}
		if (d->fn_xor)
			list_item(other, sizeof(other), "a loop folding two loads an XOR", 1);
		if (*other && used < len)
			snprintf(buf + used, len - used, "; beside it %s", other);
	} else {
		used = (size_t)snprintf(buf, len, "%.0f dependent adds %s (%s, %s)", r->count, per,
					d->isa, d->insn);
		used = reps_text(buf, len, used, r, ", ", "", "");
		/* The add chain's rate is the clock: the table's max is its estimate. */
		if (used < len)
			snprintf(buf + used, len - used, "; the clock is the max");
	}
}

/* A smoke run's figures are no full run's: said at the end of the line. */
#define QUICK_TEXT "; a smoke run (-q): few short samples, not figures to compare with a full run"

static void kernel_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_out_kernel_rec *r = rec;
	size_t used = 0, i;

	(void)out;
	switch ((enum kernel_field)id) {
	case K_LOOP:
		loop_text(r, v->buf, sizeof(v->buf));
		used = strlen(v->buf);
		if (r->quick && used < sizeof(v->buf))
			snprintf(v->buf + used, sizeof(v->buf) - used, "%s", QUICK_TEXT);
		break;
	case K_JOBS:
		for (i = 0; i < r->njobs && used < sizeof(v->buf); i++)
			used += (size_t)snprintf(v->buf + used, sizeof(v->buf) - used, "%s%s (%s)",
						 i ? ", " : "", r->jobs[i].name, r->jobs[i].isa);
		used = reps_text(v->buf, sizeof(v->buf), used, r, "; ", " each", " per placement");
		if (used < sizeof(v->buf))
			used += (size_t)snprintf(v->buf + used, sizeof(v->buf) - used,
						 ", round-robin, every sample verified");
		if (r->quick && used < sizeof(v->buf))
			snprintf(v->buf + used, sizeof(v->buf) - used, "%s", QUICK_TEXT);
		break;
	}
	v->str = v->buf;
}

const struct ct_rec_kind ct_rec_kernel = {
	"kernel", kernel_fields, CT_ARRAY_SIZE(kernel_fields), kernel_value, CT_REC_LINES
};

void ct_out_kernel(FILE *f, unsigned out, const struct ct_out_kernel_rec *r)
{
	struct ct_rec_writer w;

	ct_rec_begin(&w, f, out, &ct_rec_kernel);
	ct_rec_hide(&w, r->d ? K_JOBS : K_LOOP);
	ct_rec_write(&w, r);
	ct_rec_end(&w);
}

/* --- The stream of records. --- */

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

void ct_out_machine_lines(FILE *f, const char *tool, const char *pre,
			  const struct ct_machine *m)
{
	struct ct_out_machine_rec rec = { tool, m };
	struct ct_rec_writer w;
	struct ct_held h;
	struct ct_doc d;
	size_t len;
	char *buf;

	ct_rec_begin(&w, *pre ? ct_held_open(&h) : f, CT_REC_TABLE, &ct_rec_machine);
	ct_rec_hide(&w, CT_MF_WARNINGS);
	ct_rec_write(&w, &rec);
	ct_rec_end(&w);
	if (!*pre)
		return;
	/* Markdown's lines of a code block: each indented. */
	buf = ct_held_take(&h, &len);
	ct_doc_init(&d, f, CT_REC_MD, pre);
	ct_doc_text(&d, buf, len);
	free(buf);
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

/*
 * report/summary-record.c - the summary record (one a kernel, ISA,
 * placement and basis) and the hardware counter table under the summaries.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "machine/caches.h"
#include "report/report.h"

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
	/*
	 * The table's marks of a figure, each a column of its own, so that
	 * every numeric column holds a number or '-': the per-cycle figures
	 * above the ceiling ('!'), the share that is an error.
	 */
	{ S_PC_IMPLAUSIBLE, "per_cycle_implausible", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
	{ S_IPC_IMPLAUSIBLE, "insn_per_cycle_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_TSV },
	{ S_SHARE_ERROR, "cpu_share_error", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_TSV },
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

/*
 * A per-cycle figure: none without the kernel's unit; a number in every
 * output, its mark above the ceiling in a field of its own
 * (per_cycle_implausible).
 */
static void per_cycle(struct ct_rec_value *v, const char *unit, double x)
{
	v->omit = !unit;
	v->num = x;
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
		/*
		 * A share above CT_SHARE_MAX is an error of the clocks, never a
		 * figure: '-' (null), and cpu_share_error says why.
		 */
		v->num = s->share_error ? NAN : s->cpu_share;
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
		per_cycle(v, k->per_cycle_unit, s->per_cycle.median);
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
		per_cycle(v, k->insn_unit, s->insn_per_cycle.median);
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

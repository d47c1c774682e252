/*
 * report/sample-record.c - the sample record: one a repetition, with
 * its clocks, brackets and counters.
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

enum smp_field {
	P_TOOL, P_KERNEL, P_ISA, P_PLACEMENT, P_REP, P_CPU_START, P_CPU_END, P_CPU, P_WALL_NS,
	P_CPU_NS, P_CALLS, P_UNIT, P_VALUE_WALL, P_VALUE_CPU, P_SHARE, P_DISTURBED,
	P_BRACKET_WALL_NS, P_BRACKET_CPU_NS, P_PRE_BRACKET_WALL_NS, P_PRE_BRACKET_CPU_NS, P_READS_NS,
	P_CLOCK_GHZ, P_BRACKET_GHZ_WALL, P_BRACKET_GHZ_CPU,
	P_PC_WALL, P_PC_CPU, P_PC_UNIT, P_COUNTER_STATUS, P_CYCLES, P_INSTRUCTIONS,
	P_COUNTER_GHZ, P_CYCLES_EST, P_CYCLES_RATIO, P_SIZE_BYTES, P_LEVEL, P_ROUND, P_POSITION
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
	/*
	 * Interleaved rounds (measure/rounds.h): the round, the same for
	 * every placement or cpu measured in it, and where in it this one
	 * went; no members where one was measured after another.
	 */
	{ P_ROUND, "round", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ P_POSITION, "position", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
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
	case P_ROUND:
		v->omit = !s->position;
		v->i = s->rep + 1;
		break;
	case P_POSITION:
		v->omit = !s->position;
		v->i = s->position;
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

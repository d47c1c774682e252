/*
 * report/machine-record.c - the machine record: what ran where (host, OS,
 * clock, load, confinement, caches' sources, Slurm's ids), every fact in
 * JSON, a few lines in the table.
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

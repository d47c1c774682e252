/*
 * observe.c - the report of ct-place --observe: one row per kind of core
 * the machine has, then the tree's CPU time that no kind accounts for.
 *
 * The rows are described once (the columns below and one cell function)
 * and written as a table, TSV, JSON Lines or Markdown from that.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/common.h"
#include "ct/observe.h"
#include "ct/out.h"

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

enum col {
	COL_KIND,
	COL_CPUS,
	COL_CPU_S,
	COL_SHARE,
	COL_THREADS,
	COL_MIGRATIONS,
	COL_CYCLES,
	COL_INSTRUCTIONS,
	COL_SOURCE,
	NCOLS
};

static const char *const col_name[NCOLS] = {
	"kind", "cpus", "cpu_s", "share", "threads", "migrations", "cycles", "instructions",
	"source"
};

void ct_observe_init(struct ct_observe *r)
{
	int k;

	memset(r, 0, sizeof(*r));
	for (k = 0; k < CT_KIND_COUNT; k++) {
		r->kind[k].threads = -1;
		r->kind[k].migrations = -1;
		r->kind[k].cycles = NAN;
		r->kind[k].instructions = NAN;
	}
}

static double counted_s(const struct ct_observe *r)
{
	double s = 0;
	int k;

	for (k = 0; k < CT_KIND_COUNT; k++)
		s += (double)r->kind[k].ns / 1e9;
	return s;
}

static double tree_s(const struct ct_observe *r)
{
	return (double)(r->user_ns + r->sys_ns) / 1e9;
}

size_t ct_observe_rows(const struct ct_observe *r, struct ct_observe_row *rows)
{
	double counted = counted_s(r), tree = tree_s(r);
	double total = counted > tree ? counted : tree;
	size_t n = 0;
	int k;

	for (k = 0; k < CT_KIND_COUNT; k++) {
		if (!r->kind[k].present)
			continue;
		rows[n].kind = ct_kind_name((enum ct_kind)k);
		rows[n].k = &r->kind[k];
		rows[n].cpu_s = (double)r->kind[k].ns / 1e9;
		rows[n].share = total > 0 ? rows[n].cpu_s / total : 0;
		n++;
	}
	rows[n].kind = "unseen";
	rows[n].k = NULL;
	rows[n].cpu_s = total - counted;
	rows[n].share = total > 0 ? rows[n].cpu_s / total : 0;
	return n + 1;
}

/* One cell as text; NULL when unknown.  buf holds LIST_LEN bytes. */
static const char *cell(const struct ct_observe *r, const struct ct_observe_row *w,
			enum col c, char *buf)
{
	const struct ct_observe_kind *k = w->k;

	switch (c) {
	case COL_KIND:
		return w->kind;
	case COL_CPUS:
		if (!k || !k->cpus_known)
			return NULL;
		return ct_cpuset_format(&k->cpus, buf, LIST_LEN);
	case COL_CPU_S:
		snprintf(buf, LIST_LEN, "%.3f", w->cpu_s);
		return buf;
	case COL_SHARE:
		snprintf(buf, LIST_LEN, "%.3f", w->share);
		return buf;
	case COL_THREADS:
		if (!k || k->threads < 0)
			return NULL;
		snprintf(buf, LIST_LEN, "%lld", k->threads);
		return buf;
	case COL_MIGRATIONS:
		if (!k || k->migrations < 0)
			return NULL;
		snprintf(buf, LIST_LEN, "%lld", k->migrations);
		return buf;
	case COL_CYCLES:
		if (!k || !isfinite(k->cycles))
			return NULL;
		snprintf(buf, LIST_LEN, "%.0f", k->cycles);
		return buf;
	case COL_INSTRUCTIONS:
		if (!k || !isfinite(k->instructions))
			return NULL;
		snprintf(buf, LIST_LEN, "%.0f", k->instructions);
		return buf;
	case COL_SOURCE:
		if (k)
			return k->source;
		snprintf(buf, LIST_LEN, "%s: getrusage(RUSAGE_CHILDREN) less the kinds: %s",
			 r->method, r->unseen_why);
		return buf;
	case NCOLS:
		break;
	}
	return NULL;
}

/* The command line as one string, its words joined by spaces. */
static void command_text(char *const *argv, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; argv[i] && n + 1 < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", argv[i]);
}

static const char *status_text(int status, char *buf, size_t len)
{
	int code = ct_observe_exit_code(status);

	if (code >= 128)
		snprintf(buf, len, "killed by signal %d, status %d", code - 128, code);
	else
		snprintf(buf, len, "exit %d", code);
	return buf;
}

static void json_row(FILE *f, const struct ct_observe *r, const struct ct_observe_row *w)
{
	char *buf = ct_xmalloc(LIST_LEN);
	const char *v;

	ct_json_begin(f, "observe");
	ct_json_str(f, "tool", "ct-place");
	ct_json_str(f, "kind", w->kind);
	v = cell(r, w, COL_CPUS, buf);
	ct_json_str(f, "cpus", v ? v : "");
	ct_json_num(f, "cpu_s", w->cpu_s);
	ct_json_num(f, "share", w->share);
	ct_json_num(f, "threads", w->k && w->k->threads >= 0 ? (double)w->k->threads : NAN);
	ct_json_num(f, "migrations",
		    w->k && w->k->migrations >= 0 ? (double)w->k->migrations : NAN);
	ct_json_num(f, "cycles", w->k ? w->k->cycles : NAN);
	ct_json_num(f, "instructions", w->k ? w->k->instructions : NAN);
	ct_json_str(f, "method", r->method);
	ct_json_str(f, "source", cell(r, w, COL_SOURCE, buf));
	ct_json_end(f);
	free(buf);
}

static void json_command(FILE *f, const struct ct_observe *r, char *const *argv)
{
	char cmd[4096];

	command_text(argv, cmd, sizeof(cmd));
	ct_json_begin(f, "observe_command");
	ct_json_str(f, "tool", "ct-place");
	ct_json_str(f, "command", cmd);
	ct_json_int(f, "exit_status", ct_observe_exit_code(r->status));
	ct_json_num(f, "wall_s", r->wall_s);
	ct_json_num(f, "cpu_s", tree_s(r));
	ct_json_num(f, "user_s", (double)r->user_ns / 1e9);
	ct_json_num(f, "sys_s", (double)r->sys_ns / 1e9);
	ct_json_num(f, "counted_s", counted_s(r));
	ct_json_str(f, "method", r->method);
	ct_json_end(f);
}

void ct_observe_print(FILE *f, enum ct_format fmt, const struct ct_machine *m,
		      const struct ct_observe *r, char *const *argv)
{
	struct ct_observe_row rows[CT_KIND_COUNT + 1];
	size_t n = ct_observe_rows(r, rows), i;
	char *buf = ct_xmalloc(LIST_LEN), cmd[4096], st[64];
	int c;

	switch (fmt) {
	case CT_FMT_JSON: {
		struct ct_out o;

		ct_out_begin(&o, f, CT_FMT_JSON, "ct-place", 0);
		ct_out_machine(&o, m);
		for (i = 0; i < n; i++)
			json_row(f, r, &rows[i]);
		json_command(f, r, argv);
		break;
	}
	case CT_FMT_TSV:
		for (c = 0; c < NCOLS; c++)
			fprintf(f, "%s%s", c ? "\t" : "#", col_name[c]);
		fputc('\n', f);
		for (i = 0; i < n; i++)
			for (c = 0; c < NCOLS; c++) {
				const char *v = cell(r, &rows[i], (enum col)c, buf);

				fprintf(f, "%s%s", v ? v : "-", c == NCOLS - 1 ? "\n" : "\t");
			}
		break;
	case CT_FMT_TABLE: {
		struct ct_table *t = ct_table_new(col_name, NCOLS);

		command_text(argv, cmd, sizeof(cmd));
		fprintf(f, "observed: %s (%s), %.3f s wall, %.3f s cpu (user %.3f, system %.3f)\n",
			cmd, status_text(r->status, st, sizeof(st)), r->wall_s, tree_s(r),
			(double)r->user_ns / 1e9, (double)r->sys_ns / 1e9);
		for (i = 0; i < n; i++) {
			const char *cells[NCOLS];
			char *own[NCOLS];

			for (c = 0; c < NCOLS; c++) {
				const char *v = cell(r, &rows[i], (enum col)c, buf);

				own[c] = ct_xstrdup(v ? v : "-");
				cells[c] = own[c];
			}
			ct_table_add(t, cells);
			for (c = 0; c < NCOLS; c++)
				free(own[c]);
		}
		ct_table_print(t, f);
		ct_table_free(t);
		break;
	}
	}
	free(buf);
}

void ct_observe_markdown(FILE *f, const struct ct_observe *r, char *const *argv)
{
	struct ct_observe_row rows[CT_KIND_COUNT + 1];
	size_t n = ct_observe_rows(r, rows), i;
	char *buf = ct_xmalloc(LIST_LEN), cmd[4096], st[64];
	int c;

	command_text(argv, cmd, sizeof(cmd));
	fprintf(f, "# ct-place --observe\n\n`%s` (%s): %.3f s wall, %.3f s cpu "
		"(user %.3f, system %.3f), measured by %s.\n\n", cmd,
		status_text(r->status, st, sizeof(st)), r->wall_s, tree_s(r),
		(double)r->user_ns / 1e9, (double)r->sys_ns / 1e9, r->method);
	for (c = 0; c < NCOLS; c++)
		fprintf(f, "| %s ", col_name[c]);
	fprintf(f, "|\n");
	for (c = 0; c < NCOLS; c++)
		fprintf(f, "|%s", c == COL_KIND || c == COL_CPUS || c == COL_SOURCE ? "---" : "--:");
	fprintf(f, "|\n");
	for (i = 0; i < n; i++) {
		for (c = 0; c < NCOLS; c++) {
			const char *v = cell(r, &rows[i], (enum col)c, buf);

			fprintf(f, "| %s ", v ? v : "-");
		}
		fprintf(f, "|\n");
	}
	free(buf);
}

/*
 * ct-place/observe.c - the report of ct-place --observe: one row per kind of core
 * the machine has, then the tree's CPU time that no kind accounts for.
 *
 * The records (a kind's row, the command's) are described once below and
 * written by record.c as a table, TSV, JSON Lines or Markdown.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "ct-place/observe.h"
#include "records/record.h"
#include "report/report.h"

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

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

enum ct_count_status ct_observe_scale(uint64_t value, uint64_t running_ns, uint64_t on_ns,
				      double *out, double *share)
{
	double sh = on_ns ? (double)running_ns / (double)on_ns : 1;

	if (sh > 1)
		sh = 1;
	*share = sh;
	*out = (double)value;
	if (on_ns == 0 || sh >= CT_OBSERVE_FULL_RUNNING)
		return CT_COUNT_OK;
	if (sh < CT_COUNT_MIN_RUNNING) {
		*out = NAN;
		return running_ns ? CT_COUNT_MULTIPLEXED : CT_COUNT_NOT_RUNNING;
	}
	*out = (double)value * (double)on_ns / (double)running_ns;
	return CT_COUNT_SCALED;
}

void ct_observe_fold_init(struct ct_observe_fold *f)
{
	int k;

	memset(f, 0, sizeof(*f));
	for (k = 0; k < CT_KIND_COUNT; k++) {
		f->min_share[k] = 1;
		f->cyc_ok[k] = f->mig_ok[k] = 1;
	}
}

void ct_observe_fold_cpu(struct ct_observe_fold *f, struct ct_observe *r, int k, int cpu,
			 uint64_t on_ns, long long migrations, const uint64_t cyc[3],
			 const uint64_t ins[3], const char *pmu)
{
	if (on_ns > 0) {
		r->kind[k].ns += on_ns;
		ct_cpuset_set(&r->kind[k].cpus, cpu);
	}
	if (migrations >= 0)
		f->mig[k] += migrations;
	else
		f->mig_ok[k] = 0;
	if (cyc && ins) {
		/* Each event's running time against the time the tree was on this cpu. */
		double c, n, share, ishare;
		int ok;

		f->pmu[k] = pmu;
		ok = ct_count_usable(ct_observe_scale(cyc[0], cyc[2], on_ns, &c, &share));
		ok &= ct_count_usable(ct_observe_scale(ins[0], ins[2], on_ns, &n, &ishare));
		if (!ok) {
			f->rejected[k] = 1;
		} else {
			f->cyc[k] += c;
			f->ins[k] += n;
		}
		if (ishare < share)
			share = ishare;
		if (on_ns && share < f->min_share[k])
			f->min_share[k] = share;
	} else if (on_ns) {
		f->cyc_ok[k] = 0;	/* ran on a cpu without cycle counters */
	}
}

/* Append sep and text to buf, as much as fits. */
static void append(char *buf, size_t len, const char *sep, const char *text)
{
	size_t n = strlen(buf);

	if (n + 1 < len)
		snprintf(buf + n, len - n, "%s%s", sep, text);
}

void ct_observe_fold_finish(const struct ct_observe_fold *f, struct ct_observe *r,
			    const char *mig_why, const char *cyc_why)
{
	int k;

	for (k = 0; k < CT_KIND_COUNT; k++) {
		struct ct_observe_kind *x = &r->kind[k];

		if (!x->present)
			continue;
		x->cpus_known = 1;
		x->migrations = f->mig_ok[k] ? f->mig[k] : -1;
		snprintf(x->source, sizeof(x->source), "perf_event task-clock per cpu");
		if (!f->mig_ok[k])
			append(x->source, sizeof(x->source), "; ", mig_why);
		if (f->cyc_ok[k] && f->pmu[k] && !f->rejected[k]) {
			x->cycles = f->cyc[k];
			x->instructions = f->ins[k];
			append(x->source, sizeof(x->source), "; cycles:u from ", f->pmu[k]);
			if (f->min_share[k] < CT_OBSERVE_FULL_RUNNING) {
				char s[80];

				snprintf(s, sizeof(s), ", multiplexed (counted %.0f%% at least), scaled",
					 100 * f->min_share[k]);
				append(x->source, sizeof(x->source), "", s);
			}
		} else if (f->rejected[k]) {
			char s[96];

			snprintf(s, sizeof(s), "; cycles: %s multiplexed, counted under half the time",
				 f->pmu[k] ? f->pmu[k] : "the PMU");
			append(x->source, sizeof(x->source), "", s);
		} else if (x->ns && cyc_why[0]) {
			append(x->source, sizeof(x->source), "; ", cyc_why);
		} else if (x->ns && !f->cyc_ok[k]) {
			append(x->source, sizeof(x->source), "; ", "cycles: no PMU lists these cpus");
		}
	}
}

void ct_observe_thread_init(struct ct_observe_thread *t)
{
	memset(t, 0, sizeof(*t));
	t->start = ~0ULL;
	t->cpu = -1;
}

uint64_t ct_observe_account(struct ct_observe *r, const int *kind_of, int ncpu,
			    struct ct_observe_thread *t, unsigned long long start,
			    uint64_t run_ns, int cpu, uint64_t *lost_ns)
{
	uint64_t delta;
	int k, migrated = 0;

	if (t->start != start) {
		/* New (or a reused tid): its time so far goes to where it is now. */
		t->start = start;
		t->kinds = 0;
		delta = run_ns;
	} else {
		delta = run_ns > t->run_ns ? run_ns - t->run_ns : 0;
		migrated = cpu != t->cpu;
	}
	t->run_ns = run_ns;
	t->cpu = cpu;
	k = cpu >= 0 && cpu < ncpu ? kind_of[cpu] : -1;
	if (k < 0) {
		*lost_ns += delta;
		return delta;
	}
	if (delta) {
		r->kind[k].ns += delta;
		ct_cpuset_set(&r->kind[k].cpus, cpu);
		if (!(t->kinds & (1u << k))) {
			t->kinds |= 1u << k;
			r->kind[k].threads++;
		}
	}
	if (migrated)
		r->kind[k].migrations++;
	return delta;
}

uint64_t ct_observe_interval(uint64_t cost[CT_OBSERVE_PACE], uint64_t cost_ns)
{
	uint64_t least = cost_ns;
	int i;

	for (i = CT_OBSERVE_PACE - 1; i > 0; i--)
		cost[i] = cost[i - 1];
	cost[0] = cost_ns;
	for (i = 1; i < CT_OBSERVE_PACE; i++)
		if (cost[i] < least)
			least = cost[i];
	return 200 * least > CT_OBSERVE_FLOOR_NS ? 200 * least : CT_OBSERVE_FLOOR_NS;
}

uint64_t ct_observe_stolen(uint64_t on_ns, uint64_t steal_ns, uint64_t busy_ns)
{
	double part;

	if (steal_ns == 0 || busy_ns == 0)
		return 0;
	part = (double)on_ns / (double)busy_ns;
	if (part > 1)
		part = 1;
	return part * (double)steal_ns < (double)on_ns ? (uint64_t)(part * (double)steal_ns)
							 : on_ns;
}

int ct_observe_stat_line(const char *line, uint64_t *steal, uint64_t *busy)
{
	unsigned long long v[8];
	int cpu;

	/* "cpu  4516676 ...", the total: %d would skip the blanks and take a count. */
	if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9')
		return -1;
	if (sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0], &v[1],
		   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) != 9 || cpu < 0)
		return -1;
	*steal = v[7];
	*busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
	return cpu;
}

void ct_observe_unsteal(struct ct_observe *r, const uint64_t stolen[CT_KIND_COUNT])
{
	int k;

	for (k = 0; k < CT_KIND_COUNT; k++) {
		struct ct_observe_kind *x = &r->kind[k];
		char s[128], t[32];

		if (!x->present || stolen[k] == 0)
			continue;
		x->ns = x->ns > stolen[k] ? x->ns - stolen[k] : 0;
		ct_rec_time_text(t, sizeof(t), (double)stolen[k] / 1e9);
		snprintf(s, sizeof(s), "; less %s of hypervisor steal (its part of the cpus' "
			 "busy time, /proc/stat)", t);
		append(x->source, sizeof(x->source), "", s);
	}
}

void ct_observe_from_exec(struct ct_observe *r, uint64_t exec_ns)
{
	uint64_t total = r->user_ns + r->sys_ns, user;

	if (exec_ns > total)
		exec_ns = total;
	r->exec_cpu_ns = exec_ns;
	if (!total)
		return;
	user = (uint64_t)((double)r->user_ns * (double)(total - exec_ns) / (double)total + 0.5);
	r->user_ns = user;
	r->sys_ns = total - exec_ns - user;
}

uint64_t ct_observe_lost_ns(const struct ct_observe *r)
{
	return r->wait_ns + r->steal_ns;
}

int ct_observe_disturbed(const struct ct_observe *r)
{
	uint64_t wall = (uint64_t)(r->wall_s * 1e9 + 0.5), cpu = r->user_ns + r->sys_ns;

	return r->lost_known ? ct_lost_disturbed(wall, cpu, ct_observe_lost_ns(r))
			     : ct_share_disturbed(wall, cpu);
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

/* --- The observe record: a kind's row. --- */

struct row_rec {
	const struct ct_observe *r;
	const struct ct_observe_row *w;
};

enum row_field {
	O_TOOL, O_KIND, O_CPUS, O_CPU_S, O_SHARE, O_THREADS, O_MIGRATIONS, O_CYCLES,
	O_INSTRUCTIONS, O_METHOD, O_SOURCE
};

static const struct ct_rec_field row_fields[] = {
	{ O_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ O_KIND, "kind", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ O_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ O_CPU_S, "cpu_s", "cpu time", CT_REC_NUM, "%.3f", "%T", CT_REC_ALL },
	{ O_SHARE, "share", NULL, CT_REC_NUM, "%.3f", "%.3f", CT_REC_ALL },
	{ O_THREADS, "threads", NULL, CT_REC_NUM, "%d", "%d", CT_REC_ALL | CT_REC_FIT(3) },
	{ O_MIGRATIONS, "migrations", NULL, CT_REC_NUM, "%d", "%d", CT_REC_ALL | CT_REC_FIT(2) },
	{ O_CYCLES, "cycles", NULL, CT_REC_NUM, "%d", "%d", CT_REC_ALL | CT_REC_FIT(1) },
	{ O_INSTRUCTIONS, "instructions", NULL, CT_REC_NUM, "%d", "%d", CT_REC_ALL | CT_REC_FIT(1) },
	{ O_METHOD, "method", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ O_SOURCE, "source", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
};

static void row_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct row_rec *rr = rec;
	const struct ct_observe *r = rr->r;
	const struct ct_observe_row *w = rr->w;
	const struct ct_observe_kind *k = w->k;

	switch ((enum row_field)id) {
	case O_TOOL:
		v->str = "ct-place";
		break;
	case O_KIND:
		v->str = w->kind;
		break;
	case O_CPUS:
		/* Unknown: '-' in text, "" in JSON. */
		if (k && k->cpus_known) {
			v->own = ct_xmalloc(LIST_LEN);
			v->str = ct_cpuset_format(&k->cpus, v->own, LIST_LEN);
		} else if (out == CT_REC_JSON) {
			v->str = "";
		} else {
			v->omit = 1;
		}
		break;
	case O_CPU_S:
		v->num = w->cpu_s;
		break;
	case O_SHARE:
		v->num = w->share;
		break;
	case O_THREADS:
		v->num = k && k->threads >= 0 ? (double)k->threads : NAN;
		break;
	case O_MIGRATIONS:
		v->num = k && k->migrations >= 0 ? (double)k->migrations : NAN;
		break;
	case O_CYCLES:
		v->num = k ? k->cycles : NAN;
		break;
	case O_INSTRUCTIONS:
		v->num = k ? k->instructions : NAN;
		break;
	case O_METHOD:
		v->str = r->method;
		break;
	case O_SOURCE:
		if (k) {
			v->str = k->source;
			break;
		}
		snprintf(v->buf, sizeof(v->buf), "%s: getrusage(RUSAGE_CHILDREN) less the kinds: %s",
			 r->method, r->unseen_why);
		v->str = v->buf;
		break;
	}
}

const struct ct_rec_kind ct_rec_observe = {
	"observe", row_fields, CT_ARRAY_SIZE(row_fields), row_value, 0
};

/* --- The observe_command record: the command and the tree's times. --- */

struct command_rec {
	const struct ct_observe *r;
	char *const *argv;
};

enum command_field {
	M_TABLE_LINE, M_MD_LINE, M_TOOL, M_COMMAND, M_EXIT_STATUS, M_WALL_S, M_CPU_S, M_USER_S,
	M_SYS_S, M_EXEC_S, M_COUNTED_S, M_WAIT_S, M_STEAL_S, M_LOST_S, M_LOST_SHARE, M_LOST_OF,
	M_DISTURBED, M_METHOD
};

/* The table and summary.md say it in one line above the rows. */
static const struct ct_rec_field command_fields[] = {
	{ M_TABLE_LINE, NULL, "observed", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ M_MD_LINE, NULL, "", CT_REC_STR, NULL, NULL, CT_REC_MD },
	{ M_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ M_COMMAND, "command", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ M_EXIT_STATUS, "exit_status", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ M_WALL_S, "wall_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_CPU_S, "cpu_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_USER_S, "user_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_SYS_S, "sys_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_EXEC_S, "exec_cpu_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_COUNTED_S, "counted_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_WAIT_S, "run_queue_wait_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_STEAL_S, "steal_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_LOST_S, "lost_s", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_LOST_SHARE, "lost_share", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ M_LOST_OF, "lost_of", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ M_DISTURBED, "disturbed", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ M_METHOD, "method", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
};

/* The run's time, CPU time and loss, ns, for ct_lost_share. */
static double lost_share(const struct ct_observe *r)
{
	return ct_lost_share((uint64_t)(r->wall_s * 1e9 + 0.5), r->user_ns + r->sys_ns,
			     ct_observe_lost_ns(r));
}

#define COMMAND_LEN 4096

static void command_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct command_rec *cr = rec;
	const struct ct_observe *r = cr->r;
	char cmd[COMMAND_LEN], st[64], lost[96], t[5][32];

	(void)out;
	switch ((enum command_field)id) {
	case M_TABLE_LINE:
	case M_MD_LINE:
		command_text(cr->argv, cmd, sizeof(cmd));
		v->own = ct_xmalloc(COMMAND_LEN + 256);
		/* Each time in the unit that fits it (records/number.c). */
		ct_rec_time_text(t[0], sizeof(t[0]), r->wall_s);
		ct_rec_time_text(t[1], sizeof(t[1]), tree_s(r));
		ct_rec_time_text(t[2], sizeof(t[2]), (double)r->user_ns / 1e9);
		ct_rec_time_text(t[3], sizeof(t[3]), (double)r->sys_ns / 1e9);
		ct_rec_time_text(t[4], sizeof(t[4]), (double)ct_observe_lost_ns(r) / 1e9);
		lost[0] = '\0';
		if (r->lost_known)
			snprintf(lost, sizeof(lost), ", %s lost to others (%.1f%%%s)", t[4],
				 100 * lost_share(r), ct_observe_disturbed(r) ? ", disturbed" : "");
		if (id == M_TABLE_LINE)
			snprintf(v->own, COMMAND_LEN + 256, "%s (%s), %s wall, %s cpu (user %s, "
				 "system %s)%s", cmd, status_text(r->status, st, sizeof(st)), t[0],
				 t[1], t[2], t[3], lost);
		else
			snprintf(v->own, COMMAND_LEN + 256, "`%s` (%s): %s wall, %s cpu (user %s, "
				 "system %s)%s, measured by %s.", cmd,
				 status_text(r->status, st, sizeof(st)), t[0], t[1], t[2], t[3], lost,
				 r->method);
		v->str = v->own;
		break;
	case M_TOOL:
		v->str = "ct-place";
		break;
	case M_COMMAND:
		v->own = ct_xmalloc(COMMAND_LEN);
		command_text(cr->argv, v->own, COMMAND_LEN);
		v->str = v->own;
		break;
	case M_EXIT_STATUS:
		v->i = ct_observe_exit_code(r->status);
		break;
	case M_WALL_S:
		v->num = r->wall_s;
		break;
	case M_CPU_S:
		v->num = tree_s(r);
		break;
	case M_USER_S:
		v->num = (double)r->user_ns / 1e9;
		break;
	case M_SYS_S:
		v->num = (double)r->sys_ns / 1e9;
		break;
	case M_EXEC_S:
		v->num = (double)r->exec_cpu_ns / 1e9;
		break;
	case M_COUNTED_S:
		v->num = counted_s(r);
		break;
	case M_WAIT_S:
		v->num = r->lost_known ? (double)r->wait_ns / 1e9 : NAN;
		break;
	case M_STEAL_S:
		v->num = r->lost_known ? (double)r->steal_ns / 1e9 : NAN;
		break;
	case M_LOST_S:
		v->num = r->lost_known ? (double)ct_observe_lost_ns(r) / 1e9 : NAN;
		break;
	case M_LOST_SHARE:
		v->num = r->lost_known ? lost_share(r) : NAN;
		break;
	case M_LOST_OF:
		v->str = r->lost_known ? r->lost_of : "";
		v->null = !r->lost_known;
		break;
	case M_DISTURBED:
		v->i = ct_observe_disturbed(r);
		break;
	case M_METHOD:
		v->str = r->method;
		break;
	}
}

const struct ct_rec_kind ct_rec_observe_command = {
	"observe_command", command_fields, CT_ARRAY_SIZE(command_fields), command_value,
	CT_REC_LINES
};

/* The rows: a record per kind and the unseen one. */
static void rows_out(FILE *f, unsigned out, const struct ct_observe *r)
{
	struct ct_observe_row rows[CT_KIND_COUNT + 1];
	struct ct_rec_writer w;
	struct row_rec rr = { r, NULL };
	size_t n = ct_observe_rows(r, rows), i;

	ct_rec_begin(&w, f, out, &ct_rec_observe);
	for (i = 0; i < n; i++) {
		rr.w = &rows[i];
		ct_rec_write(&w, &rr);
	}
	ct_rec_end(&w);
}

static void command_out(FILE *f, unsigned out, const struct ct_observe *r, char *const *argv)
{
	struct command_rec cr = { r, argv };
	struct ct_rec_writer w;

	ct_rec_begin(&w, f, out, &ct_rec_observe_command);
	ct_rec_write(&w, &cr);
	ct_rec_end(&w);
}

void ct_observe_print(FILE *f, enum ct_format fmt, const struct ct_machine *m,
		      const struct ct_observe *r, char *const *argv)
{
	unsigned out = ct_rec_out_of(fmt);

	if (fmt == CT_FMT_JSON) {
		struct ct_out o;

		ct_out_begin(&o, f, CT_FMT_JSON, "ct-place", 0);
		ct_out_machine(&o, m);
		rows_out(f, out, r);
		command_out(f, out, r, argv);
		return;
	}
	/* The table: the command's line first; TSV has the rows only. */
	command_out(f, out, r, argv);
	rows_out(f, out, r);
}

void ct_observe_markdown(FILE *f, const struct ct_observe *r, char *const *argv)
{
	struct ct_doc d;

	ct_doc_init(&d, f, CT_REC_MD, "");
	ct_doc_title(&d, "ct-place --observe");
	command_out(f, CT_REC_MD, r, argv);
	ct_doc_blank(&d);
	rows_out(f, CT_REC_MD, r);
}

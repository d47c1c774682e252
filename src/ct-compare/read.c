/*
 * ct-compare/read.c - a run read back from the JSON Lines the tools write
 * (coretype(7)): the machine records, and each series' summaries and
 * samples.  A sample record names no size and no basis: it belongs to the
 * series whose summaries came last before it with the same tool, kernel,
 * ISA and placement (the writers put every series' samples right after
 * its two summaries), and it carries both bases.  Whatever does not fit
 * the contract is an error naming the file and the line, never skipped.
 * Every member is looked up in the field table of the kind that writes it
 * (key()), so that a field renamed there cannot silently stop being read.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/common.h"
#include "measure/allcore.h"
#include "report/allcore.h"
#include "workloads/fma.h"
#include "workloads/stream.h"
#include "workloads/latency.h"
#include "measure/harness.h"
#include "records/jsonl.h"
#include "records/kinds.h"
#include "records/record.h"
#include "report/paired.h"
#include "ct-compare/compare.h"
#include "ct-compare/read.h"


int ct_read_bad(struct reader *rd, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(rd->why, rd->len, "%s:%ld: ", rd->r->path, rd->line);
	if (n > 0 && (size_t)n < rd->len) {
		va_start(ap, fmt);
		vsnprintf(rd->why + n, rd->len - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/*
 * The member name of a k record, as k's field table has it for JSON, of
 * a string (number 0) or a number (number 1).  None is a bug of this
 * reader, not of the input: it asks for a member the writer no longer
 * writes, and would find it in no file.
 */
static const char *key(const struct ct_rec_kind *k, const char *name, int number)
{
	const struct ct_rec_field *f = ct_rec_member(k, name);

	if (!f || (f->type == CT_REC_STR) == number)
		errx(CT_EXIT_FAIL, "the %s record has no %s member \"%s\" (ct-compare/read.c reads it)",
		     k->name, number ? "number" : "string", name);
	return f->key;
}

/* A string member of a k record, or NULL. */
const char *ct_read_str(const struct reader *rd, const struct ct_rec_kind *k, const char *name)
{
	return ct_jobject_str(rd->o, key(k, name, 0));
}

/* A number member of a k record, NaN where it has none. */
double ct_read_num(const struct reader *rd, const struct ct_rec_kind *k, const char *name)
{
	return ct_jobject_num(rd->o, key(k, name, 1));
}

/* A string member the record must have. */
int ct_read_need_str(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		     const char **out)
{
	*out = ct_read_str(rd, k, name);
	if (!*out)
		return ct_read_bad(rd, "%s record without a \"%s\" string", k->name, name);
	return 0;
}

/* The series key of a k record: its tool, kernel, isa and placement. */
int ct_read_need_key(struct reader *rd, const struct ct_rec_kind *k, const char **tool,
		     const char **kernel, const char **isa, const char **placement)
{
	if (ct_read_need_str(rd, k, "tool", tool) < 0 || ct_read_need_str(rd, k, "kernel", kernel) < 0 ||
	    ct_read_need_str(rd, k, "isa", isa) < 0 || ct_read_need_str(rd, k, "placement", placement) < 0)
		return -1;
	return 0;
}

/* A member that must be a number or null (NaN). */
int ct_read_need_num(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		     double *out)
{
	const struct ct_jmember *m = ct_jobject_get(rd->o, key(k, name, 1));

	if (!m || (m->type != CT_JNUM && m->type != CT_JNULL))
		return ct_read_bad(rd, "%s record without a \"%s\" number", k->name, name);
	*out = m->num;
	return 0;
}

/* A machine record's number, dflt where it has none. */
static double opt_num(const struct reader *rd, const char *name, double dflt)
{
	const struct ct_jmember *m = ct_jobject_get(rd->o, key(&ct_rec_machine, name, 1));

	return m && m->type == CT_JNUM ? m->num : dflt;
}

/*
 * A count or a time in nanoseconds, read from a file to be cast to an
 * integer type: a number beyond what the type holds would be cast to
 * garbage (undefined behaviour), so a member that is there and is outside
 * [min, max] refuses the record, and so does a count (whole) with a
 * fraction.  A time may have one (a file scaled by a script).  *out keeps
 * dflt where the member is absent or null.
 */
int ct_read_whole_num(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		      double min, double max, int whole, double dflt, double *out)
{
	const struct ct_jmember *m = ct_jobject_get(rd->o, key(k, name, 1));

	*out = dflt;
	if (!m || m->type != CT_JNUM)
		return 0;
	if (!(m->num >= min && m->num <= max) || (whole && m->num != floor(m->num)))
		return ct_read_bad(rd, "%s record with \"%s\" %g: not a %s", k->name, name, m->num,
				   whole ? "count" : "time");
	*out = m->num;
	return 0;
}

/* More cpus than any machine has, and well within a long. */
#define CT_READ_CPUS_MAX 1e7

/* A machine record's string, or NULL. */
static const char *mstr(const struct reader *rd, const char *name)
{
	return ct_read_str(rd, &ct_rec_machine, name);
}

static void copy(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src ? src : "-");
}

static char *dup_or(const char *s, const char *dflt)
{
	return ct_xstrdup(s ? s : dflt);
}

/* Dotted version numbers, part by part: <0, 0, >0. */
static int version_cmp(const char *a, const char *b)
{
	while (*a || *b) {
		char *ea, *eb;
		unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);

		if (x != y)
			return x < y ? -1 : 1;
		a = *ea == '.' ? ea + 1 : ea;
		b = *eb == '.' ? eb + 1 : eb;
		if (ea == a && eb == b && (*a || *b))
			break;	/* not numbers: equal so far */
	}
	return 0;
}

/* The kinds a record names, added to the run's list. */
void ct_read_add_kinds(struct ct_run *r, const char *kinds)
{
	while (kinds && *kinds) {
		size_t l = strcspn(kinds, ","), used = strlen(r->kinds);
		const char *p = r->kinds;
		int seen = 0;

		while (*p) {
			size_t pl = strcspn(p, ",");

			if (pl == l && strncmp(p, kinds, l) == 0)
				seen = 1;
			p += pl + (p[pl] == ',');
		}
		if (!seen && l && strncmp(kinds, "unknown", l) != 0 &&
		    used + l + 2 < sizeof(r->kinds))
			snprintf(r->kinds + used, sizeof(r->kinds) - used, "%s%.*s", used ? "," : "",
				 (int)l, kinds);
		kinds += l + (kinds[l] == ',');
	}
}

/*
 * The Slurm job and node the run was made in (null outside Slurm: "" here),
 * as text, the way the tools keep them.
 */
static void slurm_ids(const struct reader *rd, struct ct_machine *m)
{
	static const struct {
		const char *name;
		size_t off, len;
	} ids[] = {
		{ "slurm_job_id", offsetof(struct ct_machine, slurm_job_id),
		  sizeof(((struct ct_machine *)0)->slurm_job_id) },
		{ "slurm_array_job_id", offsetof(struct ct_machine, slurm_array_job_id),
		  sizeof(((struct ct_machine *)0)->slurm_array_job_id) },
		{ "slurm_array_task_id", offsetof(struct ct_machine, slurm_array_task_id),
		  sizeof(((struct ct_machine *)0)->slurm_array_task_id) },
		{ "slurm_node_id", offsetof(struct ct_machine, slurm_node_id),
		  sizeof(((struct ct_machine *)0)->slurm_node_id) },
	};
	const char *node = mstr(rd, "slurm_node_name");
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(ids); i++) {
		double v = opt_num(rd, ids[i].name, NAN);
		char *dst = (char *)m + ids[i].off;

		if (v >= 0 && v < 1e15 && v == floor(v))
			snprintf(dst, ids[i].len, "%.0f", v);
		else
			dst[0] = '\0';
	}
	snprintf(m->slurm_node_name, sizeof(m->slurm_node_name), "%s", node ? node : "");
}

static int machine(struct reader *rd)
{
	struct ct_run *r = rd->r;
	struct ct_run_machine *rm;
	struct ct_machine *m;
	const char *version;
	double online, allowed, desched;

	if (ct_read_need_str(rd, &ct_rec_machine, "version", &version) < 0)
		return -1;
	if (version_cmp(version, PACKAGE_VERSION) > 0)
		return ct_read_bad(rd, "written by coretype %s, newer than this ct-compare (%s): "
				   "its records may mean what this one cannot tell", version,
				   PACKAGE_VERSION);
	/* -1: not known to the writer. */
	if (ct_read_whole_num(rd, &ct_rec_machine, "cpus_online", -1, CT_READ_CPUS_MAX, 1, -1, &online) < 0 ||
	    ct_read_whole_num(rd, &ct_rec_machine, "cpus_allowed", -1, CT_READ_CPUS_MAX, 1, -1, &allowed) < 0 ||
	    ct_read_whole_num(rd, &ct_rec_machine, "descheduled_samples", 0, UINT_MAX, 1, 0, &desched) < 0)
		return -1;
	r->mach = ct_xrealloc(r->mach, (r->nmach + 1) * sizeof(*r->mach));
	rm = &r->mach[r->nmach++];
	memset(rm, 0, sizeof(*rm));
	m = &rm->m;
	rm->line = rd->line;
	rm->version = ct_xstrdup(version);
	rm->tool = dup_or(mstr(rd, "tool"), "-");
	rm->has_hostname = mstr(rd, "hostname") != NULL;
	copy(m->hostname, sizeof(m->hostname), mstr(rd, "hostname"));
	slurm_ids(rd, m);
	copy(m->os, sizeof(m->os), mstr(rd, "os"));
	copy(m->release, sizeof(m->release), mstr(rd, "kernel_release"));
	copy(m->arch, sizeof(m->arch), mstr(rd, "arch"));
	copy(m->cpu_model, sizeof(m->cpu_model), mstr(rd, "cpu_model"));
	copy(m->governor, sizeof(m->governor), mstr(rd, "governor"));
	copy(m->counters, sizeof(m->counters), mstr(rd, "counters"));
	copy(m->epp, sizeof(m->epp), mstr(rd, "energy_performance_preference"));
	copy(m->turbo, sizeof(m->turbo), mstr(rd, "turbo"));
	copy(m->thp, sizeof(m->thp), mstr(rd, "thp"));
	copy(m->container, sizeof(m->container), mstr(rd, "container"));
	m->clock = rm->clock = dup_or(mstr(rd, "clock"), "-");
	m->compiler = rm->compiler = dup_or(mstr(rd, "compiler"), "-");
	m->cflags = rm->cflags = dup_or(mstr(rd, "cflags"), "-");
	m->isas = rm->isas = dup_or(mstr(rd, "isas"), "-");
	m->cpus_online = (long)online;
	m->cpus_allowed = (long)allowed;
	m->load[0] = opt_num(rd, "load_1m", -1);
	m->load[1] = opt_num(rd, "load_5m", -1);
	m->load[2] = opt_num(rd, "load_15m", -1);
	m->load_end[0] = opt_num(rd, "load_end_1m", -1);
	m->load_end[1] = opt_num(rd, "load_end_5m", -1);
	m->load_end[2] = opt_num(rd, "load_end_15m", -1);
	m->uptime_s = opt_num(rd, "uptime_s", -1);
	m->run_s = opt_num(rd, "run_s", -1);
	m->cpu_quota = opt_num(rd, "cpu_quota", -1);
	m->other_load = opt_num(rd, "other_load", NAN);
	m->descheduled = (unsigned)desched;
	return 0;
}

static int record(struct reader *rd)
{
	const char *rec = ct_jobject_str(rd->o, "record");

	if (!rec)
		return ct_read_bad(rd, "a JSON object without a \"record\" string: not coretype's output");
	if (strcmp(rec, ct_rec_machine.name) == 0)
		return machine(rd);
	if (strcmp(rec, ct_rec_summary.name) == 0)
		return ct_read_summary(rd);
	if (strcmp(rec, ct_rec_sample.name) == 0)
		return ct_read_sample(rd);
	if (strcmp(rec, ct_schema_cpu.name) == 0) {
		ct_read_add_kinds(rd->r, ct_read_str(rd, &ct_schema_cpu, "kind"));
		return 0;
	}
	/* ct-place -l and --dry-run: nothing measured, nothing to compare. */
	if (strcmp(rec, ct_schema_topology.name) == 0 || strcmp(rec, ct_schema_plan.name) == 0)
		return 0;
	/* --threads: each kind's figures, compared as its allcore-KIND summaries. */
	if (strcmp(rec, ct_rec_allcore.name) == 0)
		return 0;
	if (strcmp(rec, ct_schema_bench_run.name) == 0)
		return ct_read_bench_run(rd);
	if (strcmp(rec, ct_schema_bench_summary.name) == 0)
		return ct_read_bench_summary(rd);
	/* --bench's commands against the first: the runs above are what is compared. */
	if (strcmp(rec, ct_schema_bench_versus.name) == 0)
		return 0;
	/*
	 * The kernel tools' -c of several cpus: each against the first in the
	 * same rounds of one run; the series above are what is compared.
	 */
	if (strcmp(rec, ct_rec_paired.name) == 0)
		return 0;
	/* ct-place -l --measure: the kinds checked, no series to compare. */
	if (strcmp(rec, ct_schema_measured.name) == 0 || strcmp(rec, ct_schema_kinds_check.name) == 0)
		return 0;
	if (strcmp(rec, ct_rec_compare.name) == 0 || strcmp(rec, ct_rec_input.name) == 0 ||
	    strcmp(rec, ct_rec_verdicts.name) == 0 || strcmp(rec, ct_rec_geomean.name) == 0)
		return ct_read_bad(rd, "a \"%s\" record: this is ct-compare's output, not a run", rec);
	return ct_read_bad(rd, "unknown record \"%s\" (written by a newer coretype?)", rec);
}

/*
 * The next line into *buf (NUL-terminated, the newline kept): its length,
 * 0 at the end, -1 on a read error, -2 past CT_RUN_LINE_MAX bytes (a
 * record is a few hundred; /dev/zero or a binary file has no end of line).
 */
#define CT_RUN_LINE_MAX (1 << 20)
static long read_line(FILE *f, char **buf, size_t *cap)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF) {
		if (n + 2 > *cap) {
			*cap = *cap ? 2 * *cap : 4096;
			*buf = ct_xrealloc(*buf, *cap);
		}
		(*buf)[n++] = (char)c;
		if (c == '\n')
			break;
		if (n > CT_RUN_LINE_MAX)
			return -2;
	}
	if (ferror(f))
		return -1;
	if (n)
		(*buf)[n] = '\0';
	return (long)n;
}

int ct_run_read_stream(FILE *f, const char *file, const char *path, struct ct_run *r,
		       char *why, size_t len)
{
	struct ct_jobject o;
	struct reader rd;
	char *line = NULL, jwhy[160];
	size_t cap = 0, col, i;
	long n, blank = 0;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	memset(&o, 0, sizeof(o));
	r->file = ct_xstrdup(file);
	r->path = ct_xstrdup(path);
	rd.r = r;
	rd.o = &o;
	rd.line = 0;
	rd.why = why;
	rd.len = len;
	rd.cur = (size_t)-1;
	errno = 0;
	while ((n = read_line(f, &line, &cap)) > 0) {
		rd.line++;
		/* Blank lines at the end (an editor's, an echo's) end nothing; among records, an error. */
		if (line[strspn(line, " \t\r\n")] == '\0') {
			if (!blank)
				blank = rd.line;
			continue;
		}
		if (blank) {
			rd.line = blank;
			ct_read_bad(&rd, "a blank line among the records: not one run's JSON Lines");
			goto out;
		}
		if (ct_jsonl_parse(line, (size_t)n, &o, jwhy, sizeof(jwhy), &col) < 0) {
			ct_read_bad(&rd, "column %zu: %s", col, jwhy);
			goto out;
		}
		if (record(&rd) < 0)
			goto out;
	}
	if (n == -2) {
		rd.line++;
		ct_read_bad(&rd, "line too long (over %d bytes): not coretype's JSON Lines", CT_RUN_LINE_MAX);
		goto out;
	}
	if (n < 0) {
		snprintf(why, len, "cannot read %s: %s", r->path, strerror(errno ? errno : EIO));
		goto out;
	}
	r->lines = rd.line;
	if (rd.line == 0) {
		snprintf(why, len, "%s: empty: no records", r->path);
		goto out;
	}
	if (r->nser == 0) {
		snprintf(why, len, "%s: no results (no summary or sample record) in %ld line%s",
			 r->path, rd.line, rd.line == 1 ? "" : "s");
		goto out;
	}
	for (i = 0; i < r->nser; i++) {
		const struct ct_run_series *s = &r->ser[i];

		if (ct_read_cut(&rd, &r->ser[i]) < 0)
			goto out;
		if (s->dup_line && s->n == 0) {
			rd.line = s->dup_line;
			ct_read_bad(&rd, "a second summary of %s %s (%s) at %s (the first at line %ld) "
				    "and no samples to pool: give one run per input, or runs with --samples",
				    s->tool, s->kernel, s->isa, s->placement, s->line);
			goto out;
		}
	}
	rc = 0;
out:
	free(line);
	ct_jobject_free(&o);
	return rc;
}

int ct_run_read(const char *file, struct ct_run *r, char *why, size_t len)
{
	struct stat st;
	char *path;
	FILE *f;
	int rc;

	if (strcmp(file, "-") == 0)
		return ct_run_read_stream(stdin, file, "(standard input)", r, why, len);
	if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
		path = ct_xmalloc(strlen(file) + sizeof("/raw.txt"));
		sprintf(path, "%s/raw.txt", file);
	} else {
		path = ct_xstrdup(file);
	}
	f = fopen(path, "r");
	if (!f) {
		memset(r, 0, sizeof(*r));
		snprintf(why, len, "cannot read %s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	rc = ct_run_read_stream(f, file, path, r, why, len);
	fclose(f);
	free(path);
	return rc;
}

void ct_run_free(struct ct_run *r)
{
	size_t i;
	int b;

	for (i = 0; i < r->nmach; i++) {
		free(r->mach[i].tool);
		free(r->mach[i].version);
		free(r->mach[i].clock);
		free(r->mach[i].compiler);
		free(r->mach[i].cflags);
		free(r->mach[i].isas);
	}
	for (i = 0; i < r->nser; i++) {
		struct ct_run_series *s = &r->ser[i];

		free(s->tool);
		free(s->kernel);
		free(s->isa);
		free(s->placement);
		free(s->unit);
		free(s->pc_unit);
		free(s->kinds);
		free(s->loop);
		for (b = 0; b < 2; b++) {
			free(s->v[b]);
			free(s->pc[b]);
		}
		free(s->work);
		free(s->smp);
		free(s->run);
		free(s->sum_pc_why);
		free(s->work_text);
	}
	free(r->mach);
	free(r->ser);
	free(r->file);
	free(r->path);
	memset(r, 0, sizeof(*r));
}

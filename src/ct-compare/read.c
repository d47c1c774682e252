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
#include "ct-compare/compare.h"

struct reader {
	struct ct_run *r;
	const struct ct_jobject *o;
	long line;
	char *why;
	size_t len;
	size_t cur;		/* the series of the last summary, or (size_t)-1 */
};

static int bad(struct reader *rd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int bad(struct reader *rd, const char *fmt, ...)
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
		errx(CT_EXIT_FAIL, "the %s record has no %s member \"%s\" (compare/read.c reads it)",
		     k->name, number ? "number" : "string", name);
	return f->key;
}

/* A string member of a k record, or NULL. */
static const char *str(const struct reader *rd, const struct ct_rec_kind *k, const char *name)
{
	return ct_jobject_str(rd->o, key(k, name, 0));
}

/* A number member of a k record, NaN where it has none. */
static double num(const struct reader *rd, const struct ct_rec_kind *k, const char *name)
{
	return ct_jobject_num(rd->o, key(k, name, 1));
}

/* A string member the record must have. */
static int need_str(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		    const char **out)
{
	*out = str(rd, k, name);
	if (!*out)
		return bad(rd, "%s record without a \"%s\" string", k->name, name);
	return 0;
}

/* The series key of a k record: its tool, kernel, isa and placement. */
static int need_key(struct reader *rd, const struct ct_rec_kind *k, const char **tool,
		    const char **kernel, const char **isa, const char **placement)
{
	if (need_str(rd, k, "tool", tool) < 0 || need_str(rd, k, "kernel", kernel) < 0 ||
	    need_str(rd, k, "isa", isa) < 0 || need_str(rd, k, "placement", placement) < 0)
		return -1;
	return 0;
}

/* A member that must be a number or null (NaN). */
static int need_num(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		    double *out)
{
	const struct ct_jmember *m = ct_jobject_get(rd->o, key(k, name, 1));

	if (!m || (m->type != CT_JNUM && m->type != CT_JNULL))
		return bad(rd, "%s record without a \"%s\" number", k->name, name);
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
static int whole_num(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		     double min, double max, int whole, double dflt, double *out)
{
	const struct ct_jmember *m = ct_jobject_get(rd->o, key(k, name, 1));

	*out = dflt;
	if (!m || m->type != CT_JNUM)
		return 0;
	if (!(m->num >= min && m->num <= max) || (whole && m->num != floor(m->num)))
		return bad(rd, "%s record with \"%s\" %g: not a %s", k->name, name, m->num,
			   whole ? "count" : "time");
	*out = m->num;
	return 0;
}

/* Nanoseconds that fit a uint64_t with room to add: under 2^62 (146 years). */
#define CT_READ_NS_MAX 0x1p62
/* More cpus than any machine has, and well within a long. */
#define CT_READ_CPUS_MAX 1e7

/* A machine record's string, or NULL. */
static const char *mstr(const struct reader *rd, const char *name)
{
	return str(rd, &ct_rec_machine, name);
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
static void add_kinds(struct ct_run *r, const char *kinds)
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

	if (need_str(rd, &ct_rec_machine, "version", &version) < 0)
		return -1;
	if (version_cmp(version, PACKAGE_VERSION) > 0)
		return bad(rd, "written by coretype %s, newer than this ct-compare (%s): "
			   "its records may mean what this one cannot tell", version,
			   PACKAGE_VERSION);
	/* -1: not known to the writer. */
	if (whole_num(rd, &ct_rec_machine, "cpus_online", -1, CT_READ_CPUS_MAX, 1, -1, &online) < 0 ||
	    whole_num(rd, &ct_rec_machine, "cpus_allowed", -1, CT_READ_CPUS_MAX, 1, -1, &allowed) < 0 ||
	    whole_num(rd, &ct_rec_machine, "descheduled_samples", 0, UINT_MAX, 1, 0, &desched) < 0)
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

static int same_series(const struct ct_run_series *s, const char *tool, const char *kernel,
		       const char *isa, const char *placement)
{
	return strcmp(s->tool, tool) == 0 && strcmp(s->kernel, kernel) == 0 &&
	       strcmp(s->isa, isa) == 0 && strcmp(s->placement, placement) == 0;
}

/* The reader of a summary beside its ISA (compare.h): NULL and NaN where it has none. */
struct reader_of {
	const char *loop;
	double prefetch, chains;
};

static int same_num(double a, double b)
{
	return isnan(a) ? isnan(b) : a == b;
}

static int same_reader_of(const struct ct_run_series *s, const struct reader_of *ro)
{
	return (s->loop && ro->loop ? strcmp(s->loop, ro->loop) == 0 : !s->loop && !ro->loop) &&
	       same_num(s->prefetch, ro->prefetch) && same_num(s->chains, ro->chains);
}

/*
 * The series of this key, size, unit and reader, the most recent first;
 * NULL: none yet.  Two chain counts or loops in one file are two series,
 * never one series' samples pooled.
 */
static struct ct_run_series *find_series(struct ct_run *r, const char *tool, const char *kernel,
					 const char *isa, const char *placement, const char *unit,
					 double size, const struct reader_of *ro)
{
	size_t i;

	for (i = r->nser; i-- > 0;) {
		struct ct_run_series *t = &r->ser[i];

		if (same_series(t, tool, kernel, isa, placement) && same_num(t->size, size) &&
		    strcmp(t->unit, unit) == 0 && same_reader_of(t, ro))
			return t;
	}
	return NULL;
}

static struct ct_run_series *new_series(struct ct_run *r, const char *tool,
					const char *kernel, const char *isa,
					const char *placement, const char *unit, long line)
{
	struct ct_run_series *s;

	r->ser = ct_xrealloc(r->ser, (r->nser + 1) * sizeof(*r->ser));
	s = &r->ser[r->nser++];
	memset(s, 0, sizeof(*s));
	s->tool = ct_xstrdup(tool);
	s->kernel = ct_xstrdup(kernel);
	s->isa = ct_xstrdup(isa);
	s->placement = ct_xstrdup(placement);
	s->unit = ct_xstrdup(unit);
	s->size = NAN;
	s->prefetch = s->chains = NAN;
	s->sum_share = NAN;
	s->sum_median[0] = s->sum_median[1] = NAN;
	s->sum_pc[0] = s->sum_pc[1] = NAN;
	s->line = line;
	return s;
}

/*
 * The members that set a kernel's work per sample, each in its kernel's
 * table: two runs that differ in one measured different work (QUICK
 * against a full run, another --passes), which pair.c flags.
 */
static const struct {
	const struct ct_rec_kind *k;
	const char *name;
} work_members[] = {
	{ &ct_rec_fma_fields, "passes" },
	{ &ct_rec_fma_fields, "array_bytes" },
	{ &ct_rec_stream_fields, "passes" },
};

static void work_fields(const struct reader *rd, struct ct_run_series *s)
{
	char buf[160] = "";
	size_t i, used = 0;

	for (i = 0; i < CT_ARRAY_SIZE(work_members); i++) {
		double v = num(rd, work_members[i].k, work_members[i].name);

		if (isfinite(v) && !strstr(buf, work_members[i].name) && used + 1 < sizeof(buf))
			used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s %.0f",
						 used ? ", " : "", work_members[i].name, v);
	}
	if (used && !s->work_text)
		s->work_text = ct_xstrdup(buf);
}

/*
 * A summary counts the samples the writer puts right after it: fewer or
 * more than its reps is a file cut short or two runs run together, whose
 * samples would be pooled as one run's.  A summary without samples (no
 * --samples) counts nothing.
 */
static int cut(struct reader *rd, const struct ct_run_series *s)
{
	if (!s->block_n || !s->has_sum[CT_BASIS_WALL] || s->block_n == s->block_reps)
		return 0;
	return bad(rd, "%s %s (%s) at %s: %zu sample%s after a summary of %u reps: "
		   "a file cut short or edited", s->tool, s->kernel, s->isa, s->placement,
		   s->block_n, s->block_n == 1 ? "" : "s", s->block_reps);
}

/* A summary's basis, CT_BASIS_WALL or CT_BASIS_CPU; -1 (said) for another. */
static int basis_of(struct reader *rd, const struct ct_rec_kind *k, const char *basis)
{
	if (strcmp(basis, "wall") == 0)
		return CT_BASIS_WALL;
	if (strcmp(basis, "cpu") == 0)
		return CT_BASIS_CPU;
	return bad(rd, "%s record of an unknown basis '%s'", k->name, basis);
}

/*
 * ct-stream's loop: its "loop" member, or in a record written before it
 * had one, the loop its loop_reason names ("... the prefetching loop").
 */
static const char *stream_loop(const struct reader *rd)
{
	static const struct {
		const char *said, *loop;
	} said[] = {
		{ "the plain loop", "plain" }, { "the short loop", "short" },
		{ "the prefetching loop", "prefetch" }, { "the xor loop", "xor" },
	};
	const char *loop = str(rd, &ct_rec_stream_fields, "loop");
	const char *why = str(rd, &ct_rec_stream_fields, "loop_reason");
	size_t i;

	for (i = 0; !loop && why && i < CT_ARRAY_SIZE(said); i++)
		if (strstr(why, said[i].said))
			loop = said[i].loop;
	return loop;
}

static int summary(struct reader *rd)
{
	struct ct_run *r = rd->r;
	const char *tool, *kernel, *isa, *placement, *basis, *unit, *pcu, *kinds;
	/* ct-stream's size: a kernel's own field, in its kernel's table. */
	double median = NAN, size = num(rd, &ct_rec_stream_fields, "size_bytes"), share = NAN;
	double reps = 0;
	struct ct_run_series *s = NULL;
	/* The reader beside the ISA: the kernels' own fields, each in its table. */
	struct reader_of ro = {
		stream_loop(rd), num(rd, &ct_rec_stream_fields, "prefetch_bytes"),
		num(rd, &ct_rec_latency_fields, "chains")
	};
	int b;

	if (need_key(rd, &ct_rec_summary, &tool, &kernel, &isa, &placement) < 0 ||
	    need_str(rd, &ct_rec_summary, "basis", &basis) < 0 ||
	    need_str(rd, &ct_rec_summary, "unit", &unit) < 0 ||
	    need_num(rd, &ct_rec_summary, "median", &median) < 0 ||
	    need_num(rd, &ct_rec_summary, "reps", &reps) < 0 ||
	    need_num(rd, &ct_rec_summary, "cpu_share", &share) < 0)
		return -1;
	if ((b = basis_of(rd, &ct_rec_summary, basis)) < 0)
		return -1;
	/* A count of samples: a number beyond one is no count (a double cast to unsigned). */
	if (isnan(reps))
		reps = 0;
	if (reps < 0 || reps > UINT_MAX || reps != floor(reps))
		return bad(rd, "summary record with \"reps\" %g: not a number of samples", reps);
	pcu = str(rd, &ct_rec_summary, "per_cycle_unit");
	s = find_series(r, tool, kernel, isa, placement, unit, size, &ro);
	if (!s) {
		s = new_series(r, tool, kernel, isa, placement, unit, rd->line);
		s->loop = ro.loop ? ct_xstrdup(ro.loop) : NULL;
		s->prefetch = ro.prefetch;
		s->chains = ro.chains;
	} else if (s->has_sum[b] && !s->dup_line) {
		s->dup_line = rd->line;
	}
	if (!isnan(size))
		s->size = size;
	if (pcu && !s->pc_unit)
		s->pc_unit = ct_xstrdup(pcu);
	s->has_sum[b] = 1;
	s->sum_median[b] = median;
	s->sum_pc[b] = num(rd, &ct_rec_summary, "per_cycle_median");
	s->sum_share = share;
	s->sum_reps = (unsigned)reps;	/* a count: checked above */
	if (b == CT_BASIS_WALL) {
		double d;
		const char *why;

		if (cut(rd, s) < 0)
			return -1;
		s->block_reps = (unsigned)reps;
		s->block_n = 0;
		/* A tool's summary comes before its samples: a run starts here. */
		if (s->wall_sums++ > 0)
			s->next_run++;
		if (whole_num(rd, &ct_rec_summary, "descheduled", 0, UINT_MAX, 1, 0, &d) < 0)
			return -1;
		why = str(rd, &ct_rec_summary, "per_cycle_why");

		s->reps_total += (unsigned)reps;
		s->sum_disturbed += (unsigned)d;
		if (why && !s->sum_pc_why)
			s->sum_pc_why = ct_xstrdup(why);
		work_fields(rd, s);
	}
	/*
	 * The kinds of ct-place's comparison and the kind of an all-core
	 * row: extra members of the summary, each in its feature's table.
	 */
	kinds = str(rd, &ct_schema_placements_extra, "kinds");
	if (kinds && !s->kinds)
		s->kinds = ct_xstrdup(kinds);
	add_kinds(r, kinds);
	add_kinds(r, str(rd, &ct_rec_allcore_extra, "kind"));
	rd->cur = (size_t)(s - r->ser);
	return 0;
}

/* A sample's nanoseconds member, 0 where it has none (a kernel without brackets). */
static int ns_member(struct reader *rd, const char *name, uint64_t *out)
{
	double v;

	if (whole_num(rd, &ct_rec_sample, name, 0, CT_READ_NS_MAX, 0, 0, &v) < 0)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

static void push(double **v, size_t cap, size_t n, double x)
{
	*v = ct_xrealloc(*v, cap * sizeof(**v));
	(*v)[n] = x;
}

/* One sample of series s: its values on both bases, per cycle, its work, its times. */
static void add_sample(struct ct_run *r, struct ct_run_series *s, double vw, double vc,
		       double pcw, double pcc, double work, const struct ct_sample *smp)
{
	if (s->n == s->cap)
		s->cap = s->cap ? 2 * s->cap : 4;
	push(&s->v[0], s->cap, s->n, vw);
	push(&s->v[1], s->cap, s->n, vc);
	push(&s->pc[0], s->cap, s->n, pcw);
	push(&s->pc[1], s->cap, s->n, pcc);
	push(&s->work, s->cap, s->n, work);
	s->smp = ct_xrealloc(s->smp, s->cap * sizeof(*s->smp));
	s->smp[s->n] = *smp;
	s->run = ct_xrealloc(s->run, s->cap * sizeof(*s->run));
	s->run[s->n] = s->next_run;
	if (s->runs < s->next_run + 1)
		s->runs = s->next_run + 1;
	s->n++;
	s->block_n++;
	r->samples++;
	r->disturbed += ct_sample_disturbed(smp);
}

static int sample(struct reader *rd)
{
	struct ct_run *r = rd->r;
	const char *tool, *kernel, *isa, *placement, *unit, *pcu;
	double vw = NAN, vc = NAN, wall = NAN, cpu = NAN, calls;
	struct ct_run_series *s = NULL;
	struct ct_sample smp;
	uint64_t both_wall, both_cpu;
	size_t i;

	if (need_key(rd, &ct_rec_sample, &tool, &kernel, &isa, &placement) < 0 ||
	    need_str(rd, &ct_rec_sample, "unit", &unit) < 0 ||
	    need_num(rd, &ct_rec_sample, "value_wall", &vw) < 0 ||
	    need_num(rd, &ct_rec_sample, "value_cpu", &vc) < 0 ||
	    need_num(rd, &ct_rec_sample, "wall_ns", &wall) < 0 ||
	    need_num(rd, &ct_rec_sample, "cpu_ns", &cpu) < 0)
		return -1;
	if (rd->cur != (size_t)-1 &&
	    same_series(&r->ser[rd->cur], tool, kernel, isa, placement))
		s = &r->ser[rd->cur];
	for (i = r->nser; !s && i-- > 0;)
		if (same_series(&r->ser[i], tool, kernel, isa, placement))
			s = &r->ser[i];
	if (!s) {
		/* Samples without their summaries (filtered by hand): a series of their own. */
		s = new_series(r, tool, kernel, isa, placement, unit, rd->line);
		rd->cur = (size_t)(s - r->ser);
	}
	if (strcmp(s->unit, unit) != 0)
		return bad(rd, "sample in %s where its summary says %s", unit, s->unit);
	pcu = str(rd, &ct_rec_sample, "per_cycle_unit");
	if (!s->pc_unit && pcu)
		s->pc_unit = ct_xstrdup(pcu);
	calls = num(rd, &ct_rec_sample, "calls");
	/* The brackets as the harness kept them: the total and the first. */
	memset(&smp, 0, sizeof(smp));
	if (ns_member(rd, "wall_ns", &smp.wall_ns) < 0 || ns_member(rd, "cpu_ns", &smp.cpu_ns) < 0 ||
	    ns_member(rd, "pre_bracket_wall_ns", &smp.pre_wall_ns) < 0 ||
	    ns_member(rd, "pre_bracket_cpu_ns", &smp.pre_cpu_ns) < 0 ||
	    ns_member(rd, "bracket_wall_ns", &both_wall) < 0 ||
	    ns_member(rd, "bracket_cpu_ns", &both_cpu) < 0 ||
	    ns_member(rd, "cpu_reads_ns", &smp.reads_ns) < 0)
		return -1;
	if (both_wall < smp.pre_wall_ns || both_cpu < smp.pre_cpu_ns)
		return bad(rd, "sample whose first bracket is longer than both together");
	smp.post_wall_ns = both_wall - smp.pre_wall_ns;
	smp.post_cpu_ns = both_cpu - smp.pre_cpu_ns;
	add_sample(r, s, vw, vc, num(rd, &ct_rec_sample, "per_cycle_wall"),
		   num(rd, &ct_rec_sample, "per_cycle_cpu"), vw * wall / (calls > 0 ? calls : 1),
		   &smp);
	return 0;
}

/*
 * ct-place --bench: a command's runs under each placement.  A run is a
 * sample of the series (tool, "bench", no ISA, placement) in seconds (the
 * kernel "bench-cmdK" for command K of several, -- CMD -- CMD ...), its
 * values the run's wall and CPU time; it has no brackets, so the share is
 * the run's CPU time over its wall time and the disturbance rule
 * (ct_sample_disturbed) what it lost to others (lost_s), as --bench marks
 * its own runs.  The runs come before
 * their summaries (a bench interleaves placements round by round), so a
 * summary counts the runs read for its series so far.
 */
#define CT_BENCH_KERNEL "bench"
#define CT_BENCH_ISA "-"
static const struct reader_of no_reader = { NULL, NAN, NAN };

/*
 * The series' kernel of a bench record: "bench" for the first command
 * (and records before several), "bench-cmdK" for command K; NULL after
 * a message where command_index is no command's.
 */
static const char *bench_kernel(struct reader *rd, const struct ct_rec_kind *k, char *buf,
				size_t len)
{
	double c = num(rd, k, "command_index");

	if (isnan(c) || c == 1)
		return CT_BENCH_KERNEL;
	if (!(c >= 2 && c <= 1000) || c != floor(c)) {
		bad(rd, "%s record with command_index %g: not a command's number", k->name, c);
		return NULL;
	}
	snprintf(buf, len, "%s-cmd%.0f", CT_BENCH_KERNEL, c);
	return buf;
}

static int bench_run(struct reader *rd)
{
	const struct ct_rec_kind *k = &ct_schema_bench_run;
	const char *tool, *placement, *kernel;
	double wall = NAN, cpu = NAN, lost;
	char kbuf[32];
	struct ct_run_series *s;
	struct ct_sample smp;

	if (need_str(rd, k, "tool", &tool) < 0 || need_str(rd, k, "placement", &placement) < 0 ||
	    need_num(rd, k, "wall_s", &wall) < 0 || need_num(rd, k, "cpu_s", &cpu) < 0)
		return -1;
	/* A run of more than a year is no run (and would not fit the nanoseconds). */
	if (!(wall > 0 && wall < 3.2e7) || !(cpu >= 0 && cpu < 3.2e7))
		return bad(rd, "bench_run record with wall_s %g and cpu_s %g: not times of a run",
			   wall, cpu);
	if (!(kernel = bench_kernel(rd, k, kbuf, sizeof(kbuf))))
		return -1;
	s = find_series(rd->r, tool, kernel, CT_BENCH_ISA, placement, "s", NAN, &no_reader);
	if (!s)
		s = new_series(rd->r, tool, kernel, CT_BENCH_ISA, placement, "s", rd->line);
	s->sample_is_run = 1;
	memset(&smp, 0, sizeof(smp));
	smp.wall_ns = (uint64_t)(wall * 1e9);
	smp.cpu_ns = (uint64_t)(cpu * 1e9);
	/*
	 * What the run lost to others, where the record says (null: not
	 * known, older records: none): the rule is then ct_lost_disturbed,
	 * as --bench marked it, not the share, which a command's own
	 * sleeping lowers.
	 */
	lost = num(rd, k, "lost_s");
	if (lost >= 0 && lost < 3.2e7) {
		smp.lost_ns = (uint64_t)(lost * 1e9);
		smp.lost_known = 1;
	}
	/* The work of a run is the command's: one run, whatever it took. */
	add_sample(rd->r, s, wall, cpu, NAN, NAN, 1, &smp);
	return 0;
}

static int bench_summary(struct reader *rd)
{
	const struct ct_rec_kind *k = &ct_schema_bench_summary;
	const char *tool, *placement, *basis, *kinds, *kernel;
	char kbuf[32];
	double median = NAN, runs = NAN, share = NAN, disturbed;
	struct ct_run_series *s;
	int b;

	if (need_str(rd, k, "tool", &tool) < 0 || need_str(rd, k, "placement", &placement) < 0 ||
	    need_str(rd, k, "basis", &basis) < 0 || need_num(rd, k, "median_s", &median) < 0 ||
	    need_num(rd, k, "runs", &runs) < 0 || need_num(rd, k, "cpu_share", &share) < 0)
		return -1;
	if ((b = basis_of(rd, k, basis)) < 0)
		return -1;
	if (!(runs >= 1) || runs > UINT_MAX || runs != floor(runs))
		return bad(rd, "bench_summary record with \"runs\" %g: not a number of runs", runs);
	if (!(kernel = bench_kernel(rd, k, kbuf, sizeof(kbuf))))
		return -1;
	s = find_series(rd->r, tool, kernel, CT_BENCH_ISA, placement, "s", NAN, &no_reader);
	if (!s)
		s = new_series(rd->r, tool, kernel, CT_BENCH_ISA, placement, "s", rd->line);
	else if (s->has_sum[b] && !s->dup_line)
		s->dup_line = rd->line;
	s->has_sum[b] = 1;
	s->sum_median[b] = median;
	s->sum_share = share;
	s->sum_reps = (unsigned)runs;
	if (b == CT_BASIS_WALL) {
		if (whole_num(rd, k, "disturbed", 0, UINT_MAX, 1, 0, &disturbed) < 0)
			return -1;
		s->reps_total += (unsigned)runs;
		s->sum_disturbed += (unsigned)disturbed;
		/*
		 * The runs came before it (those since the last such summary):
		 * their count is held to its runs here, as every summary's
		 * samples are (cut()), and the next runs are another run's.
		 */
		s->block_reps = (unsigned)runs;
		if (cut(rd, s) < 0)
			return -1;
		s->block_n = 0;
		s->next_run++;
	}
	kinds = str(rd, k, "kinds");
	if (kinds && !s->kinds)
		s->kinds = ct_xstrdup(kinds);
	add_kinds(rd->r, kinds);
	return 0;
}

static int record(struct reader *rd)
{
	const char *rec = ct_jobject_str(rd->o, "record");

	if (!rec)
		return bad(rd, "a JSON object without a \"record\" string: not coretype's output");
	if (strcmp(rec, ct_rec_machine.name) == 0)
		return machine(rd);
	if (strcmp(rec, ct_rec_summary.name) == 0)
		return summary(rd);
	if (strcmp(rec, ct_rec_sample.name) == 0)
		return sample(rd);
	if (strcmp(rec, ct_schema_cpu.name) == 0) {
		add_kinds(rd->r, str(rd, &ct_schema_cpu, "kind"));
		return 0;
	}
	/* ct-place -l and --dry-run: nothing measured, nothing to compare. */
	if (strcmp(rec, ct_schema_topology.name) == 0 || strcmp(rec, ct_schema_plan.name) == 0)
		return 0;
	/* --threads: each kind's figures, compared as its allcore-KIND summaries. */
	if (strcmp(rec, ct_rec_allcore.name) == 0)
		return 0;
	if (strcmp(rec, ct_schema_bench_run.name) == 0)
		return bench_run(rd);
	if (strcmp(rec, ct_schema_bench_summary.name) == 0)
		return bench_summary(rd);
	/* --bench's commands against the first: the runs above are what is compared. */
	if (strcmp(rec, ct_schema_bench_versus.name) == 0)
		return 0;
	/* ct-place -l --measure: the kinds checked, no series to compare. */
	if (strcmp(rec, ct_schema_measured.name) == 0 || strcmp(rec, ct_schema_kinds_check.name) == 0)
		return 0;
	if (strcmp(rec, ct_rec_compare.name) == 0 || strcmp(rec, ct_rec_input.name) == 0 ||
	    strcmp(rec, ct_rec_verdicts.name) == 0 || strcmp(rec, ct_rec_geomean.name) == 0)
		return bad(rd, "a \"%s\" record: this is ct-compare's output, not a run", rec);
	return bad(rd, "unknown record \"%s\" (written by a newer coretype?)", rec);
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
	char *line = NULL, jwhy[96];
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
			bad(&rd, "a blank line among the records: not one run's JSON Lines");
			goto out;
		}
		if (ct_jsonl_parse(line, (size_t)n, &o, jwhy, sizeof(jwhy), &col) < 0) {
			bad(&rd, "column %zu: %s", col, jwhy);
			goto out;
		}
		if (record(&rd) < 0)
			goto out;
	}
	if (n == -2) {
		rd.line++;
		bad(&rd, "line too long (over %d bytes): not coretype's JSON Lines", CT_RUN_LINE_MAX);
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

		if (cut(&rd, &r->ser[i]) < 0)
			goto out;
		if (s->dup_line && s->n == 0) {
			rd.line = s->dup_line;
			bad(&rd, "a second summary of %s %s (%s) at %s (the first at line %ld) "
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

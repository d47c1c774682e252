/*
 * ct-compare/read-series.c - a run's series read back (read.c reads the
 * file and its machine records): each series' summaries, its samples
 * (both bases, the series whose summaries came last with the same tool,
 * kernel, ISA and placement), and ct-place --bench's runs and summaries;
 * a series is one reader's: another ISA, loop or prefetch distance is
 * another series.
 */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
#include "ct-compare/read.h"

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
		double v = ct_read_num(rd, work_members[i].k, work_members[i].name);

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
int ct_read_cut(struct reader *rd, const struct ct_run_series *s)
{
	if (!s->block_n || !s->has_sum[CT_BASIS_WALL] || s->block_n == s->block_reps)
		return 0;
	return ct_read_bad(rd, "%s %s (%s) at %s: %zu sample%s after a summary of %u reps: "
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
	return ct_read_bad(rd, "%s record of an unknown basis '%s'", k->name, basis);
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
	const char *loop = ct_read_str(rd, &ct_rec_stream_fields, "loop");
	const char *why = ct_read_str(rd, &ct_rec_stream_fields, "loop_reason");
	size_t i;

	for (i = 0; !loop && why && i < CT_ARRAY_SIZE(said); i++)
		if (strstr(why, said[i].said))
			loop = said[i].loop;
	return loop;
}

int ct_read_summary(struct reader *rd)
{
	struct ct_run *r = rd->r;
	const char *tool, *kernel, *isa, *placement, *basis, *unit, *pcu, *kinds;
	/* ct-stream's size: a kernel's own field, in its kernel's table. */
	double median = NAN, size = ct_read_num(rd, &ct_rec_stream_fields, "size_bytes"), share = NAN;
	double reps = 0;
	struct ct_run_series *s = NULL;
	/* The reader beside the ISA: the kernels' own fields, each in its table. */
	struct reader_of ro = {
		stream_loop(rd), ct_read_num(rd, &ct_rec_stream_fields, "prefetch_bytes"),
		ct_read_num(rd, &ct_rec_latency_fields, "chains")
	};
	int b;

	if (ct_read_need_key(rd, &ct_rec_summary, &tool, &kernel, &isa, &placement) < 0 ||
	    ct_read_need_str(rd, &ct_rec_summary, "basis", &basis) < 0 ||
	    ct_read_need_str(rd, &ct_rec_summary, "unit", &unit) < 0 ||
	    ct_read_need_num(rd, &ct_rec_summary, "median", &median) < 0 ||
	    ct_read_need_num(rd, &ct_rec_summary, "reps", &reps) < 0 ||
	    ct_read_need_num(rd, &ct_rec_summary, "cpu_share", &share) < 0)
		return -1;
	if ((b = basis_of(rd, &ct_rec_summary, basis)) < 0)
		return -1;
	/* A count of samples: a number beyond one is no count (a double cast to unsigned). */
	if (isnan(reps))
		reps = 0;
	if (reps < 0 || reps > UINT_MAX || reps != floor(reps))
		return ct_read_bad(rd, "summary record with \"reps\" %g: not a number of samples", reps);
	pcu = ct_read_str(rd, &ct_rec_summary, "per_cycle_unit");
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
	s->sum_pc[b] = ct_read_num(rd, &ct_rec_summary, "per_cycle_median");
	s->sum_share = share;
	s->sum_reps = (unsigned)reps;	/* a count: checked above */
	if (b == CT_BASIS_WALL) {
		double d;
		const char *why;

		if (ct_read_cut(rd, s) < 0)
			return -1;
		s->block_reps = (unsigned)reps;
		s->block_n = 0;
		/* A tool's summary comes before its samples: a run starts here. */
		if (s->wall_sums++ > 0)
			s->next_run++;
		if (ct_read_whole_num(rd, &ct_rec_summary, "descheduled", 0, UINT_MAX, 1, 0, &d) < 0)
			return -1;
		why = ct_read_str(rd, &ct_rec_summary, "per_cycle_why");

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
	kinds = ct_read_str(rd, &ct_schema_placements_extra, "kinds");
	if (kinds && !s->kinds)
		s->kinds = ct_xstrdup(kinds);
	ct_read_add_kinds(r, kinds);
	ct_read_add_kinds(r, ct_read_str(rd, &ct_rec_allcore_extra, "kind"));
	rd->cur = (size_t)(s - r->ser);
	return 0;
}

/* A sample's nanoseconds member, 0 where it has none (a kernel without brackets). */
static int ns_member(struct reader *rd, const char *name, uint64_t *out)
{
	double v;

	if (ct_read_whole_num(rd, &ct_rec_sample, name, 0, CT_READ_NS_MAX, 0, 0, &v) < 0)
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

int ct_read_sample(struct reader *rd)
{
	struct ct_run *r = rd->r;
	const char *tool, *kernel, *isa, *placement, *unit, *pcu;
	double vw = NAN, vc = NAN, wall = NAN, cpu = NAN, calls;
	struct ct_run_series *s = NULL;
	struct ct_sample smp;
	uint64_t both_wall, both_cpu;
	size_t i;

	if (ct_read_need_key(rd, &ct_rec_sample, &tool, &kernel, &isa, &placement) < 0 ||
	    ct_read_need_str(rd, &ct_rec_sample, "unit", &unit) < 0 ||
	    ct_read_need_num(rd, &ct_rec_sample, "value_wall", &vw) < 0 ||
	    ct_read_need_num(rd, &ct_rec_sample, "value_cpu", &vc) < 0 ||
	    ct_read_need_num(rd, &ct_rec_sample, "wall_ns", &wall) < 0 ||
	    ct_read_need_num(rd, &ct_rec_sample, "cpu_ns", &cpu) < 0)
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
		return ct_read_bad(rd, "sample in %s where its summary says %s", unit, s->unit);
	pcu = ct_read_str(rd, &ct_rec_sample, "per_cycle_unit");
	if (!s->pc_unit && pcu)
		s->pc_unit = ct_xstrdup(pcu);
	calls = ct_read_num(rd, &ct_rec_sample, "calls");
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
		return ct_read_bad(rd, "sample whose first bracket is longer than both together");
	smp.post_wall_ns = both_wall - smp.pre_wall_ns;
	smp.post_cpu_ns = both_cpu - smp.pre_cpu_ns;
	add_sample(r, s, vw, vc, ct_read_num(rd, &ct_rec_sample, "per_cycle_wall"),
		   ct_read_num(rd, &ct_rec_sample, "per_cycle_cpu"), vw * wall / (calls > 0 ? calls : 1),
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
	double c = ct_read_num(rd, k, "command_index");

	if (isnan(c) || c == 1)
		return CT_BENCH_KERNEL;
	if (!(c >= 2 && c <= 1000) || c != floor(c)) {
		ct_read_bad(rd, "%s record with command_index %g: not a command's number", k->name, c);
		return NULL;
	}
	snprintf(buf, len, "%s-cmd%.0f", CT_BENCH_KERNEL, c);
	return buf;
}

int ct_read_bench_run(struct reader *rd)
{
	const struct ct_rec_kind *k = &ct_schema_bench_run;
	const char *tool, *placement, *kernel;
	double wall = NAN, cpu = NAN, lost;
	char kbuf[32];
	struct ct_run_series *s;
	struct ct_sample smp;

	if (ct_read_need_str(rd, k, "tool", &tool) < 0 || ct_read_need_str(rd, k, "placement", &placement) < 0 ||
	    ct_read_need_num(rd, k, "wall_s", &wall) < 0 || ct_read_need_num(rd, k, "cpu_s", &cpu) < 0)
		return -1;
	/* A run of more than a year is no run (and would not fit the nanoseconds). */
	if (!(wall > 0 && wall < 3.2e7) || !(cpu >= 0 && cpu < 3.2e7))
		return ct_read_bad(rd, "bench_run record with wall_s %g and cpu_s %g: not times of a run",
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
	lost = ct_read_num(rd, k, "lost_s");
	if (lost >= 0 && lost < 3.2e7) {
		smp.lost_ns = (uint64_t)(lost * 1e9);
		smp.lost_known = 1;
	}
	/* The work of a run is the command's: one run, whatever it took. */
	add_sample(rd->r, s, wall, cpu, NAN, NAN, 1, &smp);
	return 0;
}

int ct_read_bench_summary(struct reader *rd)
{
	const struct ct_rec_kind *k = &ct_schema_bench_summary;
	const char *tool, *placement, *basis, *kinds, *kernel;
	char kbuf[32];
	double median = NAN, runs = NAN, share = NAN, disturbed;
	struct ct_run_series *s;
	int b;

	if (ct_read_need_str(rd, k, "tool", &tool) < 0 || ct_read_need_str(rd, k, "placement", &placement) < 0 ||
	    ct_read_need_str(rd, k, "basis", &basis) < 0 || ct_read_need_num(rd, k, "median_s", &median) < 0 ||
	    ct_read_need_num(rd, k, "runs", &runs) < 0 || ct_read_need_num(rd, k, "cpu_share", &share) < 0)
		return -1;
	if ((b = basis_of(rd, k, basis)) < 0)
		return -1;
	if (!(runs >= 1) || runs > UINT_MAX || runs != floor(runs))
		return ct_read_bad(rd, "bench_summary record with \"runs\" %g: not a number of runs", runs);
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
		if (ct_read_whole_num(rd, k, "disturbed", 0, UINT_MAX, 1, 0, &disturbed) < 0)
			return -1;
		s->reps_total += (unsigned)runs;
		s->sum_disturbed += (unsigned)disturbed;
		/*
		 * The runs came before it (those since the last such summary):
		 * their count is held to its runs here, as every summary's
		 * samples are (ct_read_cut()), and the next runs are another run's.
		 */
		s->block_reps = (unsigned)runs;
		if (ct_read_cut(rd, s) < 0)
			return -1;
		s->block_n = 0;
		s->next_run++;
	}
	kinds = ct_read_str(rd, k, "kinds");
	if (kinds && !s->kinds)
		s->kinds = ct_xstrdup(kinds);
	ct_read_add_kinds(rd->r, kinds);
	return 0;
}

/*
 * ct-place/child.c - process-background, which clamps the whole process:
 * this tool re-runs itself under the clamp (fork, clamp, exec; taskpolicy
 * on macOS) with --child-run, and the child stays for the whole run, one
 * member of the interleaved rounds (measure/rounds.h) like the placed
 * threads.  After its settle and warm-up it says it is ready; then for
 * each line "round R P SETTLE_NS" the parent writes to its standard
 * input it takes one round of samples and sends them back as the sample
 * records of the output contract, then a round record; "end STOP" ends it
 * with its end record.  The child verifies its samples as any run does
 * and fails if one is wrong; the parent reads the records with the JSON
 * Lines reader and checks every member it takes.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/common.h"
#include "ct-place/child.h"
#include "records/jsonl.h"

/* --- The end record: what the samples alone do not say. --- */

struct child_end {
	unsigned samples;		/* of each kernel */
	enum ct_stop stopped_by;
	int counters;
};

enum { E_SAMPLES, E_STOPPED_BY, E_COUNTERS };

static const struct ct_rec_field end_fields[] = {
	{ E_SAMPLES, "samples", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ E_STOPPED_BY, "stopped_by", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ E_COUNTERS, "counters", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
};

static void end_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct child_end *e = rec;

	(void)out;
	switch (id) {
	case E_SAMPLES:
		v->i = e->samples;
		break;
	case E_STOPPED_BY:
		v->str = ct_stop_name(e->stopped_by);
		break;
	case E_COUNTERS:
		v->i = e->counters;
		break;
	}
}

static const struct ct_rec_kind rec_end = {
	"child_end", end_fields, CT_ARRAY_SIZE(end_fields), end_value, 0
};

/* The round record after a round's samples, and the one that says the child is ready. */
enum { R_ROUND };

static const struct ct_rec_field round_fields[] = {
	{ R_ROUND, "round", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
};

static void round_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	(void)out;
	(void)id;
	v->i = *(const unsigned *)rec + 1;
}

static const struct ct_rec_kind rec_round = {
	"child_round", round_fields, CT_ARRAY_SIZE(round_fields), round_value, 0
};

/* Ready: its process id, a record's one member. */
static const struct ct_rec_field ready_fields[] = {
	{ 0, "pid", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
};

static void ready_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	(void)rec;
	(void)id;
	(void)out;
	v->i = (long long)getpid();
}

static const struct ct_rec_kind rec_ready = {
	"child_ready", ready_fields, CT_ARRAY_SIZE(ready_fields), ready_value, 0
};

static void write_marker(FILE *f, const struct ct_rec_kind *k, const void *rec)
{
	struct ct_rec_writer w;

	ct_rec_begin(&w, f, CT_REC_JSON, k);
	ct_rec_write(&w, rec);
	ct_rec_end(&w);
}

void ct_placements_child_write(FILE *f, const struct ct_series ser[CT_NJOBS])
{
	/* The only process-level placement. */
	struct ct_out_sample_rec rec = { ct_progname(), "process-background", NULL, NULL };
	struct child_end end = { ser[0].n, ser[0].stopped_by, ser[0].counters };
	struct ct_rec_writer w;
	unsigned s;
	int i;

	ct_rec_begin(&w, f, CT_REC_JSON, &ct_rec_sample);
	for (i = 0; i < CT_NJOBS; i++)
		for (s = 0; s < ser[i].n; s++) {
			rec.ser = &ser[i];
			rec.s = &ser[i].s[s];
			ct_rec_write(&w, &rec);
		}
	ct_rec_end(&w);
	ct_rec_begin(&w, f, CT_REC_JSON, &rec_end);
	ct_rec_write(&w, &end);
	ct_rec_end(&w);
}

/* Sample s (0-based) of every kernel, as sample records. */
static void write_round(FILE *f, const struct ct_series ser[CT_NJOBS], unsigned s)
{
	struct ct_out_sample_rec rec = { ct_progname(), "process-background", NULL, NULL };
	struct ct_rec_writer w;
	int i;

	ct_rec_begin(&w, f, CT_REC_JSON, &ct_rec_sample);
	for (i = 0; i < CT_NJOBS; i++) {
		rec.ser = &ser[i];
		rec.s = &ser[i].s[s];
		ct_rec_write(&w, &rec);
	}
	ct_rec_end(&w);
}

int ct_placements_child(const struct ct_placements_opts *o, FILE *in, FILE *f)
{
	struct ct_job k[CT_NJOBS];
	struct ct_series ser[CT_NJOBS];
	struct ct_placements_kernels *ck;
	struct ct_harness_session S;
	struct child_end end;
	char why[512], *line = NULL, stop[32];
	size_t cap = 0;
	unsigned round, position;
	unsigned long long settle;
	int st = CT_EXIT_FAIL, s;

	ck = ct_placements_kernels_new(o, k);
	if (ct_harness_begin(&S, &o->h, k, CT_NJOBS, ser, why, sizeof(why)) < 0) {
		fprintf(stderr, "%s: verification failed: %s\n", ct_progname(), why);
		ct_harness_end(&S, 0, CT_STOP_REPS);
		goto out;
	}
	write_marker(f, &rec_ready, NULL);
	fflush(f);
	while (getline(&line, &cap, in) > 0) {
		if (sscanf(line, "round %u %u %llu", &round, &position, &settle) == 3) {
			ct_settle((uint64_t)settle);
			if (ct_harness_round(&S, round, position, why, sizeof(why)) < 0) {
				fprintf(stderr, "%s: verification failed: %s\n", ct_progname(), why);
				break;
			}
			write_round(f, ser, S.rounds - 1);
			write_marker(f, &rec_round, &round);
			fflush(f);
			continue;
		}
		if (sscanf(line, "end %31s", stop) != 1)
			break;
		for (s = CT_STOP_REPS; s <= CT_STOP_MAX_TIME; s++)
			if (strcmp(stop, ct_stop_name((enum ct_stop)s)) == 0)
				break;
		if (s > CT_STOP_MAX_TIME || !S.rounds)
			break;
		ct_harness_end(&S, 1, (enum ct_stop)s);
		end.samples = S.rounds;
		end.stopped_by = (enum ct_stop)s;
		end.counters = ser[0].counters;
		write_marker(f, &rec_end, &end);
		st = fflush(f) == 0 ? CT_EXIT_OK : CT_EXIT_FAIL;
		goto out;
	}
	/* The parent went away, or asked for what is not a round or an end. */
	ct_harness_end(&S, 0, CT_STOP_REPS);
out:
	free(line);
	ct_series_free(ser, CT_NJOBS);
	ct_placements_kernels_free(ck);
	return st;
}

/* --- The parent's reading. --- */

/*
 * A member's name, from the table of the record kind that writes it: a
 * name the writer does not have is this reader's bug, never a member
 * quietly missed.
 */
static const char *key_of(const struct ct_rec_kind *k, const char *key)
{
	const struct ct_rec_field *f = ct_rec_find(k, key);

	if (!f)
		errx(CT_EXIT_FAIL, "the %s record has no member %s", k->name, key);
	return f->key;
}

enum mtype { M_INT, M_UINT, M_U64, M_DBL };

/*
 * The numbers of struct ct_sample a sample record carries, and where they
 * go; a member that is not always written (the brackets of a kernel that
 * has none, the counts of a sample not counted) is 0 when absent.  The
 * brackets come as the one before the call and both together.
 */
static const struct member {
	const char *key;
	enum mtype type;
	size_t off;
	int always;
} sample_members[] = {
	{ "position", M_UINT, offsetof(struct ct_sample, position), 0 },
	{ "cpu_start", M_INT, offsetof(struct ct_sample, cpu_start), 1 },
	{ "cpu_end", M_INT, offsetof(struct ct_sample, cpu_end), 1 },
	{ "wall_ns", M_U64, offsetof(struct ct_sample, wall_ns), 1 },
	{ "cpu_ns", M_U64, offsetof(struct ct_sample, cpu_ns), 1 },
	{ "calls", M_U64, offsetof(struct ct_sample, calls), 1 },
	{ "clock_ghz", M_DBL, offsetof(struct ct_sample, clock_ghz), 0 },
	{ "bracket_ghz_wall", M_DBL, offsetof(struct ct_sample, bracket_ghz_wall), 0 },
	{ "bracket_ghz_cpu", M_DBL, offsetof(struct ct_sample, bracket_ghz_cpu), 0 },
	{ "pre_bracket_wall_ns", M_U64, offsetof(struct ct_sample, pre_wall_ns), 0 },
	{ "pre_bracket_cpu_ns", M_U64, offsetof(struct ct_sample, pre_cpu_ns), 0 },
	{ "bracket_wall_ns", M_U64, offsetof(struct ct_sample, post_wall_ns), 0 },
	{ "bracket_cpu_ns", M_U64, offsetof(struct ct_sample, post_cpu_ns), 0 },
	{ "cpu_reads_ns", M_U64, offsetof(struct ct_sample, reads_ns), 0 },
	{ "cycles", M_DBL, offsetof(struct ct_sample, cycles), 0 },
	{ "instructions", M_DBL, offsetof(struct ct_sample, instructions), 0 },
};

/* A whole number within [lo, hi] (JSON has one type of number). */
static int whole(double v, double lo, double hi)
{
	return isfinite(v) && v == floor(v) && v >= lo && v <= hi;
}

/* Member m of o into x; -1 when it is missing or not what it must be. */
static int take(const struct ct_jobject *o, const struct member *m, struct ct_sample *x)
{
	const struct ct_jmember *j = ct_jobject_get(o, key_of(&ct_rec_sample, m->key));
	char *at = (char *)x + m->off;

	if (!j)
		return m->always ? -1 : 0;
	if (j->type != CT_JNUM)
		return -1;
	switch (m->type) {
	case M_INT:
		if (!whole(j->num, -1, 1e9))
			return -1;
		*(int *)(void *)at = (int)j->num;
		break;
	case M_UINT:
		if (!whole(j->num, 0, 1e9))
			return -1;
		*(unsigned *)(void *)at = (unsigned)j->num;
		break;
	case M_U64:
		if (!whole(j->num, 0, 9007199254740992.0))
			return -1;
		*(uint64_t *)(void *)at = (uint64_t)j->num;
		break;
	case M_DBL:
		if (!isfinite(j->num))
			return -1;
		*(double *)(void *)at = j->num;
		break;
	}
	return 0;
}

static int count_status_of(const char *name, enum ct_count_status *st)
{
	int i;

	for (i = 0; i < CT_COUNT_NSTATUS; i++)
		if (strcmp(name, ct_count_status_name((enum ct_count_status)i)) == 0) {
			*st = (enum ct_count_status)i;
			return 0;
		}
	return -1;
}

/*
 * A sample record into *x and the kernel it is of (row->k[*kernel]);
 * -1 when a member is missing, of the wrong type or out of range.
 */
static int read_sample(const struct ct_jobject *o, const struct ct_placements_row *row,
		       int *kernel, struct ct_sample *x)
{
	const char *name = ct_jobject_str(o, key_of(&ct_rec_sample, "kernel"));
	const char *isa = ct_jobject_str(o, key_of(&ct_rec_sample, "isa"));
	const char *status = ct_jobject_str(o, key_of(&ct_rec_sample, "counter_status"));
	double rep = ct_jobject_num(o, key_of(&ct_rec_sample, "rep"));
	size_t i;

	memset(x, 0, sizeof(*x));
	for (*kernel = 0; *kernel < CT_NJOBS; (*kernel)++)
		if (name && isa && strcmp(name, row->k[*kernel].name) == 0 &&
		    strcmp(isa, row->k[*kernel].isa) == 0)
			break;
	if (*kernel == CT_NJOBS || !whole(rep, 1, CT_REPS_MAX))
		return -1;
	x->rep = (unsigned)rep - 1;
	for (i = 0; i < CT_ARRAY_SIZE(sample_members); i++)
		if (take(o, &sample_members[i], x) < 0)
			return -1;
	/* bracket_*_ns is both brackets: the one after is what the one before left. */
	if (x->post_wall_ns < x->pre_wall_ns || x->post_cpu_ns < x->pre_cpu_ns)
		return -1;
	x->post_wall_ns -= x->pre_wall_ns;
	x->post_cpu_ns -= x->pre_cpu_ns;
	x->count_status = CT_COUNT_NONE;
	if (ct_jobject_get(o, key_of(&ct_rec_sample, "counter_status")) &&
	    (!status || count_status_of(status, &x->count_status) < 0))
		return -1;
	return 0;
}

static int read_end(const struct ct_jobject *o, struct child_end *e)
{
	const struct ct_jmember *c = ct_jobject_get(o, key_of(&rec_end, "counters"));
	const char *stop = ct_jobject_str(o, key_of(&rec_end, "stopped_by"));
	double n = ct_jobject_num(o, key_of(&rec_end, "samples"));
	int s;

	if (!whole(n, 1, CT_REPS_MAX) || !c || c->type != CT_JBOOL || !stop)
		return -1;
	e->samples = (unsigned)n;
	e->counters = c->num != 0;
	for (s = CT_STOP_REPS; s <= CT_STOP_MAX_TIME; s++)
		if (strcmp(stop, ct_stop_name((enum ct_stop)s)) == 0) {
			e->stopped_by = (enum ct_stop)s;
			return 0;
		}
	return -1;
}

/* What a record the child wrote is. */
enum got { GOT_EOF, GOT_SAMPLE, GOT_READY, GOT_ROUND, GOT_END, GOT_BAD };

/* The parent's side of the records: the line read, the samples taken. */
struct reader_state {
	char *line;
	size_t linecap;
	struct ct_jobject obj;
	unsigned cap;			/* room in every series */
	unsigned got;			/* samples taken */
	unsigned round;			/* the round record's round, 0-based */
	struct child_end end;
	int done;			/* the end record was read */
};

static void reader_init(struct reader_state *r, const struct ct_placements_opts *o,
			struct ct_placements_row *row)
{
	int i;

	memset(r, 0, sizeof(*r));
	r->cap = o->h.reps ? o->h.reps : 1;
	for (i = 0; i < CT_NJOBS; i++) {
		row->ser[i].k = &row->k[i];
		row->ser[i].s = ct_xcalloc(r->cap, sizeof(struct ct_sample));
		row->ser[i].n = 0;
		row->ser[i].verified = 0;
	}
}

static void reader_free(struct reader_state *r)
{
	free(r->line);
	r->line = NULL;
	ct_jobject_free(&r->obj);
}

/*
 * The next record into row (a sample appended to its kernel's series) or
 * r (a round's number, the end); GOT_BAD with a message.
 */
static enum got read_record(FILE *f, struct reader_state *r, struct ct_placements_row *row,
			    char *why, size_t len)
{
	const char *record;
	struct ct_sample x;
	char jwhy[160];
	size_t col;
	ssize_t n;
	int kernel, i;

	n = getline(&r->line, &r->linecap, f);
	if (n <= 0)
		return GOT_EOF;
	if (r->done) {
		snprintf(why, len, "the child wrote past its end");
		return GOT_BAD;
	}
	if (ct_jsonl_parse(r->line, (size_t)n, &r->obj, jwhy, sizeof(jwhy), &col) < 0) {
		snprintf(why, len, "the child wrote a bad record: %s at column %zu: %.80s", jwhy,
			 col, r->line);
		return GOT_BAD;
	}
	record = ct_jobject_str(&r->obj, "record");
	if (record && strcmp(record, rec_end.name) == 0) {
		if (read_end(&r->obj, &r->end) < 0) {
			snprintf(why, len, "the child wrote a bad end record: %.80s", r->line);
			return GOT_BAD;
		}
		r->done = 1;
		return GOT_END;
	}
	if (record && strcmp(record, rec_ready.name) == 0)
		return GOT_READY;
	if (record && strcmp(record, rec_round.name) == 0) {
		double v = ct_jobject_num(&r->obj, key_of(&rec_round, "round"));

		if (!whole(v, 1, CT_REPS_MAX)) {
			snprintf(why, len, "the child wrote a bad round record: %.80s", r->line);
			return GOT_BAD;
		}
		r->round = (unsigned)v - 1;
		return GOT_ROUND;
	}
	if (!record || strcmp(record, ct_rec_sample.name) != 0 ||
	    read_sample(&r->obj, row, &kernel, &x) < 0 || x.rep != row->ser[kernel].n ||
	    x.wall_ns == 0 || x.cpu_ns == 0 ||
	    (ct_count_usable(x.count_status) && !(x.cycles > 0))) {
		snprintf(why, len, "the child wrote a bad sample record: %.80s", r->line);
		return GOT_BAD;
	}
	/* --precision: as many samples as the child took. */
	if (row->ser[kernel].n == r->cap) {
		r->cap *= 2;
		for (i = 0; i < CT_NJOBS; i++)
			row->ser[i].s = ct_xrealloc(row->ser[i].s, r->cap * sizeof(struct ct_sample));
	}
	row->ser[kernel].s[row->ser[kernel].n++] = x;
	r->got++;
	return GOT_SAMPLE;
}

/* After the end record: every kernel's samples as many as it says. */
static int reader_finish(const struct reader_state *r, const struct ct_placements_opts *o,
			 struct ct_placements_row *row, int fixed, char *why, size_t len)
{
	int i;

	/* A fixed run has exactly REPS; one stopped otherwise, at least one round. */
	if (!r->done || r->got != r->end.samples * CT_NJOBS ||
	    (fixed && r->end.stopped_by == CT_STOP_REPS && o->h.precision_pct <= 0 &&
	     r->end.samples != o->h.reps)) {
		if (r->done)
			snprintf(why, len, "the child stopped after %u of %u samples", r->got,
				 r->end.samples * CT_NJOBS);
		else
			snprintf(why, len, "the child stopped after %u samples, without its end",
				 r->got);
		return -1;
	}
	for (i = 0; i < CT_NJOBS; i++) {
		if (row->ser[i].n != r->end.samples) {
			snprintf(why, len, "the child sent %u samples of one kernel, %u of another",
				 row->ser[i].n, r->end.samples);
			return -1;
		}
		row->ser[i].verified = 1;
		row->ser[i].stopped_by = r->end.stopped_by;
		row->ser[i].counters = r->end.counters;
		row->ser[i].precision_pct = o->h.precision_pct;
	}
	return 0;
}

int ct_placements_child_read(FILE *f, const struct ct_placements_opts *o,
			     struct ct_placements_row *row, char *why, size_t len)
{
	struct reader_state r;
	enum got g;
	int rc = -1;

	reader_init(&r, o, row);
	while ((g = read_record(f, &r, row, why, len)) != GOT_EOF)
		if (g == GOT_BAD)
			goto out;
	rc = reader_finish(&r, o, row, 1, why, len);
out:
	reader_free(&r);
	return rc;
}

/* --- The parent's side of a child kept for the whole run. --- */

struct ct_placements_child_run {
	pid_t pid;
	int to;				/* the child's standard input, -1: closed */
	FILE *from;
	struct reader_state r;
	struct ct_placements_row *row;
	const struct ct_placements_opts *o;
};

/*
 * The child is gone or wrote what it must not: its exit status says why
 * where it failed, else the reader's message stands.
 */
static int child_fail(struct ct_placements_child_run *c, char *why, size_t len)
{
	int status;

	if (c->to >= 0)
		close(c->to);
	c->to = -1;
	if (c->from)
		fclose(c->from);
	c->from = NULL;
	reader_free(&c->r);
	if (c->pid > 0) {
		while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
			;
		ct_set_child(0);
		c->pid = -1;
		if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
			snprintf(why, len, "%s: the re-run failed (exit %d)", c->row->p.name,
				 WEXITSTATUS(status));
		else if (WIFSIGNALED(status) && WTERMSIG(status) != SIGPIPE)
			snprintf(why, len, "%s: the re-run was killed by signal %d",
				 c->row->p.name, WTERMSIG(status));
	}
	return -1;
}

/*
 * A request to the child, whole: its line written to fd.  A child that
 * is gone makes it fail with EPIPE, never kill this process: SIGPIPE is
 * held while writing and a pending one taken back.
 */
static int ask(int fd, const char *line)
{
	size_t len = strlen(line), done = 0;
	sigset_t pipe, old, pending;
	int rc = 0, e = 0, sig;

	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	sigprocmask(SIG_BLOCK, &pipe, &old);
	while (done < len) {
		ssize_t n = write(fd, line + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			e = n < 0 ? errno : EIO;
			rc = -1;
			break;
		}
		done += (size_t)n;
	}
	if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) &&
	    !sigismember(&old, SIGPIPE))
		sigwait(&pipe, &sig);
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return rc;
}

struct ct_placements_child_run *ct_placements_child_start(const struct ct_placements_opts *o,
							    struct ct_placements_row *row,
							    char *why, size_t len)
{
	struct ct_placements_child_run *c;
	char self[4096], spec[512];
	char *argv[4];
	int down[2], up[2];
	enum got g;

	if (ct_place_self_exe(self, sizeof(self)) < 0) {
		snprintf(why, len, "%s: cannot find this program to re-run it: %s",
			 row->p.name, strerror(errno));
		return NULL;
	}
	ct_placements_child_spec(o, spec, sizeof(spec));
	argv[0] = self;
	argv[1] = (char *)"--child-run";
	argv[2] = spec;
	argv[3] = NULL;
	if (pipe(down) < 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return NULL;
	}
	if (pipe(up) < 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		close(down[0]);
		close(down[1]);
		return NULL;
	}
	c = ct_xcalloc(1, sizeof(*c));
	c->to = -1;
	c->row = row;
	c->o = o;
	fflush(NULL);
	c->pid = fork();
	if (c->pid < 0) {
		snprintf(why, len, "fork: %s", strerror(errno));
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		free(c);
		return NULL;
	}
	if (c->pid == 0) {
		close(down[1]);
		close(up[0]);
		if (dup2(down[0], STDIN_FILENO) < 0 || dup2(up[1], STDOUT_FILENO) < 0)
			_exit(CT_EXIT_FAIL);
		close(down[0]);
		close(up[1]);
		if (row->p.darwin) {
			ct_place_exec_background(argv);
		} else if (ct_place_clamp_process(&row->p.cpus) < 0) {
			fprintf(stderr, "%s: %s: cannot limit the affinity: %s\n", ct_progname(),
				row->p.name, strerror(errno));
			_exit(CT_EXIT_FAIL);
		} else {
			execv(self, argv);
		}
		fprintf(stderr, "%s: %s: cannot re-run %s: %s\n", ct_progname(), row->p.name,
			self, strerror(errno));
		_exit(CT_EXIT_FAIL);
	}
	ct_set_child(c->pid);
	close(down[0]);
	close(up[1]);
	c->to = down[1];
	c->from = fdopen(up[0], "r");
	reader_init(&c->r, o, row);
	if (!c->from) {
		snprintf(why, len, "fdopen: %s", strerror(errno));
		close(up[0]);
		child_fail(c, why, len);
		free(c);
		return NULL;
	}
	/* Its settle and warm-up done, the child says it is ready. */
	g = read_record(c->from, &c->r, row, why, len);
	if (g != GOT_READY) {
		if (g != GOT_BAD)
			snprintf(why, len, "the child did not say it was ready");
		child_fail(c, why, len);
		free(c);
		return NULL;
	}
	return c;
}

int ct_placements_child_round(struct ct_placements_child_run *c, unsigned round,
			      unsigned position, uint64_t settle_ns, char *why, size_t len)
{
	struct ct_placements_row *row = c->row;
	unsigned before[CT_NJOBS];
	char cmd[96];
	enum got g;
	int i, asked = 0;

	for (i = 0; i < CT_NJOBS; i++)
		before[i] = row->ser[i].n;
	snprintf(cmd, sizeof(cmd), "round %u %u %llu\n", round, position,
		 (unsigned long long)settle_ns);
	/* A child that cannot be asked may have said why: its records first. */
	if (ask(c->to, cmd) < 0)
		asked = errno;
	while ((g = read_record(c->from, &c->r, row, why, len)) == GOT_SAMPLE)
		for (i = 0; i < CT_NJOBS; i++)
			if (row->ser[i].n > before[i] + 1) {
				snprintf(why, len, "the child sent %u samples of one kernel, %u of "
					 "another in round %u", row->ser[i].n - before[i], 1,
					 round + 1);
				return child_fail(c, why, len);
			}
	if (g == GOT_ROUND && c->r.round == round) {
		for (i = 0; i < CT_NJOBS; i++)
			if (row->ser[i].n != before[i] + 1) {
				snprintf(why, len, "the child sent %u samples of one kernel, 1 of "
					 "another in round %u", row->ser[i].n - before[i],
					 round + 1);
				return child_fail(c, why, len);
			}
		return 0;
	}
	if (asked && g == GOT_EOF)
		snprintf(why, len, "%s: cannot write to the re-run: %s", row->p.name,
			 strerror(asked));
	else if (g == GOT_END || g == GOT_EOF)
		snprintf(why, len, "the child stopped after %u of %u samples", c->r.got,
			 (round + 1) * CT_NJOBS);
	else if (g != GOT_BAD)
		snprintf(why, len, "the child wrote a round record out of turn: %.80s",
			 c->r.line);
	return child_fail(c, why, len);
}

int ct_placements_child_stop(struct ct_placements_child_run *c, enum ct_stop stop,
			     char *why, size_t len)
{
	struct ct_placements_row *row = c->row;
	char cmd[64];
	enum got g;
	int status, rc;

	if (c->to < 0)
		return -1;
	snprintf(cmd, sizeof(cmd), "end %s\n", ct_stop_name(stop));
	if (ask(c->to, cmd) < 0) {
		snprintf(why, len, "%s: cannot write to the re-run: %s", row->p.name,
			 strerror(errno));
		return child_fail(c, why, len);
	}
	close(c->to);
	c->to = -1;
	while ((g = read_record(c->from, &c->r, row, why, len)) != GOT_EOF)
		if (g == GOT_BAD)
			return child_fail(c, why, len);
	rc = reader_finish(&c->r, c->o, row, 0, why, len);
	fclose(c->from);
	c->from = NULL;
	reader_free(&c->r);
	while (waitpid(c->pid, &status, 0) < 0)
		if (errno != EINTR) {
			ct_set_child(0);
			snprintf(why, len, "waitpid: %s", strerror(errno));
			return -1;
		}
	ct_set_child(0);
	c->pid = -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		if (WIFSIGNALED(status))
			snprintf(why, len, "%s: the re-run was killed by signal %d", row->p.name,
				 WTERMSIG(status));
		else
			snprintf(why, len, "%s: the re-run failed (exit %d)", row->p.name,
				 WEXITSTATUS(status));
		return -1;
	}
	return rc;
}

void ct_placements_child_free(struct ct_placements_child_run *c)
{
	char why[64];

	if (!c)
		return;
	if (c->pid > 0 || c->to >= 0 || c->from)
		child_fail(c, why, sizeof(why));
	free(c);
}

/*
 * The child's settings by name, described once for the writer and the
 * reader: "reps=9,settle_ns=...,isa=avx2,...", every key once, in any
 * order, none unknown, so that a setting can neither be taken for its
 * neighbour nor go missing unnoticed.
 */
enum spec_type { SPEC_UINT, SPEC_U64, SPEC_BOOL, SPEC_NUM, SPEC_ISA, SPEC_LOOP };

static const struct spec_field {
	const char *key;
	enum spec_type type;
	size_t off;
} spec_fields[] = {
	{ "reps", SPEC_UINT, offsetof(struct ct_placements_opts, h.reps) },
	{ "settle_ns", SPEC_U64, offsetof(struct ct_placements_opts, h.settle_ns) },
	{ "bracket_adds", SPEC_U64, offsetof(struct ct_placements_opts, h.bracket_adds) },
	{ "isa", SPEC_ISA, offsetof(struct ct_placements_opts, isa) },
	{ "stream_isa", SPEC_ISA, offsetof(struct ct_placements_opts, stream_isa) },
	{ "stream_loop", SPEC_LOOP, offsetof(struct ct_placements_opts, stream_ask.loop) },
	{ "clock_adds", SPEC_U64, offsetof(struct ct_placements_opts, clock_adds) },
	{ "fma_passes", SPEC_U64, offsetof(struct ct_placements_opts, fma_passes) },
	{ "stream_bytes", SPEC_U64, offsetof(struct ct_placements_opts, stream_bytes) },
	{ "quick", SPEC_BOOL, offsetof(struct ct_placements_opts, quick) },
	{ "precision_pct", SPEC_NUM, offsetof(struct ct_placements_opts, h.precision_pct) },
	{ "max_ns", SPEC_U64, offsetof(struct ct_placements_opts, h.max_ns) },
};

void ct_placements_child_spec(const struct ct_placements_opts *o, char *buf, size_t len)
{
	const char *p = (const char *)o;
	size_t used = 0, i;
	int loop;

	buf[0] = '\0';
	for (i = 0; i < CT_ARRAY_SIZE(spec_fields) && used < len; i++) {
		const struct spec_field *f = &spec_fields[i];
		const char *sep = i ? "," : "";
		int k = 0;

		switch (f->type) {
		case SPEC_UINT:
			k = snprintf(buf + used, len - used, "%s%s=%u", sep, f->key,
				     *(const unsigned *)(p + f->off));
			break;
		case SPEC_U64:
			k = snprintf(buf + used, len - used, "%s%s=%" PRIu64, sep, f->key,
				     *(const uint64_t *)(p + f->off));
			break;
		case SPEC_BOOL:
			k = snprintf(buf + used, len - used, "%s%s=%d", sep, f->key,
				     *(const int *)(p + f->off) != 0);
			break;
		case SPEC_NUM:
			k = snprintf(buf + used, len - used, "%s%s=%.17g", sep, f->key,
				     *(const double *)(p + f->off));
			break;
		case SPEC_ISA:
			k = snprintf(buf + used, len - used, "%s%s=%s", sep, f->key,
				     ct_isa_name(*(const enum ct_isa *)(p + f->off)));
			break;
		case SPEC_LOOP:
			/* Not asked: the plain loop. */
			loop = *(const int *)(p + f->off);
			k = snprintf(buf + used, len - used, "%s%s=%s", sep, f->key,
				     ct_stream_loop_name(loop >= 0 ? (enum ct_stream_loop)loop :
							 CT_STREAM_LOOP_PLAIN));
			break;
		}
		used += k > 0 ? (size_t)k : 0;
	}
}

/* One setting's value into o; -1 where it is not one. */
static int spec_value(const struct spec_field *f, const char *v, struct ct_placements_opts *o)
{
	char *p = (char *)o + f->off, *end;
	enum ct_stream_loop loop;
	unsigned long long u;
	double x;

	switch (f->type) {
	case SPEC_ISA:
		return ct_isa_from_name(v, (enum ct_isa *)p) < 0 || !ct_isa_usable(*(enum ct_isa *)p) ?
			-1 : 0;
	case SPEC_LOOP:
		if (ct_stream_loop_from_name(v, &loop) < 0)
			return -1;
		*(int *)p = (int)loop;
		return 0;
	case SPEC_NUM:
		errno = 0;
		x = strtod(v, &end);
		if (end == v || *end || errno || !(x >= 0 && x <= 100))
			return -1;
		*(double *)p = x;
		return 0;
	default:
		if (*v < '0' || *v > '9')
			return -1;
		errno = 0;
		u = strtoull(v, &end, 10);
		if (*end || errno)
			return -1;
		if (f->type == SPEC_UINT) {
			if (u == 0 || u > CT_REPS_MAX)
				return -1;
			*(unsigned *)p = (unsigned)u;
		} else if (f->type == SPEC_BOOL) {
			if (u > 1)
				return -1;
			*(int *)p = (int)u;
		} else {
			*(uint64_t *)p = (uint64_t)u;
		}
		return 0;
	}
}

int ct_placements_parse_child_spec(const char *spec, struct ct_placements_opts *o)
{
	int seen[CT_ARRAY_SIZE(spec_fields)] = { 0 };
	char buf[1024], *tok, *save = NULL, *eq;
	size_t i;

	if (strlen(spec) >= sizeof(buf))
		return -1;
	memcpy(buf, spec, strlen(spec) + 1);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		eq = strchr(tok, '=');
		if (!eq)
			return -1;
		*eq = '\0';
		for (i = 0; i < CT_ARRAY_SIZE(spec_fields); i++)
			if (strcmp(tok, spec_fields[i].key) == 0)
				break;
		if (i == CT_ARRAY_SIZE(spec_fields) || seen[i]++ ||
		    spec_value(&spec_fields[i], eq + 1, o) < 0)
			return -1;
	}
	for (i = 0; i < CT_ARRAY_SIZE(spec_fields); i++)
		if (!seen[i])
			return -1;
	/* The parent's choice, its ISA and loop forced: nothing to calibrate here. */
	o->stream_ask.isa = (int)o->stream_isa;
	snprintf(o->stream_ask.isa_how, sizeof(o->stream_ask.isa_how), "the parent run's choice");
	snprintf(o->stream_ask.loop_how, sizeof(o->stream_ask.loop_how), "%s",
		 ct_stream_loop_name((enum ct_stream_loop)o->stream_ask.loop));
	snprintf(o->stream_isa_reason, sizeof(o->stream_isa_reason), "the parent run's choice");
	return 0;
}

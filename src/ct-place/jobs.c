/*
 * ct-place/jobs.c - ct-place's main job measured in interleaved rounds
 * (measure/rounds.h): every placement keeps one worker for the whole run
 * (main the main thread; a placed thread for thread, thread-background
 * and each pin; process-background a re-run of this tool clamped and kept
 * alive, ct-place/child.c), and each round takes one sample of every
 * kernel (ct-place/kernels.c) under every placement, the placements in an
 * order shuffled afresh each round.  The tables that put the placements
 * side by side are in ct-place/report.c; the paired ratios in results.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "ct-place/child.h"
#include "ct-place/placements.h"
#include "measure/rounds.h"
#include "platform/os.h"

/* The kinds of the cpus the samples of a row saw, "performance,efficiency". */
static void row_kinds(const struct ct_topo *t, struct ct_placements_row *row)
{
	int seen[CT_KIND_COUNT] = { 0 }, unknown = 0, k, i;
	unsigned s;
	size_t used = 0;

	for (i = 0; i < CT_NJOBS; i++)
		for (s = 0; s < row->ser[i].n; s++) {
			int ends[2] = { row->ser[i].s[s].cpu_start, row->ser[i].s[s].cpu_end };
			int e;

			for (e = 0; e < 2; e++) {
				const struct ct_topo_cpu *c = ct_topo_cpu(t, ends[e]);

				if (c)
					seen[c->kind] = 1;
				else
					unknown = 1;
			}
		}
	row->kinds[0] = '\0';
	for (k = 0; k < CT_KIND_COUNT; k++)
		if (seen[k])
			used += (size_t)snprintf(row->kinds + used, sizeof(row->kinds) - used,
						 "%s%s", used ? "," : "",
						 ct_kind_name((enum ct_kind)k));
	if (unknown && used < sizeof(row->kinds))
		snprintf(row->kinds + used, sizeof(row->kinds) - used, "%sunknown",
			 used ? "," : "");
}

/* A placement measured in the rounds: its row and its worker. */
struct member {
	struct ct_placements_row *row;
	struct ct_worker w;				/* a thread-level placement */
	struct ct_placements_child_run *child;		/* process-background */
	int started;
};

static int member_start(const struct ct_placements_opts *o, struct member *m, char *why,
			size_t len)
{
	struct ct_placements_row *row = m->row;
	char wwhy[512];

	snprintf(row->how, sizeof(row->how), "%s", row->p.note);
	if (row->p.kind == CT_PLACE_PROCESS_BACKGROUND) {
		m->child = ct_placements_child_start(o, row, why, len);
		if (!m->child)
			return -1;
	} else {
		if (ct_worker_start(&m->w, &row->p, row->how, sizeof(row->how), why, len) < 0)
			return -1;
		m->started = 1;
		if (ct_worker_begin(&m->w, &o->h, row->k, CT_NJOBS, row->ser, wwhy,
				    sizeof(wwhy)) < 0) {
			snprintf(why, len, "%s: verification failed: %s", row->p.name, wwhy);
			return -1;
		}
	}
	m->started = 1;
	return 0;
}

static int member_round(const struct ct_placements_opts *o, struct member *m, unsigned round,
			unsigned position, char *why, size_t len)
{
	char wwhy[512];

	if (m->child)
		return ct_placements_child_round(m->child, round, position, o->turn_settle_ns, why,
						 len);
	if (ct_worker_round(&m->w, round, position, o->turn_settle_ns, wwhy, sizeof(wwhy)) < 0) {
		snprintf(why, len, "%s: verification failed: %s", m->row->p.name, wwhy);
		return -1;
	}
	return 0;
}

/* End every started member; complete: the run's series verified. */
static int members_stop(struct member *m, size_t n, int complete, enum ct_stop stop, char *why,
			size_t len)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < n; i++) {
		if (!m[i].started)
			continue;
		if (m[i].child) {
			if (complete && rc == 0) {
				if (ct_placements_child_stop(m[i].child, stop, why, len) < 0)
					rc = -1;
			}
			ct_placements_child_free(m[i].child);
			m[i].child = NULL;
		} else {
			ct_worker_stop(&m[i].w, complete, stop);
		}
		m[i].started = 0;
	}
	return rc;
}

/* After a round: -1 to take another, else why the run stops. */
static int rounds_stop(const struct ct_placements_opts *o, const struct ct_placements_row *rows,
		       size_t n, unsigned done, uint64_t elapsed_ns)
{
	if (o->h.precision_pct <= 0)
		return done >= o->h.reps ? CT_STOP_REPS : -1;
	if (done >= o->h.reps && ct_placements_worst_pct(rows, n) <= o->h.precision_pct)
		return CT_STOP_PRECISION;
	if (done >= CT_REPS_MAX)
		return CT_STOP_REPS;
	if (o->h.max_ns && elapsed_ns >= o->h.max_ns)
		return CT_STOP_MAX_TIME;
	return -1;
}

int ct_placements_measure(const struct ct_placements_opts *o, const struct ct_topo *t,
			  struct ct_placements_row *rows, size_t n,
			  struct ct_placements_design *d, char *why, size_t len)
{
	struct member *m = ct_xcalloc(n ? n : 1, sizeof(*m));
	size_t *order = ct_xcalloc(n ? n : 1, sizeof(*order)), nm = 0, i;
	uint64_t start;
	unsigned r;
	int stop = -1, rc = -1;

	d->interleaved = 1;
	d->rounds = 0;
	d->settle_ns = o->turn_settle_ns;
	for (i = 0; i < n; i++)
		if (rows[i].p.applicable)
			m[nm++].row = &rows[i];
	d->members = nm;
	/* Each worker placed, settled and warmed up once, before the first round. */
	for (i = 0; i < nm; i++)
		if (member_start(o, &m[i], why, len) < 0)
			goto out;
	start = ct_now_ns();
	for (r = 0; stop < 0; r++) {
		ct_rounds_order(d->seed, r, nm, order);
		for (i = 0; i < nm; i++) {
			struct member *x = &m[order[i]];

			if (o->turn)
				o->turn(o->turn_arg, r, i, nm, x->row);
			if (member_round(o, x, r, (unsigned)i + 1, why, len) < 0)
				goto out;
		}
		d->rounds = r + 1;
		stop = rounds_stop(o, rows, n, r + 1, ct_now_ns() - start);
	}
	if (members_stop(m, nm, 1, (enum ct_stop)stop, why, len) < 0)
		goto out;
	for (i = 0; i < nm; i++) {
		m[i].row->ran = 1;
		row_kinds(t, m[i].row);
	}
	rc = 0;
out:
	if (rc < 0) {
		char ignored[64];

		members_stop(m, nm, 0, CT_STOP_REPS, ignored, sizeof(ignored));
	}
	free(order);
	free(m);
	return rc;
}

int ct_placements_run(const struct ct_placements_opts *o, const struct ct_topo *t,
		      struct ct_placements_row *row, char *why, size_t len)
{
	struct ct_placements_design d;

	memset(&d, 0, sizeof(d));
	if (!row->p.applicable)
		return 0;
	return ct_placements_measure(o, t, row, 1, &d, why, len);
}

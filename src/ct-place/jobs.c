/*
 * ct-place/jobs.c - ct-place's main job: the add-chain clock, FMA in L1, the
 * streaming sum and the memory-sized chase (ct-place/kernels.c),
 * round-robin under each placement.
 *
 * Thread-level placements run in this process.  process-background cannot:
 * it clamps the whole process, so it runs in a re-run of this tool
 * (ct-place/child.c).  The tables that put the placements side by side are
 * in ct-place/report.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct-place/child.h"
#include "ct-place/placements.h"

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

struct job {
	const struct ct_placements_opts *o;
	struct ct_placements_row *row;
	int failed;
	char why[512];
};

static void job_run(void *v)
{
	struct job *j = v;

	int rc = ct_harness_run(&j->o->h, j->row->k, CT_NJOBS, j->row->ser, j->why,
				sizeof(j->why));

	if (rc < 0)
		j->failed = rc;
}

int ct_placements_run(const struct ct_placements_opts *o, const struct ct_topo *t,
		   struct ct_placements_row *row, char *why, size_t len)
{
	struct job j;

	if (!row->p.applicable)
		return 0;
	snprintf(row->how, sizeof(row->how), "%s", row->p.note);
	if (row->p.kind == CT_PLACE_PROCESS_BACKGROUND) {
		if (ct_placements_run_process(o, row, why, len) < 0)
			return -1;
	} else {
		memset(&j, 0, sizeof(j));
		j.o = o;
		j.row = row;
		if (ct_place_run_thread(&row->p, job_run, &j, row->how, sizeof(row->how),
					why, len) < 0)
			return -1;
		if (j.failed == CT_HARNESS_TOO_SHORT) {
			snprintf(why, len, "%s: %s", row->p.name, j.why);
			return CT_HARNESS_TOO_SHORT;
		}
		if (j.failed) {
			snprintf(why, len, "%s: verification failed: %s", row->p.name, j.why);
			return -1;
		}
	}
	row->ran = 1;
	row_kinds(t, row);
	return 0;
}

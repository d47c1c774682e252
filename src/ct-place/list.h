/*
 * ct-place/list.h - ct-place's listings of the machine (src/ct-place/list.c):
 * the usable cpus by kind and rank (--list), one kind's or rank's cpus
 * as a cpulist (--cpus-of), and the placement plan (--dry-run).  Each
 * writes to stdout in the format asked and returns the exit status.
 */
#ifndef CT_CT_PLACE_LIST_H
#define CT_CT_PLACE_LIST_H

#include <stddef.h>

#include "report/report.h"
#include "ct-place/plan.h"
#include "machine/topo.h"

/* --cpus-of's argument: a kind, or a rank. */
struct ct_place_sel {
	const char *arg;		/* as given, for the messages */
	int by_rank;
	enum ct_kind kind;		/* !by_rank */
	int rank;			/* by_rank */
};

/*
 * The records: the machine's topology (struct ct_topo), a usable cpu of
 * it, and a placement of the plan (struct ct_placement).
 */
extern const struct ct_rec_kind ct_rec_topology, ct_rec_cpu, ct_rec_plan;

/* --list: the machine, then its usable cpus by kind, rank and evidence. */
int ct_place_list(const struct ct_topo *t, enum ct_format fmt);
/*
 * --cpus-of: the usable cpus of the kind or rank as a cpulist; none usable
 * is a message and CT_EXIT_NOTAPPLICABLE (4).
 */
int ct_place_cpus_of(const struct ct_topo *t, const struct ct_place_sel *s);
/* --dry-run: the placements sel[0..n) of t's plan, what each asks and where. */
int ct_place_plan_print(const struct ct_topo *t, const struct ct_placement *sel, size_t n,
			enum ct_format fmt);

#endif

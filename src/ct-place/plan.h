/*
 * ct-place/plan.h - the placements a machine has (ct_place_plan) and -p's
 * choice among them; what a placement is and the calls that ask for it:
 * platform/place.h.
 */
#ifndef CT_CT_PLACE_PLAN_H
#define CT_CT_PLACE_PLAN_H

#include <stddef.h>

#include "platform/place.h"

struct ct_topo;

#define CT_PLACE_MAX 12

/*
 * Every placement this machine has, in table order, with applicable and
 * note filled in: main, thread, thread-background, process-background,
 * then on Linux a pin-KIND per kind with a usable cpu (the last usable
 * cpu of the kind's fastest rank, away from cpu 0's housekeeping), and a
 * pin-KIND-rankN for each further rank of a kind split into tiers.  A recorded macOS machine gets the
 * macOS plan.  Returns how many.
 */
size_t ct_place_plan(const struct ct_topo *t, struct ct_placement *out, size_t max);

/* The placement called name in plan, or NULL. */
const struct ct_placement *ct_place_find(const struct ct_placement *plan, size_t n,
					 const char *name);
/*
 * The placements of -p's comma-separated list (NULL: all of plan) into
 * out, in plan order; returns how many.  An unknown or empty name is a
 * usage error, a placement this machine cannot give exits 4.
 */
size_t ct_place_select(const char *placements, const struct ct_placement *plan, size_t nplan,
		       struct ct_placement *out);
/*
 * The same, a placement this machine cannot give exiting na_status: with
 * a command (--bench) 125, as every failure of ct-place's own there, so
 * that it cannot be taken for the command's status.
 */
size_t ct_place_select_exit(const char *placements, const struct ct_placement *plan,
			    size_t nplan, struct ct_placement *out, int na_status);
#endif

/*
 * ct-place/measure.h - ct-place -l --measure: the listing, then every usable
 * cpu probed in turn (ct-place/probe.h), its figures beside it, and the
 * verdict per rank on the kinds (machine/check.h).  A disagreement is a
 * finding, not an error: the exit status is 0 either way.
 */
#ifndef CT_CT_PLACE_MEASURE_H
#define CT_CT_PLACE_MEASURE_H

#include <stddef.h>

#include "machine/check.h"
#include "machine/topo.h"
#include "records/record.h"

/* The records: a cpu's figures, and a rank's verdict (coretype(7)). */
extern const struct ct_rec_kind ct_rec_measured, ct_rec_kinds_check;

/*
 * Probe the usable cpus of t into m (room for one per usable cpu), each
 * in a thread of its own: how many were probed.
 */
size_t ct_place_probe_all(const struct ct_topo *t, struct ct_measured *m);

/*
 * Probe the usable cpus of t into m and judge its kinds into v (room for
 * one per rank): a disagreement is measured again, every cpu, before it
 * is told.  On a virtual machine the hypervisor can take a vCPU for a
 * stretch that the thread's CPU time counts as run time, and a probe of
 * a sixth of a second can land in one (cpu 0 read 1.22 against its
 * twin's 1.59 FMA/cycle in a loaded make check); a core of another kind
 * disagrees again, a stretch of theft seldom lands on the same cpu twice.
 * Up to CT_CHECK_ROUNDS rounds: the figures and verdicts of the first
 * that agrees, else of the last.  Sets *nm (cpus probed) and *tol;
 * returns the number of verdicts.
 */
#define CT_CHECK_ROUNDS 2
size_t ct_place_measure_check(const struct ct_topo *t, struct ct_measured *m, size_t *nm,
			      double *tol, struct ct_kinds_verdict *v);

/*
 * The quick check before ct-place's comparison: the first and last usable
 * cpu of each rank probed, then the verdicts.  Returns 1 with the first
 * disagreeing rank's reason in why, else 0 (agreement, or nothing could
 * be measured: an OS without cpu affinity).
 */
int ct_place_kinds_quick(const struct ct_topo *t, char *why, size_t len);

/* -l --measure on the live machine t: the listing and the check, in fmt. */
int ct_place_list_measure(const struct ct_topo *t, enum ct_format fmt);

#endif

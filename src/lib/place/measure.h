/*
 * place/measure.h - ct-place -l --measure: the listing, then every usable
 * cpu probed in turn (place/probe.h), its figures beside it, and the
 * verdict per rank on the kinds (machine/check.h).  A disagreement is a
 * finding, not an error: the exit status is 0 either way.
 */
#ifndef CT_PLACE_MEASURE_H
#define CT_PLACE_MEASURE_H

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
 * The quick check before ct-place's comparison: the first and last usable
 * cpu of each rank probed, then the verdicts.  Returns 1 with the first
 * disagreeing rank's reason in why, else 0 (agreement, or nothing could
 * be measured: an OS without cpu affinity).
 */
int ct_place_kinds_quick(const struct ct_topo *t, char *why, size_t len);

/* -l --measure on the live machine t: the listing and the check, in fmt. */
int ct_place_list_measure(const struct ct_topo *t, enum ct_format fmt);

#endif

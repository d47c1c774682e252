/*
 * ct-place/probe.h - the short probe of ct-place -l --measure: pinned to one
 * cpu, the add-chain clock and FMA per cycle on the thread's CPU time
 * (which time on a busy cpu does not stretch), FMA in the widest ISA that
 * cpu can run.  Alone in its file so that a test can stand in for it (the
 * test defines ct_probe_cpus(), and the link takes it instead of this).
 */
#ifndef CT_CT_PLACE_PROBE_H
#define CT_CT_PLACE_PROBE_H

#include <stddef.h>

#include "machine/check.h"
#include "workloads/fma.h"

/*
 * The work of a probe's samples, fixed so that it never depends on the
 * machine's speed: about 6 ms of adds at 3.5 GHz, and ct-fma's default
 * 2048 passes over the 16 KiB array; 21 samples of each after a 20 ms
 * settle spin, so that a cpu takes about a sixth of a second.
 */
#define CT_PROBE_ADDS 20000000ull
#define CT_PROBE_PASSES CT_FMA_PASSES_DEFAULT
#define CT_PROBE_REPS 21u

/*
 * Measure cpus[0..n-1] into m[0..n-1] (each m->cpu, ok, and the figures,
 * or why): a worker pinned to each cpu, the cpus measured in turns, a
 * round a sample of each, so that the host's drift over the probe falls
 * on every cpu alike.  The calling thread's affinity is left as it was.
 */
void ct_probe_cpus(const int *cpus, size_t n, struct ct_measured *m);

#endif

/*
 * ct-place/kernels.c - the kernels ct-place compares (the add-chain
 * clock, FMA in L1, the streaming sum, the memory-sized chase alone and
 * as CT_PLACEMENTS_CHAINS chains), set up once for a run: by the
 * parent for its thread-level placements and by the re-run of
 * process-background (ct-place/child.c) for its own.
 */
#include "config.h"

#include <stdlib.h>

#include "core/common.h"
#include "ct-place/placements.h"
#include "workloads/clock.h"
#include "workloads/fma.h"
#include "workloads/latency.h"
#include "workloads/stream.h"

struct ct_placements_kernels {
	struct ct_clock clock;
	struct ct_fma *fma;
	struct ct_stream *stream;
	struct ct_latency *latency, *chains;
};

struct ct_placements_kernels *ct_placements_kernels_new(const struct ct_placements_opts *o,
						  struct ct_job k[CT_NJOBS])
{
	struct ct_placements_kernels *ck = ct_xcalloc(1, sizeof(*ck));

	ct_clock_kernel(&k[CT_JOB_CLOCK], &ck->clock, o->clock_adds);
	ck->fma = ct_fma_new(o->isa, o->fma_passes, &k[CT_JOB_FMA]);
	ck->stream = ct_stream_new(o->stream_isa, o->stream_bytes, o->stream_reason,
				   o->quick ? CT_STREAM_QUICK : 0, &k[CT_JOB_STREAM]);
	/* On the caller's thread: ct-place's main one. */
	ct_stream_choose(ck->stream, &o->stream_ask, &k[CT_JOB_STREAM]);
	if (o->stream_isa_reason[0])
		ct_stream_set_isa_reason(ck->stream, o->stream_isa_reason);
	/*
	 * The chase over an array of the stream's size, past the last cache:
	 * its own order (seeded by the time) in each process.  The rows write
	 * its results themselves, a placement's each (report.c).
	 */
	ck->latency = ct_latency_new(o->stream_bytes, o->stream_reason,
				     (o->quick ? CT_STREAM_QUICK : 0) | CT_LATENCY_NO_RESULTS, 0, 1,
				     &k[CT_JOB_LATENCY]);
	ck->chains = ct_latency_share(ck->latency, CT_PLACEMENTS_CHAINS, &k[CT_JOB_CHAINS]);
	if (!o->quick) {
		ct_latency_call_loads(ck->latency, CT_PLACEMENTS_CHASE_LOADS, &k[CT_JOB_LATENCY]);
		ct_latency_call_loads(ck->chains, CT_PLACEMENTS_CHASE_LOADS, &k[CT_JOB_CHAINS]);
	}
	/* Its own name: the child's samples and the records tell the two apart by it. */
	k[CT_JOB_CHAINS].name = CT_PLACEMENTS_CHAINS_NAME;
	/*
	 * The lines in flight are a ratio of two rates and need no cycles:
	 * no brackets around the chains, which would cost more than their call.
	 */
	k[CT_JOB_CHAINS].per_cycle_unit = NULL;
	return ck;
}

void ct_placements_kernels_free(struct ct_placements_kernels *ck)
{
	if (!ck)
		return;
	ct_fma_free(ck->fma);
	ct_stream_free(ck->stream);
	ct_latency_free(ck->chains);
	ct_latency_free(ck->latency);
	free(ck);
}

/*
 * placements/kernels.c - the three kernels ct-place compares (the add-chain
 * clock, FMA in L1, the streaming sum), set up once for a run: by the
 * parent for its thread-level placements and by the re-run of
 * process-background (placements/child.c) for its own.
 */
#include "config.h"

#include <stdlib.h>

#include "core/common.h"
#include "placements/placements.h"
#include "workloads/clock.h"
#include "workloads/fma.h"
#include "workloads/stream.h"

struct ct_placements_kernels {
	struct ct_clock clock;
	struct ct_fma *fma;
	struct ct_stream *stream;
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
	return ck;
}

void ct_placements_kernels_free(struct ct_placements_kernels *ck)
{
	if (!ck)
		return;
	ct_fma_free(ck->fma);
	ct_stream_free(ck->stream);
	free(ck);
}

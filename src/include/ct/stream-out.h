/*
 * stream-out.h - ct-stream's human table: after the run, the ISAs and
 * their kernels, the caches and the array above one row per size and ISA
 * (the sweep, a record kind of its own: ct_rec_sweep), its footnotes, the
 * prefetch chosen for each level and the load at the end.  The summary,
 * sample and machine records are out.h's.
 */
#ifndef CT_STREAM_OUT_H
#define CT_STREAM_OUT_H

#include <stdio.h>

#include "ct/harness.h"
#include "ct/isa.h"
#include "ct/machine.h"
#include "ct/record.h"
#include "ct/stream.h"

struct ct_stream_table {
	/* Set by the caller before ct_stream_table_begin(). */
	const struct ct_stream_caches *caches;
	const char *size_reason;		/* "requested", or why the default */
	const char *placement;
	/* private */
	FILE *f;
	struct ct_rec_writer sweep;
	unsigned reps;				/* the most samples of any series */
	unsigned used;				/* 1u << isa of every ISA that ran */
	char isa_reason[200];			/* why the last size's ISAs */
	int mixed;				/* the sizes had different reasons */
	char (*isa_notes)[200];			/* distinct "LEVEL ISA: isa reason" */
	size_t nisa_notes;
	char thp[32];
	int huge_asked;
	char (*notes)[200];			/* distinct "LEVEL ISA: prefetch reason" */
	size_t nnotes;
};

/* A row of the sweep (struct ct_stream_sweep_rec): one size and ISA, both bases. */
struct ct_stream_sweep_rec {
	const struct ct_series *ser;
	struct ct_stream_info in;
	struct ct_summary wall, cpu;
};
extern const struct ct_rec_kind ct_rec_sweep;

void ct_stream_table_begin(struct ct_stream_table *t, FILE *f);
/*
 * The series of one size, one per ISA (ctx[i] measured ser[i] with
 * isas[i]), and why those ISAs.
 */
void ct_stream_table_add(struct ct_stream_table *t, struct ct_stream *const *ctx,
			 const enum ct_isa *isas, const struct ct_series *ser, size_t n,
			 const char *isa_reason);
/* The table, after the run (m finished: the load at its end). */
void ct_stream_table_end(struct ct_stream_table *t, const struct ct_machine *m);

#endif

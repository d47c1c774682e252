/*
 * report/stream.h - ct-stream's human table: the caches and samples above
 * one row per placement, size and ISA (the sweep, a record kind of its
 * own: ct_rec_sweep), each row as its size ends; then its footnotes, the
 * ISAs and their kernels, the array, the prefetch chosen for each level
 * and the load at the end.
 * The summary, sample and machine records are out.h's.
 */
#ifndef CT_REPORT_STREAM_H
#define CT_REPORT_STREAM_H

#include <stdint.h>
#include <stdio.h>

#include "measure/results.h"
#include "platform/isa.h"
#include "measure/context.h"
#include "records/record.h"
#include "workloads/stream.h"

/* A line of the table's notes: "LEVEL ISA: " and a reason. */
#define CT_STREAM_NOTE_LEN (CT_STREAM_REASON_LEN + 32)

/* "16 KiB", "1.5 MiB", "1 GiB": the largest binary unit it reaches. */
char *ct_stream_human_size(uint64_t b, char *buf, size_t len);
/*
 * The caches line of ct-stream's and ct-latency's tables: each level's
 * size, "none" or "unknown", and where the sizes came from.
 */
char *ct_stream_caches_text(const struct ct_stream_caches *c, char *buf, size_t len);

/*
 * The lines above a --threads run: the ISAs that ran (1u << isa in used)
 * and why, their kernels, the caches, the samples, and each thread's
 * array of bytes (why that size: size_reason).
 */
void ct_stream_header(FILE *f, unsigned used, const char *isa_reason, unsigned reps,
		      const struct ct_stream_caches *c, uint64_t bytes, const char *size_reason,
		      size_t threads);
/* The line above one size's own tables (-s): its array, after a blank line. */
void ct_stream_size_header(FILE *f, const struct ct_stream_info *in);

struct ct_stream_table {
	/* Set by the caller before ct_stream_table_begin(). */
	const struct ct_stream_caches *caches;
	const char *size_reason;		/* "requested", or why the default */
	/*
	 * The warnings the machine's lines at the start showed (its
	 * nwarnings then): the end gives only the later ones, so that each
	 * is on standard output once.
	 */
	size_t warned;
	/* private */
	FILE *f;
	struct ct_rec_writer sweep;
	int several;				/* placements: a column, and the list */
	int stream;				/* each row as its size ends */
	double precision_pct;			/* --precision, for the samples line */
	char places[256];			/* "cpu0, cpu1" */
	unsigned reps;				/* the most samples of any series */
	char thp[32];
	int huge_asked;
	unsigned used;				/* 1u << isa of every ISA that ran */
	char isa_reason[CT_STREAM_NOTE_LEN];			/* why the last size's ISAs */
	int mixed;				/* the sizes had different reasons */
	char (*isa_notes)[CT_STREAM_NOTE_LEN];			/* distinct "LEVEL ISA: isa reason" */
	size_t nisa_notes;
	char (*notes)[CT_STREAM_NOTE_LEN];			/* distinct "LEVEL ISA: prefetch reason" */
	size_t nnotes;
	char (*loop_notes)[CT_STREAM_NOTE_LEN];		/* distinct "LEVEL ISA: loop reason" */
	size_t nloop_notes;
};

/* A row of the sweep (struct ct_stream_sweep_rec): one size and ISA, both bases. */
struct ct_stream_sweep_rec {
	const char *placement;
	const struct ct_series *ser;
	struct ct_stream_info in;
	struct ct_summary wall, cpu;
};
extern const struct ct_rec_kind ct_rec_sweep;

/*
 * several: more than one placement (-c with a list), each a column's
 * cell; stream: each row written as it is added (the caches and samples
 * lines above the first), else the whole table at the end.
 */
void ct_stream_table_begin(struct ct_stream_table *t, FILE *f, int several, int stream);
/*
 * The series of one size at placement, one per ISA (ctx[i] measured ser[i]
 * with isas[i]; why each ISA and loop is ctx[i]'s own reason).
 */
void ct_stream_table_add(struct ct_stream_table *t, const char *placement,
			 struct ct_stream *const *ctx, const enum ct_isa *isas,
			 const struct ct_series *ser, size_t n);
/* The same from what each ctx[i] told (in[i]): a table of made-up rows. */
void ct_stream_table_add_info(struct ct_stream_table *t, const char *placement,
			      const struct ct_stream_info *in, const enum ct_isa *isas,
			      const struct ct_series *ser, size_t n);
/*
 * The rest of the table after the run (m finished: the load at its end):
 * its footnotes, then the ISAs, kernels, array, prefetch and loop of
 * every row, the load and the warnings.
 */
void ct_stream_table_end(struct ct_stream_table *t, const struct ct_machine *m);

#endif

/*
 * ct-latency/report.h - ct-latency's human table: the caches and
 * what the figures are, one row per placement and size (latency, lines
 * in flight per chain count, the knee: a record kind of its own,
 * described once), then the array, the kernel, the load and the warnings.
 * The summary, sample and machine records are report.h's; every figure
 * of a row is in each summary record too (ct_rec_latency_fields).
 */
#ifndef CT_CT_LATENCY_REPORT_H
#define CT_CT_LATENCY_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "measure/context.h"
#include "records/record.h"
#include "workloads/latency.h"

struct ct_latency_table {
	/* Set by the caller before ct_latency_table_begin(). */
	const struct ct_stream_caches *caches;
	const unsigned *chains;			/* the counts, chains[0] = 1 */
	size_t nchains;
	size_t warned;				/* the machine's warnings shown at the start */
	double stream_gbs;			/* --stream-gbs, 0: none */
	/* private */
	FILE *f;
	struct ct_rec_writer w;
	struct ct_rec_field fields[16 + CT_LATENCY_CHAINS_LIST_MAX];
	char heads[CT_LATENCY_CHAINS_LIST_MAX][12];
	struct ct_rec_kind kind;
	int several;
	unsigned reps;
	double precision_pct;
	char places[256];
	struct ct_latency_info in;		/* the last row's */
	char reason[160];			/* the last row's size reason */
	int mixed;				/* rows of different reasons */
	/* The memory-level rows' Little's-law lines (--stream-gbs), as they came. */
	char stream[8][200];
	size_t nstream;
};

/* A row: one size at one placement. */
struct ct_latency_row {
	const char *placement;
	struct ct_latency_info in;
	const struct ct_latency_results *r;
};

/* several: more than one placement, a column. */
void ct_latency_table_begin(struct ct_latency_table *t, FILE *f, int several);
/* One size's row, written as it comes (the lines above with the first). */
void ct_latency_table_add(struct ct_latency_table *t, const struct ct_latency_row *row);
/* The rest after the run (m finished): footnotes, array, kernel, load, warnings. */
void ct_latency_table_end(struct ct_latency_table *t, const struct ct_machine *m);

/* The array line above a --threads run: each thread's, one chain. */
void ct_latency_threads_header(FILE *f, uint64_t bytes, const char *reason, size_t threads);

#endif

/*
 * report/paired.h - the kernel tools' ratios between cpus measured in
 * interleaved rounds (-c with several cpus): each cpu's series against
 * the first cpu's of the same kernel and step, paired by rep
 * (measure/results.h, ct_results_pair), as the "paired" record.
 */
#ifndef CT_REPORT_PAIRED_H
#define CT_REPORT_PAIRED_H

#include <stdint.h>
#include <stdio.h>

#include "measure/results.h"
#include "records/record.h"

struct ct_out_paired_rec {
	const char *tool, *placement, *against;
	char kernel[32], isa[32];
	uint64_t size_bytes;		/* 0: none */
	struct ct_results r;		/* the ratio fields, both bases */
	struct ct_pairs pc;
	uint64_t seed;			/* the rounds' order seed */
	double alpha;
};
extern const struct ct_rec_kind ct_rec_paired;

/*
 * "slower", "faster", "~" (no difference of at least the minimum effect
 * at level 1 - alpha) or "-" (no interval): the wall ratio's verdict.
 */
const char *ct_paired_verdict(const struct ct_out_paired_rec *p);

/*
 * The n records to f in fmt: the table under a heading with its note,
 * TSV as a block of its own after a blank line, JSON Lines.
 */
void ct_out_paired(FILE *f, enum ct_format fmt, const struct ct_out_paired_rec *p, size_t n);

#endif

/*
 * ct-compare/read.h - the reading of a run's file, between read.c (the
 * file, its lines, its machine records, the members of any record) and
 * read-series.c (the series' summaries and samples, --bench's runs).
 */
#ifndef CT_CT_COMPARE_READ_H
#define CT_CT_COMPARE_READ_H

#include <stddef.h>

#include "records/jsonl.h"
#include "records/record.h"
#include "ct-compare/compare.h"

/* The line being read, and where its message goes. */
struct reader {
	struct ct_run *r;
	const struct ct_jobject *o;
	long line;
	char *why;
	size_t len;
	size_t cur;		/* the series of the last summary, or (size_t)-1 */
};

/* Nanoseconds that fit a uint64_t with room to add: under 2^62 (146 years). */
#define CT_READ_NS_MAX 0x1p62

/* A message naming the file and the line in rd->why; returns -1. */
int ct_read_bad(struct reader *rd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A string member of a k record, or NULL. */
const char *ct_read_str(const struct reader *rd, const struct ct_rec_kind *k, const char *name);
/* A number member of a k record, NaN where it has none. */
double ct_read_num(const struct reader *rd, const struct ct_rec_kind *k, const char *name);
/* A string member the record must have. */
int ct_read_need_str(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		     const char **out);
/* The series key of a k record: its tool, kernel, isa and placement. */
int ct_read_need_key(struct reader *rd, const struct ct_rec_kind *k, const char **tool,
		     const char **kernel, const char **isa, const char **placement);
/* A member that must be a number or null (NaN). */
int ct_read_need_num(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		     double *out);
/*
 * A count or a time in nanoseconds within [min, max], whole where whole
 * is set; *out keeps dflt where the member is absent or null (read.c).
 */
int ct_read_whole_num(struct reader *rd, const struct ct_rec_kind *k, const char *name,
		      double min, double max, int whole, double dflt, double *out);
/* The kinds a record names, added to the run's list. */
void ct_read_add_kinds(struct ct_run *r, const char *kinds);

/*
 * The series' records (read-series.c), each 0 or -1 with the message:
 * a summary, a sample, --bench's run and summary; and whether a series'
 * samples were cut short or run together (cut: -1 with the message).
 */
int ct_read_summary(struct reader *rd);
int ct_read_sample(struct reader *rd);
int ct_read_bench_run(struct reader *rd);
int ct_read_bench_summary(struct reader *rd);
int ct_read_cut(struct reader *rd, const struct ct_run_series *s);

#endif

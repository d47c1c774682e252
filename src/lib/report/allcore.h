/*
 * report/allcore.h - the records of an all-core run (--threads): each
 * group's reference, every thread and each kind's threads together.
 */
#ifndef CT_REPORT_ALLCORE_H
#define CT_REPORT_ALLCORE_H

#include "measure/allcore.h"
#include "report/report.h"

/*
 * The records: each group's reference ("single-cpuN"), every thread
 * ("allcore-cpuN"), each group's threads together ("allcore-KIND"), with
 * the fields of ct_rec_allcore_extra (threads, kind, sample_ns, and on
 * the all-core records single_placement, ratio_to_single_wall and
 * ratio_to_single_cpu).  In the table format, lines on how it ran first.
 * Then call ct_out_end() and ct_allcore_print_kinds() for the allcore
 * records, each kernel on each kind against its reference: a line each
 * under the table, a block of their own in TSV.
 */
struct ct_allcore_results;
void ct_allcore_print(struct ct_out *o, const struct ct_allcore *a,
		      const struct ct_allcore_results *res);
void ct_allcore_print_kinds(struct ct_out *o, const struct ct_allcore *a,
			    const struct ct_allcore_results *res);
extern const struct ct_rec_kind ct_rec_allcore, ct_rec_allcore_extra;

/*
 * Its records once run, on f in fmt (--samples: samples too), under the
 * machine's (m finished): what a kernel tool's --threads run writes
 * (tool/kernel-tool.c).
 */
void ct_allcore_write(FILE *f, enum ct_format fmt, const char *tool, int samples,
		      const struct ct_machine *m, const struct ct_allcore *a,
		      void (*header)(FILE *f, const struct ct_allcore *a, void *arg), void *arg);

#endif

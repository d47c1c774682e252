/*
 * ct-place/child.h - process-background, which clamps the whole process,
 * measured in a re-run of this tool (src/ct-place/child.c): the child
 * writes every sample as the JSON Lines sample record of the output
 * contract (report/report.h, written by records/record.c), then an end
 * record; the parent reads them back with the JSON Lines reader
 * (records/jsonl.c).
 */
#ifndef CT_CT_PLACE_CHILD_H
#define CT_CT_PLACE_CHILD_H

#include <stdio.h>

#include "ct-place/placements.h"

/*
 * The child side: run the kernels in this process as it was placed and
 * write every sample to f (ct_placements_child_write).  Returns an exit
 * status.
 */
int ct_placements_child(const struct ct_placements_opts *o, FILE *f);
/*
 * The child's settings as --child-run passes them, by name
 * ("reps=9,settle_ns=2000000,...,max_ns=0"): written into buf, and read
 * back into o (every key once, in any order, none unknown; -1 if
 * malformed).
 */
void ct_placements_child_spec(const struct ct_placements_opts *o, char *buf, size_t len);
int ct_placements_parse_child_spec(const char *spec, struct ct_placements_opts *o);
/*
 * The parent side, for ct_placements_run(): measure the process-level row->p
 * in a re-run of this tool and read its samples back into row->ser.
 * Returns 0, or -1 with a message.
 */
int ct_placements_run_process(const struct ct_placements_opts *o, struct ct_placements_row *row,
			      char *why, size_t len);

/*
 * What the child writes: the samples of the series ser[CT_NJOBS] as
 * sample records, then one end record (how many samples each, why they
 * stopped, whether counters were open).
 */
void ct_placements_child_write(FILE *f, const struct ct_series ser[CT_NJOBS]);
/*
 * What the parent reads: those records from f into row->ser (row->k names
 * the kernels, o the run's settings), every member checked.  Returns 0,
 * or -1 with a message.
 */
int ct_placements_child_read(FILE *f, const struct ct_placements_opts *o,
			     struct ct_placements_row *row, char *why, size_t len);

#endif

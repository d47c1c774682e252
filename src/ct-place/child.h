/*
 * ct-place/child.h - process-background, which clamps the whole process,
 * measured in a re-run of this tool kept for the whole run
 * (src/ct-place/child.c): the parent asks for a round at a time through
 * the child's standard input, and the child writes that round's samples
 * as the JSON Lines sample records of the output contract
 * (report/report.h, written by records/record.c), then a round record;
 * at the end an end record.  The parent reads them back with the JSON
 * Lines reader (records/jsonl.c).
 */
#ifndef CT_CT_PLACE_CHILD_H
#define CT_CT_PLACE_CHILD_H

#include <stdio.h>

#include "ct-place/placements.h"

/*
 * The child side: set up the kernels in this process as it was placed,
 * settle and warm up, say so on f, then take the rounds the lines of in
 * ask for ("round R P SETTLE_NS": one sample of every kernel, round R,
 * position P, after a settle spin), writing each round's samples to f,
 * until "end STOP" (the end record).  Returns an exit status: 0 only
 * after an end.
 */
int ct_placements_child(const struct ct_placements_opts *o, FILE *in, FILE *f);
/*
 * The child's settings as --child-run passes them, by name
 * ("reps=9,settle_ns=2000000,...,max_ns=0"): written into buf, and read
 * back into o (every key once, in any order, none unknown; -1 if
 * malformed).
 */
void ct_placements_child_spec(const struct ct_placements_opts *o, char *buf, size_t len);
int ct_placements_parse_child_spec(const char *spec, struct ct_placements_opts *o);
/*
 * The parent side, a member of the interleaved rounds: start the re-run
 * of this tool under row->p's clamp and wait until it is ready (NULL with
 * a message); a round of its samples into row->ser; the end (stop: why
 * the run stopped), its records checked and the child reaped.  round and
 * stop return 0, or -1 with a message (the child then gone); free the
 * handle after either.
 */
struct ct_placements_child_run;
struct ct_placements_child_run *ct_placements_child_start(const struct ct_placements_opts *o,
							    struct ct_placements_row *row,
							    char *why, size_t len);
int ct_placements_child_round(struct ct_placements_child_run *c, unsigned round,
			      unsigned position, uint64_t settle_ns, char *why, size_t len);
int ct_placements_child_stop(struct ct_placements_child_run *c, enum ct_stop stop,
			     char *why, size_t len);
void ct_placements_child_free(struct ct_placements_child_run *c);

/*
 * What the child writes: the samples of the series ser[CT_NJOBS] as
 * sample records, then one end record (how many samples each, why they
 * stopped, whether counters were open).
 */
void ct_placements_child_write(FILE *f, const struct ct_series ser[CT_NJOBS]);
/*
 * What the parent reads: those records from f into row->ser (row->k names
 * the kernels, o the run's settings), every member checked; round and
 * ready records are passed over.  Returns 0, or -1 with a message.
 */
int ct_placements_child_read(FILE *f, const struct ct_placements_opts *o,
			     struct ct_placements_row *row, char *why, size_t len);

#endif

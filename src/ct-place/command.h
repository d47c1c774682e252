/*
 * ct-place/command.h - ct-place's -- CMD [ARG...] (src/ct-place/command.c): a
 * command run under a process placement, as taskset(1) runs one, or run
 * and observed (--observe): how the CPU time of its process tree split
 * over the kinds of core.
 */
#ifndef CT_CT_PLACE_COMMAND_H
#define CT_CT_PLACE_COMMAND_H

#include <stdio.h>

#include "report/report.h"
#include "machine/topo.h"

/* Statuses of the run-a-command mode, as env(1) and nice(1) have them. */
enum {
	CT_EXIT_CANCELED = 125,		/* ct-place itself failed */
	CT_EXIT_CANNOT_INVOKE = 126,	/* CMD was found but could not run */
	CT_EXIT_ENOENT = 127		/* CMD was not found */
};

/* The command and how to place it: at most one of kind_arg, cpus_arg, placements. */
struct ct_place_cmd {
	char **cmd;			/* CMD [ARG...], NULL-terminated */
	const char *kind_arg;		/* -k KIND */
	const char *cpus_arg;		/* -c CPULIST */
	const char *placements;		/* -p process-background */
	const char *outdir;		/* -o DIR (--observe) */
	enum ct_format fmt;		/* --observe's report */
	int fmt_given;			/* -f given: the report goes to stdout */
};

/*
 * Limit this process as asked, then become CMD (no shell), so CMD and
 * everything it starts inherit the placement.  Returns only on failure:
 * never; exits 125, 126 or 127 when it cannot.
 */
int ct_place_cmd_exec(const struct ct_place_cmd *o, const struct ct_topo *t);
/* A cpu set this process may use whole (-c), or exit 125 naming the cpu that is not. */
void ct_place_cpus_usable_or_exit(const struct ct_topo *t, const struct ct_cpuset *cpus);
/*
 * --observe: run CMD (placed as asked, or not), wait for it, then report
 * (stderr; stdout with -f) and write the files of -o.  Returns CMD's
 * status as a shell gives it; ct-place's own failures exit 125.
 */
int ct_place_cmd_observe(const struct ct_place_cmd *o, const struct ct_topo *t);
/*
 * The results of a mode with a command written to f, or exit 125 (not
 * the 1 of ct_close_stdout(), which a command's status could be): after
 * a message naming what the results were of (after: "'true' exited 0");
 * a closed pipe quietly, as everywhere.
 */
void ct_place_cmd_written(FILE *f, const char *after);

#endif

/*
 * tool/kernel-tool.h - the one skeleton of the kernel tools (ct-clock,
 * ct-fma, ct-stream).  Each does the same steps in the same order: its own
 * options and their checks, the shared ones (tool/cli.h) and the ISAs,
 * then either the all-core run (--threads) or one row per placement (each
 * cpu of -c), each row a step or a sweep of steps (ct-stream's sizes),
 * then the records.  A tool is a description of what is its own in those
 * steps; ct_kernel_tool_main() does the rest, so that an option, an error
 * or a record comes out the same in every tool.
 */
#ifndef CT_TOOL_KERNEL_TOOL_H
#define CT_TOOL_KERNEL_TOOL_H

#include <stddef.h>
#include <stdio.h>

#include "core/options.h"
#include "measure/allcore.h"
#include "measure/context.h"
#include "measure/harness.h"
#include "report/report.h"
#include "tool/cli.h"
#include "platform/isa.h"

/* A run as the skeleton has it so far, for the tool's hooks to read. */
struct ct_kernel_run {
	struct ct_cli cli;
	struct ct_cli_isa ci;
	struct ct_harness h;		/* the settings (ct_cli_finish()) */
	struct ct_allcore a;		/* the --threads plan, when allcore */
	int allcore;
	enum ct_isa isas[CT_ISA_COUNT];	/* ct_cli_isa_finish()'s; a step's hook may update them */
	size_t nisa;			/* 0 for a tool without ISAs */
	size_t nrows, nsteps;		/* placements, and steps in each */
	size_t row;			/* the row running, 0-based */
	struct ct_machine m;
	struct ct_out out;
	FILE *tty;			/* stdout, or a table's lines fitted to it (term.h) */
};

/* The kernels each thread of --threads builds, and the table's header. */
struct ct_kernel_allcore {
	struct ct_allcore_kernel ak[CT_ISA_COUNT];
	size_t n;
	void (*header)(FILE *f, const struct ct_allcore *a, void *arg);
	void *header_arg;
};

struct ct_kernel_tool {
	const char *name;		/* "ct-clock": the records' tool */
	/* Its own options, then CT_CLI_ISA_OPTS when isa, then CT_CLI_OPTS. */
	const struct ct_opt_use *opts;
	size_t nopts;
	int isa;			/* --isa, --all-isa and --list-isa apply */
	void (*usage)(void);
	/* The option that sets the work per sample, for a sample too short. */
	const char *hint;
	/*
	 * Results as each step ends (ct-stream: a table's machine lines once
	 * the first array is made, each size's tables as it ends), else every
	 * row's at the end of the run.
	 */
	int streamed;
	/* The most jobs a step makes (ct-latency's chain counts); 0: CT_ISA_COUNT. */
	size_t jobs_max;

	/* Its own option (getopt's c and arg): 1 if it was one. */
	int (*option)(void *self, int c, const char *arg);
	/* After the options, before the shared ones are checked: its own checks. */
	void (*options_done)(void *self, const struct ct_cli *cli);
	/*
	 * After the shared options and the ISAs: what it plans from them, and
	 * run->nsteps (1 unless set).  May be NULL.
	 */
	void (*plan)(void *self, struct ct_kernel_run *run);
	/* --threads: fill what each thread builds. */
	void (*allcore)(void *self, struct ct_kernel_run *run, struct ct_kernel_allcore *ka);
	/*
	 * Step z of run->row, on the row's thread: make the jobs into k (and
	 * their states, for free_jobs) and return how many (at most
	 * jobs_max); h is the step's copy of the settings.
	 */
	size_t (*jobs)(void *self, struct ct_kernel_run *run, size_t z, struct ct_job *k,
		       void **state, struct ct_harness *h);
	void (*free_jobs)(void *self, void **state, size_t nk);
	/* Streamed: after the machine is described, before the first step runs. */
	void (*started)(void *self, struct ct_kernel_run *run);
	/* Streamed: step z's results, written (ser freed after). */
	void (*step_done)(void *self, struct ct_kernel_run *run, size_t z, void **state,
			  struct ct_series *ser, size_t nk);
	/* Streamed: after the records have ended (ct_out_finish()). */
	void (*finished)(void *self, struct ct_kernel_run *run);
	/* Not streamed: the table's lines on the kernels, above its rows. */
	void (*kernel_lines)(void *self, struct ct_kernel_run *run, FILE *f,
			     const struct ct_series *ser);
};

/* The tool's main(): its exit status. */
int ct_kernel_tool_main(const struct ct_kernel_tool *t, void *self, int argc, char **argv);

#endif

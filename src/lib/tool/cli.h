/*
 * tool/cli.h - the options the kernel tools share (ct-clock, ct-fma,
 * ct-stream), handled in one place so they do the same everywhere.  Their
 * letters, names and help are the suite's table (options.h); a tool's
 * set is its own options, then CT_CLI_ISA_OPTS if it has ISAs, then
 * CT_CLI_OPTS:
 *
 *   -c, --cpu CPULIST    pin to each cpu of CPULIST in turn, a row each
 *   -k, --kind KIND      pin to a cpu of KIND; with --threads, use its cpus
 *       --kinds KIND=CPULIST  declare the kinds of cpu (kinds.h)
 *       --threads N|all  the all-core run (allcore.h)
 *   -f, --format FMT     table, tsv or json
 *       --precision PCT  sample until every median is known to +-PCT%
 *       --max-time SEC   stop sampling after SEC seconds
 *       --progress       the progress line even when stderr is not a terminal
 *       --no-progress    never the progress line
 *   -q, --quick          QUICK=1: fewer, shorter samples
 *   -r, --reps N         REPS=N: timed samples per kernel
 *   -s, --samples        one record per sample too
 *   -S, --settle MS      settle spin before the warm-up
 *   -w, --width N        fit tables and text to N columns (term.h)
 *       --wide           no width limit
 *   -h, --help
 *   -V, --version
 */
#ifndef CT_TOOL_CLI_H
#define CT_TOOL_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpuset.h"
#include "measure/harness.h"
#include "platform/isa.h"
#include "core/options.h"
#include "report/report.h"
#include "tool/progress.h"
#include "machine/topo.h"

struct ct_allcore;

#define CT_CLI_OPTS                                                             \
	{ CT_O_CPU, NULL }, { CT_O_KIND, NULL }, { CT_O_KINDS, NULL },          \
	{ CT_O_THREADS, NULL }, { CT_O_FORMAT, NULL }, { CT_O_PRECISION, NULL }, \
	{ CT_O_MAX_TIME, NULL }, { CT_O_NO_PROGRESS, NULL },                    \
	{ CT_O_PROGRESS, NULL }, { CT_O_QUICK, NULL }, { CT_O_REPS, NULL },     \
	{ CT_O_SAMPLES, NULL }, { CT_O_SETTLE, NULL }, { CT_O_WIDTH, NULL },     \
	{ CT_O_WIDE, NULL }, { CT_O_HELP, NULL }, { CT_O_VERSION, NULL }

struct ct_cli {
	enum ct_format fmt;
	int quick;
	int samples;
	const char *cpu;		/* -c argument, NULL if none */
	const char *kind;		/* -k argument */
	const char *threads;		/* --threads argument */
	const char *reps;		/* --reps argument */
	const char *settle;		/* --settle argument */
	const char *precision;		/* --precision argument */
	const char *max_time;		/* --max-time argument */
	/* The rows (ct_cli_finish): the cpus to pin to in turn, or none. */
	struct ct_cpuset cpus;
	char pin_kind[24];		/* -k: the row is "pin-KIND", else "cpuN" */
	char placement[32];		/* the row's name: "main", "cpuN", "pin-KIND" */
	/*
	 * The progress line on stderr (progress.h; --progress, --no-progress):
	 * ct_cli_finish() sets it up and the harness's hook draws it between
	 * samples, saying the step running (what, else the placement), its
	 * number of nsteps (a row, or a row's size), the kernel and sample.
	 * The skeleton (kernel-tool.h) sets step and nsteps as it goes, a
	 * tool's step hook what, and calls ct_cli_progress_clear() before a
	 * result.
	 */
	enum ct_progress_mode progress;
	struct ct_progress pr;
	size_t step, nsteps;
	char what[96];
};

void ct_cli_init(struct ct_cli *cli);
/*
 * Handle one shared option (getopt's c and optarg).  Returns 1 if it was
 * one; --help calls usage() and exits 0, --version exits 0.
 */
int ct_cli_option(struct ct_cli *cli, int c, const char *arg,
		  void (*usage)(void));
/*
 * After option parsing: a stray operand is a usage error; the harness
 * settings (ct_cli_harness()); the kinds declared (--kinds, CT_KINDS),
 * checked against the machine even when nothing uses them; then where to
 * run.  -c's cpulist is checked whole before anything runs (a cpu that
 * cannot be used is an error naming it, exit 1); -k alone gives the row
 * "pin-KIND" on the kind's last usable cpu; --threads (with -k, on that
 * kind's cpus) returns 1 with the plan in a for an all-core run (free it
 * with ct_allcore_free()), else 0.  A kind this machine has no usable cpu
 * of, more threads than usable cpus, or -k where nothing can be pinned
 * exits CT_EXIT_NOTAPPLICABLE (4).
 */
int ct_cli_finish(struct ct_cli *cli, struct ct_harness *h, int argc, char **argv,
		  struct ct_allcore *a);
/*
 * Erase the progress line (before a result, a warning or an error on the
 * terminal); it is drawn again at the next sample.
 */
void ct_cli_progress_clear(struct ct_cli *cli);
/* How many rows the run has: one per cpu of -c, else one. */
size_t ct_cli_rows(const struct ct_cli *cli);
/*
 * Row i's placement (main, or the i-th cpu of -c pinned) into p, its name
 * into cli->placement.
 */
struct ct_placement;
void ct_cli_row_placement(struct ct_cli *cli, size_t i, struct ct_placement *p);
/*
 * Row i: name it in cli->placement, then run fn(arg) on the calling
 * thread for "main", else on a new thread pinned to the row's cpu (so the
 * calling thread keeps its affinity and the next row can have another
 * cpu; a kernel's data made in fn are first touched there).  A pin that
 * fails exits 1.
 */
void ct_cli_run_row(struct ct_cli *cli, size_t i, void (*fn)(void *arg), void *arg);
/*
 * A decimal number above 0 and at most hi (percent, seconds, GB/s may
 * have fractions); anything else a usage error naming opt.
 */
double ct_cli_positive_or_usage(const char *opt, const char *arg, double hi);
/*
 * -c's argument as a set: a cpulist as taskset -c takes it ("0-3,8"); a
 * malformed or empty one is a usage error naming --cpu.
 */
void ct_cli_cpulist(const char *arg, struct ct_cpuset *cpus);
/*
 * -k's and --cpus-of's kind: performance, efficiency, low-power or P, E,
 * LP; anything else is a usage error.
 */
enum ct_kind ct_cli_kind(const char *arg);
/*
 * The harness settings alone: defaults, QUICK, REPS, --reps, --settle,
 * --precision and --max-time (usage errors exit 2).  ct_cli_finish()
 * calls it; ct-place, whose options are its own, calls it directly.
 */
void ct_cli_harness(const struct ct_cli *cli, struct ct_harness *h);
void ct_cli_version(void);
/*
 * A failed ct_harness_run(): under the sample floor (floor.h) a usage
 * error naming the option that sets the work per sample (hint, e.g.
 * "raise -n"), exit 2; else a failed verification, exit 1.
 */
void ct_cli_harness_failed(int rc, const char *why, const char *hint)
	__attribute__((noreturn));

/*
 * The ISA options of the kernel tools with ISAs (ct-fma, ct-stream):
 *
 *   --isa ISA            auto, avx512, avx2, neon or scalar (env CT_ISA)
 *   --all-isa            run every usable ISA, interleaved, in one run
 *   --list-isa           the ISAs compiled in and usable here, then exit
 *
 * An unknown ISA name is a usage error (exit 2); an ISA that was not built
 * or that this cpu and OS cannot run exits CT_EXIT_NOISA (3).
 */
#define CT_CLI_ISA_OPTS { CT_O_ISA, NULL }, { CT_O_ALL_ISA, NULL }, { CT_O_LIST_ISA, NULL }

struct ct_cli_isa {
	const char *req;		/* --isa argument, NULL if none */
	int all;			/* --all-isa */
	int list;			/* --list-isa: the listing, after the options */
};

void ct_cli_isa_init(struct ct_cli_isa *ci);
/*
 * Handle one ISA option (getopt's c and optarg).  Returns 1 if it was one;
 * --list-isa prints the list and exits 0.
 */
int ct_cli_isa_option(struct ct_cli_isa *ci, int c, const char *arg);
/*
 * After option parsing: the ISAs to run, in enum order, into
 * isas[CT_ISA_COUNT]; returns how many.  --all-isa gives every usable
 * ISA; otherwise the one ct_isa_choose() picks from --isa, CT_ISA or
 * auto (and exits 2 or 3 when it cannot).
 */
size_t ct_cli_isa_finish(const struct ct_cli_isa *ci, enum ct_isa *isas);

#endif

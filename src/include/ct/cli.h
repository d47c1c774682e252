/*
 * cli.h - the options every kernel tool shares (ct-clock, ct-fma,
 * ct-stream), parsed in one place so they mean the same everywhere:
 *
 *   -c, --cpu CPU        pin the measuring thread to CPU
 *   -f, --format FMT     table, tsv or json
 *   -h, --help
 *       --max-time SEC   stop sampling after SEC seconds
 *       --precision PCT  sample until every median is known to +-PCT%
 *   -q, --quick          QUICK=1: fewer, shorter samples
 *   -r, --reps N         REPS=N: timed samples per kernel
 *   -s, --samples        one record per sample too
 *   -S, --settle MS      settle spin before the warm-up
 *   -V, --version
 */
#ifndef CT_CLI_H
#define CT_CLI_H

#include <getopt.h>
#include <stdint.h>

#include "ct/harness.h"
#include "ct/isa.h"
#include "ct/out.h"

/*
 * Long-only options of every kernel tool (and ct-place): their getopt
 * codes, above any character and apart from the ISA options' and
 * --samples'.
 */
enum {
	CT_CLI_OPT_PRECISION = 0x190,
	CT_CLI_OPT_MAX_TIME
};

#define CT_CLI_PRECISION_HELP                                                       \
	"      --precision PCT  sample until the 95%% interval of every median is\n"  \
	"                       within +-PCT percent of it, or --max-time passed\n"   \
	"      --max-time SEC   take no more samples after SEC seconds (default 60\n" \
	"                       with --precision; none without)\n"

#define CT_CLI_SHORTOPTS "c:f:hqr:sS:V"
#define CT_CLI_LONGOPTS                                        \
	{ "cpu", required_argument, NULL, 'c' },               \
	{ "format", required_argument, NULL, 'f' },            \
	{ "help", no_argument, NULL, 'h' },                    \
	{ "max-time", required_argument, NULL, CT_CLI_OPT_MAX_TIME }, \
	{ "precision", required_argument, NULL, CT_CLI_OPT_PRECISION }, \
	{ "quick", no_argument, NULL, 'q' },                   \
	{ "reps", required_argument, NULL, 'r' },              \
	{ "samples", no_argument, NULL, 's' },                 \
	{ "settle", required_argument, NULL, 'S' },            \
	{ "version", no_argument, NULL, 'V' }

/* The --help lines for the shared options. */
#define CT_CLI_HELP                                                                 \
	"  -c, --cpu CPU        pin the measuring thread to logical cpu CPU\n"      \
	"  -f, --format FMT     output format: table (default), tsv or json\n"      \
	CT_CLI_PRECISION_HELP                                                       \
	"  -q, --quick          a smoke run: fewer, shorter samples (also QUICK=1)\n" \
	"  -r, --reps N         timed samples per kernel (default 15; also REPS=N)\n" \
	"  -s, --samples        also write one record per sample\n"                 \
	"  -S, --settle MS      settle spin before the warm-up, in ms (default 200)\n" \
	"  -h, --help           print this help and exit\n"                         \
	"  -V, --version        print the version and the ISAs built and usable\n"

/*
 * A tool whose -s means something else (ct-stream's -s, --size) takes
 * the shared options from these instead of CT_CLI_SHORTOPTS,
 * CT_CLI_LONGOPTS and CT_CLI_HELP: the same options, with --samples long
 * only (ct_cli_option() handles its code).
 */
enum { CT_CLI_OPT_SAMPLES = 0x180 };
#define CT_CLI_SHORTOPTS_NO_S "c:f:hqr:S:V"
#define CT_CLI_LONGOPTS_NO_S                                   \
	{ "cpu", required_argument, NULL, 'c' },               \
	{ "format", required_argument, NULL, 'f' },            \
	{ "help", no_argument, NULL, 'h' },                    \
	{ "max-time", required_argument, NULL, CT_CLI_OPT_MAX_TIME }, \
	{ "precision", required_argument, NULL, CT_CLI_OPT_PRECISION }, \
	{ "quick", no_argument, NULL, 'q' },                   \
	{ "reps", required_argument, NULL, 'r' },              \
	{ "samples", no_argument, NULL, CT_CLI_OPT_SAMPLES },  \
	{ "settle", required_argument, NULL, 'S' },            \
	{ "version", no_argument, NULL, 'V' }
#define CT_CLI_HELP_NO_S                                                            \
	"  -c, --cpu CPU        pin the measuring thread to logical cpu CPU\n"      \
	"  -f, --format FMT     output format: table (default), tsv or json\n"      \
	CT_CLI_PRECISION_HELP                                                       \
	"  -q, --quick          a smoke run: fewer, shorter samples (also QUICK=1)\n" \
	"  -r, --reps N         timed samples per kernel (default 15; also REPS=N)\n" \
	"      --samples        also write one record per sample\n"                 \
	"  -S, --settle MS      settle spin before the warm-up, in ms (default 200)\n" \
	"  -h, --help           print this help and exit\n"                         \
	"  -V, --version        print the version and the ISAs built and usable\n"

struct ct_cli {
	enum ct_format fmt;
	int quick;
	int samples;
	int cpu;			/* -1: not pinned */
	const char *reps;		/* --reps argument, NULL if none */
	const char *settle;		/* --settle argument */
	const char *precision;		/* --precision argument */
	const char *max_time;		/* --max-time argument */
	char placement[32];		/* "main" or "cpuN" */
};

void ct_cli_init(struct ct_cli *cli);
/*
 * Handle one shared option (getopt's c and optarg).  Returns 1 if it was
 * one; --help calls usage() and --version exits.  '?' is a usage error.
 */
int ct_cli_option(struct ct_cli *cli, int c, const char *arg,
		  void (*usage)(void));
/*
 * After option parsing: the harness settings (defaults, QUICK, REPS,
 * --reps, --settle) and the placement (pins the thread for --cpu; a cpu
 * that cannot be used is an error, exit 1).  A stray operand is a usage
 * error.
 */
void ct_cli_finish(struct ct_cli *cli, struct ct_harness *h, int argc,
		   char **argv);
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
 * The ISA options of the kernel tools (ct-fma, ct-stream), a second piece
 * a tool adds beside the shared one:
 *
 *   --all-isa            run every usable ISA, interleaved, in one run
 *   --isa ISA            auto, avx512, avx2, neon or scalar (env CT_ISA)
 *   --list-isa           the ISAs compiled in and usable here, then exit
 *
 * They have no short forms; their getopt codes are above any character.
 * An unknown ISA name is a usage error (exit 2); an ISA that was not built
 * or that this cpu and OS cannot run exits CT_EXIT_NOISA (3).
 */
enum {
	CT_CLI_OPT_ALL_ISA = 0x100,
	CT_CLI_OPT_ISA,
	CT_CLI_OPT_LIST_ISA
};

#define CT_CLI_ISA_LONGOPTS                                             \
	{ "all-isa", no_argument, NULL, CT_CLI_OPT_ALL_ISA },           \
	{ "isa", required_argument, NULL, CT_CLI_OPT_ISA },             \
	{ "list-isa", no_argument, NULL, CT_CLI_OPT_LIST_ISA }

#define CT_CLI_ISA_HELP                                                             \
	"      --isa ISA        kernel ISA: auto (default; also CT_ISA=ISA), avx512,\n" \
	"                       avx2, neon or scalar\n"                                 \
	"      --all-isa        run every ISA usable here, interleaved, in one run\n"   \
	"      --list-isa       list the ISAs built in and usable here, and exit\n"

struct ct_cli_isa {
	const char *req;		/* --isa argument, NULL if none */
	int all;			/* --all-isa */
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
 * auto (and exits 2 or 3 when it cannot).  --all-isa with --isa is a
 * usage error.
 */
size_t ct_cli_isa_finish(const struct ct_cli_isa *ci, enum ct_isa *isas);

#endif

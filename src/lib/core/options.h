/*
 * core/options.h - the suite's option vocabulary.  Every option of every tool
 * is described once, in one table (src/lib/core/options.c): its letter, its
 * long name, its argument and its --help text, so that a letter means the
 * same thing in every tool.  A tool names the options it takes (a set of
 * ids, in --help order); its getopt strings and its --help lines are
 * built from the table, and options that exclude each other are checked
 * from one table of groups, as util-linux's ul_excl_t does.
 */
#ifndef CT_CORE_OPTIONS_H
#define CT_CORE_OPTIONS_H

#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

/*
 * The getopt codes of the long-only options, numbered from above any
 * character as coreutils and util-linux number theirs.  An option with a
 * letter has the letter as its code.
 */
enum {
	CT_OPT_ALL_ISA = CHAR_MAX + 1,
	CT_OPT_ALPHA,
	CT_OPT_CHAINS,
	CT_OPT_CHILD_RUN,
	CT_OPT_CPUS_OF,
	CT_OPT_DRY_RUN,
	CT_OPT_ISA,
	CT_OPT_KINDS,
	CT_OPT_LIST_ISA,
	CT_OPT_LOOP,
	CT_OPT_MAX_TIME,
	CT_OPT_MEASURE,
	CT_OPT_NO_PROGRESS,
	CT_OPT_OBSERVE,
	CT_OPT_PASSES,
	CT_OPT_PRECISION,
	CT_OPT_PROGRESS,
	CT_OPT_READERS,
	CT_OPT_SMALL_PAGES,
	CT_OPT_STREAM_GBS,
	CT_OPT_SYSROOT,
	CT_OPT_THREADS,
	CT_OPT_THRESHOLD,
	CT_OPT_WIDE,
	/* ct-place --bench's own (src/ct-place/bench.c). */
	CT_OPT_BENCH,
	CT_OPT_CLEANUP,
	CT_OPT_PREPARE,
	CT_OPT_SHELL,
	CT_OPT_SHOW_OUTPUT,
	CT_OPT_WARMUP,
	/* ct-compare's fleet view. */
	CT_OPT_FLEET,
	CT_OPT_END			/* one past the last code */
};

/* The options of the suite: their rows in the table. */
enum ct_opt_id {
	CT_O_ADDS,			/* -n, --adds N (ct-clock) */
	CT_O_ALL_ISA,			/* --all-isa */
	CT_O_ALPHA,			/* --alpha A (ct-compare) */
	CT_O_CHAINS,			/* --chains LIST (ct-latency) */
	CT_O_CHILD_RUN,			/* --child-run SPEC (ct-place's re-run; no help) */
	CT_O_CPU,			/* -c, --cpu CPULIST */
	CT_O_CPUS,			/* --cpus CPULIST: ct-place's old name of -c */
	CT_O_CPUS_OF,			/* --cpus-of KIND */
	CT_O_DRY_RUN,			/* --dry-run */
	CT_O_FORMAT,			/* -f, --format FMT */
	CT_O_HELP,			/* -h, --help */
	CT_O_ISA,			/* --isa ISA */
	CT_O_KIND,			/* -k, --kind KIND */
	CT_O_KINDS,			/* --kinds KIND=CPULIST */
	CT_O_LIST,			/* -l, --list */
	CT_O_LIST_ISA,			/* --list-isa */
	CT_O_LOOP,			/* --loop LOOP (ct-stream) */
	CT_O_READERS,			/* --readers FILE (ct-stream) */
	CT_O_MAX_TIME,			/* --max-time SEC */
	CT_O_MEASURE,			/* --measure (ct-place -l) */
	CT_O_NO_PROGRESS,		/* --no-progress */
	CT_O_OBSERVE,			/* --observe */
	CT_O_OUTPUT,			/* -o, --output DIR */
	CT_O_PASSES,			/* --passes N (ct-fma) */
	CT_O_PLACEMENTS,		/* -p, --placements LIST */
	CT_O_PRECISION,			/* --precision PCT */
	CT_O_PROGRESS,			/* --progress */
	CT_O_QUICK,			/* -q, --quick */
	CT_O_REPS,			/* -r, --reps N */
	CT_O_SAMPLES,			/* -s, --samples */
	CT_O_SETTLE,			/* -S, --settle MS */
	CT_O_SIZE,			/* -b, --size SIZE[,SIZE...] (ct-stream) */
	CT_O_SMALL_PAGES,		/* --small-pages */
	CT_O_STREAM_GBS,		/* --stream-gbs GBS (ct-latency) */
	CT_O_SYSROOT,			/* --sysroot DIR */
	CT_O_THREADS,			/* --threads N|all */
	CT_O_THRESHOLD,			/* --threshold PCT (ct-compare) */
	CT_O_VERSION,			/* -V, --version */
	CT_O_WIDE,			/* --wide: tables without a width limit */
	CT_O_WIDTH,			/* -w, --width N: tables and text N columns wide */
	/* ct-place --bench's own. */
	CT_O_BENCH,			/* --bench */
	CT_O_CLEANUP,			/* --cleanup CMD */
	CT_O_IGNORE_FAILURE,		/* -i, --ignore-failure */
	CT_O_PREPARE,			/* --prepare CMD */
	CT_O_RUNS,			/* --runs N: -r, --reps under hyperfine's name */
	CT_O_SHELL,			/* --shell SHELL|none */
	CT_O_SHOW_OUTPUT,		/* --show-output */
	CT_O_WARMUP,			/* --warmup N */
	/* ct-compare's fleet view. */
	CT_O_FLEET,			/* --fleet */
	CT_O_COUNT
};

/* One option, as the table describes it. */
struct ct_opt {
	char letter;			/* its short form, 0: long only */
	int code;			/* what getopt returns for it */
	const char *name;		/* its long name */
	const char *arg;		/* its argument in --help, NULL: none */
	const char *help;		/* its --help text, NULL: not shown */
};

/* The table, indexed by enum ct_opt_id. */
extern const struct ct_opt ct_opts[CT_O_COUNT];

/*
 * An option a tool takes.  help, when not NULL, is the tool's own wording
 * for its case (ct-place's -c limits a command, not a measuring thread);
 * the letter, name and argument are always the table's.
 */
struct ct_opt_use {
	enum ct_opt_id id;
	const char *help;
};

/* Print the --help lines of a set, in its order. */
void ct_opts_help(FILE *f, const struct ct_opt_use *set, size_t n);
/* The paragraph of every tool's --help on its tables: units and width (-w, --wide). */
void ct_opts_output_help(FILE *f);

/* A tool's getopt_long() arguments, built from its sets. */
#define CT_GETOPT_MAX 40
struct ct_getopt {
	char shortopts[3 * CT_GETOPT_MAX + 2];
	struct option longopts[CT_GETOPT_MAX + 1];
	const struct ct_opt *opt[CT_GETOPT_MAX];
	size_t n;
	unsigned char seen[CT_OPT_END];	/* the codes given so far */
};

/*
 * Start a tool's options; stop_at_operand makes the first operand end
 * them (ct-place's -- CMD: the command's own options are left to it).
 */
void ct_getopt_init(struct ct_getopt *g, int stop_at_operand);
/* Add a set; an option given twice, or two with one code, is a bug: abort. */
void ct_getopt_add(struct ct_getopt *g, const struct ct_opt_use *set, size_t n);
/*
 * getopt_long() over the sets added.  An unknown option or a missing
 * argument ends in the "Try" line (exit 2, getopt said what).  At the end
 * (-1), options given together that the suite's table of exclusive groups
 * forbids are a usage error: "-c and -k exclude each other".
 */
int ct_getopt_next(struct ct_getopt *g, int argc, char **argv);
/* Whether an option with this code was given. */
int ct_getopt_seen(const struct ct_getopt *g, int code);
/* How a message names the option of a code: "-c", "--threads". */
const char *ct_opt_spell(int code, char *buf, size_t len);

#endif

/*
 * machine/declared.h - kinds of core declared by the user: --kinds KIND=CPULIST
 * (repeatable) and the environment variable CT_KINDS ("KIND=CPULIST;..."),
 * for a machine the rules of topo.c get wrong (a new SoC, a kernel that
 * hides the facts, a virtual machine given a hybrid host's cpus).
 *
 * Declared kinds replace detection for the whole run: ct_topo_load() asks
 * ct_kinds_classify(), which applies the run's declarations instead of
 * the rules when there are any.  Ranks follow the kind order (performance
 * first, then efficiency, then low-power, dense over the kinds declared),
 * the evidence is CT_EV_GIVEN ("given"), and everything that reads a
 * struct ct_topo (placements, --cpus-of, -k, the kinds column, the chart,
 * --threads) uses them.
 *
 * Two layers, so that the parsing and the checks are tested without a
 * machine:
 *
 *   pure     struct ct_kinds: ct_kinds_add(), ct_kinds_parse_list(),
 *            ct_kinds_apply(), ct_kinds_format();
 *   the run  ct_kinds_option() for each --kinds, ct_kinds_finish() after
 *            the options (CT_KINDS when no --kinds: the option wins),
 *            ct_kinds_export() for a re-run of the tool.
 */
#ifndef CT_MACHINE_DECLARED_H
#define CT_MACHINE_DECLARED_H

#include <stddef.h>

#include "core/cpuset.h"
#include "machine/topo.h"

/* The environment variable. */
#define CT_KINDS_ENV "CT_KINDS"

struct ct_kinds {
	struct ct_cpuset cpus[CT_KIND_COUNT];	/* the cpus declared of each kind */
	struct ct_cpuset all;			/* their union */
	const char *source;			/* "--kinds" or "CT_KINDS" */
	/*
	 * The first cpu declared twice ("entry 'p=1': cpu 1 is declared twice
	 * (already efficiency)"), "" for none: ct_kinds_apply() names it after
	 * the cpus this machine does not have, the first real problem of a
	 * list written for another machine (E=0-5 on two cpus).
	 */
	char twice[320];
};

void ct_kinds_init(struct ct_kinds *d, const char *source);
/* Whether anything was declared. */
int ct_kinds_any(const struct ct_kinds *d);

/*
 * A kind's name or short form: "performance" or "P", "efficiency" or "E",
 * "low-power" or "LP" (the short forms in either case).  Returns 0, or -1.
 */
int ct_kinds_kind_parse(const char *s, enum ct_kind *k);

/*
 * Add one entry "KIND=CPULIST" (a cpulist as taskset -c takes it).
 * Returns 0, or -1 with the reason in why: not KIND=CPULIST, an unknown
 * kind, a bad or empty cpulist.  A cpu already declared, in this entry or
 * an earlier one, is noted in d->twice for ct_kinds_apply().
 */
int ct_kinds_add(struct ct_kinds *d, const char *entry, char *why, size_t len);
/*
 * Entries separated by ';' (CT_KINDS), which may also end the last one
 * ("e=0;p=1;"); an empty entry (";;", a leading ';', ";" alone) is an error.
 */
int ct_kinds_parse_list(struct ct_kinds *d, const char *list, char *why, size_t len);

/*
 * Give the online cpus of t the declared kinds, ranks and the evidence
 * "given", in place of any classification.  Every usable (online and
 * allowed) cpu must be declared; an online cpu that is not allowed may be.
 * Returns 0, or -1 with the reason in why, naming the cpu, the first of
 * these found in this order: one that this machine does not have, one
 * that is offline, one declared twice, a usable one without a kind.
 */
int ct_kinds_apply(const struct ct_kinds *d, struct ct_topo *t, char *why, size_t len);

/* The declarations as CT_KINDS takes them, in kind order: "performance=1;efficiency=0". */
char *ct_kinds_format(const struct ct_kinds *d, char *buf, size_t len);

/* --- The run's declarations. --- */

/* One --kinds argument; a malformed one is a usage error. */
void ct_kinds_option(const char *arg);
/*
 * After the options: without --kinds, the declarations in CT_KINDS (unset
 * or empty: none; malformed: a usage error naming CT_KINDS).
 */
void ct_kinds_finish(void);
/* The run's declarations, or NULL when there are none. */
const struct ct_kinds *ct_kinds_run(void);
/*
 * Put the run's declarations into this process's environment as CT_KINDS,
 * so that a re-run of the tool (process-background) declares the same
 * kinds whether they came from --kinds or from CT_KINDS.  Nothing when
 * there are none.  Returns 0, or -1 with errno.
 */
int ct_kinds_export(void);

/*
 * The kinds of t: the run's declarations when there are any (a
 * declaration that does not fit t is a usage error, exit 2), else the
 * rules, ct_topo_classify().  Returns 0, or -1 with a reason in why (no
 * usable cpu).
 */
int ct_kinds_classify(struct ct_topo *t, char *why, size_t len);

#endif

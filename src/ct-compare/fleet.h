/*
 * ct-compare/fleet.h - ct-compare --fleet: the runs of many hosts side by side
 * (ct-compare/fleet.c), each host's median of every result beside its peers'
 * (the hosts of its cpu model and kind of core), the odd ones flagged by a
 * robust rule with the reason; written out by ct-compare/fleet-report.c.
 */
#ifndef CT_COMPARE_FLEET_H
#define CT_COMPARE_FLEET_H

#include <stddef.h>
#include <stdio.h>

#include "ct-compare/compare.h"

/*
 * The rule: a host is an outlier of its group (the hosts of one cpu model
 * and kind of core, at one result and basis) where its median is beyond
 * CT_FLEET_MADS scaled MADs of the group's median (the MAD of the hosts'
 * medians times CT_FLEET_MAD_SCALE, which makes it the standard deviation
 * of a normal sample) and at least --threshold away from it (a ratio of
 * 1 + t or 1 / (1 + t): the MAD of a tight group is a few tenths of a
 * percent, which a host that differs by 2 % is beyond without mattering).
 * A group of fewer than CT_FLEET_MIN_GROUP hosts flags none: with two,
 * neither is the odd one.
 */
#define CT_FLEET_MADS 3.0
#define CT_FLEET_MAD_SCALE 1.4826
#define CT_FLEET_MIN_GROUP 3
#define CT_FLEET_THRESHOLD 0.10
enum { CT_FLEET_BUSY = 1, CT_FLEET_PEERS_BUSY = 2 };

/* A host: every input whose records name it. */
struct ct_fleet_host {
	char *name;			/* its Slurm node, else its hostname, else the file */
	const struct ct_run_machine *mach;	/* its first input's machine record, or NULL */
	const char *model;		/* the cpu model its records name, "-" where none */
	size_t *inputs, ninputs;	/* indices into the runs, in the order given */
	size_t rank;			/* its place among the hosts: model, kinds, name */
	size_t rows, outliers;		/* its rows, and those flagged */
	double geomean[2];		/* its rows' ratios' geometric mean per basis, NaN: none */
	size_t geo_n[2];
};

/* A result of the fleet: tool, kernel, placement, unit, size and chains. */
struct ct_fleet_table {
	const struct ct_run_series *s;	/* a series of it, for the key */
	size_t rank;			/* the order it was met in the inputs */
	size_t first, nrows;		/* its rows, contiguous once built */
};

/* A row: one host's figure of one result on one basis, beside its group's. */
struct ct_fleet_row {
	size_t table, host;
	int basis;			/* CT_BASIS_WALL or CT_BASIS_CPU */
	const struct ct_run_series *s;	/* the host's series (its first input's) */
	const char *kinds;		/* the kinds of core its records name, "" unknown */
	size_t n;			/* the samples its median is of, or its runs */
	size_t runs;			/* the runs it has (inputs and runs in them) */
	size_t disturbed;		/* its disturbed samples */
	double median, ci_lo, ci_hi;	/* its median rate and the median's 95% interval */
	double pc_median;		/* its per-cycle median, NaN where none */
	/* Its group: the hosts of its cpu model and kind, at the same result and basis. */
	size_t group, group_n;
	double group_median, group_mad, group_pc_median;
	double ratio, ratio_lo, ratio_hi;	/* median (and interval) over the group's median */
	double pc_ratio;
	double mads;			/* |median - group median| in scaled MADs; inf: MAD 0 */
	int outlier;			/* 1 flagged, 0 not, -1 the group is too small to flag */
	/*
	 * CT_FLEET_BUSY: a flagged wall-basis row whose host was busy, not
	 * slower: its cpu-basis figure of the same result is its peers'
	 * (within the threshold) and its thread's share of the cpu fell
	 * below theirs (or, where the records give no share, most of its
	 * samples were disturbed).  Other work took the time; the core is
	 * as fast.  CT_FLEET_PEERS_BUSY: the mirror, a row flagged faster on
	 * the wall clock at its peers' cpu-basis figure with a larger share
	 * than theirs: they were busy (most of a group of three on one
	 * loaded machine).  0: neither.
	 */
	int busy;
	/* A flagged row's twin: the same host and result on the other basis. */
	const struct ct_fleet_row *twin;
	double share, group_share;	/* its cpu share and its group's median, NaN: none */
	char *reason;			/* why it is flagged, or why it cannot be; NULL */
};

struct ct_fleet {
	struct ct_run *runs;		/* the inputs */
	size_t nruns;
	double threshold;		/* the smallest effect flagged, a fraction */
	struct ct_fleet_host *hosts;
	size_t nhosts;
	struct ct_fleet_table *tables;	/* in the order met */
	size_t ntables;
	struct ct_fleet_row *rows;	/* by table, basis, model, kinds and host */
	size_t nrows;
	size_t ngroups, small_groups;	/* groups, and those too small to flag */
	size_t models;			/* distinct cpu models */
	size_t outliers;		/* rows flagged */
	size_t busy;			/* of them, load, not hardware (row busy) */
};

/*
 * The hosts, their rows and groups, the rule applied.  Returns 0, or -1
 * with the reason in why (an input naming two hosts, a host of two cpu
 * models).
 */
int ct_fleet_build(struct ct_fleet *f, char *why, size_t len);
void ct_fleet_free(struct ct_fleet *f);

/*
 * A host's name for messages and the rows; and host names compared the
 * way people number nodes (node9 before node10).
 */
int ct_fleet_name_cmp(const char *a, const char *b);

/* What read a row's result: "avx2/prefetch" (ct_compare_reader_text()). */
void ct_fleet_reader(const struct ct_fleet_row *r, char *buf, size_t len);

/* Its records (ct-compare/fleet-report.c), and the outputs. */
extern const struct ct_rec_kind ct_rec_fleet_summary, ct_rec_fleet_host, ct_rec_fleet;
void ct_fleet_print(FILE *f, enum ct_format fmt, const struct ct_fleet *fl);
void ct_fleet_markdown(FILE *f, const struct ct_fleet *fl);
void ct_fleet_svg(FILE *f, const struct ct_fleet *fl);

#endif

/*
 * records/kinds.h - the contract of the records ct-place writes and
 * ct-compare reads: for each kind its members (the field table the writer
 * writes and the reader looks its keys up in) and a schema kind for
 * readers.  The writer binds the table to its value function in its own
 * kind (ct_rec_bench_run, ...); neither side names a member the other
 * does not have.
 */
#ifndef CT_RECORDS_KINDS_H
#define CT_RECORDS_KINDS_H

#include "records/record.h"

/* ct_rec_bench_run: the members of a "bench_run" record (ct-place/bench-report.c). */
enum ct_bench_run_field {
	BR_TOOL, BR_PLACEMENT, BR_ROUND, BR_ORDER, BR_WALL, BR_CPU, BR_USER, BR_SYS, BR_EXEC, BR_SHARE,
	BR_WAIT, BR_STEAL, BR_LOST, BR_LOST_SHARE, BR_DISTURBED, BR_STATUS, BR_KIND_P, BR_KIND_E,
	BR_KIND_LP, BR_METHOD, BR_COMMAND_INDEX
};
#define CT_BENCH_RUN_NFIELDS 21
extern const struct ct_rec_field ct_bench_run_fields[CT_BENCH_RUN_NFIELDS];
extern const struct ct_rec_kind ct_schema_bench_run;

/* ct_rec_bench_summary: the members of a "bench_summary" record (ct-place/bench-report.c). */
enum ct_bench_summary_field {
	BS_TOOL, BS_PLACEMENT, BS_BASIS, BS_RUNS, BS_MEDIAN, BS_MIN, BS_CV, BS_CI_LOW, BS_CI_HIGH,
	BS_INTERVAL, BS_SHARE, BS_LOST_SHARE, BS_DISTURBED, BS_FAILED, BS_RATIO, BS_RATIO_LOW, BS_RATIO_HIGH,
	BS_RATIO_INTERVAL, BS_P, BS_VERDICT, BS_KINDS, BS_SPLIT, BS_KIND_P, BS_KIND_E, BS_KIND_LP,
	BS_COMMAND, BS_HOW, BS_COMMAND_INDEX, BS_MEAN, BS_SD, BS_MEAN_SD, BS_MAX, BS_OUTLIERS,
	BS_OUTLIER_BOUND
};
/*
 * The fields added after the first release are appended (TSV keeps every
 * earlier column's number); those the table shows in another place are
 * listed twice, once for the table and Markdown, once for TSV and JSON.
 */
#define CT_BENCH_SUMMARY_NFIELDS 36
extern const struct ct_rec_field ct_bench_summary_fields[CT_BENCH_SUMMARY_NFIELDS];
extern const struct ct_rec_kind ct_schema_bench_summary;

/*
 * ct_rec_bench_versus: the members of a "bench_versus" record, a command
 * against the first under one placement and basis (ct-place/bench-report.c);
 * ct-compare reads past it (it compares runs, not commands).
 */
enum ct_bench_versus_field {
	BV_TOOL, BV_BASIS, BV_PLACEMENT, BV_COMMAND_INDEX, BV_AGAINST_INDEX, BV_RUNS, BV_MEDIAN,
	BV_AGAINST_MEDIAN, BV_RATIO, BV_RATIO_LOW, BV_RATIO_HIGH, BV_RATIO_INTERVAL, BV_P,
	BV_VERDICT, BV_COMMAND, BV_AGAINST
};
#define CT_BENCH_VERSUS_NFIELDS 16
extern const struct ct_rec_field ct_bench_versus_fields[CT_BENCH_VERSUS_NFIELDS];
extern const struct ct_rec_kind ct_schema_bench_versus;

/* ct_rec_placements_extra: the members of a "summary" record (ct-place/report.c). */
enum ct_placements_extra_field {
	PX_KINDS, PX_HOW, PX_RATIO_WALL, PX_RATIO_CPU, PX_NS_PER_LOAD, PX_CYCLES_PER_LOAD,
	PX_IN_FLIGHT, PX_LO_WALL, PX_HI_WALL, PX_P_WALL, PX_LO_CPU, PX_HI_CPU, PX_P_CPU, PX_LEVEL,
	PX_DESIGN, PX_ROUNDS, PX_ORDER_SEED, PX_PAIRS, PX_PAIRS_DISTURBED, PX_PAIRS_KEPT,
	PX_FAST_AGAINST, PX_FAST_WALL, PX_FAST_LO, PX_FAST_HI, PX_FAST_P,
	PX_FLIGHT_IMPLAUSIBLE, PX_FLIGHT_DISTURBED
};
#define CT_PLACEMENTS_EXTRA_NFIELDS 27
extern const struct ct_rec_field ct_placements_extra_fields[CT_PLACEMENTS_EXTRA_NFIELDS];
extern const struct ct_rec_kind ct_schema_placements_extra;

/* ct_rec_measured: the members of a "measured" record (ct-place/measure.c). */
enum ct_measured_field {
	ME_TOOL, ME_CPU, ME_KIND, ME_RANK, ME_ISA, ME_GHZ, ME_FMA, ME_SPREAD, ME_BASIS, ME_NOTE
};
#define CT_MEASURED_NFIELDS 10
extern const struct ct_rec_field ct_measured_fields[CT_MEASURED_NFIELDS];
extern const struct ct_rec_kind ct_schema_measured;

/* ct_rec_kinds_check: the members of a "kinds_check" record (ct-place/measure.c). */
enum ct_kinds_check_field {
	KC_TOOL, KC_KIND, KC_RANK, KC_CPUS, KC_VERDICT, KC_GHZ, KC_FMA, KC_TOL, KC_REASON
};
#define CT_KINDS_CHECK_NFIELDS 9
extern const struct ct_rec_field ct_kinds_check_fields[CT_KINDS_CHECK_NFIELDS];
extern const struct ct_rec_kind ct_schema_kinds_check;

/* ct_rec_cpu: the members of a "cpu" record (ct-place/list.c). */
enum ct_cpu_field { CU_TOOL, CU_CPU, CU_KIND, CU_RANK, CU_EVIDENCE, CU_MAX_MHZ, CU_CAPACITY };
#define CT_CPU_NFIELDS 7
extern const struct ct_rec_field ct_cpu_fields[CT_CPU_NFIELDS];
extern const struct ct_rec_kind ct_schema_cpu;

/* ct_rec_plan: the members of a "plan" record (ct-place/list.c). */
enum ct_plan_field { PL_TOOL, PL_PLACEMENT, PL_APPLICABLE, PL_CPUS, PL_HOW };
#define CT_PLAN_NFIELDS 5
extern const struct ct_rec_field ct_plan_fields[CT_PLAN_NFIELDS];
extern const struct ct_rec_kind ct_schema_plan;

/* ct_rec_topology: the members of a "topology" record (ct-place/list.c). */
enum ct_topology_field {
	TP_MACHINE_LINE, TP_CPUS_LINE, TP_KINDS_LINE, TP_TOOL, TP_MODEL, TP_RECORDED, TP_POSSIBLE,
	TP_ONLINE, TP_ALLOWED, TP_USABLE, TP_RANKS, TP_RULES, TP_BASIS
};
#define CT_TOPOLOGY_NFIELDS 13
extern const struct ct_rec_field ct_topology_fields[CT_TOPOLOGY_NFIELDS];
extern const struct ct_rec_kind ct_schema_topology;

#endif

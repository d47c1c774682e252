/*
 * records/kinds.c - the members of the records ct-place writes and
 * ct-compare reads (kinds.h), described once.
 */
#include "config.h"

#include <stddef.h>

#include "records/kinds.h"

const struct ct_rec_field ct_bench_run_fields[CT_BENCH_RUN_NFIELDS] = {
	{ BR_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ BR_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ BR_ROUND, "round", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ BR_ORDER, "order_in_round", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ BR_WALL, "wall_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_CPU, "cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_USER, "user_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_SYS, "sys_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_EXEC, "exec_cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_SHARE, "cpu_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_DATA },
	{ BR_WAIT, "run_queue_wait_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_STEAL, "steal_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_LOST, "lost_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_LOST_SHARE, "lost_share", NULL, CT_REC_NUM, "%.4g", NULL, CT_REC_DATA },
	{ BR_DISTURBED, "disturbed", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
	{ BR_STATUS, "exit_status", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ BR_KIND_P, "performance_cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_KIND_E, "efficiency_cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_KIND_LP, "low_power_cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BR_METHOD, "kinds_method", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	/* Which command of the bench (-- CMD -- CMD ...), from 1. */
	{ BR_COMMAND_INDEX, "command_index", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
};

const struct ct_rec_kind ct_schema_bench_run = {
	"bench_run", ct_bench_run_fields, CT_BENCH_RUN_NFIELDS, NULL, 0
};

const struct ct_rec_field ct_bench_summary_fields[CT_BENCH_SUMMARY_NFIELDS] = {
	{ BS_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	/* The table's first column with several commands (hidden with one). */
	{ BS_COMMAND_INDEX, NULL, "cmd", CT_REC_INT, NULL, NULL, CT_REC_TEXT },
	{ BS_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ BS_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ BS_RUNS, "runs", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ BS_MEDIAN, "median_s", "median", CT_REC_NUM, "%.6g", "%T", CT_REC_ALL },
	{ BS_MEAN_SD, NULL, "mean +- sd", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_FIT(1) },
	{ BS_MIN, "min_s", "min", CT_REC_NUM, "%.6g", "%T", CT_REC_ALL },
	{ BS_MAX, NULL, "max", CT_REC_NUM, NULL, "%T", CT_REC_TEXT | CT_REC_FIT(1) },
	{ BS_CV, "cv_pct", "cv%", CT_REC_NUM, "%.3g", "%.2f", CT_REC_ALL },
	{ BS_CI_LOW, "ci_low_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_CI_HIGH, "ci_high_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_INTERVAL, NULL, "95% interval", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_FIT(2) },
	{ BS_SHARE, "cpu_share", "share", CT_REC_NUM, "%.4g", "%.3f", CT_REC_ALL },
	{ BS_LOST_SHARE, "lost_share", "lost%", CT_REC_NUM, "%.4g", "%s", CT_REC_ALL },
	{ BS_DISTURBED, "disturbed", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ BS_FAILED, "failed", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ BS_RATIO, "ratio_to_main", "x main", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ BS_RATIO_LOW, "ratio_ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_RATIO_HIGH, "ratio_ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_RATIO_INTERVAL, NULL, "x interval", CT_REC_STR, NULL, NULL,
	  CT_REC_TEXT | CT_REC_FIT(1) },
	{ BS_P, "p_value", "p", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL | CT_REC_FIT(3) },
	{ BS_VERDICT, "verdict", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ BS_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ BS_SPLIT, "kinds_split", "ran on", CT_REC_STR, NULL, NULL,
	  CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(4) },
	{ BS_KIND_P, "performance_cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_KIND_E, "efficiency_cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_KIND_LP, "low_power_cpu_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_COMMAND, "command", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ BS_HOW, "placement_how", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ BS_COMMAND_INDEX, "command_index", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	/* The mean and the sample standard deviation (n - 1), as hyperfine gives them. */
	{ BS_MEAN, "mean_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_SD, "sd_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BS_MAX, "max_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	/* Runs slower than outlier_bound_s (null under 3 runs): see ct-place(1). */
	{ BS_OUTLIERS, "outliers", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ BS_OUTLIER_BOUND, "outlier_bound_s", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
};

const struct ct_rec_kind ct_schema_bench_summary = {
	"bench_summary", ct_bench_summary_fields, CT_BENCH_SUMMARY_NFIELDS, NULL, 0
};

const struct ct_rec_field ct_bench_versus_fields[CT_BENCH_VERSUS_NFIELDS] = {
	{ BV_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ BV_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ BV_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ BV_COMMAND_INDEX, "command_index", "cmd", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ BV_AGAINST_INDEX, "against_index", "against", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ BV_RUNS, "runs", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ BV_MEDIAN, "median_s", "median", CT_REC_NUM, "%.6g", "%T", CT_REC_ALL },
	{ BV_AGAINST_MEDIAN, "against_median_s", "against's", CT_REC_NUM, "%.6g", "%T",
	  CT_REC_ALL },
	{ BV_RATIO, "ratio", "x against", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ BV_RATIO_LOW, "ratio_ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BV_RATIO_HIGH, "ratio_ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ BV_RATIO_INTERVAL, NULL, "x interval", CT_REC_STR, NULL, NULL,
	  CT_REC_TEXT | CT_REC_FIT(1) },
	{ BV_P, "p_value", "p", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL | CT_REC_FIT(2) },
	{ BV_VERDICT, "verdict", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ BV_COMMAND, "command", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ BV_AGAINST, "against", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
};

const struct ct_rec_kind ct_schema_bench_versus = {
	"bench_versus", ct_bench_versus_fields, CT_BENCH_VERSUS_NFIELDS, NULL, 0
};

const struct ct_rec_field ct_placements_extra_fields[CT_PLACEMENTS_EXTRA_NFIELDS] = {
	{ PX_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ PX_HOW, "placement_how", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ PX_RATIO_WALL, "ratio_to_main_wall", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_RATIO_CPU, "ratio_to_main_cpu", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	/*
	 * Their intervals at level ratio_level and the signed-rank test's p
	 * over the rounds paired with main's (null where none), and how the
	 * placements were measured: "interleaved" rounds, how many, the
	 * seed of their order; the rounds paired, and those left out
	 * because either sample was disturbed.
	 */
	{ PX_LO_WALL, "ratio_to_main_wall_lo", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_HI_WALL, "ratio_to_main_wall_hi", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_P_WALL, "ratio_to_main_wall_p", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_LO_CPU, "ratio_to_main_cpu_lo", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_HI_CPU, "ratio_to_main_cpu_hi", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_P_CPU, "ratio_to_main_cpu_p", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_LEVEL, "ratio_level", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_PAIRS, "ratio_pairs", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ PX_PAIRS_DISTURBED, "ratio_pairs_disturbed", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ PX_PAIRS_KEPT, "ratio_pairs_disturbed_kept", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ PX_DESIGN, "design", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ PX_ROUNDS, "rounds", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ PX_ORDER_SEED, "order_seed", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	/*
	 * A pin of a kind on a machine of several: its wall ratio to the
	 * fastest kind's pin in the same rounds, its interval and p.
	 */
	{ PX_FAST_AGAINST, "fastest_kind_placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ PX_FAST_WALL, "ratio_to_fastest_kind_wall", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_FAST_LO, "ratio_to_fastest_kind_wall_lo", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_FAST_HI, "ratio_to_fastest_kind_wall_hi", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_FAST_P, "ratio_to_fastest_kind_wall_p", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	/* The chase's results, on the wall basis as ct-latency's. */
	{ PX_NS_PER_LOAD, "ns_per_load", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_CYCLES_PER_LOAD, "cycles_per_load", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ PX_IN_FLIGHT, "lines_in_flight", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	/* Above what its chains can have (ct_latency_flight_max); from disturbed samples. */
	{ PX_FLIGHT_IMPLAUSIBLE, "lines_in_flight_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_JSON },
	{ PX_FLIGHT_DISTURBED, "lines_in_flight_disturbed", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_JSON },
};

const struct ct_rec_kind ct_schema_placements_extra = {
	"summary", ct_placements_extra_fields, CT_PLACEMENTS_EXTRA_NFIELDS, NULL, 0
};

const struct ct_rec_field ct_measured_fields[CT_MEASURED_NFIELDS] = {
	{ ME_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ ME_CPU, "cpu", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ ME_KIND, "kind", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ ME_RANK, "rank", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ ME_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ ME_GHZ, "clock_ghz", "clock GHz", CT_REC_NUM, "%.4g", "%.2f", CT_REC_ALL },
	{ ME_FMA, "fma_per_cycle", "FMA/cycle", CT_REC_NUM, "%.4g", "%.2f", CT_REC_ALL },
	{ ME_SPREAD, "spread_pct", "spread %", CT_REC_NUM, "%.3g", "%.1f", CT_REC_ALL },
	{ ME_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ ME_NOTE, "note", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
};

const struct ct_rec_kind ct_schema_measured = {
	"measured", ct_measured_fields, CT_MEASURED_NFIELDS, NULL, 0
};

const struct ct_rec_field ct_kinds_check_fields[CT_KINDS_CHECK_NFIELDS] = {
	{ KC_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ KC_KIND, "kind", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ KC_RANK, "rank", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ KC_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ KC_VERDICT, "verdict", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ KC_GHZ, "clock_ghz", "clock GHz", CT_REC_NUM, "%.4g", "%.2f", CT_REC_ALL },
	{ KC_FMA, "fma_per_cycle", "FMA/cycle", CT_REC_NUM, "%.4g", "%.2f", CT_REC_ALL },
	{ KC_TOL, "tolerance_pct", "within %", CT_REC_NUM, "%.3g", "%.0f", CT_REC_ALL },
	{ KC_REASON, "reason", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
};

const struct ct_rec_kind ct_schema_kinds_check = {
	"kinds_check", ct_kinds_check_fields, CT_KINDS_CHECK_NFIELDS, NULL, 0
};

/* The table groups the cpus by rank instead (list_table). */
const struct ct_rec_field ct_cpu_fields[CT_CPU_NFIELDS] = {
	{ CU_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ CU_CPU, "cpu", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ CU_KIND, "kind", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ CU_RANK, "rank", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ CU_EVIDENCE, "evidence", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ CU_MAX_MHZ, "max_mhz", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
	{ CU_CAPACITY, "capacity", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
};

const struct ct_rec_kind ct_schema_cpu = {
	"cpu", ct_cpu_fields, CT_CPU_NFIELDS, NULL, 0
};

const struct ct_rec_field ct_plan_fields[CT_PLAN_NFIELDS] = {
	{ PL_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ PL_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ PL_APPLICABLE, "applicable", "applies", CT_REC_BOOL, NULL, NULL, CT_REC_ALL },
	{ PL_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ PL_HOW, "how", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
};

const struct ct_rec_kind ct_schema_plan = {
	"plan", ct_plan_fields, CT_PLAN_NFIELDS, NULL, 0
};

/* JSON has the sets; the table says the machine in three lines. */
const struct ct_rec_field ct_topology_fields[CT_TOPOLOGY_NFIELDS] = {
	{ TP_MACHINE_LINE, NULL, "machine", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ TP_CPUS_LINE, NULL, "cpus", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ TP_KINDS_LINE, NULL, "kinds", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ TP_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ TP_MODEL, "model", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ TP_RECORDED, "recorded", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ TP_POSSIBLE, "cpus_possible", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ TP_ONLINE, "cpus_online", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ TP_ALLOWED, "cpus_allowed", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ TP_USABLE, "cpus_usable", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ TP_RANKS, "ranks", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ TP_RULES, "rules", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ TP_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
};

const struct ct_rec_kind ct_schema_topology = {
	"topology", ct_topology_fields, CT_TOPOLOGY_NFIELDS, NULL, CT_REC_LINES
};

/*
 * unit-observe - the report of ct-place --observe on made-up observations:
 * the rows (every kind the machine has, then unseen), shares of the larger
 * total adding up to 1, the shortfall against rusage as unseen and never
 * negative, unknown values as '-' in TSV and null in JSON, and the exit
 * status a shell would give.  Then the accounting on known readings: a
 * multiplexed count's scaling, and the /proc sampler's readings of
 * threads first seen mid-run, ended between passes, migrated, reused.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ct-place/observe.h"
#include "unit.h"

static void init(struct ct_observe *r)
{
	int k;

	ct_observe_init(r);
	for (k = 0; k < CT_KIND_COUNT; k++)
		snprintf(r->kind[k].source, sizeof(r->kind[k].source), "made up");
	snprintf(r->method, sizeof(r->method), "perf_event");
	snprintf(r->unseen_why, sizeof(r->unseen_why), "nothing");
}

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* The report as fmt writes it, in a buffer the caller frees. */
static char *print(int fmt, const struct ct_observe *r, char *const *argv)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct ct_machine m;

	memset(&m, 0, sizeof(m));
	m.clock = m.compiler = m.cflags = m.isas = "test";
	ct_observe_print(f, (enum ct_format)fmt, &m, r, argv);
	fclose(f);
	return buf;
}

/* ct_observe_scale() on (value, running, on): status, value, share. */
static int scaled(uint64_t value, uint64_t running, uint64_t on, enum ct_count_status want,
		  double want_value, double want_share)
{
	double v = -1, sh = -1;
	enum ct_count_status st = ct_observe_scale(value, running, on, &v, &sh);
	int ok = st == want && (isnan(want_value) ? isnan(v) : fabs(v / want_value - 1) < 1e-12 ||
				v == want_value) && fabs(sh - want_share) < 1e-12;

	if (!ok)
		fprintf(stderr, "scale(%llu, %llu, %llu): %s %g share %g\n", (unsigned long long)value,
			(unsigned long long)running, (unsigned long long)on, ct_count_status_name(st),
			v, sh);
	return ok;
}

static void test_scale(void)
{
	/* Counted the whole time: as counted, running equal to the task-clock or not. */
	CHECK(scaled(3000000, 1000000, 1000000, CT_COUNT_OK, 3e6, 1));
	/* 80%: 2.4e6 x 1e6 / 0.8e6 = 3e6. */
	CHECK(scaled(2400000, 800000, 1000000, CT_COUNT_SCALED, 3e6, 0.8));
	/* Half exactly is scaled (x 2); under half is rejected, not extrapolated. */
	CHECK(scaled(1500000, 500000, 1000000, CT_COUNT_SCALED, 3e6, 0.5));
	CHECK(scaled(1497000, 499000, 1000000, CT_COUNT_MULTIPLEXED, NAN, 0.499));
	/* Never running on a counter while the tree was there. */
	CHECK(scaled(0, 0, 1000000, CT_COUNT_NOT_RUNNING, NAN, 0));
	/* The tree never ran on the cpu: nothing to scale, share 1. */
	CHECK(scaled(0, 0, 0, CT_COUNT_OK, 0, 1));
	CHECK(scaled(7, 3, 0, CT_COUNT_OK, 7, 1));
	/* Running past the task-clock (the clocks' rounding): as counted, share 1. */
	CHECK(scaled(3000000, 1200000, 1000000, CT_COUNT_OK, 3e6, 1));
	/* 99.5% is whole; 99.4% is scaled: 994 x 1000 / 994. */
	CHECK(scaled(995000, 995000, 1000000, CT_COUNT_OK, 995000, 0.995));
	CHECK(scaled(994000, 994000, 1000000, CT_COUNT_SCALED, 1e6, 0.994));
	/* 1e12 cycles in 6 of 10 s: 1e12 x 1e10 / 6e9, past 64 bits as a product. */
	CHECK(scaled(1000000000000ULL, 6000000000ULL, 10000000000ULL, CT_COUNT_SCALED,
		     1e12 * 1e10 / 6e9, 0.6));
}

static void test_account(void)
{
	/* cpu 0 efficiency, cpu 1 performance, cpu 2 of no kind (offline). */
	static const int kind_of[3] = { CT_KIND_EFFICIENCY, CT_KIND_PERFORMANCE, -1 };
	const int E = CT_KIND_EFFICIENCY, P = CT_KIND_PERFORMANCE;
	struct ct_observe_row rows[CT_KIND_COUNT + 1];
	struct ct_observe r;
	struct ct_observe_thread a, b;
	uint64_t lost = 0;
	char buf[64];
	int k;

	init(&r);
	for (k = 0; k < CT_KIND_COUNT; k++)
		r.kind[k].threads = r.kind[k].migrations = 0;
	r.kind[E].present = r.kind[P].present = 1;
	ct_observe_thread_init(&a);
	ct_observe_thread_init(&b);
	/* First seen with 10 ms run on cpu 0: all of it goes to efficiency. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 10000000, 0, &lost) == 10000000);
	CHECK(r.kind[E].ns == 10000000 && r.kind[E].threads == 1 && r.kind[E].migrations == 0);
	CHECK(r.kind[P].ns == 0 && lost == 0);
	/* 30 ms on cpu 1: the 20 since go to performance, a migration there. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 30000000, 1, &lost) == 20000000);
	CHECK(r.kind[P].ns == 20000000 && r.kind[P].threads == 1 && r.kind[P].migrations == 1);
	CHECK(r.kind[E].ns == 10000000 && r.kind[E].migrations == 0);
	/* Another thread, first seen on cpu 1 with 5 ms: performance's second thread. */
	CHECK(ct_observe_account(&r, kind_of, 3, &b, 120, 5000000, 1, &lost) == 5000000);
	CHECK(r.kind[P].ns == 25000000 && r.kind[P].threads == 2 && r.kind[P].migrations == 1);
	/* Both end before the next pass (a at 45 ms, b at 8 ms, by rusage): unseen. */
	r.user_ns = 45000000 + 8000000;
	ct_observe_rows(&r, rows);
	CHECK(strcmp(rows[0].kind, "performance") == 0 && near(rows[0].cpu_s, 0.025) &&
	      near(rows[0].share, 25.0 / 53));
	CHECK(strcmp(rows[1].kind, "efficiency") == 0 && near(rows[1].cpu_s, 0.010) &&
	      near(rows[1].share, 10.0 / 53));
	CHECK(strcmp(rows[2].kind, "unseen") == 0 && near(rows[2].cpu_s, 0.018) &&
	      near(rows[2].share, 18.0 / 53));
	CHECK(strcmp(ct_cpuset_format(&r.kind[P].cpus, buf, sizeof(buf)), "1") == 0);
	CHECK(strcmp(ct_cpuset_format(&r.kind[E].cpus, buf, sizeof(buf)), "0") == 0);

	/* No progress since: nothing given, no migration on the same cpu. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 30000000, 1, &lost) == 0);
	CHECK(r.kind[P].ns == 25000000 && r.kind[P].migrations == 1 && r.kind[P].threads == 2);
	/* Back on cpu 0 without running more: a migration, no time, no new thread. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 30000000, 0, &lost) == 0);
	CHECK(r.kind[E].migrations == 1 && r.kind[E].ns == 10000000 && r.kind[E].threads == 1);
	/* A run time that went down gives nothing. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 20000000, 0, &lost) == 0);
	CHECK(r.kind[E].ns == 10000000);
	/* On a cpu of no kind, or past the cpus known, or none: lost, not a kind's. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 27000000, 2, &lost) == 7000000);
	CHECK(lost == 7000000 && r.kind[E].ns == 10000000 && r.kind[P].ns == 25000000);
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 30000000, 3, &lost) == 3000000);
	CHECK(lost == 10000000);
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 100, 31000000, -1, &lost) == 1000000);
	CHECK(lost == 11000000 && r.kind[E].ns + r.kind[P].ns == 35000000);
	/* The tid reused by a thread started later: its own 4 ms, a new thread, no migration. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 300, 4000000, 0, &lost) == 4000000);
	CHECK(r.kind[E].ns == 14000000 && r.kind[E].threads == 2 && r.kind[E].migrations == 1);
	/* A thread already counted on a kind is not counted there again. */
	CHECK(ct_observe_account(&r, kind_of, 3, &a, 300, 6000000, 0, &lost) == 2000000);
	CHECK(r.kind[E].threads == 2 && r.kind[E].ns == 16000000);
}

/*
 * The perf path's fold, cpu by cpu: efficiency on cpu 0, performance on
 * cpus 1 and 2, low-power on cpu 3 where the tree never ran.
 */
static void test_fold(void)
{
	const int E = CT_KIND_EFFICIENCY, P = CT_KIND_PERFORMANCE, LP = CT_KIND_LOWPOWER;
	struct ct_observe_fold f;
	struct ct_observe r;
	char buf[64];

	init(&r);
	r.kind[E].present = r.kind[P].present = r.kind[LP].present = 1;
	ct_observe_fold_init(&f);
	{
		/* value, enabled, running: whole on cpu 0; cycles at 80% on cpu 1. */
		const uint64_t c0[3] = { 300000000, 100000000, 100000000 };
		const uint64_t i0[3] = { 600000000, 100000000, 100000000 };
		const uint64_t c1[3] = { 400000000, 200000000, 160000000 };
		const uint64_t i1[3] = { 800000000, 200000000, 200000000 };
		const uint64_t c2[3] = { 100000000, 50000000, 50000000 };
		const uint64_t i2[3] = { 200000000, 50000000, 50000000 };
		const uint64_t z[3] = { 0, 0, 0 };

		ct_observe_fold_cpu(&f, &r, E, 0, 100000000, 3, c0, i0, "cpu_atom");
		ct_observe_fold_cpu(&f, &r, P, 1, 200000000, 2, c1, i1, "cpu_core");
		ct_observe_fold_cpu(&f, &r, P, 2, 50000000, 1, c2, i2, "cpu_core");
		ct_observe_fold_cpu(&f, &r, LP, 3, 0, 0, z, z, "cpu_lowpower");
	}
	ct_observe_fold_finish(&f, &r, "migrations: not counted", "");
	CHECK(r.kind[E].ns == 100000000 && r.kind[P].ns == 250000000 && r.kind[LP].ns == 0);
	CHECK(strcmp(ct_cpuset_format(&r.kind[P].cpus, buf, sizeof(buf)), "1-2") == 0);
	CHECK(strcmp(ct_cpuset_format(&r.kind[E].cpus, buf, sizeof(buf)), "0") == 0);
	CHECK(ct_cpuset_empty(&r.kind[LP].cpus) && r.kind[LP].cpus_known);
	CHECK(r.kind[E].migrations == 3 && r.kind[P].migrations == 3 && r.kind[LP].migrations == 0);
	/* Performance: 4e8 x 200 / 160 = 5e8 on cpu 1, 1e8 on cpu 2. */
	CHECK(near(r.kind[P].cycles, 6e8) && near(r.kind[P].instructions, 1e9));
	CHECK(near(r.kind[E].cycles, 3e8) && near(r.kind[E].instructions, 6e8));
	CHECK(r.kind[LP].cycles == 0);
	CHECK(strcmp(r.kind[E].source, "perf_event task-clock per cpu; cycles:u from cpu_atom") == 0);
	CHECK(strcmp(r.kind[P].source, "perf_event task-clock per cpu; cycles:u from cpu_core, "
				       "multiplexed (counted 80% at least), scaled") == 0);
	CHECK(strcmp(r.kind[LP].source, "perf_event task-clock per cpu; cycles:u from cpu_lowpower") == 0);

	/*
	 * Efficiency's cycles counted under half the time: rejected for the
	 * kind; its migrations unread on a cpu: unknown.  Performance ran on a
	 * cpu without counters: unknown, and said; its idle cpu 2 without
	 * counters changes nothing.  An instruction count under half the time
	 * rejects the kind's counts as a cycle count does.
	 */
	init(&r);
	r.kind[E].present = r.kind[P].present = 1;
	ct_observe_fold_init(&f);
	{
		const uint64_t c0[3] = { 100000000, 100000000, 40000000 };
		const uint64_t i0[3] = { 200000000, 100000000, 100000000 };

		ct_observe_fold_cpu(&f, &r, E, 0, 100000000, -1, c0, i0, "cpu_atom");
		ct_observe_fold_cpu(&f, &r, P, 1, 100000000, 5, NULL, NULL, NULL);
		ct_observe_fold_cpu(&f, &r, P, 2, 0, 0, NULL, NULL, NULL);
	}
	ct_observe_fold_finish(&f, &r, "migrations: not permitted", "");
	CHECK(r.kind[E].migrations == -1 && isnan(r.kind[E].cycles) && isnan(r.kind[E].instructions));
	CHECK(strcmp(r.kind[E].source, "perf_event task-clock per cpu; migrations: not permitted; "
				       "cycles: cpu_atom multiplexed, counted under half the time") == 0);
	CHECK(r.kind[P].migrations == 5 && isnan(r.kind[P].cycles) && r.kind[P].ns == 100000000);
	CHECK(strcmp(ct_cpuset_format(&r.kind[P].cpus, buf, sizeof(buf)), "1") == 0);
	CHECK(strcmp(r.kind[P].source, "perf_event task-clock per cpu; "
				       "cycles: no PMU lists these cpus") == 0);
	/* A reason for no counters anywhere is given instead. */
	ct_observe_fold_finish(&f, &r, "", "cycles: no such event here (no PMU)");
	CHECK(strcmp(r.kind[P].source, "perf_event task-clock per cpu; "
				       "cycles: no such event here (no PMU)") == 0);
	init(&r);
	r.kind[P].present = 1;
	ct_observe_fold_init(&f);
	{
		const uint64_t c[3] = { 100000000, 100000000, 100000000 };
		const uint64_t i[3] = { 200000000, 100000000, 30000000 };
		const uint64_t c2[3] = { 100000000, 100000000, 100000000 };

		ct_observe_fold_cpu(&f, &r, P, 1, 100000000, 0, c, i, "cpu");
		ct_observe_fold_cpu(&f, &r, P, 2, 100000000, 0, c2, c2, "cpu");
	}
	ct_observe_fold_finish(&f, &r, "", "");
	CHECK(isnan(r.kind[P].cycles) && strstr(r.kind[P].source, "cpu multiplexed, counted under half"));
	/* Counted where it ran; a cpu of its kind without counters where it never ran changes nothing. */
	init(&r);
	r.kind[P].present = 1;
	ct_observe_fold_init(&f);
	{
		const uint64_t c[3] = { 300000000, 100000000, 100000000 };

		ct_observe_fold_cpu(&f, &r, P, 1, 100000000, 0, c, c, "cpu");
		ct_observe_fold_cpu(&f, &r, P, 2, 0, 0, NULL, NULL, NULL);
	}
	ct_observe_fold_finish(&f, &r, "", "");
	CHECK(near(r.kind[P].cycles, 3e8) &&
	      strcmp(r.kind[P].source, "perf_event task-clock per cpu; cycles:u from cpu") == 0);
}

/*
 * The sampler's pace: the first passes at the floor, then 200 times the
 * least of the last three costs, so that one costly pass does not stretch
 * the interval and a lasting cost does within three passes.
 */
static void test_interval(void)
{
	uint64_t cost[CT_OBSERVE_PACE] = { 0 };

	CHECK(ct_observe_interval(cost, 300000) == CT_OBSERVE_FLOOR_NS);
	CHECK(ct_observe_interval(cost, 250000) == CT_OBSERVE_FLOOR_NS);
	CHECK(ct_observe_interval(cost, 200000) == 40000000);		/* 200 x 0.2 ms */
	CHECK(ct_observe_interval(cost, 10000000) == 40000000);		/* a 10 ms pass */
	CHECK(ct_observe_interval(cost, 400000) == 40000000);		/* 0.2 ms still in */
	CHECK(ct_observe_interval(cost, 500000) == 80000000);		/* 0.4 ms the least */
	CHECK(ct_observe_interval(cost, 20000) == CT_OBSERVE_FLOOR_NS);	/* 4 ms: the floor */
	CHECK(ct_observe_interval(cost, 1000000) == CT_OBSERVE_FLOOR_NS);
	CHECK(ct_observe_interval(cost, 1000000) == CT_OBSERVE_FLOOR_NS);
	CHECK(ct_observe_interval(cost, 1000000) == 200000000);		/* it lasted: 1 ms */
}

/*
 * Steal: the tree's part of a cpu's busy time takes that part of its
 * steal, at most its own time; nothing without steal or busy time.  A kind
 * that lost some says so, the others keep their time and source.
 */
static void test_steal(void)
{
	uint64_t stolen[CT_KIND_COUNT] = { 0 };
	struct ct_observe r;

	CHECK(ct_observe_stolen(600000000, 150000000, 750000000) == 120000000);
	CHECK(ct_observe_stolen(300000000, 100000000, 1200000000) == 25000000);
	CHECK(ct_observe_stolen(800000000, 100000000, 750000000) == 100000000);	/* part 1 */
	CHECK(ct_observe_stolen(10000000, 500000000, 10000000) == 10000000);	/* its time */
	CHECK(ct_observe_stolen(600000000, 0, 750000000) == 0);
	CHECK(ct_observe_stolen(600000000, 150000000, 0) == 0);

	init(&r);
	r.kind[CT_KIND_PERFORMANCE].present = 1;
	r.kind[CT_KIND_PERFORMANCE].ns = 747000000;
	r.kind[CT_KIND_EFFICIENCY].present = 1;
	r.kind[CT_KIND_EFFICIENCY].ns = 5000000;
	stolen[CT_KIND_PERFORMANCE] = 147000000;
	stolen[CT_KIND_EFFICIENCY] = 0;
	ct_observe_unsteal(&r, stolen);
	CHECK(r.kind[CT_KIND_PERFORMANCE].ns == 600000000);
	CHECK(strcmp(r.kind[CT_KIND_PERFORMANCE].source, "made up; less 147.0 ms of hypervisor "
		     "steal (its part of the cpus' busy time, /proc/stat)") == 0);
	CHECK(r.kind[CT_KIND_EFFICIENCY].ns == 5000000);
	CHECK(strcmp(r.kind[CT_KIND_EFFICIENCY].source, "made up") == 0);
	stolen[CT_KIND_EFFICIENCY] = 9000000;
	ct_observe_unsteal(&r, stolen);
	CHECK(r.kind[CT_KIND_EFFICIENCY].ns == 0);
}

/*
 * /proc/stat: steal is the 8th column, busy the user, nice, system, irq,
 * softirq and steal columns (not idle, iowait or guest); the total line
 * and the others are no cpu's.  Each column its own value, so that a
 * column read in another's place changes a sum.
 */
static void test_stat_line(void)
{
	uint64_t st = 0, bu = 0;

	CHECK(ct_observe_stat_line("cpu1 11 22 33 44 55 66 77 88 99 1010\n", &st, &bu) == 1);
	CHECK(st == 88);
	CHECK(bu == 11 + 22 + 33 + 66 + 77 + 88);
	CHECK(ct_observe_stat_line("cpu17 1 2 4 8 16 32 64 128\n", &st, &bu) == 17);
	CHECK(st == 128 && bu == 1 + 2 + 4 + 32 + 64 + 128);
	CHECK(ct_observe_stat_line("cpu  4516676 622 2160208 2920704 35122 0 21136 109059 0 0\n",
				   &st, &bu) == -1);
	CHECK(ct_observe_stat_line("intr 38950458 0 0 0 0 0 0 0 0\n", &st, &bu) == -1);
	CHECK(ct_observe_stat_line("cpu2 1 2 3 4 5 6 7\n", &st, &bu) == -1);	/* no steal column */
}

/*
 * The CPU time from the exec on: the fork's and the exec's taken out of
 * the tree's rusage, user and system each in its part; the loss to others
 * and the rule it is judged by.
 */
static void test_from_exec(void)
{
	struct ct_observe r;

	ct_observe_init(&r);
	r.user_ns = 3000000;
	r.sys_ns = 1000000;
	ct_observe_from_exec(&r, 2000000);
	CHECK(r.exec_cpu_ns == 2000000);
	CHECK(r.user_ns == 1500000 && r.sys_ns == 500000);
	/* All of it before the exec: nothing left, never below 0. */
	ct_observe_init(&r);
	r.user_ns = 700000;
	r.sys_ns = 300000;
	ct_observe_from_exec(&r, 5000000);
	CHECK(r.exec_cpu_ns == 1000000 && r.user_ns == 0 && r.sys_ns == 0);
	ct_observe_init(&r);
	ct_observe_from_exec(&r, 100);
	CHECK(r.exec_cpu_ns == 0 && r.user_ns == 0 && r.sys_ns == 0);

	/* A sleeper: 0.1 s wall, 5 ms cpu, 1 ms waited and 0.5 ms stolen. */
	ct_observe_init(&r);
	r.wall_s = 0.1;
	r.user_ns = 5000000;
	r.wait_ns = 1000000;
	r.steal_ns = 500000;
	CHECK(ct_observe_disturbed(&r));	/* no lost figure: the share rule */
	r.lost_known = 1;
	CHECK(ct_observe_lost_ns(&r) == 1500000);
	CHECK(!ct_observe_disturbed(&r));
	r.wait_ns = 10000000;
	CHECK(ct_observe_disturbed(&r));	/* 10.5 ms of 100 */
}

int main(void)
{
	static char *const argv[] = { "make", "-j8", NULL };
	struct ct_observe_row rows[CT_KIND_COUNT + 1];
	struct ct_observe r;
	char *out;
	size_t n;

	/* Two kinds; rusage 1.0 s, the kinds 0.6 + 0.3: 0.1 s unseen. */
	init(&r);
	r.kind[CT_KIND_PERFORMANCE].present = 1;
	r.kind[CT_KIND_PERFORMANCE].cpus_known = 1;
	ct_cpuset_set(&r.kind[CT_KIND_PERFORMANCE].cpus, 1);
	r.kind[CT_KIND_PERFORMANCE].ns = 600000000;
	r.kind[CT_KIND_PERFORMANCE].migrations = 3;
	r.kind[CT_KIND_EFFICIENCY].present = 1;
	r.kind[CT_KIND_EFFICIENCY].cpus_known = 1;
	ct_cpuset_set(&r.kind[CT_KIND_EFFICIENCY].cpus, 0);
	r.kind[CT_KIND_EFFICIENCY].ns = 300000000;
	r.kind[CT_KIND_EFFICIENCY].cycles = 1e9;
	r.kind[CT_KIND_EFFICIENCY].instructions = 2e9;
	r.user_ns = 800000000;
	r.sys_ns = 200000000;
	r.wall_s = 2;
	n = ct_observe_rows(&r, rows);
	CHECK(n == 3);
	CHECK(strcmp(rows[0].kind, "performance") == 0 && near(rows[0].share, 0.6));
	CHECK(strcmp(rows[1].kind, "efficiency") == 0 && near(rows[1].share, 0.3));
	CHECK(strcmp(rows[2].kind, "unseen") == 0 && rows[2].k == NULL);
	CHECK(near(rows[2].cpu_s, 0.1) && near(rows[2].share, 0.1));

	/* Counted beyond rusage (orphans not reaped): unseen 0, shares of the count. */
	r.user_ns = 500000000;
	r.sys_ns = 0;
	n = ct_observe_rows(&r, rows);
	CHECK(near(rows[2].cpu_s, 0) && near(rows[2].share, 0));
	CHECK(near(rows[0].share + rows[1].share, 1) && near(rows[0].share, 2.0 / 3));

	/* A kind the machine lacks has no row; nothing ran: shares 0, not NaN. */
	init(&r);
	r.kind[CT_KIND_PERFORMANCE].present = 1;
	n = ct_observe_rows(&r, rows);
	CHECK(n == 2 && rows[0].share == 0 && rows[1].share == 0);

	/* TSV: the header, unknowns as '-', cpus as a cpulist. */
	init(&r);
	r.kind[CT_KIND_PERFORMANCE].present = 1;
	r.kind[CT_KIND_PERFORMANCE].cpus_known = 1;
	ct_cpuset_set(&r.kind[CT_KIND_PERFORMANCE].cpus, 2);
	ct_cpuset_set(&r.kind[CT_KIND_PERFORMANCE].cpus, 3);
	r.kind[CT_KIND_PERFORMANCE].ns = 500000000;
	r.kind[CT_KIND_PERFORMANCE].threads = 4;
	r.user_ns = 500000000;
	out = print(CT_FMT_TSV, &r, argv);
	CHECK(strncmp(out, "#kind\tcpus\tcpu_s\tshare\tthreads\tmigrations\tcycles\tinstructions\t"
			   "source\n", 67) == 0);
	CHECK(strstr(out, "\nperformance\t2-3\t0.500\t1.000\t4\t-\t-\t-\tmade up\n") != NULL);
	CHECK(strstr(out, "\nunseen\t-\t0.000\t0.000\t-\t-\t-\t-\tperf_event: ") != NULL);
	free(out);

	/* JSON: a record per row, unknowns null, then the command's record. */
	r.status = 5 << 8;		/* exited 5 */
	out = print(CT_FMT_JSON, &r, argv);
	CHECK(strstr(out, "{\"record\":\"machine\"") == out);
	CHECK(strstr(out, "\"record\":\"observe\",\"tool\":\"ct-place\",\"kind\":\"performance\","
			  "\"cpus\":\"2-3\",\"cpu_s\":0.5,\"share\":1,\"threads\":4,"
			  "\"migrations\":null,\"cycles\":null,\"instructions\":null") != NULL);
	CHECK(strstr(out, "\"kind\":\"unseen\",\"cpus\":\"\"") != NULL);
	CHECK(strstr(out, "\"record\":\"observe_command\",\"tool\":\"ct-place\","
			  "\"command\":\"make -j8\",\"exit_status\":5") != NULL);
	free(out);

	/* The table names the command and how it ended. */
	r.status = 9;			/* killed by SIGKILL */
	out = print(CT_FMT_TABLE, &r, argv);
	CHECK(strncmp(out, "observed: make -j8 (killed by signal 9, status 137)", 51) == 0);
	free(out);

	CHECK(ct_observe_exit_code(0) == 0);
	CHECK(ct_observe_exit_code(5 << 8) == 5);
	CHECK(ct_observe_exit_code(15) == 143);
	test_scale();
	test_account();
	test_fold();
	test_interval();
	test_steal();
	test_stat_line();
	test_from_exec();
	return unit_done();
}

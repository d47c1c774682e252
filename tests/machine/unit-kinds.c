/*
 * unit-kinds.c - declared kinds (--kinds, CT_KINDS) without a machine:
 * every way an entry or a list is accepted or refused, and what applying a
 * declaration does to made-up machines: kinds, dense ranks in kind order,
 * the evidence "given", and the cpus it refuses (not there, offline, a
 * usable one left out).  The run's state (option, environment, ct_topo_load)
 * is tested end to end in tests/place/place-kinds.sh.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpuset.h"
#include "machine/declared.h"
#include "ct-place/plan.h"
#include "machine/topo.h"
#include "unit.h"
#include "unit-machine.h"

#define P CT_KIND_PERFORMANCE
#define E CT_KIND_EFFICIENCY
#define LP CT_KIND_LOWPOWER

static char why[1024];

/* A declaration from entries, NULL-terminated: 0, or -1 at the first refusal. */
static int add_all(struct ct_kinds *d, const char *const *entries)
{
	ct_kinds_init(d, "--kinds");
	why[0] = '\0';
	for (; *entries; entries++)
		if (ct_kinds_add(d, *entries, why, sizeof(why)) < 0)
			return -1;
	return 0;
}

/* Whether the entries are refused with a reason that contains want. */
static int refused(const char *want, const char *const *entries)
{
	struct ct_kinds d;

	if (add_all(&d, entries) == 0) {
		fprintf(stderr, "accepted, expected '%s'\n", want);
		return 0;
	}
	if (!strstr(why, want)) {
		fprintf(stderr, "reason '%s', expected '%s'\n", why, want);
		return 0;
	}
	return 1;
}

/* Whether the entries are taken, with a cpu declared twice noted as want. */
static int noted_twice(const char *want, const char *const *entries)
{
	struct ct_kinds d;

	if (add_all(&d, entries) < 0) {
		fprintf(stderr, "refused (%s), expected '%s' noted\n", why, want);
		return 0;
	}
	if (strcmp(d.twice, want) != 0) {
		fprintf(stderr, "noted '%s', expected '%s'\n", d.twice, want);
		return 0;
	}
	return 1;
}

static int set_is(const struct ct_cpuset *s, const char *want)
{
	char buf[128];

	return strcmp(ct_cpuset_format(s, buf, sizeof(buf)), want) == 0;
}

static void test_kind_names(void)
{
	enum ct_kind k;

	CHECK(ct_kinds_kind_parse("performance", &k) == 0 && k == P);
	CHECK(ct_kinds_kind_parse("efficiency", &k) == 0 && k == E);
	CHECK(ct_kinds_kind_parse("low-power", &k) == 0 && k == LP);
	CHECK(ct_kinds_kind_parse("P", &k) == 0 && k == P);
	CHECK(ct_kinds_kind_parse("e", &k) == 0 && k == E);
	CHECK(ct_kinds_kind_parse("LP", &k) == 0 && k == LP);
	CHECK(ct_kinds_kind_parse("lp", &k) == 0 && k == LP);
	CHECK(ct_kinds_kind_parse("Lp", &k) == 0 && k == LP);
	/* The long names are exact, as -k and --cpus-of take them. */
	CHECK(ct_kinds_kind_parse("Performance", &k) < 0);
	CHECK(ct_kinds_kind_parse("perf", &k) < 0);
	CHECK(ct_kinds_kind_parse("L", &k) < 0);
	CHECK(ct_kinds_kind_parse("", &k) < 0);
	CHECK(ct_kinds_kind_parse("lowpower", &k) < 0);
}

static void test_entries(void)
{
	struct ct_kinds d;
	char buf[256];

	{
		static const char *const e[] = { "efficiency=0", "performance=1", NULL };

		CHECK(add_all(&d, e) == 0);
		CHECK(set_is(&d.cpus[E], "0") && set_is(&d.cpus[P], "1"));
		CHECK(ct_cpuset_empty(&d.cpus[LP]) && set_is(&d.all, "0-1"));
		CHECK(ct_kinds_any(&d));
		/* Canonical: kind order, long names, collapsed lists. */
		CHECK(strcmp(ct_kinds_format(&d, buf, sizeof(buf)),
			     "performance=1;efficiency=0") == 0);
	}
	{
		/* Short forms, strides, ranges, a kind given twice adds up. */
		static const char *const e[] = { "P=0-3", "E=4-10:2", "lp=12,13", "e=5", NULL };

		CHECK(add_all(&d, e) == 0);
		CHECK(set_is(&d.cpus[P], "0-3") && set_is(&d.cpus[E], "4-6,8,10"));
		CHECK(set_is(&d.cpus[LP], "12-13"));
		CHECK(strcmp(ct_kinds_format(&d, buf, sizeof(buf)),
			     "performance=0-3;efficiency=4-6,8,10;low-power=12-13") == 0);
	}
	ct_kinds_init(&d, "--kinds");
	CHECK(!ct_kinds_any(&d));
	CHECK(strcmp(ct_kinds_format(&d, buf, sizeof(buf)), "") == 0);
	{
		static const char *const e[] = { "big=0", NULL };

		CHECK(refused("unknown kind 'big'", e));
	}
	{
		static const char *const e[] = { "Performance=0", NULL };

		CHECK(refused("unknown kind 'Performance'", e));
	}
	{
		static const char *const e[] = { "efficiency", NULL };

		CHECK(refused("not KIND=CPULIST", e));
	}
	{
		static const char *const e[] = { "=0", NULL };

		CHECK(refused("not KIND=CPULIST", e));
	}
	{
		static const char *const e[] = { "", NULL };

		CHECK(refused("not KIND=CPULIST", e));
	}
	{
		static const char *const e[] = { "e=", NULL };

		CHECK(refused("no cpu after '='", e));
	}
	{
		static const char *const e[] = { "e=x", NULL };

		CHECK(refused("invalid cpu list 'x'", e));
	}
	{
		static const char *const e[] = { "e=0=1", NULL };

		CHECK(refused("invalid cpu list '0=1'", e));
	}
	{
		static const char *const e[] = { "e=3-1", NULL };

		CHECK(refused("range is reversed", e));
	}
	{
		static const char *const e[] = { "e=0,", NULL };

		CHECK(refused("invalid cpu list '0,'", e));
	}
	{
		static const char *const e[] = { "e=0,,1", NULL };

		CHECK(refused("invalid cpu list '0,,1'", e));
	}
	{
		static const char *const e[] = { "e= 0", NULL };

		CHECK(refused("white space", e));
	}
	{
		static const char *const e[] = { "e=0\n", NULL };

		CHECK(refused("white space", e));
	}
	{
		static const char *const e[] = { "e=8192", NULL };

		CHECK(refused("too large", e));
	}
	/* A cpu declared twice is noted, to be named by ct_kinds_apply(). */
	CHECK(noted_twice("entry 'e=1,1': cpu 1 is declared twice",
			  (const char *const[]){ "e=1,1", NULL }));
	/* In the middle of a list, not only at its end (issue 28). */
	CHECK(noted_twice("entry 'e=0,0,1': cpu 0 is declared twice",
			  (const char *const[]){ "e=0,0,1", NULL }));
	CHECK(noted_twice("entry 'e=4,0,0,1': cpu 0 is declared twice",
			  (const char *const[]){ "e=4,0,0,1", NULL }));
	CHECK(noted_twice("entry 'e=0-3,2': cpu 2 is declared twice",
			  (const char *const[]){ "e=0-3,2", NULL }));
	CHECK(noted_twice("entry 'p=0-7:2,4': cpu 4 is declared twice",
			  (const char *const[]){ "p=0-7:2,4", NULL }));
	CHECK(noted_twice("entry 'p=1-2': cpu 1 is declared twice (already efficiency)",
			  (const char *const[]){ "e=0-1", "p=1-2", NULL }));
	CHECK(noted_twice("entry 'lp=5': cpu 5 is declared twice (already low-power)",
			  (const char *const[]){ "lp=5", "p=0-4", "lp=5", NULL }));
	/* The first one stays. */
	CHECK(noted_twice("entry 'p=1': cpu 1 is declared twice (already efficiency)",
			  (const char *const[]){ "e=0-1", "p=1", "p=0,0", NULL }));
	/* A malformed entry after it is still refused at once. */
	CHECK(refused("unknown kind 'x'", (const char *const[]){ "e=0", "p=0", "x=1", NULL }));
	/* None when every cpu is declared once. */
	CHECK(add_all(&d, (const char *const[]){ "e=0-1,3", "p=2,4-5", NULL }) == 0 && !d.twice[0]);
}

static void test_lists(void)
{
	struct ct_kinds d;
	char buf[256];

	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "efficiency=0;performance=1", why, sizeof(why)) == 0);
	CHECK(set_is(&d.cpus[E], "0") && set_is(&d.cpus[P], "1"));
	CHECK(strcmp(d.source, "CT_KINDS") == 0);
	/* What ct_kinds_format() writes reads back the same. */
	{
		struct ct_kinds back;

		ct_kinds_init(&back, CT_KINDS_ENV);
		CHECK(ct_kinds_parse_list(&back, ct_kinds_format(&d, buf, sizeof(buf)), why,
					  sizeof(why)) == 0);
		CHECK(ct_cpuset_equal(&back.cpus[P], &d.cpus[P]) &&
		      ct_cpuset_equal(&back.cpus[E], &d.cpus[E]) &&
		      ct_cpuset_equal(&back.cpus[LP], &d.cpus[LP]));
	}
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "P=0", why, sizeof(why)) == 0 && set_is(&d.all, "0"));
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "e=0;;p=1", why, sizeof(why)) < 0 && strstr(why, "empty entry"));
	/* A ';' may end the last entry, as a shell script's lines write it. */
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "e=0;p=1;", why, sizeof(why)) == 0);
	CHECK(set_is(&d.cpus[E], "0") && set_is(&d.cpus[P], "1") && set_is(&d.all, "0-1"));
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "E=0;", why, sizeof(why)) == 0 && set_is(&d.cpus[E], "0"));
	/* But not twice, nor alone, nor first. */
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "e=0;p=1;;", why, sizeof(why)) < 0 && strstr(why, "empty entry"));
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, ";", why, sizeof(why)) < 0 && strstr(why, "empty entry"));
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, ";e=0", why, sizeof(why)) < 0 && strstr(why, "empty entry"));
	/*
	 * An empty list is an empty entry: an accepted list declares a cpu
	 * (fuzz-kinds holds it to that; ct_kinds_finish() takes an empty
	 * CT_KINDS as unset before it parses).
	 */
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "", why, sizeof(why)) < 0 && strstr(why, "empty entry"));
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "e=0;x=1", why, sizeof(why)) < 0 &&
	      strstr(why, "entry 'x=1': unknown kind 'x'"));
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "e=0;p=0", why, sizeof(why)) == 0 &&
	      strcmp(d.twice, "entry 'p=0': cpu 0 is declared twice (already efficiency)") == 0);
	/* The ';' separates entries, ',' the cpus of one. */
	ct_kinds_init(&d, CT_KINDS_ENV);
	CHECK(ct_kinds_parse_list(&d, "e=0,p=1", why, sizeof(why)) < 0 &&
	      strstr(why, "invalid cpu list '0,p=1'"));
}

static int is(const struct ct_topo *t, int cpu, enum ct_kind k, int rank)
{
	const struct ct_topo_cpu *c = ct_topo_cpu(t, cpu);
	char ev[64];

	return c && c->kind == k && c->rank == rank &&
	       strcmp(ct_evidence_format(c->evidence, ev, sizeof(ev)), "given") == 0;
}

static int apply(struct ct_topo *t, const char *list)
{
	struct ct_kinds d;

	ct_kinds_init(&d, "--kinds");
	if (ct_kinds_parse_list(&d, list, why, sizeof(why)) < 0) {
		fprintf(stderr, "cannot parse '%s': %s\n", list, why);
		return -2;
	}
	why[0] = '\0';
	return ct_kinds_apply(&d, t, why, sizeof(why));
}

static void test_apply(void)
{
	struct ct_topo t;
	struct ct_cpuset s, all;
	char buf[256];

	/* The two-cpu machine of make check, first classified by the rules. */
	unit_machine(&t, 2, CT_TOPO_ARCH_UNKNOWN);
	CHECK(ct_topo_classify(&t, why, sizeof(why)) == 0 && t.nranks == 1);
	CHECK(apply(&t, "efficiency=0;performance=1") == 0);
	CHECK(is(&t, 0, E, 1) && is(&t, 1, P, 0));
	CHECK(t.nranks == 2 && strcmp(t.rules, "given") == 0);
	CHECK(strstr(t.basis, "declared with --kinds") != NULL);
	ct_topo_kind_cpus(&t, E, &s, &all);
	CHECK(set_is(&s, "0") && set_is(&all, "0"));
	ct_topo_rank_cpus(&t, 1, &s);
	CHECK(set_is(&s, "0"));
	CHECK(strcmp(ct_topo_describe(&t, &s, buf, sizeof(buf)), "declared") == 0);
	/* The plan follows: the clamp on the slowest rank, a pin per kind. */
	{
		struct ct_placement plan[CT_PLACE_MAX];
		size_t n = ct_place_plan(&t, plan, CT_PLACE_MAX);
		const struct ct_placement *p;

		p = ct_place_find(plan, n, "process-background");
		CHECK(p && p->applicable && set_is(&p->cpus, "0"));
		p = ct_place_find(plan, n, "pin-efficiency");
		CHECK(p && p->applicable && p->cpu == 0);
		p = ct_place_find(plan, n, "pin-performance");
		CHECK(p && p->applicable && p->cpu == 1);
		CHECK(n == 6);
	}
	ct_topo_free(&t);

	/* Ranks are dense over the kinds declared: no performance, E is 0. */
	unit_machine(&t, 4, CT_TOPO_ARCH_UNKNOWN);
	CHECK(apply(&t, "lp=3;e=0-2") == 0);
	CHECK(is(&t, 0, E, 0) && is(&t, 2, E, 0) && is(&t, 3, LP, 1) && t.nranks == 2);
	ct_topo_free(&t);
	unit_machine(&t, 3, CT_TOPO_ARCH_UNKNOWN);
	CHECK(apply(&t, "lp=0;p=2;e=1") == 0);
	CHECK(is(&t, 2, P, 0) && is(&t, 1, E, 1) && is(&t, 0, LP, 2) && t.nranks == 3);
	ct_topo_free(&t);
	/* One kind declared is one rank. */
	unit_machine(&t, 2, CT_TOPO_ARCH_UNKNOWN);
	CHECK(apply(&t, "e=0-1") == 0 && is(&t, 0, E, 0) && is(&t, 1, E, 0) && t.nranks == 1);
	ct_topo_free(&t);

	/* Declarations replace every earlier result (macOS perflevel too). */
	unit_machine(&t, 2, CT_TOPO_ARCH_UNKNOWN);
	t.cpu[0].classified = 1;
	t.cpu[0].kind = LP;
	t.cpu[0].rank = 5;
	t.cpu[0].evidence = CT_EV_PMU | CT_EV_NOL3;
	t.cpu[0].perflevel = 1;
	CHECK(apply(&t, "p=0-1") == 0 && is(&t, 0, P, 0) && t.cpu[0].perflevel == -1);
	ct_topo_free(&t);

	/* A cpu this machine does not have. */
	unit_machine(&t, 2, CT_TOPO_ARCH_UNKNOWN);
	CHECK(apply(&t, "e=0;p=1-2") == -1 && strstr(why, "cpu 2: no such cpu here (cpus 0-1)"));
	CHECK(apply(&t, "e=0,5,7;p=1") == -1 && strstr(why, "cpus 5,7: no such cpu here"));
	/*
	 * A list for another machine: the cpus it lacks come first, before
	 * the cpu declared twice (E=0-5 and P=1 on two cpus), which is named
	 * once every cpu is there.
	 */
	CHECK(apply(&t, "E=0-5;P=1") == -1 && strstr(why, "cpus 2-5: no such cpu here (cpus 0-1)"));
	CHECK(apply(&t, "E=0,1,1,7") == -1 && strstr(why, "cpu 7: no such cpu here"));
	CHECK(apply(&t, "E=0-1;P=1") == -1 &&
	      strcmp(why, "entry 'P=1': cpu 1 is declared twice (already efficiency)") == 0);
	CHECK(apply(&t, "e=0,0,1") == -1 &&
	      strcmp(why, "entry 'e=0,0,1': cpu 0 is declared twice") == 0);
	ct_topo_free(&t);
	/* Possible but offline. */
	unit_machine(&t, 4, CT_TOPO_ARCH_UNKNOWN);
	ct_cpuset_clear(&t.online, 3);
	ct_cpuset_clear(&t.allowed, 3);
	t.cpu[3].online = 0;
	CHECK(apply(&t, "e=0;p=1-3") == -1 && strstr(why, "cpu 3: offline (online: 0-2)"));
	/* An offline cpu is this machine's too: named before a cpu declared twice. */
	CHECK(apply(&t, "e=0-1;p=1-3") == -1 && strstr(why, "cpu 3: offline (online: 0-2)"));
	CHECK(apply(&t, "e=0-1;p=1-2") == -1 && strstr(why, "cpu 1 is declared twice"));
	CHECK(apply(&t, "e=0;p=1-2") == 0 && ct_topo_cpu(&t, 3) == NULL);
	ct_topo_free(&t);
	/* A usable cpu left out. */
	unit_machine(&t, 4, CT_TOPO_ARCH_UNKNOWN);
	CHECK(apply(&t, "e=0;p=1") == -1 &&
	      strstr(why, "usable cpus 2-3: no kind declared (every usable cpu, 0-3, needs one)"));
	CHECK(apply(&t, "e=0;p=1-2") == -1 && strstr(why, "usable cpu 3: no kind declared"));
	/* A cpu declared twice before one left out. */
	CHECK(apply(&t, "e=0;p=0-1") == -1 && strstr(why, "cpu 0 is declared twice"));
	ct_topo_free(&t);
	/*
	 * Online but not allowed (taskset, a container): may be declared, need
	 * not be; an undeclared one has no kind.
	 */
	unit_machine(&t, 4, CT_TOPO_ARCH_UNKNOWN);
	ct_cpuset_clear(&t.allowed, 0);
	ct_cpuset_clear(&t.allowed, 1);
	CHECK(apply(&t, "e=0-1;p=2-3") == 0);
	CHECK(is(&t, 0, E, 1) && is(&t, 3, P, 0) && set_is(&t.usable, "2-3"));
	ct_topo_kind_cpus(&t, E, &s, &all);
	CHECK(ct_cpuset_empty(&s) && set_is(&all, "0-1"));
	CHECK(apply(&t, "p=2-3") == 0 && ct_topo_cpu(&t, 0) == NULL && t.nranks == 1);
	ct_topo_free(&t);
}

/* The placement name of plan[0..n-1], its pin cpu and cpus as "cpu:cpus". */
static int plan_is(const struct ct_placement *plan, size_t n, const char *name, int cpu,
		   const char *cpus)
{
	const struct ct_placement *p = ct_place_find(plan, n, name);

	if (!p) {
		fprintf(stderr, "no placement %s\n", name);
		return 0;
	}
	return p->applicable && p->cpu == cpu && set_is(&p->cpus, cpus);
}

/*
 * Placements from declared kinds on made-up machines: a pin row per kind
 * on its last cpu, the process clamp on the slowest kind declared (the
 * highest rank), ranks and kinds across interleaved lists, re-declared.
 */
static void test_apply_plan(void)
{
	struct ct_placement plan[CT_PLACE_MAX];
	struct ct_topo t;
	struct ct_cpuset s, all;
	char buf[256];
	size_t n;

	/* Three kinds interleaved on eight cpus. */
	unit_machine(&t, 8, CT_TOPO_ARCH_UNKNOWN);
	CHECK(apply(&t, "p=1,3,5,7;e=0,2,4;lp=6") == 0);
	CHECK(is(&t, 7, P, 0) && is(&t, 1, P, 0) && is(&t, 4, E, 1) && is(&t, 0, E, 1) &&
	      is(&t, 6, LP, 2) && t.nranks == 3);
	ct_topo_kind_cpus(&t, P, &s, &all);
	CHECK(set_is(&s, "1,3,5,7") && set_is(&all, "1,3,5,7"));
	ct_topo_kind_cpus(&t, E, &s, NULL);
	CHECK(set_is(&s, "0,2,4"));
	ct_topo_rank_cpus(&t, 2, &s);
	CHECK(set_is(&s, "6"));
	n = ct_place_plan(&t, plan, CT_PLACE_MAX);
	CHECK(n == 7);
	CHECK(plan_is(plan, n, "pin-performance", 7, "7"));
	CHECK(plan_is(plan, n, "pin-efficiency", 4, "4"));
	CHECK(plan_is(plan, n, "pin-low-power", 6, "6"));
	CHECK(plan_is(plan, n, "process-background", -1, "6"));
	/* The rows in kind order, after the four that are not pins. */
	CHECK(n == 7 && strcmp(plan[4].name, "pin-performance") == 0 &&
	      strcmp(plan[5].name, "pin-efficiency") == 0 && strcmp(plan[6].name, "pin-low-power") == 0);
	/* Declared again: the new kinds replace the old, ranks and all. */
	CHECK(apply(&t, "e=0-5;p=6-7") == 0);
	CHECK(is(&t, 6, P, 0) && is(&t, 1, E, 1) && is(&t, 5, E, 1) && t.nranks == 2);
	n = ct_place_plan(&t, plan, CT_PLACE_MAX);
	CHECK(n == 6 && ct_place_find(plan, n, "pin-low-power") == NULL);
	CHECK(plan_is(plan, n, "pin-performance", 7, "7"));
	CHECK(plan_is(plan, n, "pin-efficiency", 5, "5"));
	CHECK(plan_is(plan, n, "process-background", -1, "0-5"));
	ct_topo_free(&t);

	/*
	 * Efficiency and low-power alone (no performance): ranks 0 and 1, the
	 * clamp on low-power; cpus 0-1 online but not allowed: declared, yet
	 * no pin or clamp goes there.
	 */
	unit_machine(&t, 6, CT_TOPO_ARCH_UNKNOWN);
	ct_cpuset_clear(&t.allowed, 0);
	ct_cpuset_clear(&t.allowed, 1);
	CHECK(apply(&t, "lp=0,4-5;e=1-3") == 0);
	CHECK(is(&t, 3, E, 0) && is(&t, 0, LP, 1) && is(&t, 5, LP, 1) && t.nranks == 2);
	n = ct_place_plan(&t, plan, CT_PLACE_MAX);
	CHECK(n == 6 && ct_place_find(plan, n, "pin-performance") == NULL);
	CHECK(plan_is(plan, n, "pin-efficiency", 3, "3"));
	CHECK(plan_is(plan, n, "pin-low-power", 5, "5"));
	CHECK(plan_is(plan, n, "process-background", -1, "4-5"));
	CHECK(strcmp(ct_topo_describe(&t, &t.usable, buf, sizeof(buf)), "declared") == 0);
	ct_topo_free(&t);

	/* One kind declared: one rank, a single pin row, no clamp. */
	unit_machine(&t, 4, CT_TOPO_ARCH_UNKNOWN);
	CHECK(apply(&t, "e=0-3") == 0);
	n = ct_place_plan(&t, plan, CT_PLACE_MAX);
	CHECK(n == 5 && plan_is(plan, n, "pin-efficiency", 3, "3"));
	CHECK(ct_place_find(plan, n, "process-background") &&
	      !ct_place_find(plan, n, "process-background")->applicable);
	ct_topo_free(&t);
}

/*
 * The run's declarations through ct_kinds_classify(): a machine with no
 * usable cpu is no run, declared or not (the rules' reason, not a
 * declaration accepted on nothing).  Last: it sets the run's state.
 */
static void test_classify(void)
{
	struct ct_topo t;

	ct_kinds_option("e=0");
	ct_kinds_option("p=1");
	CHECK(ct_kinds_run() != NULL);
	unit_machine(&t, 2, CT_TOPO_ARCH_UNKNOWN);
	CHECK(ct_kinds_classify(&t, why, sizeof(why)) == 0 && is(&t, 0, E, 1) && is(&t, 1, P, 0));
	ct_topo_free(&t);
	unit_machine(&t, 2, CT_TOPO_ARCH_UNKNOWN);
	ct_cpuset_zero(&t.allowed);
	why[0] = '\0';
	CHECK(ct_kinds_classify(&t, why, sizeof(why)) == -1 &&
	      strstr(why, "no usable cpu: online 0-1, allowed ") != NULL);
	ct_topo_free(&t);
}

int main(void)
{
	test_kind_names();
	test_entries();
	test_lists();
	test_apply();
	test_apply_plan();
	test_classify();
	return unit_done();
}

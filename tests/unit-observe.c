/*
 * unit-observe - the report of ct-place --observe on made-up observations:
 * the rows (every kind the machine has, then unseen), shares of the larger
 * total adding up to 1, the shortfall against rusage as unseen and never
 * negative, unknown values as '-' in TSV and null in JSON, and the exit
 * status a shell would give.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ct/observe.h"
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
	return unit_done();
}

/*
 * unit-warn.c - a machine record with long warnings through every writer
 * that shows them: standard error, the machine record as JSON and as the
 * table's lines, ct-stream's sweep (which gives only the warnings after its
 * header's), ct-place's table, summary.md and summary.svg's caveat.  Each
 * must carry every warning whole: a busy run of many placements gives a
 * descheduled warning that once ended mid-word, cut at a fixed buffer.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct-place/placements.h"
#include "measure/harness.h"
#include "measure/context.h"
#include "report/report.h"
#include "report/stream.h"
#include "unit-machine.h"
#include "core/term.h"
#include "unit.h"

/* The fifteen series of a five-placement ct-place run, every one disturbed. */
static const char *const placements[] = {
	"main", "thread", "thread-background", "process-background", "pin-performance",
};
static const char *const kernels[][2] = {
	{ "addchain", "x86-64" }, { "fma", "avx512" }, { "stream", "avx2" },
};

static char long_text[3000];

/* Everything f holds, as a string to free. */
static char *slurp(FILE *f)
{
	long n;
	char *s;

	fflush(f);
	n = ftell(f);
	s = calloc((size_t)n + 1, 1);
	rewind(f);
	if (!s || fread(s, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	s[n] = '\0';
	return s;
}

/* A stream to a buffer, for the writers; mem_text() closes it and gives the text. */
static char *mem_buf;
static size_t mem_len;

static FILE *mem_open(void)
{
	FILE *f = open_memstream(&mem_buf, &mem_len);

	if (!f) {
		perror("unit-warn: open_memstream");
		exit(99);
	}
	return f;
}

static char *mem_text(FILE *f)
{
	fclose(f);
	return mem_buf;
}

/* How often needle is in hay. */
static int count(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/* The text of an SVG with the tags out and the wrapped lines joined by a space. */
static char *svg_text(const char *svg)
{
	char *t = calloc(strlen(svg) + 1, 1), *o = t;
	int in_tag = 0;

	for (; *svg; svg++) {
		if (*svg == '<') {
			in_tag = 1;
			if (o > t && o[-1] != ' ')
				*o++ = ' ';
		} else if (*svg == '>') {
			in_tag = 0;
		} else if (!in_tag) {
			char c = *svg == '\n' || *svg == '\t' ? ' ' : *svg;

			if (c != ' ' || (o > t && o[-1] != ' '))
				*o++ = c;
		}
	}
	return t;
}

static void make_machine(struct ct_machine *m, char **err_text)
{
	struct ct_job k[3];
	struct ct_sample s[4];
	struct ct_series ser[3];
	char path[] = "/tmp/unit-warn.XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	FILE *err = fd >= 0 ? fdopen(fd, "w+") : NULL;
	size_t p, i;

	if (!err) {
		perror("unit-warn: mkstemp");
		exit(99);
	}
	unlink(path);
	memset(m, 0, sizeof(*m));
	memset(k, 0, sizeof(k));
	memset(s, 0, sizeof(s));
	memset(ser, 0, sizeof(ser));
	for (i = 0; i < 4; i++) {
		s[i].wall_ns = 1000;
		s[i].cpu_ns = 500;	/* descheduled half the time */
	}
	for (i = 0; i < 3; i++) {
		k[i].name = kernels[i][0];
		k[i].isa = kernels[i][1];
		ser[i].k = &k[i];
		ser[i].s = s;
		ser[i].n = 4;
	}
	for (p = 0; p < sizeof(placements) / sizeof(placements[0]); p++)
		ct_machine_note(m, placements[p], ser, 3);
	memset(long_text, 'x', sizeof(long_text) - 1);
	for (i = 0; i + 1 < sizeof(long_text); i += 10)
		long_text[i] = ' ';
	memcpy(long_text + sizeof(long_text) - 5, "end", 4);
	/* Standard error into err for the checks. */
	fflush(stderr);
	dup2(fileno(err), 2);
	ct_machine_warn(m, "a made-up warning at the start");
	ct_machine_warn(m, "%s", long_text);
	ct_machine_finish(m, 1);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	*err_text = slurp(err);
	fclose(err);
}

int main(void)
{
	struct ct_machine m;
	struct ct_out o;
	struct ct_placements_results res;
	struct ct_topo t;
	struct ct_stream_table st;
	struct ct_stream_caches caches;
	const char *desched = NULL;
	char *err_text, *text, *plain;
	FILE *f;
	size_t i;
	/* Lines read whole: no width limit (tests/core/term-width.sh has the widths). */
	ct_term_set_width(CT_TERM_WIDE);
	/* Lines read whole: no width limit (tests/core/term-width.sh has the widths). */
	ct_term_set_width(CT_TERM_WIDE);

	make_machine(&m, &err_text);
	for (i = 0; i < m.nwarnings; i++)
		if (strstr(ct_machine_warning(&m, i), "descheduled"))
			desched = ct_machine_warning(&m, i);
	CHECK(m.nwarnings >= 3 && m.warnings_lost == 0);
	CHECK(desched != NULL);
	if (!desched)
		return unit_done();
	/* Kept whole: the long one to its end, the descheduled one summed up, ending. */
	CHECK(strcmp(ct_machine_warning(&m, 1), long_text) == 0);
	CHECK(strstr(desched, "of 60 samples (descheduled): addchain (x86-64) at main 4 of 4, "
			      "fma (avx512) at main 4 of 4, stream (avx2) at main 4 of 4, "
			      "addchain (x86-64) at thread 4 of 4, 44 more in other series; "
			      "the cpu basis leaves that time out") != NULL);
	/* Standard error: each once, whole. */
	CHECK(count(err_text, long_text) == 1);
	CHECK(count(err_text, desched) == 1);
	free(err_text);

	/* The machine record: JSON (raw.txt) and the table's lines. */
	f = mem_open();
	ct_out_begin(&o, f, CT_FMT_JSON, "ct-place", 0);
	ct_out_machine(&o, &m);
	text = mem_text(f);
	CHECK(count(text, long_text) == 1 && count(text, desched) == 1);
	free(text);
	f = mem_open();
	ct_out_begin(&o, f, CT_FMT_TABLE, "ct-clock", 0);
	ct_out_machine(&o, &m);
	text = mem_text(f);
	CHECK(count(text, long_text) == 1 && count(text, desched) == 1);
	free(text);

	/*
	 * ct-stream's sweep: its header showed the first warning, the end
	 * shows the rest, each whole, so that stdout has each once.
	 */
	f = mem_open();
	memset(&caches, 0, sizeof(caches));
	memset(&st, 0, sizeof(st));
	st.caches = &caches;
	st.size_reason = "requested";
	ct_stream_table_begin(&st, f, 0, 0);
	st.warned = 1;
	ct_stream_table_end(&st, &m);
	text = mem_text(f);
	CHECK(count(text, "a made-up warning at the start") == 0);
	CHECK(count(text, long_text) == 1 && count(text, desched) == 1);
	free(text);

	/* ct-place: the table, summary.md, summary.svg (wrapped, all of it). */
	unit_machine(&t, 2, CT_TOPO_ARCH_X86);
	ct_placements_results(NULL, 0, &res);
	f = mem_open();
	ct_placements_print(f, CT_FMT_TABLE, 0, &m, &t, &res);
	text = mem_text(f);
	CHECK(count(text, long_text) == 1 && count(text, desched) == 1);
	free(text);
	f = mem_open();
	ct_placements_markdown(f, &m, &t, &res);
	text = mem_text(f);
	CHECK(count(text, long_text) == 1 && count(text, desched) == 1);
	free(text);
	f = mem_open();
	ct_placements_svg(f, &m, &t, &res);
	text = mem_text(f);
	plain = svg_text(text);
	CHECK(count(plain, desched) == 1);
	CHECK(count(plain, long_text + 1) == 1);
	free(plain);
	free(text);
	ct_placements_results_free(&res);
	ct_topo_free(&t);
	return unit_done();
}

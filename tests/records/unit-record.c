/*
 * unit-record - the record writer (src/lib/records/record.c) on a made-up kind:
 * each output shows exactly the fields flagged for it, in the
 * description's order, with the numbers as the field's format says and
 * '-' (null, or no member, in JSON) for none; TSV's '#' header, columns
 * named by the first record, Markdown's alignment and escaping, the lines
 * layout, a hidden field.  Then every description of the tools: keys
 * unique in each output, formats the writer reads, and every key
 * documented in its man page.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/allcore.h"
#include "report/allcore.h"
#include "report/isa.h"
#include "report/paired.h"
#include "ct-place/bench.h"
#include "ct-place/placements.h"
#include "ct-place/observe.h"
#include "report/report.h"
#include "ct-place/list.h"
#include "records/record.h"
#include "ct-compare/compare.h"
#include "ct-compare/fleet.h"
#include "workloads/fma.h"
#include "report/stream.h"
#include "workloads/stream.h"
#include "unit.h"

enum { TF_NAME, TF_RATE, TF_COUNT, TF_OK, TF_NOTE, TF_ONLY_JSON, TF_TEXT_ONLY, TF_KFIELDS, TF_LIST };

static const struct ct_rec_field test_fields[] = {
	{ TF_NAME, "name", "who", CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ TF_RATE, "rate", "rate/s", CT_REC_NUM, "%.3f", "%.1f", CT_REC_ALL },
	{ TF_COUNT, "count", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA | CT_REC_TABLE },
	{ TF_OK, "ok", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_ALL },
	{ TF_NOTE, "note", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ TF_ONLY_JSON, "secret", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ TF_TEXT_ONLY, NULL, "both", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ TF_KFIELDS, "fields", NULL, CT_REC_FIELDS, NULL, NULL, CT_REC_DATA },
	{ TF_LIST, "tags", "tag", CT_REC_LIST, NULL, NULL, CT_REC_JSON },
};

struct test_rec {
	const char *name;
	double rate;
	long long count;
	int ok;
	const char *note;		/* NULL: no note (omitted) */
	const struct ct_field *fields;
	size_t nfields;
};

static void test_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	static const char *const tags[] = { "a", "b|c" };
	const struct test_rec *r = rec;

	switch (id) {
	case TF_NAME:
		v->str = r->name;
		break;
	case TF_RATE:
		v->num = r->rate;
		break;
	case TF_COUNT:
		v->i = r->count;
		break;
	case TF_OK:
		v->i = r->ok;
		if (out == CT_REC_TABLE)
			v->str = r->ok ? "yes" : "NO";
		break;
	case TF_NOTE:
		v->omit = !r->note;
		v->str = r->note;
		break;
	case TF_ONLY_JSON:
		v->null = 1;
		break;
	case TF_TEXT_ONLY:
		snprintf(v->buf, sizeof(v->buf), "%s|%lld", r->name, r->count);
		v->str = v->buf;
		v->marks = 4;
		break;
	case TF_KFIELDS:
		v->fields = r->fields;
		v->n = r->nfields;
		break;
	case TF_LIST:
		v->list = tags;
		v->n = 2;
		break;
	}
}

static const struct ct_rec_kind test_kind = {
	"test", test_fields, CT_ARRAY_SIZE(test_fields), test_value, 0
};

/* A list in lines: a header on each line, or on the first only (CT_REC_HANG). */
static const struct ct_rec_field list_fields[] = {
	{ TF_LIST, NULL, "tag", CT_REC_LIST, NULL, NULL, CT_REC_TABLE },
	{ TF_LIST, NULL, "tags", CT_REC_LIST, NULL, NULL, CT_REC_TABLE | CT_REC_HANG },
};

static const struct ct_rec_kind list_lines = {
	"test", list_fields, CT_ARRAY_SIZE(list_fields), test_value, CT_REC_LINES
};

static const struct ct_field fa[] = { { "size", NULL, 65536, 0 }, { "isa", "avx2", 0, 0 } };
static const struct ct_field fb[] = { { "isa", "neon", 0, 0 }, { "lanes", NULL, 2.5, 0 } };

static const struct test_rec recs[] = {
	{ "first", 1.23456, 7, 1, "fine", fa, 2 },
	{ "second", NAN, -2, 0, NULL, fb, 2 },
};

/*
 * A kind a caller extends with members of its own (CT_REC_MORE): a host
 * record carrying a test record's members, or none.
 */
enum { HF_HOST, HF_MORE, HF_LAST };
static const struct ct_rec_field host_fields[] = {
	{ HF_HOST, "host", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ HF_MORE, "more", NULL, CT_REC_MORE, NULL, NULL, CT_REC_JSON },
	{ HF_LAST, "last", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
};

struct host_rec {
	const char *host;
	const struct test_rec *more;
};

static void host_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct host_rec *r = rec;

	(void)out;
	switch (id) {
	case HF_HOST:
		v->str = r->host;
		break;
	case HF_MORE:
		v->more = r->more ? &test_kind : NULL;
		v->more_rec = r->more;
		break;
	case HF_LAST:
		v->i = 1;
		break;
	}
}

static const struct ct_rec_kind host_kind = {
	"host", host_fields, CT_ARRAY_SIZE(host_fields), host_value, 0
};

static void expect_host(unsigned out, const struct host_rec *r, const char *want)
{
	struct ct_rec_writer w;
	FILE *f = unit_open_held();

	ct_rec_begin(&w, f, out, &host_kind);
	ct_rec_write(&w, r);
	ct_rec_end(&w);
	fclose(f);
	CHECK(strcmp(unit_held, want) == 0);
	if (strcmp(unit_held, want) != 0)
		fprintf(stderr, "got:\n%s\nwanted:\n%s\n", unit_held, want);
}

/* The records as out writes them, hiding field id hide (-1: none). */
static char *written(unsigned out, const struct ct_rec_kind *k, int hide, size_t n)
{
	struct ct_rec_writer w;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	ct_rec_begin(&w, f, out, k);
	if (hide >= 0)
		ct_rec_hide(&w, hide);
	for (i = 0; i < n; i++)
		ct_rec_write(&w, &recs[i]);
	ct_rec_end(&w);
	fclose(f);
	return buf;
}

static void expect(unsigned out, const struct ct_rec_kind *k, int hide, size_t n,
		   const char *want)
{
	char *got = written(out, k, hide, n);

	CHECK(strcmp(got, want) == 0);
	if (strcmp(got, want) != 0)
		fprintf(stderr, "got:\n%s\nwanted:\n%s\n", got, want);
	free(got);
}

/* The word key in text, not part of a longer name. */
static int has_word(const char *text, const char *key)
{
	size_t n = strlen(key);
	const char *p;

	for (p = strstr(text, key); p; p = strstr(p + 1, key)) {
		int before = p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
					  (p[-1] >= '0' && p[-1] <= '9'));
		int after = p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') ||
			    (p[n] >= '0' && p[n] <= '9');

		if (!before && !after)
			return 1;
	}
	return 0;
}

static char *read_page(const char *name)
{
	const char *top = getenv("top_srcdir");
	char path[4096], *text;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/man/%s", top ? top : "..", name);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "cannot read %s\n", path);
		return ct_xstrdup("");
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = ct_xcalloc((size_t)n + 1, 1);
	if (fread(text, 1, (size_t)n, f) != (size_t)n)
		text[0] = '\0';
	fclose(f);
	return text;
}

/*
 * A format the writer reads: '%', a width or none, ".N" or none, then g,
 * f, d, U (the unit's decimals) or s (a text the value function makes).
 */
static int format_ok(const char *spec)
{
	const char *p = spec;

	if (!spec)
		return 1;
	if (*p++ != '%')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return p[0] && strchr("gfdUsRT", p[0]) && !p[1];
}

/*
 * A number in a table or Markdown has fixed decimals, so that its column
 * lines up ("3.670" beside "3.666", never "3.67"): f, d, U, R, T or s,
 * never g (a time's four digits, T, R and U of seconds, fixed per unit).
 */
static int fixed_ok(const struct ct_rec_field *f)
{
	if (f->type != CT_REC_NUM || !(f->show & CT_REC_TEXT))
		return 1;
	return f->text && !strchr(f->text, 'g');
}

/*
 * A kind of the tools: no two fields of one output with one key, numbers
 * in formats the writer reads, at most CT_REC_MAX_FIELDS fields (the writer's tables), and
 * every key in page (a man page under man/).
 */
static void check_kind(const struct ct_rec_kind *k, const char *page)
{
	char *text = read_page(page);
	size_t i, j;

	CHECK(k->nfields <= CT_REC_MAX_FIELDS);
	for (i = 0; i < k->nfields; i++) {
		const struct ct_rec_field *f = &k->fields[i];

		CHECK(format_ok(f->tsv) && format_ok(f->text));
		if (!fixed_ok(f)) {
			fprintf(stderr, "%s record: %s has no fixed decimals in a table\n", k->name,
				f->header ? f->header : f->key);
			CHECK(0);
		}
		/* A field JSON or TSV shows has a key; a table column a header. */
		CHECK(f->key || !(f->show & CT_REC_DATA));
		CHECK(f->key || f->header);
		for (j = 0; j < i; j++) {
			const struct ct_rec_field *g = &k->fields[j];

			if (f->key && g->key && strcmp(f->key, g->key) == 0 &&
			    f->type != CT_REC_FIELDS && (f->show & g->show & CT_REC_DATA)) {
				fprintf(stderr, "%s: %s twice\n", k->name, f->key);
				CHECK(0);
			}
		}
		/* The members of CT_REC_FIELDS and CT_REC_MORE are named elsewhere. */
		if (f->key && f->type != CT_REC_FIELDS && f->type != CT_REC_MORE &&
		    (f->show & CT_REC_DATA) && !has_word(text, f->key)) {
			fprintf(stderr, "%s record: %s is not in man/%s\n", k->name, f->key, page);
			CHECK(0);
		}
	}
	free(text);
}

int main(void)
{
	static const struct ct_rec_kind lines = {
		"test", test_fields, CT_ARRAY_SIZE(test_fields), test_value, CT_REC_LINES
	};
	struct ct_rec_writer w;
	char buf[64];
	unsigned marks = 0;

	/* TSV: its fields only, the kernel's columns named by the first record. */
	expect(CT_REC_TSV, &test_kind, -1, 2,
	       "#name\trate\tcount\tok\tnote\tsize\tisa\n"
	       "first\t1.235\t7\ttrue\tfine\t65536\tavx2\n"
	       "second\t-\t-2\tfalse\t-\t-\tneon\n");
	/* JSON: a member per field, in order; none omitted or null. */
	expect(CT_REC_JSON, &test_kind, -1, 2,
	       "{\"record\":\"test\",\"name\":\"first\",\"rate\":1.23456,\"count\":7,"
	       "\"ok\":true,\"note\":\"fine\",\"secret\":null,\"size\":65536,\"isa\":\"avx2\","
	       "\"tags\":[\"a\",\"b|c\"]}\n"
	       "{\"record\":\"test\",\"name\":\"second\",\"rate\":null,\"count\":-2,"
	       "\"ok\":false,\"secret\":null,\"isa\":\"neon\",\"lanes\":2.5,"
	       "\"tags\":[\"a\",\"b|c\"]}\n");
	/*
	 * The table: headers, the text format, the function's own text (a
	 * '-' is aligned as a word, table.c).
	 */
	expect(CT_REC_TABLE, &test_kind, -1, 2,
	       "who     rate/s  count  ok   both\n"
	       "first      1.2      7  yes  first|7\n"
	       "second  -          -2  NO   second|-2\n");
	/* Markdown: left and right columns, a '|' escaped. */
	expect(CT_REC_MD, &test_kind, -1, 1,
	       "| who | rate/s | ok | both |\n"
	       "|---|--:|--:|--:|\n"
	       "| first | 1.2 | true | first\\|7 |\n");
	/* A hidden field is in no output. */
	expect(CT_REC_TSV, &test_kind, TF_COUNT, 1,
	       "#name\trate\tok\tnote\tsize\tisa\n"
	       "first\t1.235\ttrue\tfine\t65536\tavx2\n");
	expect(CT_REC_TABLE, &test_kind, TF_TEXT_ONLY, 1,
	       "who    rate/s  count  ok\n"
	       "first     1.2      7  yes\n");
	/* No record: the header alone, but none where a record names columns. */
	expect(CT_REC_MD, &test_kind, -1, 0, "| who | rate/s | ok | both |\n|---|--:|--:|--:|\n");
	expect(CT_REC_TSV, &test_kind, -1, 0, "");
	expect(CT_REC_TABLE, &test_kind, -1, 0, "who  rate/s  count  ok  both\n");
	/* Lines: "header: value" aligned, in column 11 at least. */
	expect(CT_REC_TABLE, &lines, -1, 1,
	       "who:      first\n"
	       "rate/s:   1.2\n"
	       "count:    7\n"
	       "ok:       yes\n"
	       "both:     first|7\n");
	/* In Markdown, lines of a code block, where their alignment holds. */
	expect(CT_REC_MD, &lines, -1, 1,
	       "    who:      first\n"
	       "    rate/s:   1.2\n"
	       "    ok:       true\n"
	       "    both:     first|7\n");

	/*
	 * Another kind's members in their place, as that kind writes them in
	 * JSON (its null, omitted, list and kernel fields too); JSON only.
	 */
	{
		struct host_rec h = { "h1", &recs[1] };

		expect_host(CT_REC_JSON, &h, "{\"record\":\"host\",\"host\":\"h1\","
			    "\"name\":\"second\",\"rate\":null,\"count\":-2,\"ok\":false,"
			    "\"secret\":null,\"isa\":\"neon\",\"lanes\":2.5,"
			    "\"tags\":[\"a\",\"b|c\"],\"last\":1}\n");
		expect_host(CT_REC_TSV, &h, "#host\nh1\n");
		expect_host(CT_REC_TABLE, &h, "host\nh1\n");
		h.more = NULL;
		expect_host(CT_REC_JSON, &h, "{\"record\":\"host\",\"host\":\"h1\",\"last\":1}\n");
	}

	expect(CT_REC_TABLE, &list_lines, -1, 1,
	       "tag:      a\n"
	       "tag:      b|c\n"
	       "tags:     a\n"
	       "          b|c\n");

	/* The marks of the cells written, for the footnotes. */
	ct_rec_begin(&w, stdout, CT_REC_TABLE, &test_kind);
	ct_rec_write(&w, &recs[0]);
	CHECK(w.marks == 4 && w.rows == 1);
	ct_rec_discard(&w);
	CHECK(strcmp(ct_rec_text(&test_kind, ct_rec_find(&test_kind, "rate"), &recs[0],
				 CT_REC_TSV, buf, sizeof(buf), &marks), "1.235") == 0);
	CHECK(strcmp(ct_rec_text(&test_kind, &test_fields[TF_TEXT_ONLY], &recs[1], CT_REC_MD,
				 buf, sizeof(buf), &marks), "second|-2") == 0 && marks == 4);
	CHECK(ct_rec_find(&test_kind, "nothing") == NULL);

	/* The tools' descriptions. */
	check_kind(&ct_rec_machine, "coretype.7");
	check_kind(&ct_rec_summary, "coretype.7");
	check_kind(&ct_rec_counters, "coretype.7");
	check_kind(&ct_rec_sample, "coretype.7");
	check_kind(&ct_rec_paired, "coretype.7");
	check_kind(&ct_rec_kernel, "coretype.7");
	check_kind(&ct_rec_allcore, "coretype.7");
	check_kind(&ct_rec_allcore_extra, "coretype.7");
	check_kind(&ct_rec_sweep, "ct-stream.1");
	check_kind(&ct_rec_stream_fields, "ct-stream.1");
	check_kind(&ct_rec_fma_fields, "ct-fma.1");
	check_kind(&ct_rec_isa, "ct-fma.1");
	check_kind(&ct_rec_isa, "ct-stream.1");
	check_kind(&ct_rec_placements, "ct-place.1");
	check_kind(&ct_rec_topology, "ct-place.1");
	check_kind(&ct_rec_cpu, "ct-place.1");
	check_kind(&ct_rec_plan, "ct-place.1");
	check_kind(&ct_rec_observe, "coretype.7");
	check_kind(&ct_rec_observe_command, "coretype.7");
	check_kind(&ct_rec_bench_run, "coretype.7");
	check_kind(&ct_rec_bench_summary, "coretype.7");
	check_kind(&ct_rec_input, "ct-compare.1");
	check_kind(&ct_rec_compare, "ct-compare.1");
	check_kind(&ct_rec_fleet_summary, "ct-compare.1");
	check_kind(&ct_rec_fleet_host, "ct-compare.1");
	check_kind(&ct_rec_fleet, "ct-compare.1");
	return unit_done();
}

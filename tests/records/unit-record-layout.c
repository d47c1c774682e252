/*
 * unit-record-layout - the writer's layouts of its own (src/lib/records/
 * record.c) on made-up kinds.  Side by side (CT_REC_SIDE): a column per
 * record headed by its CT_REC_HEAD field, a row per field, '*' on a row
 * whose records differ but not on a CT_REC_VARIES one, the same in
 * Markdown, the count of rows that differ, JSON untouched, and the note
 * naming a row whose values were cut to fit.  Bare (CT_REC_BARE): no
 * header, each column aligned as its field says whatever its cells look
 * like, Markdown's usual table.  A title over records in both.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/record.h"
#include "../unit.h"

enum { SF_HEAD, SF_NAME, SF_CPU, SF_LOAD };

static const struct ct_rec_field side_fields[] = {
	{ SF_HEAD, NULL, "run", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_HEAD },
	{ SF_NAME, "name", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ SF_CPU, "cpu", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL },
	{ SF_LOAD, "load", NULL, CT_REC_NUM, NULL, "%.2f", CT_REC_ALL | CT_REC_VARIES },
};

struct side_rec {
	const char *head, *name, *cpu;
	double load;
};

static void side_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct side_rec *r = rec;

	(void)out;
	switch (id) {
	case SF_HEAD:
		v->str = r->head;
		break;
	case SF_NAME:
		v->str = r->name;
		break;
	case SF_CPU:
		v->str = r->cpu;
		break;
	case SF_LOAD:
		v->num = r->load;
		break;
	}
}

static const struct ct_rec_kind side_kind = {
	"side", side_fields, CT_ARRAY_SIZE(side_fields), side_value, CT_REC_SIDE
};

static const struct side_rec recs[] = {
	{ "base", "a", "x86", 0.5 },
	{ "new", "a", "arm", 1.25 },
};

static const struct side_rec wide[] = {
	{ "base", "a", "Intel(R) Xeon(R) Platinum 8480+", 0.5 },
	{ "new", "a", "Intel(R) Xeon(R) Platinum 8490H", 1.25 },
};

/* What the writer gives for n records of rs in out, fitted to width; *differ: its count. */
static char *written_of(const struct side_rec *rs, unsigned out, size_t n, int width,
			size_t *differ)
{
	struct ct_rec_writer w;
	FILE *f = unit_open_held();
	size_t i;

	ct_rec_begin(&w, f, out, &side_kind);
	ct_rec_fit(&w, width);
	for (i = 0; i < n; i++)
		ct_rec_write(&w, &rs[i]);
	ct_rec_end(&w);
	fclose(f);
	if (differ)
		*differ = w.differ;
	return ct_xstrdup(unit_held);
}

static char *written(unsigned out, size_t n, int width, size_t *differ)
{
	return written_of(recs, out, n, width, differ);
}

enum { BF_WORD, BF_LIST, BF_COUNT, BF_NOTE };

static const struct ct_rec_field bare_fields[] = {
	{ BF_WORD, NULL, "word", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ BF_LIST, NULL, "list", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ BF_COUNT, NULL, "count", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ BF_NOTE, NULL, "note", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
};

static void bare_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const char *const *r = rec;

	(void)out;
	v->str = r[id];
}

static const struct ct_rec_kind bare_kind = {
	"bare", bare_fields, CT_ARRAY_SIZE(bare_fields), bare_value, CT_REC_BARE
};

static char *bare_written(unsigned out)
{
	static const char *const rows[][4] = {
		{ "efficiency", "0-7", "8 cpus", "(atom)" },
		{ "performance", "8-15", "16 cpus", "(core)" },
	};
	struct ct_rec_writer w;
	FILE *f = unit_open_held();

	ct_rec_begin(&w, f, out, &bare_kind);
	ct_rec_write(&w, rows[0]);
	ct_rec_write(&w, rows[1]);
	ct_rec_end(&w);
	fclose(f);
	return ct_xstrdup(unit_held);
}

int main(void)
{
	size_t differ = 99;
	char *s;

	s = written(CT_REC_TABLE, 2, 0, &differ);
	CHECK(strcmp(s, "   run   base  new\n"
			"   name  a     a\n"
			"*  cpu   x86   arm\n"
			"   load  0.50  1.25\n") == 0);
	CHECK(differ == 1);
	free(s);

	s = written(CT_REC_MD, 2, 0, &differ);
	CHECK(strcmp(s, "|  | run | base | new |\n"
			"|---|---|---|---|\n"
			"|  | name | a | a |\n"
			"| * | cpu | x86 | arm |\n"
			"|  | load | 0.50 | 1.25 |\n") == 0);
	CHECK(differ == 1);
	free(s);

	/* One record: nothing to differ from. */
	s = written(CT_REC_TABLE, 1, 0, &differ);
	CHECK(strcmp(s, "  run   base\n  name  a\n  cpu   x86\n  load  0.50\n") == 0);
	CHECK(differ == 0);
	free(s);

	/* JSON: a record each, as any kind. */
	s = written(CT_REC_JSON, 2, 0, NULL);
	CHECK(strcmp(s, "{\"record\":\"side\",\"name\":\"a\",\"cpu\":\"x86\",\"load\":0.5}\n"
			"{\"record\":\"side\",\"name\":\"a\",\"cpu\":\"arm\",\"load\":1.25}\n") == 0);
	free(s);

	/* Too wide: the widest column cut, and its rows named under the table. */
	s = written_of(wide, CT_REC_TABLE, 2, 40, NULL);
	CHECK(strstr(s, "Intel(R) Xeon(R) Platinum 8480+") == NULL);
	CHECK(strstr(s, "...") != NULL);
	/* The note wrapped to the width too. */
	CHECK(strstr(s, "\n(cut to fit 40 columns: cpu; -f json has\n every value whole)\n") != NULL);
	free(s);

	/* A cpulist is left-aligned as its field says, though it looks like a number. */
	s = bare_written(CT_REC_TABLE);
	CHECK(strcmp(s, "efficiency   0-7    8 cpus  (atom)\n"
			"performance  8-15  16 cpus  (core)\n") == 0);
	free(s);
	s = bare_written(CT_REC_MD);
	CHECK(strcmp(s, "| word | list | count | note |\n|---|---|--:|---|\n"
			"| efficiency | 0-7 | 8 cpus | (atom) |\n"
			"| performance | 8-15 | 16 cpus | (core) |\n") == 0);
	free(s);

	{
		FILE *f = unit_open_held();

		ct_rec_title(f, CT_REC_MD, 2, "fma (avx2)");
		ct_rec_title(f, CT_REC_TABLE, 2, "fma (avx2)");
		fclose(f);
		CHECK(strcmp(unit_held, "## fma (avx2)\n\nfma (avx2)\n") == 0);
	}
	return unit_done();
}

/*
 * jsonl-check - validate JSON Lines the way the output contract promises
 * them, and pull fields out for the shell tests (the build machine may have
 * no JSON tool).  The reading is libct's (src/lib/records/jsonl.c, the reader
 * ct-compare uses), so the tests and the tool agree on what a line is.
 *
 *   jsonl-check FILE                 every line a JSON object with a string
 *                                    "record" member, and every member of a
 *                                    machine, sample or allcore record a
 *                                    JSON field of its kind's table (no
 *                                    member written by hand); exit 1
 *                                    otherwise
 *   jsonl-check -r REC -f KEY FILE   print KEY of every REC object, one per
 *                                    line (strings unescaped); a missing KEY
 *                                    is an error
 *
 * Exit status: 0 valid, 1 invalid or missing key, 2 usage.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/allcore.h"
#include "report/allcore.h"
#include "report/report.h"
#include "records/jsonl.h"
#include "records/record.h"

/*
 * The kinds whose every member comes from their table (a summary also
 * has its kernel's own fields, which no table lists).
 */
static const struct ct_rec_kind *const tabled[] = {
	&ct_rec_machine, &ct_rec_sample, &ct_rec_allcore,
};

/* A JSON field of k is named key (a key may be listed twice, once for TSV). */
static int in_table(const struct ct_rec_kind *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (k->fields[i].key && strcmp(k->fields[i].key, key) == 0 &&
		    (k->fields[i].show & CT_REC_JSON))
			return 1;
	return 0;
}

/* The member of o, a record of that name, that its kind's table lacks, or NULL. */
static const char *untabled(const struct ct_jobject *o, const char *record)
{
	size_t i, j;

	for (i = 0; i < sizeof(tabled) / sizeof(tabled[0]); i++) {
		if (strcmp(tabled[i]->name, record) != 0)
			continue;
		for (j = 0; j < o->n; j++)
			if (strcmp(o->m[j].key, "record") != 0 && !in_table(tabled[i], o->m[j].key))
				return o->m[j].key;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	const char *rec = NULL, *field = NULL;
	struct ct_jobject o;
	char *line = NULL, why[128];
	size_t cap = 0, col;
	long lineno = 0;
	ssize_t n;
	FILE *f;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "r:f:")) != -1) {
		if (c == 'r')
			rec = optarg;
		else if (c == 'f')
			field = optarg;
		else
			return 2;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: jsonl-check [-r RECORD -f KEY] FILE\n");
		return 2;
	}
	f = strcmp(argv[optind], "-") ? fopen(argv[optind], "r") : stdin;
	if (!f) {
		perror(argv[optind]);
		return 2;
	}
	memset(&o, 0, sizeof(o));
	while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
		const struct ct_jmember *m;
		const char *r;

		lineno++;
		if (ct_jsonl_parse(line, (size_t)n, &o, why, sizeof(why), &col) < 0) {
			fprintf(stderr, "line %ld, column %zu: %s: %s", lineno, col, why, line);
			rc = 1;
			break;
		}
		r = ct_jobject_str(&o, "record");
		if (!r) {
			fprintf(stderr, "line %ld: no \"record\" string\n", lineno);
			rc = 1;
			break;
		}
		if (untabled(&o, r)) {
			fprintf(stderr, "line %ld: %s record: \"%s\" is in no field of its kind\n",
				lineno, r, untabled(&o, r));
			rc = 1;
			break;
		}
		if (!field || !rec || strcmp(r, rec) != 0)
			continue;
		m = ct_jobject_get(&o, field);
		if (!m) {
			fprintf(stderr, "line %ld: %s record has no \"%s\"\n", lineno, rec, field);
			rc = 1;
			break;
		}
		if (m->type == CT_JSTR)
			printf("%s\n", m->str);
		else
			printf("%.*s\n", (int)m->rawlen, m->raw);
	}
	if (rc == 0 && lineno == 0) {
		fprintf(stderr, "no lines\n");
		rc = 1;
	}
	free(line);
	ct_jobject_free(&o);
	if (f != stdin)
		fclose(f);
	return rc;
}

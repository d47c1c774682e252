/*
 * unit-jsonl.c - the JSON Lines reader: what the writer writes is read
 * back as written, and every way a line can be broken (truncated, joined,
 * hand-edited) is refused with the column it was found at.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "records/jsonl.h"
#include "report/report.h"
#include "unit.h"

static struct ct_jobject o;

static int parse(const char *line, char *why, size_t *col)
{
	return ct_jsonl_parse(line, strlen(line), &o, why, 128, col);
}

/* The line is refused, the reason contains want, at column wcol (0: any). */
static int refused(const char *line, const char *want, size_t wcol)
{
	char why[128] = "";
	size_t col = 0;

	if (parse(line, why, &col) == 0) {
		fprintf(stderr, "accepted: %s\n", line);
		return 0;
	}
	if (!strstr(why, want) || (wcol && col != wcol)) {
		fprintf(stderr, "%s: '%s' at column %zu\n", line, why, col);
		return 0;
	}
	return o.n == 0;
}

int main(void)
{
	char why[128], *buf = NULL;
	size_t col, len = 0;
	FILE *f;

	/* What json.c writes comes back member by member. */
	f = open_memstream(&buf, &len);
	ct_json_begin(f, "summary");
	ct_json_str(f, "tool", "ct-\"clock\"\\\t\x01");
	ct_json_num(f, "median", 2.918);
	ct_json_num(f, "size_bytes", 1073741824.0);
	ct_json_num(f, "ci_low", NAN);
	ct_json_int(f, "reps", -15);
	ct_json_bool(f, "verified", 1);
	ct_json_end(f);
	fclose(f);
	CHECK(parse(buf, why, &col) == 0);
	CHECK(o.n == 7);
	CHECK(strcmp(ct_jobject_str(&o, "record"), "summary") == 0);
	CHECK(strcmp(ct_jobject_str(&o, "tool"), "ct-\"clock\"\\\t\x01") == 0);
	CHECK(ct_jobject_num(&o, "median") == 2.918);
	CHECK(ct_jobject_num(&o, "size_bytes") == 1073741824.0);
	CHECK(isnan(ct_jobject_num(&o, "ci_low")) && ct_jobject_get(&o, "ci_low")->type == CT_JNULL);
	CHECK(ct_jobject_num(&o, "reps") == -15);
	CHECK(ct_jobject_get(&o, "verified")->type == CT_JBOOL && ct_jobject_get(&o, "verified")->num == 1);
	CHECK(ct_jobject_str(&o, "median") == NULL && isnan(ct_jobject_num(&o, "tool")));
	CHECK(ct_jobject_get(&o, "absent") == NULL);
	free(buf);

	/* Escapes, nesting and white space as RFC 8259 has them. */
	CHECK(parse(" {\"a\" : \"\\u00e9\\ud83d\\ude00\\/\" , \"b\":[1,{\"c\":[]},\"x\"], "
		    "\"d\":{}, \"e\":-0.5e+3}\r\n", why, &col) == 0);
	CHECK(strcmp(ct_jobject_str(&o, "a"), "\xc3\xa9\xf0\x9f\x98\x80/") == 0);
	CHECK(ct_jobject_get(&o, "b")->type == CT_JNESTED &&
	      ct_jobject_get(&o, "b")->rawlen == strlen("[1,{\"c\":[]},\"x\"]"));
	CHECK(ct_jobject_num(&o, "e") == -500);
	CHECK(parse("{}", why, &col) == 0 && o.n == 0);
	/* Hex digits of either case, a-f and A-F whole; each UTF-8 length's first
	 * and last code point; a tab between tokens, as a hand-edited line has. */
	CHECK(parse("{\"a\":\"\\u00ff\\u00FF\\u00aF\"}", why, &col) == 0);
	CHECK(strcmp(ct_jobject_str(&o, "a"), "\xc3\xbf\xc3\xbf\xc2\xaf") == 0);
	CHECK(parse("{\"a\":\"\\u007f\\u0080\\u07ff\\u0800\\uffff\\udbff\\udfff\"}", why, &col) == 0);
	CHECK(strcmp(ct_jobject_str(&o, "a"), "\x7f\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf"
					      "\xf4\x8f\xbf\xbf") == 0);
	CHECK(parse("{\t\"a\"\t:\t1,\t\"b\":[\t2\t]\t}\t", why, &col) == 0);
	CHECK(o.n == 2 && ct_jobject_num(&o, "a") == 1);

	/* Broken lines: the reason and where. */
	CHECK(refused("{\"record\":\"summary\",\"tool\":\"ct-cl", "unterminated string", 0));
	CHECK(refused("{\"record\":\"summary\",\"median\":", "truncated", 30));
	CHECK(refused("{\"record\":\"summary\"", "truncated", 20));
	/* Cut where a key or a word was to come: truncated, with no newline. */
	CHECK(refused("{\"a\":1,", "expected a string: truncated (the file ends mid-line", 8));
	CHECK(refused("{\"a\":1,\n", "expected a string (a truncated line?)", 8));
	CHECK(refused("{\"a\":tru", "expected a value: truncated (the file ends mid-line", 9));
	CHECK(refused("{\"a\":\"x", "unterminated string: truncated (the file ends", 8));
	CHECK(refused("{\"a\":\"x\n", "unterminated string (a truncated line?)", 8));
	CHECK(refused("{\"a\":1}{\"a\":2}", "text after the object", 8));
	CHECK(refused("{\"a\":1,\"a\":2}", "twice", 0));
	CHECK(refused("", "empty line", 1));
	CHECK(refused("\n", "empty line", 1));
	CHECK(refused("[1]", "not a JSON object", 1));
	CHECK(refused("ct-clock: warning", "not a JSON object", 1));
	CHECK(refused("{\"a\":01}", "expected ',' or '}'", 7));
	CHECK(refused("{\"a\":1.}", "bad number", 8));
	CHECK(refused("{\"a\":.5}", "bad number", 6));
	CHECK(refused("{\"a\":-}", "bad number", 7));
	CHECK(refused("{\"a\":1e}", "bad number", 8));
	CHECK(refused("{\"a\":1e999}", "out of range", 6));
	CHECK(refused("{\"a\":NaN}", "bad number", 6));
	CHECK(refused("{\"a\":tru}", "expected a value", 6));
	CHECK(refused("{\"a\":\"\\x\"}", "bad escape", 8));
	/* Cut after a backslash (found by fuzz-jsonl: the column was past the end). */
	CHECK(refused("{\"a\":\"\\", "unterminated string", 8));
	CHECK(refused("{\"a\":\"\\u12g4\"}", "\\u escape", 0));
	CHECK(refused("{\"a\":\"\\u0000\"}", "\\u0000", 0));
	CHECK(refused("{\"a\":\"\\udc00\"}", "lone low surrogate", 0));
	CHECK(refused("{\"a\":\"\\ud800x\"}", "lone high surrogate", 0));
	CHECK(refused("{\"a\":\"tab\there\"}", "control character", 11));
	CHECK(refused("{\"a\" 1}", "expected ':'", 6));
	CHECK(refused("{a:1}", "expected a string", 2));
	CHECK(refused("{\"a\":1,}", "expected a string", 8));
	CHECK(refused("{\"a\":[1,]}", "bad number", 9));
	CHECK(refused("{\"a\":[1 2]}", "expected ',' or ']'", 9));
	{
		/* A NUL inside the line (a binary file): refused, not cut short. */
		static const char nul[] = "{\"a\":1}\0junk";

		CHECK(ct_jsonl_parse(nul, sizeof(nul) - 1, &o, why, sizeof(why), &col) == -1);
		CHECK(strstr(why, "NUL") && col == 8);
	}
	/* Nesting: CT_JSONL_DEPTH arrays inside the object, not one more. */
	for (int d = CT_JSONL_DEPTH; d <= CT_JSONL_DEPTH + 1; d++) {
		char deep[200] = "{\"a\":";
		int i;

		for (i = 0; i < d; i++)
			strcat(deep, "[");
		for (i = 0; i < d; i++)
			strcat(deep, "]");
		strcat(deep, "}");
		if (d == CT_JSONL_DEPTH)
			CHECK(parse(deep, why, &col) == 0);
		else
			CHECK(refused(deep, "nested too deep", 6 + (size_t)CT_JSONL_DEPTH));
	}
	ct_jobject_free(&o);
	return unit_done();
}

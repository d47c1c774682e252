/*
 * jsonl-check - validate JSON Lines the way the output contract promises
 * them, and pull fields out for the shell tests (the build machine may have
 * no JSON tool).
 *
 *   jsonl-check FILE                 every line a JSON object with a string
 *                                    "record" member; exit 1 otherwise
 *   jsonl-check -r REC -f KEY FILE   print KEY of every REC object, one per
 *                                    line (strings unquoted); a missing KEY
 *                                    is an error
 *   jsonl-check -d -r REC -f KEY ... the same with a string's escapes
 *                                    decoded (\uXXXX to UTF-8), so a test
 *                                    can compare the text itself
 *
 * Exit status: 0 valid, 1 invalid or missing key, 2 usage.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct member {
	char key[64];
	const char *val;	/* start of the value text */
	size_t len;
	int is_str;
};

static const char *p;
static struct member members[128];
static int nmembers;

static void ws(void)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
}

static int value(int depth);

static int string(void)
{
	if (*p != '"')
		return -1;
	for (p++; *p != '"'; p++) {
		if ((unsigned char)*p < 0x20)
			return -1;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				int i;

				for (i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)p[i]))
						return -1;
				p += 4;
			} else if (!strchr("\"\\/bfnrt", *p) || !*p) {
				return -1;
			}
		}
	}
	p++;
	return 0;
}

static int number(void)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (isdigit((unsigned char)*p))
		while (isdigit((unsigned char)*p))
			p++;
	else
		return -1;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p))
			return -1;
		while (isdigit((unsigned char)*p))
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!isdigit((unsigned char)*p))
			return -1;
		while (isdigit((unsigned char)*p))
			p++;
	}
	return 0;
}

static int object(int depth)
{
	p++;
	ws();
	if (*p == '}') {
		p++;
		return 0;
	}
	for (;;) {
		const char *k = p, *v;

		ws();
		k = p;
		if (string() < 0)
			return -1;
		ws();
		if (*p++ != ':')
			return -1;
		ws();
		v = p;
		if (value(depth + 1) < 0)
			return -1;
		if (depth == 0 && nmembers < (int)(sizeof(members) / sizeof(members[0]))) {
			struct member *m = &members[nmembers++];
			size_t kl = (size_t)(p - k);

			(void)kl;
			snprintf(m->key, sizeof(m->key), "%.*s", (int)(strchr(k + 1, '"') - k - 1), k + 1);
			m->val = v;
			m->len = (size_t)(p - v);
			m->is_str = *v == '"';
		}
		ws();
		if (*p == '}') {
			p++;
			return 0;
		}
		if (*p++ != ',')
			return -1;
	}
}

static int array(int depth)
{
	p++;
	ws();
	if (*p == ']') {
		p++;
		return 0;
	}
	for (;;) {
		ws();
		if (value(depth + 1) < 0)
			return -1;
		ws();
		if (*p == ']') {
			p++;
			return 0;
		}
		if (*p++ != ',')
			return -1;
	}
}

static int value(int depth)
{
	if (depth > 32)
		return -1;
	switch (*p) {
	case '{':
		return object(depth);
	case '[':
		return array(depth);
	case '"':
		return string();
	case 't':
		return strncmp(p, "true", 4) == 0 ? (p += 4, 0) : -1;
	case 'f':
		return strncmp(p, "false", 5) == 0 ? (p += 5, 0) : -1;
	case 'n':
		return strncmp(p, "null", 4) == 0 ? (p += 4, 0) : -1;
	default:
		return number();
	}
}

static const struct member *find(const char *key)
{
	int i;

	for (i = 0; i < nmembers; i++)
		if (strcmp(members[i].key, key) == 0)
			return &members[i];
	return NULL;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The text of a JSON string literal s (quotes excluded, len bytes), decoded. */
static void print_decoded(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned u = 0;
		int j;

		if (s[i] != '\\') {
			putchar(s[i]);
			continue;
		}
		switch (s[++i]) {
		case 'b': putchar('\b'); break;
		case 'f': putchar('\f'); break;
		case 'n': putchar('\n'); break;
		case 'r': putchar('\r'); break;
		case 't': putchar('\t'); break;
		case 'u':
			for (j = 1; j <= 4; j++)
				u = u * 16 + (unsigned)hexval(s[i + (size_t)j]);
			i += 4;
			/* The writer escapes control characters only: one byte each. */
			if (u < 0x80) {
				putchar((int)u);
			} else if (u < 0x800) {
				putchar((int)(0xc0 | (u >> 6)));
				putchar((int)(0x80 | (u & 0x3f)));
			} else {
				putchar((int)(0xe0 | (u >> 12)));
				putchar((int)(0x80 | ((u >> 6) & 0x3f)));
				putchar((int)(0x80 | (u & 0x3f)));
			}
			break;
		default: putchar(s[i]); break;	/* \" \\ \/ */
		}
	}
	putchar('\n');
}

int main(int argc, char **argv)
{
	const char *rec = NULL, *field = NULL;
	int decode = 0;
	char *line = NULL;
	size_t cap = 0;
	long lineno = 0;
	FILE *f;
	int c;

	while ((c = getopt(argc, argv, "dr:f:")) != -1) {
		if (c == 'd')
			decode = 1;
		else if (c == 'r')
			rec = optarg;
		else if (c == 'f')
			field = optarg;
		else
			return 2;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: jsonl-check [-d] [-r RECORD -f KEY] FILE\n");
		return 2;
	}
	f = strcmp(argv[optind], "-") ? fopen(argv[optind], "r") : stdin;
	if (!f) {
		perror(argv[optind]);
		return 2;
	}
	while (getline(&line, &cap, f) > 0) {
		const struct member *r, *m;

		lineno++;
		nmembers = 0;
		p = line;
		ws();
		if (*p != '{' || object(0) < 0) {
			fprintf(stderr, "line %ld: not a JSON object: %s", lineno, line);
			return 1;
		}
		ws();
		if (*p) {
			fprintf(stderr, "line %ld: junk after the object\n", lineno);
			return 1;
		}
		r = find("record");
		if (!r || !r->is_str) {
			fprintf(stderr, "line %ld: no \"record\" string\n", lineno);
			return 1;
		}
		if (!field || !rec || strncmp(r->val + 1, rec, r->len - 2) != 0 ||
		    strlen(rec) != r->len - 2)
			continue;
		m = find(field);
		if (!m) {
			fprintf(stderr, "line %ld: %s record has no \"%s\"\n", lineno, rec, field);
			return 1;
		}
		if (m->is_str && decode)
			print_decoded(m->val + 1, m->len - 2);
		else if (m->is_str)
			printf("%.*s\n", (int)m->len - 2, m->val + 1);
		else
			printf("%.*s\n", (int)m->len, m->val);
	}
	if (lineno == 0) {
		fprintf(stderr, "no lines\n");
		return 1;
	}
	free(line);
	return 0;
}

/*
 * xml-check - is a file well-formed XML, and which elements does it hold:
 * the tests' own checker, so that a chart is checked where no XML tool is
 * installed (xmllint checks it too where it is).
 *
 *   xml-check FILE            exit 0 if FILE is well-formed, else 1 and why
 *   xml-check -c CLASS FILE   also print the id of every element whose
 *                             class attribute holds CLASS, one per line
 *   xml-check -r FILE         also print the root element's name
 *
 * Well-formed here: an optional XML declaration, comments, one root
 * element, tags nested and closed in order, attributes as name="value" or
 * name='value' without '<' and unique per element, text and values free
 * of a bare '&' (only the five named entities and numeric references),
 * no control characters, valid UTF-8.  No DTD, no CDATA: the chart writer
 * emits neither, so a file with them is rejected rather than half-read.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *src;
static size_t pos, len;
static int line = 1;

static void bad(const char *why)
{
	fprintf(stderr, "xml-check: line %d: %s\n", line, why);
	exit(1);
}

static int peek(size_t ahead)
{
	return pos + ahead < len ? (unsigned char)src[pos + ahead] : -1;
}

static void advance(size_t n)
{
	while (n-- > 0 && pos < len)
		if (src[pos++] == '\n')
			line++;
}

static int starts(const char *s)
{
	return len - pos >= strlen(s) && memcmp(src + pos, s, strlen(s)) == 0;
}

static void space(void)
{
	while (peek(0) == ' ' || peek(0) == '\t' || peek(0) == '\n' || peek(0) == '\r')
		advance(1);
}

static int name_char(int c, int first)
{
	return isalpha(c) || c == '_' || c == ':' || c >= 0x80 ||
	       (!first && (isdigit(c) || c == '-' || c == '.'));
}

/* A name into buf; bad() if there is none. */
static void name(char *buf, size_t size)
{
	size_t n = 0;

	if (!name_char(peek(0), 1))
		bad("a name was expected");
	while (name_char(peek(0), 0)) {
		if (n + 1 < size)
			buf[n++] = src[pos];
		advance(1);
	}
	buf[n] = '\0';
}

/* An entity or character reference after '&'. */
static void reference(void)
{
	static const char *const named[] = { "amp;", "lt;", "gt;", "quot;", "apos;" };
	size_t i;

	advance(1);
	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (starts(named[i])) {
			advance(strlen(named[i]));
			return;
		}
	if (peek(0) == '#') {
		int hex = peek(1) == 'x', digits = 0;

		advance(hex ? 2 : 1);
		while (hex ? isxdigit(peek(0)) : isdigit(peek(0))) {
			advance(1);
			digits++;
		}
		if (digits && peek(0) == ';') {
			advance(1);
			return;
		}
	}
	bad("a bare '&' (not an entity or character reference)");
}

/* Character data up to stop (a quote, or '<' for text). */
static void chars(int stop)
{
	int c;

	while ((c = peek(0)) != stop) {
		if (c < 0)
			bad("the file ends inside text or a value");
		if (c == '&') {
			reference();
			continue;
		}
		if (c == '<')
			bad("a '<' inside an attribute value");
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			bad("a control character");
		if (c >= 0x80) {
			/* A UTF-8 sequence: a lead byte and its continuation bytes. */
			int n = c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1, i;

			if (n < 0 || c >= 0xf5)
				bad("invalid UTF-8");
			for (i = 1; i <= n; i++)
				if (peek((size_t)i) < 0x80 || peek((size_t)i) > 0xbf)
					bad("invalid UTF-8");
			advance((size_t)n);
		}
		advance(1);
	}
}

static void comment(void)
{
	advance(4);
	while (!starts("-->")) {
		if (pos >= len)
			bad("an unclosed comment");
		if (starts("--"))
			bad("'--' inside a comment");
		advance(1);
	}
	advance(3);
}

#define MAX_DEPTH 256
#define MAX_ATTRS 64

static char stack[MAX_DEPTH][64];
static int depth;
static const char *want_class;

/* Does the space-separated list v (len n) hold word? */
static int has_word(const char *v, size_t n, const char *word)
{
	size_t w = strlen(word), i = 0;

	while (i < n) {
		size_t j = i;

		while (j < n && v[j] != ' ')
			j++;
		if (j - i == w && memcmp(v + i, word, w) == 0)
			return 1;
		i = j + 1;
	}
	return 0;
}

/* After '<': a start tag (maybe empty) or an end tag. */
static void tag(void)
{
	char el[64], attrs[MAX_ATTRS][64], id[256] = "";
	int nattrs = 0, i, quote, classed = 0;

	if (peek(0) == '/') {
		advance(1);
		name(el, sizeof(el));
		space();
		if (peek(0) != '>')
			bad("an end tag without '>'");
		advance(1);
		if (depth == 0 || strcmp(stack[depth - 1], el) != 0)
			bad("an end tag that does not close the open element");
		depth--;
		return;
	}
	name(el, sizeof(el));
	for (;;) {
		size_t vstart;

		if (peek(0) == '/' || peek(0) == '>')
			break;
		if (peek(0) != ' ' && peek(0) != '\t' && peek(0) != '\n' && peek(0) != '\r')
			bad("attributes must be separated by white space");
		space();
		if (peek(0) == '/' || peek(0) == '>')
			break;
		if (nattrs == MAX_ATTRS)
			bad("too many attributes");
		name(attrs[nattrs], sizeof(attrs[nattrs]));
		for (i = 0; i < nattrs; i++)
			if (strcmp(attrs[i], attrs[nattrs]) == 0)
				bad("an attribute given twice");
		space();
		if (peek(0) != '=')
			bad("an attribute without '='");
		advance(1);
		space();
		quote = peek(0);
		if (quote != '"' && quote != '\'')
			bad("an attribute value without quotes");
		advance(1);
		vstart = pos;
		chars(quote);
		if (strcmp(attrs[nattrs], "class") == 0 && want_class &&
		    has_word(src + vstart, pos - vstart, want_class))
			classed = 1;
		if (strcmp(attrs[nattrs], "id") == 0 && pos - vstart < sizeof(id)) {
			memcpy(id, src + vstart, pos - vstart);
			id[pos - vstart] = '\0';
		}
		advance(1);
		nattrs++;
	}
	if (classed)
		printf("%s\n", id[0] ? id : "(no id)");
	if (peek(0) == '/') {
		advance(1);
		if (peek(0) != '>')
			bad("'/' without '>'");
		advance(1);
		return;
	}
	advance(1);
	if (depth == MAX_DEPTH)
		bad("elements nested too deep");
	snprintf(stack[depth++], sizeof(stack[0]), "%s", el);
}

int main(int argc, char **argv)
{
	char root[64] = "";
	int print_root = 0, roots = 0, i;
	const char *path = NULL;
	FILE *f;
	char *buf;
	size_t cap = 1 << 16, n = 0, got;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-c") == 0 && i + 1 < argc)
			want_class = argv[++i];
		else if (strcmp(argv[i], "-r") == 0)
			print_root = 1;
		else if (!path)
			path = argv[i];
		else
			path = NULL, i = argc;
	}
	if (!path) {
		fprintf(stderr, "usage: xml-check [-r] [-c CLASS] FILE\n");
		return 2;
	}
	f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		perror(path);
		return 2;
	}
	buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	if (!buf)
		bad("out of memory");
	src = buf;
	len = n;

	if (starts("<?xml")) {
		while (!starts("?>")) {
			if (pos >= len)
				bad("an unclosed XML declaration");
			advance(1);
		}
		advance(2);
	}
	for (;;) {
		if (depth == 0) {
			space();
			if (pos >= len)
				break;
		}
		if (peek(0) == '<') {
			if (starts("<!--")) {
				comment();
			} else if (peek(1) == '!' || peek(1) == '?') {
				bad("a DTD, CDATA section or processing instruction");
			} else {
				advance(1);
				if (depth == 0 && peek(0) != '/') {
					size_t at = pos;

					if (roots++)
						bad("more than one root element");
					name(root, sizeof(root));
					pos = at;
				}
				tag();
			}
		} else if (depth == 0) {
			bad("text outside the root element");
		} else {
			chars('<');
		}
	}
	if (!roots)
		bad("no root element");
	if (print_root)
		printf("%s\n", root);
	free(buf);
	return 0;
}

/*
 * unit-parse.c - the number, size and cpulist parsers reject junk and
 * accept exactly what the man pages promise.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "core/cpuset.h"
#include "core/parse.h"
#include "unit.h"

static int u64(const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
	return ct_parse_u64(s, min, max, v, NULL);
}

static int size(const char *s, uint64_t *v)
{
	return ct_parse_size(s, 1, UINT64_MAX, v, NULL);
}

static int list_is(const char *text, const char *want)
{
	struct ct_cpuset s;
	char buf[256];

	if (ct_cpuset_parse(text, &s, NULL) < 0)
		return 0;
	return strcmp(ct_cpuset_format(&s, buf, sizeof(buf)), want) == 0;
}

static int list_bad(const char *text)
{
	struct ct_cpuset s;
	const char *why = NULL;

	return ct_cpuset_parse(text, &s, &why) < 0 && why != NULL;
}

int main(void)
{
	uint64_t v = 0;
	struct ct_cpuset a, b;

	/* Integers. */
	CHECK(u64("15", 1, 100, &v) == 0 && v == 15);
	CHECK(u64("0", 0, 1, &v) == 0 && v == 0);
	CHECK(u64("18446744073709551615", 0, UINT64_MAX, &v) == 0 && v == UINT64_MAX);
	CHECK(u64("18446744073709551616", 0, UINT64_MAX, &v) < 0);
	CHECK(u64("99999999999999999999999", 0, UINT64_MAX, &v) < 0);
	CHECK(u64("12x", 0, 100, &v) < 0);
	CHECK(u64("x", 0, 100, &v) < 0);
	CHECK(u64("", 0, 100, &v) < 0);
	CHECK(u64("-1", 0, 100, &v) < 0);
	CHECK(u64("+1", 0, 100, &v) < 0);
	CHECK(u64(" 1", 0, 100, &v) < 0);
	CHECK(u64("1 ", 0, 100, &v) < 0);
	CHECK(u64("0x10", 0, 100, &v) < 0);
	CHECK(u64("0", 1, 100, &v) < 0);
	CHECK(u64("101", 1, 100, &v) < 0);

	/* Sizes. */
	CHECK(size("64M", &v) == 0 && v == 64ull << 20);
	CHECK(size("64MiB", &v) == 0 && v == 64ull << 20);
	CHECK(size("32k", &v) == 0 && v == 32768);
	CHECK(size("1G", &v) == 0 && v == 1ull << 30);
	CHECK(size("4096", &v) == 0 && v == 4096);
	CHECK(size("2T", &v) == 0 && v == 2ull << 40);
	CHECK(size("0", &v) < 0);
	CHECK(size("64X", &v) < 0);
	CHECK(size("M", &v) < 0);
	CHECK(size("-64M", &v) < 0);
	CHECK(size("1.5G", &v) < 0);
	CHECK(size("99999999999T", &v) < 0);
	CHECK(size("17179869184G", &v) < 0);

	/* cpulists, as the kernel writes them and as users type them. */
	CHECK(list_is("0-3,8,10-11\n", "0-3,8,10-11"));
	CHECK(list_is("", ""));
	CHECK(list_is("\n", ""));
	CHECK(list_is("5", "5"));
	CHECK(list_is("3,2,1,0", "0-3"));
	CHECK(list_is("0-7:2", "0,2,4,6"));
	/* A range of one cpu is that cpu, not a reversed range. */
	CHECK(list_is("3-3", "3"));
	CHECK(list_is("1,4-4,6", "1,4,6"));
	CHECK(list_is("8191", "8191"));
	CHECK(list_bad("0-"));
	CHECK(list_bad("-3"));
	CHECK(list_bad("3-1"));
	CHECK(list_bad("1,,2"));
	CHECK(list_bad("1,"));
	CHECK(list_bad("abc"));
	CHECK(list_bad("1 2"));
	CHECK(list_bad("8192"));
	CHECK(list_bad("99999999999999999999"));
	CHECK(list_bad("0-3:0"));

	/* Set algebra used for online & allowed. */
	ct_cpuset_parse("0-7", &a, NULL);
	ct_cpuset_parse("4-11", &b, NULL);
	ct_cpuset_and(&a, &a, &b);
	CHECK(ct_cpuset_count(&a) == 4 && ct_cpuset_next(&a, 0) == 4);
	CHECK(ct_cpuset_next(&a, 8) == -1);
	ct_cpuset_parse("0-7", &a, NULL);
	ct_cpuset_andnot(&a, &a, &b);
	CHECK(ct_cpuset_count(&a) == 4 && !ct_cpuset_isset(&a, 4));
	ct_cpuset_parse("100,4000", &a, NULL);
	CHECK(ct_cpuset_next(&a, 101) == 4000);

	/*
	 * ct_cpuset_foreach: every cpu once, in order, word edges and the
	 * last id included; break and continue; a cpu the body removes
	 * ahead of it is not reached; an empty set runs no body.
	 */
	{
		static const int want[] = { 0, 1, 63, 64, 100, 4000, 8191 };
		int got[16], n = 0, c, sum = 0;

		ct_cpuset_parse("0-1,63-64,100,4000,8191", &a, NULL);
		ct_cpuset_foreach(c, &a)
			if (n < 16)
				got[n++] = c;
		CHECK(n == 7 && memcmp(got, want, sizeof(want)) == 0);
		n = 0;
		ct_cpuset_foreach(c, &a) {
			if (c == 63)
				continue;
			if (c == 4000)
				break;
			if (c == 64)
				ct_cpuset_clear(&a, 100);
			sum += c;
			n++;
		}
		CHECK(n == 3 && sum == 0 + 1 + 64);
		ct_cpuset_zero(&b);
		n = 0;
		ct_cpuset_foreach(c, &b)
			n++;
		CHECK(n == 0);
	}

	return unit_done();
}

/*
 * records/number.c - a number's text in the record writer's outputs: TSV
 * and JSON keep SI base units and six significant digits; the table and
 * Markdown give each number in the unit that fits it (a time in ns, µs,
 * ms or s; a latency as ns per load rather than loads per ns) with the
 * digits that show a difference the verdicts call.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/record.h"
#include "records/writer.h"

/*
 * A unit's decimals in the text outputs, and the unit a "%R" cell shows
 * instead: its reciprocal where that is what a reader thinks in (the time
 * or cycles one load takes, not loads per nanosecond).  One entry per
 * unit the tools write.
 */
static const struct {
	const char *unit;
	int decimals;
	const char *recip;
} units[] = {
	{ "GHz", 3, NULL },
	{ "GFLOP/s", 2, NULL },
	{ "GB/s", 2, NULL },
	{ "flop/cycle", 3, NULL },
	{ "fma/cycle", 3, NULL },
	{ "byte/cycle", 3, NULL },
	{ "share", 3, NULL },
	{ "load/ns", 3, "ns/load" },
	{ "load/cycle", 3, "cyc/load" },
};

/* The times a text shows, the largest first: a time is in the largest it is 1 of. */
static const struct {
	const char *name;
	double scale;			/* in seconds */
} time_units[] = {
	{ "s", 1 }, { "ms", 1e-3 }, { "\xc2\xb5s", 1e-6 }, { "ns", 1e-9 },
};

static int unit_index(const char *unit)
{
	size_t i;

	for (i = 0; unit && i < CT_ARRAY_SIZE(units); i++)
		if (strcmp(unit, units[i].unit) == 0)
			return (int)i;
	return -1;
}

int ct_rec_unit_decimals(const char *unit)
{
	int i = unit_index(unit);

	return i < 0 ? 3 : units[i].decimals;
}

const char *ct_rec_unit_text(const char *unit)
{
	int i = unit_index(unit);

	return i >= 0 && units[i].recip ? units[i].recip : unit;
}

/*
 * The decimals that give x four significant digits (three at least from
 * 1000 up): 1.234, 12.34, 123.4, 1234; a difference of 0.1% shows.
 */
static int digits4(double x)
{
	double a = fabs(x);

	return a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
}

/*
 * The time unit of s seconds: the largest that s, to four digits, is at
 * least 1 of (0.99996 s is 1.000 s, not 1000 ms); seconds for 0 and what
 * is not finite.
 */
static size_t time_unit(double s)
{
	char r[32];
	double a;
	size_t i;

	if (!isfinite(s))
		return 0;
	snprintf(r, sizeof(r), "%.4g", fabs(s));
	a = strtod(r, NULL);
	if (a == 0)
		return 0;
	for (i = 0; i + 1 < CT_ARRAY_SIZE(time_units); i++)
		if (a >= time_units[i].scale)
			break;
	return i;
}

const char *ct_rec_time_unit(double s, double *scale)
{
	size_t u = time_unit(s);

	*scale = 1 / time_units[u].scale;
	return time_units[u].name;
}

void ct_rec_time_text(char *buf, size_t len, double s)
{
	size_t u = time_unit(s);
	double x = s / time_units[u].scale;

	if (!isfinite(s))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f %s", digits4(x), x, time_units[u].name);
}

void ct_rec_time_range(char *buf, size_t len, double lo, double hi)
{
	size_t u = time_unit(fabs(lo) > fabs(hi) ? lo : hi);
	double scale = time_units[u].scale;
	int d = digits4(fabs(lo) > fabs(hi) ? lo / scale : hi / scale);

	if (!isfinite(lo) || !isfinite(hi))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f .. %.*f %s", d, lo / scale, d, hi / scale,
			 time_units[u].name);
}

void ct_rec_range_text(char *buf, size_t len, double lo, double hi, const char *unit)
{
	int u = unit_index(unit), d;

	if (unit && strcmp(unit, "s") == 0) {
		ct_rec_time_range(buf, len, lo, hi);
		return;
	}
	if (!isfinite(lo) || !isfinite(hi)) {
		snprintf(buf, len, "-");
		return;
	}
	if (u >= 0 && units[u].recip) {
		double a = 1 / hi, b = 1 / lo;

		d = digits4(fabs(a) > fabs(b) ? a : b);
		snprintf(buf, len, "%.*f .. %.*f", d, a, d, b);
		return;
	}
	d = u < 0 ? 3 : units[u].decimals;
	snprintf(buf, len, "%.*f .. %.*f", d, lo, d, hi);
}

void ct_rec_number(char *buf, size_t len, const char *spec, double v, const char *unit)
{
	const char *p = spec ? spec + 1 : "";
	int prec = 6, u;
	char conv = 'g';

	if (!isfinite(v)) {
		snprintf(buf, len, "-");
		return;
	}
	/* A width says how wide the column is (ct_rec_spec_width()), not the text. */
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.') {
		prec = 0;
		for (p++; *p >= '0' && *p <= '9'; p++)
			prec = prec * 10 + (*p - '0');
	}
	if (*p)
		conv = *p;
	/* A time in seconds, in the unit that fits it. */
	if (conv == 'T' || ((conv == 'U' || conv == 'R') && unit && strcmp(unit, "s") == 0)) {
		ct_rec_time_text(buf, len, v);
		return;
	}
	u = unit_index(unit);
	if (conv == 'R' && u >= 0 && units[u].recip) {
		v = 1 / v;
		prec = digits4(v);
		conv = 'f';
	} else if (conv == 'U' || conv == 'R') {
		prec = u < 0 ? 3 : units[u].decimals;
		conv = 'f';
	}
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (conv == 'f')
		snprintf(buf, len, "%.*f", prec, v);
	else if (conv == 'd')
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.*g", prec, v);
}

size_t ct_rec_spec_width(const char *spec)
{
	size_t w = 0;

	if (!spec || *spec != '%')
		return 0;
	for (spec++; *spec >= '0' && *spec <= '9'; spec++)
		w = w * 10 + (size_t)(*spec - '0');
	return w;
}

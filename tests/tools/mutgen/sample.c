/*
 * A made-up file for tests/tools/mutgen.sh: one line per operator class,
 * and the text no mutant may touch: comments (x < 1 && y), strings,
 * character constants, preprocessor lines and includes.
 */
#include <stdio.h>
#define LIMIT (4 + 1)

static int count(const int *v, int n, int lo)
{
	int i, k = 0;
	char buf[64];

	for (i = 0; i < n; i++)
		if (v[i] >= lo && v[i] != 'x')
			k += 2;
	snprintf(buf, sizeof(buf), "a < b || c == 1 %d", n); /* n - 1 > 0 */
	total = a * b / 2;
	// x > 3
	if (!done || k == -1)
		step(k, n);
	return k;
}

/*
 * machine/recorded-text.c - the text files of a recorded machine that are not kernel
 * files: cpuid.txt (what CPUID answered on each cpu), and for a Mac
 * sysctl.txt (sysctl(8) output) and ioreg-cpus.txt (the IORegistry's
 * cpus).  Portable, so recorded Macs are read and tested on Linux too.
 * A line that does not parse is an error naming the file and line.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "machine/topo.h"

/* Longest line kept; longer lines are errors, not truncated values. */
#define LINE_MAX_LEN 4096

/*
 * Next meaningful line: comments ('#' to the end) and blank lines skipped,
 * white space trimmed.  Returns 1, 0 at EOF, -1 on an over-long line.
 */
static int next_line(FILE *f, char **line, size_t *cap, long *lineno, char **out)
{
	ssize_t n;
	char *s, *e;

	while ((n = getline(line, cap, f)) >= 0) {
		(*lineno)++;
		if (n > LINE_MAX_LEN || strlen(*line) != (size_t)n)
			return -1;
		s = *line;
		if ((e = strchr(s, '#')))
			*e = '\0';
		while (isspace((unsigned char)*s))
			s++;
		e = s + strlen(s);
		while (e > s && isspace((unsigned char)e[-1]))
			*--e = '\0';
		if (*s) {
			*out = s;
			return 1;
		}
	}
	return 0;
}

static int bad_line(char *why, size_t len, const char *name, long lineno, const char *what)
{
	snprintf(why, len, "%s:%ld: %s", name, lineno, what);
	return -1;
}

static int parse_u32(const char *s, int base, uint32_t *out)
{
	char *end;
	unsigned long long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, base);
	if (*end || errno == ERANGE || v > 0xffffffffull)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int ct_cpuid_parse(FILE *f, const char *name, ct_cpuid_line each, void *arg, char *why,
		   size_t len)
{
	static const char *const keys[] = { "cpu", "leaf", "sub", "eax", "ebx", "ecx", "edx" };
	char *line = NULL, *s, *tok, *save;
	const char *err = NULL;
	size_t cap = 0;
	long lineno = 0;
	int rc = 0;

	while (!err && (rc = next_line(f, &line, &cap, &lineno, &s)) > 0) {
		uint32_t v[7];
		int have = 0;
		size_t k;

		for (tok = strtok_r(s, " \t", &save); tok && !err; tok = strtok_r(NULL, " \t", &save)) {
			char *eq = strchr(tok, '=');

			if (!eq) {
				err = "expected key=value";
				break;
			}
			*eq = '\0';
			for (k = 0; k < CT_ARRAY_SIZE(keys); k++)
				if (strcmp(tok, keys[k]) == 0)
					break;
			if (k == CT_ARRAY_SIZE(keys))
				err = "unknown key";
			else if (parse_u32(eq + 1, k == 0 ? 10 : 16, &v[k]) < 0)
				err = k == 0 ? "cpu is not a number" : "value is not a hex number";
			else
				have |= 1 << k;
		}
		if (err)
			break;
		if (have != (1 << CT_ARRAY_SIZE(keys)) - 1)
			err = "needs cpu, leaf, sub, eax, ebx, ecx and edx";
		else if (v[0] >= CT_CPUSET_MAX)
			err = "cpu number too large";
		else
			each(arg, v[0], v[1], v[2], v + 3);
	}
	free(line);
	if (!err && rc < 0)
		err = "line too long";
	return err ? bad_line(why, len, name, lineno, err) : 0;
}

static void topo_cpuid_line(void *arg, uint32_t cpu, uint32_t leaf, uint32_t sub,
			    const uint32_t r[4])
{
	struct ct_topo *t = arg;

	ct_topo_grow(t, (int)cpu + 1);
	ct_topo_cpuid_fact(&t->cpu[cpu], &t->vendor, leaf, sub, r);
}

int ct_topo_parse_cpuid(struct ct_topo *t, FILE *f, const char *name, char *why,
			size_t len)
{
	return ct_cpuid_parse(f, name, topo_cpuid_line, t, why, len);
}

/* "hw.perflevel1.name" -> 1 and "name"; -1 if key is not a perflevel key. */
static int perflevel_key(const char *key, const char **field)
{
	static const char prefix[] = "hw.perflevel";
	char *end;
	long n;

	if (strncmp(key, prefix, sizeof(prefix) - 1) != 0)
		return -1;
	key += sizeof(prefix) - 1;
	if (!isdigit((unsigned char)*key))
		return -1;
	n = strtol(key, &end, 10);
	if (*end != '.' || n > 1000)
		return -1;
	*field = end + 1;
	return (int)n;
}

/* A count of cpus: 0, or the error for the line ("value is not a number"). */
static const char *parse_count(const char *s, int *out)
{
	uint32_t v;

	if (s[0] && strspn(s, "0123456789") == strlen(s) &&
	    (parse_u32(s, 10, &v) < 0 || v > CT_CPUSET_MAX))
		return "value is too large for a count of cpus";
	if (parse_u32(s, 10, &v) < 0)
		return "value is not a number";
	*out = (int)v;
	return NULL;
}

int ct_topo_parse_sysctl(struct ct_topo *t, FILE *f, const char *name, char *why,
			 size_t len)
{
	char *line = NULL, *s, *val;
	const char *err = NULL;
	size_t cap = 0;
	long lineno = 0;
	int rc = 0;

	t->mac = 1;
	while (!err && (rc = next_line(f, &line, &cap, &lineno, &s)) > 0) {
		const char *field;
		size_t n = strlen(s);
		int l;

		val = strstr(s, ": ");
		if (val) {
			*val = '\0';
			val += 2;
			while (isspace((unsigned char)*val))
				val++;
		} else if (s[n - 1] == ':') {
			/* sysctl prints "key:" alone for an empty value. */
			s[n - 1] = '\0';
			val = s + n;
		} else {
			err = "expected 'key: value'";
			break;
		}
		if (strcmp(s, "hw.nperflevels") == 0) {
			err = parse_count(val, &t->nperflevels);
			if (!err && t->nperflevels > CT_TOPO_PERFLEVELS)
				err = "too many perflevels";
		} else if (strcmp(s, "hw.logicalcpu") == 0) {
			err = parse_count(val, &t->mac_ncpu);
		} else if (strcmp(s, "machdep.cpu.brand_string") == 0) {
			snprintf(t->model, sizeof(t->model), "%s", val);
		} else if ((l = perflevel_key(s, &field)) >= 0) {
			if (l >= CT_TOPO_PERFLEVELS)
				err = "perflevel number too large";
			else if (strcmp(field, "name") == 0)
				snprintf(t->perflevel[l].name, sizeof(t->perflevel[l].name), "%s", val);
			else if (strcmp(field, "logicalcpu") == 0)
				err = parse_count(val, &t->perflevel[l].logicalcpu);
		}
	}
	free(line);
	if (!err && rc < 0)
		err = "line too long";
	return err ? bad_line(why, len, name, lineno, err) : 0;
}

int ct_topo_mac_cpus(struct ct_topo *t, char *why, size_t len)
{
	int n = t->mac_ncpu, l, i;

	if (n == 0)
		for (l = 0; l < t->nperflevels; l++)
			n += t->perflevel[l].logicalcpu;
	if (n <= 0) {
		snprintf(why, len, "neither hw.logicalcpu nor hw.perflevelN.logicalcpu says how many cpus there are");
		return -1;
	}
	/* Each level's count is at most CT_CPUSET_MAX, their sum need not be. */
	if (n > CT_CPUSET_MAX) {
		snprintf(why, len, "hw.perflevelN.logicalcpu add up to %d cpus, more than %d", n,
			 CT_CPUSET_MAX);
		return -1;
	}
	for (l = 0; l < t->nperflevels; l++)
		if (!t->perflevel[l].name[0] || t->perflevel[l].logicalcpu <= 0) {
			snprintf(why, len, "hw.nperflevels is %d but hw.perflevel%d.name or "
				 ".logicalcpu is missing", t->nperflevels, l);
			return -1;
		}
	ct_topo_grow(t, n);
	ct_cpuset_zero(&t->online);
	for (i = 0; i < n; i++) {
		ct_cpuset_set(&t->online, i);
		t->cpu[i].online = 1;
	}
	t->possible = t->online;
	t->allowed = t->online;
	t->arch = CT_TOPO_ARCH_UNKNOWN;
	return 0;
}

int ct_topo_parse_ioreg(struct ct_topo *t, FILE *f, const char *name, char *why,
			size_t len)
{
	char *line = NULL, *s, *tok, *save;
	const char *err = NULL;
	size_t cap = 0;
	long lineno = 0;
	int rc = 0;

	while (!err && (rc = next_line(f, &line, &cap, &lineno, &s)) > 0) {
		int id = -1;
		char type = 0;
		uint32_t v;

		for (tok = strtok_r(s, " \t", &save); tok && !err; tok = strtok_r(NULL, " \t", &save)) {
			if (strncmp(tok, "logical-cpu-id=", 15) == 0) {
				if (parse_u32(tok + 15, 10, &v) < 0 || v >= CT_CPUSET_MAX)
					err = "logical-cpu-id is not a cpu number";
				else
					id = (int)v;
			} else if (strncmp(tok, "cluster-type=", 13) == 0) {
				type = tok[13];
				if (!isupper((unsigned char)type) || tok[14])
					err = "cluster-type is not one letter (E, P)";
			}
		}
		if (err)
			break;
		if (id < 0 || !type)
			err = "needs logical-cpu-id= and cluster-type=";
		else if (id >= t->ncpu || !ct_cpuset_isset(&t->online, id))
			err = "logical-cpu-id beyond hw.logicalcpu";
		else if (t->cpu[id].cluster_type)
			err = "logical-cpu-id listed twice";
		else {
			t->cpu[id].cluster_type = type;
			t->have_ioreg = 1;
		}
	}
	free(line);
	if (!err && rc < 0)
		err = "line too long";
	return err ? bad_line(why, len, name, lineno, err) : 0;
}

/*
 * machine/sysfs.c - read a Linux machine's cpu facts from sysfs and procfs
 * under a root directory: "" for the live machine, or a recorded tree
 * (ct-place --sysroot DIR), which mirrors the files below DIR.  Plain file
 * reads only, so recorded trees can be read (and tested) on any OS.
 *
 * Optional files may be missing; a file that is there must make sense: a
 * value that is not a number, a cpulist that does not parse or a value
 * longer than any sysfs file is an error naming the file, never a guess.
 * Sources: Documentation/admin-guide/cputopology.rst (online, possible,
 * cpulists), Documentation/ABI/testing/sysfs-devices-system-cpu.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "core/parse.h"
#include "machine/topo.h"

/* Longer than any sysfs value (a cpulist of 8192 single cpus is ~40 KiB). */
#define VALUE_MAX (64 * 1024)
#define PATH_LEN 4096
/* Larger than any file of a machine: /proc/cpuinfo of 8192 cpus is ~12 MiB. */
#define FILE_MAX (64 << 20)

/* A value for a message: at most 40 printable characters, quoted. */
static const char *quote(const char *v, char *buf, size_t len)
{
	size_t i, o = 0;

	for (i = 0; v[i] && o + 5 < len && i < 40; i++)
		buf[o++] = isprint((unsigned char)v[i]) ? v[i] : '?';
	if (v[i] && o + 4 < len) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}

static void __attribute__((format(printf, 4, 0)))
vpath(char *buf, size_t len, const char *root, const char *fmt, va_list ap)
{
	int n = snprintf(buf, len, "%s/", root);

	if (n < 0 || (size_t)n >= len)
		n = 0;
	vsnprintf(buf + n, len - (size_t)n, fmt, ap);
}

/*
 * Regular files only: every sysfs and procfs file this reads is one, and
 * a FIFO or a device planted in a recorded tree (/dev/zero as cpu/online)
 * would otherwise block or never end.  Nothing this reads is near
 * FILE_MAX either, so a huge file is refused before a line of it is held
 * in memory.
 */
int ct_topo_open_file(const char *p, FILE **fp, char *why, size_t len)
{
	struct stat st;
	int fd;

	*fp = NULL;
	fd = open(p, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		snprintf(why, len, "%s: %s", p, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0)
		snprintf(why, len, "%s: %s", p, strerror(errno));
	else if (S_ISDIR(st.st_mode))
		snprintf(why, len, "%s: %s", p, strerror(EISDIR));
	else if (!S_ISREG(st.st_mode))
		snprintf(why, len, "%s: not a regular file", p);
	else if (st.st_size > FILE_MAX)
		snprintf(why, len, "%s: larger than %d MiB: not a machine's file", p,
			 FILE_MAX >> 20);
	else if ((*fp = fdopen(fd, "r")) == NULL)
		snprintf(why, len, "%s: %s", p, strerror(errno));
	if (*fp)
		return 1;
	close(fd);
	return -1;
}

/* Read the file p into val (trailing white space removed): 1 read, 0 absent, -1 error. */
static int read_file(const char *p, char *val, char *why, size_t len)
{
	FILE *f;
	size_t n;
	int rc;

	rc = ct_topo_open_file(p, &f, why, len);
	if (rc <= 0)
		return rc;
	n = fread(val, 1, VALUE_MAX, f);
	if (ferror(f)) {
		snprintf(why, len, "%s: %s", p, strerror(errno));
		fclose(f);
		return -1;
	}
	fclose(f);
	if (n == VALUE_MAX) {
		snprintf(why, len, "%s: longer than %d bytes: not a sysfs value", p, VALUE_MAX - 1);
		return -1;
	}
	val[n] = '\0';
	if (strlen(val) != n) {
		snprintf(why, len, "%s: contains a NUL byte", p);
		return -1;
	}
	while (n && isspace((unsigned char)val[n - 1]))
		val[--n] = '\0';
	return 1;
}

/* read_file() of root/fmt...; p (PATH_LEN bytes) gets the path for messages. */
static int __attribute__((format(printf, 6, 7)))
read_value(const char *root, char *val, char *p, char *why, size_t len,
	   const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vpath(p, PATH_LEN, root, fmt, ap);
	va_end(ap);
	return read_file(p, val, why, len);
}

/* A decimal integer in [min, max] (parse.h); -1 with a message naming p. */
static int parse_long(const char *p, const char *val, long min, long max, long *out,
		      char *why, size_t len)
{
	const char *reason = "";
	char q[64];
	uint64_t v;

	if (ct_parse_u64(val, (uint64_t)min, (uint64_t)max, &v, &reason) < 0) {
		snprintf(why, len, "%s: '%s': %s (expected %ld to %ld)", p,
			 quote(val, q, sizeof(q)), reason, min, max);
		return -1;
	}
	*out = (long)v;
	return 0;
}

static int parse_list(const char *p, const char *val, struct ct_cpuset *s, char *why,
		      size_t len)
{
	const char *reason = "";
	char q[64];

	if (ct_cpuset_parse(val, s, &reason) < 0) {
		snprintf(why, len, "%s: '%s' is not a cpulist: %s", p, quote(val, q, sizeof(q)),
			 reason);
		return -1;
	}
	return 0;
}

/* Optional number: 1 read, 0 absent, -1 error. */
static int __attribute__((format(printf, 8, 9)))
read_long(const char *root, char *val, long min, long max, long *out, char *why,
	  size_t len, const char *fmt, ...)
{
	char p[PATH_LEN];
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vpath(p, sizeof(p), root, fmt, ap);
	va_end(ap);
	rc = read_file(p, val, why, len);
	if (rc <= 0)
		return rc;
	return parse_long(p, val, min, max, out, why, len) < 0 ? -1 : 1;
}

/* The last-level caches seen so far, to number them (llc_id). */
struct llc_table {
	struct ct_cpuset *set;
	int n;
};

static int llc_id(struct llc_table *tab, const struct ct_cpuset *s)
{
	int i;

	for (i = 0; i < tab->n; i++)
		if (ct_cpuset_equal(&tab->set[i], s))
			return i;
	tab->set = ct_xrealloc(tab->set, (size_t)(tab->n + 1) * sizeof(*tab->set));
	tab->set[tab->n] = *s;
	return tab->n++;
}

/* cpuN/cache/index*: an L3 among them, and the last-level cache's cpus. */
static int read_cache(const char *root, int cpu, struct ct_topo_cpu *c,
		      struct llc_table *tab, char *val, char *why, size_t len)
{
	char p[PATH_LEN];
	struct ct_cpuset llc;
	int k, rc, best = 0, have_llc = 0;

	for (k = 0; k < 32; k++) {
		long level;

		rc = read_long(root, val, 0, 7, &level, why, len,
			       "sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, k);
		if (rc < 0)
			return -1;
		if (rc == 0)
			break;
		c->cache_known = 1;
		if (level == 3)
			c->has_l3 = 1;
		if (level < best)
			continue;
		rc = read_value(root, val, p, why, len,
				"sys/devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list", cpu, k);
		if (rc < 0)
			return -1;
		best = (int)level;
		have_llc = 0;
		if (rc == 1) {
			if (parse_list(p, val, &llc, why, len) < 0)
				return -1;
			have_llc = 1;
		}
	}
	if (have_llc)
		c->llc_id = llc_id(tab, &llc);
	return 0;
}

/* regs/identification/midr_el1: "0x%016llx" (arch/arm64/kernel/cpuinfo.c). */
static int read_midr(const char *root, int cpu, struct ct_topo_cpu *c, char *val,
		     char *why, size_t len)
{
	char p[PATH_LEN], q[64], *end;
	unsigned long long m;
	int rc;

	rc = read_value(root, val, p, why, len,
			"sys/devices/system/cpu/cpu%d/regs/identification/midr_el1", cpu);
	if (rc <= 0)
		return rc;
	errno = 0;
	m = strtoull(val, &end, 16);
	if (end == val || *end || errno == ERANGE || val[0] == '-') {
		snprintf(why, len, "%s: '%s' is not a hexadecimal MIDR", p, quote(val, q, sizeof(q)));
		return -1;
	}
	c->has_midr = 1;
	c->implementer = (unsigned)(m >> 24) & 0xff;
	c->variant = (unsigned)(m >> 20) & 0xf;
	c->part = (unsigned)(m >> 4) & 0xfff;
	c->revision = (unsigned)m & 0xf;
	return 1;
}

static int read_cpu(struct ct_topo *t, const char *root, int i, struct llc_table *tab,
		    char *val, char *why, size_t len)
{
	struct ct_topo_cpu *c = &t->cpu[i];
	char p[PATH_LEN];
	struct stat st;
	long v;
	int rc;

	/*
	 * The kernel makes a directory for every cpu it knows; an online cpu
	 * without one is a truncated tree (or online is not this tree's),
	 * and its kind would be a guess from its neighbours.
	 */
	snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpu%d", root, i);
	if (stat(p, &st) < 0) {
		snprintf(why, len, "%s: %s (cpu %d is online)", p, strerror(errno), i);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%s: not a directory (cpu %d is online)", p, i);
		return -1;
	}
	rc = read_long(root, val, 0, 1L << 20, &v, why, len,
		       "sys/devices/system/cpu/cpu%d/cpu_capacity", i);
	if (rc < 0)
		return -1;
	if (rc)
		c->capacity = v;
	/* kHz: up to 1 THz leaves room for any clock. */
	rc = read_long(root, val, 1, 1000000000L, &v, why, len,
		       "sys/devices/system/cpu/cpu%d/cpufreq/cpuinfo_max_freq", i);
	if (rc < 0)
		return -1;
	if (rc)
		c->max_khz = v;
	rc = read_long(root, val, 1, 1000000000L, &v, why, len,
		       "sys/devices/system/cpu/cpu%d/cpufreq/base_frequency", i);
	if (rc < 0)
		return -1;
	if (rc)
		c->base_khz = v;
	if (read_cache(root, i, c, tab, val, why, len) < 0)
		return -1;
	if (read_midr(root, i, c, val, why, len) < 0)
		return -1;
	return 0;
}

/* R1: /sys/devices/<pmu>/cpus, or the same under /sys/bus/event_source. */
static int read_pmus(struct ct_topo *t, const char *root, char *val, char *why, size_t len)
{
	static const struct {
		const char *name;
		enum ct_pmu pmu;
	} pmus[] = {
		{ "cpu_core", CT_PMU_CORE },
		{ "cpu_atom", CT_PMU_ATOM },
		{ "cpu_lowpower", CT_PMU_LOWPOWER },
	};
	char p[PATH_LEN];
	struct ct_cpuset s;
	size_t k;
	int rc, i;

	for (k = 0; k < CT_ARRAY_SIZE(pmus); k++) {
		rc = read_value(root, val, p, why, len, "sys/devices/%s/cpus", pmus[k].name);
		if (rc == 0)
			rc = read_value(root, val, p, why, len,
					"sys/bus/event_source/devices/%s/cpus", pmus[k].name);
		if (rc < 0)
			return -1;
		if (rc == 0)
			continue;
		if (parse_list(p, val, &s, why, len) < 0)
			return -1;
		t->pmu_files++;
		ct_topo_for_each_cpu(t, i, &s)
			t->cpu[i].pmu = pmus[k].pmu;
	}
	return 0;
}

/* "key<tabs>: value" of /proc/cpuinfo; the value or NULL. */
static const char *cpuinfo_value(char *line, const char *key)
{
	size_t n = strlen(key);
	char *v, *e;

	if (strncmp(line, key, n) != 0 || (line[n] != '\t' && line[n] != ' ' && line[n] != ':'))
		return NULL;
	v = strchr(line + n, ':');
	if (!v)
		return NULL;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	e = v + strlen(v);
	while (e > v && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return v;
}

/*
 * /proc/cpuinfo: the model name, vendor and family (x86), and on Arm the MIDR
 * fields of each processor for kernels without regs/identification.
 * Optional, and read leniently: it is free text.
 */
static void read_cpuinfo(struct ct_topo *t, const char *root)
{
	char p[PATH_LEN], why[PATH_LEN + 64], *line = NULL;
	size_t cap = 0;
	FILE *f;
	int cpu = -1, have_impl = 0, have_part = 0;
	unsigned impl = 0, part = 0, variant = 0, rev = 0;
	const char *v;
	uint64_t n;

	snprintf(p, sizeof(p), "%s/proc/cpuinfo", root);
	if (ct_topo_open_file(p, &f, why, sizeof(why)) <= 0)
		return;
	for (;;) {
		int eof = getline(&line, &cap, f) < 0;

		/* A processor's block ends at the next "processor" line or EOF. */
		if (eof || cpuinfo_value(line, "processor")) {
			if (cpu >= 0 && cpu < t->ncpu && have_impl && have_part &&
			    !t->cpu[cpu].has_midr) {
				struct ct_topo_cpu *c = &t->cpu[cpu];

				c->has_midr = 1;
				c->implementer = impl;
				c->part = part;
				c->variant = variant;
				c->revision = rev;
			}
			if (eof)
				break;
			v = cpuinfo_value(line, "processor");
			/* Not atoi(): "4294967296" would be cpu 0, "1x" cpu 1. */
			cpu = ct_parse_u64(v, 0, CT_CPUSET_MAX - 1, &n, NULL) == 0 ? (int)n : -1;
			have_impl = have_part = 0;
			continue;
		}
		if ((v = cpuinfo_value(line, "vendor_id"))) {
			t->arch = CT_TOPO_ARCH_X86;
			if (t->vendor == CT_VENDOR_UNKNOWN)
				t->vendor = strcmp(v, "GenuineIntel") == 0   ? CT_VENDOR_INTEL
					    : strcmp(v, "AuthenticAMD") == 0 ? CT_VENDOR_AMD
									     : CT_VENDOR_OTHER;
		} else if ((v = cpuinfo_value(line, "cpu family"))) {
			/* Decimal, as the kernel prints it; a family is below 0x200. */
			if (!t->family && ct_parse_u64(v, 1, 0x1ff, &n, NULL) == 0)
				t->family = (int)n;
		} else if ((v = cpuinfo_value(line, "model name"))) {
			if (!t->model[0])
				snprintf(t->model, sizeof(t->model), "%s", v);
		} else if ((v = cpuinfo_value(line, "CPU implementer"))) {
			impl = (unsigned)strtoul(v, NULL, 0);
			have_impl = 1;
		} else if ((v = cpuinfo_value(line, "CPU part"))) {
			part = (unsigned)strtoul(v, NULL, 0);
			have_part = 1;
		} else if ((v = cpuinfo_value(line, "CPU variant"))) {
			variant = (unsigned)strtoul(v, NULL, 0);
		} else if ((v = cpuinfo_value(line, "CPU revision"))) {
			rev = (unsigned)strtoul(v, NULL, 0);
		}
	}
	free(line);
	fclose(f);
}

/*
 * Arm kernels print no model name: describe the parts instead
 * ("Cortex-A55 x4 + Cortex-A76 x4"), in cpu order.
 */
static void model_from_midr(struct ct_topo *t)
{
	int i, j, n;
	size_t used = 0;

	for (i = 0; i < t->ncpu; i++) {
		const struct ct_topo_cpu *c = &t->cpu[i];
		const char *name;
		char hex[32];

		if (!c->has_midr)
			continue;
		for (j = 0; j < i; j++)
			if (t->cpu[j].has_midr && t->cpu[j].implementer == c->implementer &&
			    t->cpu[j].part == c->part)
				break;
		if (j < i)
			continue;
		for (n = 0, j = i; j < t->ncpu; j++)
			n += t->cpu[j].has_midr && t->cpu[j].implementer == c->implementer &&
			     t->cpu[j].part == c->part;
		name = ct_midr_name(c->implementer, c->part);
		if (!name) {
			snprintf(hex, sizeof(hex), "MIDR 0x%02x:0x%03x", c->implementer, c->part);
			name = hex;
		}
		snprintf(t->model + used, sizeof(t->model) - used, "%s%s x%d", used ? " + " : "",
			 name, n);
		used = strlen(t->model);
	}
}

int ct_topo_read_sysfs(struct ct_topo *t, const char *root, char *why, size_t len)
{
	char *val = ct_xmalloc(VALUE_MAX + 1);
	char p[PATH_LEN];
	struct llc_table tab = { NULL, 0 };
	int rc, i, last;

	rc = read_value(root, val, p, why, len, "sys/devices/system/cpu/online");
	if (rc == 0)
		snprintf(why, len, "%s: %s (not a Linux sysfs tree?)", p, strerror(ENOENT));
	if (rc <= 0 || parse_list(p, val, &t->online, why, len) < 0)
		goto fail;
	if (ct_cpuset_empty(&t->online)) {
		snprintf(why, len, "%s: no cpu is online", p);
		goto fail;
	}
	rc = read_value(root, val, p, why, len, "sys/devices/system/cpu/possible");
	if (rc < 0 || (rc == 1 && parse_list(p, val, &t->possible, why, len) < 0))
		goto fail;
	if (rc == 0)
		t->possible = t->online;
	ct_cpuset_or(&t->possible, &t->possible, &t->online);
	last = -1;
	ct_cpuset_foreach(i, &t->possible)
		last = i;
	ct_topo_grow(t, last + 1);
	for (i = 0; i < t->ncpu; i++)
		t->cpu[i].online = ct_cpuset_isset(&t->online, i);
	ct_cpuset_foreach(i, &t->online)
		if (read_cpu(t, root, i, &tab, val, why, len) < 0)
			goto fail;
	if (read_pmus(t, root, val, why, len) < 0)
		goto fail;
	read_cpuinfo(t, root);
	for (i = 0; i < t->ncpu; i++)
		if (t->cpu[i].has_midr)
			t->arch = CT_TOPO_ARCH_ARM;
	if (!t->model[0])
		model_from_midr(t);
	/* Until an affinity is read, every online cpu is allowed. */
	t->allowed = t->possible;
	free(tab.set);
	free(val);
	return 0;
fail:
	free(tab.set);
	free(val);
	return -1;
}

int ct_topo_read_status(struct ct_cpuset *allowed, const char *path, char *why,
			size_t len)
{
	static const char key[] = "Cpus_allowed_list:";
	char *line = NULL, *v;
	size_t cap = 0;
	FILE *f;
	int found = 0, rc;

	rc = ct_topo_open_file(path, &f, why, len);
	if (rc <= 0)
		return rc;
	while (!found && getline(&line, &cap, f) >= 0) {
		if (strncmp(line, key, sizeof(key) - 1) != 0)
			continue;
		found = 1;
		v = line + sizeof(key) - 1;
		while (isspace((unsigned char)*v))
			v++;
		v[strcspn(v, "\n")] = '\0';
		if (parse_list(path, v, allowed, why, len) < 0) {
			free(line);
			fclose(f);
			return -1;
		}
	}
	free(line);
	fclose(f);
	if (!found) {
		snprintf(why, len, "%s: no Cpus_allowed_list line", path);
		return -1;
	}
	return 1;
}

int ct_topo_read_isolated(struct ct_topo *t, const char *root, char *why, size_t len)
{
	char *val = ct_xmalloc(VALUE_MAX + 1);
	char p[PATH_LEN];
	struct ct_cpuset iso;
	int rc;

	rc = read_value(root, val, p, why, len, "sys/devices/system/cpu/isolated");
	if (rc == 1 && parse_list(p, val, &iso, why, len) < 0)
		rc = -1;
	if (rc == 1)
		ct_cpuset_andnot(&t->allowed, &t->allowed, &iso);
	free(val);
	return rc < 0 ? -1 : 0;
}

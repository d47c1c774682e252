/*
 * machine/load.c - the loader of every machine: the live one through the
 * platform seam (ct_topo_read_live), or a recorded tree given with
 * --sysroot, which is a recorded Mac when it holds sysctl.txt and a Linux
 * tree otherwise (sysfs and procfs files, with cpuid.txt on x86).  The
 * readers themselves are in sysfs.c and recorded-text.c; after reading,
 * the declared kinds or the rules classify the machine (kinds.c).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/common.h"
#include "machine/declared.h"
#include "machine/topo.h"

/* Room for a path of a recorded tree in messages. */
#define PATH_LEN 4096

/* Without trailing slashes, so messages read "DIR/sys/...", and "/" is "". */
static char *root_of(const char *sysroot)
{
	char *r = ct_xstrdup(sysroot);
	size_t n = strlen(r);

	while (n && r[n - 1] == '/')
		r[--n] = '\0';
	return r;
}

static FILE *open_optional(const char *root, const char *name, char *p, size_t plen,
			   char *why, size_t len, int *err)
{
	FILE *f;

	snprintf(p, plen, "%s/%s", root, name);
	*err = ct_topo_open_file(p, &f, why, len) < 0;
	return f;
}

static int load_recorded(struct ct_topo *t, const char *root, char *why, size_t len)
{
	char p[PATH_LEN];
	FILE *f;
	int err, rc;

	f = open_optional(root, "sysctl.txt", p, sizeof(p), why, len, &err);
	if (err)
		return -1;
	if (f) {
		/* A recorded Mac: sysctl.txt, and ioreg-cpus.txt when present. */
		rc = ct_topo_parse_sysctl(t, f, p, why, len);
		fclose(f);
		if (rc < 0 || ct_topo_mac_cpus(t, why, len) < 0)
			return -1;
		f = open_optional(root, "ioreg-cpus.txt", p, sizeof(p), why, len, &err);
		if (err)
			return -1;
		if (f) {
			rc = ct_topo_parse_ioreg(t, f, p, why, len);
			fclose(f);
			if (rc < 0)
				return -1;
		}
		return 0;
	}
	if (ct_topo_read_sysfs(t, root, why, len) < 0)
		return -1;
	/*
	 * The affinity a process would have had.  Absent: the default one,
	 * every cpu but those isolcpus= isolated (cputopology.rst: isolated
	 * cpus are not in the default affinity of ordinary tasks).
	 */
	snprintf(p, sizeof(p), "%s/proc/self/status", root);
	rc = ct_topo_read_status(&t->allowed, p, why, len);
	if (rc < 0)
		return -1;
	if (rc == 0 && ct_topo_read_isolated(t, root, why, len) < 0)
		return -1;
	f = open_optional(root, "cpuid.txt", p, sizeof(p), why, len, &err);
	if (err)
		return -1;
	if (f) {
		rc = ct_topo_parse_cpuid(t, f, p, why, len);
		fclose(f);
		if (rc < 0)
			return -1;
		t->arch = CT_TOPO_ARCH_X86;
	}
	return 0;
}

int ct_topo_load(struct ct_topo *t, const char *sysroot, char *why, size_t len)
{
	struct stat st;
	char *root;
	int rc;

	ct_topo_init(t, 0);
	if (!sysroot || !*sysroot) {
		if (ct_topo_read_live(t, why, len) < 0 || ct_kinds_classify(t, why, len) < 0) {
			ct_topo_free(t);
			return -1;
		}
		return 0;
	}
	if (stat(sysroot, &st) < 0) {
		snprintf(why, len, "%s: %s", sysroot, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%s: not a directory", sysroot);
		return -1;
	}
	t->recorded = 1;
	root = root_of(sysroot);
	rc = load_recorded(t, root, why, len);
	free(root);
	if (rc < 0 || ct_kinds_classify(t, why, len) < 0) {
		ct_topo_free(t);
		return -1;
	}
	return 0;
}

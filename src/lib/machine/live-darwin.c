/*
 * machine/live-darwin.c - the live Mac's cpu facts.  M1: hw.nperflevels and
 * hw.perflevelN.{name,logicalcpu} give the kinds, fastest level first.
 * M2: which cpu id is which kind comes from the IORegistry, children of
 * IODeviceTree:/cpus with logical-cpu-id and cluster-type ('E', 'P'), the
 * ids pthread_cpu_number_np() reports.  Without that data the rules fall
 * back to the observed order (the efficiency cluster has the lowest ids).
 * An Intel Mac has no hw.nperflevels: one kind.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/sysctl.h>
#include <sys/types.h>

#include <CoreFoundation/CoreFoundation.h>
#include <IOKit/IOKitLib.h>

#include "core/cpuset.h"
#include "machine/topo.h"

static int sysctl_int(const char *name, int *v)
{
	size_t n = sizeof(*v);

	return sysctlbyname(name, v, &n, NULL, 0);
}

static int sysctl_str(const char *name, char *buf, size_t len)
{
	size_t n = len - 1;

	if (sysctlbyname(name, buf, &n, NULL, 0) != 0)
		return -1;
	buf[n < len ? n : len - 1] = '\0';
	return 0;
}

/* A device-tree property: CFData, or NULL. */
static CFDataRef property(io_registry_entry_t e, const char *key)
{
	CFStringRef k = CFStringCreateWithCString(kCFAllocatorDefault, key, kCFStringEncodingUTF8);
	CFTypeRef v;

	if (!k)
		return NULL;
	v = IORegistryEntryCreateCFProperty(e, k, kCFAllocatorDefault, 0);
	CFRelease(k);
	if (v && CFGetTypeID(v) != CFDataGetTypeID()) {
		CFRelease(v);
		v = NULL;
	}
	return (CFDataRef)v;
}

/* logical-cpu-id (a 32-bit integer) and the first byte of cluster-type. */
static int cpu_entry(io_registry_entry_t e, int *id, char *type)
{
	CFDataRef d;
	uint32_t v;

	if (!(d = property(e, "logical-cpu-id")))
		return -1;
	if (CFDataGetLength(d) < (CFIndex)sizeof(v)) {
		CFRelease(d);
		return -1;
	}
	memcpy(&v, CFDataGetBytePtr(d), sizeof(v));
	CFRelease(d);
	if (!(d = property(e, "cluster-type")))
		return -1;
	*type = CFDataGetLength(d) > 0 ? (char)CFDataGetBytePtr(d)[0] : 0;
	CFRelease(d);
	*id = (int)v;
	return 0;
}

/* Best effort: on any surprise the cluster types are dropped, not guessed. */
static void read_ioreg(struct ct_topo *t)
{
	io_registry_entry_t cpus, child;
	io_iterator_t it;
	int i, n = 0, ok = 1;

	cpus = IORegistryEntryFromPath(MACH_PORT_NULL, "IODeviceTree:/cpus");
	if (cpus == MACH_PORT_NULL)
		return;
	if (IORegistryEntryGetChildIterator(cpus, kIODeviceTreePlane, &it) != KERN_SUCCESS) {
		IOObjectRelease(cpus);
		return;
	}
	while ((child = IOIteratorNext(it)) != MACH_PORT_NULL) {
		int id;
		char type;

		if (cpu_entry(child, &id, &type) == 0 && id >= 0 && id < t->ncpu &&
		    type >= 'A' && type <= 'Z' && !t->cpu[id].cluster_type) {
			t->cpu[id].cluster_type = type;
			n++;
		} else {
			ok = 0;
		}
		IOObjectRelease(child);
	}
	IOObjectRelease(it);
	IOObjectRelease(cpus);
	if (ok && n == ct_cpuset_count(&t->online)) {
		t->have_ioreg = 1;
		return;
	}
	for (i = 0; i < t->ncpu; i++)
		t->cpu[i].cluster_type = 0;
}

int ct_topo_read_live(struct ct_topo *t, char *why, size_t len)
{
	char key[64];
	int l, n;

	t->mac = 1;
	if (sysctl_int("hw.logicalcpu", &t->mac_ncpu) != 0) {
		snprintf(why, len, "sysctl hw.logicalcpu: %s", strerror(errno));
		return -1;
	}
	if (sysctl_int("hw.nperflevels", &n) == 0 && n > 0)
		t->nperflevels = n < CT_TOPO_PERFLEVELS ? n : CT_TOPO_PERFLEVELS;
	for (l = 0; l < t->nperflevels; l++) {
		snprintf(key, sizeof(key), "hw.perflevel%d.name", l);
		sysctl_str(key, t->perflevel[l].name, sizeof(t->perflevel[l].name));
		snprintf(key, sizeof(key), "hw.perflevel%d.logicalcpu", l);
		sysctl_int(key, &t->perflevel[l].logicalcpu);
	}
	sysctl_str("machdep.cpu.brand_string", t->model, sizeof(t->model));
	if (ct_topo_mac_cpus(t, why, len) < 0)
		return -1;
	read_ioreg(t);
	return 0;
}

/*
 * fuzz-sysfs - a whole recorded machine through ct_topo_load(sysroot), the
 * path every --sysroot run and every live Linux run takes: the sysfs and
 * procfs readers (src/lib/machine/sysfs.c: online, possible, cpu_capacity,
 * cpufreq, caches, MIDR, hybrid PMU cpus, /proc/self/status,
 * /proc/cpuinfo), cpuid.txt, or a Mac's sysctl.txt and ioreg-cpus.txt,
 * then the rules (ct_topo_classify) and the queries on the result.
 *
 * The input is a list of files written into a fresh tree before each run:
 * records separated by a 0xff byte, each a byte choosing the file from
 * the table below (modulo its length) and then the file's bytes.  A file
 * the input does not name is absent, as optional files may be.  The seeds
 * (fuzz/corpus/fuzz-sysfs/) are the recorded machines of data/machines cut
 * to eight cpus (fuzz/make-seeds).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#define NCPU 8
#define CPU_DIR "sys/devices/system/cpu"

static const char *const global_files[] = {
	CPU_DIR "/online",
	CPU_DIR "/possible",
	"proc/self/status",
	"proc/cpuinfo",
	"cpuid.txt",
	"sysctl.txt",
	"ioreg-cpus.txt",
	"sys/devices/cpu_core/cpus",
	"sys/devices/cpu_atom/cpus",
	"sys/devices/cpu_lowpower/cpus",
	"sys/bus/event_source/devices/cpu_core/cpus",
	"sys/bus/event_source/devices/cpu_atom/cpus",
	"sys/bus/event_source/devices/cpu_lowpower/cpus",
};

static const char *const cpu_files[] = {
	"cpu_capacity",
	"cpufreq/cpuinfo_max_freq",
	"cpufreq/base_frequency",
	"regs/identification/midr_el1",
	"cache/index0/level",
	"cache/index0/shared_cpu_list",
	"cache/index1/level",
	"cache/index1/shared_cpu_list",
	"cache/index2/level",
	"cache/index2/shared_cpu_list",
	"cache/index3/level",
	"cache/index3/shared_cpu_list",
};

#define NGLOBAL (sizeof(global_files) / sizeof(global_files[0]))
#define NPERCPU (sizeof(cpu_files) / sizeof(cpu_files[0]))
#define NFILES (NGLOBAL + NCPU * NPERCPU)

static char root[4096];
static char *paths[NFILES];
static int written[NFILES];

static void xmkdirs(const char *path)
{
	char buf[4096], *p;

	snprintf(buf, sizeof(buf), "%s", path);
	for (p = buf + strlen(root) + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(buf, 0700) < 0 && errno != EEXIST) {
			perror(buf);
			abort();
		}
		*p = '/';
	}
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(p);
}

static void remove_tree(void)
{
	if (root[0])
		nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	size_t i;

	(void)argc;
	(void)argv;
	/*
	 * Each run writes and reads a few dozen files: in memory (tmpfs)
	 * that is several times faster than on a disk, so more runs.
	 */
	if (!tmp || !*tmp)
		tmp = access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(root, sizeof(root), "%s/ct-fuzz-sysfs.XXXXXX", tmp);
	if (!mkdtemp(root)) {
		perror(root);
		abort();
	}
	atexit(remove_tree);
	for (i = 0; i < NFILES; i++) {
		char p[4096];

		if (i < NGLOBAL)
			snprintf(p, sizeof(p), "%s/%s", root, global_files[i]);
		else
			snprintf(p, sizeof(p), "%s/" CPU_DIR "/cpu%zu/%s", root,
				 (i - NGLOBAL) / NPERCPU, cpu_files[(i - NGLOBAL) % NPERCPU]);
		paths[i] = strdup(p);
		xmkdirs(p);
	}
	return 0;
}

static void write_file(size_t k, const uint8_t *data, size_t n)
{
	int fd = open(paths[k], O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || (n && write(fd, data, n) != (ssize_t)n) || close(fd) < 0) {
		perror(paths[k]);
		abort();
	}
	written[k] = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ct_topo t;
	char why[1024];
	size_t i = 0, k;

	for (k = 0; k < NFILES; k++)
		if (written[k]) {
			unlink(paths[k]);
			written[k] = 0;
		}
	while (i < size) {
		const uint8_t *end = memchr(data + i, 0xff, size - i);
		size_t stop = end ? (size_t)(end - data) : size;

		if (stop > i)
			write_file(data[i] % NFILES, data + i + 1, stop - i - 1);
		i = stop + 1;
	}
	why[0] = '\0';
	if (ct_topo_load(&t, root, why, sizeof(why)) < 0) {
		fuzz_check_why(why, NULL);
		return 0;
	}
	FUZZ_ASSERT(t.recorded);
	fuzz_use_topo(&t);
	ct_topo_free(&t);
	return 0;
}

/*
 * stream.c - the streaming-read kernel as a harness kernel: its array,
 * its reference, its verification.  Shared by ct-stream and ct-place.
 *
 * The array is filled from xorshift64 seeded with the time of the run,
 * and its sum is accumulated as it is written: no compiler can fold the
 * reference, and no two runs read the same data.  Filling also touches
 * every page before anything is timed (and the harness's warm-up call
 * reads it all once more).  A call makes whole passes over the array and
 * must return passes x reference, mod 2^64 like the kernels' own sums.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct/common.h"
#include "ct/cpuset.h"
#include "ct/os.h"
#include "ct/place.h"
#include "ct/stream.h"
#include "ct/topo.h"

typedef uint64_t (*stream_fn)(const uint64_t *, size_t, uint64_t);

/*
 * The array is aligned to 2 MiB, the huge-page size of x86-64 and of
 * aarch64 with 4 KiB base pages, so that huge pages can back all of it.
 */
#define ALIGN (2u << 20)

/* One array, shared by the kernels of every ISA that read it. */
struct array {
	uint64_t *a;
	size_t n;			/* 64-bit words */
	uint64_t bytes;
	struct ct_stream_caches caches;	/* of the cpus it was filled on */
	const char *level;
	uint64_t ref;			/* sum of one pass, mod 2^64 */
	struct ct_os_mem mem;
	unsigned users;
	char reason[160];
	char thp[32];
	int huge_asked;
	double huge_pct;
};

struct ct_stream {
	enum ct_isa isa;
	const struct ct_kernel_desc *d;	/* the kernel and what it does */
	stream_fn fn;			/* its plain or its prefetching loop */
	struct array *arr;
	unsigned flags;
	uint64_t passes;
	unsigned prefetch;		/* bytes ahead, 0: a plain loop */
	char prefetch_reason[200];
	unsigned iteration_loads;	/* of the loop fn is, and its */
	unsigned accumulators;
	char loop_reason[200];
	char isa_reason[200];
	char checksum[24];
	struct ct_field fields[18];
};

/* The kernels built into this binary, each described by its own file. */
static const struct ct_kernel_desc *const kernels[] = {
	&ct_stream_scalar_desc,
#if CT_HAVE_AVX2
	&ct_stream_avx2_desc,
#endif
#if CT_HAVE_AVX512
	&ct_stream_avx512_desc,
#endif
#if CT_HAVE_NEON
	&ct_stream_neon_desc,
#endif
};

const struct ct_kernel_desc *ct_stream_desc(enum ct_isa isa)
{
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(kernels); i++)
		if (strcmp(kernels[i]->isa, ct_isa_name(isa)) == 0)
			return kernels[i];
	return NULL;
}

/* x86 CPUID: vendor (CT_VENDOR_*), display family and model; -1 elsewhere. */
static int cpu_ident(enum ct_topo_vendor *vendor, unsigned *family, unsigned *model)
{
	uint32_t r[4];

	*vendor = CT_VENDOR_UNKNOWN;
	*family = *model = 0;
	if (ct_cpuid(0, 0, r) < 0 || r[0] < 1)
		return -1;
	/* EBX, EDX, ECX spell the vendor: "GenuineIntel", "AuthenticAMD". */
	if (r[1] == 0x756e6547 && r[3] == 0x49656e69 && r[2] == 0x6c65746e)
		*vendor = CT_VENDOR_INTEL;
	else if (r[1] == 0x68747541 && r[3] == 0x69746e65 && r[2] == 0x444d4163)
		*vendor = CT_VENDOR_AMD;
	else
		*vendor = CT_VENDOR_OTHER;
	ct_cpuid(1, 0, r);
	*family = (r[0] >> 8) & 0xf;
	*model = (r[0] >> 4) & 0xf;
	if (*family == 0xf)
		*family += (r[0] >> 20) & 0xff;
	if (*family == 0x6 || *family >= 0xf)
		*model |= ((r[0] >> 16) & 0xf) << 4;
	return 0;
}

/*
 * The default ISA, a pure function of the core's identity, the ISAs usable
 * on it and the level the array falls in.  The widest usable one, except:
 *
 * - AMD family 19h (Zen 3, Zen 4), whose AVX-512 (Zen 4) executes every
 *   512-bit operation as two 256-bit halves: there a 512-bit load buys
 *   nothing, ct-stream's avx2 kernel read about 10 % faster from memory
 *   than its avx512 one (30.4 against 27.1 GB/s, medians of 10
 *   interleaved rounds), and likwid-bench's best readers there were its
 *   AVX (256-bit) kernels in L1, L3 and memory.  avx2 at every level.
 * - Intel family 6 model 85 (Skylake-SP, Cascade Lake, Cooper Lake) in
 *   L3.  512-bit instructions put these cores in a lower clock licence for
 *   as long as they run and a while after.  In L1 and L2 the wider load
 *   still wins (per cycle about 2x in L1, 1.4-1.5x in L2).  In L3 the
 *   bandwidth is the lines in flight per unit of the core's time, so the
 *   clock decides: ct-stream pinned, 8 MiB, one process per ISA, avx512
 *   ran at 1.73 GHz and read 9.05 byte/cycle, 15.7 GB/s, avx2 at 2.24 GHz,
 *   7.79 byte/cycle, 17.5 GB/s; bench/stream.sh, 4 interleaved rounds on
 *   the quiet machine: avx2 18.0 against avx512 15.7 GB/s, and
 *   likwid-bench's best reader there was load_avx (256-bit) too.  From
 *   memory the two tie with huge pages (8.10 against 8.11 GB/s) and
 *   avx512 reads more with 4 KiB pages (7.98 against 7.65), so avx512
 *   stays there.  Interleaving the two ISAs in one process hides all
 *   this: the avx2 samples then run in the licence the avx512 ones left.
 * - Emerald Rapids (model 207): avx512 at every level was measured best.
 *
 * A rule, not a start-up calibration: a few passes timed on a shared
 * machine would pick by the noise, the licence's hysteresis would bias
 * whichever ISA ran second, and the record must be reproducible.
 */
enum ct_isa ct_stream_isa_rule_for(const struct ct_stream_cpu *id, unsigned usable,
				   const char *level, char *reason, size_t len)
{
	/* The widest usable, in ct_isa_best()'s order. */
	static const enum ct_isa widest[] = { CT_ISA_AVX512, CT_ISA_AVX2, CT_ISA_NEON };
	enum ct_isa best = CT_ISA_SCALAR;
	int in_l3 = strcmp(level, "L3") == 0;
	size_t i;

	for (i = CT_ARRAY_SIZE(widest); i-- > 0;)
		if (usable & (1u << widest[i]))
			best = widest[i];
	if (best == CT_ISA_AVX512 && (usable & (1u << CT_ISA_AVX2))) {
		if (id->vendor == CT_VENDOR_AMD && id->family == 0x19) {
			snprintf(reason, len, "rule: AMD family 19h model %u (Zen 4), array in %s: "
				 "it runs 512-bit operations as two 256-bit halves; its avx2 kernel "
				 "reads faster", id->model, level);
			return CT_ISA_AVX2;
		}
		if (id->vendor == CT_VENDOR_INTEL && id->family == 6 && id->model == 85 &&
		    in_l3) {
			snprintf(reason, len, "rule: Intel family 6 model 85 (Skylake-SP), array in "
				 "%s: 512-bit operations lower its clock, and in L3 the clock "
				 "decides; its avx2 kernel reads faster", level);
			return CT_ISA_AVX2;
		}
	}
	if (id->vendor == CT_VENDOR_INTEL || id->vendor == CT_VENDOR_AMD)
		snprintf(reason, len, "rule: the widest usable ISA (%s family %u model %u, array "
			 "in %s): one load per %s bytes", id->vendor == CT_VENDOR_INTEL ? "Intel" :
			 "AMD", id->family, id->model, level,
			 best == CT_ISA_AVX512 ? "64" : best == CT_ISA_AVX2 ? "32" : "8");
	else
		snprintf(reason, len, "rule: the widest usable ISA, array in %s", level);
	return best;
}

enum ct_isa ct_stream_isa_rule(const char *level, char *reason, size_t len)
{
	struct ct_stream_cpu id;
	unsigned usable = 0;
	int i;

	cpu_ident(&id.vendor, &id.family, &id.model);
	for (i = 0; i < (int)CT_ISA_COUNT; i++)
		if (ct_isa_usable((enum ct_isa)i))
			usable |= 1u << i;
	return ct_stream_isa_rule_for(&id, usable, level, reason, len);
}

enum ct_isa ct_stream_isa_pick(const char *req, enum ct_isa chosen, const char *level,
			       char *reason, size_t len)
{
	const char *env = getenv("CT_ISA");

	if (req && strcmp(req, "auto") != 0)
		snprintf(reason, len, "forced: --isa %s", req);
	else if (!req && env && *env && strcmp(env, "auto") != 0)
		snprintf(reason, len, "forced: CT_ISA=%s", env);
	else
		return ct_stream_isa_rule(level, reason, len);
	return chosen;
}

void ct_stream_caches(const struct ct_cpuset *cpus, struct ct_stream_caches *c)
{
	struct ct_os_cache oc;
	int lv;

	memset(c, 0, sizeof(*c));
	if (ct_os_largest_cache(cpus, &oc) < 0)
		return;
	for (lv = 1; lv <= 3; lv++)
		c->bytes[lv] = oc.level_bytes[lv];
}

const char *ct_stream_level(uint64_t bytes, const struct ct_stream_caches *c)
{
	static const char *const names[] = { "", "L1", "L2", "L3" };
	int lv;

	for (lv = 1; lv <= 3; lv++)
		if (c->bytes[lv] && bytes <= c->bytes[lv])
			return names[lv];
	return "memory";
}

/*
 * The prefetch distance.  A software prefetch takes a load slot like a
 * load, so where the array is in L1 or L2 it only takes bandwidth from
 * the loads (Skylake-SP: half in L1, a quarter in L2).  Beyond L2 it is
 * a matter of the core: on Emerald Rapids (Intel family 6 model 207) and
 * its sibling Sapphire Rapids (143) a page ahead was measured to lift the
 * bandwidth from memory from 0.80 to 0.95-0.98 of a bare load loop; on
 * Skylake-SP (model 85) no distance from 512 bytes to 8 KiB beat none at
 * 8 or 64 MiB; on AMD nothing was measured with this kernel, and
 * likwid-bench's best readers there have no prefetch.  So: a page ahead
 * on those two Intel models beyond L2, none everywhere else.
 */
unsigned ct_stream_prefetch_rule(enum ct_isa isa, const char *level, char *reason,
				 size_t len)
{
	enum ct_topo_vendor vendor;
	unsigned family, model;
	const struct ct_kernel_desc *d = ct_stream_desc(isa);

	if (!d || !d->fn_pf) {
		snprintf(reason, len, "none: the %s kernel has no prefetching loop", ct_isa_name(isa));
		return 0;
	}
	if (strcmp(level, "L1") == 0 || strcmp(level, "L2") == 0) {
		snprintf(reason, len, "none: the array is in %s, a prefetch would take a load slot "
			 "and fetch nothing", level);
		return 0;
	}
	if (cpu_ident(&vendor, &family, &model) < 0) {
		snprintf(reason, len, "none: no CPUID");
		return 0;
	}
	if (vendor == CT_VENDOR_INTEL && family == 6 && (model == 143 || model == 207)) {
		snprintf(reason, len, "%u bytes: Intel family 6 model %u (Sapphire/Emerald Rapids), "
			 "array in %s: a page ahead measured best", CT_STREAM_PREFETCH, model, level);
		return CT_STREAM_PREFETCH;
	}
	snprintf(reason, len, "none: %s family %u model %u, array in %s: no prefetch distance "
		 "measured to help on this core", vendor == CT_VENDOR_INTEL ? "Intel" :
		 vendor == CT_VENDOR_AMD ? "AMD" : "cpu", family, model, level);
	return 0;
}

/*
 * The plain loop.  Each kernel's main loop reads CT_STREAM_BLOCK bytes an
 * iteration; the avx512 kernel has a short one beside it, four lines an
 * iteration.  On Skylake-SP (Intel family 6 model 85), in one process,
 * interleaved, against a bare load loop of four lines an iteration: in L2
 * the short loop 1.00, the main 0.96-0.97; in L3 1.02-1.03 against 1.00;
 * from memory 1.03 against 1.01; in L1 the main loop reads 12 % more (137
 * against 122 GB/s at 16 KiB).  Nowhere else measured: the main loop.
 */
int ct_stream_loop_rule_for(const struct ct_stream_cpu *id, enum ct_isa isa,
			    const char *level, char *reason, size_t len)
{
	const struct ct_kernel_desc *d = ct_stream_desc(isa);

	if (!d || !d->fn_short) {
		snprintf(reason, len, "%u loads an iteration: the %s kernel's one plain loop",
			 d ? d->loads : 0, ct_isa_name(isa));
		return 0;
	}
	if (strcmp(level, "L1") == 0) {
		snprintf(reason, len, "%u loads an iteration: the array is in L1, where the "
			 "longer loop reads faster", d->loads);
		return 0;
	}
	if (id->vendor == CT_VENDOR_INTEL && id->family == 6 && id->model == 85) {
		snprintf(reason, len, "%u loads an iteration: Intel family 6 model 85 (Skylake-SP), "
			 "array in %s: a branch every %u lines reads faster beyond L1",
			 d->short_loads, level, d->short_loads);
		return 1;
	}
	snprintf(reason, len, "%u loads an iteration: the shorter loop was not measured on "
		 "this core", d->loads);
	return 0;
}

int ct_stream_loop_rule(enum ct_isa isa, const char *level, char *reason, size_t len)
{
	struct ct_stream_cpu id;

	cpu_ident(&id.vendor, &id.family, &id.model);
	return ct_stream_loop_rule_for(&id, isa, level, reason, len);
}

/* "16 KiB", "1040 MiB", "3 GiB": exact, in the largest unit that divides. */
static char *fmt_size(uint64_t b, char *buf, size_t len)
{
	if (b && b % (1ull << 30) == 0)
		snprintf(buf, len, "%" PRIu64 " GiB", b >> 30);
	else if (b && b % (1ull << 20) == 0)
		snprintf(buf, len, "%" PRIu64 " MiB", b >> 20);
	else if (b && b % (1ull << 10) == 0)
		snprintf(buf, len, "%" PRIu64 " KiB", b >> 10);
	else
		snprintf(buf, len, "%" PRIu64 " bytes", b);
	return buf;
}

uint64_t ct_stream_default_size(const struct ct_cpuset *cpus, int quick,
				char *reason, size_t len)
{
	struct ct_os_cache c;
	char floor[32], csize[32];
	uint64_t want;

	fmt_size(CT_STREAM_FLOOR_BYTES, floor, sizeof(floor));
	if (quick) {
		snprintf(reason, len, "QUICK: a %s smoke run, which a large cache may hold",
			 fmt_size(CT_STREAM_QUICK_BYTES, csize, sizeof(csize)));
		return CT_STREAM_QUICK_BYTES;
	}
	if (ct_os_largest_cache(cpus, &c) < 0) {
		snprintf(reason, len, "default: %s (the OS reports no cache size)", floor);
		return CT_STREAM_FLOOR_BYTES;
	}
	fmt_size(c.bytes, csize, sizeof(csize));
	want = c.bytes > (UINT64_MAX / CT_STREAM_CACHE_FACTOR) ? UINT64_MAX :
	       c.bytes * CT_STREAM_CACHE_FACTOR;
	if (want <= CT_STREAM_FLOOR_BYTES) {
		snprintf(reason, len, "default: %s, more than %d x the largest cache (L%d %s, %s)",
			 floor, CT_STREAM_CACHE_FACTOR, c.level, csize, c.where);
		return CT_STREAM_FLOOR_BYTES;
	}
	/* A whole number of blocks, so the size is the one the record names. */
	want = (want + CT_STREAM_BLOCK - 1) / CT_STREAM_BLOCK * CT_STREAM_BLOCK;
	snprintf(reason, len, "default: %d x the largest cache (L%d %s, %s), more than %s",
		 CT_STREAM_CACHE_FACTOR, c.level, csize, c.where, floor);
	return want;
}

int ct_stream_size_ok(uint64_t bytes, char *why, size_t len)
{
	uint64_t mem = ct_os_mem_bytes();
	char buf[32];

	if (bytes < CT_STREAM_MIN_BYTES) {
		snprintf(why, len, "too small (at least %s)",
			 fmt_size(CT_STREAM_MIN_BYTES, buf, sizeof(buf)));
		return -1;
	}
	if (mem && bytes > mem) {
		snprintf(why, len, "larger than this machine's memory (%.1f GiB)",
			 (double)mem / (double)(1ull << 30));
		return -1;
	}
	if (bytes > SIZE_MAX / 2) {
		snprintf(why, len, "too large");
		return -1;
	}
	return 0;
}

/*
 * Fill with xorshift64 and return the sum of what was written, mod 2^64.
 * The seed is the time of the run: nothing about the data is known when
 * the program is compiled.
 */
static uint64_t fill(uint64_t *a, size_t n, uint64_t seed)
{
	uint64_t x = seed ? seed : 0x9e3779b97f4a7c15ull, sum = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		a[i] = x;
		sum += x;
	}
	return sum;
}

static struct array *array_new(uint64_t bytes, const char *reason, unsigned flags)
{
	struct array *arr = ct_xcalloc(1, sizeof(*arr));
	char buf[32];
	int64_t huge;
	void *p;

	arr->bytes = (bytes + CT_STREAM_BLOCK - 1) / CT_STREAM_BLOCK * CT_STREAM_BLOCK;
	arr->n = (size_t)(arr->bytes / sizeof(uint64_t));
	arr->huge_asked = !(flags & CT_STREAM_SMALL_PAGES);
	p = ct_os_mem_alloc((size_t)arr->bytes, ALIGN, arr->huge_asked, &arr->mem);
	if (!p)
		err(CT_EXIT_FAIL, "cannot allocate the %s array (%" PRIu64 " bytes)",
		    fmt_size(arr->bytes, buf, sizeof(buf)), arr->bytes);
	arr->a = p;
	arr->ref = fill(arr->a, arr->n, ct_now_ns() ^ ((uint64_t)getpid() << 40));
	huge = ct_os_huge_bytes(arr->a, (size_t)arr->bytes);
	arr->huge_pct = huge < 0 ? -1 : 100.0 * (double)huge / (double)arr->bytes;
	ct_os_thp(arr->thp, sizeof(arr->thp));
	if (arr->bytes != bytes)
		snprintf(arr->reason, sizeof(arr->reason), "%s, rounded up to a multiple of %u bytes",
			 reason ? reason : "requested", CT_STREAM_BLOCK);
	else
		snprintf(arr->reason, sizeof(arr->reason), "%s", reason ? reason : "requested");
	/* The caches of the cpus this thread may run on (the pinned one with -c). */
	{
		struct ct_cpuset cpus;

		ct_stream_caches(ct_place_allowed(&cpus) == 0 ? &cpus : NULL, &arr->caches);
	}
	arr->level = ct_stream_level(arr->bytes, &arr->caches);
	arr->users = 1;
	return arr;
}

static uint64_t stream_run(void *ctx)
{
	struct ct_stream *s = ctx;

	return s->fn(s->arr->a, s->arr->n, s->passes);
}

static int stream_verify(void *ctx, uint64_t ret, char *why, size_t len)
{
	struct ct_stream *s = ctx;
	uint64_t want = s->passes * s->arr->ref;

	if (ret != want) {
		snprintf(why, len,
			 "the sum is 0x%016" PRIx64 ", expected 0x%016" PRIx64
			 " (%" PRIu64 " passes over %" PRIu64 " bytes)",
			 ret, want, s->passes, s->arr->bytes);
		return -1;
	}
	snprintf(s->checksum, sizeof(s->checksum), "0x%016" PRIx64, ret);
	return 0;
}

static struct ct_stream *stream_new(enum ct_isa isa, struct array *arr,
				    unsigned flags, struct ct_kernel *k)
{
	struct ct_stream *s = ct_xcalloc(1, sizeof(*s));
	uint64_t call = flags & CT_STREAM_QUICK ? CT_STREAM_CALL_BYTES_QUICK : CT_STREAM_CALL_BYTES;
	double bytes;

	s->isa = isa;
	s->d = ct_stream_desc(isa);
	if (!s->d)
		errx(CT_EXIT_FAIL, "no stream kernel for ISA %s in this build", ct_isa_name(isa));
	/* The array is whole blocks: each must be whole iterations. */
	if (CT_STREAM_BLOCK % s->d->bytes != 0)
		errx(CT_EXIT_FAIL, "the %s stream kernel reads %u bytes an iteration, not a divisor of %u",
		     s->d->isa, s->d->bytes, CT_STREAM_BLOCK);
	s->prefetch = ct_stream_prefetch_rule(isa, arr->level, s->prefetch_reason,
					      sizeof(s->prefetch_reason));
	s->fn = s->prefetch ? s->d->fn_pf : s->d->fn.stream;
	s->iteration_loads = s->d->loads;
	s->accumulators = s->d->accumulators;
	if (s->prefetch)
		snprintf(s->loop_reason, sizeof(s->loop_reason), "%u loads an iteration: the "
			 "prefetching loop", s->d->loads);
	else if (ct_stream_loop_rule(isa, arr->level, s->loop_reason, sizeof(s->loop_reason))) {
		/* The short loop has an accumulator for each of its loads. */
		s->fn = s->d->fn_short;
		s->iteration_loads = s->accumulators = s->d->short_loads;
	}
	snprintf(s->isa_reason, sizeof(s->isa_reason), "chosen by the caller");
	s->arr = arr;
	s->flags = flags;
	s->passes = (call + arr->bytes - 1) / arr->bytes;
	snprintf(s->checksum, sizeof(s->checksum), "-");
	bytes = (double)arr->bytes * (double)s->passes;

	s->fields[0] = (struct ct_field){ "size_bytes", NULL, (double)arr->bytes };
	s->fields[1] = (struct ct_field){ "size_reason", arr->reason, 0 };
	s->fields[2] = (struct ct_field){ "passes", NULL, (double)s->passes };
	s->fields[3] = (struct ct_field){ "load_bytes", NULL, s->d->load_bytes };
	s->fields[4] = (struct ct_field){ "accumulators", NULL, s->accumulators };
	s->fields[5] = (struct ct_field){ "prefetch_bytes", NULL, s->prefetch };
	s->fields[6] = (struct ct_field){ "thp", arr->thp, 0 };
	s->fields[7] = (struct ct_field){ "thp_advice", arr->huge_asked ? "hugepage" : "nohugepage", 0 };
	s->fields[8] = (struct ct_field){ "huge_pct", NULL, arr->huge_pct };
	s->fields[9] = (struct ct_field){ "checksum", s->checksum, 0 };
	s->fields[10] = (struct ct_field){ "level", arr->level, 0 };
	s->fields[11] = (struct ct_field){ "l1_bytes", NULL, (double)arr->caches.bytes[1] };
	s->fields[12] = (struct ct_field){ "l2_bytes", NULL, (double)arr->caches.bytes[2] };
	s->fields[13] = (struct ct_field){ "l3_bytes", NULL, (double)arr->caches.bytes[3] };
	s->fields[14] = (struct ct_field){ "prefetch_reason", s->prefetch_reason, 0 };
	s->fields[15] = (struct ct_field){ "isa_reason", s->isa_reason, 0 };
	s->fields[16] = (struct ct_field){ "iteration_loads", NULL, s->iteration_loads };
	s->fields[17] = (struct ct_field){ "loop_reason", s->loop_reason, 0 };

	memset(k, 0, sizeof(*k));
	k->name = s->d->kernel;
	k->isa = s->d->isa;
	k->unit = "GB/s";		/* bytes per ns: 10^9 bytes per second */
	k->work = bytes;
	k->per_cycle_unit = "byte/cycle";
	k->per_cycle_work = bytes;
	k->memory = 1;
	k->run = stream_run;
	k->verify = stream_verify;
	k->ctx = s;
	k->fields = s->fields;
	k->nfields = CT_ARRAY_SIZE(s->fields);
	return s;
}

struct ct_stream *ct_stream_new(enum ct_isa isa, uint64_t bytes,
				const char *reason, unsigned flags,
				struct ct_kernel *k)
{
	char why[128];

	if (!ct_stream_desc(isa))
		errx(CT_EXIT_FAIL, "no stream kernel for ISA %s in this build", ct_isa_name(isa));
	if (ct_stream_size_ok(bytes, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "stream array of %" PRIu64 " bytes: %s", bytes, why);
	return stream_new(isa, array_new(bytes, reason, flags), flags, k);
}

struct ct_stream *ct_stream_share(struct ct_stream *s, enum ct_isa isa,
				  struct ct_kernel *k)
{
	struct ct_stream *t = stream_new(isa, s->arr, s->flags, k);

	s->arr->users++;
	return t;
}

void ct_stream_free(struct ct_stream *s)
{
	if (!s)
		return;
	if (--s->arr->users == 0) {
		ct_os_mem_free(&s->arr->mem);
		free(s->arr);
	}
	free(s);
}

void ct_stream_info(const struct ct_stream *s, struct ct_stream_info *info)
{
	info->bytes = s->arr->bytes;
	info->passes = s->passes;
	info->reason = s->arr->reason;
	info->thp = s->arr->thp;
	info->huge_asked = s->arr->huge_asked;
	info->huge_pct = s->arr->huge_pct;
	info->level = s->arr->level;
	info->prefetch = s->prefetch;
	info->prefetch_reason = s->prefetch_reason;
	info->iteration_loads = s->iteration_loads;
	info->loop_reason = s->loop_reason;
}

void ct_stream_set_isa_reason(struct ct_stream *s, const char *reason)
{
	snprintf(s->isa_reason, sizeof(s->isa_reason), "%s", reason);
}

uint32_t *ct_stream_data(struct ct_stream *s, size_t *n)
{
	*n = s->arr->n * 2;
	return (uint32_t *)(void *)s->arr->a;
}

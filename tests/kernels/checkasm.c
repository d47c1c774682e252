/*
 * checkasm.c - every kernel, for every ISA built into libct and usable on
 * this cpu, run against the scalar reference on the same input, after
 * dav1d's tests/checkasm: a table of kernels times the ISAs of enum
 * ct_isa.  Each case runs in a child of its own, so that a SIGILL (an ISA
 * the feature test got wrong), a SIGSEGV or a hang fails that case by its
 * kernel and ISA while the others still run.  The ISAs left out are named
 * with the reason.  The cases come from the kernels' own descriptions
 * (struct ct_kernel, src/kernels/kernels.h) through the dispatch of
 * src/lib/workloads/fma.c and stream.c: a new ISA is covered without
 * editing this file, a new kernel by one row of the table below.
 *
 *   checkasm                 every case; exit 0, or 1 when any failed
 *   checkasm --facts         every description as TSV under a '#' header,
 *                            for the inner-loop shape tests (asm-*.sh)
 *   checkasm --crash K/ISA   raise SIGILL in the child of case K/ISA before
 *                            it runs, to show that a crash is named
 */
#include "config.h"

#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernels/kernels.h"
#include "workloads/fma.h"
#include "platform/isa.h"
#include "workloads/latency.h"
#include "workloads/stream.h"

/* Seconds a case may take before it counts as hung. */
#define CASE_SECONDS 60

static const char *who_kernel, *who_isa;
static unsigned case_failures;

/* A failed check of the case running in this child, named. */
static void bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void bad(const char *fmt, ...)
{
	va_list ap;

	printf("  %s %s: ", who_kernel, who_isa);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	case_failures++;
}

#define EXPECT(cond) do { if (!(cond)) bad("description: %s", #cond); } while (0)

static void *xalign(size_t bytes)
{
	void *p;

	if (posix_memalign(&p, 64, bytes) != 0) {
		fprintf(stderr, "checkasm: out of memory\n");
		exit(99);
	}
	return p;
}

/*
 * What an FMA kernel's description must satisfy whatever the kernel: its
 * iterations tile the array, its loads make its bytes, an FMA is two
 * flops per lane; a shared-load kernel loads one vector of lanes per
 * group and squares it into every accumulator.
 */
static void fma_describe(const struct ct_kernel *d)
{
	EXPECT(d->fn.fma != NULL && d->symbol && d->insn && d->binds);
	EXPECT(d->accumulators >= 1 && d->lanes >= 1 && d->loads >= 1 && d->bytes >= 1);
	EXPECT(CT_FMA_ARRAY_BYTES % d->bytes == 0);
	EXPECT(d->bytes == d->loads * d->load_bytes);
	EXPECT(d->flops == 2 * d->ops * d->lanes);
	if (d->flags & CT_KERNEL_SHARED_LOAD) {
		EXPECT(d->load_bytes == d->lanes * sizeof(float));
		EXPECT(d->ops == d->loads * d->accumulators);
		EXPECT(d->mnemonic && d->mnemonic[0] && d->reg && d->reg[0]);
	} else {
		/* One element of its own per accumulator. */
		EXPECT(d->loads * d->load_bytes / sizeof(float) == d->accumulators * d->lanes);
	}
}

/*
 * The lane element e feeds: a shared-load kernel feeds it to lane e %
 * lanes of every accumulator, any other kernel to one accumulator, the
 * elements taken lanes at a time in turn.
 */
static size_t fma_slot(const struct ct_kernel *d, size_t e, unsigned acc)
{
	if (d->flags & CT_KERNEL_SHARED_LOAD)
		return (size_t)acc * d->lanes + e % d->lanes;
	return (e / d->lanes % d->accumulators) * d->lanes + e % d->lanes;
}

/*
 * Where accumulator a, lane l of an FMA kernel starts (i = a * lanes + l):
 * 0 to 3.75, the lane's index plus the accumulator's mod 16, distinct for
 * every accumulator of a lane.  A shared-load kernel adds the same sums
 * into every accumulator of a lane: from the same starts, one stored in
 * another's place would still give every lane its value.
 */
static float fma_start(const struct ct_kernel *d, size_t i)
{
	return 0.25f * (float)((i % d->lanes + i / d->lanes) % 16);
}

/*
 * Sums that fp32 holds exactly (0.5 and 1.0 squared, a few passes, the
 * starts of fma_start()): a kernel must give every lane the model's value
 * bit for bit, and every accumulator of a shared-load kernel (or the whole of any
 * other) must add what the scalar kernel adds over the same data.
 */
static void fma_check(const struct ct_kernel *d)
{
	const struct ct_kernel *ref = &ct_fma_scalar_desc;
	size_t full = CT_FMA_ARRAY_BYTES / sizeof(float), step = d->bytes / sizeof(float);
	size_t nout = (size_t)d->accumulators * d->lanes, nref = (size_t)ref->accumulators * ref->lanes;
	size_t sizes[3];
	float *data = xalign(CT_FMA_ARRAY_BYTES), *out = calloc(nout, sizeof(float));
	float *rout = calloc(nref, sizeof(float));
	double *want = calloc(nout, sizeof(double));
	uint32_t x = 2463534242u;
	uint64_t passes;
	size_t s, i, e;
	unsigned a;

	if (!out || !rout || !want)
		exit(99);
	for (i = 0; i < full; i++) {
		x ^= x << 13, x ^= x >> 17, x ^= x << 5;
		data[i] = x & 1 ? 1.0f : 0.5f;
	}
	/*
	 * One iteration of both kernels (the scalar reference reads whole
	 * iterations of its own), three, and the whole array.
	 */
	sizes[0] = step;
	while (sizes[0] % (ref->bytes / sizeof(float)))
		sizes[0] += step;
	sizes[1] = 3 * sizes[0];
	sizes[2] = full;
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		size_t n = sizes[s];

		for (passes = 1; passes <= 3; passes += 2) {
			double total = 0, got;

			for (i = 0; i < nout; i++)
				want[i] = out[i] = fma_start(d, i);
			for (e = 0; e < n; e++)
				for (a = 0; a < ((d->flags & CT_KERNEL_SHARED_LOAD) ? d->accumulators : 1); a++)
					want[fma_slot(d, e, a)] += (double)passes * data[e] * data[e];
			d->fn.fma(data, n, passes, out);
			for (i = 0; i < nout; i++)
				if ((float)want[i] != out[i]) {
					bad("%zu floats, %" PRIu64 " passes: accumulator %zu lane %zu is %.9g, expected %.9g",
					    n, passes, i / d->lanes, i % d->lanes, (double)out[i], want[i]);
					break;
				}
			memset(rout, 0, nref * sizeof(float));
			ref->fn.fma(data, n, passes, rout);
			for (i = 0; i < nref; i++)
				total += rout[i];
			for (a = 0; a < d->accumulators; a++) {
				got = 0;
				for (i = 0; i < nout; i++)
					if ((d->flags & CT_KERNEL_SHARED_LOAD) ? i / d->lanes == a : a == 0)
						got += (double)out[i] - (double)fma_start(d, i);
				if (got != total) {
					bad("%zu floats, %" PRIu64 " passes: accumulator %u adds %.9g, the scalar kernel %.9g",
					    n, passes, a, got, total);
					break;
				}
				if (!(d->flags & CT_KERNEL_SHARED_LOAD))
					break;
			}
		}
	}
	free(data);
	free(out);
	free(rout);
	free(want);
}

/*
 * What a stream kernel's description must satisfy whatever the kernel:
 * its iterations tile a block, its loads make its bytes, every 64-bit
 * word loaded is added once into a lane of an accumulator, and a
 * prefetching loop prefetches every line of an iteration once.
 */
static void stream_describe(const struct ct_kernel *d)
{
	const struct ct_kernel_loop *pf = ct_kernel_loop(d, "prefetch"),
		*sh = ct_kernel_loop(d, "short"), *xo = ct_kernel_loop(d, "xor");
	size_t i;

	EXPECT(d->fn.stream != NULL && d->symbol && d->insn && d->binds);
	/* Its loops beside fn: these three at most, each with its function and symbol. */
	for (i = 0; i < CT_KERNEL_LOOPS && d->loops[i].name; i++)
		EXPECT((&d->loops[i] == pf || &d->loops[i] == sh || &d->loops[i] == xo) &&
		       d->loops[i].fn.stream && d->loops[i].symbol);
	EXPECT(d->accumulators >= 1 && d->lanes >= 1 && d->loads >= 1 && d->bytes >= 1);
	EXPECT(CT_STREAM_BLOCK % d->bytes == 0);
	EXPECT(d->bytes == d->loads * d->load_bytes);
	EXPECT(d->ops * d->lanes * 8 == d->bytes);
	EXPECT(d->flops == 0);
	EXPECT((pf != NULL) == (d->prefetches > 0));
	if (pf)
		EXPECT(d->prefetches * 64 == d->bytes);
	/* The short loop: fewer of the same loads an iteration, tiling a block. */
	EXPECT((sh != NULL) == (d->short_loads > 0));
	if (sh)
		EXPECT(d->short_loads < d->loads && d->bytes % (d->short_loads * d->load_bytes) == 0);
	/* The xor loop: pairs of whole lines, an iteration tiling a block. */
	EXPECT((xo != NULL) == (d->xor_loads > 0));
	if (xo)
		EXPECT(d->xor_loads % 2 == 0 && d->load_bytes == 64 &&
		       CT_STREAM_BLOCK % (d->xor_loads * d->load_bytes) == 0);
	if (!(d->flags & CT_KERNEL_AS_COMPILED))
		EXPECT(d->mnemonic && d->mnemonic[0] && d->reg && d->reg[0]);
}

/*
 * Every loop of the kernel (plain, short, prefetching) over one block,
 * three and an odd 129 (a loop that reads two blocks an iteration and
 * drops the last is caught), one pass and three (the passes are the
 * kernel's own loop, its accumulators carried across them): each must
 * return the scalar kernel's sum, and that must be the words' own.  The
 * xor loop, over the same, and two passes and four (an XOR carried across
 * passes cancels to 0 there): passes x the sum of one pass's eight XOR
 * lanes, computed here word by word.
 */
static void stream_check(const struct ct_kernel *d)
{
	static const size_t blocks[] = { 1, 3, 129 };
	const struct ct_kernel *ref = &ct_stream_scalar_desc;
	/* The loops that return passes x the sum: fn and its like (not the xor loop). */
	static const char *const loops[] = { "plain", "short", "prefetch" };
	const struct ct_kernel_loop *xo = ct_kernel_loop(d, "xor");
	size_t words = 129 * CT_STREAM_BLOCK / 8, b, i, l;
	uint64_t *a = xalign(words * 8), x = 88172645463325252ull, passes;

	for (i = 0; i < words; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		a[i] = x;
	}
	for (b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++) {
		size_t n = blocks[b] * CT_STREAM_BLOCK / 8;
		uint64_t sum = 0;

		for (i = 0; i < n; i++)
			sum += a[i];
		for (passes = 1; passes <= 3; passes += 2) {
			uint64_t want = ref->fn.stream(a, n, passes);

			if (want != passes * sum)
				bad("%zu blocks, %" PRIu64 " passes: the scalar kernel sums 0x%016" PRIx64
				    ", the words 0x%016" PRIx64, blocks[b], passes, want, passes * sum);
			for (l = 0; l < sizeof(loops) / sizeof(loops[0]); l++) {
				const struct ct_kernel_loop *lp = ct_kernel_loop(d, loops[l]);
				uint64_t got;

				if (l > 0 && !lp)
					continue;
				got = l == 0 ? d->fn.stream(a, n, passes) : lp->fn.stream(a, n, passes);
				if (got != want)
					bad("%s loop, %zu blocks, %" PRIu64 " passes: sum 0x%016" PRIx64
					    ", the scalar kernel's 0x%016" PRIx64, loops[l], blocks[b],
					    passes, got, want);
			}
		}
	}
	for (b = 0; xo && b < sizeof(blocks) / sizeof(blocks[0]); b++) {
		size_t n = blocks[b] * CT_STREAM_BLOCK / 8;
		uint64_t lane[8] = { 0 }, one = 0;

		for (i = 0; i < n; i++)
			lane[i % 8] ^= a[i];
		for (i = 0; i < 8; i++)
			one += lane[i];
		for (passes = 1; passes <= 4; passes++) {
			uint64_t got = xo->fn.stream(a, n, passes);

			if (got != passes * one)
				bad("xor loop, %zu blocks, %" PRIu64 " passes: 0x%016" PRIx64 ", the "
				    "lanes' 0x%016" PRIx64, blocks[b], passes, got, passes * one);
		}
	}
	free(a);
}

static const struct ct_kernel *addchain_desc(enum ct_isa isa)
{
	(void)isa;
	return &ct_addchain_desc;
}

static void addchain_describe(const struct ct_kernel *d)
{
	EXPECT(d->fn.addchain != NULL && d->symbol && d->insn && d->binds);
	EXPECT(d->accumulators == 1 && d->ops == CT_ADDCHAIN_UNROLL);
}

/* The chain's count: ops adds an iteration, every iteration. */
static void addchain_check(const struct ct_kernel *d)
{
	static const uint64_t iters[] = { 1, 7, 100000 };
	size_t i;

	for (i = 0; i < sizeof(iters) / sizeof(iters[0]); i++) {
		uint64_t got = d->fn.addchain(iters[i]);

		if (got != iters[i] * d->ops)
			bad("%" PRIu64 " iterations: %" PRIu64 " adds, expected %" PRIu64, iters[i], got,
			    iters[i] * d->ops);
	}
}

static const struct ct_kernel *chase_desc(enum ct_isa isa)
{
	(void)isa;
	return &ct_chase_desc;
}

static void chase_describe(const struct ct_kernel *d)
{
	const struct ct_kernel_loop *ch = ct_kernel_loop(d, "chains");

	EXPECT(d->fn.chase != NULL && ch && ch->fn.chains && d->symbol && ch->symbol);
	EXPECT(d->insn && d->binds);
	EXPECT(d->accumulators == 1 && d->loads == CT_CHASE_UNROLL && d->ops == d->loads);
	EXPECT(d->load_bytes == sizeof(void *) && d->bytes == d->loads * d->load_bytes);
}

/*
 * Both loops over a random cycle of 1000 lines (the order the workload
 * makes, one pointer a line): the chase lands where the order says after
 * a few steps, one iteration and many laps; each of three chains started
 * apart lands where its own start says.
 */
static void chase_check(const struct ct_kernel *d)
{
	static const uint64_t steps[] = { CT_CHASE_UNROLL, 2 * CT_CHASE_UNROLL, 4000 };
	enum { LINES = 1000, WORDS = CT_LATENCY_LINE / sizeof(void *) };
	const struct ct_kernel_loop *ch = ct_kernel_loop(d, "chains");
	const void **w = xalign(LINES * CT_LATENCY_LINE), *p[3];
	uint32_t next[LINES], order[LINES];
	char why[128];
	size_t i, s, j;

	ct_latency_permute(next, LINES, 12345);
	if (ct_latency_order(next, LINES, order, why, sizeof(why)) < 0) {
		bad("the order: %s", why);
		return;
	}
	for (i = 0; i < LINES; i++)
		w[i * WORDS] = &w[next[i] * WORDS];
	for (s = 0; s < sizeof(steps) / sizeof(steps[0]); s++) {
		const void *got = d->fn.chase(&w[order[1] * WORDS], steps[s]);

		if (got != &w[order[(1 + steps[s]) % LINES] * WORDS])
			bad("ct_chase, %" PRIu64 " steps from place 1: landed on word %td, expected line %"
			    PRIu32, steps[s], (const void **)got - w, order[(1 + steps[s]) % LINES]);
		for (j = 0; j < 3; j++)
			p[j] = &w[order[j * 300] * WORDS];
		ch->fn.chains(p, 3, steps[s] + 1);
		for (j = 0; j < 3; j++)
			if (p[j] != &w[order[(j * 300 + steps[s] + 1) % LINES] * WORDS])
				bad("ct_chase_chains, chain %zu of 3, %" PRIu64 " steps: landed on word %td",
				    j, steps[s] + 1, (const void **)p[j] - w);
	}
	free(w);
}

/*
 * The kernels: desc gives the description of an ISA's kernel (NULL when
 * this build has none); per_isa 0 for a kernel with one implementation a
 * build, whatever the ISA (the add chain: its architecture's).
 */
static const struct kernel_test {
	const char *name;
	const struct ct_kernel *(*desc)(enum ct_isa isa);
	void (*describe)(const struct ct_kernel *d);
	void (*check)(const struct ct_kernel *d);
	int per_isa;
} kernels[] = {
	{ "fma", ct_fma_desc, fma_describe, fma_check, 1 },
	{ "stream", ct_stream_desc, stream_describe, stream_check, 1 },
	{ "addchain", addchain_desc, addchain_describe, addchain_check, 0 },
	{ "chase", chase_desc, chase_describe, chase_check, 0 },
};
#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

static const char *str(const char *s)
{
	return s ? s : "";
}

/* The symbol of d's loop name, "" without one. */
static const char *loop_symbol(const struct ct_kernel *d, const char *name)
{
	const struct ct_kernel_loop *l = ct_kernel_loop(d, name);

	return l ? str(l->symbol) : "";
}

static void fact_row(const struct ct_kernel *d)
{
	printf("%s\t%s\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%u\t%s\t%s\t%s\t%s\t%s\t%s\t%u\t%s\t%u\t%s\t%s"
	       "\t%u\t%s\n",
	       d->kernel, d->isa, d->symbol, d->accumulators, d->lanes, d->loads,
	       d->load_bytes, d->bytes, d->flops, d->ops, str(d->insn), str(d->mnemonic),
	       str(d->reg), str(d->binds), d->flags & CT_KERNEL_SHARED_LOAD ? "yes" : "no",
	       d->flags & CT_KERNEL_AS_COMPILED ? "yes" : "no", d->prefetches,
	       loop_symbol(d, "prefetch"), d->short_loads, loop_symbol(d, "short"),
	       loop_symbol(d, "chains"), d->xor_loads, loop_symbol(d, "xor"));
}

/* --facts: empty cells for the strings a kernel leaves empty. */
static int facts(void)
{
	size_t k;
	int i;

	printf("#kernel\tisa\tsymbol\taccumulators\tlanes\tloads\tload_bytes\tbytes\tflops\tops\t"
	       "insn\tmnemonic\treg\tbinds\tshared_load\tas_compiled\tprefetches\tsymbol_pf\t"
	       "short_loads\tsymbol_short\tsymbol_chains\txor_loads\tsymbol_xor\n");
	for (k = 0; k < NKERNELS; k++)
		for (i = 0; i < (kernels[k].per_isa ? CT_ISA_COUNT : 1); i++) {
			const struct ct_kernel *d = kernels[k].desc((enum ct_isa)i);

			if (d)
				fact_row(d);
		}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("checkasm");
		return 1;
	}
	return 0;
}

/*
 * One case in a child: 0 passed, else 1 with what failed said.  crash:
 * raise SIGILL before the kernel runs (--crash).
 */
static int run_case(const struct kernel_test *t, const struct ct_kernel *d, int crash)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("checkasm: fork");
		exit(99);
	}
	if (pid == 0) {
		alarm(CASE_SECONDS);
		if (crash)
			raise(SIGILL);
		t->check(d);
		fflush(stdout);
		_exit(case_failures ? 1 : 0);
	}
	if (waitpid(pid, &st, 0) < 0) {
		perror("checkasm: waitpid");
		exit(99);
	}
	if (WIFSIGNALED(st)) {
		int sig = WTERMSIG(st);

		printf("%s %s: FAIL: killed by %s%s\n", t->name, d->isa,
		       sig == SIGILL ? "SIGILL" : sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" :
		       sig == SIGALRM ? "SIGALRM" : "a signal",
		       sig == SIGALRM ? " (a hang: no end within the time limit)" :
		       sig == SIGILL ? " (an instruction this cpu lacks)" : "");
		return 1;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		printf("%s %s: FAIL\n", t->name, d->isa);
		return 1;
	}
	printf("%s %s: ok\n", t->name, d->isa);
	return 0;
}

int main(int argc, char **argv)
{
	const char *crash = NULL;
	unsigned passed = 0, failed = 0, skipped = 0;
	size_t k;
	int i;

	if (argc == 2 && strcmp(argv[1], "--facts") == 0)
		return facts();
	if (argc == 3 && strcmp(argv[1], "--crash") == 0)
		crash = argv[2];
	else if (argc != 1) {
		fprintf(stderr, "usage: checkasm [--facts | --crash KERNEL/ISA]\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (k = 0; k < NKERNELS; k++) {
		const struct kernel_test *t = &kernels[k];

		for (i = 0; i < (t->per_isa ? CT_ISA_COUNT : 1); i++) {
			enum ct_isa isa = (enum ct_isa)i;
			const struct ct_kernel *d = t->desc(isa);
			char name[64];

			who_kernel = t->name;
			who_isa = t->per_isa ? ct_isa_name(isa) : d->isa;
			case_failures = 0;
			/* A description of the wrong kernel, or one for an ISA not built. */
			if (t->per_isa && ct_isa_compiled(isa) != (d != NULL))
				bad("ct_isa_compiled() is %d, a description %s", ct_isa_compiled(isa),
				    d ? "given" : "missing");
			if (d) {
				EXPECT(strcmp(d->kernel, t->name) == 0);
				if (t->per_isa)
					EXPECT(strcmp(d->isa, ct_isa_name(isa)) == 0);
				t->describe(d);
			}
			if (case_failures) {
				printf("%s %s: FAIL\n", t->name, who_isa);
				failed++;
				continue;
			}
			if (!d) {
				printf("%s %s: skipped: not built into this %s binary\n", t->name,
				       who_isa, CT_ARCH_NAME);
				skipped++;
				continue;
			}
			if (t->per_isa && !ct_isa_usable(isa)) {
				printf("%s %s: skipped: built, but this cpu (or its OS) cannot run it\n",
				       t->name, who_isa);
				skipped++;
				continue;
			}
			snprintf(name, sizeof(name), "%s/%s", t->name, d->isa);
			if (run_case(t, d, crash && strcmp(crash, name) == 0))
				failed++;
			else
				passed++;
		}
	}
	printf("checkasm: %u passed, %u failed, %u skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}

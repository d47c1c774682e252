/*
 * workloads/stream.h - the streaming-read kernel: single-stream memory read
 * bandwidth, verified.  One kernel file per ISA in src/kernels/stream-*.c,
 * each with its own flags; src/lib/workloads/stream.c builds a struct ct_job
 * around the one an ISA needs, so ct-stream and ct-place run the same code.
 *
 * Every kernel sums n 64-bit words mod 2^64, one sequential read stream,
 * one add per load, nothing stored: the loads bind at every level, not
 * the arithmetic.  The sum still checks every 32-bit value: changing one
 * by d changes the sum by d (a low half) or d * 2^32 (a high half),
 * neither 0 mod 2^64.
 *
 * The array is filled from a pseudo-random sequence seeded at run time,
 * and the reference sum is accumulated while filling, so no compiler can
 * know it; every call's sum must equal passes x reference (mod 2^64).
 * The avx512 kernel's xor loop folds two lines an instruction by XOR
 * within a pass (kernels.h): its reference is ct_stream_xor_ref's, kept
 * beside the sum.
 */
#ifndef CT_WORKLOADS_STREAM_H
#define CT_WORKLOADS_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "measure/harness.h"
#include "platform/isa.h"
#include "kernels/kernels.h"
#include "machine/caches.h"
#include "machine/topo.h"
#include "platform/os.h"

struct ct_cpuset;

/* Sizes: the smallest array, and the defaults (see ct_stream_default_size). */
#define CT_STREAM_MIN_BYTES 4096u
#define CT_STREAM_FLOOR_BYTES (64ull << 20)	/* default at least 64 MiB */
#define CT_STREAM_CACHE_FACTOR 4		/* ... and 4 x the largest cache */
#define CT_STREAM_QUICK_BYTES (16ull << 20)	/* QUICK: a smoke run */
/*
 * Each timed call reads at least this many bytes (whole passes over the
 * array), so that a small array's sample is not a timer tick: 256 MiB is
 * a few ms from L1 and 20-100 ms from memory.
 */
#define CT_STREAM_CALL_BYTES (256ull << 20)
#define CT_STREAM_CALL_BYTES_QUICK (16ull << 20)

/*
 * The description of isa's stream kernel (kernels.h: load width,
 * accumulators, bytes per iteration, its prefetching loop if it has
 * one), NULL for an ISA with no stream kernel in this build.
 */
const struct ct_kernel *ct_stream_desc(enum ct_isa isa);

/*
 * Cache sizes of the cpus a run is on, per level (1-3), and where each
 * came from (machine/caches.h: the OS, else CPUID): bytes 0 is "no cache
 * at this level" when the source is known, "unknown" when it is not.
 */
struct ct_stream_caches {
	uint64_t bytes[4];		/* [1] L1d, [2] L2, [3] L3 */
	enum ct_cache_source source[4];
	char note[128];			/* what a source said beside (caches.h) */
};
void ct_stream_caches(const struct ct_cpuset *cpus, struct ct_stream_caches *c);
/*
 * The level an array of bytes falls in: "L1", "L2", "L3" (the smallest
 * level that holds it), "memory" (every level known, none holds it) or
 * "unknown" (a level that might hold it is not known): ct_caches_level.
 */
const char *ct_stream_level(uint64_t bytes, const struct ct_stream_caches *c);
/* The first of L1-L3 whose size is not known, 0 when all are. */
int ct_stream_caches_unknown(const struct ct_stream_caches *c);

/*
 * The default array size for a run on cpus (NULL: any cpu): the larger of
 * CT_STREAM_FLOOR_BYTES and CT_STREAM_CACHE_FACTOR x the largest cache
 * level known for them, or CT_STREAM_QUICK_BYTES when quick; a sentence
 * saying why goes into reason, and says "a guess" where a level up to L3
 * is unknown (then nothing says the array is beyond every cache).
 */
uint64_t ct_stream_default_size(const struct ct_cpuset *cpus, int quick,
				char *reason, size_t len);

/*
 * Check a requested size: at least CT_STREAM_MIN_BYTES, at most the
 * machine's memory.  Returns 0, or -1 with a reason.  Sizes that are not a
 * multiple of CT_STREAM_BLOCK are rounded up by ct_stream_new().
 */
int ct_stream_size_ok(uint64_t bytes, char *why, size_t len);
/* "16 KiB", "1040 MiB", "3 GiB": exact, in the largest unit that divides; buf. */
char *ct_stream_size_text(uint64_t b, char *buf, size_t len);

/*
 * The loops of a stream kernel: its plain loop (every kernel), its short
 * loop (kernels.h short_loads lines an iteration: avx512), its
 * prefetching loop (CT_STREAM_PREFETCH bytes ahead: avx512, avx2) and its
 * xor loop (two lines an instruction: avx512).
 */
enum ct_stream_loop {
	CT_STREAM_LOOP_PLAIN,
	CT_STREAM_LOOP_SHORT,
	CT_STREAM_LOOP_PREFETCH,
	CT_STREAM_LOOP_XOR,
	CT_STREAM_LOOPS
};
const char *ct_stream_loop_name(enum ct_stream_loop loop);	/* "plain", "short", "prefetch", "xor" */
int ct_stream_loop_from_name(const char *name, enum ct_stream_loop *loop);

/*
 * What the xor loops return for one pass over a[0..n-1] (n a multiple of
 * 8): the sum mod 2^64 of the eight lanes, lane l the XOR of every a[i]
 * with i mod 8 = l.  A call of passes passes returns passes x this.
 */
uint64_t ct_stream_xor_ref(const uint64_t *a, size_t n);

/*
 * The calibration.  ct-stream and ct-place find the fastest reader of the
 * array at hand on the thread that will measure it: every candidate (an
 * ISA usable here x one of its kernel's loops; scalar only where no vector
 * ISA is, ct_stream_ask_candidates) is timed, a settle call
 * then CT_STREAM_TRIALS trials, each one call, each sum verified, in the
 * reverse of the fixed order below, the candidates' trials taken in
 * turns (where 512-bit reads lower the clock, ct_stream_licence(), the
 * 512-bit candidates after every other, each group in turns).  Then a
 * tournament in the fixed order (ct_stream_decide): the first candidate
 * (or the one earlier measurements preferred, ct_stream_prior_for) holds
 * the place, and each next one takes it only where its median is faster
 * by more than CT_STREAM_TIE_MARGIN, and confidently so: by more than
 * CT_STREAM_TIE_Z standard errors of the two medians' log ratio
 * (ct_stream_versus), and never on one block of trials.  Where a
 * challenger is not yet shown faster by more than the margin nor shown
 * not, the pair is undecided, and the undecided candidates alone are
 * timed CT_STREAM_TRIALS more in the same groups and turns
 * (ct_stream_undecided), the tournament redone over all
 * trials, up to CT_STREAM_TRIALS_MAX each while the calibration keeps to
 * CT_STREAM_BUDGET_NS (ct_stream_block_fits); an undecided challenger
 * then takes nothing (the burden of proof is on it), so the same machine
 * picks the same reader from run to run.  A call makes whole passes of at
 * least CT_STREAM_TRIAL_BYTES in all, or, over an array far larger than
 * the caches, reads one window of that many bytes
 * (ct_stream_trial_window).
 */
#define CT_STREAM_TRIALS 9
#define CT_STREAM_TRIALS_MAX 45
#define CT_STREAM_TRIAL_BYTES (64ull << 20)
#define CT_STREAM_TRIAL_BYTES_QUICK (4ull << 20)
#define CT_STREAM_CANDS_MAX 12
#define CT_STREAM_REASON_LEN 480
/*
 * A block of 9 trials, not 5: a trial is one call of a ms or two, and a
 * host's noise moves one call against the next by several % (a Zen 5
 * Firecracker guest: 5-10 %), so that medians of 5 often passed each
 * other (bench/NOTES, round 14).  A spread-based tie width (3 x the
 * trials' median absolute deviation, which more trials do not shrink)
 * fell now on one side, now on the other of a real gap of 5-7 % (Zen 4,
 * 16 KiB: avx2 against avx512) or 10-22 % (Zen 5, 8 MiB: the avx512
 * prefetching loop against the plain one), so the pick flipped: the
 * standard error of a median does shrink, as 1 / sqrt(trials), and a
 * margin that stays is what tells such readers apart.
 *
 * The margin: 3 %, what a pick may lose against the best reader where
 * the trials cannot tell them apart; a few trials see a machine's noise
 * only in part (and where the two licence groups are timed apart, some
 * ms lie between them).
 * On the log scale, so that it is the same whichever of two readers is
 * the incumbent's.  The standard error of a median's log is
 * CT_STREAM_SE_MAD x s / sqrt(n) (1.2533 x 1.4826 for a normal sample),
 * s the run's relative spread, the median over the verified candidates
 * of each one's median absolute deviation over its median
 * (ct_stream_spread): pooled, so that one candidate's lucky small spread
 * makes no comparison of its confident, and one disturbed block makes
 * none undecided.  z = 2, one-sided: with no margin an equal challenger
 * would take the place about once in 44 comparisons; with it, one 3 %
 * faster does as rarely and an equal one practically never.  45 trials
 * at most, in blocks of 9: most pairs are decided on the first block,
 * and two equal readers with a spread of 2.5 % are told apart (not
 * faster by 3 %) on three.
 */
#define CT_STREAM_TIE_MARGIN 0.03
#define CT_STREAM_TIE_Z 2.0
#define CT_STREAM_SE_MAD 1.858
/*
 * No block of more trials that would take the calibration past 300 ms:
 * from memory a trial is a call of 2-4 ms, a block of 9 for seven
 * candidates 0.15-0.25 s, and seven readers within the noise of each
 * other (Zen 4, 64 MiB) took up to 1.1 s to the cap.  Where the first
 * block alone comes near it (a slow memory, many candidates), no second
 * block is timed and the first in the order keeps the place.
 */
#define CT_STREAM_BUDGET_NS 300000000.0

/*
 * The windows of the calibration's trials over an array of bytes, where
 * the largest cache holds cache bytes (0: unknown): trial bytes each,
 * or 0 for trials of whole passes.  A pass over a large array takes long
 * (a 2 GiB array read at 17 GB/s: 0.12 s, 28 calls of it 3.4 s), so
 * there each trial reads one window, the next in turn, each verified
 * against its own references kept at fill time.  In turn from the fill
 * on, the window a trial reads is always the one read least recently,
 * the rest of the array read since: windows only where that rest is at
 * least twice the largest cache (so no cache holds the window, as none
 * holds a pass) and the array is at least two windows.  Pure.
 */
uint64_t ct_stream_trial_window(uint64_t bytes, uint64_t trial, uint64_t cache);

/*
 * The array (stream-array.c), for workloads/ alone: stream.c reads it,
 * the calibration's trials cut it into windows; its memory, its fill
 * from xorshift64 at run time, the references each loop's sum is held
 * to, the windows of the calibration's trials.
 */
/* One array, shared by the kernels of every ISA that read it. */
struct ct_stream_array {
	uint64_t *a;
	size_t n;			/* 64-bit words */
	uint64_t bytes;
	struct ct_stream_caches caches;	/* of the cpus it was filled on */
	const char *level;
	uint64_t ref;			/* sum of one pass, mod 2^64 */
	uint64_t xref;			/* the xor loops' (ct_stream_xor_ref) */
	/* The calibration's windows (ct_stream_trial_window), 0: whole passes. */
	uint64_t window;		/* bytes of each */
	size_t nwin;
	uint64_t *wref, *wxref;		/* each one's ref and xref */
	size_t next;			/* the one the next trial reads */
	struct ct_os_mem mem;
	unsigned users;
	char reason[160];
	char thp[32];
	int huge_asked;
	double huge_pct;
};

/*
 * A new array of bytes (rounded up to a multiple of CT_STREAM_BLOCK),
 * huge pages asked unless flags has CT_STREAM_SMALL_PAGES, filled and
 * its references taken (and the windows' where a trial reads windows,
 * ct_stream_trial_window); reason: why this size ("requested" for NULL).
 * Exits on an allocation failure.  One user: ct_stream_array_free() when
 * the last is done.
 */
struct ct_stream_array *ct_stream_array_new(uint64_t bytes, const char *reason, unsigned flags);
void ct_stream_array_free(struct ct_stream_array *arr);
/* Cut arr into windows of window bytes (0: none) for the calibration's trials. */
void ct_stream_array_set_windows(struct ct_stream_array *arr, uint64_t window);
/*
 * Read back the len words at off (a part of the fill, or a window; off a
 * multiple of 8), in one pass: their XOR lanes into lane, and when they
 * are window i, its references (their sum, and the sum of their lanes).
 */
void ct_stream_array_part_refs(struct ct_stream_array *arr, size_t off, size_t len,
			       uint64_t lane[8]);
/* What one pass of loop over arr returns (mod 2^64). */
uint64_t ct_stream_array_loop_ref(const struct ct_stream_array *arr, enum ct_stream_loop loop);
/* The bytes of a calibration trial (CT_STREAM_TRIAL_BYTES, _QUICK with CT_STREAM_QUICK). */
uint64_t ct_stream_trial_bytes(unsigned flags);

struct ct_stream_cand {
	enum ct_isa isa;
	enum ct_stream_loop loop;
};
/*
 * The candidates of the ISAs isas (bits 1u << isa) and loops (bits 1u <<
 * loop) this build has, in the fixed order that holds the place where
 * two readers cannot be told apart: vector ISAs narrowest first, scalar
 * last (avx2, avx512, neon, scalar), within an ISA plain, short,
 * prefetch, xor.  Narrowest first: a tie goes to the reader more
 * machines have (x86-64-v3), so that runs on other machines and runs
 * with one ISA forced read with the same reader (ct-compare pairs on the
 * reader), and no 512-bit clock licence is chosen on a tie (Intel 6/167
 * read avx512 5-10 % slower from memory, bench/NOTES).  They are timed
 * in the reverse order (and where a 512-bit licence was measured, the
 * 512-bit ones, whose licence can outlast them, after every other: a
 * lower licence slows none timed after it; the trials' first and last
 * keep the order).  c has room for
 * CT_STREAM_CANDS_MAX.  _name: "avx2", "avx512/short", "avx2/prefetch".
 */
size_t ct_stream_candidates(unsigned isas, unsigned loops, struct ct_stream_cand *c);
char *ct_stream_cand_name(const struct ct_stream_cand *c, char *buf, size_t len);

/*
 * One candidate's trials: GB/s each, n of them; failed when any sum was
 * wrong; first and last, the places of its first call (the settle) and
 * its last among the calibration's calls (0: the first call), its timing
 * order.
 */
struct ct_stream_trials {
	double gbs[CT_STREAM_TRIALS_MAX];
	unsigned n;
	int failed;
	uint64_t bytes;			/* read by each trial */
	int windowed;			/* each over one window of the array */
	unsigned first, last;		/* its first and last calls' places */
	unsigned blocks;		/* of trials, each after a settle call */
};
/* The median of the trials and their spread (the median absolute deviation). */
void ct_stream_trials_stats(const struct ct_stream_trials *t, double *median, double *spread);
/*
 * The run's relative spread: the median, over the verified candidates of
 * t[n], of each one's spread over its median; 0 when none was verified.
 * Pure.
 */
double ct_stream_spread(const struct ct_stream_trials *t, size_t n);
/*
 * Challenger c against incumbent i, the run's relative spread s: d =
 * log(median c / median i) - log(1 + CT_STREAM_TIE_MARGIN) against
 * CT_STREAM_TIE_Z x se, se = CT_STREAM_SE_MAD x s x sqrt(1 / n_c + 1 /
 * n_i).  1: c is faster by more than the margin, d > z se, on two
 * blocks of trials of each at least; -1: it is not, d <= -z se; 0: the
 * trials cannot tell yet, or c would win on one block.  A block's trials
 * are taken within ms of each other, and a host's passing state lasts
 * several turns, or moves a whole licence group, where the groups are
 * timed apart, at once (a Zen 4 guest at 16 KiB: every reader of a group 13-15 %
 * slower for 10-50 ms; at 64 MiB, in 20 runs of 45 trials, the median
 * ratio of scalar to avx2 over the first 9 trials 0.86-1.04, over all 45
 * 0.93-1.03): the trials' spread does not show it, a second block taken
 * later does.  Pure.
 */
int ct_stream_versus(const struct ct_stream_trials *c, const struct ct_stream_trials *i,
		     double s);
/*
 * The decision, a pure function of the trials: the index of the winner
 * among t[n], -1 when no candidate was verified.  The tournament: the
 * incumbent is preferred (an index, -1 for none) where it was verified,
 * else the first verified in the order of t (the fixed order); every
 * other verified candidate in that order meets the incumbent
 * (ct_stream_versus) and takes its place where it wins; an undecided one
 * does not.  *kept is 1 when the winner's median is not the fastest.
 */
int ct_stream_decide(const struct ct_stream_trials *t, size_t n, int preferred, int *kept);
/*
 * Which candidates the same tournament left undecided: more[i] is 1 for
 * each one of a pair that neither won nor lost (ct_stream_versus 0)
 * whose trials are under CT_STREAM_TRIALS_MAX, 0 for the rest; the
 * number of ones.  The calibration times those again until none is
 * left.  Pure.
 */
size_t ct_stream_undecided(const struct ct_stream_trials *t, size_t n, int preferred, int *more);
/*
 * Whether a block of more calls fits the budget, the calibration having
 * spent spent_ns on calls calls: at their mean time, it would end within
 * CT_STREAM_BUDGET_NS.  Pure.
 */
int ct_stream_block_fits(uint64_t spent_ns, unsigned calls, unsigned more);

/*
 * The 512-bit candidates' clock licence, measured, not recalled: some
 * cores lower their clock while 512-bit instructions run and for some 2
 * ms after (Skylake-SP, Cascade Lake), which would slow whatever is timed
 * right after one of them; others keep it (Zen 4 and Zen 5 guests:
 * 0.99-1.01).  Where it is kept, every candidate is timed in turns with
 * every other, so that what the host does from ms to ms lands on all of
 * them alike (timed in two groups, a Zen 5 guest's avx512 group read
 * 0.78-1.47 x the avx2 group at 64 MiB from run to run, bench/NOTES);
 * where it is lowered, the 512-bit ones apart, after the rest.  The
 * probe, once a process, on the calibrating thread before the first
 * calibration that has both: an add chain of 2.5 ms (any licence left
 * lapses), then CT_STREAM_LICENCE_CALLS calls of the first other reader
 * over the array's first 16 KiB, each followed by a chain of 100,000
 * adds, then as many of the first 512-bit reader's, each followed by the
 * same chain; about 5 ms.  CT_STREAM_LICENCE=apart or turns sets it
 * instead.
 *
 * ct_stream_licence_apart(): from the chains' times after the 512-bit
 * calls (after512[n], ns) and after the others' (other[n]): *ratio =
 * median after512 / median other, and 1 (apart) unless it is at most 1 +
 * CT_STREAM_LICENCE_MARGIN (a NaN or a time of 0: apart).  Pure.
 * ct_stream_licence(): how this process times them: 1 apart, 0 in turns,
 * -1 not known yet (no calibration had both); *ratio the measured one
 * (NaN where CT_STREAM_LICENCE set it or none was measured).
 * ct_stream_licence_words(): how the candidates c[n] were timed, in the
 * calibration's reason: "" where no 512-bit one met another, else apart
 * or in turns, and why (CT_STREAM_LICENCE, or the measured ratio).
 */
#define CT_STREAM_LICENCE_MARGIN 0.03
#define CT_STREAM_LICENCE_CALLS 5
int ct_stream_licence_apart(const double *after512, const double *other, unsigned n,
			    double *ratio);
int ct_stream_licence(double *ratio);
void ct_stream_licence_words(const struct ct_stream_cand *c, size_t n, char *buf, size_t len);

/* What the per-model preferences know of a core: CPUID's vendor, display family and model. */
struct ct_stream_cpu {
	enum ct_cpu_vendor vendor;
	unsigned family, model;
};
void ct_stream_cpu_ident(struct ct_stream_cpu *id);	/* this cpu's (zeros without CPUID) */
/*
 * The candidate among c[n] that earlier measurements on the core id found
 * faster at level ("L1" ... "memory"), the tournament's first incumbent:
 * another takes its place only where surely faster by more than the
 * margin; -1 (and why "") where none was measured.  Pure.
 */
int ct_stream_prior_for(const struct ct_stream_cpu *id, const char *level,
			const struct ct_stream_cand *c, size_t n, char *why, size_t len);
/*
 * The record's words for a calibration: "calibrated: scalar 41.2, avx2
 * 17.6 GB/s, 9 trials each of 64 MiB, 52 ms" (fastest first; "each over
 * one 64 MiB window" when windowed; the candidates timed more than the
 * fewest, "9 trials each of 64 MiB (avx2, avx512 36), 80 ms"), where the
 * winner is not the fastest why ("avx2 kept: avx512 not faster by more
 * than 3 % beyond the trials' noise (the fixed order)", or the prior's
 * words for the fixed order), how the 512-bit ones were timed (timing,
 * after the ms: "512-bit in turns: no clock licence (1.00 x)"; NULL or
 * "": nothing), and the options that pin the winner
 * ("--isa avx512 --loop xor pins it", always kept whole at the end).
 * Pure.
 */
void ct_stream_calibration_reason(const struct ct_stream_cand *c, const struct ct_stream_trials *t,
				  size_t n, int win, const char *prior, double ms, const char *timing,
				  char *buf, size_t len);

/* What was asked of the choice: isa, loop -1 for "calibrate", with how each was forced. */
struct ct_stream_ask {
	int isa;
	char isa_how[96];		/* "--isa avx2", "CT_ISA=avx2" */
	int loop;
	char loop_how[96];		/* "--loop plain", "CT_STREAM_LOOP=plain" */
};
/*
 * The ask from --isa (isa_req, NULL when not given; chosen is what
 * ct_isa_choose() made of it, CT_ISA included) and --loop (loop_req,
 * NULL: CT_STREAM_LOOP, else none).  -1 with why for a bad loop name.
 */
int ct_stream_ask_from(const char *isa_req, enum ct_isa chosen, const char *loop_req,
		       struct ct_stream_ask *a, char *why, size_t len);
/* The candidates it leaves (the ISAs usable here), as ct_stream_candidates. */
size_t ct_stream_ask_candidates(const struct ct_stream_ask *a, struct ct_stream_cand *c);

/* ct_stream_new() flags. */
#define CT_STREAM_QUICK 1u		/* CT_STREAM_CALL_BYTES_QUICK per call */
#define CT_STREAM_SMALL_PAGES 2u	/* refuse huge pages (default: ask) */

struct ct_stream;

/*
 * Set k up to run the stream kernel of isa (compiled and usable: the
 * caller chose it through ct_isa_choose() or ct_isa_usable()) over a
 * fresh array of bytes bytes (rounded up to CT_STREAM_BLOCK), filled and
 * touched before this returns.  reason (copied) says why this size, for
 * the record.  k->ctx is the returned object; free it with
 * ct_stream_free() once k is no longer used.  An array that cannot be
 * allocated exits 1 with a message.
 */
struct ct_stream *ct_stream_new(enum ct_isa isa, uint64_t bytes,
				const char *reason, unsigned flags,
				struct ct_job *k);
/*
 * The same kernel for another ISA over the same array (and reference):
 * --all-isa compares ISAs on identical data without a second allocation.
 */
struct ct_stream *ct_stream_share(struct ct_stream *s, enum ct_isa isa,
				  struct ct_job *k);
/* Frees the array with the last object that uses it. */
void ct_stream_free(struct ct_stream *s);

/* What the record says about the array, for the table's header line. */
struct ct_stream_info {
	const char *level;		/* "L1" ... "memory" */
	unsigned prefetch;		/* bytes ahead, 0: none */
	const char *prefetch_reason;
	unsigned iteration_loads;	/* of the loop that runs */
	const char *loop_reason;
	const char *isa_reason;		/* why this ISA and loop */
	uint64_t bytes;			/* the array */
	uint64_t passes;		/* per call */
	const char *reason;		/* why this size */
	const char *thp;		/* the system's THP setting */
	int huge_asked;			/* MADV_HUGEPAGE was given */
	double huge_pct;		/* of the array on huge pages, -1 unknown */
};
void ct_stream_info(const struct ct_stream *s, struct ct_stream_info *info);

/*
 * Time the candidates c[n] over s's array on this thread (see above),
 * trials each, into t[n] (at most CT_STREAM_TRIALS_MAX).  _more: trials
 * more for each candidate with more[i] set, after those t[n] holds (to
 * CT_STREAM_TRIALS_MAX at most), each again after a settle call, in the
 * same groups, order and turns; the calls' places go on from t's.  For
 * ct_stream_choose and the tests.
 */
void ct_stream_trial_cands(struct ct_stream *s, const struct ct_stream_cand *c, size_t n,
			   unsigned trials, struct ct_stream_trials *t);
void ct_stream_trial_more(struct ct_stream *s, const struct ct_stream_cand *c, size_t n,
			  const int *more, unsigned trials, struct ct_stream_trials *t);
/*
 * Make s (and k) the reader a asks for over s's array: with one candidate
 * left that one, else the calibration's winner, run here, on the caller's
 * thread: call it on the thread that measures.  The record's isa_reason
 * says what was tried and why the winner won; a wrong sum in a trial
 * exits 1.
 */
void ct_stream_choose(struct ct_stream *s, const struct ct_stream_ask *a, struct ct_job *k);
enum ct_isa ct_stream_isa(const struct ct_stream *s);
/* How long ct_stream_choose's calibration ran, 0 when it timed nothing. */
uint64_t ct_stream_calibration_ns(const struct ct_stream *s);
enum ct_stream_loop ct_stream_loop(const struct ct_stream *s);

/* Why this ISA (copied into the record's isa_reason field). */
void ct_stream_set_isa_reason(struct ct_stream *s, const char *reason);

/*
 * For tests only: the array the kernel reads (its reference was taken
 * while filling), to corrupt it and watch the real verifier fail.
 */
uint32_t *ct_stream_data(struct ct_stream *s, size_t *n);
/*
 * For tests only: cut s's array into windows of window bytes (a multiple
 * of CT_STREAM_BLOCK, at most the array; else 0: whole passes) for the
 * calibration's trials, each window's references read from the array as
 * it is, the next trial reading window 0.
 */
void ct_stream_set_trial_window(struct ct_stream *s, uint64_t window);

/* The kernel's own fields of its summaries, described once (ct-stream(1)). */
extern const struct ct_rec_kind ct_rec_stream_fields;

#endif

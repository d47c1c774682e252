/*
 * unit-child.c - the records of process-background's re-run, both ways:
 * made-up samples written as the child writes them, read back as the
 * parent reads them, every field of every sample the same (the doubles to
 * the six digits JSON keeps); and a record with a member gone, or out of
 * range, refused.  The re-run's settings by name: each lands in its own
 * field whatever the order, and a spec with a key missing, twice or
 * unknown is refused.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct-place/child.h"
#include "../unit.h"

/* Within the six significant digits the JSON writer keeps. */
static int near(double a, double b)
{
	return a == b || fabs(a - b) <= 1e-5 * fabs(b);
}

static const struct ct_job jobs[CT_NJOBS] = {
	{ "addchain", "x86-64", "GHz", 1e6, NULL, 0, NULL, 0, NULL, NULL, NULL, NULL, 0, 1e6, 0 },
	{ "fma", "avx2", "GFLOP/s", 2.5e6, "flop/cycle", 2.5e6, "fma/cycle", 1.25e6, NULL, NULL,
	  NULL, NULL, 0, 0, 0 },
	{ "stream", "avx2", "GB/s", 4e6, "byte/cycle", 4e6, NULL, 0, NULL, NULL, NULL, NULL, 0, 0,
	  1 },
	{ "chase", "scalar", "load/ns", 2.6e5, "load/cycle", 2.6e5, NULL, 0, NULL, NULL, NULL, NULL,
	  0, 0, 1 },
	{ CT_PLACEMENTS_CHAINS_NAME, "scalar", "load/ns", 2.6e5, "load/cycle", 2.6e5, NULL, 0, NULL,
	  NULL, NULL, NULL, 0, 0, 1 },
};

/* Every field different from every other, and from sample to sample. */
static void made_up(struct ct_series ser[CT_NJOBS], unsigned n, int counters)
{
	unsigned s;
	int i;

	for (i = 0; i < CT_NJOBS; i++) {
		ser[i].k = &jobs[i];
		ser[i].n = n;
		ser[i].s = calloc(n, sizeof(struct ct_sample));
		ser[i].verified = 1;
		ser[i].stopped_by = CT_STOP_PRECISION;
		ser[i].counters = counters;
		for (s = 0; s < n; s++) {
			struct ct_sample *x = &ser[i].s[s];
			uint64_t b = 1000 * (uint64_t)(10 * i + s + 1);
			int pc = jobs[i].per_cycle_unit != NULL;

			x->rep = s;
			x->cpu_start = (int)s;
			x->cpu_end = (int)s + 3;
			x->wall_ns = 1000003 + b;
			x->cpu_ns = 990017 + b;
			x->calls = 1;
			x->clock_ghz = pc ? 4.3456789012 + s : 0;
			x->bracket_ghz_wall = pc ? 4.5123456789 + s : 0;
			x->bracket_ghz_cpu = pc ? 4.6987654321 + s : 0;
			x->pre_wall_ns = pc ? 50011 + b : 0;
			x->pre_cpu_ns = pc ? 49013 + b : 0;
			x->post_wall_ns = pc ? 51019 + b : 0;
			x->post_cpu_ns = pc ? 48023 + b : 0;
			x->reads_ns = 3011 + b;
			x->count_status = !counters ? CT_COUNT_NONE : s == 1 ? CT_COUNT_MULTIPLEXED :
					  s == 2 ? CT_COUNT_SCALED : CT_COUNT_OK;
			if (ct_count_usable(x->count_status)) {
				x->cycles = 4567891.25 + b;
				x->instructions = 2345678.5 + b;
			}
		}
	}
}

static void same(const struct ct_series *a, const struct ct_series *b)
{
	unsigned s;

	CHECK(a->n == b->n);
	CHECK(b->verified);
	CHECK(a->stopped_by == b->stopped_by);
	CHECK(a->counters == b->counters);
	for (s = 0; s < a->n && s < b->n; s++) {
		const struct ct_sample *x = &a->s[s], *y = &b->s[s];

		CHECK(x->rep == y->rep);
		CHECK(x->cpu_start == y->cpu_start);
		CHECK(x->cpu_end == y->cpu_end);
		CHECK(x->wall_ns == y->wall_ns);
		CHECK(x->cpu_ns == y->cpu_ns);
		CHECK(x->calls == y->calls);
		CHECK(near(y->clock_ghz, x->clock_ghz));
		CHECK(near(y->bracket_ghz_wall, x->bracket_ghz_wall));
		CHECK(near(y->bracket_ghz_cpu, x->bracket_ghz_cpu));
		CHECK(x->pre_wall_ns == y->pre_wall_ns);
		CHECK(x->pre_cpu_ns == y->pre_cpu_ns);
		CHECK(x->post_wall_ns == y->post_wall_ns);
		CHECK(x->post_cpu_ns == y->post_cpu_ns);
		CHECK(x->reads_ns == y->reads_ns);
		CHECK(x->count_status == y->count_status);
		CHECK(near(y->cycles, x->cycles));
		CHECK(near(y->instructions, x->instructions));
		CHECK(ct_sample_disturbed(x) == ct_sample_disturbed(y));
	}
}

/* The records of ser read back into row; returns what the reader did. */
static int round_trip(const struct ct_series ser[CT_NJOBS], const struct ct_placements_opts *o,
		      struct ct_placements_row *row, const char *from, const char *to,
		      char *why, size_t len)
{
	FILE *f = unit_open_held(), *in;
	char *text, *at;
	int i, rc;

	ct_placements_child_write(f, ser);
	fclose(f);
	text = unit_held;
	/* An edit of the records: the first from made to, once. */
	if (from && (at = strstr(text, from)) != NULL) {
		size_t lf = strlen(from), lt = strlen(to);
		char *edited = malloc(strlen(text) - lf + lt + 1);

		memcpy(edited, text, (size_t)(at - text));
		memcpy(edited + (at - text), to, lt);
		strcpy(edited + (at - text) + lt, at + lf);
		text = edited;
	}
	memset(row, 0, sizeof(*row));
	for (i = 0; i < CT_NJOBS; i++)
		row->k[i] = jobs[i];
	in = fmemopen(text, strlen(text), "r");
	rc = ct_placements_child_read(in, o, row, why, len);
	fclose(in);
	if (text != unit_held)
		free(text);
	return rc;
}

/* Every setting the same after the spec, each a value no other has. */
static void same_opts(const struct ct_placements_opts *a, const struct ct_placements_opts *b)
{
	CHECK(a->h.reps == b->h.reps);
	CHECK(a->h.settle_ns == b->h.settle_ns);
	CHECK(a->h.bracket_adds == b->h.bracket_adds);
	CHECK(a->isa == b->isa);
	CHECK(a->stream_isa == b->stream_isa);
	CHECK(a->stream_ask.loop == b->stream_ask.loop);
	CHECK(a->clock_adds == b->clock_adds);
	CHECK(a->fma_passes == b->fma_passes);
	CHECK(a->stream_bytes == b->stream_bytes);
	CHECK(a->quick == b->quick);
	CHECK(a->h.precision_pct == b->h.precision_pct);
	CHECK(a->h.max_ns == b->h.max_ns);
}

static void child_spec(void)
{
	static const char *const refused[] = {
		"junk", "",
		/* max_ns missing, twice, unknown, a value that is not one. */
		"reps=3,settle_ns=11,bracket_adds=12,isa=scalar,stream_isa=scalar,stream_loop=xor,"
		"clock_adds=13,fma_passes=14,stream_bytes=15,quick=1,precision_pct=2.5",
		"reps=3,settle_ns=11,bracket_adds=12,isa=scalar,stream_isa=scalar,stream_loop=xor,"
		"clock_adds=13,fma_passes=14,stream_bytes=15,quick=1,precision_pct=2.5,max_ns=16,"
		"max_ns=16",
		"reps=3,settle_ns=11,bracket_adds=12,isa=scalar,stream_isa=scalar,stream_loop=xor,"
		"clock_adds=13,fma_passes=14,stream_bytes=15,quick=1,precision_pct=2.5,max_ns=16,"
		"passes=1",
		"reps=3,settle_ns=11,bracket_adds=12,isa=scalar,stream_isa=scalar,stream_loop=xor,"
		"clock_adds=13,fma_passes=-14,stream_bytes=15,quick=1,precision_pct=2.5,max_ns=16",
		"reps=0,settle_ns=11,bracket_adds=12,isa=scalar,stream_isa=scalar,stream_loop=xor,"
		"clock_adds=13,fma_passes=14,stream_bytes=15,quick=1,precision_pct=2.5,max_ns=16",
	};
	struct ct_placements_opts o, back;
	char spec[512];
	size_t i;

	/* Each setting a value no other has, through the spec and back. */
	memset(&o, 0, sizeof(o));
	o.h.reps = 7;
	o.h.settle_ns = 1000001;
	o.h.bracket_adds = 1000002;
	o.isa = ct_isa_best();
	o.stream_isa = CT_ISA_SCALAR;
	o.stream_ask.loop = CT_STREAM_LOOP_SHORT;
	o.clock_adds = 1000003;
	o.fma_passes = 1000004;
	o.stream_bytes = 1000005;
	o.quick = 1;
	o.h.precision_pct = 0.1;
	o.h.max_ns = 1000006;
	ct_placements_child_spec(&o, spec, sizeof(spec));
	memset(&back, 0, sizeof(back));
	CHECK(ct_placements_parse_child_spec(spec, &back) == 0);
	same_opts(&o, &back);
	CHECK(back.stream_ask.isa == (int)CT_ISA_SCALAR);
	CHECK(strcmp(back.stream_ask.loop_how, "short") == 0);

	/* Written by hand, in another order: each value where its name says. */
	memset(&back, 0, sizeof(back));
	CHECK(ct_placements_parse_child_spec("max_ns=16,quick=1,stream_bytes=15,fma_passes=14,"
					     "clock_adds=13,stream_loop=xor,stream_isa=scalar,"
					     "isa=scalar,bracket_adds=12,settle_ns=11,reps=3,"
					     "precision_pct=2.5", &back) == 0);
	CHECK(back.h.reps == 3 && back.h.settle_ns == 11 && back.h.bracket_adds == 12);
	CHECK(back.isa == CT_ISA_SCALAR && back.stream_isa == CT_ISA_SCALAR);
	CHECK(back.stream_ask.loop == (int)CT_STREAM_LOOP_XOR);
	CHECK(back.clock_adds == 13 && back.fma_passes == 14 && back.stream_bytes == 15);
	CHECK(back.quick == 1 && back.h.precision_pct == 2.5 && back.h.max_ns == 16);

	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		memset(&back, 0, sizeof(back));
		CHECK(ct_placements_parse_child_spec(refused[i], &back) < 0);
	}
}

int main(void)
{
	struct ct_series ser[CT_NJOBS];
	struct ct_placements_opts o;
	struct ct_placements_row row;
	char why[512];
	int i, counters;

	memset(&o, 0, sizeof(o));
	o.h.reps = 2;
	o.h.precision_pct = 5;
	for (counters = 0; counters <= 1; counters++) {
		made_up(ser, 4, counters);
		CHECK(round_trip(ser, &o, &row, NULL, NULL, why, sizeof(why)) == 0);
		for (i = 0; i < CT_NJOBS; i++) {
			CHECK(row.ser[i].k == &row.k[i]);
			CHECK(row.ser[i].precision_pct == o.h.precision_pct);
			same(&ser[i], &row.ser[i]);
		}
		ct_series_free(row.ser, CT_NJOBS);
		ct_series_free(ser, CT_NJOBS);
	}

	/* A member gone, of the wrong type or out of range: the record is refused. */
	made_up(ser, 2, 1);
	CHECK(round_trip(ser, &o, &row, "\"wall_ns\":", "\"wall_nsx\":", why, sizeof(why)) < 0);
	CHECK(strstr(why, "bad sample record") != NULL);
	ct_series_free(row.ser, CT_NJOBS);
	CHECK(round_trip(ser, &o, &row, "\"cpu_start\":0", "\"cpu_start\":\"0\"", why,
			 sizeof(why)) < 0);
	ct_series_free(row.ser, CT_NJOBS);
	CHECK(round_trip(ser, &o, &row, "\"cpu_ns\":", "\"cpu_ns\":-", why, sizeof(why)) < 0);
	ct_series_free(row.ser, CT_NJOBS);
	CHECK(round_trip(ser, &o, &row, "\"rep\":1", "\"rep\":0", why, sizeof(why)) < 0);
	ct_series_free(row.ser, CT_NJOBS);
	CHECK(round_trip(ser, &o, &row, "\"counter_status\":\"ok\"",
			 "\"counter_status\":\"fine\"", why, sizeof(why)) < 0);
	ct_series_free(row.ser, CT_NJOBS);
	CHECK(round_trip(ser, &o, &row, "\"isa\":\"avx2\"", "\"isa\":\"avx512\"", why,
			 sizeof(why)) < 0);
	ct_series_free(row.ser, CT_NJOBS);
	/* The bracket before the call longer than both together. */
	CHECK(round_trip(ser, &o, &row, "\"pre_bracket_wall_ns\":", "\"pre_bracket_wall_ns\":9",
			 why, sizeof(why)) < 0);
	ct_series_free(row.ser, CT_NJOBS);
	CHECK(round_trip(ser, &o, &row, "\"stopped_by\":\"precision\"",
			 "\"stopped_by\":\"patience\"", why, sizeof(why)) < 0);
	CHECK(strstr(why, "bad end record") != NULL);
	ct_series_free(row.ser, CT_NJOBS);
	CHECK(round_trip(ser, &o, &row, "\"samples\":2", "\"samples\":3", why, sizeof(why)) < 0);
	CHECK(strstr(why, "stopped after 10 of 15") != NULL);
	ct_series_free(row.ser, CT_NJOBS);
	ct_series_free(ser, CT_NJOBS);
	child_spec();
	return unit_done();
}

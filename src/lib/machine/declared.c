/*
 * machine/declared.c - kinds of core declared with --kinds or CT_KINDS, and their
 * place in loading a machine: they stand in for the rules of topo.c.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "machine/declared.h"
#include "machine/topo.h"

/* A cpulist of every cpu a set can hold fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

static const char *const short_names[CT_KIND_COUNT] = { "P", "E", "LP" };

void ct_kinds_init(struct ct_kinds *d, const char *source)
{
	memset(d, 0, sizeof(*d));
	d->source = source;
}

int ct_kinds_any(const struct ct_kinds *d)
{
	return !ct_cpuset_empty(&d->all);
}

int ct_kinds_kind_parse(const char *s, enum ct_kind *k)
{
	int i;

	if (ct_kind_parse(s, k) == 0)
		return 0;
	for (i = 0; i < CT_KIND_COUNT; i++)
		if (strcasecmp(s, short_names[i]) == 0) {
			*k = (enum ct_kind)i;
			return 0;
		}
	return -1;
}

/*
 * The cpus of a cpulist, one item ("3", "0-7:2") at a time, so that a cpu
 * named twice within it ("0,0", "0-3,2") is found too.
 */
static int parse_cpus(char *list, struct ct_cpuset *cpus, int *twice, char *why,
		      size_t len)
{
	struct ct_cpuset item, both;
	const char *cwhy;
	char *tok, *save = NULL;

	/* ct_cpuset_parse() takes the white space of a sysfs file; a user's list has none. */
	if (list[strcspn(list, " \t\n\r\f\v")] != '\0') {
		snprintf(why, len, "invalid cpu list '%s': white space", list);
		return -1;
	}
	/* The whole list first: its message names what is wrong with it. */
	if (ct_cpuset_parse(list, cpus, &cwhy) < 0) {
		snprintf(why, len, "invalid cpu list '%s': %s", list, cwhy);
		return -1;
	}
	if (ct_cpuset_empty(cpus)) {
		snprintf(why, len, "no cpu after '='");
		return -1;
	}
	*twice = -1;
	ct_cpuset_zero(cpus);
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (ct_cpuset_parse(tok, &item, &cwhy) < 0) {
			snprintf(why, len, "invalid cpu list item '%s': %s", tok, cwhy);
			return -1;
		}
		ct_cpuset_and(&both, &item, cpus);
		if (*twice < 0)
			*twice = ct_cpuset_next(&both, 0);
		ct_cpuset_or(cpus, cpus, &item);
	}
	return 0;
}

int ct_kinds_add(struct ct_kinds *d, const char *entry, char *why, size_t len)
{
	const char *eq = strchr(entry, '=');
	struct ct_cpuset cpus, both;
	enum ct_kind k;
	char *name, *list;
	int i, twice;

	if (!eq || eq == entry) {
		snprintf(why, len, "not KIND=CPULIST");
		return -1;
	}
	name = ct_xstrdup(entry);
	name[eq - entry] = '\0';
	list = name + (eq - entry) + 1;
	if (ct_kinds_kind_parse(name, &k) < 0) {
		snprintf(why, len, "unknown kind '%s': use performance, efficiency or "
			 "low-power (P, E, LP)", name);
		free(name);
		return -1;
	}
	if (parse_cpus(list, &cpus, &twice, why, len) < 0) {
		free(name);
		return -1;
	}
	free(name);
	/* Twice is noted, not refused yet: ct_kinds_apply() names a missing cpu first. */
	ct_cpuset_and(&both, &cpus, &d->all);
	if (!d->twice[0] && twice >= 0) {
		snprintf(d->twice, sizeof(d->twice), "entry '%s': cpu %d is declared twice",
			 entry, twice);
	} else if (!d->twice[0] && !ct_cpuset_empty(&both)) {
		int c = ct_cpuset_next(&both, 0);

		for (i = 0; i < CT_KIND_COUNT - 1; i++)
			if (ct_cpuset_isset(&d->cpus[i], c))
				break;
		snprintf(d->twice, sizeof(d->twice), "entry '%s': cpu %d is declared twice "
			 "(already %s)", entry, c, ct_kind_name((enum ct_kind)i));
	}
	ct_cpuset_or(&d->cpus[k], &d->cpus[k], &cpus);
	ct_cpuset_or(&d->all, &d->all, &cpus);
	return 0;
}

int ct_kinds_parse_list(struct ct_kinds *d, const char *list, char *why, size_t len)
{
	char *copy = ct_xstrdup(list), *p = copy, *semi;
	char ewhy[256];
	int rc = 0;

	/*
	 * A ';' ends an entry: after the last one it may stand or not.  An
	 * empty list has no entry at all, which is an empty entry too.
	 */
	for (; *p || p == copy; p = semi + 1) {
		semi = strchr(p, ';');
		if (semi)
			*semi = '\0';
		if (!*p) {
			snprintf(why, len, "an empty entry (entries are KIND=CPULIST, "
				 "separated by ';')");
			rc = -1;
			break;
		}
		if (ct_kinds_add(d, p, ewhy, sizeof(ewhy)) < 0) {
			snprintf(why, len, "entry '%s': %s", p, ewhy);
			rc = -1;
			break;
		}
		if (!semi)
			break;
	}
	free(copy);
	return rc;
}

/* "cpu 3" or "cpus 3,5": the first words of a message about a set. */
static const char *cpus_word(const struct ct_cpuset *s)
{
	return ct_cpuset_count(s) == 1 ? "cpu" : "cpus";
}

int ct_kinds_apply(const struct ct_kinds *d, struct ct_topo *t, char *why, size_t len)
{
	struct ct_cpuset bad, possible;
	char *a = ct_xmalloc(LIST_LEN), *b = ct_xmalloc(LIST_LEN);
	int present[CT_KIND_COUNT] = { 0 }, rank[CT_KIND_COUNT];
	int i, k, r = 0, rc = -1;

	/* A cpu id this machine cannot have: not possible, or past the facts read. */
	ct_cpuset_zero(&possible);
	ct_topo_for_each_cpu(t, i, &t->possible)
		ct_cpuset_set(&possible, i);
	ct_cpuset_andnot(&bad, &d->all, &possible);
	if (!ct_cpuset_empty(&bad)) {
		snprintf(why, len, "%s %s: no such cpu here (cpus %s)", cpus_word(&bad),
			 ct_cpuset_format(&bad, a, LIST_LEN),
			 ct_cpuset_format(&possible, b, LIST_LEN));
		goto out;
	}
	ct_cpuset_andnot(&bad, &d->all, &t->online);
	if (!ct_cpuset_empty(&bad)) {
		snprintf(why, len, "%s %s: offline (online: %s)", cpus_word(&bad),
			 ct_cpuset_format(&bad, a, LIST_LEN),
			 ct_cpuset_format(&t->online, b, LIST_LEN));
		goto out;
	}
	if (d->twice[0]) {
		snprintf(why, len, "%s", d->twice);
		goto out;
	}
	ct_cpuset_and(&t->usable, &t->online, &t->allowed);
	ct_cpuset_andnot(&bad, &t->usable, &d->all);
	if (!ct_cpuset_empty(&bad)) {
		snprintf(why, len, "usable %s %s: no kind declared (every usable cpu, %s, "
			 "needs one)", cpus_word(&bad), ct_cpuset_format(&bad, a, LIST_LEN),
			 ct_cpuset_format(&t->usable, b, LIST_LEN));
		goto out;
	}
	/* Ranks: performance before efficiency before low-power, dense. */
	for (k = 0; k < CT_KIND_COUNT; k++) {
		present[k] = !ct_cpuset_empty(&d->cpus[k]);
		rank[k] = present[k] ? r++ : -1;
	}
	for (i = 0; i < t->ncpu; i++) {
		struct ct_topo_cpu *c = &t->cpu[i];

		c->classified = 0;
		c->rank = -1;
		c->evidence = 0;
		c->perflevel = -1;
		for (k = 0; k < CT_KIND_COUNT; k++)
			if (ct_cpuset_isset(&d->cpus[k], i)) {
				c->classified = 1;
				c->kind = (enum ct_kind)k;
				c->rank = rank[k];
				c->evidence = CT_EV_GIVEN;
			}
	}
	t->nranks = r;
	snprintf(t->rules, sizeof(t->rules), "given");
	snprintf(t->basis, sizeof(t->basis), "declared with %s, not detected", d->source);
	rc = 0;
out:
	free(a);
	free(b);
	return rc;
}

char *ct_kinds_format(const struct ct_kinds *d, char *buf, size_t len)
{
	char *list = ct_xmalloc(LIST_LEN);
	size_t used = 0;
	int k;

	if (len)
		buf[0] = '\0';
	for (k = 0; k < CT_KIND_COUNT; k++) {
		if (ct_cpuset_empty(&d->cpus[k]) || used >= len)
			continue;
		snprintf(buf + used, len - used, "%s%s=%s", used ? ";" : "",
			 ct_kind_name((enum ct_kind)k), ct_cpuset_format(&d->cpus[k], list, LIST_LEN));
		used = strlen(buf);
	}
	free(list);
	return buf;
}

/* --- The run's declarations. --- */

static struct ct_kinds run_option;	/* every --kinds */
static struct ct_kinds run_env;		/* CT_KINDS */
static const struct ct_kinds *run;	/* the one in force, or NULL */

void ct_kinds_option(const char *arg)
{
	char why[320];

	if (!ct_kinds_any(&run_option))
		ct_kinds_init(&run_option, "--kinds");
	if (ct_kinds_add(&run_option, arg, why, sizeof(why)) < 0)
		ct_usage_error("invalid --kinds '%s': %s", arg, why);
	run = &run_option;
}

void ct_kinds_finish(void)
{
	const char *env = getenv(CT_KINDS_ENV);
	char why[400];

	if (run == &run_option || !env || !*env)
		return;
	ct_kinds_init(&run_env, CT_KINDS_ENV);
	if (ct_kinds_parse_list(&run_env, env, why, sizeof(why)) < 0)
		ct_usage_error("invalid " CT_KINDS_ENV " '%s': %s", env, why);
	run = &run_env;
}

const struct ct_kinds *ct_kinds_run(void)
{
	return run;
}

int ct_kinds_export(void)
{
	char *buf;
	int rc;

	if (!run)
		return 0;
	buf = ct_xmalloc(CT_KIND_COUNT * (LIST_LEN + 16));
	rc = setenv(CT_KINDS_ENV, ct_kinds_format(run, buf, CT_KIND_COUNT * (LIST_LEN + 16)), 1);
	free(buf);
	return rc;
}

int ct_kinds_classify(struct ct_topo *t, char *why, size_t len)
{
	char mwhy[1024];

	if (!run)
		return ct_topo_classify(t, why, len);
	/* What the rules would say first: no usable cpu is no run, declared or not. */
	if (ct_topo_usable(t, why, len) < 0)
		return -1;
	if (ct_kinds_apply(run, t, mwhy, sizeof(mwhy)) < 0)
		ct_usage_error("invalid %s: %s", run->source, mwhy);
	return 0;
}

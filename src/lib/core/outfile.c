/*
 * core/outfile.c - whole-or-absent result files.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/common.h"
#include "core/outfile.h"

/* The temporaries in progress, for ct_outfile_cleanup(). */
static char tmp_path[CT_OUTFILE_MAX][PATH_MAX];
static volatile sig_atomic_t tmp_live[CT_OUTFILE_MAX];

/*
 * The directories ct_mkdir_p() made: made_path's prefixes from made_from
 * characters on (every one deeper than the first it made is its own
 * too); -1 for none.  An interrupted or failed run removes them, while
 * empty, and never a directory that was there before.
 */
static char made_path[PATH_MAX];
static volatile sig_atomic_t made_from = -1;

/* Remove the directories made, deepest first: rmdir is async-signal-safe. */
static void made_cleanup(void)
{
	long len = 0, from = made_from;

	if (from < 0)
		return;
	made_from = -1;
	while (made_path[len])
		len++;
	while (len >= from && len > 0) {
		made_path[len] = '\0';
		rmdir(made_path);	/* fails, harmlessly, on one not empty */
		while (len > 0 && made_path[len - 1] != '/')
			len--;
		while (len > 0 && made_path[len - 1] == '/')
			len--;
	}
}

void ct_outfile_cleanup(void)
{
	int i;

	for (i = 0; i < CT_OUTFILE_MAX; i++) {
		if (tmp_live[i])
			unlink(tmp_path[i]);	/* async-signal-safe */
		tmp_live[i] = 0;
	}
	made_cleanup();
}

/* Write tmp_path[i] through fn: 0, or an errno value. */
static int write_tmp(int i, void (*fn)(FILE *f, void *arg), void *arg)
{
	mode_t um;
	FILE *f;
	int fd, e;

	fd = mkstemp(tmp_path[i]);
	if (fd < 0)
		return errno;
	tmp_live[i] = 1;
	/* mkstemp makes it 0600; a result file is as readable as any other. */
	um = umask(0);
	umask(um);
	fchmod(fd, 0666 & ~um);
	f = fdopen(fd, "w");
	if (!f) {
		e = errno;
		close(fd);
		return e;
	}
	errno = 0;
	fn(f, arg);
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		e = errno ? errno : EIO;
		fclose(f);
		return e;
	}
	if (fclose(f) != 0)
		return errno;
	return 0;
}

int ct_write_files(const char *dir, const struct ct_outfile *files, size_t n, void *arg,
		   char *why, size_t len)
{
	char final[CT_OUTFILE_MAX][PATH_MAX];
	struct stat st;
	size_t i, done;
	int e = 0;

	ct_set_signal_cleanup(ct_outfile_cleanup);
	if (n > CT_OUTFILE_MAX) {
		snprintf(why, len, "%s: more than %d files at once", dir, CT_OUTFILE_MAX);
		return -1;
	}
	if (stat(dir, &st) < 0) {
		snprintf(why, len, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%s: not a directory", dir);
		return -1;
	}
	for (i = 0; i < n; i++)
		if ((size_t)snprintf(final[i], sizeof(final[i]), "%s/%s", dir, files[i].name) >=
			    sizeof(final[i]) ||
		    (size_t)snprintf(tmp_path[i], sizeof(tmp_path[i]), "%s/.%s.XXXXXX", dir,
				     files[i].name) >= sizeof(tmp_path[i])) {
			snprintf(why, len, "%s/%s: path too long", dir, files[i].name);
			return -1;
		}
	/* Every file to its temporary first: a full disk fails before any rename. */
	for (i = 0; i < n; i++) {
		e = write_tmp((int)i, files[i].fn, arg);
		if (e) {
			if (!tmp_live[i])
				snprintf(why, len, "cannot create a file in %s: %s", dir,
					 strerror(e));
			else
				snprintf(why, len, "cannot write %s: %s", final[i], strerror(e));
			ct_outfile_cleanup();
			return -1;
		}
	}
	for (done = 0; done < n; done++) {
		if (rename(tmp_path[done], final[done]) != 0) {
			e = errno;
			break;
		}
		tmp_live[done] = 0;
	}
	if (done == n) {
		made_from = -1;		/* the directories hold the results now */
		return 0;
	}
	/* Neither: the files already renamed are this run's, and go too. */
	ct_outfile_cleanup();
	for (i = 0; i < done; i++)
		unlink(final[i]);
	snprintf(why, len, "cannot write %s: %s", final[done], strerror(e));
	return -1;
}

int ct_write_atomic(const char *dir, const char *name,
		    void (*fn)(FILE *f, void *arg), void *arg, char *why, size_t len)
{
	struct ct_outfile file;

	file.name = name;
	file.fn = fn;
	return ct_write_files(dir, &file, 1, arg, why, len);
}

/* Make path (a directory) unless it is one already; *made says which. */
static int mkdir_one(const char *path, int *made, char *why, size_t len)
{
	struct stat st;

	*made = 0;
	if (mkdir(path, 0777) == 0) {
		*made = 1;
		return 0;
	}
	if (errno == EEXIST && stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return 0;
		snprintf(why, len, "cannot make directory %s: not a directory", path);
		return -1;
	}
	snprintf(why, len, "cannot make directory %s: %s", path, strerror(errno));
	return -1;
}

/* An exit before the results are written takes the directories made too. */
static void made_at_exit(void)
{
	made_cleanup();
}

int ct_mkdir_p(const char *dir, char *why, size_t len)
{
	static int registered;
	char *path = ct_xstrdup(dir), *p;
	long first = -1;
	int rc = 0, made;

	ct_set_signal_cleanup(ct_outfile_cleanup);
	/* Every parent, left to right, then the whole path. */
	for (p = path + 1; *p && rc == 0; p++)
		if (*p == '/' && p[-1] != '/') {
			*p = '\0';
			rc = mkdir_one(path, &made, why, len);
			if (made && first < 0)
				first = p - path;
			*p = '/';
		}
	if (rc == 0) {
		rc = mkdir_one(path, &made, why, len);
		if (made && first < 0)
			first = (long)strlen(path);
	}
	/* Remembered for the cleanup (a path too long to keep is left, not cut). */
	if (first >= 0 && strlen(path) < sizeof(made_path)) {
		memcpy(made_path, path, strlen(path) + 1);
		made_from = (sig_atomic_t)first;
		if (!registered++)
			atexit(made_at_exit);
	}
	if (rc < 0)
		made_cleanup();
	free(path);
	return rc;
}

const char *ct_outdir_arg(const char *arg)
{
	if (*arg == '\0')
		ct_usage_error("-o needs a directory");
	return arg;
}

int ct_outdir_ready(const char *dir, char *why, size_t len)
{
	struct stat st;

	if (ct_mkdir_p(dir, why, len) < 0)
		return -1;
	/* Made or found: a directory, unless it went since; and writable. */
	if (stat(dir, &st) < 0 || access(dir, W_OK) < 0) {
		snprintf(why, len, "cannot write results into %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, len, "cannot write results into %s: not a directory", dir);
		return -1;
	}
	return 0;
}

/*
 * outfile.c - whole-or-absent result files.
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

#include "ct/outfile.h"

/* The temporary in progress, for ct_outfile_cleanup(); one at a time. */
static char tmp_path[PATH_MAX];
static volatile sig_atomic_t tmp_live;

void ct_outfile_cleanup(void)
{
	if (tmp_live)
		unlink(tmp_path);	/* async-signal-safe */
	tmp_live = 0;
}

int ct_write_atomic(const char *dir, const char *name,
		    void (*fn)(FILE *f, void *arg), void *arg, char *why, size_t len)
{
	char final[PATH_MAX];
	struct stat st;
	FILE *f;
	int fd, e;

	if (stat(dir, &st) < 0) {
		snprintf(why, len, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%s: not a directory", dir);
		return -1;
	}
	if ((size_t)snprintf(final, sizeof(final), "%s/%s", dir, name) >= sizeof(final) ||
	    (size_t)snprintf(tmp_path, sizeof(tmp_path), "%s/.%s.XXXXXX", dir, name) >=
		    sizeof(tmp_path)) {
		snprintf(why, len, "%s/%s: path too long", dir, name);
		return -1;
	}
	fd = mkstemp(tmp_path);
	if (fd < 0) {
		snprintf(why, len, "cannot create a file in %s: %s", dir, strerror(errno));
		return -1;
	}
	tmp_live = 1;
	/* mkstemp makes it 0600; a result file is as readable as any other. */
	{
		mode_t um = umask(0);

		umask(um);
		fchmod(fd, 0666 & ~um);
	}
	f = fdopen(fd, "w");
	if (!f) {
		e = errno;
		close(fd);
		goto fail;
	}
	fn(f, arg);
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		e = errno ? errno : EIO;
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0) {
		e = errno;
		goto fail;
	}
	if (rename(tmp_path, final) != 0) {
		e = errno;
		goto fail;
	}
	tmp_live = 0;
	return 0;
fail:
	ct_outfile_cleanup();
	snprintf(why, len, "cannot write %s: %s", final, strerror(e));
	return -1;
}

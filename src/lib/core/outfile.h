/*
 * core/outfile.h - result files that are whole or absent: written to a
 * temporary file (mkstemp) in the target directory, flushed and synced,
 * then renamed over the final name.  An interrupted or failed run never
 * leaves a half-written file behind.
 */
#ifndef CT_CORE_OUTFILE_H
#define CT_CORE_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Write dir/name through fn(f, arg).  Returns 0, or -1 with a message
 * naming the file in why (and no file, no temporary left).
 */
int ct_write_atomic(const char *dir, const char *name,
		    void (*fn)(FILE *f, void *arg), void *arg, char *why, size_t len);

/* Files written together: all of them, or none. */
#define CT_OUTFILE_MAX 4
struct ct_outfile {
	const char *name;
	void (*fn)(FILE *f, void *arg);
};

/*
 * Write dir/files[i].name through files[i].fn(f, arg) for each of the n
 * (at most CT_OUTFILE_MAX) files: every one to its temporary first, then
 * every rename, so a full disk or a failed write leaves none of them (and
 * no temporary).  Returns 0, or -1 with a message naming the file in why.
 */
int ct_write_files(const char *dir, const struct ct_outfile *files, size_t n, void *arg,
		   char *why, size_t len);

/*
 * Make dir and any missing parent, as mkdir -p does (mode 0777 less the
 * umask); an existing directory is fine.  Returns 0, or -1 with a message
 * naming the part that failed in why.  The directories it made are
 * removed again, while empty, by ct_outfile_cleanup() and at an exit
 * before ct_write_files() succeeded: a run that wrote no results leaves
 * none of them (and never one that was there before).
 */
int ct_mkdir_p(const char *dir, char *why, size_t len);

/*
 * -o DIR, the same in every tool: an empty DIR is a usage error ("-o needs
 * a directory", exit 2); else DIR itself.
 */
const char *ct_outdir_arg(const char *arg);

/*
 * Ready -o DIR before anything is measured or run: made as ct_mkdir_p()
 * makes it, then checked to be a directory this process can write into.
 * Returns 0, or -1 with the message every tool gives in why ("cannot make
 * directory PART: ..." or "cannot write results into DIR: ...").
 */
int ct_outdir_ready(const char *dir, char *why, size_t len);

/*
 * Remove the temporary files of a write in progress, and the directories
 * ct_mkdir_p() made while they are empty (from a signal handler).
 */
void ct_outfile_cleanup(void);

#endif

/*
 * platform/mem.c - aligned anonymous memory, the same on both OSes: mmap() and
 * munmap() are POSIX.  Only the huge-page advice is each OS's own
 * (ct_os_mem_advise() in platform/linux/os.c and platform/darwin/os.c).
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

#include "platform/os.h"

void *ct_os_mem_alloc(size_t len, size_t align, int huge, struct ct_os_mem *m)
{
	uintptr_t p;
	void *base;

	m->base = NULL;
	m->len = 0;
	if (len == 0 || align == 0 || (align & (align - 1)) || len > SIZE_MAX - align) {
		errno = EINVAL;
		return NULL;
	}
	base = mmap(NULL, len + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
	if (base == MAP_FAILED)
		return NULL;
	m->base = base;
	m->len = len + align;
	p = ((uintptr_t)base + align - 1) & ~(uintptr_t)(align - 1);
	ct_os_mem_advise((void *)p, len, huge);
	return (void *)p;
}

void ct_os_mem_free(struct ct_os_mem *m)
{
	if (m->base)
		munmap(m->base, m->len);
	m->base = NULL;
	m->len = 0;
}

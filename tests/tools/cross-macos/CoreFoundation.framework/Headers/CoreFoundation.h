/*
 * CoreFoundation.h - the part of Apple's CoreFoundation that
 * src/lib/machine/live-darwin.c calls, declared from Apple's documentation
 * (CFBase, CFString, CFData), for tests/tools/cross-macos.sh only.  zig ships
 * the macOS libc headers but no frameworks; with this header and the link
 * stub beside it (CoreFoundation.tbd) the product's code compiles and
 * links unchanged.  It is never part of the product: on a Mac the SDK's
 * framework is used.  Add a declaration here only when platform/darwin/topo.c
 * starts to use it.
 */
#ifndef CT_TEST_COREFOUNDATION_H
#define CT_TEST_COREFOUNDATION_H

#include <MacTypes.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CFBase: the index and type-id integers, and the opaque object types. */
typedef signed long CFIndex;
typedef unsigned long CFTypeID;
typedef const void *CFTypeRef;
typedef const struct __CFAllocator *CFAllocatorRef;
typedef const struct __CFString *CFStringRef;

/* The allocator a caller passes for "the default" (an exported constant). */
extern const CFAllocatorRef kCFAllocatorDefault;

CFTypeID CFGetTypeID(CFTypeRef cf);
void CFRelease(CFTypeRef cf);

/* CFString: a string made from a C string in a given encoding. */
typedef UInt32 CFStringEncoding;
enum {
	kCFStringEncodingUTF8 = 0x08000100
};

CFStringRef CFStringCreateWithCString(CFAllocatorRef alloc, const char *cStr,
                                      CFStringEncoding encoding);

/* CFData: an immutable byte buffer. */
typedef const struct __CFData *CFDataRef;

CFTypeID CFDataGetTypeID(void);
CFIndex CFDataGetLength(CFDataRef theData);
const UInt8 *CFDataGetBytePtr(CFDataRef theData);

#ifdef __cplusplus
}
#endif

#endif

/*
 * IOKitLib.h - the part of Apple's IOKit user library that
 * src/lib/machine/live-darwin.c calls, declared from Apple's documentation
 * (IOKitLib, IOTypes, IOKitKeys), for tests/tools/cross-macos.sh only.  zig
 * ships the macOS libc and Mach headers (mach_port_t, kern_return_t,
 * io_name_t, io_string_t) but no frameworks; with this header and the link
 * stub beside it (IOKit.tbd) the product's code compiles and links
 * unchanged.  It is never part of the product: on a Mac the SDK's
 * framework is used.  Add a declaration here only when platform/darwin/topo.c
 * starts to use it.
 */
#ifndef CT_TEST_IOKITLIB_H
#define CT_TEST_IOKITLIB_H

/* IOTypes asks the Mach device types for IOKit's names (io_name_t ...). */
#ifndef IOKIT
#define IOKIT 1
#endif

#include <CoreFoundation/CoreFoundation.h>
#include <device/device_types.h>
#include <mach/kern_return.h>
#include <mach/port.h>

#ifdef __cplusplus
extern "C" {
#endif

/* IOTypes: in user space every IOKit object is a Mach port right. */
#ifndef __IOKIT_PORTS_DEFINED__
#define __IOKIT_PORTS_DEFINED__
typedef mach_port_t io_object_t;
#endif
typedef io_object_t io_iterator_t;
typedef io_object_t io_registry_entry_t;
typedef UInt32 IOOptionBits;

/* IOKitKeys: the registry plane of the device tree. */
#define kIODeviceTreePlane "IODeviceTree"

kern_return_t IOObjectRelease(io_object_t object);
io_object_t IOIteratorNext(io_iterator_t iterator);

/* mainPort MACH_PORT_NULL (kIOMainPortDefault) means the default port. */
io_registry_entry_t IORegistryEntryFromPath(mach_port_t mainPort, const io_string_t path);
kern_return_t IORegistryEntryGetChildIterator(io_registry_entry_t entry, const io_name_t plane,
                                              io_iterator_t *iterator);
CFTypeRef IORegistryEntryCreateCFProperty(io_registry_entry_t entry, CFStringRef key,
                                          CFAllocatorRef allocator, IOOptionBits options);

#ifdef __cplusplus
}
#endif

#endif

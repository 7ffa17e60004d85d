#define _GNU_SOURCE
#include "CFileSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int blog_rename_exchange(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
    // RENAME_EXCHANGE is 2 in <linux/fs.h>; the syscall is used because older C libraries lack a wrapper.
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

long blog_getdents64(int folder, void *buffer, unsigned long size) {
#if defined(__linux__) && defined(SYS_getdents64)
    // The syscall: glibc's getdents64 wrapper is newer than some of the C libraries we build with.
    return syscall(SYS_getdents64, folder, buffer, size);
#else
    (void)folder;
    (void)buffer;
    (void)size;
    errno = ENOSYS;
    return -1;
#endif
}

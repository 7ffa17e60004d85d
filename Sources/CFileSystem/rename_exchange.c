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

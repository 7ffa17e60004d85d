#ifndef BLOG_CFILESYSTEM_H
#define BLOG_CFILESYSTEM_H

/// Swaps two paths atomically (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS or EINVAL where unsupported).
int blog_rename_exchange(const char *first, const char *second);

/// Reads directory entries of an open folder into `buffer` as Linux `struct linux_dirent64` records
/// (getdents64). Returns the number of bytes read, 0 at the end, or -1 with errno set (ENOSYS elsewhere).
long blog_getdents64(int folder, void *buffer, unsigned long size);

/// The path of the shared object whose definition of `symbol` the process uses (the dynamic linker's
/// default scope), or NULL when it has none. Tells which library serves `malloc`.
const char *blog_library_of(const char *symbol);

#endif

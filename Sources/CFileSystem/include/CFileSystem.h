#ifndef BLOG_CFILESYSTEM_H
#define BLOG_CFILESYSTEM_H

/// Swaps two paths atomically (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS or EINVAL where unsupported).
int blog_rename_exchange(const char *first, const char *second);

#endif

// jemalloc replaces malloc for the whole `blog` process once it is linked; Swift needs only `mallctl`, to
// report which allocator is in use. Declared here rather than through <jemalloc/jemalloc.h>, whose
// declarations of malloc and free would clash with Glibc's in Swift.
#include <stddef.h>

int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);

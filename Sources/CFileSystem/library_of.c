#define _GNU_SOURCE
#include "CFileSystem.h"
#include <dlfcn.h>
#include <stddef.h>

const char *blog_library_of(const char *symbol) {
    void *address = dlsym(RTLD_DEFAULT, symbol);
    Dl_info info;
    if (address == NULL || dladdr(address, &info) == 0) return NULL;
    return info.dli_fname;
}

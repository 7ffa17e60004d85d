#include "CJemallocOptions.h"

// jemalloc reads `malloc_conf` from the executable before `main`, when it sets itself up (the linker exports
// it for the shared library to find). Transparent huge pages for its heap: a process that touches tens of
// megabytes (`blog markdown` on a large document, a build) takes a page fault per 4 KiB page otherwise, which
// is a tenth of rendering a megabyte of Markdown; where the kernel's setting is `never`, nothing changes.
__attribute__((used, retain)) const char *malloc_conf = "thp:always";

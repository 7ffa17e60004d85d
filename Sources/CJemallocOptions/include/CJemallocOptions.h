#ifndef BLOG_CJEMALLOC_OPTIONS_H
#define BLOG_CJEMALLOC_OPTIONS_H

/// The options jemalloc starts with in the `blog` executable (its `malloc_conf`).
extern const char *malloc_conf;

#endif

#include "CVipsShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libvips is loaded when the first image is, not when the program starts: linked, it brings about a
// hundred libraries (codecs and theirs) whose loading and symbol lookups were most of the start of every
// command, images or not (`blog markdown` took 30 ms to start against cmark-gfm's 1 ms). glib and gobject
// stay linked: they are few, and libvips' objects are theirs.
static struct {
    __typeof__(vips_init) *vips_init;
    __typeof__(vips_concurrency_set) *vips_concurrency_set;
    __typeof__(vips_cache_set_max) *vips_cache_set_max;
    __typeof__(vips_block_untrusted_set) *vips_block_untrusted_set;
    __typeof__(vips_image_new_from_buffer) *vips_image_new_from_buffer;
    __typeof__(vips_image_copy_memory) *vips_image_copy_memory;
    __typeof__(vips_autorot) *vips_autorot;
    __typeof__(vips_icc_transform) *vips_icc_transform;
    __typeof__(vips_colourspace) *vips_colourspace;
    __typeof__(vips_resize) *vips_resize;
    __typeof__(vips_jpegsave_buffer) *vips_jpegsave_buffer;
    __typeof__(vips_pngsave_buffer) *vips_pngsave_buffer;
    __typeof__(vips_webpsave_buffer) *vips_webpsave_buffer;
    __typeof__(vips_heifsave_buffer) *vips_heifsave_buffer;
    __typeof__(vips_image_get_width) *vips_image_get_width;
    __typeof__(vips_image_get_height) *vips_image_get_height;
    __typeof__(vips_image_get_bands) *vips_image_get_bands;
    __typeof__(vips_image_get_format) *vips_image_get_format;
    __typeof__(vips_format_sizeof) *vips_format_sizeof;
    __typeof__(vips_image_get_n_pages) *vips_image_get_n_pages;
    __typeof__(vips_image_get_typeof) *vips_image_get_typeof;
    __typeof__(vips_image_get_int) *vips_image_get_int;
    __typeof__(vips_image_get_interpretation) *vips_image_get_interpretation;
    __typeof__(vips_image_remove) *vips_image_remove;
    __typeof__(vips_image_get_fields) *vips_image_get_fields;
    __typeof__(vips_error_buffer_copy) *vips_error_buffer_copy;
    __typeof__(vips_error_clear) *vips_error_clear;
    __typeof__(vips_foreign_find_load_buffer) *vips_foreign_find_load_buffer;
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

static void load(void) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL) {
        library = dlopen("libvips.so", RTLD_NOW | RTLD_GLOBAL);
    }
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "libvips cannot be loaded (%s)", why ? why : "not found");
        return;
    }
#define LOAD(name)                                                                                                \
    if ((api.name = (__typeof__(api.name))dlsym(library, #name)) == NULL) {                                        \
        snprintf(load_error, sizeof load_error, "libvips has no %s: version 8.14 or later is needed", #name);    \
        return;                                                                                                    \
    }
    LOAD(vips_init)
    LOAD(vips_concurrency_set)
    LOAD(vips_cache_set_max)
    LOAD(vips_block_untrusted_set)
    LOAD(vips_image_new_from_buffer)
    LOAD(vips_image_copy_memory)
    LOAD(vips_autorot)
    LOAD(vips_icc_transform)
    LOAD(vips_colourspace)
    LOAD(vips_resize)
    LOAD(vips_jpegsave_buffer)
    LOAD(vips_pngsave_buffer)
    LOAD(vips_webpsave_buffer)
    LOAD(vips_heifsave_buffer)
    LOAD(vips_image_get_width)
    LOAD(vips_image_get_height)
    LOAD(vips_image_get_bands)
    LOAD(vips_image_get_format)
    LOAD(vips_format_sizeof)
    LOAD(vips_image_get_n_pages)
    LOAD(vips_image_get_typeof)
    LOAD(vips_image_get_int)
    LOAD(vips_image_get_interpretation)
    LOAD(vips_image_remove)
    LOAD(vips_image_get_fields)
    LOAD(vips_error_buffer_copy)
    LOAD(vips_error_clear)
    LOAD(vips_foreign_find_load_buffer)
#undef LOAD
    loaded = 1;
}

int blog_vips_start(void) {
    pthread_once(&load_once, load);
    if (!loaded) {
        return -1;
    }
    if (api.vips_init("blog") != 0) {
        return -1;
    }
    api.vips_concurrency_set(1);
    // Each image is decoded once; cached operations would only hold its pixels longer.
    api.vips_cache_set_max(0);
    // Loaders libvips calls untrusted (ImageMagick, Matlab, FITS, …) are not fuzzed for hostile files.
    api.vips_block_untrusted_set(TRUE);
    return 0;
}

char *blog_vips_error_copy(void) {
    pthread_once(&load_once, load);
    return loaded ? api.vips_error_buffer_copy() : g_strdup(load_error);
}

void blog_vips_error_clear(void) { api.vips_error_clear(); }
int blog_vips_image_get_width(const VipsImage *image) { return api.vips_image_get_width(image); }
int blog_vips_image_get_height(const VipsImage *image) { return api.vips_image_get_height(image); }
int blog_vips_image_get_bands(const VipsImage *image) { return api.vips_image_get_bands(image); }
VipsBandFormat blog_vips_image_get_format(const VipsImage *image) { return api.vips_image_get_format(image); }
guint64 blog_vips_format_sizeof(VipsBandFormat format) { return api.vips_format_sizeof(format); }
int blog_vips_image_get_n_pages(VipsImage *image) { return api.vips_image_get_n_pages(image); }
GType blog_vips_image_get_typeof(const VipsImage *image, const char *name) {
    return api.vips_image_get_typeof(image, name);
}
int blog_vips_image_get_int(const VipsImage *image, const char *name, int *out) {
    return api.vips_image_get_int(image, name, out);
}
VipsInterpretation blog_vips_image_get_interpretation(const VipsImage *image) {
    return api.vips_image_get_interpretation(image);
}
gboolean blog_vips_image_remove(VipsImage *image, const char *name) { return api.vips_image_remove(image, name); }
gchar **blog_vips_image_get_fields(VipsImage *image) { return api.vips_image_get_fields(image); }
VipsImage *blog_vips_image_copy_memory(VipsImage *image) { return api.vips_image_copy_memory(image); }
const char *blog_vips_foreign_find_load_buffer(const void *data, size_t size) {
    return api.vips_foreign_find_load_buffer(data, size);
}

VipsImage *blog_vips_header(const void *data, size_t length) {
    return api.vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

// Each step takes `*image` and leaves its result there, releasing what it replaced; 0 on success.
static int step(VipsImage **image, int status, VipsImage *out) {
    g_object_unref(*image);
    *image = out;
    return status;
}

VipsImage *blog_vips_decode(const void *data, size_t length, int jpeg_shrink, int width) {
    // Not vips_thumbnail_buffer: in libvips 8.14 it publishes a truncated JPEG without an error, where
    // the loader's own fail_on reports it when the pixels are copied to memory.
    VipsImage *image = jpeg_shrink > 1
        ? api.vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, "access", VIPS_ACCESS_SEQUENTIAL,
              "shrink", jpeg_shrink, NULL)
        : api.vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, "access", VIPS_ACCESS_SEQUENTIAL,
              NULL);
    if (image == NULL) {
        return NULL;
    }
    VipsImage *out = api.vips_image_copy_memory(image);
    if (step(&image, out == NULL ? -1 : 0, out) != 0) {
        return NULL;
    }
    out = NULL;
    if (step(&image, api.vips_autorot(image, &out, NULL), out) != 0) {
        return NULL;
    }
    out = NULL;
    if (api.vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0
        || api.vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK) {
        const char *fallback = api.vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK ? "cmyk" : "srgb";
        if (step(&image, api.vips_icc_transform(image, &out, "srgb", "input_profile", fallback, "embedded", TRUE, NULL), out)
            != 0) {
            return NULL;
        }
        out = NULL;
    }
    // 16-bit, grey with alpha and the like: the web formats want 8-bit sRGB.
    if (step(&image, api.vips_colourspace(image, &out, VIPS_INTERPRETATION_sRGB, NULL), out) != 0) {
        return NULL;
    }
    out = NULL;
    if (api.vips_image_get_width(image) != width) {
        double scale = (double)width / api.vips_image_get_width(image);
        if (step(&image, api.vips_resize(image, &out, scale, "kernel", VIPS_KERNEL_LANCZOS3, NULL), out) != 0) {
            return NULL;
        }
    }
    out = api.vips_image_copy_memory(image);
    step(&image, 0, out);
    return image;
}

VipsImage *blog_vips_resize(VipsImage *image, double scale) {
    VipsImage *out = NULL;
    if (api.vips_resize(image, &out, scale, "kernel", VIPS_KERNEL_LANCZOS3, NULL) != 0) {
        return NULL;
    }
    return out;
}

int blog_vips_save(VipsImage *image, BlogVipsFormat format, int quality, int effort, int strip, void **data,
    size_t *length) {
    switch (format) {
    case BLOG_VIPS_JPEG:
        return api.vips_jpegsave_buffer(image, data, length, "Q", quality, "strip", strip, "optimize_coding", TRUE,
            "interlace", TRUE, NULL);
    case BLOG_VIPS_PNG:
        return api.vips_pngsave_buffer(image, data, length, "strip", strip, NULL);
    case BLOG_VIPS_WEBP:
        return api.vips_webpsave_buffer(image, data, length, "Q", quality, "strip", strip, NULL);
    case BLOG_VIPS_AVIF:
        return api.vips_heifsave_buffer(image, data, length, "Q", quality, "compression",
            VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "effort", effort, "bitdepth", 8, "strip", strip, NULL);
    }
    return -1;
}

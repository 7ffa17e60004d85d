#include "CVipsShim.h"

int blog_vips_start(void) {
    if (vips_init("blog") != 0) {
        return -1;
    }
    vips_concurrency_set(1);
    // Each image is decoded once; cached operations would only hold its pixels longer.
    vips_cache_set_max(0);
    // Loaders libvips calls untrusted (ImageMagick, Matlab, FITS, …) are not fuzzed for hostile files.
    vips_block_untrusted_set(TRUE);
    return 0;
}

VipsImage *blog_vips_header(const void *data, size_t length) {
    return vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, NULL);
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
        ? vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, "access", VIPS_ACCESS_SEQUENTIAL,
              "shrink", jpeg_shrink, NULL)
        : vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, "access", VIPS_ACCESS_SEQUENTIAL,
              NULL);
    if (image == NULL) {
        return NULL;
    }
    VipsImage *out = vips_image_copy_memory(image);
    if (step(&image, out == NULL ? -1 : 0, out) != 0) {
        return NULL;
    }
    out = NULL;
    if (step(&image, vips_autorot(image, &out, NULL), out) != 0) {
        return NULL;
    }
    out = NULL;
    if (vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0
        || vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK) {
        const char *fallback = vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK ? "cmyk" : "srgb";
        if (step(&image, vips_icc_transform(image, &out, "srgb", "input_profile", fallback, "embedded", TRUE, NULL), out)
            != 0) {
            return NULL;
        }
        out = NULL;
    }
    // 16-bit, grey with alpha and the like: the web formats want 8-bit sRGB.
    if (step(&image, vips_colourspace(image, &out, VIPS_INTERPRETATION_sRGB, NULL), out) != 0) {
        return NULL;
    }
    out = NULL;
    if (vips_image_get_width(image) != width) {
        double scale = (double)width / vips_image_get_width(image);
        if (step(&image, vips_resize(image, &out, scale, "kernel", VIPS_KERNEL_LANCZOS3, NULL), out) != 0) {
            return NULL;
        }
    }
    out = vips_image_copy_memory(image);
    step(&image, 0, out);
    return image;
}

VipsImage *blog_vips_resize(VipsImage *image, double scale) {
    VipsImage *out = NULL;
    if (vips_resize(image, &out, scale, "kernel", VIPS_KERNEL_LANCZOS3, NULL) != 0) {
        return NULL;
    }
    return out;
}

int blog_vips_save(VipsImage *image, BlogVipsFormat format, int quality, int effort, int strip, void **data,
    size_t *length) {
    switch (format) {
    case BLOG_VIPS_JPEG:
        return vips_jpegsave_buffer(image, data, length, "Q", quality, "strip", strip, "optimize_coding", TRUE,
            "interlace", TRUE, NULL);
    case BLOG_VIPS_PNG:
        return vips_pngsave_buffer(image, data, length, "strip", strip, NULL);
    case BLOG_VIPS_WEBP:
        return vips_webpsave_buffer(image, data, length, "Q", quality, "strip", strip, NULL);
    case BLOG_VIPS_AVIF:
        return vips_heifsave_buffer(image, data, length, "Q", quality, "compression",
            VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "effort", effort, "bitdepth", 8, "strip", strip, NULL);
    }
    return -1;
}

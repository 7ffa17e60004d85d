#ifndef BLOG_CVIPS_SHIM_H
#define BLOG_CVIPS_SHIM_H

// Non-variadic wrappers over the libvips calls Images needs: Swift cannot call C's `...` functions.
// Every image returned is the caller's to g_object_unref; every buffer is the caller's to g_free.
// On failure a function returns NULL or -1 and libvips' error buffer says why.

#include <vips/vips.h>

/// Starts libvips for this process: one thread per operation (the engine encodes one image per core
/// itself), no operation cache, and no loaders libvips marks as untrusted. Returns 0 on success.
int blog_vips_start(void);

/// The image's header only, read from `data`: pixels are decoded later, and a damaged file is an error.
VipsImage *blog_vips_header(const void *data, size_t length);

/// The image decoded whole into memory, upright by its EXIF orientation, in 8-bit sRGB (through its
/// embedded profile, or CMYK's for a CMYK file without one), `width` pixels wide. `jpeg_shrink` (1, 2, 4
/// or 8) lets libjpeg decode at a fraction of the size; it must leave the image at least `width` wide.
/// A truncated or damaged file is an error.
VipsImage *blog_vips_decode(const void *data, size_t length, int jpeg_shrink, int width);

/// `image` scaled by `scale` (below 1), with the kernel libvips' thumbnail uses.
VipsImage *blog_vips_resize(VipsImage *image, double scale);

/// Which encoder blog_vips_save uses.
typedef enum { BLOG_VIPS_JPEG, BLOG_VIPS_PNG, BLOG_VIPS_WEBP, BLOG_VIPS_AVIF } BlogVipsFormat;

/// `image` encoded into `*data` and `*length`; `strip` leaves out every piece of metadata (EXIF, XMP,
/// IPTC, the colour profile). `effort` is AVIF's CPU effort (0 fastest to 9). Returns 0 on success.
int blog_vips_save(VipsImage *image, BlogVipsFormat format, int quality, int effort, int strip, void **data,
    size_t *length);

#endif

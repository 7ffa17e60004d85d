#ifndef BLOG_CVIPS_SHIM_H
#define BLOG_CVIPS_SHIM_H

// Non-variadic wrappers over the libvips calls Images needs: Swift cannot call C's `...` functions.
// Every image returned is the caller's to g_object_unref; every buffer is the caller's to g_free.
// On failure a function returns NULL or -1 and libvips' error buffer says why.

#include <vips/vips.h>

/// Loads and starts libvips for this process: one thread per operation (the engine encodes one image per
/// core itself), no operation cache, and no loaders libvips marks as untrusted. Returns 0 on success.
/// libvips is not linked but loaded here, so that commands without images do not load it; every other
/// function of this header may be called only once this one has succeeded, except blog_vips_error_copy.
int blog_vips_start(void);

/// The error text since the last call (libvips' error buffer, or why libvips could not be loaded), the
/// caller's to g_free.
char *blog_vips_error_copy(void);

// libvips' own calls, through the library loaded by blog_vips_start.
void blog_vips_error_clear(void);
int blog_vips_image_get_width(const VipsImage *image);
int blog_vips_image_get_height(const VipsImage *image);
int blog_vips_image_get_bands(const VipsImage *image);
VipsBandFormat blog_vips_image_get_format(const VipsImage *image);
guint64 blog_vips_format_sizeof(VipsBandFormat format);
int blog_vips_image_get_n_pages(VipsImage *image);
GType blog_vips_image_get_typeof(const VipsImage *image, const char *name);
int blog_vips_image_get_int(const VipsImage *image, const char *name, int *out);
VipsInterpretation blog_vips_image_get_interpretation(const VipsImage *image);
gboolean blog_vips_image_remove(VipsImage *image, const char *name);
gchar **blog_vips_image_get_fields(VipsImage *image);
VipsImage *blog_vips_image_copy_memory(VipsImage *image);
const char *blog_vips_foreign_find_load_buffer(const void *data, size_t size);

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

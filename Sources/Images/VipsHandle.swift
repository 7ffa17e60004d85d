internal import CVips
internal import CVipsShim

/// One libvips image, unreferenced when the handle goes; not `Sendable`, it stays in the call that made it.
final class VipsHandle {
    let image: UnsafeMutablePointer<VipsImage>

    init(_ image: UnsafeMutablePointer<VipsImage>) {
        self.image = image
    }

    deinit {
        g_object_unref(image)
    }

    var size: PixelSize {
        PixelSize(width: Int(blog_vips_image_get_width(image)), height: Int(blog_vips_image_get_height(image)))
    }

    /// The bytes the decoded pixels take: width × height × bands × the bytes of one band, for every page.
    var decodedBytes: Int {
        let perPixel =
            Int(blog_vips_image_get_bands(image)) * Int(blog_vips_format_sizeof(blog_vips_image_get_format(image)))
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height * pages)
        return overflow ? .max : pixels.multipliedReportingOverflow(by: perPixel).partialValue
    }

    /// Pages (frames) in the file: above 1 for an animated WebP.
    var pages: Int {
        Int(max(1, blog_vips_image_get_n_pages(image)))
    }

    /// EXIF's orientation, 1 to 8; 1 when the file has none.
    var orientation: Int {
        var value: Int32 = 1
        guard blog_vips_image_get_typeof(image, "orientation") != 0,
            blog_vips_image_get_int(image, "orientation", &value) == 0
        else { return 1 }
        return Int(value)
    }

    /// Whether the pixels are 8-bit sRGB or grey, as the web formats take them without conversion.
    var isPlainSRGB: Bool {
        let interpretation = blog_vips_image_get_interpretation(image)
        return blog_vips_image_get_format(image) == VIPS_FORMAT_UCHAR
            && (interpretation == VIPS_INTERPRETATION_sRGB || interpretation == VIPS_INTERPRETATION_B_W)
    }

    /// Whether the file carries metadata that stripping removes: EXIF, XMP, IPTC, a colour profile, comments.
    var hasMetadata: Bool {
        !metadataFields.isEmpty
    }

    /// Removes the metadata fields, so that no encoder can write them: libvips 8.14's WebP encoder writes
    /// EXIF and XMP even when told to strip.
    func removeMetadata() {
        for field in metadataFields { blog_vips_image_remove(image, field) }
    }

    private var metadataFields: [String] {
        guard let fields = blog_vips_image_get_fields(image) else { return [] }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var index = 0
        while let field = fields[index] {
            let name = String(cString: field)
            if Self.metadataPrefixes.contains(where: { name.hasPrefix($0) }) { names.append(name) }
            index += 1
        }
        return names
    }

    private static let metadataPrefixes = [
        "exif-", "xmp-", "iptc-", "icc-", "png-comment", "gif-comment", "orientation", "heif-", "webp-",
    ]
}

/// libvips for the process: started once, on first use, from whichever thread gets there first.
enum Vips {
    /// nil when libvips started, else why not.
    static let startProblem: String? = blog_vips_start() == 0 ? nil : takeError()

    /// libvips' error text since the last call, emptied. libvips keeps one error buffer for the process, so
    /// when images fail on two threads at once one message may hold both.
    static func takeError() -> String {
        guard let text = blog_vips_error_copy() else { return "unknown error" }
        defer { g_free(text) }
        let lines = String(cString: text).split(separator: "\n").map(String.init)
        return lines.isEmpty ? "unknown error" : lines.joined(separator: "; ")
    }
}

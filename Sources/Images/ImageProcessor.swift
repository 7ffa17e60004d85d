internal import CVips
internal import CVipsShim

/// Turns the bytes of an image a post uses into the files its pages offer: WebP and AVIF at each width
/// and a fallback in the image's own format, upright, in sRGB and without the writer's metadata.
public enum ImageProcessor {
    /// Processes one image; safe to call from many tasks at once, each on its own image (libvips runs one
    /// thread per call, so the caller's parallelism is the whole of it).
    ///
    /// The header is read and checked before any pixel is decoded: a file that claims more pixels than
    /// ``ImageSettings/maximumPixels`` or more memory than ``ImageSettings/memoryBudget`` is refused
    /// unread. The image is decoded once, at its largest width, and the narrower ones are made from that.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - format: The format the file's name claims.
    ///   - settings: Widths, qualities and limits.
    /// - Returns: The renditions, or for a GIF or SVG the original's size alone.
    /// - Throws: ``ImageError`` when the bytes are not the image they claim, too large, damaged, or cannot
    ///   be encoded; nothing is returned half made.
    public static func process(
        _ bytes: [UInt8], as format: ImageFormat, settings: ImageSettings
    ) throws(ImageError) -> ProcessedImage {
        switch format {
        case .svg:
            return ProcessedImage(format: .svg, size: nil, renditions: [], fallback: nil)
        case .gif:
            guard let size = gifSize(bytes) else { throw mismatch(bytes, claimed: .gif) }
            return ProcessedImage(format: .gif, size: size, renditions: [], fallback: nil)
        case .jpeg, .png, .webp, .avif:
            if let problem = Vips.startProblem { throw ImageError(.unavailable(problem)) }
            guard sniff(bytes) == format else { throw mismatch(bytes, claimed: format) }
            let result = bytes.withUnsafeBytes { buffer in
                Result { () throws(ImageError) in try process(buffer, format, settings) }
            }
            return try result.get()
        }
    }

    private static func process(
        _ buffer: UnsafeRawBufferPointer, _ format: ImageFormat, _ settings: ImageSettings
    ) throws(ImageError) -> ProcessedImage {
        guard let base = buffer.baseAddress, let header = blog_vips_header(base, buffer.count).map(VipsHandle.init)
        else { throw ImageError(.undecodable(Vips.takeError())) }
        let stored = header.size
        let (pixels, overflow) = stored.width.multipliedReportingOverflow(by: stored.height)
        if overflow || pixels > settings.maximumPixels {
            throw ImageError(
                .tooManyPixels(width: stored.width, height: stored.height, limit: settings.maximumPixels))
        }
        if header.pages > 1 {
            // An animated WebP or AVIF: its frames are published as they are, like a GIF's.
            return ProcessedImage(format: format, size: stored, renditions: [], fallback: nil)
        }
        let uprightWidth = (5...8).contains(header.orientation) ? stored.height : stored.width
        let largest = min(uprightWidth, settings.widths.max() ?? uprightWidth)
        let widths = Set(settings.widths.filter { $0 > 0 && $0 < largest } + [largest]).sorted()
        // libjpeg decodes at 1/2, 1/4 or 1/8 of the size for little more than the cost of reading the file.
        let shrink = format == .jpeg ? [8, 4, 2].first { uprightWidth / $0 >= largest } ?? 1 : 1
        let decodedBytes = header.decodedBytes / (shrink * shrink)
        if decodedBytes > settings.memoryBudget {
            throw ImageError(.overMemoryBudget(bytes: decodedBytes, budget: settings.memoryBudget))
        }
        guard let decoded = blog_vips_decode(base, buffer.count, Int32(shrink), Int32(largest)).map(VipsHandle.init)
        else { throw ImageError(.undecodable(Vips.takeError())) }
        if settings.stripsMetadata { decoded.removeMetadata() }
        var renditions: [Rendition] = []
        for width in widths {
            let image = try scaled(decoded, to: width)
            renditions.append(try encode(image, .webp, settings))
            renditions.append(try encode(image, .avif, settings))
        }
        let isPublishable =
            uprightWidth <= largest && header.orientation == 1 && header.isPlainSRGB
            && !(settings.stripsMetadata && header.hasMetadata)
        var fallback: Rendition?
        if !isPublishable {
            fallback =
                switch format {
                case .jpeg, .png: try encode(decoded, format, settings)
                default: renditions.last { $0.format == format }
                }
        }
        let fallbackBytes = fallback?.bytes.count ?? buffer.count
        let offered = Set(
            [ImageFormat.webp, .avif].filter { encoding in
                let files = renditions.filter { $0.format == encoding }
                // An image no wider than the narrowest width: the format must save enough to be worth its
                // markup. A wider one: no file of the format may be larger than the fallback, which a
                // browser that reads the format would otherwise never load (a screenshot's lossy AVIF can
                // be six times its PNG); its narrow files are kept when the widest is worth it.
                return widths.count == 1
                    ? files.last.map { worthOffering($0, against: fallbackBytes) } ?? false
                    : !files.isEmpty && files.allSatisfy { $0.bytes.count <= fallbackBytes }
            })
        renditions.removeAll { !offered.contains($0.format) }
        return ProcessedImage(format: format, size: decoded.size, renditions: renditions, fallback: fallback)
    }

    /// Whether a format is worth its `<source>` for an image no wider than the narrowest width: its file is
    /// at least a fifth and 2 KiB smaller than the fallback, which is as wide (`fallbackBytes`). Measured with libvips 8.14 at the default
    /// qualities: a 400 × 300 photo's WebP took 60% of its JPEG and its AVIF 20%, where a text screenshot's
    /// took 156% and 124% of its PNG, a flat 300 × 200 PNG's 138% and 118%, and a 64 × 64 icon's 82% and
    /// 78%, a saving of 100 bytes that the `<source>` markup (some 150 bytes in every page that shows it)
    /// costs again.
    static func worthOffering(_ rendition: Rendition, against fallbackBytes: Int) -> Bool {
        rendition.bytes.count * 5 <= fallbackBytes * 4 && fallbackBytes - rendition.bytes.count >= 2048
    }

    /// `image` at `width` pixels across, in memory (two encoders read it), or itself when it is that wide.
    private static func scaled(_ image: VipsHandle, to width: Int) throws(ImageError) -> VipsHandle {
        guard image.size.width != width else { return image }
        guard let resized = blog_vips_resize(image.image, Double(width) / Double(image.size.width)) else {
            throw ImageError(.undecodable(Vips.takeError()))
        }
        defer { g_object_unref(resized) }
        guard let inMemory = blog_vips_image_copy_memory(resized) else {
            throw ImageError(.undecodable(Vips.takeError()))
        }
        return VipsHandle(inMemory)
    }

    private static func encode(
        _ image: VipsHandle, _ format: ImageFormat, _ settings: ImageSettings
    ) throws(ImageError) -> Rendition {
        let (encoder, quality): (BlogVipsFormat, Int) =
            switch format {
            case .png: (BLOG_VIPS_PNG, 0)
            case .webp: (BLOG_VIPS_WEBP, settings.webpQuality)
            case .avif: (BLOG_VIPS_AVIF, settings.avifQuality)
            default: (BLOG_VIPS_JPEG, settings.jpegQuality)
            }
        var data: UnsafeMutableRawPointer?
        var length = 0
        let status = blog_vips_save(
            image.image, encoder, Int32(quality), Int32(settings.avifEffort), settings.stripsMetadata ? 1 : 0,
            &data, &length)
        guard status == 0, let data else { throw ImageError(.unencodable(format, Vips.takeError())) }
        defer { g_free(data) }
        var bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: length))
        if format == .webp && settings.stripsMetadata { bytes = WebPChunks.removingMetadata(bytes) }
        return Rendition(format: format, size: image.size, bytes: bytes)
    }
}

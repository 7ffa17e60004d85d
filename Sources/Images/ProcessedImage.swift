/// An image ready for the web: its upright size and the files written for it.
public struct ProcessedImage: Sendable, Equatable {
    /// The format of the file the post uses.
    public var format: ImageFormat
    /// The upright size of the largest file written, for `<img width height>`; nil for an SVG.
    public var size: PixelSize?
    /// WebP and AVIF at each width, narrowest first; empty for a GIF or SVG, which are published as they
    /// are. An image no wider than the narrowest width keeps only the formats much smaller than its
    /// fallback, and may have neither.
    public var renditions: [Rendition]
    /// The image in its own format at its largest width, for browsers without WebP or AVIF; nil when the
    /// original file is published unchanged (a GIF or SVG, or a file that is upright, small enough, in
    /// sRGB and without metadata to strip).
    public var fallback: Rendition?

    /// Makes an image from its parts (as a cache reads them back).
    public init(format: ImageFormat, size: PixelSize?, renditions: [Rendition], fallback: Rendition?) {
        self.format = format
        self.size = size
        self.renditions = renditions
        self.fallback = fallback
    }

    /// Whether the image is offered in its own format alone, without WebP or AVIF.
    public var isPassedThrough: Bool {
        renditions.isEmpty
    }
}

/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// Makes a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// One encoded file of an image.
public struct Rendition: Sendable, Equatable {
    /// The file's format.
    public var format: ImageFormat
    /// Its size in pixels.
    public var size: PixelSize
    /// The encoded bytes.
    public var bytes: [UInt8]

    /// Makes a rendition from its parts.
    public init(format: ImageFormat, size: PixelSize, bytes: [UInt8]) {
        self.format = format
        self.size = size
        self.bytes = bytes
    }
}

/// A file format of the images a site's pages use.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, webp, avif, gif, svg

    /// The format a file name's extension claims (`jpg`, `JPEG`, `png`, …), or nil for no image format.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "avif": self = .avif
        case "gif": self = .gif
        case "svg": self = .svg
        default: return nil
        }
    }

    /// The extension the build gives files it writes in this format.
    public var fileExtension: String {
        self == .jpeg ? "jpg" : rawValue
    }

    /// The media type, for `<source type>` and feeds.
    public var mediaType: String {
        self == .svg ? "image/svg+xml" : "image/\(rawValue)"
    }

    /// The name a sentence uses.
    var displayName: String {
        switch self {
        case .jpeg, .png, .gif, .svg: rawValue.uppercased()
        case .webp: "WebP"
        case .avif: "AVIF"
        }
    }

    /// Whether the build decodes, resizes and encodes the format; SVG is no raster, and a GIF may be
    /// animated, so both are published as they are.
    public var isResized: Bool {
        self != .gif && self != .svg
    }
}

/// How the build encodes images: widths, qualities and the limits that keep a hostile file from taking
/// the machine.
public struct ImageSettings: Sendable, Equatable {
    /// The widths, in pixels, an image is written in; none wider than the image itself.
    public var widths: [Int]
    /// WebP's quality, 1 to 100.
    public var webpQuality: Int
    /// AVIF's quality, 1 to 100. 50 by default: a noisy 1600 × 1200 photo's AVIF at 50 took 30 KB for a
    /// PSNR of 33.2 dB against the resized original, where WebP at 80 took 116 KB for 34.3 dB and AVIF at
    /// 60 took 65 KB for 34.0 dB (libvips 8.14, ImageMagick's `compare -metric PSNR`).
    public var avifQuality: Int
    /// AVIF's CPU effort, 0 (fastest) to 9 (smallest files). 2 by default: encoding that photo took 0.08 s of
    /// processor time at effort 0, 0.22 s at 2 and 1.9 s at 4 for files within 5% of each other; a 1400 × 900
    /// screenshot's AVIF took 160 KB at effort 0, 97 KB at 2 and 88 KB at 4 (0.11, 0.24 and 0.85 s).
    public var avifEffort: Int
    /// JPEG's quality, 1 to 100, for the fallback of a JPEG image.
    public var jpegQuality: Int
    /// The most pixels (width × height, from the header, before any decoding) an image may have.
    public var maximumPixels: Int
    /// The most bytes an image's decoded pixels may take.
    public var memoryBudget: Int
    /// Whether metadata (EXIF with GPS and camera serials, XMP, IPTC, comments) is left out of every
    /// image written.
    public var stripsMetadata: Bool

    /// The defaults, which the settings in blog.yaml's `images:` change.
    public init(
        widths: [Int] = [480, 960, 1600], webpQuality: Int = 80, avifQuality: Int = 50, avifEffort: Int = 2,
        jpegQuality: Int = 82, maximumPixels: Int = 100_000_000, memoryBudget: Int = 1 << 30,
        stripsMetadata: Bool = true
    ) {
        self.widths = widths
        self.webpQuality = webpQuality
        self.avifQuality = avifQuality
        self.avifEffort = avifEffort
        self.jpegQuality = jpegQuality
        self.maximumPixels = maximumPixels
        self.memoryBudget = memoryBudget
        self.stripsMetadata = stripsMetadata
    }

    /// Everything that changes the bytes written, as text: with the image's own digest, a cache key.
    /// The limits are not in it, since they change whether an image is written, not how.
    public var fingerprint: String {
        let widths = widths.map(String.init).joined(separator: ",")
        return "images 1 w\(widths) webp\(webpQuality) avif\(avifQuality)e\(avifEffort) jpeg\(jpegQuality)"
            + (stripsMetadata ? " strip" : " keep")
    }
}

internal import CVips
internal import CVipsShim

extension ImageProcessor {
    /// The format of `bytes` by the loader libvips picks for them, or nil when no loader takes them.
    static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        guard let loader = bytes.withUnsafeBytes({ blog_vips_foreign_find_load_buffer($0.baseAddress, $0.count) })
        else {
            blog_vips_error_clear()
            return nil
        }
        let name = String(cString: loader)
        if name.hasPrefix("VipsForeignLoadJpeg") { return .jpeg }
        if name.hasPrefix("VipsForeignLoadPng") { return .png }
        if name.hasPrefix("VipsForeignLoadWebp") { return .webp }
        // libheif reads HEIC as well as AVIF; the file type box (ISO 14496-12 §4.3) says which.
        if name.hasPrefix("VipsForeignLoadHeif"), bytes.count >= 12,
            [Array("avif".utf8), Array("avis".utf8)]
                .contains(Array(bytes[8..<12]))
        {
            return .avif
        }
        return nil
    }

    /// The error for bytes that are not the `claimed` format: which format they are, when libvips knows it.
    static func mismatch(_ bytes: [UInt8], claimed: ImageFormat) -> ImageError {
        if Vips.startProblem == nil, let actual = sniff(bytes) {
            return ImageError(.formatMismatch(claimed: claimed, actual: actual.displayName))
        }
        return ImageError(.notAnImage(claimed: claimed))
    }

    /// A GIF's logical screen size, from its header (GIF89a §18: two little-endian 16-bit numbers after
    /// the six-byte signature).
    static func gifSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 10, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
        else { return nil }
        return PixelSize(
            width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
    }
}

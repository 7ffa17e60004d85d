/// WebP's RIFF container (Google's "WebP Container Specification"): a `RIFF` header, then chunks of a
/// four-byte type, a little-endian 32-bit size and the payload, padded to an even length.
enum WebPChunks {
    /// `bytes` without their EXIF, XMP and colour profile chunks, and with the extended header's flags
    /// for them cleared; libvips 8.14 writes an EXIF chunk (an orientation) into WebP even when told to strip.
    /// Bytes that are not a well-formed WebP file are returned as they are.
    static func removingMetadata(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { return bytes }
        var output = Array(bytes[0..<12])
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            let end = offset + 8 + size + size % 2
            guard end <= bytes.count else { return bytes }
            var chunk = Array(bytes[offset..<end])
            // VP8X's first payload byte holds the flags: ICC profile 0x20, EXIF 0x08, XMP 0x04.
            if type == "VP8X", chunk.count > 8 { chunk[8] &= ~(0x20 | 0x08 | 0x04) }
            if !["EXIF", "XMP ", "ICCP"].contains(type) { output += chunk }
            offset = end
        }
        let riffSize = UInt32(output.count - 8)
        for index in 0..<4 { output[4 + index] = UInt8(truncatingIfNeeded: riffSize >> (8 * UInt32(index))) }
        return output
    }
}

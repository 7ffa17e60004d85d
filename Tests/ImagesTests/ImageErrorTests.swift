import Foundation
import Images
import Testing

/// Files that are not what they claim, damaged, or made to exhaust memory: each is an ``ImageError``
/// with the sentence the writer reads, and nothing crashes.
@Suite(.enabled(if: ImageTools.enabled, ImageTools.reason))
struct ImageErrorTests {
    let folder: TemporaryFolder
    let settings = ImageSettings()

    init() throws {
        folder = try TemporaryFolder()
    }

    func error(_ bytes: [UInt8], as format: ImageFormat, settings: ImageSettings? = nil) -> String? {
        do {
            _ = try ImageProcessor.process(bytes, as: format, settings: settings ?? self.settings)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func textNamedAsAnImageIsNotAnImage() {
        let text = Array("Not a picture at all, just words.\n".utf8)
        #expect(error(text, as: .jpeg) == "is not a JPEG image, nor any image format the build reads")
        #expect(error(text, as: .gif) == "is not a GIF image, nor any image format the build reads")
    }

    @Test func aPNGNamedAsAJPEGSaysWhatItIs() throws {
        try ImageTools.require("convert", ["-size", "20x20", "xc:green", folder.path("green.png")])
        let png = try folder.bytes("green.png")
        #expect(error(png, as: .jpeg) == "is a PNG image, not the JPEG its name says")
        #expect(error(png, as: .webp) == "is a PNG image, not the WebP its name says")
        #expect(error(png, as: .avif) == "is a PNG image, not the AVIF its name says")
    }

    @Test func aTruncatedJPEGCannotBeDecoded() throws {
        try ImageTools.require("convert", ["-size", "800x600", "plasma:fractal", folder.path("whole.jpg")])
        let whole = try folder.bytes("whole.jpg")
        let message = error(Array(whole.prefix(whole.count / 2)), as: .jpeg) ?? "no error"
        #expect(message.hasPrefix("cannot be decoded: "), "\(message)")
    }

    @Test func aDecompressionBombIsRefusedFromItsHeader() {
        // A PNG whose header claims 30,000 × 30,000 pixels (900 million) around 8 bytes of pixel data.
        let bomb = Self.png(width: 30_000, height: 30_000, idat: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        #expect(
            error(bomb, as: .png) == "is 30000 × 30000 pixels, more than the limit of 100000000 (images.max_pixels)")
        var roomy = settings
        roomy.maximumPixels = 1_000_000_000
        #expect(
            error(bomb, as: .png, settings: roomy)
                == "would take 2574 MiB to decode, more than the budget of 1024 MiB (images.memory_budget_mb)")
    }

    /// A PNG of a header chunk for an 8-bit RGB image, one IDAT and the end (PNG §5.3 chunk layout,
    /// with ISO 3309's CRC-32).
    static func png(width: UInt32, height: UInt32, idat: [UInt8]) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat)
            + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

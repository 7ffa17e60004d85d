import Foundation
import Testing

@testable import Images

/// Real images made by ImageMagick and exiftool, processed, and the files judged by `vipsheader`,
/// ImageMagick and `exiftool` rather than by libvips' own answers.
@Suite(.enabled(if: ImageTools.enabled, ImageTools.reason))
struct ImageProcessorTests {
    let folder: TemporaryFolder
    let settings = ImageSettings(widths: [120, 480, 1600])

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The line `vipsheader` prints for a rendition written to a file, without the file's name:
    /// `480x240 uchar, 3 bands, srgb, webpload`.
    func header(_ rendition: Rendition, _ name: String) throws -> String {
        let path = try folder.write(rendition.bytes, name + "." + rendition.format.fileExtension)
        let line = try ImageTools.require("vipsheader", [path]).trimmingCharacters(in: .whitespacesAndNewlines)
        return String(line.dropFirst(path.count + 2))
    }

    @Test func widthsAreTheSettingsUpToTheImagesOwn() throws {
        try ImageTools.require("convert", ["-size", "1000x500", "plasma:fractal", folder.path("wide.jpg")])
        let image = try ImageProcessor.process(try folder.bytes("wide.jpg"), as: .jpeg, settings: settings)
        #expect(image.size == PixelSize(width: 1000, height: 500))
        var headers: [String] = []
        for (index, rendition) in image.renditions.enumerated() {
            headers.append(try header(rendition, "r\(index)"))
        }
        #expect(
            headers == [
                "120x60 uchar, 3 bands, srgb, webpload", "120x60 uchar, 3 bands, srgb, heifload",
                "480x240 uchar, 3 bands, srgb, webpload", "480x240 uchar, 3 bands, srgb, heifload",
                "1000x500 uchar, 3 bands, srgb, webpload", "1000x500 uchar, 3 bands, srgb, heifload",
            ])
        #expect(image.renditions.map(\.size.width) == [120, 120, 480, 480, 1000, 1000])
        // ImageMagick writes no metadata here, the image is upright, sRGB and narrower than 1600: the
        // original file is the fallback, unchanged.
        #expect(image.fallback?.size == nil)
    }

    @Test func aSmallPlainImageIsNeitherEnlargedNorReencoded() throws {
        try ImageTools.require(
            "convert",
            [
                "-size", "100x60", "gradient:red-blue", "-strip", "-define", "png:exclude-chunks=date,time",
                "PNG24:" + folder.path("small.png"),
            ])
        let image = try ImageProcessor.process(try folder.bytes("small.png"), as: .png, settings: settings)
        #expect(image.size == PixelSize(width: 100, height: 60))
        // Its WebP and AVIF would save less than 2 KiB: the original alone is offered.
        #expect(image.renditions.isEmpty)
        #expect(image.fallback?.size == nil)
    }

    @Test func aSmallPhotoKeepsTheEncodingsThatAreMuchSmaller() throws {
        try ImageTools.require(
            "convert", ["-size", "120x90", "plasma:fractal", "-quality", "92", folder.path("small.jpg")])
        let image = try ImageProcessor.process(try folder.bytes("small.jpg"), as: .jpeg, settings: settings)
        #expect(image.renditions.map(\.size) == Array(repeating: PixelSize(width: 120, height: 90), count: 2))
        #expect(image.renditions.map(\.format) == [.webp, .avif])
    }

    @Test func aWideScreenshotKeepsOnlyTheEncodingsNoLargerThanItsPNG() throws {
        // Sixty lines of small text in four colours: its PNG is a third of its WebP at full width.
        let words = ["build", "post", "feed", "swift", "page", "image", "search", "index", "check", "markdown"]
        var arguments = ["-size", "1400x900", "xc:white", "-fill", "black", "-pointsize", "13"]
        for row in 0..<60 {
            let line = (0..<28).map { words[($0 * 7 + row * 3 + $0 * row) % words.count] }.joined(separator: " ")
            arguments += ["-draw", "text 10,\(14 + row * 15) '\(line)'"]
        }
        try ImageTools.require("convert", arguments + ["-colors", "4", "-strip", "PNG8:" + folder.path("screen.png")])
        let bytes = try folder.bytes("screen.png")
        let image = try ImageProcessor.process(bytes, as: .png, settings: settings)
        #expect(image.size == PixelSize(width: 1400, height: 900))
        #expect(!image.renditions.contains { $0.format == .webp })
        for rendition in image.renditions { #expect(rendition.bytes.count <= bytes.count, "\(rendition.format)") }
        // A photo as wide keeps both, at every width.
        try ImageTools.require("convert", ["-size", "1400x900", "plasma:fractal", folder.path("wide-photo.jpg")])
        let photo = try ImageProcessor.process(try folder.bytes("wide-photo.jpg"), as: .jpeg, settings: settings)
        #expect(Set(photo.renditions.map(\.format)) == [.webp, .avif])
        #expect(photo.renditions.count == 2 * Set(photo.renditions.map(\.size.width)).count)
    }

    @Test(arguments: [(1000, 10_000, true), (15_999, 20_000, true), (16_001, 20_000, false), (1_000, 2_500, false)])
    func anEncodingIsOfferedWhenAFifthAndTwoKiBSmaller(bytes: Int, fallback: Int, isOffered: Bool) {
        let rendition = Rendition(
            format: .webp, size: PixelSize(width: 1, height: 1), bytes: Array(repeating: 0, count: bytes))
        #expect(ImageProcessor.worthOffering(rendition, against: fallback) == isOffered)
    }

    @Test(arguments: 1...8)
    func exifOrientationIsAppliedAsImageMagickApplies(orientation: Int) throws {
        // A 300 × 200 image whose top-left quarter alone is red: every orientation puts it elsewhere.
        try ImageTools.require(
            "convert",
            ["-size", "300x200", "xc:blue", "-fill", "red", "-draw", "rectangle 0,0 149,99", folder.path("o.jpg")])
        try ImageTools.require(
            "exiftool", ["-q", "-overwrite_original", "-Orientation=\(orientation)", "-n", folder.path("o.jpg")])
        try ImageTools.require("convert", [folder.path("o.jpg"), "-auto-orient", folder.path("expected.png")])
        let image = try ImageProcessor.process(try folder.bytes("o.jpg"), as: .jpeg, settings: settings)
        let upright = orientation >= 5 ? PixelSize(width: 200, height: 300) : PixelSize(width: 300, height: 200)
        #expect(image.size == upright)
        let webp = try #require(image.renditions.last { $0.format == .webp })
        #expect(webp.size == upright)
        let written = try folder.write(webp.bytes, "o.webp")
        try ImageTools.require("vips", ["copy", written, folder.path("actual.png")])
        #expect(try redCorners(folder.path("actual.png")) == (try redCorners(folder.path("expected.png"))))
        // The orientation is applied, so the tag must not be applied again: the fallback has none.
        let fallback = try folder.write(try #require(image.fallback).bytes, "fallback.jpg")
        #expect(try ImageTools.require("exiftool", ["-s3", "-Orientation", "-n", fallback]).isEmpty)
    }

    /// Which of the four corners are red (rather than blue), clockwise from the top left.
    func redCorners(_ path: String) throws -> String {
        let corner = { (x: String, y: String) in "%[fx:p{\(x),\(y)}.r > p{\(x),\(y)}.b ? 1 : 0]" }
        let format = [corner("10", "10"), corner("w-10", "10"), corner("w-10", "h-10"), corner("10", "h-10")]
        return try ImageTools.require("convert", [path, "-format", format.joined(), "info:"])
    }

    @Test func gpsSerialAndCommentsAreStrippedFromEveryFile() throws {
        try ImageTools.require("convert", ["-size", "640x480", "plasma:fractal", folder.path("gps.jpg")])
        try ImageTools.require(
            "exiftool",
            [
                "-q", "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
                "-GPSLongitudeRef=E", "-SerialNumber=CAM-123456", "-Make=Canon", "-UserComment=at home",
                "-Comment=secret", folder.path("gps.jpg"),
            ])
        let before = try ImageTools.require("exiftool", ["-a", "-G", "-s", folder.path("gps.jpg")])
        #expect(before.contains("GPSLatitude") && before.contains("CAM-123456") && before.contains("secret"))
        let image = try ImageProcessor.process(try folder.bytes("gps.jpg"), as: .jpeg, settings: settings)
        let fallback = try #require(image.fallback)
        for (index, rendition) in (image.renditions + [fallback]).enumerated() {
            let path = try folder.write(rendition.bytes, "out\(index).\(rendition.format.fileExtension)")
            let tags = try ImageTools.require("exiftool", ["-a", "-G", "-s", path])
            for secret in ["GPS", "CAM-123456", "SerialNumber", "Canon", "at home", "secret", "EXIF"] {
                #expect(!tags.contains(secret), "\(rendition.format) \(rendition.size.width) keeps \(secret):\n\(tags)")
            }
        }
    }

    @Test func aCMYKJPEGIsWrittenInSRGB() throws {
        try ImageTools.require(
            "convert", ["-size", "400x300", "gradient:yellow-navy", "-colorspace", "CMYK", folder.path("cmyk.jpg")])
        #expect(try ImageTools.require("vipsheader", [folder.path("cmyk.jpg")]).contains("4 bands, cmyk"))
        let image = try ImageProcessor.process(try folder.bytes("cmyk.jpg"), as: .jpeg, settings: settings)
        let fallback = try #require(image.fallback)
        #expect(try header(fallback, "srgb") == "400x300 uchar, 3 bands, srgb, jpegload")
        #expect(try header(image.renditions[0], "small") == "120x90 uchar, 3 bands, srgb, webpload")
        // Yellow stays yellow: red and green high, blue low, in the top-left corner.
        let path = try folder.write(fallback.bytes, "check.jpg")
        let colour = try ImageTools.require(
            "convert", [path, "-format", "%[fx:p{2,2}.r > 0.8 && p{2,2}.g > 0.8 && p{2,2}.b < 0.3]", "info:"])
        #expect(colour == "1")
    }

    @Test func aSixteenBitPNGWithAlphaKeepsItsAlphaInEightBits() throws {
        try ImageTools.require(
            "convert",
            [
                "-size", "640x480", "gradient:red-blue", "-alpha", "set", "-channel", "A", "-evaluate", "set", "40%",
                "+channel", "-depth", "16", "PNG64:" + folder.path("deep.png"),
            ])
        #expect(try ImageTools.require("vipsheader", [folder.path("deep.png")]).contains("ushort, 4 bands"))
        let image = try ImageProcessor.process(try folder.bytes("deep.png"), as: .png, settings: settings)
        #expect(try header(image.renditions[2], "webp") == "480x360 uchar, 4 bands, srgb, webpload")
        #expect(try header(image.renditions[3], "avif") == "480x360 uchar, 4 bands, srgb, heifload")
        #expect(try header(try #require(image.fallback), "png") == "640x480 uchar, 4 bands, srgb, pngload")
    }

    @Test func anAnimatedGIFPassesThroughWithItsSize() throws {
        try ImageTools.require(
            "convert", ["-delay", "20", "-size", "90x70", "xc:red", "xc:blue", "-loop", "0", folder.path("anim.gif")])
        let image = try ImageProcessor.process(try folder.bytes("anim.gif"), as: .gif, settings: settings)
        #expect(
            image == ProcessedImage(format: .gif, size: PixelSize(width: 90, height: 70), renditions: [], fallback: nil)
        )
        #expect(image.isPassedThrough)
    }

    @Test func anSVGPassesThroughUnread() throws {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
        #expect(try ImageProcessor.process(svg, as: .svg, settings: settings).isPassedThrough)
    }
}

import Foundation
import Images

/// `blog-benchmark images FILE…`: the time to process each image at the default settings, and at other
/// AVIF efforts (`--efforts 0,2,4`), one image at a time (the build runs one per core), best of three.
enum ImageBenchmark {
    static func run(files: [String], efforts: [Int]) -> Bool {
        print(
            "image".padding(toLength: 28, withPad: " ", startingAt: 0) + "effort".leftPadded(7)
                + "s/image".leftPadded(9)
                + "AVIF bytes".leftPadded(12) + "WebP bytes".leftPadded(12))
        for file in files {
            guard let data = FileManager.default.contents(atPath: file),
                let format = ImageFormat(fileExtension: URL(filePath: file).pathExtension)
            else {
                print("error: cannot read \(file) as an image")
                return false
            }
            for effort in efforts {
                var settings = ImageSettings()
                settings.avifEffort = effort
                var best = Double.infinity
                var image: ProcessedImage?
                for _ in 0..<3 {
                    let start = ContinuousClock.now
                    image = try? ImageProcessor.process([UInt8](data), as: format, settings: settings)
                    best = min(best, (ContinuousClock.now - start).seconds)
                }
                let bytes = { (format: ImageFormat) in
                    (image?.renditions ?? []).filter { $0.format == format }.reduce(0) { $0 + $1.bytes.count }
                }
                print(
                    URL(filePath: file).lastPathComponent.padding(toLength: 28, withPad: " ", startingAt: 0)
                        + "\(effort)".leftPadded(7) + String(format: "%.2f", best).leftPadded(9)
                        + "\(bytes(.avif))".leftPadded(12) + "\(bytes(.webp))".leftPadded(12))
            }
        }
        return true
    }
}

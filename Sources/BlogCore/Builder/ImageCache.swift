import BlogFileSystem
import Foundation
import Images

/// Encoded images kept between builds in `.blog-cache/images/`, one folder per original and settings:
/// a build where no image changed encodes nothing, and an edited image is encoded alone.
///
/// A folder holds the renditions and, written last, an `index` that lists them; a folder without an
/// index (a build stopped while writing it) is no entry, so nothing half written is ever read back.
struct ImageCache: Sendable {
    /// The cache's folder, absolute.
    let folder: String

    init(root: URL) {
        folder = root.appending(path: SiteLayout.imageCache).path
    }

    /// The entry's name: the digest of the original's bytes, of the format its name claims (the same bytes
    /// named `.gif` and `.webp` are one good image and one misnamed), of the settings that shape the output
    /// and of the engine's output version (which files an image is offered in can change with it).
    static func key(_ bytes: Data, claiming format: ImageFormat, _ settings: ImageSettings) -> String {
        var builder = Digest.Builder()
        builder.add(Digest.of(bytes))
        builder.add(format.rawValue)
        builder.add(SiteBuilder.engineVersion)
        builder.add(settings.fingerprint)
        return String(Digest.of(bytes), radix: 16) + "-" + String(builder.digest, radix: 16)
    }

    /// The image stored under `key`, or nil when there is none or it cannot be read whole.
    func image(_ key: String) -> ProcessedImage? {
        let entry = folder + "/" + key
        guard let index = FileContents.read(path: entry + "/index").map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        var lines = index.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        guard let head = lines.first, head.count == 3, let format = ImageFormat(rawValue: head[0]) else { return nil }
        lines.removeFirst()
        let size = Int(head[1]).flatMap { width in Int(head[2]).map { PixelSize(width: width, height: $0) } }
        var renditions: [Rendition] = []
        var fallback: Rendition?
        for line in lines {
            guard line.count == 5, let format = ImageFormat(rawValue: line[1]), let width = Int(line[2]),
                let height = Int(line[3]), let data = FileContents.read(path: entry + "/" + line[4])
            else { return nil }
            let rendition = Rendition(
                format: format, size: PixelSize(width: width, height: height), bytes: [UInt8](data))
            if line[0] == "fallback" { fallback = rendition } else { renditions.append(rendition) }
        }
        return ProcessedImage(format: format, size: size, renditions: renditions, fallback: fallback)
    }

    /// Stores `image` under `key`; a failure to write leaves no entry and only costs the next build an encoding.
    func store(_ image: ProcessedImage, as key: String) {
        let entry = folder + "/" + key
        let staging = folder + "/.\(key).\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileSystem.makeFolders(staging)
            let size = image.size.map { "\($0.width) \($0.height)" } ?? "- -"
            var index = "\(image.format.rawValue) \(size)\n"
            let parts = image.renditions.map { ("rendition", $0) } + (image.fallback.map { [("fallback", $0)] } ?? [])
            for (number, (role, rendition)) in parts.enumerated() {
                let name = "\(number).\(rendition.format.fileExtension)"
                try rendition.bytes.withUnsafeBytes { _ = try FileContents.write($0, to: staging + "/" + name) }
                index +=
                    "\(role) \(rendition.format.rawValue) \(rendition.size.width) \(rendition.size.height) \(name)\n"
            }
            try FileContents.write(Data(index.utf8), to: staging + "/index")
            // The whole folder appears at once; another build that stored the same entry first wins.
            try? FileSystem.removeTree(entry)
            try FileSystem.rename(staging, to: entry)
        } catch {
            try? FileSystem.removeTree(staging)
        }
    }

    /// Removes every entry but `kept`, so that the cache holds the images of the last build alone.
    func removeEntries(except kept: Set<String>) {
        for name in FileSystem.names(in: folder) ?? [] where !kept.contains(name) {
            try? FileSystem.removeTree(folder + "/" + name)
        }
    }
}

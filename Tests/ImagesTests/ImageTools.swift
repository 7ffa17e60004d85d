import Foundation
import Testing

/// ImageMagick (`convert`), `exiftool` and libvips' `vipsheader`, which make the test images and judge
/// what the build wrote. Without them the tests say so and skip, unless `BLOG_REQUIRE_IMAGE_TOOLS=1`
/// (CI installs them).
enum ImageTools {
    static let available = ["convert", "exiftool", "vipsheader", "vips"].allSatisfy {
        (try? run($0, ["--version"]))?.status == 0 || (try? run($0, ["-ver"]))?.status == 0
    }
    static let required = ProcessInfo.processInfo.environment["BLOG_REQUIRE_IMAGE_TOOLS"] == "1"
    static let enabled = available || required
    static let reason: Comment =
        "needs ImageMagick, exiftool and libvips-tools (Debian imagemagick, exiftool, libvips-tools)"

    /// Runs a tool found on PATH; its standard output and status.
    @discardableResult
    static func run(_ command: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Runs a tool that must succeed.
    @discardableResult
    static func require(_ command: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        let result = try run(command, arguments)
        try #require(
            result.status == 0, "\(command) \(arguments.joined(separator: " ")) failed", sourceLocation: sourceLocation)
        return result.output
    }
}

/// A temporary folder of a test's own, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "blog-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appending(path: name).path
    }

    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appending(path: name)))
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        try Data(bytes).write(to: url.appending(path: name))
        return path(name)
    }
}

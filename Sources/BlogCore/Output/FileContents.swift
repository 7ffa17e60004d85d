import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files. Foundation on Linux (Swift 6.3.1) leaks a 4 KiB buffer when `Data(contentsOf:)`
/// reads an empty file (found with LeakSanitizer), so empty files are answered without reading.
enum FileContents {
    static func read(_ url: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        if (attributes[.size] as? Int) == 0 {
            return FileManager.default.isReadableFile(atPath: url.path) ? Data() : nil
        }
        return try? Data(contentsOf: url)
    }

    /// Writes a new file with plain POSIX calls: Foundation's `Data.write(to:)` syncs every file to disk,
    /// which a build of ten thousand pages cannot afford (the swap, not the sync, is what keeps output safe).
    static func write(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXFailure(path: path, code: errno) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            guard var base = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXFailure(path: path, code: errno)
                }
                remaining -= written
                base += written
            }
        }
    }

    /// Makes one folder; an existing one is fine.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw POSIXFailure(path: path, code: errno) }
    }
}

/// A failed system call on a path.
struct POSIXFailure: Error, CustomStringConvertible {
    var path: String
    var code: Int32
    var description: String { "\(path): \(String(cString: strerror(code)))" }
}

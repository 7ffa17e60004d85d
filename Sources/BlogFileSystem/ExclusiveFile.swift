import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates files only when nothing is at their path, atomically (`O_CREAT | O_EXCL`), so a file that
/// appears between a check and a write is never replaced.
public enum ExclusiveFile {
    /// Why a file was not created.
    public enum Failure: Error, Equatable {
        case exists
        case failed(String)
    }

    /// Creates the file at `url` with `contents`, and the folders above it.
    ///
    /// - Throws: ``Failure/exists`` when anything is at the path; ``Failure/failed(_:)`` with the reason otherwise.
    public static func create(at url: URL, contents: Data) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .failed(error.localizedDescription)
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw .exists }
            throw .failed(String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let result = write(descriptor, base + offset, buffer.count - offset)
                if result <= 0 { return offset }
                offset += result
            }
            return offset
        }
        guard written == contents.count else { throw .failed(String(cString: strerror(errno))) }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a file (`flock`), held until ``release()`` or until the process ends, however it ends.
public final class FileLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock on `path` (created if missing) without waiting; nil when another process holds it.
    ///
    /// - Throws: ``FileSystemError`` when the file cannot be opened.
    public static func acquire(_ path: String) throws(FileSystemError) -> FileLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .last(path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return FileLock(descriptor: descriptor)
    }

    /// Gives the lock up.
    public func release() {
        close(descriptor)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call on a path: the path and the system's reason, as `open(2)` and friends give it.
public struct FileSystemError: Error, Equatable, CustomStringConvertible {
    /// The path the call was about.
    public var path: String
    /// The `errno` value.
    public var code: Int32

    /// Makes the error from a path and an `errno` value.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The error of the last failed call on `path`.
    static func last(_ path: String) -> FileSystemError {
        FileSystemError(path: path, code: errno)
    }

    /// The system's words for the code, such as `Permission denied`.
    public var reason: String { String(cString: strerror(code)) }

    /// `path: Permission denied`.
    public var description: String { "\(path): \(reason)" }

    /// The path did not exist.
    public var isMissing: Bool { code == ENOENT }
    /// The file was larger than the reader's limit.
    public var isTooLarge: Bool { code == EFBIG }
}

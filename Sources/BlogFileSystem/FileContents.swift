import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes whole files with plain POSIX calls.
public enum FileContents {
    /// The bytes of a regular file (symbolic links followed); nil when it cannot be opened or read, or is
    /// not a regular file. One open, fstat and read: Foundation's `attributesOfItem` and
    /// `Data(contentsOf:)` take more system calls than a build of ten thousand posts can spare, and
    /// on Linux (Swift 6.3.1) `Data(contentsOf:)` leaks a 4 KiB buffer on an empty file (LeakSanitizer).
    public static func read(_ url: URL) -> Data? {
        read(path: url.path)
    }

    public static func read(path: String) -> Data? {
        try? contents(atPath: path, flags: 0)
    }

    /// The bytes of a regular file (symbolic links followed) mapped into memory rather than copied; nil
    /// when it cannot be opened or mapped, or is not a regular file. For large files the program writes
    /// and replaces whole (by rename, so a mapping keeps the file it was made of): the build record is 60
    /// MB at 50,000 posts, and an edit reads little of it.
    public static func mapped(path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return Data() }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            return nil
        }
        return Data(bytesNoCopy: base, count: size, deallocator: .custom { munmap($0, $1) })
    }

    /// Reads a regular file (symbolic links followed) into `buffer`, which keeps its storage from one file
    /// to the next; returns how many of its bytes are the file's, or nil when it cannot be read. A reader
    /// of a thousand generated files (a check of the feeds' archive pages) pays neither a fresh zeroed
    /// allocation nor a copy per file.
    public static func read(path: String, reusing buffer: inout [UInt8]) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        // One byte more than the size, so that the read that fills the buffer short finds the end.
        if buffer.count < Int(info.st_size) + 1 {
            buffer = [UInt8](repeating: 0, count: max(Int(info.st_size) + 1, buffer.count * 2))
        }
        var filled = 0
        while true {
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let count = buffer.withUnsafeMutableBytes { bytes in
                Glibc.read(descriptor, bytes.baseAddress.map { $0 + filled }, bytes.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return filled }
            filled += count
            // A regular file reads short only at its end: no second read to be told so.
            if filled < buffer.count { return filled }
        }
    }

    /// The bytes of a regular file (symbolic links followed), or the reason they cannot be had.
    ///
    /// - Throws: ``FileSystemError`` with the system's reason (`EISDIR` for a folder or another kind of file).
    public static func contents(atPath path: String) throws(FileSystemError) -> Data {
        try contents(atPath: path, flags: 0)
    }

    /// The bytes of a file, or of standard input for `-`, refusing more than `limit` bytes without reading
    /// them all: a larger regular file is refused by its size, a pipe once `limit` bytes have come.
    ///
    /// - Throws: ``FileSystemError``; ``FileSystemError/isTooLarge`` past the limit.
    public static func contents(atPath path: String, limit: Int) throws(FileSystemError) -> Data {
        let descriptor = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .last(path) }
        if info.st_mode & S_IFMT == S_IFDIR { throw FileSystemError(path: path, code: EISDIR) }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit {
            throw FileSystemError(path: path, code: EFBIG)
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw FileSystemError(path: path, code: EFBIG) }
            data.append(contentsOf: chunk[..<count])
        }
    }

    /// What ``readUnlessLink(path:)`` found.
    public enum Outcome: Sendable {
        case data(Data)
        /// The path names a symbolic link, which was not followed.
        case link
        case unreadable(FileSystemError)
    }

    /// The bytes of a regular file that is not a symbolic link. One open that refuses a link replaces a
    /// look at each path before reading it.
    public static func readUnlessLink(path: String) -> Outcome {
        do {
            return .data(try contents(atPath: path, flags: O_NOFOLLOW))
        } catch {
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK ? .link : .unreadable(error)
        }
    }

    private static func contents(atPath path: String, flags: Int32) throws(FileSystemError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | flags)
        guard descriptor >= 0 else { throw .last(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .last(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileSystemError(path: path, code: EISDIR) }
        // One byte more than the size, so that the read that fills the buffer short finds the end.
        var data = Data(count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += 65_536 }
            let count = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            if count == 0 { break }
            filled += count
            // A regular file reads short only at its end: no second read to be told so.
            if filled < data.count { break }
        }
        data.count = filled
        return data
    }

    /// Writes a new file with plain POSIX calls: Foundation's `Data.write(to:)` syncs every file to disk,
    /// which a build of ten thousand pages cannot afford (the swap, not the sync, is what keeps output safe).
    ///
    /// - Returns: The written file's stamp, from the open descriptor: a second look by path walked the
    ///   whole path again for each of ten thousand files.
    @discardableResult
    public static func write(_ data: Data, to path: String) throws -> FileStamp {
        try data.withUnsafeBytes { try write($0, to: path) }
    }

    /// Writes a new file from bytes in memory, such as a page's text, without copying them into `Data`.
    @discardableResult
    public static func write(_ buffer: UnsafeRawBufferPointer, to path: String) throws -> FileStamp {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError.last(path) }
        defer { close(descriptor) }
        if var base = buffer.baseAddress {
            var remaining = buffer.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError.last(path)
                }
                remaining -= written
                base += written
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError.last(path) }
        return FileStamp(info)
    }

    /// Replaces the file at `path` atomically: writes a temporary file beside it and renames it over.
    public static func replace(_ data: Data, at path: String) throws {
        let temporary = path + ".\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            try write(data, to: temporary)
            guard rename(temporary, path) == 0 else { throw FileSystemError.last(path) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Makes one folder; an existing one is fine.
    public static func makeFolder(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw FileSystemError.last(path) }
    }
}

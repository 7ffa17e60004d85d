import CFileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calls on paths that the engine makes, each one system call, throwing ``FileSystemError`` with the
/// path. Plain calls, not Foundation's: a build of ten thousand pages makes tens of thousands of them, and
/// Foundation's `FileManager` checks and converts around each.
public enum FileSystem {
    /// What is at a path.
    public enum Kind: Sendable, Equatable {
        case file
        case folder
        case symbolicLink
        case other
    }

    /// What is at `path`, without following a symbolic link there; nil when nothing is.
    public static func kind(of path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return kind(info)
    }

    /// What `path` leads to, symbolic links followed; nil when nothing is there (a dangling link included).
    public static func resolvedKind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kind(info)
    }

    /// What `path` leads to, symbolic links followed.
    ///
    /// - Throws: ``FileSystemError``: `ENOENT` for a link that leads nowhere, `ELOOP` for a loop of links.
    public static func resolve(_ path: String) throws(FileSystemError) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .last(path) }
        return kind(info)
    }

    /// The stamp and kind of what `path` leads to, symbolic links followed, in one call.
    public static func status(of path: String) -> (kind: Kind, stamp: FileStamp)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (kind(info), FileStamp(info))
    }

    private static func kind(_ info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        case S_IFLNK: .symbolicLink
        default: .other
        }
    }

    /// Whether anything is at `path` (a dangling symbolic link counts).
    public static func exists(_ path: String) -> Bool {
        kind(of: path) != nil
    }

    /// Makes `new` a hard link to `existing`.
    public static func link(_ existing: String, as new: String) throws(FileSystemError) {
        guard systemLink(existing, new) == 0 else { throw .last(new) }
    }

    /// Removes the file (or symbolic link) at `path`; nothing there is not an error.
    public static func removeFile(_ path: String) throws(FileSystemError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .last(path) }
    }

    /// Removes the folder at `path` if it is empty; a folder that is not, or is gone, is left as it is.
    public static func removeEmptyFolder(_ path: String) {
        rmdir(path)
    }

    /// Renames `source` to `destination`, replacing a file or an empty folder there.
    public static func rename(_ source: String, to destination: String) throws(FileSystemError) {
        guard systemRename(source, destination) == 0 else { throw .last(source) }
    }

    /// Swaps two paths in one atomic step (Linux `renameat2` with `RENAME_EXCHANGE`).
    ///
    /// - Throws: ``FileSystemError``, with `ENOSYS` or `EINVAL` where the system cannot.
    public static func exchange(_ first: String, _ second: String) throws(FileSystemError) {
        guard blog_rename_exchange(first, second) == 0 else { throw .last(first) }
    }

    /// The path with every symbolic link resolved; nil when a component is missing.
    public static func resolvedPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Whether the standard error stream is a terminal.
    public static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether the standard output stream is a terminal.
    public static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The file name of the shared library whose `symbol` the process uses (the dynamic linker's default
    /// scope); tells which library serves `malloc`.
    public static func library(of symbol: String) -> String? {
        guard let path = blog_library_of(symbol) else { return nil }
        return URL(filePath: String(cString: path)).lastPathComponent
    }
}

// The system calls by names that the enum's own functions do not hide.
private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }

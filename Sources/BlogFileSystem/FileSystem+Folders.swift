import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folder operations that run a few times a build, not once a file: Foundation's checks cost nothing
/// here, and keeping them in this target keeps every file-system call of the engine in one place.
extension FileSystem {
    /// The process's current folder, as `getcwd` gives it: absolute, without `.` or `..`. One call, where
    /// `FileManager.default` would first be set up, which a short command such as `blog markdown` feels.
    public static var currentFolder: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return FileManager.default.currentDirectoryPath }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The current user's home folder, symbolic links resolved.
    public static var homeFolder: String {
        FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The names in a folder, unsorted; nil when it cannot be listed.
    public static func names(in folder: String) -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: folder)
    }

    /// Every path below a folder, relative to it, sorted by bytes; empty when it cannot be listed.
    public static func subpaths(of folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Makes a folder and every missing folder above it.
    ///
    /// - Throws: The underlying error when one cannot be made.
    public static func makeFolders(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Removes a file, a link or a whole folder tree.
    ///
    /// - Throws: The underlying error when something cannot be removed.
    public static func removeTree(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }

    /// Moves a file or a folder tree to a path where nothing is.
    ///
    /// - Throws: The underlying error when the destination exists or the move fails.
    public static func move(_ source: String, to destination: String) throws {
        try FileManager.default.moveItem(atPath: source, toPath: destination)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Size, modification time and change time of a file, the cheap test of whether it changed.
///
/// The change time is the kernel's own (`st_ctime`): no program can set it back, so a file edited and
/// then given its old modification time (`touch -d`, `cp -p`, a checkout) still shows a new stamp. Hard
/// links change it too, so the output's files, which the spare tree links, are compared without it
/// (``matches(_:)``, ``hasSameContentStamp(as:)``).
public struct FileStamp: Equatable, Hashable, Sendable {
    /// Bytes.
    public var size: Int
    /// Nanoseconds since 1970.
    public var modified: Int64
    /// Nanoseconds since 1970 of the last change to the file or its metadata; 0 when unknown.
    public var changed: Int64

    /// A stamp of known values.
    public init(size: Int, modified: Int64, changed: Int64 = 0) {
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// Whether two stamps agree on size and modification time, the change time aside: for files that the
    /// engine itself links and renames.
    public func hasSameContentStamp(as other: FileStamp) -> Bool {
        size == other.size && modified == other.modified
    }

    /// The stamp of the file at `path`, symbolic links followed; nil when there is nothing to stat.
    public init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamps of files at paths relative to `folder`, in their order (nil for each that cannot be
    /// stamped): each is looked up from the folder's descriptor, so the kernel walks only the relative
    /// part of a path, which in a deep output folder is most of the cost of a stat.
    public static func stamps(of paths: some Collection<String>, in folder: String) -> [FileStamp?] {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return paths.map { _ in nil } }
        defer { close(descriptor) }
        return paths.map { path in
            var info = stat()
            return fstatat(descriptor, path, &info, 0) == 0 ? FileStamp(info) : nil
        }
    }

    init(_ info: stat) {
        size = Int(info.st_size)
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Size and modification time of a file, the cheap test of whether it changed.
public struct FileStamp: Equatable, Hashable, Sendable {
    /// Bytes.
    public var size: Int
    /// Nanoseconds since 1970.
    public var modified: Int64

    /// A stamp of known values.
    public init(size: Int, modified: Int64) {
        self.size = size
        self.modified = modified
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
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}

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
    /// stamped): each is looked up by its name from a descriptor of its own folder, which is opened once
    /// for each run of paths in it (paths in path order come in such runs), so the kernel walks one
    /// component per file instead of every component of its path: that walk was half of the system
    /// time of stamping 50,000 posts.
    public static func stamps(of paths: some Collection<String>, in folder: String) -> [FileStamp?] {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return paths.map { _ in nil } }
        defer { close(descriptor) }
        var parent = ParentFolder(base: descriptor)
        defer { parent.release() }
        return paths.map { path in
            var info = stat()
            let found = parent.withLookup(of: path) { folder, name in fstatat(folder, name, &info, 0) == 0 }
            return found ? FileStamp(info) : nil
        }
    }

    /// The folder of the last path looked up, and its descriptor once a second path in it came: a path
    /// alone in its folder (a page's `index.html` in a folder of its own) is looked up whole, as opening
    /// its folder would cost a second call.
    private struct ParentFolder {
        let base: Int32
        /// The folder's bytes, relative to the base.
        private var folder: [CChar] = []
        private var descriptor: Int32 = -1

        init(base: Int32) {
            self.base = base
        }

        /// Calls `body` with a folder's descriptor and the name in it that leads to `path`: the path's own
        /// folder and last name when the path before it was in that folder too, else the base and the
        /// whole path (as also when the folder cannot be opened: the lookup then fails or follows links
        /// just as a lookup of the whole path does).
        mutating func withLookup<Result>(of path: String, _ body: (Int32, UnsafePointer<CChar>) -> Result) -> Result {
            path.withCString { whole in
                let length = strlen(whole)
                var slash = length
                while slash > 0 && whole[slash - 1] != 0x2F { slash -= 1 }
                // No folder, or nothing after the last slash: the whole path.
                guard slash > 1, slash < length else { return body(base, whole) }
                let folderLength = slash - 1
                guard folderLength == folder.count, memcmp(whole, folder, folderLength) == 0 else {
                    release()
                    folder = Array(UnsafeBufferPointer(start: whole, count: folderLength))
                    return body(base, whole)
                }
                if descriptor == -1 {
                    // Read-only, not O_PATH (which Glibc's module does not export): a folder that can only
                    // be searched, not read, falls back to whole paths.
                    descriptor = (folder + [0]).withUnsafeBufferPointer {
                        openat(base, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    }
                    if descriptor < 0 { descriptor = -2 }
                }
                return descriptor >= 0 ? body(descriptor, whole + slash) : body(base, whole)
            }
        }

        /// Closes the folder's descriptor, if one is open.
        mutating func release() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
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

import Foundation

/// What the last successful build saw and wrote, kept in `.blog-cache/build.json` at the site root so
/// that a rebuild re-renders only what changed.
///
/// It is never trusted blindly: a cache of another format or fingerprint (blog.yaml, the theme, the
/// build options) is ignored, a source is reused only when its size and modification time, or else its
/// content hash, match, and an old output file is reused only when its size and modification time still
/// match what was written. A cache that cannot be read is ignored.
struct BuildCache: Codable, Sendable {
    static let formatVersion = 1
    static let folder = ".blog-cache"
    static let file = "build.json"

    struct Source: Codable, Sendable {
        var size: Int
        var modified: Int64
        var hash: UInt64
        /// The post as read, with an empty body; nil when the file had errors.
        var post: Post?
        var summary: String
        var wordCount: Int
        var frontMatterDiagnostics: [CachedDiagnostic]
        var renderDiagnostics: [CachedDiagnostic]
        /// Whether the post was rendered (and so has a summary and a page) in that build.
        var isRendered: Bool
    }

    /// The summary figures of the build, for a rebuild that changes nothing.
    struct Counts: Codable, Sendable {
        var posts: Int
        var pages: Int
        var tags: Int
        var draftsSkipped: Int
        var futureSkipped: Int
    }

    struct Output: Codable, Sendable, Equatable {
        var size: Int
        var modified: Int64
        var hash: UInt64
    }

    struct CachedDiagnostic: Codable, Sendable {
        var severity: String
        var file: String
        var line: Int?
        var column: Int?
        var message: String
    }

    var version = formatVersion
    var fingerprint: UInt64
    var sources: [String: Source] = [:]
    var outputs: [String: Output] = [:]
    /// The earliest date of a post left out for being in the future: once it passes, rebuild.
    var nextDue: Date?
    /// A hash of every post's URL, the navigation and the posts left out: when it changes, every page
    /// is rendered again, since links between posts depend on it.
    var linkHash: UInt64 = 0
    var summary: Counts?

    static func url(for site: Site) -> URL {
        site.root.appending(path: "\(folder)/\(file)")
    }

    /// The cache of the last build, or nil when there is none or it is unreadable or of another build.
    static func load(for site: Site, fingerprint: UInt64) -> BuildCache? {
        guard let data = FileContents.read(url(for: site)), !data.isEmpty,
              let cache = try? JSONDecoder().decode(BuildCache.self, from: data),
              cache.version == formatVersion, cache.fingerprint == fingerprint
        else { return nil }
        return cache
    }

    /// Writes the cache atomically; a failure only costs the next build its shortcut.
    func save(for site: Site) {
        let url = Self.url(for: site)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? data.write(to: url, options: .atomic)
    }
}

extension Diagnostic {
    var cached: BuildCache.CachedDiagnostic {
        .init(severity: severity.rawValue, file: file, line: line, column: column, message: message)
    }

    init(_ cached: BuildCache.CachedDiagnostic) {
        self.init(Severity(rawValue: cached.severity) ?? .warning, file: cached.file, line: cached.line, column: cached.column, message: cached.message)
    }
}

/// Size and modification time of a file, the cheap test of whether it changed.
struct FileStamp: Equatable, Sendable {
    var size: Int
    var modified: Int64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

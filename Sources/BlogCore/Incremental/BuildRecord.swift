import BlogFileSystem
import Foundation
import JSONFeed

/// What the last successful build read and wrote, kept in `.blog-cache/build.bin` at the site root so that
/// a rebuild renders again only what changed: the stamps of every input and output, which outputs read
/// which inputs, and each source as it was read.
///
/// It is never trusted blindly: a record of another format or fingerprint (blog.yaml, the theme, the build
/// options), or whose checksum does not match its bytes, is ignored; a source is reused only when its size
/// and modification time match, and an old output file only when its size and modification time still
/// match what was written. A record that cannot be read is ignored.
struct BuildRecord: Sendable {
    static let formatVersion = 15
    static let folder = SiteLayout.cache
    static let file = "build.bin"
    /// The first bytes of the file, before the format version, fingerprint and checksum.
    static let magic = Array("blogcach".utf8)

    /// One content file as the build read it.
    struct Source: Sendable, Equatable {
        var size: Int
        var modified: Int64
        /// The file's change time (``FileStamp/changed``) when it was read.
        var changed: Int64
        var hash: UInt64
        /// The post as read, with an empty body; nil when the file had errors.
        var post: Post?
        var summary: String
        var wordCount: Int
        /// The post's ``SitePages/listEntryHash(_:)``; 0 when unknown.
        var entryHash: UInt64
        var frontMatterDiagnostics: [RecordedDiagnostic]
        var renderDiagnostics: [RecordedDiagnostic]
        /// Whether the post was rendered (and so has a summary and a page) in that build.
        var isRendered: Bool
        /// Its ``SearchDocument/recordText`` when it was rendered with search on; empty otherwise.
        var searchText: String = ""
    }

    /// The summary figures of a build, for a rebuild that changes nothing.
    struct Counts: Sendable, Equatable {
        var posts: Int
        var pages: Int
        var tags: Int
        var draftsSkipped: Int
        var futureSkipped: Int
    }

    struct RecordedDiagnostic: Sendable, Equatable {
        var severity: String
        var file: String
        var line: Int?
        var column: Int?
        var message: String
    }

    /// Which inputs each output read, as the build that made it saw them; an output whose inputs are all
    /// as recorded is carried over from the old output instead of being made again.
    ///
    /// - Every output reads blog.yaml, the theme and the build options: the record's fingerprint.
    /// - A post's or page's page reads its source (``Source``: stamp and hash) and ``links``.
    /// - A list page reads what ``listPages`` digests.
    /// - A feed page reads its posts' sources, URLs and tags and ``links``, which ``listPages`` also digests.
    /// - Copied files are compared by their bytes when staged.
    struct Dependencies: Sendable, Equatable {
        /// A digest of every page's URL, the navigation and the posts left out, which every page's links
        /// read: when it changes, every page is made again.
        var links: UInt64 = 0
        /// Each list page (index pages, tags, the archive, 404.html) with a digest of all it shows: the
        /// list entries of its posts, in order, and its own figures; and each feed file with a digest of
        /// its inputs (``FeedJob/inputHash(itemHashes:linkHash:)``).
        var listPages: [String: UInt64] = [:]
        /// The warnings of each feed page that had any (its items shortened to fit the size limit), as
        /// file and message: a page carried over is not made again, and its warnings are reported again
        /// from here.
        var feedWarnings: [String: [FeedWarning]] = [:]
        /// The standalone pages' titles and URLs in the navigation, which every page shows: a rebuild of
        /// edited posts (``SiteBuilder/rebuildEdits(_:_:_:)``) renders their pages without the other posts.
        var navigation: [NavigationLink] = []
        /// The feed pages that carry whole posts: an edit to one of their posts changes them.
        var feedPages: [FeedPage] = []
    }

    /// A feed page that carries whole posts, as the build made it: all a rebuild of an edit to one of its
    /// posts needs to make it again without the rest of the site (``FeedJob``).
    struct FeedPage: Sendable, Equatable {
        var title: String
        var homePageURL: String
        var feedURL: String
        var nextURL: String?
        /// ``FeedFormat`` raw values, in the order of ``routes``.
        var formats: [String]
        var routes: [Routes.Route]
        /// Its posts' sources, newest first.
        var sources: [String]
        var isArchive: Bool
    }

    struct NavigationLink: Sendable, Equatable {
        var title: String
        var url: String
    }

    struct FeedWarning: Sendable, Equatable {
        var file: String
        var message: String
    }

    var fingerprint: UInt64
    /// The stamps of every input and output: a rebuild compares them before reading anything else.
    var stamps: BuildStamps
    var dependencies = Dependencies()
    var sources: [String: Source] = [:]
    /// The order the file keeps the sources in: the scan's, which is sorted. Sources it does not name make
    /// the file sort them all.
    var sourceOrder: [String] = []
    var outputs: [String: OutputFile] = [:]
    /// What the spare tree (the output before the last swap) holds, for ``StagedTree``; nil when no
    /// spare was kept. Written as its differences from `outputs`, which are few.
    var spare: [String: OutputFile]?

    init(
        fingerprint: UInt64, stamps: BuildStamps, outputs: [String: OutputFile] = [:],
        spare: [String: OutputFile]? = nil
    ) {
        self.fingerprint = fingerprint
        self.stamps = stamps
        self.outputs = outputs
        self.spare = spare
    }

    static func url(for site: Site, in folder: String) -> URL {
        site.root.appending(path: "\(folder)/\(file)")
    }

    /// Writes the record atomically; a failure only costs the next build its shortcut. The files of
    /// earlier formats (`build.json`, `build-sources-K.json`, `quick`) are removed.
    /// - Returns: The written file's size and checksum, which name it to a journal.
    @discardableResult
    func save(for site: Site, in folder: String) async -> (size: Int, checksum: UInt64)? {
        let data = await encoded()
        Self.save(data, for: site, in: folder)
        return data.withUnsafeBytes { buffer in
            var reader = RecordReader(buffer, at: Self.magic.count + 16)
            return (try? reader.fixed()).map { (data.count, $0) }
        }
    }

    /// Removes the record and its journal, so that the next build is a whole one.
    static func remove(for site: Site, in folder: String) {
        try? FileSystem.removeFile(RecordJournal.url(for: site, in: folder).path)
        try? FileSystem.removeFile(url(for: site, in: folder).path)
    }

    /// Writes a record's bytes atomically, as ``save(for:in:)`` does, and removes the journal of the one
    /// it replaces.
    static func save(_ data: Data, for site: Site, in folder: String) {
        let url = Self.url(for: site, in: folder)
        let folderPath = url.deletingLastPathComponent().path
        try? FileSystem.makeFolders(folderPath)
        try? FileSystem.removeFile(RecordJournal.url(for: site, in: folder).path)
        try? FileContents.replace(data, at: url.path)
        for name in FileSystem.names(in: folderPath) ?? []
        where name == "build.json" || name == "quick" || (name.hasPrefix("build-sources-") && name.hasSuffix(".json")) {
            try? FileSystem.removeFile(folderPath + "/" + name)
        }
    }
}

extension Diagnostic {
    var recorded: BuildRecord.RecordedDiagnostic {
        .init(severity: severity.rawValue, file: file, line: line, column: column, message: message)
    }

    init(_ recorded: BuildRecord.RecordedDiagnostic) {
        self.init(
            Severity(rawValue: recorded.severity) ?? .warning, file: recorded.file, line: recorded.line,
            column: recorded.column, message: recorded.message)
    }
}

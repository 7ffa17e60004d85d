import Foundation
import JSONFeed

/// What the last successful build saw and wrote, kept in `.blog-cache/build.bin` at the site root so
/// that a rebuild re-renders only what changed.
///
/// It is never trusted blindly: a cache of another format or fingerprint (blog.yaml, the theme, the
/// build options), or whose checksum does not match its bytes, is ignored; a source is reused only when its
/// size and modification time, or else its content hash, match, and an old output file is reused only when
/// its size and modification time still match what was written. A cache that cannot be read is ignored.
struct BuildCache: Sendable {
    static let formatVersion = 3
    static let folder = ".blog-cache"
    static let file = "build.bin"
    /// The first bytes of the file, before the format version, fingerprint and checksum.
    static let magic = Array("blogcach".utf8)

    struct Source: Sendable, Equatable {
        var size: Int
        var modified: Int64
        var hash: UInt64
        /// The post as read, with an empty body; nil when the file had errors.
        var post: Post?
        var summary: String
        var wordCount: Int
        /// The post's ``SitePages/listEntryHash(_:)``; 0 when unknown.
        var entryHash: UInt64
        var frontMatterDiagnostics: [CachedDiagnostic]
        var renderDiagnostics: [CachedDiagnostic]
        /// Whether the post was rendered (and so has a summary and a page) in that build.
        var isRendered: Bool
    }

    /// The summary figures of a build, for a rebuild that changes nothing (kept by ``QuickCheck``).
    struct Counts: Sendable {
        var posts: Int
        var pages: Int
        var tags: Int
        var draftsSkipped: Int
        var futureSkipped: Int
    }

    struct Output: Sendable, Equatable {
        var size: Int
        var modified: Int64
        var hash: UInt64
    }

    struct CachedDiagnostic: Sendable, Equatable {
        var severity: String
        var file: String
        var line: Int?
        var column: Int?
        var message: String
    }

    var fingerprint: UInt64
    var sources: [String: Source] = [:]
    var outputs: [String: Output] = [:]
    /// What the spare tree (the output before the last swap) holds, for ``StagedOutput``; nil when no
    /// spare was kept. Written as its differences from `outputs`, which are few.
    var spare: [String: Output]?
    /// A hash of every post's URL, the navigation and the posts left out: when it changes, every page
    /// is rendered again, since links between posts depend on it.
    var linkHash: UInt64 = 0
    /// A hash of what list pages show of every post, and the list pages it made.
    var listHash: UInt64 = 0
    var listPages: [String] = []

    static func url(for site: Site, in folder: String) -> URL {
        site.root.appending(path: "\(folder)/\(file)")
    }

    /// The cache of the last build, or nil when there is none or it is unreadable or of another build.
    static func load(for site: Site, in folder: String, fingerprint: UInt64) -> BuildCache? {
        guard let data = FileContents.read(url(for: site, in: folder)) else { return nil }
        return BuildCache(bytes: data, fingerprint: fingerprint)
    }

    /// Writes the cache atomically; a failure only costs the next build its shortcut. The files of
    /// earlier formats (`build.json`, `build-sources-K.json`) are removed.
    func save(for site: Site, in folder: String) {
        let url = Self.url(for: site, in: folder)
        let folderPath = url.deletingLastPathComponent().path
        try? FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        try? FileContents.replace(bytes, at: url.path)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
        where name == "build.json" || (name.hasPrefix("build-sources-") && name.hasSuffix(".json")) {
            unlink(folderPath + "/" + name)
        }
    }
}

// The binary form: the magic, the format version, the fingerprint and a checksum of the rest, each eight
// bytes, then the head, the outputs, the spare's differences from them and the sources, by path.
extension BuildCache {
    var bytes: Data {
        var body = CacheWriter(capacity: 600 * sources.count + 64 * outputs.count + 1024)
        body.fixed(linkHash)
        body.fixed(listHash)
        body.array(listPages) { $0.string($1) }
        // Keys are sorted, not key-value pairs: moving records through a sort cost more than comparing.
        body.integer(UInt64(outputs.count))
        for path in outputs.keys.sorted() {
            body.string(path)
            outputs[path].map { body.output($0) }
        }
        body.optional(spare) { writer, spare in
            var changed = outputs.compactMap { spare[$0.key] == $0.value ? nil : $0.key }
            changed += spare.keys.filter { outputs[$0] == nil }
            writer.array(changed.sorted()) { writer, path in
                writer.string(path)
                writer.optional(spare[path]) { $0.output($1) }
            }
        }
        body.integer(UInt64(sources.count))
        for path in sources.keys.sorted() {
            body.string(path)
            sources[path].map { body.source($0) }
        }
        var head = Self.magic
        withUnsafeBytes(of: UInt64(Self.formatVersion).littleEndian) { head.append(contentsOf: $0) }
        withUnsafeBytes(of: fingerprint.littleEndian) { head.append(contentsOf: $0) }
        let checksum = body.bytes.withUnsafeBytes { ContentHash.of($0) }
        withUnsafeBytes(of: checksum.littleEndian) { head.append(contentsOf: $0) }
        var data = Data(capacity: head.count + body.bytes.count)
        data.append(contentsOf: head)
        data.append(contentsOf: body.bytes)
        return data
    }

    /// Reads the binary form; nil when it is of another format or fingerprint, or damaged.
    init?(bytes data: Data, fingerprint: UInt64) {
        let parsed: BuildCache? = data.withUnsafeBytes { buffer in
            let headSize = Self.magic.count + 24
            guard buffer.count >= headSize, buffer.prefix(Self.magic.count).elementsEqual(Self.magic) else { return nil }
            var head = CacheReader(buffer, at: Self.magic.count)
            guard let version = try? head.fixed(), version == UInt64(Self.formatVersion), let stored = try? head.fixed(), stored == fingerprint,
                  let checksum = try? head.fixed(), ContentHash.of(UnsafeRawBufferPointer(rebasing: buffer[headSize...])) == checksum
            else { return nil }
            var reader = CacheReader(buffer, at: headSize)
            return try? BuildCache(reading: &reader, fingerprint: fingerprint)
        }
        guard let parsed else { return nil }
        self = parsed
    }

    private init(reading reader: inout CacheReader, fingerprint: UInt64) throws(CacheReader.Failure) {
        self.init(fingerprint: fingerprint)
        linkHash = try reader.fixed()
        listHash = try reader.fixed()
        listPages = try reader.array { reader throws(CacheReader.Failure) in try reader.string() }
        let outputCount = try reader.count(minimumSize: 11)
        outputs.reserveCapacity(outputCount)
        for _ in 0..<outputCount {
            let path = try reader.string()
            outputs[path] = try reader.output()
        }
        if try reader.bool() {
            var spare = outputs
            for _ in 0..<(try reader.count(minimumSize: 2)) {
                let path = try reader.string()
                spare[path] = try reader.optional { reader throws(CacheReader.Failure) in try reader.output() }
            }
            self.spare = spare
        }
        let sourceCount = try reader.count(minimumSize: 20)
        sources.reserveCapacity(sourceCount)
        for _ in 0..<sourceCount {
            let path = try reader.string()
            sources[path] = try reader.source()
        }
        guard reader.isAtEnd else { throw CacheReader.Failure() }
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

    init(size: Int, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// Whether the file still has the size and modification time the cache recorded for it.
    func matches(_ entry: BuildCache.Output) -> Bool {
        size == entry.size && modified == entry.modified
    }
}

extension CacheWriter {
    mutating func output(_ output: BuildCache.Output) {
        integer(output.size)
        signed(output.modified)
        fixed(output.hash)
    }

    mutating func source(_ source: BuildCache.Source) {
        // In the order of the memberwise initialiser, which ``CacheReader/source()`` reads them with.
        integer(source.size)
        signed(source.modified)
        fixed(source.hash)
        optional(source.post) { $0.post($1) }
        string(source.summary)
        integer(source.wordCount)
        fixed(source.entryHash)
        array(source.frontMatterDiagnostics) { $0.diagnostic($1) }
        array(source.renderDiagnostics) { $0.diagnostic($1) }
        bool(source.isRendered)
    }

    mutating func diagnostic(_ diagnostic: BuildCache.CachedDiagnostic) {
        string(diagnostic.severity)
        string(diagnostic.file)
        optional(diagnostic.line) { $0.integer($1) }
        optional(diagnostic.column) { $0.integer($1) }
        string(diagnostic.message)
    }

    /// The post without its body. Dates are kept as the bits of their `Double`, so they come back exact;
    /// the `_` extensions and the attachments as JSON text, empty when there are none.
    mutating func post(_ post: Post) {
        string(post.kind.rawValue)
        string(post.source)
        optionalString(post.bundleFolder)
        string(post.slug)
        string(post.title)
        optional(post.date) { $0.fixed($1.timeIntervalSinceReferenceDate.bitPattern) }
        optional(post.updated) { $0.fixed($1.timeIntervalSinceReferenceDate.bitPattern) }
        optionalString(post.summary)
        array(post.tags) { $0.string($1) }
        optionalString(post.image)
        optionalString(post.bannerImage)
        optionalString(post.externalURL)
        optionalString(post.language)
        optional(post.authors) { writer, authors in
            writer.array(authors) { writer, author in
                writer.string(author.name)
                writer.optionalString(author.url)
                writer.optionalString(author.avatar)
            }
        }
        bool(post.isDraft)
        integer(post.bodyFirstLine)
        string(post.extensions.isEmpty ? "" : JSONValue.object(post.extensions).serialized())
        string(Post.attachmentsJSON(post.attachments))
    }
}

extension CacheReader {
    mutating func output() throws(Failure) -> BuildCache.Output {
        BuildCache.Output(size: try int(), modified: try signed(), hash: try fixed())
    }

    mutating func source() throws(Failure) -> BuildCache.Source {
        BuildCache.Source(
            size: try int(), modified: try signed(), hash: try fixed(), post: try optional { reader throws(Failure) in try reader.post() },
            summary: try string(), wordCount: try int(), entryHash: try fixed(),
            frontMatterDiagnostics: try array { reader throws(Failure) in try reader.diagnostic() },
            renderDiagnostics: try array { reader throws(Failure) in try reader.diagnostic() },
            isRendered: try bool()
        )
    }

    mutating func diagnostic() throws(Failure) -> BuildCache.CachedDiagnostic {
        BuildCache.CachedDiagnostic(
            severity: try string(), file: try string(),
            line: try optional { reader throws(Failure) in try reader.int() },
            column: try optional { reader throws(Failure) in try reader.int() },
            message: try string()
        )
    }

    mutating func post() throws(Failure) -> Post {
        guard let kind = Post.Kind(rawValue: try string()) else { throw Failure() }
        let source = try string()
        let bundleFolder = try optionalString()
        let slug = try string()
        let title = try string()
        let date = try optional { reader throws(Failure) in Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.fixed())) }
        let updated = try optional { reader throws(Failure) in Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.fixed())) }
        let summary = try optionalString()
        let tags = try array { reader throws(Failure) in try reader.string() }
        let image = try optionalString()
        let bannerImage = try optionalString()
        let externalURL = try optionalString()
        let language = try optionalString()
        let authors = try optional { reader throws(Failure) in
            try reader.array { reader throws(Failure) in
                SiteConfiguration.Author(name: try reader.string(), url: try reader.optionalString(), avatar: try reader.optionalString())
            }
        }
        let isDraft = try bool()
        let bodyFirstLine = try int()
        var extensions = JSONObject()
        let extensionsText = try string()
        if !extensionsText.isEmpty {
            guard case .object(let object)? = try? JSONValue(parsing: Array(extensionsText.utf8)) else { throw Failure() }
            extensions = object
        }
        let attachmentsText = try string()
        guard let attachments = Post.attachments(fromJSON: attachmentsText) else { throw Failure() }
        return Post(
            kind: kind, source: source, bundleFolder: bundleFolder, slug: slug, title: title, date: date, updated: updated,
            summary: summary, tags: tags, image: image, bannerImage: bannerImage, externalURL: externalURL, language: language,
            authors: authors, isDraft: isDraft, attachments: attachments, extensions: extensions, body: "", bodyFirstLine: bodyFirstLine
        )
    }
}

extension Post {
    /// Attachments as the feed writes them (a JSON array), through JSONFeed's own encoder; empty for none.
    static func attachmentsJSON(_ attachments: [Attachment]) -> String {
        guard !attachments.isEmpty,
              let data = try? FeedEncoder().encode(Feed(title: "", items: [Item(id: "", contentText: "", attachments: attachments)])),
              case .object(let feed)? = try? JSONValue(parsing: data), case .array(let items)? = feed["items"],
              case .object(let item)? = items.first, let value = item["attachments"]
        else { return "" }
        return value.serialized()
    }

    /// What ``attachmentsJSON(_:)`` wrote, decoded by JSONFeed's decoder; nil when it cannot be read.
    static func attachments(fromJSON text: String) -> [Attachment]? {
        guard !text.isEmpty else { return [] }
        guard let value = try? JSONValue(parsing: Array(text.utf8)) else { return nil }
        let feed = JSONValue.object(["version": .string(Feed.version1_1), "title": .string(""),
                                     "items": .array([.object(["id": .string(""), "content_text": .string(""), "attachments": value])])])
        return (try? FeedDecoder().decode(from: Data(feed.serialized().utf8)))?.items.first?.attachments
    }
}

import BlogFileSystem
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
    static let formatVersion = 6
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
    /// The order the cache file keeps the sources in: the scan's, which is sorted. Sources it does not
    /// name make the file sort them all.
    var sourceOrder: [String] = []
    var outputs: [String: Output] = [:]
    /// What the spare tree (the output before the last swap) holds, for ``StagedOutput``; nil when no
    /// spare was kept. Written as its differences from `outputs`, which are few.
    var spare: [String: Output]?
    /// A hash of every post's URL, the navigation and the posts left out: when it changes, every page
    /// is rendered again, since links between posts depend on it.
    var linkHash: UInt64 = 0
    /// Every list page (index pages, tags, the archive, 404.html) with a hash of all it shows, so that a
    /// page whose hash is as before is carried over.
    var listPages: [String: UInt64] = [:]

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
            try? FileSystem.removeFile(folderPath + "/" + name)
        }
    }
}

// The binary form: the magic, the format version, the fingerprint and a checksum of the rest, each eight
// bytes; then the link hash and each list page with its hash; then the byte lengths of the sections, which
// follow: the outputs with the spare's differences from them, and the sources in shares. Sections are
// written and read on every core.
extension BuildCache {
    var bytes: Data {
        var head = CacheWriter(capacity: 64 * listPages.count + 1024)
        head.fixed(linkHash)
        head.array(listPages.keys.sorted()) { writer, path in
            writer.string(path)
            writer.fixed(listPages[path] ?? 0)
        }
        // The scan's order, which is sorted, when it names every source; else sorted here.
        let named = sourceOrder.filter { sources[$0] != nil }
        let order = named.count == sources.count ? named : sources.keys.sorted()
        let shares = max(1, min(ProcessInfo.processInfo.activeProcessorCount, order.count / 2000))
        let made = Locked([CacheWriter?](repeating: nil, count: shares + 1))
        DispatchQueue.concurrentPerform(iterations: shares + 1) { section in
            var writer: CacheWriter
            if section == 0 {
                writer = CacheWriter(capacity: 64 * outputs.count + 64)
                writeOutputs(to: &writer)
            } else {
                let range = (order.count * (section - 1) / shares)..<(order.count * section / shares)
                writer = CacheWriter(capacity: 600 * range.count + 16)
                writer.integer(UInt64(range.count))
                for path in order[range] {
                    writer.string(path)
                    sources[path].map { writer.source($0) }
                }
            }
            made.withLock { $0[section] = writer }
        }
        let sections = made.withLock { $0 }.compactMap { $0 }
        head.array(sections) { $0.integer(UInt64($1.bytes.count)) }
        var body = head.bytes
        body.reserveCapacity(body.count + sections.reduce(0) { $0 + $1.bytes.count })
        for section in sections { body.append(contentsOf: section.bytes) }
        var file = CacheWriter(capacity: 24)
        file.fixed(UInt64(Self.formatVersion))
        file.fixed(fingerprint)
        file.fixed(body.withUnsafeBytes { ContentHash.of($0) })
        var data = Data(capacity: Self.magic.count + file.bytes.count + body.count)
        data.append(contentsOf: Self.magic)
        data.append(contentsOf: file.bytes)
        data.append(contentsOf: body)
        return data
    }

    /// The outputs, by path (keys are sorted, not key-value pairs: moving records through a sort cost
    /// more than comparing them), and the spare's differences from them.
    private func writeOutputs(to writer: inout CacheWriter) {
        writer.integer(UInt64(outputs.count))
        for path in outputs.keys.sorted() {
            writer.string(path)
            outputs[path].map { writer.output($0) }
        }
        writer.optional(spare) { writer, spare in
            var changed = outputs.compactMap { spare[$0.key] == $0.value ? nil : $0.key }
            changed += spare.keys.filter { outputs[$0] == nil }
            writer.array(changed.sorted()) { writer, path in
                writer.string(path)
                writer.optional(spare[path]) { $0.output($1) }
            }
        }
    }

    /// Reads the binary form; nil when it is of another format or fingerprint, or damaged.
    init?(bytes data: Data, fingerprint: UInt64) {
        let head: (cache: BuildCache, sections: [Range<Int>])? = data.withUnsafeBytes { buffer in
            let headSize = Self.magic.count + 24
            guard buffer.count >= headSize, buffer.prefix(Self.magic.count).elementsEqual(Self.magic) else { return nil }
            var head = CacheReader(buffer, at: Self.magic.count)
            guard let version = try? head.fixed(), version == UInt64(Self.formatVersion), let stored = try? head.fixed(), stored == fingerprint,
                  let checksum = try? head.fixed(), ContentHash.of(UnsafeRawBufferPointer(rebasing: buffer[headSize...])) == checksum
            else { return nil }
            var reader = CacheReader(buffer, at: headSize)
            return try? Self.readHead(&reader, fingerprint: fingerprint)
        }
        guard let (cache, sections) = head else { return nil }
        let read = Locked([Section?](repeating: nil, count: sections.count))
        DispatchQueue.concurrentPerform(iterations: sections.count) { index in
            data.withUnsafeBytes { buffer in
                var reader = CacheReader(UnsafeRawBufferPointer(rebasing: buffer[..<sections[index].upperBound]), at: sections[index].lowerBound)
                let section: Section? = index == 0 ? try? Self.readOutputs(&reader) : try? Self.readSources(&reader)
                guard reader.isAtEnd, let section else { return }
                read.withLock { $0[index] = section }
            }
        }
        self = cache
        for section in read.withLock({ $0 }) {
            switch section {
            case .outputs(let outputs, let spare)?:
                self.outputs = outputs
                self.spare = spare
            case .sources(let records)?:
                sources.reserveCapacity(sources.count + records.count)
                for (path, source) in records {
                    sources[path] = source
                    sourceOrder.append(path)
                }
            case nil:
                return nil
            }
        }
    }

    /// One section, read on a core of its own.
    private enum Section: Sendable {
        case outputs([String: Output], spare: [String: Output]?)
        case sources([(String, Source)])
    }

    /// The hashes, the list pages and where each section is; the sections must fill the rest exactly.
    private static func readHead(_ reader: inout CacheReader, fingerprint: UInt64) throws(CacheReader.Failure) -> (BuildCache, [Range<Int>]) {
        var cache = BuildCache(fingerprint: fingerprint)
        cache.linkHash = try reader.fixed()
        let pages = try reader.array { reader throws(CacheReader.Failure) in (try reader.string(), try reader.fixed()) }
        cache.listPages = Dictionary(pages, uniquingKeysWith: { first, _ in first })
        let lengths = try reader.array { reader throws(CacheReader.Failure) in try reader.count(minimumSize: 0) }
        var sections: [Range<Int>] = []
        var next = reader.offset
        for length in lengths {
            sections.append(next..<next + length)
            next += length
        }
        guard !sections.isEmpty, next == reader.end else { throw CacheReader.Failure() }
        return (cache, sections)
    }

    private static func readOutputs(_ reader: inout CacheReader) throws(CacheReader.Failure) -> Section {
        let outputCount = try reader.count(minimumSize: 11)
        var outputs: [String: Output] = [:]
        outputs.reserveCapacity(outputCount)
        for _ in 0..<outputCount {
            let path = try reader.string()
            outputs[path] = try reader.output()
        }
        var spare: [String: Output]?
        if try reader.bool() {
            var changed = outputs
            for _ in 0..<(try reader.count(minimumSize: 2)) {
                let path = try reader.string()
                changed[path] = try reader.optional { reader throws(CacheReader.Failure) in try reader.output() }
            }
            spare = changed
        }
        return .outputs(outputs, spare: spare)
    }

    private static func readSources(_ reader: inout CacheReader) throws(CacheReader.Failure) -> Section {
        let count = try reader.count(minimumSize: 20)
        var records: [(String, Source)] = []
        records.reserveCapacity(count)
        for _ in 0..<count {
            records.append((try reader.string(), try reader.source()))
        }
        return .sources(records)
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

extension FileStamp {
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

import Foundation
import JSONFeed

/// What the last successful build saw and wrote, kept in `.blog-cache/build.json` (and the sources in
/// `build-sources-K.json` beside it) at the site root so
/// that a rebuild re-renders only what changed.
///
/// It is never trusted blindly: a cache of another format or fingerprint (blog.yaml, the theme, the
/// build options) is ignored, a source is reused only when its size and modification time, or else its
/// content hash, match, and an old output file is reused only when its size and modification time still
/// match what was written. A cache that cannot be read is ignored.
struct BuildCache: Sendable {
    static let formatVersion = 2
    static let folder = ".blog-cache"
    static let file = "build.json"

    struct Source: Sendable {
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

    struct CachedDiagnostic: Sendable {
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

    /// The file of one share of the sources: `build-sources-K.json` beside `build.json`.
    static func shardURL(_ index: Int, for site: Site, in folder: String) -> URL {
        site.root.appending(path: "\(folder)/build-sources-\(index).json")
    }

    /// The cache of the last build, or nil when there is none or it is unreadable or of another build.
    ///
    /// The sources are kept in shares of their own files, parsed on every core; each carries the
    /// generation of the `build.json` it was written with, so shares of different saves never mix.
    static func load(for site: Site, in folder: String, fingerprint: UInt64) -> BuildCache? {
        // JSON through JSONFeed's own parser: Foundation's JSONDecoder took 0.4 s for 10,000 posts.
        guard let data = FileContents.read(url(for: site, in: folder)), !data.isEmpty,
              let value = try? JSONValue(parsing: data), var cache = BuildCache(json: value),
              cache.version == formatVersion, cache.fingerprint == fingerprint,
              case .object(let head) = value, let generation = head["generation"]?.uint64, let shardCount = head["source_shards"]?.int,
              (1...64).contains(shardCount)
        else { return nil }
        let shards = Locked([[String: Source]?](repeating: nil, count: shardCount))
        DispatchQueue.concurrentPerform(iterations: shardCount) { index in
            guard let data = FileContents.read(shardURL(index, for: site, in: folder)), let value = try? JSONValue(parsing: data),
                  case .object(let object) = value, object["generation"]?.uint64 == generation, case .object(let members)? = object["sources"]
            else { return }
            var sources: [String: Source] = [:]
            for member in members {
                guard let source = Source(json: member.value) else { return }
                sources[member.key] = source
            }
            shards.withLock { $0[index] = sources }
        }
        for shard in shards.withLock({ $0 }) {
            guard let shard else { return nil }
            cache.sources.merge(shard) { first, _ in first }
        }
        return cache
    }

    /// Writes the cache, each file atomically, the shares of the sources on every core and `build.json`
    /// last; a failure only costs the next build its shortcut.
    func save(for site: Site, in folder: String) {
        let url = Self.url(for: site, in: folder)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let generation = UInt64.random(in: 1...UInt64.max)
        let paths = sources.keys.sorted()
        let shardCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, paths.count / 2000, 64))
        let written = Locked(0)
        DispatchQueue.concurrentPerform(iterations: shardCount) { index in
            let range = (paths.count * index / shardCount)..<(paths.count * (index + 1) / shardCount)
            let members = paths[range].compactMap { path in sources[path].map { JSONObject.Member(key: path, value: $0.json) } }
            let shard: JSONObject = ["generation": .number(String(generation)), "sources": .object(JSONObject(members))]
            if (try? FileContents.replace(Data(JSONValue.object(shard).serialized().utf8), at: Self.shardURL(index, for: site, in: folder).path)) != nil {
                written.withLock { $0 += 1 }
            }
        }
        guard written.withLock({ $0 }) == shardCount, case .object(var head) = json else { return }
        head["generation"] = .number(String(generation))
        head["source_shards"] = .integer(Int64(shardCount))
        try? FileContents.replace(Data(JSONValue.object(head).serialized().utf8), at: url.path)
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

// The cache as JSON (`build.json` without the sources, which ``save(for:in:)`` writes in shares), by hand,
// so that it goes through JSONFeed's fast, order-keeping JSON code.
extension BuildCache {
    var json: JSONValue {
        var object = JSONObject()
        object["version"] = .integer(Int64(version))
        object["fingerprint"] = .number(String(fingerprint))
        object["link_hash"] = .number(String(linkHash))
        object["list_hash"] = .number(String(listHash))
        object["list_pages"] = .array(listPages.map(JSONValue.string))
        object["outputs"] = .object(JSONObject(outputs.keys.sorted().compactMap { path in
            outputs[path].map { .init(key: path, value: $0.json) }
        }))
        if let spare {
            var changes = JSONObject()
            for path in Set(spare.keys).union(outputs.keys).sorted() where spare[path] != outputs[path] {
                changes[path] = spare[path]?.json ?? .null
            }
            object["spare"] = .object(changes)
        }
        return .object(object)
    }

    init?(json: JSONValue) {
        guard case .object(let object) = json, let version = object["version"]?.int, let fingerprint = object["fingerprint"]?.uint64,
              case .object(let outputs)? = object["outputs"]
        else { return nil }
        self.init(fingerprint: fingerprint)
        self.version = version
        linkHash = object["link_hash"]?.uint64 ?? 0
        listHash = object["list_hash"]?.uint64 ?? 0
        if case .array(let pages)? = object["list_pages"] { listPages = pages.compactMap(\.string) }
        for member in outputs {
            guard let output = Output(json: member.value) else { return nil }
            self.outputs[member.key] = output
        }
        if case .object(let changes)? = object["spare"] {
            var spare = self.outputs
            for member in changes {
                if case .null = member.value {
                    spare[member.key] = nil
                } else {
                    guard let output = Output(json: member.value) else { return nil }
                    spare[member.key] = output
                }
            }
            self.spare = spare
        }
    }
}

extension BuildCache.Output {
    var json: JSONValue { .array([.integer(Int64(size)), .integer(modified), .number(String(hash))]) }

    init?(json: JSONValue) {
        guard case .array(let parts) = json, parts.count == 3, let size = parts[0].int, let modified = parts[1].int64, let hash = parts[2].uint64
        else { return nil }
        self.init(size: size, modified: modified, hash: hash)
    }
}

extension BuildCache.Source {
    var json: JSONValue {
        var object: JSONObject = [
            "size": .integer(Int64(size)), "modified": .integer(modified), "hash": .number(String(hash)),
            "summary": .string(summary), "word_count": .integer(Int64(wordCount)), "is_rendered": .bool(isRendered),
            "entry_hash": .number(String(entryHash)),
            "front_matter_diagnostics": .array(frontMatterDiagnostics.map(\.json)), "render_diagnostics": .array(renderDiagnostics.map(\.json)),
        ]
        if let post { object["post"] = post.cacheJSON }
        return .object(object)
    }

    init?(json: JSONValue) {
        guard case .object(let object) = json, let size = object["size"]?.int, let modified = object["modified"]?.int64,
              let hash = object["hash"]?.uint64, let summary = object["summary"]?.string, let wordCount = object["word_count"]?.int,
              case .bool(let isRendered)? = object["is_rendered"],
              case .array(let frontMatter)? = object["front_matter_diagnostics"], case .array(let render)? = object["render_diagnostics"]
        else { return nil }
        var post: Post?
        if let value = object["post"] {
            guard let decoded = Post(cacheJSON: value) else { return nil }
            post = decoded
        }
        let frontMatterDiagnostics = frontMatter.compactMap(BuildCache.CachedDiagnostic.init(json:))
        let renderDiagnostics = render.compactMap(BuildCache.CachedDiagnostic.init(json:))
        guard frontMatterDiagnostics.count == frontMatter.count, renderDiagnostics.count == render.count else { return nil }
        self.init(size: size, modified: modified, hash: hash, post: post, summary: summary, wordCount: wordCount,
                  entryHash: object["entry_hash"]?.uint64 ?? 0, frontMatterDiagnostics: frontMatterDiagnostics, renderDiagnostics: renderDiagnostics, isRendered: isRendered)
    }
}

extension BuildCache.CachedDiagnostic {
    var json: JSONValue {
        var object: JSONObject = ["severity": .string(severity), "file": .string(file), "message": .string(message)]
        if let line { object["line"] = .integer(Int64(line)) }
        if let column { object["column"] = .integer(Int64(column)) }
        return .object(object)
    }

    init?(json: JSONValue) {
        guard case .object(let object) = json, let severity = object["severity"]?.string, let file = object["file"]?.string,
              let message = object["message"]?.string
        else { return nil }
        self.init(severity: severity, file: file, line: object["line"]?.int, column: object["column"]?.int, message: message)
    }
}

extension Post {
    /// The post as the cache keeps it, without its body.
    var cacheJSON: JSONValue {
        var object: JSONObject = [
            "kind": .string(kind.rawValue), "source": .string(source), "slug": .string(slug), "title": .string(title),
            "tags": .array(tags.map(JSONValue.string)), "is_draft": .bool(isDraft), "body_first_line": .integer(Int64(bodyFirstLine)),
            "extensions": .object(extensions),
        ]
        func put(_ key: String, _ text: String?) { if let text { object[key] = .string(text) } }
        put("bundle_folder", bundleFolder)
        if let date { object["date"] = JSONValue.double(date.timeIntervalSinceReferenceDate) }
        if let updated { object["updated"] = JSONValue.double(updated.timeIntervalSinceReferenceDate) }
        put("summary", summary)
        put("image", image)
        put("banner_image", bannerImage)
        put("external_url", externalURL)
        put("language", language)
        if let authors {
            object["authors"] = .array(authors.map { author in
                var value: JSONObject = ["name": .string(author.name)]
                if let url = author.url { value["url"] = .string(url) }
                if let avatar = author.avatar { value["avatar"] = .string(avatar) }
                return .object(value)
            })
        }
        if !attachments.isEmpty, let data = try? FeedEncoder().encode(Feed(title: "", items: [Item(id: "", contentText: "", attachments: attachments)])),
           case .object(let feed)? = try? JSONValue(parsing: data), case .array(let items)? = feed["items"],
           case .object(let item)? = items.first, let attachments = item["attachments"] {
            object["attachments"] = attachments
        }
        return .object(object)
    }

    init?(cacheJSON json: JSONValue) {
        guard case .object(let object) = json, let kind = object["kind"]?.string.flatMap(Kind.init(rawValue:)),
              let source = object["source"]?.string, let slug = object["slug"]?.string, let title = object["title"]?.string,
              case .array(let tags)? = object["tags"], case .bool(let isDraft)? = object["is_draft"],
              let bodyFirstLine = object["body_first_line"]?.int, case .object(let extensions)? = object["extensions"]
        else { return nil }
        var authors: [SiteConfiguration.Author]?
        if case .array(let values)? = object["authors"] {
            authors = values.compactMap { value in
                guard case .object(let author) = value, let name = author["name"]?.string else { return nil }
                return SiteConfiguration.Author(name: name, url: author["url"]?.string, avatar: author["avatar"]?.string)
            }
        }
        var attachments: [Attachment] = []
        if let value = object["attachments"] {
            let feed = JSONValue.object(["version": .string(Feed.version1_1), "title": .string(""),
                                         "items": .array([.object(["id": .string(""), "content_text": .string(""), "attachments": value])])])
            guard let decoded = try? FeedDecoder().decode(from: Data(feed.serialized().utf8)) else { return nil }
            attachments = decoded.items.first?.attachments ?? []
        }
        self.init(
            kind: kind, source: source, bundleFolder: object["bundle_folder"]?.string, slug: slug, title: title,
            date: object["date"]?.double.map(Date.init(timeIntervalSinceReferenceDate:)),
            updated: object["updated"]?.double.map(Date.init(timeIntervalSinceReferenceDate:)),
            summary: object["summary"]?.string, tags: tags.compactMap(\.string), image: object["image"]?.string,
            bannerImage: object["banner_image"]?.string, externalURL: object["external_url"]?.string, language: object["language"]?.string,
            authors: authors, isDraft: isDraft, attachments: attachments, extensions: extensions, body: "", bodyFirstLine: bodyFirstLine
        )
    }
}

private extension JSONValue {
    var string: String? { if case .string(let text) = self { text } else { nil } }
    var int: Int? { if case .number(let literal) = self { Int(literal) } else { nil } }
    var int64: Int64? { if case .number(let literal) = self { Int64(literal) } else { nil } }
    var uint64: UInt64? { if case .number(let literal) = self { UInt64(literal) } else { nil } }
    var double: Double? { if case .number(let literal) = self { Double(literal) } else { nil } }
}

import BlogFileSystem
import Foundation

/// What the last build left that this one may keep. Steps ask it questions; the record itself is read
/// only here, in `Incremental/`.
///
/// The record behind it is the decoded record for a whole build, or the record file read entry by entry
/// (or `blog serve`'s record in memory) for a rebuild of a few edited posts; the answers are the same.
struct Reuse: Sendable {
    private let recorded: (any RecordedBuild)?
    /// A listing of the spare tree (see ``StagedTree``), started before the record was decoded.
    let spareListing: Task<FolderWalk, Never>?

    /// Nothing to reuse: every output is made.
    static let nothing = Reuse(nil)

    init(_ recorded: (any RecordedBuild)?, spareListing: Task<FolderWalk, Never>? = nil) {
        self.recorded = recorded
        self.spareListing = spareListing
    }

    /// A post or page as the last build read it: what a build needs of a source whose file is unchanged.
    struct RecordedPost: Sendable {
        /// With an empty body: the record keeps none.
        var post: Post
        /// The ``Digest`` of the file's bytes.
        var hash: UInt64
        var diagnostics: [Diagnostic]
        /// Its summary, word count and rendering diagnostics, when the last build rendered it.
        var rendered: RenderedPost?
        /// What list pages show of it (``SitePages/listEntryHash(_:)``); 0 when unknown.
        var entryHash: UInt64
        /// The record's entry, which a rebuild of the edited source replaces.
        fileprivate var entry: BuildRecord.Source
    }

    /// The source at `file` as the last build read it, when the file still has the recorded `stamp`.
    func recorded(post file: String, stamp: FileStamp) -> RecordedPost? {
        guard let source = recorded?.source(file), stamp.size == source.size, stamp.modified == source.modified,
            stamp.changed == source.changed
        else { return nil }
        return RecordedPost(source)
    }

    /// The named sources as the last build read them, whatever their stamps now; missing ones are left out.
    func recorded(posts files: Set<String>) -> [String: RecordedPost] {
        (recorded?.sources(files) ?? [:]).compactMapValues(RecordedPost.init)
    }

    /// Whether an output made from inputs that digest as `digest` is the one the last build made.
    func isUnchanged(path: String, digest: UInt64) -> Bool {
        recorded?.dependencies.listPages[path] == digest
    }

    /// Whether every page's URL, the navigation and the posts left out digest as they did: links between
    /// pages, which every page shows, are then as they were.
    func hasSameLinks(_ digest: UInt64) -> Bool {
        recorded?.dependencies.links == digest
    }

    /// The warnings the last build found on the feed page at `path`.
    func feedWarnings(of path: String) -> [Diagnostic]? {
        recorded?.dependencies.feedWarnings[path]?.map { Diagnostic(.warning, file: $0.file, message: $0.message) }
    }

    /// The standalone pages in the navigation, as the last build showed them on every page.
    var navigation: [(title: String, url: String)] {
        (recorded?.dependencies.navigation ?? []).map { ($0.title, $0.url) }
    }

    /// The feed pages that carry whole posts, as the last build made them, with their posts' sources.
    var wholePostFeedPages: [(job: FeedJob.Recorded, sources: [String])] {
        (recorded?.dependencies.feedPages ?? []).map { (FeedJob.Recorded($0), $0.sources) }
    }

    /// The entries of the named output files that the last build wrote.
    func outputs(_ paths: Set<String>) -> [String: OutputFile] {
        recorded?.outputs(paths) ?? [:]
    }

    /// The bytes of the named output files as the last build wrote them, read from `folder`; nil when one
    /// is missing or no longer has the size and digest recorded for it.
    func writtenOutputs(_ paths: [String], in folder: URL) -> [String: Data]? {
        let entries = outputs(Set(paths))
        var found: [String: Data] = [:]
        for path in paths {
            guard let entry = entries[path], let data = Self.written(path, entry, in: folder) else { return nil }
            found[path] = data
        }
        return found
    }

    /// The bytes of the output file at `path` when they are those of its recorded `entry`.
    static func written(_ path: String, _ entry: OutputFile, in folder: URL) -> Data? {
        guard let data = FileContents.read(folder.appending(path: path)), data.count == entry.size,
            Digest.of(data) == entry.hash
        else { return nil }
        return data
    }

    /// What the output and the spare tree hold by the record, for staging a whole tree; empty when the
    /// record was not decoded whole.
    var staging: (outputs: [String: OutputFile], spare: [String: OutputFile]?) {
        guard let record = recorded as? BuildRecord else { return ([:], nil) }
        return (record.outputs, record.spare)
    }

    /// The records of every source for the next build, made on a task of their own: those of sources
    /// whose records stay as they are are kept, the others made from this build's results.
    func recordSources(_ sources: [LoadedFile], results: [SiteBuilder.RenderResult], entryHashes: [UInt64])
        -> Task<SourceRecords, Never>
    {
        let cached = (recorded as? BuildRecord)?.sources ?? [:]
        return Task {
            SourceRecords(
                records: SourceRecords.make(sources, results: results, entryHashes: entryHashes, cached: cached))
        }
    }
}

/// The record of every source, made for the next build while this one writes its lists and feeds.
struct SourceRecords: Sendable {
    fileprivate(set) var records: [String: BuildRecord.Source]
}

extension Reuse.RecordedPost {
    fileprivate init?(_ source: BuildRecord.Source) {
        guard let post = source.post else { return nil }
        let renderDiagnostics = source.renderDiagnostics.map(Diagnostic.init)
        self.init(
            post: post, hash: source.hash, diagnostics: source.frontMatterDiagnostics.map(Diagnostic.init),
            rendered: source.isRendered
                ? RenderedPost(
                    html: PostHTML(bytes: []), feedHTML: "", summary: source.summary, wordCount: source.wordCount,
                    toc: [], diagnostics: renderDiagnostics, search: SearchDocument(recordText: source.searchText))
                : nil,
            entryHash: source.entryHash, entry: source)
    }
}

extension FeedJob {
    /// A feed page that carries whole posts as the last build made it, without its posts.
    struct Recorded: Sendable {
        var channel: FeedBuilder.Channel
        var formats: [FeedFormat]
        var routes: [Routes.Route]
        var isArchive: Bool

        fileprivate init(_ page: BuildRecord.FeedPage) {
            channel = .init(
                title: page.title, homePageURL: page.homePageURL, feedURL: page.feedURL, nextURL: page.nextURL)
            formats = page.formats.compactMap(FeedFormat.init(rawValue:))
            routes = page.routes
            isArchive = page.isArchive
        }
    }

    /// The recorded page with its posts, newest first.
    init(_ page: Recorded, posts: [PublishedPost]) {
        self.init(
            channel: page.channel, formats: page.formats, routes: page.routes, posts: posts[...],
            isArchive: page.isArchive)
    }
}

extension Reuse {
    /// An edited source as a rebuild of it alone read and rendered it, for its entry in the record.
    struct EditedPost: Sendable {
        var file: String
        /// The source as the last build recorded it.
        var recorded: RecordedPost
        var stamp: FileStamp
        /// The ``Digest`` of the file's bytes as read.
        var hash: UInt64
        /// As read, with an empty body.
        var post: Post
        /// Its summary and word count, when it was rendered.
        var rendered: RenderedPost?
    }

    /// Where a link to another source leads, from that source's record as the last build left it: the
    /// posts edited since have the front matter it records, or the rebuild is not the short one.
    ///
    /// - Parameter recordedSources: Every source the record holds (``IncrementalBuild/Edits``).
    func linkTargets(_ routes: Routes, recordedSources: [String])
        -> @Sendable (String) -> PostRenderer.LinkTarget
    {
        let index = LinkIndex(recorded: recorded, paths: recordedSources)
        return { path in
            guard let source = index.source(path), let post = source.post else { return .none }
            if source.isRendered { return .page(routes.page(of: post).url) }
            return post.kind == .post ? .leftOut : .none
        }
    }

    /// Keeps the record with the edited sources' entries and stamps and the written output files' entries
    /// replaced (or added), and the removed files' gone, where the build keeps its record; false when it
    /// cannot (nothing is kept then).
    func save(
        _ edits: [EditedPost], outputs: [String: OutputFile], removing removed: Set<String>,
        _ incremental: IncrementalBuild, output: OutputFolder
    ) async -> Bool {
        guard let recorded else { return false }
        var replaced: [String: (stamp: FileStamp, record: BuildRecord.Source)] = [:]
        for edit in edits {
            var record = edit.recorded.entry
            (record.size, record.modified, record.changed, record.hash, record.post) =
                (edit.stamp.size, edit.stamp.modified, edit.stamp.changed, edit.hash, edit.post)
            if let rendered = edit.rendered {
                (record.summary, record.wordCount) = (rendered.summary, rendered.wordCount)
                record.searchText = rendered.search?.recordText ?? ""
            }
            replaced[edit.file] = (edit.stamp, record)
        }
        return await recorded.save(
            replacing: replaced, outputs: outputs, removing: removed, incremental, output: output)
    }

    /// Forgets the record where the build keeps it, so that the next build is a whole one: some files of
    /// the output may have been replaced without it.
    func forget(_ incremental: IncrementalBuild) {
        BuildRecord.remove(for: incremental.site, in: incremental.folder)
    }
}

/// Where links from edited posts lead, from the record: each target is looked up on its own (a pass over
/// the record file's sources each) until more than ``limit`` have been, and then every source's record is
/// read in one pass, so that a post linking to thousands of others costs one pass more, not one each.
private final class LinkIndex: Sendable {
    static let limit = 16
    private let recorded: (any RecordedBuild)?
    private let paths: [String]
    private let state = Locked<(looked: [String: BuildRecord.Source?], all: [String: BuildRecord.Source]?)>(
        ([:], nil))

    init(recorded: (any RecordedBuild)?, paths: [String]) {
        self.recorded = recorded
        self.paths = paths
    }

    func source(_ path: String) -> BuildRecord.Source? {
        guard let recorded else { return nil }
        return state.withLock { state in
            if let all = state.all { return all[path] }
            if let known = state.looked[path] { return known }
            guard state.looked.count < Self.limit else {
                let all = recorded.sources(Set(paths))
                state.all = all
                return all[path]
            }
            let found = recorded.source(path)
            state.looked[path] = .some(found)
            return found
        }
    }
}

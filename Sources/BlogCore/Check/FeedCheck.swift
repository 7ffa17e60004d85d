import BlogFileSystem
import Foundation
import JSONFeed

/// The check of a built site's feeds and sitemap: every URL of a feed under `base_url` finds a file of
/// the output, each JSON Feed passes the rules of `blog feed validate --strict`, and the sitemap lists
/// every published page and nothing else.
///
/// Problems name the output file (`public/feed.json`) and, in a JSON Feed, the member
/// (`items[3].url`): the build wrote these files, from every post at once.
struct FeedCheck: Sendable {
    var routes: Routes
    var folder: URL
    var files: Set<String>
    /// The output folder as diagnostics show it.
    var outputName: String
    /// Where URLs lead, shared with the link check that runs beside this one.
    var targets = LinkTargetCache.Shared()
    /// The JSON Feed pages the build checked as it wrote them: not read back.
    var written = CheckedJSONFeeds()

    /// Checks every feed, then the sitemap against `publishedPages` (output paths of every post, page and
    /// list page that the sitemap must list).
    ///
    /// Feeds are checked on every core: at ten thousand posts the feeds' archive pages are a thousand files.
    func run(publishedPages: [String]) async -> [Diagnostic] {
        let feeds = files.compactMap { path in routes.feedFormat(ofOutput: path).map { (path, $0) } }
            .sorted { $0.0 < $1.0 }
        let check = self
        // The sitemap is one file read on one core: it is checked beside the feeds.
        async let sitemap = checkSitemap(publishedPages)
        let items = CheckedFeedItems()
        let writtenItems = await resolvingURLs(of: written.items)
        let diagnostics = await feeds.parallelMapChunks(minimumChunk: 8) { chunk -> [Diagnostic] in
            var cache = LinkTargetCache(routes: check.routes, files: check.files, shared: check.targets)
            var buffer: [UInt8] = []
            return chunk.flatMap { path, format -> [Diagnostic] in
                if format == .json, let page = check.written.pages[path] {
                    return check.diagnostics(
                        shell: page.shell, items: page.items.map { writtenItems[$0] }, path: path, cache: &cache)
                }
                guard let count = FileContents.read(path: check.folder.appending(path: path).path, reusing: &buffer)
                else { return [] }
                return buffer.withUnsafeBufferPointer { whole in
                    let bytes = UnsafeBufferPointer(rebasing: whole[..<count])
                    switch format {
                    case .json: return check.checkJSONFeed(bytes, path: path, items: items, cache: &cache)
                    case .atom, .rss: return check.checkXMLFeed(bytes, path: path, format: format, cache: &cache)
                    }
                }
            }
        }
        return diagnostics.flatMap { $0 } + (await sitemap)
    }

    private func read(_ path: String) -> Data? {
        FileContents.read(path: folder.appending(path: path).path)
    }

    func file(_ path: String) -> String { "\(outputName)/\(path)" }

    /// What is wrong with a URL of a feed or the sitemap: nil when it finds a file of the output or
    /// leads to another site.
    func problem(with url: String, from documentURL: String, cache: inout LinkTargetCache) -> String? {
        problem(with: url, cache.resolve(url, from: documentURL))
    }

    /// What is wrong with a URL that leads where `resolved` says.
    func problem(with url: String, _ resolved: LinkTargetCache.Resolved) -> String? {
        switch resolved.target {
        case .ignored, .external: return nil
        case .outsideBasePath: return "'\(url)' is outside the site's base path '\(routes.basePath)'"
        case .site: return resolved.file == nil ? "'\(url)' finds nothing" : nil
        }
    }

    private func checkXMLFeed(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, format: FeedFormat, cache: inout LinkTargetCache
    ) -> [Diagnostic] {
        var urls = HTMLScanner.scan(bytes).links.filter { $0.attribute == "href" }.map(\.url)
        let elements: Set<String> =
            format == .atom ? ["icon", "logo", "uri"] : ["link", "url", "comments"]
        urls += XMLElements.texts(of: elements, in: bytes)
        let documentURL = routes.url(ofPath: path)
        return urls.compactMap { url in
            problem(with: url, from: documentURL, cache: &cache).map {
                Diagnostic(.error, file: file(path), message: $0)
            }
        }
    }

    /// The sitemap, or the index of its parts and the parts, against the published pages.
    private func checkSitemap(_ publishedPages: [String]) -> [Diagnostic] {
        let sitemap = routes.sitemap.path
        guard let data = read(sitemap) else {
            return [Diagnostic(.error, file: file(sitemap), message: "the sitemap is missing")]
        }
        var diagnostics: [Diagnostic] = []
        var listed: Set<String> = []
        // Every URL of a sitemap differs: they are resolved without a table.
        var cache = LinkTargetCache(routes: routes, files: files)
        cache.remembers = false
        var documents = [(sitemap, [UInt8](data))]
        while let (path, bytes) = documents.popLast() {
            let isIndex = XMLElements.contains("<sitemapindex", in: bytes)
            let documentURL = routes.url(ofPath: path)
            for url in XMLElements.texts(of: ["loc"], in: bytes) {
                guard let found = cache.resolve(url, from: documentURL).file else {
                    diagnostics.append(
                        Diagnostic(.error, file: file(path), message: "lists '\(url)', which is no page of the site"))
                    continue
                }
                if isIndex {
                    if let part = read(found) { documents.append((found, [UInt8](part))) }
                } else {
                    listed.insert(found)
                }
            }
        }
        for page in publishedPages.sorted() where !listed.contains(page) {
            let url = routes.absolute(routes.url(ofPath: page))
            diagnostics.append(Diagnostic(.error, file: file(sitemap), message: "leaves out the page '\(url)'"))
        }
        return diagnostics
    }
}

/// The text of XML elements by name, for the few elements of feeds and sitemaps that hold a URL.
enum XMLElements {
    /// The text of every element named one of `names` (without a prefix), character references decoded.
    /// Works on the bytes: a sitemap of ten thousand pages is a megabyte and a half.
    static func texts(of names: Set<String>, in bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBufferPointer { texts(of: names, in: $0) }
    }

    static func texts(of names: Set<String>, in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        texts(of: names.map { Array($0.utf8) }, in: bytes)
    }

    /// Whether `needle` is somewhere in `bytes`.
    static func contains(_ needle: String, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { find(Array(needle.utf8), in: $0, from: 0) != nil }
    }

    private static func texts(of wanted: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var texts: [String] = []
        var index = 0
        while let open = next(UInt8(ascii: "<"), in: bytes, from: index) {
            var nameEnd = open + 1
            while nameEnd < bytes.count, !isNameEnd(bytes[nameEnd]) { nameEnd += 1 }
            index = nameEnd
            let name = bytes[(open + 1)..<nameEnd]
            guard wanted.contains(where: { $0.elementsEqual(name) }),
                let close = next(UInt8(ascii: ">"), in: bytes, from: nameEnd),
                bytes[close - 1] != UInt8(ascii: "/") // `<link/>` holds no text.
            else { continue }
            guard let end = find(Array("</".utf8) + name + [UInt8(ascii: ">")], in: bytes, from: close + 1) else {
                continue
            }
            index = end
            if let plain = plainText(bytes[(close + 1)..<end]) {
                if !plain.isEmpty { texts.append(plain) }
                continue
            }
            var value = String(decoding: bytes[(close + 1)..<end], as: UTF8.self)
            if value.hasPrefix("<![CDATA["), value.hasSuffix("]]>") {
                value = String(value.dropFirst(9).dropLast(3))
            } else {
                value = CharacterReferences.decode(value)
            }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { texts.append(trimmed) }
        }
        return texts
    }

    /// The text of ASCII bytes without markup or references (a sitemap's every `<loc>`), trimmed as
    /// `whitespacesAndNewlines` trims; nil for any other text, which is decoded and trimmed in full.
    private static func plainText(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) else {
            return nil
        }
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        HTMLScanner.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    /// Where the next `byte` from `start` is; memchr reads many bytes at a time.
    private static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first else { return start }
        var index = start
        while let candidate = next(first, in: bytes, from: index), candidate + needle.count <= bytes.count {
            if bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}

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

    /// The members of a JSON Feed that hold a URL (JSON Feed 1.1).
    static let urlKeys: Set<String> = [
        "home_page_url", "feed_url", "next_url", "icon", "favicon", "url", "external_url", "image", "banner_image",
        "avatar",
    ]

    /// Checks every feed, then the sitemap against `publishedPages` (output paths of every post, page and
    /// list page that the sitemap must list).
    ///
    /// Feeds are checked on every core: at ten thousand posts the feeds' archive pages are a thousand files.
    func run(publishedPages: [String]) async -> [Diagnostic] {
        let feeds = files.sorted().compactMap { path in routes.feedFormat(ofOutput: path).map { (path, $0) } }
        let check = self
        // The sitemap is one file read on one core: it is checked beside the feeds.
        async let sitemap = checkSitemap(publishedPages)
        let diagnostics = await feeds.parallelMapChunks(minimumChunk: 8) { chunk -> [Diagnostic] in
            var cache = LinkTargetCache(routes: check.routes, files: check.files)
            return chunk.flatMap { path, format -> [Diagnostic] in
                guard let data = check.read(path) else { return [] }
                switch format {
                case .json: return check.checkJSONFeed(data, path: path, cache: &cache)
                case .atom, .rss: return check.checkXMLFeed(data, path: path, format: format, cache: &cache)
                }
            }
        }
        return diagnostics.flatMap { $0 } + (await sitemap)
    }

    private func read(_ path: String) -> Data? {
        FileContents.read(path: folder.appending(path: path).path)
    }

    private func file(_ path: String) -> String { "\(outputName)/\(path)" }

    /// What is wrong with a URL of a feed or the sitemap: nil when it finds a file of the output or
    /// leads to another site.
    func problem(with url: String, from documentURL: String, cache: inout LinkTargetCache) -> String? {
        switch cache.target(of: url, from: documentURL) {
        case .ignored, .external: return nil
        case .outsideBasePath: return "'\(url)' is outside the site's base path '\(routes.basePath)'"
        case .site(let sitePath, _):
            guard cache.file(ofSitePath: sitePath) != nil else {
                return "'\(url)' finds nothing"
            }
            return nil
        }
    }

    private func checkJSONFeed(_ data: Data, path: String, cache: inout LinkTargetCache) -> [Diagnostic] {
        // One parse serves the validator and the URLs; bytes that do not parse get the validator's
        // own message for them.
        guard let value = try? JSONValue(parsing: data) else { return problems(FeedValidator.validate(data), path) }
        var diagnostics = problems(FeedValidator.validate(value), path)
        var urls: [(String, String)] = []
        Self.collectURLs(value, at: "", into: &urls)
        let documentURL = routes.url(ofPath: path)
        for (member, url) in urls {
            if let problem = problem(with: url, from: documentURL, cache: &cache) {
                diagnostics.append(Diagnostic(.error, file: file(path), message: "\(member): \(problem)"))
            }
        }
        return diagnostics
    }

    /// The validator's problems as errors: `--strict` fails a feed on a warning as on an error.
    private func problems(_ problems: [FeedProblem], _ path: String) -> [Diagnostic] {
        problems.map { Diagnostic(.error, file: file(path), message: "\($0.path): \($0.message) [\($0.rule)]") }
    }

    /// The URL members of a JSON value with their paths (`items[3].url`).
    static func collectURLs(_ value: JSONValue, at path: String, into urls: inout [(String, String)]) {
        switch value {
        case .object(let object):
            for member in object {
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                if case .string(let url) = member.value, urlKeys.contains(member.key) {
                    urls.append((memberPath, url))
                } else {
                    collectURLs(member.value, at: memberPath, into: &urls)
                }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { collectURLs(element, at: "\(path)[\(index)]", into: &urls) }
        default: break
        }
    }

    private func checkXMLFeed(_ data: Data, path: String, format: FeedFormat, cache: inout LinkTargetCache)
        -> [Diagnostic]
    {
        let text = String(decoding: data, as: UTF8.self)
        var urls = HTMLScanner.scan(Array(data)).links.filter { $0.attribute == "href" }.map(\.url)
        let elements: Set<String> =
            format == .atom ? ["icon", "logo", "uri"] : ["link", "url", "comments"]
        urls += XMLElements.texts(of: elements, in: text)
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
        var cache = LinkTargetCache(routes: routes, files: files)
        var documents = [(sitemap, String(decoding: data, as: UTF8.self))]
        while let (path, text) = documents.popLast() {
            let isIndex = text.contains("<sitemapindex")
            for url in XMLElements.texts(of: ["loc"], in: text) {
                guard case .site(let sitePath, _) = cache.target(of: url, from: routes.url(ofPath: path)),
                    let found = cache.file(ofSitePath: sitePath)
                else {
                    diagnostics.append(
                        Diagnostic(.error, file: file(path), message: "lists '\(url)', which is no page of the site"))
                    continue
                }
                if isIndex {
                    if let part = read(found) { documents.append((found, String(decoding: part, as: UTF8.self))) }
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
    static func texts(of names: Set<String>, in text: String) -> [String] {
        let bytes = Array(text.utf8)
        let wanted = Set(names.map { Array($0.utf8) })
        var texts: [String] = []
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            var nameEnd = open + 1
            while nameEnd < bytes.count, !" \t\n\r>/".utf8.contains(bytes[nameEnd]) { nameEnd += 1 }
            index = nameEnd
            let name = Array(bytes[(open + 1)..<nameEnd])
            guard wanted.contains(name), let close = bytes[nameEnd...].firstIndex(of: UInt8(ascii: ">")),
                bytes[close - 1] != UInt8(ascii: "/") // `<link/>` holds no text.
            else { continue }
            let end = Self.find(Array("</".utf8) + name + [UInt8(ascii: ">")], in: bytes, from: close + 1)
            guard let end else { continue }
            var value = String(decoding: bytes[(close + 1)..<end], as: UTF8.self)
            if value.hasPrefix("<![CDATA["), value.hasSuffix("]]>") {
                value = String(value.dropFirst(9).dropLast(3))
            } else {
                value = CharacterReferences.decode(value)
            }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { texts.append(trimmed) }
            index = end
        }
        return texts
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

import Foundation

extension Routes {
    /// Where a URL found in a page or a feed leads, as a link check sees it.
    enum LinkTarget: Sendable, Equatable {
        /// Into the site: the path below `base_url`, percent-decoded (`posts/café/`, `` for the home
        /// page), and the fragment as written, without `#` (nil without one).
        case site(path: String, fragment: String?)
        /// A root-relative path, or a URL on the site's own host, outside the base path of `base_url`.
        case outsideBasePath
        /// Another site over HTTP(S), by host.
        case external(host: String)
        /// Not a place to check: `mailto:`, `tel:`, `data:`, `javascript:` and other schemes, or no URL.
        case ignored
    }

    /// Where `url` leads from the page or feed at `documentURL` (root-relative, as ``Route/url`` is).
    /// Relative and root-relative URLs are resolved here (RFC 3986 §5.2), without Foundation's `URL`: a
    /// site of ten thousand pages has millions of them.
    func linkTarget(of url: String, from documentURL: String) -> LinkTarget {
        // HTML §2.4.2: a URL attribute's leading and trailing white space is not part of it. Checked by
        // byte first: Foundation's trimming costs more than the rest of the resolution.
        let isPadded =
            url.utf8.first.map(HTMLScanner.isSpace) ?? false || url.utf8.last.map(HTMLScanner.isSpace) ?? false
        let trimmed = isPadded ? url.trimmingCharacters(in: .whitespacesAndNewlines) : url
        guard !trimmed.isEmpty else { return .ignored }
        if PostRenderer.hasScheme(trimmed) || trimmed.hasPrefix("//") {
            // The site's own absolute links (canonical, Open Graph, feeds: several on every page) are
            // root-relative links behind the origin of `base_url`.
            // By byte: a Character comparison costs more than the rest; the byte after the origin is `/`, so
            // the rest starts on a character.
            let origin = baseURL.utf8.dropLast(basePath.utf8.count)
            let utf8 = trimmed.utf8
            if utf8.starts(with: origin), utf8.dropFirst(origin.count).first == UInt8(ascii: "/") {
                let rest = utf8.index(utf8.startIndex, offsetBy: origin.count)
                return linkTarget(of: String(trimmed[rest...]), from: documentURL)
            }
            if let host = externalHost(of: trimmed) { return .external(host: host) }
            return absoluteTarget(of: trimmed)
        }
        // By byte, as a browser splits a URL: `#` and `?` are ASCII and end a scalar.
        var rest = Substring(trimmed)
        var fragment: String?
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) { rest = rest[..<question] }
        var path: String
        if rest.utf8.first == UInt8(ascii: "/") {
            path = String(rest)
        } else if rest.isEmpty {
            path = documentURL
        } else {
            let folder = documentURL.lastIndex(of: "/").map { documentURL[...$0] } ?? "/"
            path = String(folder + rest)
        }
        if Self.hasDotSegment(path) { path = Self.removingDotSegments(path) }
        return siteTarget(path: path, fragment: fragment)
    }

    /// The host of a link to another site over HTTP(S) whose authority is a plain name (see
    /// ``plainHost(of:)``), as ``linkTarget(of:from:)`` finds it; nil for any other URL.
    func externalHost(of url: String) -> String? {
        guard let host = Self.plainHost(of: url), host != baseHost else { return nil }
        return host
    }

    /// The host of an `http` or `https` URL whose authority is a plain name without a port or user
    /// (`https://Other.example/x` → `other.example`); nil for anything else, which Foundation reads.
    /// By byte: it is asked of every link of every page.
    static func plainHost(of url: String) -> String? {
        let utf8 = url.utf8
        let start = startsIgnoringCase(utf8, "https://") ? 8 : startsIgnoringCase(utf8, "http://") ? 7 : 0
        guard start > 0 else { return nil }
        let authority = utf8.dropFirst(start).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        var hasUpper = false
        for byte in authority {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "%"),
                0x80...:
                return nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): hasUpper = true
            default: break
            }
        }
        guard !authority.isEmpty else { return nil }
        let host = String(Substring(authority))
        return hasUpper ? host.lowercased() : host
    }

    /// Whether `utf8` starts with the lower-case ASCII `prefix`, in any case.
    private static func startsIgnoringCase(_ utf8: String.UTF8View, _ prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard utf8.count >= expected.count else { return false }
        return zip(utf8, expected).allSatisfy { byte, lower in
            ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == lower
        }
    }

    /// An absolute or scheme-relative URL: HTTP(S) on the site's host is the site; other hosts are external.
    private func absoluteTarget(of url: String) -> LinkTarget {
        let base = URL(string: baseURL)
        guard let resolved = URL(string: url.urlSafe, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = resolved.host()?.lowercased(), !host.isEmpty
        else { return .ignored }
        guard host == baseHost, resolved.port == base?.port else { return .external(host: host) }
        return siteTarget(path: resolved.path(percentEncoded: true), fragment: resolved.fragment(percentEncoded: true))
    }

    private func siteTarget(path: String, fragment: String?) -> LinkTarget {
        // `/docs` for a base path of `/docs/` is the home page too.
        let folder = path + "/" == basePath ? basePath : path
        // By byte, as a browser compares paths: the base path ends in `/`, so the rest starts on a scalar.
        guard folder.utf8.starts(with: basePath.utf8) else { return .outsideBasePath }
        let below = folder.utf8.dropFirst(basePath.utf8.count)
        guard below.contains(UInt8(ascii: "%")) else {
            return .site(path: String(Substring(below)), fragment: fragment)
        }
        let decoded = String(decoding: Self.percentDecoded(Array(below)), as: UTF8.self)
        return .site(path: decoded, fragment: fragment)
    }

    /// Whether a path holds `/.`, where a dot segment may start: a byte search, for every link of every page.
    private static func hasDotSegment(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }

    /// RFC 3986 §5.2.4 on a path that starts with `/`.
    static func removingDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".": if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default: output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }

    /// The files of the output that a path below `base_url` may be served from, in the order a static
    /// host tries them: the file itself, the folder's `index.html`, and the path plus `.html` that
    /// ``outputPath(ofPermalink:)`` writes for a permalink without an extension.
    static func outputCandidates(ofSitePath path: String) -> [String] {
        let folder = outputPath(ofPermalink: "/" + path + (path.isEmpty || path.hasSuffix("/") ? "" : "/"))
        if path.isEmpty || path.hasSuffix("/") { return [folder] }
        let permalink = outputPath(ofPermalink: "/" + path)
        return [path, folder] + (permalink == path ? [] : [permalink])
    }

    /// The name of the theme's template that makes a list page (as ``SitePages`` stages them).
    func template(ofListPage path: String) -> String {
        switch path {
        case notFound.path: "404"
        case tags.path: "tags"
        case archive.path: "archive"
        case _ where path.hasPrefix(Self.publishedPath(ofOutput: tags.path)): "tag"
        default: "index"
        }
    }
}

extension String {
    /// The URL with the bytes Foundation refuses in a URL string (spaces, non-ASCII) percent-encoded and
    /// everything else as written, so that `posts/café/` parses as a browser would read it.
    fileprivate var urlSafe: String {
        guard utf8.contains(where: { $0 >= 0x80 || $0 <= 0x20 || $0 == UInt8(ascii: "\\") }) else { return self }
        var result = ""
        for byte in utf8 {
            if byte >= 0x80 || byte <= 0x20 || byte == UInt8(ascii: "\\") {
                result += String(format: "%%%02X", byte)
            } else {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }
}

extension Routes {
    /// The format of a feed the build writes at `path`: the site's feeds, the feed's archive pages, and
    /// each tag's feeds and their archive pages; nil for any other file.
    func feedFormat(ofOutput path: String) -> FeedFormat? {
        if let format = FeedFormat.allCases.first(where: { feed($0).path == path }) { return format }
        // Every other feed ends in `.json` or `.xml`: the pages and files of the output are told by their
        // last bytes, without splitting their paths.
        guard path.utf8.last == UInt8(ascii: "n") || path.utf8.last == UInt8(ascii: "l"),
            path.hasSuffix(".json") || path.hasSuffix(".xml")
        else { return nil }
        let parts = path.split(separator: "/")
        switch parts.count {
        case 2 where parts[0] == "feed" && parts[1].hasSuffix(".json"): return .json
        case 3 where parts[0] == "tags":
            return FeedFormat.allCases.first { tagFeed(String(parts[1]), $0).path == path }
        case 4 where parts[0] == "tags" && parts[2] == "feed" && parts[3].hasSuffix(".json"): return .json
        default: return nil
        }
    }
}

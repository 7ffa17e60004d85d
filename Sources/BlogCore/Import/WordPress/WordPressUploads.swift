import Foundation

/// Links to the old site's media library: `…/wp-content/uploads/PATH` on the site's own hosts (over
/// `http:`, `https:` or protocol-relative, with or without `www.`), and `SITE.files.wordpress.com/PATH`
/// for a WordPress.com site. Links whose file was copied point at the new site's `/wp-content/uploads/`;
/// the others stay absolute, at the old site.
struct WordPressUploads {
    /// The old site's host names (`example.com`, `www.example.com`), as the export names them.
    var hosts: [String] = [] {
        didSet { regex = Self.makeRegex(hosts) }
    }
    /// The new site's base path, ending in `/`.
    var basePath = "/"
    private var regex: NSRegularExpression?

    static let folder = "wp-content/uploads/"

    /// The hosts of the channel's URLs, with and without `www.`, and WordPress.com's file host.
    static func hosts(of urls: [String]) -> [String] {
        var hosts: [String] = []
        for url in urls {
            guard let host = URL(string: url)?.host?.lowercased(), !host.isEmpty else { continue }
            let bare = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
            for candidate in [bare, "www." + bare] where !hosts.contains(candidate) { hosts.append(candidate) }
            if bare.hasSuffix(".wordpress.com"), !bare.hasSuffix(".files.wordpress.com") {
                let files = bare.dropLast(".wordpress.com".count) + ".files.wordpress.com"
                if !hosts.contains(String(files)) { hosts.append(String(files)) }
            }
        }
        return hosts
    }

    private static func makeRegex(_ hosts: [String]) -> NSRegularExpression? {
        guard !hosts.isEmpty else { return nil }
        let names = hosts.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        let pattern =
            #"(?:https?:)?//(?:"# + names
            + #")(?::\d+)?(?:(?:/[^\s"'<>()?#]*?)?/wp-content/uploads/|/(?=\d{4}/\d{2}/))"#
            + #"([^\s"'<>()?#,]+(?:,(?!\s)[^\s"'<>()?#,]+)*)"#
        return try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    /// Each link to the media library in `html`: its range and its path below `wp-content/uploads/`, as
    /// written (percent-encoded).
    private func links(in html: String) -> [(range: NSRange, path: String)] {
        guard let regex else { return [] }
        let source = html as NSString
        var links: [(range: NSRange, path: String)] = []
        for match in regex.matches(in: html, range: NSRange(location: 0, length: source.length)) {
            // WordPress.com's file host serves every path; the site's own hosts only what the pattern named.
            let matched = source.substring(with: match.range)
            if !matched.contains("/wp-content/uploads/"), !matched.contains(".files.wordpress.com/") { continue }
            links.append((match.range, source.substring(with: match.range(at: 1))))
        }
        return links
    }

    /// The paths below `wp-content/uploads/` that `html` links to, each once, in the order of their first link.
    func paths(in html: String) -> [String] {
        var paths: [String] = []
        for link in links(in: html) where !paths.contains(link.path) { paths.append(link.path) }
        return paths
    }

    /// `html` with each link to a path in `targets` pointing at the new site's copy, `targets[path]`.
    func rewrite(_ html: String, to targets: [String: String]) -> String {
        guard !targets.isEmpty else { return html }
        let source = html as NSString
        var result = ""
        var last = 0
        for link in links(in: html) {
            guard let target = targets[link.path] else { continue }
            result += source.substring(with: NSRange(location: last, length: link.range.location - last))
            result += basePath + Self.folder + target
            last = link.range.location + link.range.length
        }
        return result + source.substring(from: last)
    }
}

import Foundation

/// Links to the old site's media library: `…/wp-content/uploads/PATH` on the site's own hosts, and
/// `SITE.files.wordpress.com/PATH` for a WordPress.com site. With `--uploads` they point at the copies
/// under the new site's `/wp-content/uploads/`; without, they stay absolute, at the old site.
struct WordPressUploads {
    /// The old site's host names (`example.com`, `www.example.com`), as the export names them.
    var hosts: [String] = []
    /// The new site's base path, ending in `/`.
    var basePath = "/"
    /// Whether the files are copied, so that links are rewritten.
    var isCopying = false

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

    /// `html` with upload links rewritten (when copying), and the upload paths it links to.
    func rewrite(_ html: String) -> (html: String, paths: [String]) {
        guard !hosts.isEmpty else { return (html, []) }
        let names = hosts.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        let pattern =
            #"(?:https?:)?//(?:"# + names
            + #")(?::\d+)?(?:(?:/[^\s"'<>()?#]*?)?/wp-content/uploads/|/(?=\d{4}/\d{2}/))"#
            + #"([^\s"'<>()?#]+)"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
            return (html, [])
        }
        let source = html as NSString
        var result = ""
        var paths: [String] = []
        var last = 0
        for match in regex.matches(in: html, range: NSRange(location: 0, length: source.length)) {
            let path = source.substring(with: match.range(at: 1))
            // WordPress.com's file host serves every path; the site's own hosts only what the pattern named.
            let matched = source.substring(with: match.range)
            if !matched.contains("/wp-content/uploads/"), !matched.contains(".files.wordpress.com/") { continue }
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            result += isCopying ? basePath + Self.folder + path : matched
            last = match.range.location + match.range.length
            if !paths.contains(path) { paths.append(path) }
        }
        return (result + source.substring(from: last), paths)
    }
}

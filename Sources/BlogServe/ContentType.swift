import BlogCore

/// The `Content-Type` a web host sends for a file, by its name.
enum ContentType {
    /// `feed.json` is a JSON Feed (`application/feed+json`, as the spec asks); other files go by extension,
    /// text with `; charset=utf-8`, and an unknown one is `application/octet-stream`.
    static func forFile(named name: String) -> String {
        if name == "feed.json" { return "application/feed+json; charset=utf-8" }
        guard let type = MediaType.forFile(named: name) else { return "application/octet-stream" }
        return MediaType.isText(type) ? type + "; charset=utf-8" : type
    }
}

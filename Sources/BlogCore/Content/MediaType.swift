/// The media type of a file by the extension of its name: what a web host sends as its `Content-Type`,
/// and the `mime_type` of a feed attachment whose front matter gives none.
public enum MediaType {
    /// The type for `name` (a file name, a path or a URL; a query and a fragment are ignored), or nil
    /// when its extension is not one of ``byExtension``.
    public static func forFile(named name: String) -> String? {
        let path = name.prefix { $0 != "?" && $0 != "#" }
        let file = path.split(separator: "/", omittingEmptySubsequences: false).last ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return nil }
        return byExtension[file[file.index(after: dot)...].lowercased()]
    }

    /// Whether text of this type is sent with `; charset=utf-8`.
    public static func isText(_ type: String) -> Bool {
        type.hasPrefix("text/") || type == "application/json" || type == "application/xml"
    }

    /// Lower-case extensions, without the dot, and their IANA media types.
    public static let byExtension: [String: String] = [
        "html": "text/html", "htm": "text/html",
        "css": "text/css", "js": "text/javascript", "mjs": "text/javascript",
        "json": "application/json", "xml": "application/xml", "txt": "text/plain",
        "md": "text/markdown", "map": "application/json", "webmanifest": "application/manifest+json",
        "csv": "text/csv", "vtt": "text/vtt", "srt": "application/x-subrip",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "zip": "application/zip", "wasm": "application/wasm", "epub": "application/epub+zip",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg",
        "flac": "audio/flac", "wav": "audio/wav",
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mov": "video/quicktime",
    ]
}

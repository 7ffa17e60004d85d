import BlogCore
import BlogFileSystem
import Foundation

/// Answers requests for a built site the way a plain web host does, without any networking: the server
/// hands it a method, a raw path and headers, and sends back what it returns.
///
/// Folders answer with their `index.html` (a folder asked for without its slash is redirected to it),
/// missing files with the site's `404.html` and status 404, `HEAD` like `GET` without a body, and an
/// `If-None-Match` or `If-Modified-Since` that still holds with 304. A path with `.` or `..` segments,
/// encoded or not, is refused, and a file is served only when its real path (links resolved) is inside the
/// output folder.
struct SiteResponder: Sendable {
    struct Reply: Sendable, Equatable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    /// The output folder, its links resolved.
    let root: String
    /// The path every page is under (`/` or, for a base_url with a path, such as `/docs/`).
    let basePath: String
    /// Build generation for the live-reload script; nil serves pages exactly as built.
    let generation: Int?

    init(root: URL, basePath: String, generation: Int?) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath().path
        self.basePath = basePath.hasSuffix("/") ? basePath : basePath + "/"
        self.generation = generation
    }

    /// The reply to `method` on `rawPath` (still percent-encoded, without the query).
    ///
    /// - Parameter headers: Request headers with lower-case names.
    func respond(method: String, rawPath: String, headers: [String: String]) -> Reply {
        guard method == "GET" || method == "HEAD" else {
            return Reply(
                status: 405, headers: ["Allow": "GET, HEAD", "Content-Type": "text/plain; charset=utf-8"],
                body: Data("only GET and HEAD\n".utf8))
        }
        let reply = answer(rawPath: rawPath, headers: headers)
        guard method == "HEAD" else { return reply }
        var head = reply
        head.headers["Content-Length"] = String(reply.body.count)
        head.body = Data()
        return head
    }

    private func answer(rawPath: String, headers: [String: String]) -> Reply {
        guard let path = Self.decodedPath(rawPath) else {
            return text(400, "bad request: the path is not valid percent-encoded UTF-8\n")
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == ".." || $0 == "." }) {
            return text(400, "bad request: the path may not contain '.' or '..' segments\n")
        }
        if path + "/" == basePath || (path == "/" && basePath != "/") {
            return redirect(to: basePath)
        }
        guard path.hasPrefix(basePath) else { return notFound(headers: headers) }
        let relative = String(path.dropFirst(basePath.count))
        // Hidden names (the output's .blog-output marker) are not part of the site.
        if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return notFound(headers: headers) }
        var file = relative.isEmpty ? root : root + "/" + relative
        guard let kind = FileSystem.resolvedKind(of: file) else { return notFound(headers: headers) }
        if kind == .folder {
            guard relative.isEmpty || relative.hasSuffix("/") else { return redirect(to: rawPath + "/") }
            file += relative.isEmpty ? "/index.html" : "index.html"
        }
        guard let reply = fileReply(file, headers: headers, status: 200) else { return notFound(headers: headers) }
        return reply
    }

    /// The file's bytes with its type, validators and the live-reload script for HTML; nil when it is not a
    /// regular file inside the output.
    private func fileReply(_ file: String, headers: [String: String], status: Int) -> Reply? {
        guard let resolved = FileSystem.resolvedPath(file), resolved.hasPrefix(root + "/"),
            let (kind, stamp) = FileSystem.status(of: resolved), kind == .file,
            var body = FileContents.read(path: resolved)
        else { return nil }
        let name = String(file.split(separator: "/").last ?? "")
        let type = ContentType.forFile(named: name)
        if let generation, type.hasPrefix("text/html"), let html = String(data: body, encoding: .utf8) {
            body = Data(LiveReloadScript.inject(into: html, generation: generation).utf8)
        }
        let tag = "\"\(String(Digest.of(body), radix: 16))\""
        let modified = Date(timeIntervalSince1970: TimeInterval(stamp.modified / 1_000_000_000))
        var replyHeaders = [
            "Content-Type": type, "ETag": tag, "Last-Modified": HTTPDate.string(from: modified),
            "Cache-Control": "no-cache",
        ]
        if status == 200, isNotModified(headers: headers, tag: tag, modified: modified) {
            replyHeaders["Content-Type"] = nil
            return Reply(status: 304, headers: replyHeaders, body: Data())
        }
        return Reply(status: status, headers: replyHeaders, body: body)
    }

    /// RFC 9110 §13.1: If-None-Match wins over If-Modified-Since when both are sent.
    private func isNotModified(headers: [String: String], tag: String, modified: Date) -> Bool {
        if let match = headers["if-none-match"] {
            return match.split(separator: ",").contains { candidate in
                let value = candidate.trimmingCharacters(in: .whitespaces)
                return value == "*" || value == tag || value == "W/" + tag
            }
        }
        if let since = headers["if-modified-since"].flatMap(HTTPDate.date(from:)) {
            return modified <= since
        }
        return false
    }

    private func notFound(headers: [String: String]) -> Reply {
        if let page = fileReply(root + "/404.html", headers: headers, status: 404) { return page }
        guard let generation else { return text(404, "not found\n") }
        // No 404 page yet (the first build failed): a page that can show the error and reload when fixed.
        let page =
            "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Not found</title></head>\n<body>\n<p>Nothing here yet.</p>\n</body>\n</html>\n"
        return Reply(
            status: 404, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"],
            body: Data(LiveReloadScript.inject(into: page, generation: generation).utf8))
    }

    private func redirect(to location: String) -> Reply {
        Reply(
            status: 301, headers: ["Location": location, "Content-Type": "text/plain; charset=utf-8"],
            body: Data("moved to \(location)\n".utf8))
    }

    private func text(_ status: Int, _ message: String) -> Reply {
        Reply(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(message.utf8))
    }

    /// The path with percent escapes decoded; nil when an escape is malformed, the bytes are not UTF-8, or
    /// they hold a NUL or a backslash.
    static func decodedPath(_ raw: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(raw.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")), bytes.first == UInt8(ascii: "/") else {
            return nil
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

import BlogFileSystem
import Foundation

extension Routes {
    /// Why a post's or page's page cannot be written where its route puts it: the front matter keys its path
    /// came from (none when it came from the file's name), the value quoted, and what the path must not be.
    struct PageProblem: Error, Equatable {
        /// The keys to point at, the first one present in the front matter; empty for the file's name.
        var keys: [String]
        /// The path from the site's root that the route made.
        var path: String
        /// What the path must not be, such as "must not contain '.' or '..' segments".
        var problem: String

        /// The message of the diagnostic, after the file and position, naming `key` (the one of ``keys`` the
        /// front matter has).
        func message(naming key: String?) -> String {
            let source = (key ?? keys.first).map { "'\($0)'" } ?? "the file's name"
            return "\(source) puts the page at \(Diagnostic.quoted(path)); a page's path \(problem)"
        }
    }

    /// The page of a post or page, checked: its path in the output folder must stay inside it on every host
    /// (``outputPathProblem(_:)``), whatever placeholders, `url:` or `permalink:` made it.
    func checkedPage(of post: Post) -> Result<Route, PageProblem> {
        let route = page(of: post)
        guard let problem = Self.outputPathProblem(route.path) else { return .success(route) }
        return .failure(PageProblem(keys: keys(behind: post), path: "/" + route.path, problem: problem))
    }

    /// The front matter keys a post's path came from: its own path, else the categories or the slug the
    /// site's pattern filled in when one of them alone is a bad path, else the file's name.
    private func keys(behind post: Post) -> [String] {
        if post.permalink != nil { return ["permalink", "url"] }
        let categories = post.categories.map { $0.lowercased().trimmingCharacters(in: ["/"]) }
        if categories.contains(where: { !$0.isEmpty && Self.outputPathProblem($0 + "/") != nil }) {
            return ["categories", "category"]
        }
        if let slug = post.customSlug, Self.outputPathProblem(slug + "/") != nil { return ["slug"] }
        return []
    }

    /// The longest name of a file or folder that Linux, macOS and Windows file systems allow, in bytes.
    static let maximumNameBytes = 255

    /// Why `path`, relative to the output folder, cannot be written there, or nil: it must stay inside the
    /// folder for the file system and for every web server that serves it, so it may not be absolute,
    /// hold a `.` or `..` segment (or one percent-encoded, which servers decode: `%2e%2e`), a backslash
    /// (a separator on Windows hosts), NUL or another control character, a name longer than a file system
    /// allows, or take the output folder's marker.
    static func outputPathProblem(_ path: String) -> String? {
        // C0 controls and DEL by byte; C1 controls only where there are non-ASCII bytes at all.
        if path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
            || path.utf8.contains(where: { $0 >= 0x80 })
                && path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return "must not contain NUL or other control characters"
        }
        if path.hasPrefix("/") { return "must be relative to the output folder, not absolute" }
        if path.utf8.contains(UInt8(ascii: "\\")) {
            return "must not contain '\\', which Windows hosts read as a folder separator"
        }
        // By byte, as file systems split a path (and a split by Character cost 13,000 instructions a path).
        let segments = path.pathSegments
        if segments.dropLast().contains(where: { $0.isDotSegment || $0.isEmpty }) || segments.last?.isDotSegment == true
        {
            return "must not contain empty, '.' or '..' segments, which lead out of the output folder"
        }
        if segments.contains(where: { $0.utf8.contains(UInt8(ascii: "%")) && isEncodedEscape($0) }) {
            return
                "must not contain a percent-encoded '.', '..', '/', '\\' or NUL segment (%2e, %2f, %5c, %00), which servers decode into a path out of the output folder"
        }
        if let long = segments.first(where: { $0.utf8.count > maximumNameBytes }) {
            return
                "must not have a name longer than \(maximumNameBytes) bytes, the most a file system allows; one has \(long.utf8.count)"
        }
        if segments.first == Substring(OutputFolder.marker) {
            return "must not take \(OutputFolder.marker), the file that marks the output folder as blog's"
        }
        return nil
    }

    /// Whether a segment, percent-decoded as many times as a chain of servers might, is `.` or `..` or holds
    /// a separator or NUL.
    private static func isEncodedEscape(_ segment: Substring) -> Bool {
        var bytes = Array(segment.utf8)
        for _ in 0..<4 {
            let decoded = percentDecoded(bytes)
            if decoded == bytes { break }
            bytes = decoded
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { return true }
            if bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) {
                return true
            }
        }
        return false
    }

    /// `%XX` sequences decoded into their bytes; anything else, and a `%` without two hex digits, kept.
    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
                let low = hex(bytes[index + 2])
            {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}

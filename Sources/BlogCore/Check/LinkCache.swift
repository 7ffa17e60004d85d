import BlogFileSystem
import Foundation
import JSONFeed

/// The answers of earlier external checks, in `.blog-cache/links.json`: each URL with its verdict and
/// when it was asked, so that a second run asks only what is new or older than `recheck_days`.
/// Answers that may change within minutes (a timeout, a 503) are not kept.
struct LinkCache: Sendable {
    struct Entry: Sendable, Equatable {
        var verdict: ExternalCheck.Verdict
        /// Seconds since 1970.
        var checked: Double
    }

    var entries: [String: Entry] = [:]
    static let file = "links.json"

    /// The cache in `folder`, empty when it is missing or unreadable.
    static func read(in folder: URL) -> LinkCache {
        guard let data = FileContents.read(path: folder.appending(path: file).path),
            case .object(let object)? = try? JSONValue(parsing: data), case .object(let links)? = object["links"]
        else { return LinkCache() }
        var cache = LinkCache()
        for member in links {
            guard case .object(let entry) = member.value, case .number(let checked)? = entry["checked"],
                let seconds = Double(checked), case .string(let kind)? = entry["verdict"]
            else { continue }
            let detail: String
            if case .string(let text)? = entry["detail"] { detail = text } else { detail = "" }
            let verdict: ExternalCheck.Verdict? =
                switch kind {
                case "fine": .fine
                case "moved": .moved(detail)
                case "broken": .broken(detail, isLasting: true)
                default: nil
                }
            if let verdict { cache.entries[member.key] = Entry(verdict: verdict, checked: seconds) }
        }
        return cache
    }

    /// The verdict of `url` when it was asked less than `days` ago.
    func verdict(of url: String, now: Date, days: Int) -> ExternalCheck.Verdict? {
        guard let entry = entries[url], now.timeIntervalSince1970 - entry.checked < Double(days) * 86_400 else {
            return nil
        }
        return entry.verdict
    }

    /// Keeps the verdicts that last.
    mutating func record(_ verdicts: [String: ExternalCheck.Verdict], now: Date) {
        for (url, verdict) in verdicts {
            if case .broken(_, isLasting: false) = verdict {
                entries[url] = nil
                continue
            }
            entries[url] = Entry(verdict: verdict, checked: now.timeIntervalSince1970.rounded())
        }
    }

    /// Writes the cache into `folder`, URLs sorted, replacing the file at once.
    func write(in folder: URL) throws {
        var links = JSONObject()
        for url in entries.keys.sorted() {
            guard let entry = entries[url] else { continue }
            let (kind, detail): (String, String) =
                switch entry.verdict {
                case .fine: ("fine", "")
                case .moved(let target): ("moved", target)
                case .broken(let why, _): ("broken", why)
                }
            links.members.append(
                JSONObject.Member(
                    key: url,
                    value: .object([
                        "verdict": .string(kind), "detail": .string(detail),
                        "checked": .integer(Int64(entry.checked)),
                    ])))
        }
        let text = JSONValue.object(["version": .integer(1), "links": .object(links)]).serialized(pretty: true)
        try FileContents.makeFolder(folder.path)
        try FileContents.replace(Data((text + "\n").utf8), at: folder.appending(path: Self.file).path)
    }
}

import Foundation

/// The small file beside the build cache (`.blog-cache/quick`) that answers "did anything change?"
/// without parsing the whole cache: the stamps of every source and output file, the summary figures and
/// the diagnostics of the last build. Lines are tab-separated; tabs, newlines and backslashes in values are
/// escaped.
struct QuickCheck: Sendable {
    static let file = "quick"
    static let header = "blog-quick-check 1"

    var fingerprint: UInt64
    var nextDue: Date?
    var counts: BuildCache.Counts
    var sources: [String: FileStamp] = [:]
    var outputs: [String: FileStamp] = [:]
    var diagnostics: [Diagnostic] = []

    static func url(for site: Site, in folder: String) -> URL {
        site.root.appending(path: "\(folder)/\(file)")
    }

    func save(for site: Site, in folder: String) {
        var lines = [Self.header, "F\t\(fingerprint)\t\(nextDue.map { String($0.timeIntervalSinceReferenceDate) } ?? "-")",
                     "C\t\(counts.posts)\t\(counts.pages)\t\(counts.tags)\t\(counts.draftsSkipped)\t\(counts.futureSkipped)"]
        lines.reserveCapacity(sources.count + outputs.count + diagnostics.count + 3)
        for (path, stamp) in sources.sorted(by: { $0.key < $1.key }) { lines.append("S\t\(stamp.size)\t\(stamp.modified)\t\(Self.escape(path))") }
        for (path, stamp) in outputs.sorted(by: { $0.key < $1.key }) { lines.append("O\t\(stamp.size)\t\(stamp.modified)\t\(Self.escape(path))") }
        for diagnostic in diagnostics {
            lines.append(["D", diagnostic.severity.rawValue, diagnostic.line.map(String.init) ?? "-", diagnostic.column.map(String.init) ?? "-",
                          Self.escape(diagnostic.file), Self.escape(diagnostic.message)].joined(separator: "\t"))
        }
        try? FileContents.replace(Data((lines.joined(separator: "\n") + "\n").utf8), at: Self.url(for: site, in: folder).path)
    }

    /// The check of the last build, or nil when there is none, it is unreadable, or of another fingerprint.
    static func load(for site: Site, in folder: String, fingerprint: UInt64) -> QuickCheck? {
        guard let data = FileContents.read(url(for: site, in: folder)) else { return nil }
        // Split on bytes: tabs and newlines are ASCII, and Character-based splitting of a megabyte is slow.
        let bytes = [UInt8](data)
        var lines: [[String]] = []
        var fields: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 9 || bytes[index] == 10 {
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
            start = index + 1
            if bytes[index] == 10 {
                lines.append(fields)
                fields = []
            }
        }
        guard lines.count >= 3, lines[0] == [header] else { return nil }
        let head = lines[1]
        let figures = lines[2].dropFirst().compactMap { Int($0) }
        guard head.count == 3, head[0] == "F", UInt64(head[1]) == fingerprint, lines[2].first == "C", figures.count == 5 else { return nil }
        var check = QuickCheck(fingerprint: fingerprint, nextDue: Double(head[2]).map(Date.init(timeIntervalSinceReferenceDate:)),
                               counts: .init(posts: figures[0], pages: figures[1], tags: figures[2], draftsSkipped: figures[3], futureSkipped: figures[4]))
        check.sources.reserveCapacity(lines.count)
        check.outputs.reserveCapacity(lines.count)
        for fields in lines.dropFirst(3) {
            switch fields.first {
            case "S", "O":
                guard fields.count == 4, let size = Int(fields[1]), let modified = Int64(fields[2]) else { return nil }
                let stamp = FileStamp(size: size, modified: modified)
                if fields[0] == "S" { check.sources[unescape(fields[3])] = stamp } else { check.outputs[unescape(fields[3])] = stamp }
            case "D":
                guard fields.count == 6, let severity = Diagnostic.Severity(rawValue: fields[1]) else { return nil }
                check.diagnostics.append(Diagnostic(severity, file: unescape(fields[4]), line: Int(fields[2]), column: Int(fields[3]), message: unescape(fields[5])))
            default:
                return nil
            }
        }
        return check
    }

    private static func escape(_ text: String) -> String {
        // Paths almost never hold these; Foundation's replacing bridges through NSString, three times a line.
        guard text.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 92 }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func unescape(_ text: String) -> String {
        guard text.utf8.contains(92) else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

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
        // Bytes appended directly, keys sorted alone: a line of interpolated strings per file, and sorting
        // key-value pairs, cost more than writing the file.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96 * (sources.count + outputs.count) + 256)
        func line(_ fields: String...) {
            for (index, field) in fields.enumerated() {
                if index > 0 { bytes.append(9) }
                bytes.append(contentsOf: field.utf8)
            }
            bytes.append(10)
        }
        func stampLine(_ kind: UInt8, _ stamp: FileStamp, _ path: String) {
            bytes.append(kind)
            bytes.append(9)
            Self.appendDecimal(Int64(stamp.size), to: &bytes)
            bytes.append(9)
            Self.appendDecimal(stamp.modified, to: &bytes)
            bytes.append(9)
            bytes.append(contentsOf: Self.escape(path).utf8)
            bytes.append(10)
        }
        line(Self.header)
        line("F", String(fingerprint), nextDue.map { String($0.timeIntervalSinceReferenceDate) } ?? "-")
        line("C", String(counts.posts), String(counts.pages), String(counts.tags), String(counts.draftsSkipped), String(counts.futureSkipped))
        for path in sources.keys.sorted() { sources[path].map { stampLine(UInt8(ascii: "S"), $0, path) } }
        for path in outputs.keys.sorted() { outputs[path].map { stampLine(UInt8(ascii: "O"), $0, path) } }
        for diagnostic in diagnostics {
            line("D", diagnostic.severity.rawValue, diagnostic.line.map(String.init) ?? "-", diagnostic.column.map(String.init) ?? "-",
                 Self.escape(diagnostic.file), Self.escape(diagnostic.message))
        }
        try? FileContents.replace(Data(bytes), at: Self.url(for: site, in: folder).path)
    }

    /// Appends `value` in decimal, as `String(value)` would write it.
    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
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

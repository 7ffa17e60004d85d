import BlogFileSystem
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
        return data.withUnsafeBytes { parse($0, fingerprint: fingerprint) }
    }

    /// Parses the file on bytes: tabs and newlines are ASCII, and a String per field of twenty thousand
    /// stamp lines cost more than the stamps' comparison. Every line ends with a newline.
    private static func parse(_ bytes: UnsafeRawBufferPointer, fingerprint: UInt64) -> QuickCheck? {
        func fields(_ line: UnsafeRawBufferPointer) -> [String] {
            line.split(separator: 9, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        var lines: [UnsafeRawBufferPointer] = []
        var start = 0
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: 10) else { return nil }
            lines.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            start = end + 1
        }
        guard lines.count >= 3, fields(lines[0]) == [header] else { return nil }
        let head = fields(lines[1])
        let counts = fields(lines[2])
        let figures = counts.dropFirst().compactMap { Int($0) }
        guard head.count == 3, head[0] == "F", UInt64(head[1]) == fingerprint, counts.first == "C", figures.count == 5 else { return nil }
        var check = QuickCheck(fingerprint: fingerprint, nextDue: Double(head[2]).map(Date.init(timeIntervalSinceReferenceDate:)),
                               counts: .init(posts: figures[0], pages: figures[1], tags: figures[2], draftsSkipped: figures[3], futureSkipped: figures[4]))
        check.sources.reserveCapacity(lines.count)
        check.outputs.reserveCapacity(lines.count)
        for line in lines.dropFirst(3) {
            switch line.first {
            case UInt8(ascii: "S"), UInt8(ascii: "O"):
                // "S\tSIZE\tMODIFIED\tPATH": the numbers are read off the bytes, the path is the rest.
                var offset = 1
                guard let size = number(in: line, at: &offset), let modified = number(in: line, at: &offset), size >= 0 else { return nil }
                let path = unescape(String(decoding: UnsafeRawBufferPointer(rebasing: line[(offset + 1)...]), as: UTF8.self))
                let stamp = FileStamp(size: Int(size), modified: modified)
                if line.first == UInt8(ascii: "S") { check.sources[path] = stamp } else { check.outputs[path] = stamp }
            case UInt8(ascii: "D"):
                let fields = fields(line)
                guard fields.count == 6, fields[0] == "D", let severity = Diagnostic.Severity(rawValue: fields[1]) else { return nil }
                check.diagnostics.append(Diagnostic(severity, file: unescape(fields[4]), line: Int(fields[2]), column: Int(fields[3]), message: unescape(fields[5])))
            default:
                return nil
            }
        }
        return check
    }

    /// Reads "\t" and a decimal integer (a leading "-" allowed) from `offset`, which it moves to the tab
    /// that must follow; nil when the bytes are not that, or the number does not fit.
    private static func number(in line: UnsafeRawBufferPointer, at offset: inout Int) -> Int64? {
        guard offset < line.count, line[offset] == 9 else { return nil }
        offset += 1
        let negative = offset < line.count && line[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        var value: Int64 = 0
        var digits = 0
        while offset < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[offset]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int64(line[offset] - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
            digits += 1
            offset += 1
        }
        guard digits > 0, offset < line.count, line[offset] == 9 else { return nil }
        return negative ? -value : value
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

import BlogFileSystem
import Foundation

/// A content file split into its front matter and its Markdown body.
struct SourceFile: Sendable {
    /// The YAML between the `---` lines, or `nil` when the file has no front matter.
    var frontMatter: String?
    /// Lines before the YAML text: 1, for the opening `---`.
    var frontMatterLineOffset: Int
    /// The Markdown after the closing `---`.
    var body: String
    /// The 1-based line in the file where ``body`` starts.
    var bodyFirstLine: Int
    /// The front matter is TOML between `+++` lines, as Hugo writes it.
    var isTOML = false

    enum SplitError: Error, Equatable {
        /// The opening `---` has no closing `---`.
        case unclosed
    }

    /// Splits text into front matter and body; a byte-order mark is dropped and CRLF becomes LF.
    static func split(_ text: String) throws(SplitError) -> SourceFile {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let hasCR = text.withUTF8 { UnsafeRawBufferPointer($0).containsCarriageReturn }
        if hasCR { text = text.replacingCRLF() }
        let bytes = text.utf8
        let isTOML = bytes.starts(with: "+++\n".utf8) || text == "+++"
        guard bytes.starts(with: "---\n".utf8) || text == "---" || isTOML else {
            return SourceFile(frontMatter: nil, frontMatterLineOffset: 0, body: text, bodyFirstLine: 1)
        }
        let closing = isTOML ? "+++" : "---"
        // Scan line by line, only as far as the closing delimiter: the body is taken whole after it.
        var lineStart = bytes.index(bytes.startIndex, offsetBy: min(4, bytes.count))
        let yamlStart = lineStart
        var line = 2
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: 10) ?? bytes.endIndex
            let content = bytes[lineStart..<lineEnd]
            if content.elementsEqual(closing.utf8) || !isTOML && content.elementsEqual("...".utf8) {
                let yaml = String(text[yamlStart..<lineStart])
                let bodyStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
                return SourceFile(
                    frontMatter: yaml, frontMatterLineOffset: 1, body: String(text[bodyStart...]),
                    bodyFirstLine: line + 1,
                    isTOML: isTOML)
            }
            lineStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
            line += 1
        }
        throw .unclosed
    }
}

private extension String {
    func replacingCRLF() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var previousWasCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                previousWasCR = true
                continue
            }
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

private extension UnsafeRawBufferPointer {
    /// Whether any byte is 13 (CR): memchr, as every source file is asked before it is split into lines.
    var containsCarriageReturn: Bool {
        guard let base = baseAddress else { return false }
        return memchr(base, 13, count) != nil
    }
}

extension SourceFile {
    /// A post's Markdown body and its first line, read again from its file.
    ///
    /// - Throws: A ``Diagnostic`` naming the file and the reason it cannot be read.
    static func readBody(of source: String, root: URL) throws(Diagnostic) -> (String, Int) {
        let data: Data
        do {
            data = try FileContents.contents(atPath: root.appending(path: source).path)
        } catch {
            throw Diagnostic(.error, file: source, message: "cannot read (\(error.reason))")
        }
        guard let text = String(validating: data, as: UTF8.self), let file = try? SourceFile.split(text) else {
            throw Diagnostic(.error, file: source, message: "the file changed while the site was built; build again")
        }
        return (file.body, file.bodyFirstLine)
    }
}

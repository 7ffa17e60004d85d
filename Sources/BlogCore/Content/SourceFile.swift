#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    enum SplitError: Error, Equatable {
        /// The opening `---` has no closing `---`.
        case unclosed
    }

    /// Splits text into front matter and body; a byte-order mark is dropped and CRLF becomes LF.
    static func split(_ text: String) throws(SplitError) -> SourceFile {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // memchr, not a generic scan of the UTF-8 view, which cost as much as the rest of the split.
        let hasCR = text.withUTF8 { buffer in buffer.baseAddress.map { memchr($0, 13, buffer.count) != nil } ?? false }
        if hasCR { text = text.replacingCRLF() }
        let bytes = text.utf8
        guard bytes.starts(with: "---\n".utf8) || text == "---" else {
            return SourceFile(frontMatter: nil, frontMatterLineOffset: 0, body: text, bodyFirstLine: 1)
        }
        // Scan line by line, only as far as the closing delimiter: the body is taken whole after it.
        var lineStart = bytes.index(bytes.startIndex, offsetBy: min(4, bytes.count))
        let yamlStart = lineStart
        var line = 2
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: 10) ?? bytes.endIndex
            let content = bytes[lineStart..<lineEnd]
            if content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8) {
                let yaml = String(text[yamlStart..<lineStart])
                let bodyStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
                return SourceFile(frontMatter: yaml, frontMatterLineOffset: 1, body: String(text[bodyStart...]), bodyFirstLine: line + 1)
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

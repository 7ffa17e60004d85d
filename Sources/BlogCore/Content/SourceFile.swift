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
        if text.contains("\r") { text = text.replacingCRLF() }
        guard text.hasPrefix("---\n") || text == "---" else {
            return SourceFile(frontMatter: nil, frontMatterLineOffset: 0, body: text, bodyFirstLine: 1)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        lines.removeFirst()
        var yaml: [Substring] = []
        var line = 2
        while let next = lines.first {
            lines.removeFirst()
            if next == "---" || next == "..." {
                return SourceFile(frontMatter: yaml.joined(separator: "\n") + "\n", frontMatterLineOffset: 1,
                                  body: lines.joined(separator: "\n"), bodyFirstLine: line + 1)
            }
            yaml.append(next)
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

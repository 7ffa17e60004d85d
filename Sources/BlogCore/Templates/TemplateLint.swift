import Foundation

/// Checks templates before a build renders them: every partial and parent they name must exist, and
/// every variable must be one the engine provides, so a typo is a message with file and line instead of
/// an empty spot on every page.
enum TemplateLint {
    /// Every key of the objects ``PageContext`` gives templates; a test keeps this list equal to them.
    static let knownNames: Set<String> = [
        "site", "page", "post", "posts", "pagination", "tags", "has_tags", "tag", "years",
        "title", "description", "base_url", "base_path", "language", "feed_url", "authors", "pages",
        "url", "path", "type", "image", "published",
        "permalink", "summary", "has_authors", "reading_minutes", "word_count", "is_draft", "attachments",
        "has_attachments", "date_iso", "date_display", "date_short", "updated_iso", "updated_display",
        "external_url", "content", "name", "count", "mime_type",
        "page_number", "page_count", "has_pages", "is_first", "previous_url", "next_url", "year",
    ]
    /// What swift-mustache offers inside a section over an array.
    static let sequenceNames: Set<String> = ["first", "last", "index", "even", "odd"]

    /// The tags of a template with default delimiters, trimmed, with where each starts; it stops at a
    /// set-delimiter tag (the rest cannot be read with these rules) and at an unclosed tag (the parser
    /// reports that with its position).
    static func tags(in text: String) -> [(tag: String, start: String.Index)] {
        var tags: [(tag: String, start: String.Index)] = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            let isTriple = rest[open.upperBound...].hasPrefix("{")
            let contentStart = isTriple ? rest.index(after: open.upperBound) : open.upperBound
            guard let close = rest[contentStart...].range(of: isTriple ? "}}}" : "}}") else { break }
            let tag = rest[contentStart..<close.lowerBound].trimmingWhitespace()
            rest = rest[close.upperBound...]
            if tag.hasPrefix("=") { break }
            tags.append((tag, open.lowerBound))
        }
        return tags
    }

    static func check(_ text: String, file: String, templates: Set<String>, strict: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (tag, start) in tags(in: text) {
            guard let sigil = tag.first, !"!/$".contains(sigil) else { continue }
            let position = self.position(of: start, in: text)
            if sigil == ">" || sigil == "<" {
                let name = tag.dropFirst().trimmingWhitespace()
                if !templates.contains(name) {
                    let kind = sigil == ">" ? "partial" : "parent template"
                    diagnostics.append(Diagnostic(.error, file: file, line: position.line, column: position.column,
                                                  message: "missing \(kind) '\(name)'; expected a file site-template/\(name).mustache"))
                }
                continue
            }
            let name = "#^&".contains(sigil) ? String(tag.dropFirst()).trimmingWhitespace() : tag
            if let unknown = unknownSegment(in: name) {
                let hint = Suggestion.hint(for: unknown, in: knownNames.union(sequenceNames).sorted())
                diagnostics.append(Diagnostic(strict ? .error : .warning, file: file, line: position.line, column: position.column,
                                              message: "unknown variable '\(name)'\(hint)"))
            }
        }
        return diagnostics
    }

    /// Every segment of every variable name in a template (`post.title` gives `post` and `title`).
    static func variableSegments(in text: String) -> Set<String> {
        var names = Set<String>()
        for (tag, _) in tags(in: text) {
            guard let sigil = tag.first, !"!/$><".contains(sigil) else { continue }
            for part in tag.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) { names.insert(String(part)) }
        }
        return names
    }

    /// The first dotted segment of a variable name that no context object has; transforms such as
    /// `reversed(posts)` are looked through.
    static func unknownSegment(in name: String) -> String? {
        var variable = name
        if let open = variable.firstIndex(of: "("), let close = variable.lastIndex(of: ")"), open < close {
            variable = String(variable[variable.index(after: open)..<close])
        }
        guard variable != "." else { return nil }
        for segment in variable.split(separator: ".") where !knownNames.contains(String(segment)) && !sequenceNames.contains(String(segment)) {
            return String(segment)
        }
        return nil
    }

    private static func position(of index: Substring.Index, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for character in text[..<index] {
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

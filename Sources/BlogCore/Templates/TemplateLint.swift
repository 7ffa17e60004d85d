import Foundation

/// Checks templates before a build renders them: every partial and parent they name must exist, and
/// every variable must be one the engine provides, so a typo is a message with file and line instead of
/// an empty spot on every page.
enum TemplateLint {
    /// Every key of the objects ``PageContext`` gives templates; a test keeps this list equal to them.
    static let knownNames: Set<String> = [
        "site", "page", "post", "posts", "pagination", "tags", "has_tags", "tag", "years",
        "title", "description", "base_url", "base_path", "language", "feed_url", "feeds", "search_url", "search_page",
        "authors", "pages",
        "url", "path", "type", "image", "published",
        "permalink", "summary", "has_authors", "reading_minutes", "word_count", "is_draft", "attachments",
        "has_attachments", "date_iso", "date_display", "date_short", "updated_iso", "updated_display",
        "external_url", "content", "name", "count", "mime_type",
        "page_number", "page_count", "has_pages", "is_first", "previous_url", "next_url", "year",
        "toc", "has_toc", "id", "children", "has_children",
    ]
    /// What swift-mustache offers inside a section over an array.
    static let sequenceNames: Set<String> = ["first", "last", "index", "even", "odd"]

    /// The tags of a template, trimmed, with where each starts, following set-delimiter tags
    /// (`{{=<% %>=}}`); it stops at an unclosed tag (the parser reports that with its position).
    static func tags(in text: String) -> [(tag: String, start: String.Index)] {
        var tags: [(tag: String, start: String.Index)] = []
        var rest = text[...]
        var (opening, closing) = ("{{", "}}")
        while let open = rest.range(of: opening) {
            let isTriple = opening == "{{" && rest[open.upperBound...].hasPrefix("{")
            let contentStart = isTriple ? rest.index(after: open.upperBound) : open.upperBound
            guard let close = rest[contentStart...].range(of: isTriple ? "}}}" : closing) else { break }
            let tag = rest[contentStart..<close.lowerBound].trimmingWhitespace()
            rest = rest[close.upperBound...]
            if tag.hasPrefix("="), tag.hasSuffix("="), tag.count > 1 {
                let delimiters = tag.dropFirst().dropLast().split(whereSeparator: \.isWhitespace)
                guard delimiters.count == 2 else { break }
                (opening, closing) = (String(delimiters[0]), String(delimiters[1]))
                continue
            }
            tags.append((tag, open.lowerBound))
        }
        return tags
    }

    /// The partials and parent templates a template names (`{{> name}}`, `{{< name}}`).
    static func includes(in text: String) -> [String] {
        tags(in: text).compactMap { tag, _ in
            guard let sigil = tag.first, sigil == ">" || sigil == "<" else { return nil }
            return tag.dropFirst().trimmingWhitespace()
        }
    }

    /// Templates that include themselves, directly or through others, and chains of includes deeper than
    /// `maximumDepth`: rendering either would never end (or end the process), so both are errors naming
    /// the chain.
    static func recursion(in includes: [String: [String]], files: [String: String], maximumDepth: Int = 32)
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        // Each template is visited once (on the path being followed while its includes are), so the
        // check takes time in proportion to the templates and includes, and no deeper than the limit.
        var depthBelow: [String: Int] = [:]
        var onPath = Set<String>()
        var tooDeep = false
        func visit(_ name: String, chain: [String]) -> Int {
            if let depth = depthBelow[name] { return depth }
            if onPath.contains(name) {
                let cycle = Array(chain[(chain.firstIndex(of: name) ?? 0)...]) + [name]
                diagnostics.append(
                    Diagnostic(
                        .error, file: files[name] ?? name,
                        message:
                            "template recursion: \(cycle.joined(separator: " → ")); a template may not include itself, directly or through others"
                    ))
                return 0
            }
            guard chain.count <= maximumDepth else {
                if !tooDeep {
                    tooDeep = true
                    diagnostics.append(
                        Diagnostic(
                            .error, file: files[chain[0]] ?? chain[0],
                            message:
                                "templates include each other more than \(maximumDepth) deep: \(chain.prefix(3).joined(separator: " → ")) → …"
                        ))
                }
                return 0
            }
            onPath.insert(name)
            var depth = 0
            for next in includes[name] ?? [] { depth = max(depth, 1 + visit(next, chain: chain + [name])) }
            onPath.remove(name)
            depthBelow[name] = depth
            return depth
        }
        for name in includes.keys.sorted() { _ = visit(name, chain: []) }
        return diagnostics
    }

    static func check(_ text: String, file: String, templates: Set<String>, strict: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Positions are counted from the last tag's, so a template of many tags is read once.
        var cursor = (index: text.startIndex, line: 1, column: 1)
        for (tag, start) in tags(in: text) {
            guard let sigil = tag.first, !"!/$".contains(sigil) else { continue }
            cursor = advance(cursor, to: start, in: text)
            let position = (line: cursor.line, column: cursor.column)
            if sigil == ">" || sigil == "<" {
                let name = tag.dropFirst().trimmingWhitespace()
                if !templates.contains(name) {
                    let kind = sigil == ">" ? "partial" : "parent template"
                    diagnostics.append(
                        Diagnostic(
                            .error, file: file, line: position.line, column: position.column,
                            message: "missing \(kind) '\(name)'; expected a file site-template/\(name).mustache"))
                }
                continue
            }
            let name = "#^&".contains(sigil) ? String(tag.dropFirst()).trimmingWhitespace() : tag
            if let function = unknownFunction(in: name) {
                diagnostics.append(
                    Diagnostic(
                        strict ? .error : .warning, file: file, line: position.line, column: position.column,
                        message:
                            "unknown function '\(function)' in '\(name)'; templates have \(transforms.sorted().joined(separator: ", "))"
                    ))
            } else if let unknown = unknownSegment(in: name) {
                let hint = Suggestion.hint(for: unknown, in: knownNames.union(sequenceNames).sorted())
                diagnostics.append(
                    Diagnostic(
                        strict ? .error : .warning, file: file, line: position.line, column: position.column,
                        message: "unknown variable '\(name)'\(hint)"))
            }
        }
        return diagnostics
    }

    /// The functions (swift-mustache's transforms) a template may apply, as in `{{uppercased(post.title)}}`.
    static let transforms: Set<String> = [
        "capitalized", "count", "empty", "enumerated", "equalzero", "even", "first", "last", "lowercased",
        "minusone", "odd", "plusone", "reversed", "sorted", "uppercased",
    ]

    /// The first function a tag applies that is not a transform, if any; an unknown one prints nothing.
    static func unknownFunction(in name: String) -> String? {
        var rest = name[...]
        while let open = rest.firstIndex(of: "(") {
            let function = rest[..<open].trimmingWhitespace()
            if !transforms.contains(function) { return function }
            rest = rest[rest.index(after: open)...]
        }
        return nil
    }

    /// The innermost section a template opens and never closes, with the line and column of its opening
    /// tag: the parser can only say where the file ends.
    ///
    /// A section left open inside another is found where the outer one closes (`{{/content}}` while
    /// `{{#posts}}` is open); a closing tag that closes nothing open is a typo, which the parser reports.
    static func unclosedSection(in text: String) -> (name: String, line: Int, column: Int)? {
        var open: [(name: String, start: String.Index)] = []
        var unclosed: (name: String, start: String.Index)?
        for (tag, start) in tags(in: text) {
            guard let sigil = tag.first else { continue }
            let name = tag.dropFirst().trimmingWhitespace()
            if "#^$<".contains(sigil) {
                open.append((name, start))
            } else if sigil == "/" {
                guard let index = open.lastIndex(where: { $0.name == name }) else { return nil }
                if index < open.count - 1 {
                    unclosed = open.last
                    break
                }
                open.removeLast()
            }
        }
        guard let section = unclosed ?? open.last else { return nil }
        let position = advance((text.startIndex, 1, 1), to: section.start, in: text)
        return (section.name, position.line, position.column)
    }

    /// Every segment of every variable name in a template (`post.title` gives `post` and `title`).
    static func variableSegments(in text: String) -> Set<String> {
        var names = Set<String>()
        for (tag, _) in tags(in: text) {
            guard let sigil = tag.first, !"!/$><".contains(sigil) else { continue }
            for part in tag.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                names.insert(String(part))
            }
        }
        return names
    }

    /// Every run of ASCII letters, digits and `_` in `text`, tags or not.
    static func words(in text: String) -> Set<String> {
        var words = Set<String>()
        var start: String.UTF8View.Index?
        let utf8 = text.utf8
        for index in utf8.indices {
            let byte = utf8[index]
            let isWordByte =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F
            if isWordByte {
                if start == nil { start = index }
            } else if let first = start {
                words.insert(String(text[first..<index]))
                start = nil
            }
        }
        if let first = start { words.insert(String(text[first...])) }
        return words
    }

    /// The first dotted segment of a variable name that no context object has; transforms such as
    /// `reversed(posts)` are looked through.
    static func unknownSegment(in name: String) -> String? {
        var variable = name
        if let open = variable.firstIndex(of: "("), let close = variable.lastIndex(of: ")"), open < close {
            variable = String(variable[variable.index(after: open)..<close])
        }
        guard variable != "." else { return nil }
        for segment in variable.split(separator: ".")
        where !knownNames.contains(String(segment)) && !sequenceNames.contains(String(segment)) {
            return String(segment)
        }
        return nil
    }

    private static func advance(
        _ from: (index: String.Index, line: Int, column: Int), to index: String.Index, in text: String
    )
        -> (index: String.Index, line: Int, column: Int)
    {
        var (line, column) = (from.line, from.column)
        for character in text[from.index..<index] {
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (index, line, column)
    }
}

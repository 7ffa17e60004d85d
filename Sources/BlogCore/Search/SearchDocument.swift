/// What the search index takes from a post's rendered body: its terms with their weighted counts and the
/// start of its text for result snippets. Made beside the post's page, kept in the build record with the
/// post's summary, so that a build that carries the page over indexes the post without reading it again.
struct SearchDocument: Sendable, Equatable {
    /// Each term with its count; a heading's words count twice, as they tell more of what a post is about.
    var terms: [String: Int]
    /// The body's first words, for the snippet under a result.
    var excerpt: String

    static let excerptLimit = 240

    /// The document of a body whose text (headings included) is `body`, with `headings` alone.
    init(body: String, headings: [String], words: SearchWords) {
        var terms = words.counts(in: body)
        for heading in headings { words.forEachTerm(in: heading) { terms[$0, default: 0] += 1 } }
        self.terms = terms
        self.excerpt = Self.excerpt(of: body)
    }

    init(terms: [String: Int], excerpt: String) {
        self.terms = terms
        self.excerpt = excerpt
    }

    /// The first words of `text` up to ``excerptLimit`` scalars, its spaces collapsed. By scalar, not by
    /// character: finding characters' bounds in every post cost a tenth of the index's time.
    static func excerpt(of text: String) -> String {
        var result = String.UnicodeScalarView()
        var length = 0
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar.properties.isWhitespace {
                pendingSpace = length > 0
                continue
            }
            if pendingSpace {
                result.append(" ")
                length += 1
            }
            pendingSpace = false
            result.append(scalar)
            length += 1
            if length >= excerptLimit { break }
        }
        return String(result)
    }

    /// One line for the build record: the excerpt, then each term and its count, separated by U+001F
    /// (which a term never holds, and the record's text replaces in the excerpt).
    var recordText: String {
        var text = excerpt.replacingOccurrences(of: "\u{1F}", with: " ")
        for term in terms.keys.sorted() {
            text += "\u{1F}\(term)\u{1F}\(terms[term] ?? 0)"
        }
        return text
    }

    /// The document from its ``recordText``; nil for an empty or damaged text.
    init?(recordText: String) {
        guard !recordText.isEmpty else { return nil }
        let parts = recordText.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        guard parts.count % 2 == 1 else { return nil }
        var terms: [String: Int] = [:]
        var index = 1
        while index < parts.count {
            guard let count = Int(parts[index + 1]) else { return nil }
            terms[String(parts[index])] = count
            index += 2
        }
        self.init(terms: terms, excerpt: String(parts[0]))
    }
}

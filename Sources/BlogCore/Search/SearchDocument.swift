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
        var body = body
        self = body.withUTF8 { Self(bodyUTF8: $0, headings: headings, words: words) }
    }

    /// The same from the body's UTF-8 text as the renderer collects it, without making a string of it.
    init(bodyUTF8 body: UnsafeBufferPointer<UInt8>, headings: [String], words: SearchWords) {
        var counter = SearchWords.Counter(words)
        counter.add(body)
        for heading in headings { counter.add(heading) }
        self.terms = counter.counts()
        self.excerpt = Self.excerpt(ofUTF8: body)
    }

    init(terms: [String: Int], excerpt: String) {
        self.terms = terms
        self.excerpt = excerpt
    }

    /// The first words of `text` up to ``excerptLimit`` scalars, its spaces collapsed. By UTF-8 byte, not
    /// by character: finding characters' bounds, or asking each ASCII scalar whether it is a space, in every
    /// post cost a tenth of the index's time.
    static func excerpt(of text: String) -> String {
        var text = text
        return text.withUTF8(excerpt(ofUTF8:))
    }

    /// The same from UTF-8 text.
    static func excerpt(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(excerptLimit + 16)
        var length = 0
        var pendingSpace = false
        var index = 0
        while index < bytes.count, length < excerptLimit {
            let lead = bytes[index]
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let end = min(bytes.count, index + width)
            let isSpace =
                lead < 0x80
                ? (lead == 0x20 || (0x09...0x0D).contains(lead))
                : String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first?.properties.isWhitespace
                    == true
            if isSpace {
                pendingSpace = length > 0
            } else {
                if pendingSpace {
                    result.append(0x20)
                    length += 1
                }
                pendingSpace = false
                result.append(contentsOf: bytes[index..<end])
                length += 1
            }
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// One line for the build record: the excerpt, then each term and its count, separated by U+001F
    /// (which a term never holds, and the record's text replaces in the excerpt).
    var recordText: String {
        var bytes = excerpt.utf8.map { $0 == 0x1F ? 0x20 : $0 }
        bytes.reserveCapacity(bytes.count + terms.count * 12)
        for (term, count) in terms.sorted(by: { $0.key < $1.key }) {
            bytes.append(0x1F)
            bytes.append(contentsOf: term.utf8)
            bytes.append(0x1F)
            bytes.append(contentsOf: String(count).utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
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

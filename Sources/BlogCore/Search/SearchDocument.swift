/// What the search index takes from a post: its terms with their weighted counts, from its rendered
/// body, title, tags and summary, and the start of its text for result snippets. Made beside the post's
/// page, on every core, and kept in the build record with the post's summary, so that a build that
/// carries the page over indexes the post without reading it again, and the index only adds up.
struct SearchDocument: Sendable, Equatable {
    /// Each term with its weighted count: a heading's words count twice, as they tell more of what a post
    /// is about, and a title's, tag's and summary's by their fields' weights.
    var terms: SearchTerms
    /// The body's first words, for the snippet under a result.
    var excerpt: String

    static let excerptLimit = 240
    /// How much more a hit counts in each field than one in the body.
    static let titleWeight = 4
    static let tagWeight = 3
    static let summaryWeight = 2

    /// What a document holds besides its body.
    struct Fields: Sendable, Equatable {
        var title: String
        /// As the site's tag pages name them.
        var tags: [String]
        /// Front matter's own summary, which the body may not hold.
        var summary: String?
    }

    /// The document of a body whose text (headings included) is `body`, with `headings` alone.
    init(body: String, headings: [String], fields: Fields, words: SearchWords) {
        var body = body
        var vocabulary = SearchVocabulary(words)
        self = body.withUTF8 {
            Self.make(bodyUTF8: $0, headings: headings, fields: fields, vocabulary: &vocabulary).document
        }
    }

    /// The same from the body's UTF-8 text as the renderer collects it, without making a string of it,
    /// counted in the rendering worker's `vocabulary`; with the body's words as its reading time counts
    /// them, found as its terms are (``SearchWords/scan(_:_:)``).
    static func make(
        bodyUTF8 body: UnsafeBufferPointer<UInt8>, headings: [String], fields: Fields,
        vocabulary: inout SearchVocabulary
    ) -> (document: SearchDocument, bodyWords: Int) {
        let bodyWords = vocabulary.add(body)
        for heading in headings { vocabulary.add(heading) }
        vocabulary.add(fields.title, weight: Self.titleWeight)
        for tag in fields.tags { vocabulary.add(tag, weight: Self.tagWeight) }
        if let summary = fields.summary { vocabulary.add(summary, weight: Self.summaryWeight) }
        return (SearchDocument(terms: vocabulary.takeTerms(), excerpt: Self.excerpt(ofUTF8: body)), bodyWords)
    }

    init(terms: SearchTerms, excerpt: String) {
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

    /// The same from UTF-8 text, written straight into the string's memory: at most ``excerptLimit``
    /// scalars of at most 4 bytes, each with the space before it.
    static func excerpt(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: excerptLimit * 5) { result in
            var written = 0
            var length = 0
            var pendingSpace = false
            var index = 0
            while index < bytes.count, length < excerptLimit {
                let lead = bytes[index]
                let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let end = min(bytes.count, index + width)
                let isSpace =
                    lead < 0x80
                    ? (lead == 0x20 || lead &- 0x09 < 5)
                    : String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first?.properties
                        .isWhitespace == true
                if isSpace {
                    pendingSpace = length > 0
                } else {
                    if pendingSpace {
                        result[written] = 0x20
                        written += 1
                        length += 1
                    }
                    pendingSpace = false
                    for offset in index..<end { result[written + offset - index] = bytes[offset] }
                    written += end - index
                    length += 1
                }
                index = end
            }
            return written
        }
    }

    /// One line for the build record: the excerpt, then each term and its count, in the terms' order,
    /// separated by U+001F (which a term never holds, and the record's text replaces in the excerpt).
    var recordText: String {
        var excerpt = excerpt
        var bytes: [UInt8] = []
        bytes.reserveCapacity(excerpt.utf8.count + terms.bytes.count + terms.count * 4)
        // Its bytes at once, not mapped one by one through the string's view.
        excerpt.withUTF8 { bytes.append(contentsOf: $0) }
        for index in bytes.indices where bytes[index] == 0x1F { bytes[index] = 0x20 }
        terms.forEach { term, count in
            bytes.append(0x1F)
            bytes.append(contentsOf: term)
            bytes.append(0x1F)
            Self.appendDecimal(count, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The document from its ``recordText``; nil for an empty or damaged text.
    init?(recordText: String) {
        guard !recordText.isEmpty else { return nil }
        var text = recordText
        guard let parsed = text.withUTF8(Self.parseRecord) else { return nil }
        self = parsed
    }

    private static func parseRecord(_ bytes: UnsafeBufferPointer<UInt8>) -> SearchDocument? {
        let separator: UInt8 = 0x1F
        var index = bytes.firstIndex(of: separator) ?? bytes.count
        let excerpt = String(decoding: bytes[0..<index], as: UTF8.self)
        var terms = SearchTerms()
        while index < bytes.count {
            let termStart = index + 1
            guard let termEnd = bytes[termStart...].firstIndex(of: separator) else { return nil }
            var count = 0
            index = termEnd + 1
            let countStart = index
            while index < bytes.count, bytes[index] != separator {
                guard (0x30...0x39).contains(bytes[index]), count < Int(Int32.max) / 10 else { return nil }
                count = count * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index > countStart else { return nil }
            terms.append(UnsafeBufferPointer(rebasing: bytes[termStart..<termEnd]), count: count)
        }
        return SearchDocument(terms: terms, excerpt: excerpt)
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        // Most counts are one digit: no division for them.
        if value < 10 { return bytes.append(UInt8(0x30 + value)) }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(0x30 + value / divisor % 10))
            divisor /= 10
        }
    }
}

/// How a site's search index is made (`search:` in blog.yaml).
public struct SearchSettings: Sendable, Equatable {
    /// The BCP 47 tag of the language whose word endings are stripped (`search.language`).
    public var language: String

    /// Makes settings for `language`.
    public init(language: String) {
        self.language = language
    }

    /// English stemming, for English only: another language's words are indexed as they are written.
    var stems: Bool {
        let lowered = language.lowercased()
        return lowered == "en" || lowered.hasPrefix("en-")
    }

    var words: SearchWords { SearchWords(stems: stems) }
}

import Foundation

/// Reads JSON Feed 1.0 and 1.1 documents strictly.
///
/// Decoding fails when the spec's rules are broken: a missing `version`, `title`, `items` or item `id`, an
/// item with no content, a date that is not RFC 3339, an attachment without `url`, a hub without `type` or
/// `url`, or any value of another type than the spec gives it. It is lenient where the spec's spirit asks:
/// numeric ids become strings, a missing `mime_type` is accepted, relative URLs stay as written, unknown
/// keys are ignored and `_` extensions are kept.
public struct FeedDecoder: Sendable {
    /// Makes a decoder; it has no settings.
    public init() {}

    /// Decodes a feed document.
    ///
    /// - Parameter data: UTF-8 JSON.
    /// - Returns: The feed; a 1.0 `author` is in ``Feed/authors``.
    /// - Throws: ``FeedDecodingError`` listing every error with its JSON path.
    public func decode(from data: Data) throws(FeedDecodingError) -> Feed {
        let (feed, problems) = FeedValidator.read(data)
        guard let feed else { throw FeedDecodingError(problems: problems.filter { $0.severity == .error }) }
        return feed
    }
}

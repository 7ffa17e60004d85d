/// A feed that cannot be written as JSON, such as one with an infinite attachment size.
public struct FeedEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the value, such as `items[2].attachments[0].size_in_bytes`.
    public var path: String
    /// What cannot be encoded.
    public var message: String
    /// `PATH: message`.
    public var description: String { "\(path): \(message)" }
}

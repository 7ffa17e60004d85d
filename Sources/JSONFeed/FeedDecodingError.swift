/// A feed that the strict decoder could not read.
public struct FeedDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every error found, in document order; there is at least one.
    public var problems: [FeedProblem]

    /// One line per problem, `PATH: message`, such as
    /// `items[3].attachments[0]: missing required key "url"`.
    public var description: String {
        problems.map { "\($0.path): \($0.message)" }.joined(separator: "\n")
    }
}

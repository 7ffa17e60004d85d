/// One thing wrong with a feed document, located by its JSON path.
public struct FeedProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a problem is: errors make a feed unreadable, warnings do not.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    /// Whether the problem makes the feed unreadable.
    public var severity: Severity
    /// Where: a JSON path such as `items[3].attachments[0]` (`$` is the top-level object), or
    /// `LINE:COLUMN` for a document that is not JSON.
    public var path: String
    /// The rule broken, such as `ATT-URL` or `ITEM-DATE` (see the README's table of rules).
    public var rule: String
    /// What was wrong and what was expected.
    public var message: String

    /// Makes a problem.
    public init(severity: Severity, path: String, rule: String, message: String) {
        self.severity = severity
        self.path = path
        self.rule = rule
        self.message = message
    }

    /// `PATH: error: message`, the form `blog feed validate` prints after the file name.
    public var description: String { "\(path): \(severity.rawValue): \(message)" }
}

import JSONFeed

/// A problem found in a site's files, printed compiler style.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is; only errors fail a build.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note
    }

    /// Error, warning or note.
    public var severity: Severity
    /// The file, relative to the site root.
    public var file: String
    /// 1-based line in the file.
    public var line: Int?
    /// 1-based column, in Unicode scalars like Yams.
    public var column: Int?
    /// What was wrong; what was expected.
    public var message: String

    /// Makes a diagnostic.
    public init(_ severity: Severity, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `content/posts/hello.md:3:7: error: 'date' must be ...`.
    public var description: String {
        let position = [line, column].compactMap { $0 }.map { ":\($0)" }.joined()
        return "\(file)\(position): \(severity.rawValue): \(message)"
    }

    /// A user's value quoted for a message, escaped the way JSON writes strings.
    static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }
}

/// A diagnostic is thrown where one file's problem ends one piece of work (reading a post again).
extension Diagnostic: Error {}

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

    /// `content/posts/hello.md:3:7: error: 'date' must be ...`, on one line. Control characters from
    /// whatever the message quotes (a file name, a title) are shown escaped (`\u{1B}`), so that no post
    /// or file name can move the cursor, ring the bell or change the colours of the terminal that prints it.
    public var description: String {
        let position = [line, column].compactMap { $0 }.map { ":\($0)" }.joined()
        return Self.printable("\(file)\(position): \(severity.rawValue): \(message)")
    }

    /// `text` with every C0 and C1 control character, DEL and the line and paragraph separators written
    /// as `\u{XX}`; text without them is returned as it is.
    public static func printable(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A user's value quoted for a message, escaped the way JSON writes strings.
    static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }
}

/// A diagnostic is thrown where one file's problem ends one piece of work (reading a post again).
extension Diagnostic: Error {}

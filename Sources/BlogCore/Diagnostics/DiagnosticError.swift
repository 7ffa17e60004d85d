/// A build or command that failed, carrying every diagnostic found on the way.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// All diagnostics, errors and warnings, in the order they were found.
    public var diagnostics: [Diagnostic]

    /// Wraps diagnostics.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// An error with one diagnostic.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        diagnostics = [Diagnostic(.error, file: file, line: line, column: column, message: message)]
    }

    /// Every diagnostic, one per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

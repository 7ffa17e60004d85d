/// A document that is not well-formed JSON (RFC 8259).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the fault.
    public var line: Int
    /// 1-based column of the fault, counted in bytes.
    public var column: Int
    /// What was wrong and what was expected.
    public var message: String

    /// `LINE:COLUMN: invalid JSON: message`.
    public var description: String { "\(line):\(column): invalid JSON: \(message)" }
}

import BlogCore
import BlogFileSystem
import Foundation

/// Writes diagnostics and progress to the terminal: colour only on a terminal and never with `NO_COLOR`.
enum Terminal {
    static var errorIsTerminal: Bool { FileSystem.standardErrorIsTerminal }
    static var usesColor: Bool { errorIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// Writes a line to standard error, control characters from user text shown escaped.
    static func printError(_ line: String) {
        writeError(Diagnostic.printable(line))
    }

    private static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func print(_ diagnostic: Diagnostic) {
        guard usesColor else { return printError(diagnostic.description) }
        let color =
            switch diagnostic.severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;33m"
            case .note: "\u{1B}[1;36m"
            }
        let text = diagnostic.description
        let label = "\(diagnostic.severity.rawValue):"
        if let range = text.range(of: label) {
            writeError(text.replacingCharacters(in: range, with: "\(color)\(label)\u{1B}[0m"))
        } else {
            printError(text)
        }
    }

    /// A progress callback that redraws one line on a terminal; nil when standard error is not one.
    static func progress(label: String) -> (@Sendable (Int, Int) -> Void)? {
        guard errorIsTerminal else { return nil }
        return { done, total in
            guard total >= 200, done % 50 == 0 || done == total else { return }
            let width = 30
            let filled = width * done / max(total, 1)
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            let end = done == total ? "\r\u{1B}[K" : ""
            FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)\(end)".utf8))
        }
    }
}

extension DiagnosticError {
    /// Prints every diagnostic and a closing count, then exits non-zero.
    func report() -> ExitCodeError {
        for diagnostic in diagnostics { Terminal.print(diagnostic) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        Terminal.printError("\(errors) error\(errors == 1 ? "" : "s")")
        return ExitCodeError()
    }
}

struct ExitCodeError: Error {}

import Yams

/// Turns Yams' errors into compiler-style diagnostics.
enum YAMLErrors {
    static func diagnostic(for error: any Error, file: String, lineOffset: Int) -> Diagnostic {
        guard let yamlError = error as? YamlError else {
            return Diagnostic(.error, file: file, message: "invalid YAML: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            return Diagnostic(
                .error, file: file, line: mark.line + lineOffset, column: mark.column,
                message: "invalid YAML: \(detail)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Diagnostic(
                .error, file: file, line: context.mark.line + lineOffset, column: context.mark.column,
                message:
                    "duplicate key\(duplicates.count == 1 ? "" : "s") \(duplicates.map { "'\($0)'" }.joined(separator: ", ")); each key may appear once"
            )
        case .reader(let problem, _, _, _):
            return Diagnostic(.error, file: file, message: "invalid YAML: \(problem)")
        default:
            return Diagnostic(.error, file: file, message: "invalid YAML: \(yamlError)")
        }
    }
}

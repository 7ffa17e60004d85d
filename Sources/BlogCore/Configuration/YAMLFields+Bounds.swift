import Yams

extension YAMLFields {
    /// Why a YAML text was not composed.
    enum ComposeProblem: Error {
        /// A mapping key that is an alias or a collection, in YAML that uses aliases (1-based line).
        case riskyKey(line: Int)
        /// Yams' own error: syntax, duplicate keys, or libyaml's nesting limit (1,000 levels).
        case syntax(any Error)
        /// More than ``YAMLFields/maximumValues`` values with aliases expanded.
        case tooLarge
    }

    /// YAML composed within the build's bounds: no key that would make Yams hash an alias bomb, libyaml's
    /// nesting limit, and at most ``maximumValues`` values once aliases are expanded. Every reader of
    /// YAML (blog.yaml, front matter, and the import's `_config.yml`, Hugo configuration and front matter)
    /// composes through here, so that nothing one refuses another takes.
    ///
    /// - Parameters:
    ///   - resolver: The build's, which reads every scalar as text, unless the caller converts the nodes
    ///     to values itself (`Node.any`).
    static func boundedCompose(
        _ yaml: String, resolver: Resolver = resolver, constructor: Constructor = makeConstructor()
    ) throws(ComposeProblem) -> Node? {
        if let line = riskyAliasKeyLine(in: yaml) { throw .riskyKey(line: line) }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml, resolver, constructor, .utf8)
        } catch {
            throw .syntax(error)
        }
        if let root, isTooLarge(root) { throw .tooLarge }
        return root
    }

    /// The diagnostic for a problem of ``boundedCompose(_:)`` in `file`, whose YAML starts after
    /// `lineOffset` lines.
    static func diagnostic(for problem: ComposeProblem, file: String, lineOffset: Int) -> Diagnostic {
        switch problem {
        case .riskyKey(let line):
            Diagnostic(.error, file: file, line: line + lineOffset, column: 1, message: riskyKeyMessage)
        case .syntax(let error):
            YAMLErrors.diagnostic(for: error, file: file, lineOffset: lineOffset)
        case .tooLarge:
            Diagnostic(.error, file: file, line: lineOffset + 1, column: 1, message: tooLargeMessage)
        }
    }

    /// Whether a tree of values read from TOML or JSON (tables as `[String: Any]`, arrays as `[Any]`) holds
    /// more than ``maximumValues`` values, as YAML may not.
    static func isTooLarge(_ tree: Any) -> Bool {
        var budget = maximumValues
        func visit(_ value: Any) -> Bool {
            budget -= 1
            if budget < 0 { return false }
            if let table = value as? [String: Any] { return table.values.allSatisfy(visit) }
            if let array = value as? [Any] { return array.allSatisfy(visit) }
            return true
        }
        return !visit(tree)
    }

    static let tooManyValuesMessage = "the file holds more than \(maximumValues) values; expected at most that many"
}

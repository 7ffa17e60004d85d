extension Blog.Markdown {
    /// What `blog markdown` is asked to do, as plain values.
    struct Request: Equatable {
        var file = "-"
        var noExtensions = false
        var noSmart = false
        var unsafe = false
        var safe = false
        var noHighlight = false
        var toc = false
    }

    /// The flags by the names swift-argument-parser gives them (checked against it, see ``plainRequest(_:)``).
    private static var flags: [(name: String, value: WritableKeyPath<Request, Bool>)] {
        [
            ("--no-extensions", \.noExtensions), ("--no-smart", \.noSmart), ("--unsafe", \.unsafe),
            ("--safe", \.safe), ("--no-highlight", \.noHighlight), ("--toc", \.toc),
        ]
    }

    /// The request that `arguments` (those after `markdown`) make when they are plain: each flag at most
    /// once by its full name, and at most one file, which is `-` or does not start with `-`. Anything else
    /// (help, an abbreviation, `--`, a value after `=`, an error) is nil and is parsed by
    /// swift-argument-parser, which words every message.
    ///
    /// `blog markdown` is the command run once per document in pipelines, where its start-up counts:
    /// swift-argument-parser's parse reflects on the command and looks up protocol conformances in the
    /// whole static binary, three fifths of the instructions of rendering an empty document. A debug
    /// build parses every plain request both ways and stops if they differ, so the tests that run the
    /// command hold the two to one meaning.
    static func plainRequest(_ arguments: [String]) -> Request? {
        let flags = Self.flags
        var request = Request()
        var (seen, file) = (Set<String>(), String?.none)
        for argument in arguments {
            if let flag = flags.first(where: { $0.name == argument }) {
                guard seen.insert(argument).inserted else { return nil }
                request[keyPath: flag.value] = true
            } else if file == nil, argument == "-" || !(argument.hasPrefix("-") || argument == "help") {
                file = argument
            } else {
                return nil
            }
        }
        guard !(request.unsafe && request.safe) else { return nil }
        request.file = file ?? request.file
        assert(request == (try? parse(arguments))?.request, "blog markdown \(arguments): parsed otherwise")
        return request
    }
}

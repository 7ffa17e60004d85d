import BlogFileSystem
import Foundation
import Mustache

/// The site's Mustache templates, each parsed once per build.
struct TemplateSet: Sendable {
    /// Templates a theme must have; partials may be added freely under `partials/`.
    static let required = ["base", "index", "post", "page", "tag", "tags", "archive", "404"]

    private let library: MustacheLibrary
    /// Every variable-name segment that the list templates (index, tags, tag, archive, 404, base) and all
    /// partials mention; list pages can change only when one of these values changes.
    let listVariableNames: Set<String>
    /// Every run of letters, digits and `_` in any template's text: a superset of the names any tag can
    /// look up, whatever its delimiters, so a value whose name is not here is never rendered.
    let mentionedWords: Set<String>

    /// Loads every `.mustache` file below `folder`, reporting each syntax error with its file and line.
    ///
    /// - Parameter displayFolder: The folder as shown in diagnostics (`site-template`).
    static func load(from folder: URL, displayFolder: String, strict: Bool = false) throws(DiagnosticError) -> (
        TemplateSet, [Diagnostic]
    ) {
        let tree: FolderWalk.Tree
        do {
            tree = try FolderWalk.tree(folder.path)
        } catch {
            guard !error.isMissing else {
                throw DiagnosticError(
                    file: displayFolder,
                    message: "the theme folder is missing; run 'blog init' or copy a theme into \(displayFolder)/")
            }
            throw DiagnosticError(file: displayFolder, message: "cannot read (\(error.reason))")
        }
        HTMLEscaping.registration
        var library = MustacheLibrary()
        var names = Set<String>()
        var texts: [(file: String, text: String)] = []
        // `static/` is the copy of static files' to report.
        var diagnostics = Diagnostic.problems(in: tree, of: displayFolder, skipping: "static")
        let paths = tree.files.filter { $0.hasSuffix(".mustache") && !$0.hasPrefix("static/") }
        for path in paths {
            let file = "\(displayFolder)/\(path)"
            if let problem = ContentLoader.outsideLinkProblem(
                folder.appending(path: path), root: folder.deletingLastPathComponent())
            {
                diagnostics.append(Diagnostic(.error, file: file, message: problem))
                continue
            }
            let data: Data
            do {
                data = try FileContents.contents(atPath: folder.appending(path: path).path)
            } catch {
                diagnostics.append(Diagnostic(.error, file: file, message: "cannot read (\(error.reason))"))
                continue
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                diagnostics.append(Diagnostic(.error, file: file, message: "the template is not valid UTF-8 text"))
                continue
            }
            switch parse(text, file: file) {
            case .success(let template):
                let name = String(path.dropLast(".mustache".count))
                library.register(template, named: name)
                names.insert(name)
                texts.append((file, text))
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
            }
        }
        for name in required
        where !names.contains(name) && !diagnostics.contains(where: { $0.file == "\(displayFolder)/\(name).mustache" })
        {
            diagnostics.append(
                Diagnostic(
                    .error, file: "\(displayFolder)/\(name).mustache",
                    message:
                        "missing template; a theme needs \(required.map { "\($0).mustache" }.joined(separator: ", "))"))
        }
        var includes: [String: [String]] = [:]
        var files: [String: String] = [:]
        for (file, text) in texts {
            diagnostics += TemplateLint.check(text, file: file, templates: names, strict: strict)
            let name = String(file.dropFirst(displayFolder.count + 1).dropLast(".mustache".count))
            includes[name] = TemplateLint.includes(in: text).filter(names.contains)
            files[name] = file
        }
        diagnostics += TemplateLint.recursion(in: includes, files: files)
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw DiagnosticError(diagnostics) }
        let listFiles = Set(
            ["index", "tags", "tag", "archive", "404", "base"].map { "\(displayFolder)/\($0).mustache" })
        var listNames = Set<String>()
        for (file, text) in texts where listFiles.contains(file) || file.hasPrefix("\(displayFolder)/partials/") {
            listNames.formUnion(TemplateLint.variableSegments(in: text))
        }
        var words = Set<String>()
        for (_, text) in texts { words.formUnion(TemplateLint.words(in: text)) }
        return (TemplateSet(library: library, listVariableNames: listNames, mentionedWords: words), diagnostics)
    }

    /// One template parsed, or its syntax error at its line in the file.
    private static func parse(_ text: String, file: String) -> Result<MustacheTemplate, Diagnostic> {
        do {
            return .success(try MustacheTemplate(string: HTMLEscaping.pragma + text))
        } catch let error as MustacheTemplate.ParserError {
            if let kind = error.error as? MustacheTemplate.Error,
                kind == .expectedSectionEnd || kind == .sectionCloseNameIncorrect,
                let section = TemplateLint.unclosedSection(in: text)
            {
                return .failure(
                    Diagnostic(
                        .error, file: file, line: section.line, column: section.column,
                        message:
                            "template syntax error: the section '\(section.name)' opened here is not closed; expected '{{/\(section.name)}}'"
                    ))
            }
            // The pragma takes the first line; positions are the file's.
            return .failure(
                Diagnostic(
                    .error, file: file, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber,
                    message: "template syntax error: \(describe(error.error))"))
        } catch {
            return .failure(Diagnostic(.error, file: file, message: "template syntax error: \(error)"))
        }
    }

    /// Whether the theme has template `name`: optional pages (the search page) are made only then.
    func has(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    func render(_ name: String, _ context: TemplateObject) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: "a closing tag does not match the section it closes"
        case .unfinishedName: "a tag is not closed with '}}'"
        case .expectedSectionEnd: "a section is not closed; expected '{{/name}}'"
        case .invalidSetDelimiter: "invalid set-delimiter tag"
        default: "\(error)"
        }
    }
}

import BlogFileSystem
import Foundation

/// Where an output page came from, so that a problem in it is reported at the file that wrote it.
enum PageOrigin: Sendable, Equatable {
    /// A post's or page's Markdown (relative to the site root), set in the theme's template (its path).
    case markdown(source: String, template: String)
    /// A page a template of the theme makes alone: a list page, 404.html.
    case template(String)
    /// A redirect page the build writes for an old path that this file (a post, blog.yaml) names.
    case redirect(source: String)
    /// A file copied into the output as it is, from this path below the site root.
    case copied(String)
}

extension LinkCheck {
    /// The problems as diagnostics at the files that wrote them: a link of a post's body at its line and
    /// column in the Markdown, a link a template wrote at the template's, a copied page's at its own.
    ///
    /// A page's links with the same URL are matched in order with that URL's places in the source; those
    /// left over came from the template around it.
    static func diagnostics(_ problems: [Problem], origins: [String: PageOrigin], root: URL, basePath: String)
        -> [Diagnostic]
    {
        var texts = SourceTexts(root: root)
        var diagnostics: [Diagnostic] = []
        var seen: Set<Diagnostic> = []
        func add(_ diagnostic: Diagnostic) {
            if seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
        }
        var start = 0
        while start < problems.count {
            let page = problems[start].page
            var end = start
            while end < problems.count, problems[end].page == page { end += 1 }
            let pageProblems = problems[start..<end]
            start = end
            let origin = origins[page] ?? .copied(page)
            switch origin {
            case .markdown(let source, let template):
                for diagnostic in traced(pageProblems, source: source, template: template, basePath, &texts) {
                    add(diagnostic)
                }
            case .template(let template):
                for problem in pageProblems {
                    add(texts.templateDiagnostic(problem, template: template, basePath: basePath))
                }
            case .redirect(let source):
                for problem in pageProblems {
                    add(Diagnostic(problem.severity, file: source, message: problem.message))
                }
            case .copied(let file):
                for problem in pageProblems {
                    let (line, column) = texts.position(ofOffset: problem.link.offset, in: file)
                    add(Diagnostic(problem.severity, file: file, line: line, column: column, message: problem.message))
                }
            }
        }
        return diagnostics
    }

    /// The problems of a post's page: those found in its Markdown at their places, the rest in templates.
    private static func traced(
        _ problems: ArraySlice<Problem>, source: String, template: String, _ basePath: String,
        _ texts: inout SourceTexts
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var used: [String: Int] = [:]
        for problem in problems {
            let places = texts.places(of: problem.link.url, in: source)
            let taken = used[problem.link.url, default: 0]
            used[problem.link.url] = taken + 1
            if taken < places.count {
                let (line, column) = places[taken]
                diagnostics.append(
                    Diagnostic(problem.severity, file: source, line: line, column: column, message: problem.message))
            } else {
                diagnostics.append(texts.templateDiagnostic(problem, template: template, basePath: basePath))
            }
        }
        return diagnostics
    }
}

/// The sources a check reads to place its problems, each read once.
struct SourceTexts {
    var root: URL
    private var texts: [String: String] = [:]

    init(root: URL) {
        self.root = root
    }

    mutating func text(_ file: String) -> String? {
        if let text = texts[file] { return text }
        let path = file.hasPrefix("/") ? file : root.appending(path: file).path
        guard let data = FileContents.read(path: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        texts[file] = text
        return text
    }

    /// The line and column of every place `url` is written in `file`: as it is, or with `&` written as
    /// `&amp;` (raw HTML in Markdown).
    mutating func places(of url: String, in file: String) -> [(Int, Int)] {
        guard let text = text(file), !url.isEmpty else { return [] }
        var places: [(Int, Int)] = []
        // cmark writes a Markdown link's URL percent-encoded (`#ünï` becomes `#%C3%BCn%C3%AF`).
        func decoded(_ part: Substring) -> String {
            String(decoding: Routes.percentDecoded(Array(part.utf8)), as: UTF8.self)
        }
        var spellings: Set = [url, url.replacingOccurrences(of: "&", with: "&amp;"), decoded(url[...])]
        if let hash = url.firstIndex(of: "#") {
            spellings.insert(url[..<hash] + decoded(url[hash...]))
            spellings.insert(decoded(url[..<hash]) + url[hash...])
        }
        for spelling in spellings {
            var searchStart = text.startIndex
            while let found = text.range(of: spelling, range: searchStart..<text.endIndex) {
                searchStart = found.upperBound
                // The whole URL, not the start of a longer one (`#intro` in `#introduction`).
                let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
                let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
                guard before.map(Self.opensURL) ?? true, after.map(Self.closesURL) ?? true else { continue }
                places.append(Self.position(of: found.lowerBound, in: text))
            }
        }
        return places.sorted { $0 < $1 }
    }

    /// What may stand before a URL in Markdown, HTML or a template: `(url)`, `<url>`, `="url"`, `]: url`,
    /// `{{site.base_path}}url`.
    private static func opensURL(_ character: Character) -> Bool {
        "(<\"'=} \t\n".contains(character)
    }

    /// What may stand after one: `)`, `>`, a quote, white space, or the ` "title"` of a Markdown link.
    private static func closesURL(_ character: Character) -> Bool {
        ")>\"' \t\r\n".contains(character)
    }

    /// A problem placed in the template that made the page, or the base template or a partial it
    /// includes: where the URL, or its part after the base path, is written; else the template alone.
    mutating func templateDiagnostic(_ problem: LinkCheck.Problem, template: String, basePath: String) -> Diagnostic {
        let url = problem.link.url
        var spellings = [url]
        if let range = url.range(of: basePath), range.lowerBound == url.startIndex || url.contains("://") {
            spellings.append(String(url[range.upperBound...]))
        }
        for file in templateFiles(startingWith: template) {
            for spelling in spellings where spelling.count >= 2 {
                if let (line, column) = places(of: spelling, in: file).first {
                    return Diagnostic(
                        problem.severity, file: file, line: line, column: column, message: problem.message)
                }
            }
        }
        return Diagnostic(problem.severity, file: template, message: problem.message)
    }

    private var partials: [String]?

    /// The page's template, the base template, then every partial.
    private mutating func templateFiles(startingWith template: String) -> [String] {
        if partials == nil {
            let folder = "\(SiteLayout.theme)/partials"
            let tree = try? FolderWalk.tree(root.appending(path: folder).path)
            partials = (tree?.files ?? []).filter { $0.hasSuffix(".mustache") }.sorted().map { "\(folder)/\($0)" }
        }
        return [template, "\(SiteLayout.theme)/base.mustache"] + (partials ?? [])
    }

    /// The line and column (from 1, in Unicode scalars) of a byte offset in a file.
    mutating func position(ofOffset offset: Int, in file: String) -> (Int, Int) {
        guard let text = text(file) else { return (1, 1) }
        let utf8 = text.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))
        return Self.position(of: index, in: text)
    }

    static func position(of index: String.Index, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars[..<index] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

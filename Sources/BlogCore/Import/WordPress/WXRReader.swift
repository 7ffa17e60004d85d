import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a WordPress export (WXR 1.0–1.2) as a stream: FoundationXML's `XMLParser` pulls the file through
/// libxml2's push parser a chunk at a time, so memory holds one item, never the whole export. The channel's
/// settings and terms come first; each item is handed to `onItem` when it closes.
///
/// libxml2 refuses entity loops and amplification (billion laughs, error 89), never loads external
/// entities here, and refuses a single text over 10,000,000 bytes; nesting is followed with a flat stack.
/// A field this reader keeps is capped at ``fieldLimit`` bytes as well.
final class WXRReader: NSObject, XMLParserDelegate {
    /// The most text one field of an item may hold.
    static let fieldLimit = 20_000_000

    /// The namespaces WordPress has written exports in (`http` and, on WordPress.com, `https`).
    static func isWordPressNamespace(_ uri: String) -> Bool {
        uri.range(of: #"^https?://wordpress\.org/export/1\.[0-2]/$"#, options: .regularExpression) != nil
    }

    private let file: String
    private let onItem: (WXRItem) -> Diagnostic?
    private(set) var channel = WXRChannel()
    private var diagnostics: [Diagnostic] = []
    /// Open elements: namespace, local name and the line each opened on.
    private var stack: [(uri: String, name: String, line: Int)] = []
    private var text = ""
    private var item: WXRItem?
    private var pendingMetaKey = ""
    private var pendingTerm: (domain: String, nicename: String)?
    private var pendingCategory = (nicename: "", name: "", parent: "")
    private var pendingAuthor = (login: "", name: "")
    private var sawRSS = false
    private var sawChannelEnd = false
    private weak var parser: XMLParser?

    private init(file: String, onItem: @escaping (WXRItem) -> Diagnostic?) {
        self.file = file
        self.onItem = onItem
    }

    /// Reads the export at `url`, handing each item to `onItem` (which may stop the reading with an error).
    ///
    /// - Parameters:
    ///   - file: The export's path as the user gave it, for diagnostics.
    /// - Returns: The channel.
    /// - Throws: ``DiagnosticError`` naming the line: XML that is not well-formed or ends early, a file that
    ///   is no WordPress export (root, namespace, `wp:wxr_version`), an item without `wp:post_type`.
    static func read(
        _ url: URL, file: String, onItem: @escaping (WXRItem) -> Diagnostic?
    ) throws(DiagnosticError) -> WXRChannel {
        guard let stream = InputStream(url: url) else {
            throw DiagnosticError(file: file, message: "cannot read the file; expected a WordPress export (WXR)")
        }
        let reader = WXRReader(file: file, onItem: onItem)
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        reader.parser = parser
        let finished = parser.parse()
        if reader.diagnostics.isEmpty, !finished || parser.parserError != nil {
            reader.diagnostics.append(reader.parseFailure(parser))
        }
        if reader.diagnostics.isEmpty, !reader.sawChannelEnd {
            reader.diagnostics.append(
                Diagnostic(
                    .error, file: file, line: max(parser.lineNumber, 1),
                    message: "the export has no <channel>; expected WordPress's Tools › Export file"))
        }
        if reader.diagnostics.isEmpty, reader.channel.version == nil {
            reader.diagnostics.append(
                Diagnostic(
                    .error, file: file, line: 1,
                    message:
                        "no 'wp:wxr_version' in the channel; expected a WordPress export (WXR 1.0, 1.1 or 1.2) "
                        + "in the namespace http://wordpress.org/export/1.2/"))
        }
        guard reader.diagnostics.isEmpty else { throw DiagnosticError(reader.diagnostics) }
        return reader.channel
    }

    /// What libxml2 stopped at, said for a person: the element left open for an early end.
    private func parseFailure(_ parser: XMLParser) -> Diagnostic {
        let code = (parser.parserError as NSError?)?.code ?? 0
        let line = max(parser.lineNumber, 1)
        let message: String
        switch code {
        case 5 where !stack.isEmpty:
            let open = stack.last.map { "<\($0.name)> opened at line \($0.line)" } ?? ""
            message = "the export ends inside \(open); the file is truncated"
        case 89:
            message = "entities expand too far (an entity loop or amplification); a WordPress export has none"
        case 1:
            message = "the XML parser stopped (libxml2 error 1): a text or CDATA section over 10,000,000 bytes"
        default:
            message = "the XML is not well-formed (libxml2 error \(code)); expected a WordPress export (WXR)"
        }
        return Diagnostic(.error, file: file, line: line, column: max(parser.columnNumber, 1), message: message)
    }

    private func stop(_ line: Int, _ message: String) {
        diagnostics.append(Diagnostic(.error, file: file, line: line, message: message))
        parser?.abortParsing()
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let uri = namespaceURI ?? ""
        let line = parser.lineNumber
        if stack.isEmpty {
            guard name == "rss", uri.isEmpty else {
                return stop(line, "the root element is <\(qualifiedName ?? name)>; a WordPress export's is <rss>")
            }
            sawRSS = true
        }
        if name == "wxr_version", !Self.isWordPressNamespace(uri) {
            return stop(
                line,
                "'wxr_version' is in the namespace \(Diagnostic.quoted(uri)); expected "
                    + "http://wordpress.org/export/1.2/ (or 1.0, 1.1)")
        }
        stack.append((uri, name, line))
        text = ""
        if name == "item", uri.isEmpty, item == nil {
            item = WXRItem(line: line)
        } else if name == "category", uri.isEmpty, item != nil {
            pendingTerm = (attributes["domain"] ?? "category", attributes["nicename"] ?? "")
        } else if name == "encoded", uri.hasPrefix("http://purl.org/rss/1.0/modules/content") {
            item?.contentLine = line
        } else if name == "category", Self.isWordPressNamespace(uri) {
            pendingCategory = ("", "", "")
        } else if name == "author", Self.isWordPressNamespace(uri) {
            pendingAuthor = ("", "")
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { append(string) }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { append(String(decoding: block, as: UTF8.self)) }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        stop(parser.lineNumber, "the export declares the entity '\(name)'; a WordPress export declares none")
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?
    ) {
        stop(parser.lineNumber, "the export declares the entity '\(name)'; a WordPress export declares none")
    }

    private func append(_ string: String) {
        guard stack.count >= 2 else { return }
        text += string
        if text.utf8.count > Self.fieldLimit {
            let field = stack.last.map { $0.name } ?? "?"
            stop(parser?.lineNumber ?? 0, "<\(field)> holds more than \(Self.fieldLimit) bytes")
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let open = stack.popLast() else { return }
        let value = text
        text = ""
        if item != nil {
            endItemElement(open.uri, name, value, line: open.line)
        } else {
            endChannelElement(open.uri, name, value, depth: stack.count)
        }
    }

    private func endItemElement(_ uri: String, _ name: String, _ value: String, line: Int) {
        let isWP = Self.isWordPressNamespace(uri)
        switch (isWP, name) {
        case (false, "item") where uri.isEmpty: return finishItem()
        case (false, "title") where uri.isEmpty: item?.title = value
        case (false, "link") where uri.isEmpty: item?.link = value.trimmingCharacters(in: .whitespacesAndNewlines)
        case (false, "creator"): item?.creator = value
        case (false, "category") where uri.isEmpty:
            if let term = pendingTerm { item?.terms.append((term.domain, term.nicename, value)) }
            pendingTerm = nil
        case (false, "encoded") where uri.hasPrefix("http://purl.org/rss/1.0/modules/content"): item?.content = value
        case (false, "encoded"): item?.excerpt = value
        case (true, "post_id"): item?.postID = value.trimmed
        case (true, "post_date"): item?.postDate = value.trimmed
        case (true, "post_date_gmt"): item?.postDateGMT = value.trimmed
        case (true, "post_modified"): item?.modified = value.trimmed
        case (true, "post_modified_gmt"): item?.modifiedGMT = value.trimmed
        case (true, "post_name"): item?.name = value.trimmed
        case (true, "status"): item?.status = value.trimmed
        case (true, "post_parent"): item?.parent = value.trimmed
        case (true, "post_type"): item?.postType = value.trimmed
        case (true, "post_password"): item?.password = value
        case (true, "attachment_url"): item?.attachmentURL = value.trimmed
        case (true, "meta_key"): pendingMetaKey = value
        case (true, "meta_value"): item?.meta.append((pendingMetaKey, value))
        default: break
        }
    }

    private func finishItem() {
        guard let finished = item else { return }
        item = nil
        guard finished.postType != nil else {
            return stop(finished.line, "the item has no 'wp:post_type'; every item of a WordPress export names one")
        }
        if let problem = onItem(finished) {
            diagnostics.append(problem)
            if problem.severity == .error { parser?.abortParsing() }
        }
    }

    private func endChannelElement(_ uri: String, _ name: String, _ value: String, depth: Int) {
        let isWP = Self.isWordPressNamespace(uri)
        switch (isWP, name) {
        case (false, "channel") where uri.isEmpty: sawChannelEnd = sawRSS
        case (false, "title") where depth == 2: channel.title = value
        case (false, "link") where depth == 2: channel.link = value.trimmed
        case (false, "description") where depth == 2: channel.description = value
        case (false, "language") where depth == 2: channel.language = value.trimmed
        case (false, "pubDate") where depth == 2: channel.pubDate = value.trimmed
        case (true, "wxr_version"):
            channel.version = value.trimmed
            if !["1.0", "1.1", "1.2"].contains(value.trimmed) {
                stop(
                    parser?.lineNumber ?? 0,
                    "'wp:wxr_version' is \(Diagnostic.quoted(value.trimmed)); expected 1.0, 1.1 or 1.2")
            }
        case (true, "base_site_url"): channel.baseSiteURL = value.trimmed
        case (true, "base_blog_url"): channel.baseBlogURL = value.trimmed
        case (true, "author_login"): pendingAuthor.login = value.trimmed
        case (true, "author_display_name"): pendingAuthor.name = value.trimmed
        case (true, "author"):
            channel.authors[pendingAuthor.login] = pendingAuthor.name.isEmpty ? pendingAuthor.login : pendingAuthor.name
        case (true, "category_nicename"): pendingCategory.nicename = value.trimmed
        case (true, "category_parent"): pendingCategory.parent = value.trimmed
        case (true, "cat_name"): pendingCategory.name = value
        case (true, "category"):
            channel.categories[pendingCategory.nicename] = (pendingCategory.name, pendingCategory.parent)
        default: break
        }
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

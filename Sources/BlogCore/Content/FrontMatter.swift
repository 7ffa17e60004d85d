import Foundation
import JSONFeed
import Yams

/// Maps a content file's YAML front matter onto a ``Post``, collecting every mistake as a diagnostic.
enum FrontMatter {
    static let knownKeys = [
        "title", "date", "updated", "slug", "summary", "tags", "image", "banner_image", "authors", "external_url",
        "language", "draft", "attachments",
        // As Jekyll and Hugo write them.
        "published", "lastmod", "last_modified_at", "categories", "category", "excerpt", "description", "permalink",
        "url",
        "aliases", "redirect_from", "author",
    ]
    /// Keys of Jekyll and Hugo themes that mean nothing here, read without a warning.
    static let ignoredKeys = [
        "layout", "comments", "share", "weight", "type", "keywords", "toc", "math", "menu", "series", "params",
        "images",
    ]
    /// The keys no warning is given for, made once.
    static let acceptedKeys = knownKeys + ignoredKeys
    static let attachmentKeys = ["url", "mime_type", "title", "size_in_bytes", "duration_in_seconds"]

    /// Reads one content file.
    ///
    /// - Parameters:
    ///   - text: The whole file.
    ///   - file: Its path relative to the site root, for diagnostics.
    ///   - defaultSlug: The slug from the file or folder name.
    /// - Returns: The post (nil when it has errors) and every diagnostic.
    static func read(
        _ text: String, file: String, kind: Post.Kind, defaultSlug: String, timeZone: TimeZone, fileName: String = ""
    ) -> (Post?, [Diagnostic]) {
        let source: SourceFile
        let mapping: Node.Mapping
        switch frontMatter(of: text, file: file) {
        case .success(let found): (source, mapping) = found
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        var fields = YAMLFields(mapping: mapping, file: file, lineOffset: source.frontMatterLineOffset)
        fields.warnUnknownKeys(known: acceptedKeys, context: "front matter ", allowingExtensions: true)

        let title = fields.string("title", required: true, example: "'title: Hello, world'")
        if let title, title.trimmingWhitespace().isEmpty {
            fields.error(at: fields.node("title"), "'title' must not be empty")
        }
        // A Jekyll post's date may be in its file name only (`2019-03-25-title.md`): midnight in the site's zone.
        let nameDate = FrontMatterDate.fromFileName(fileName)?.date.date(in: timeZone).flatMap {
            FrontMatterDate.isWritable($0) ? $0 : nil
        }
        let date = readDate(&fields, "date", required: kind == .post && nameDate == nil, timeZone: timeZone) ?? nameDate
        var updated = readDate(&fields, "updated", required: false, timeZone: timeZone)
        for key in ["lastmod", "last_modified_at"] where updated == nil {
            updated = readDate(&fields, key, required: false, timeZone: timeZone)
        }
        let (slug, customSlug) = readSlug(&fields, default: defaultSlug)
        let summary = fields.string("summary") ?? fields.string("excerpt") ?? fields.string("description")
        let (tags, categories) = readTags(&fields)
        let image = fields.link("image")
        let bannerImage = fields.link("banner_image")
        let externalURL = fields.link("external_url")
        let language = fields.languageTag("language")
        // Jekyll's `published: false` keeps a post out as a draft does.
        let isDraft = (fields.bool("draft") ?? false) || fields.bool("published") == false
        var authors = readAuthors(&fields)
        if authors == nil, let name = fields.string("author") { authors = [SiteConfiguration.Author(name: name)] }
        let permalink = readPermalink(&fields)
        let aliases = readAliases(&fields, "aliases") + readAliases(&fields, "redirect_from")
        let attachments = readAttachments(&fields)
        let extensions = readExtensions(&fields, mapping)
        guard !fields.diagnostics.contains(where: { $0.severity == .error }), let title else {
            return (nil, fields.diagnostics)
        }
        let post = Post(
            kind: kind, source: file, bundleFolder: nil, slug: slug, title: title, date: date, updated: updated,
            summary: summary, tags: tags, image: image, bannerImage: bannerImage, externalURL: externalURL,
            language: language, authors: authors, isDraft: isDraft, attachments: attachments, extensions: extensions,
            body: source.body, bodyFirstLine: source.bodyFirstLine, categories: categories, permalink: permalink,
            aliases: aliases,
            dateOffset: fields.string("date").flatMap { FrontMatterDate.Timestamp($0.trimmingWhitespace())?.offset },
            customSlug: customSlug
        )
        return (post, fields.diagnostics)
    }

    /// The file split into its front matter and body, and the front matter as a mapping (TOML read as
    /// YAML); the first problem otherwise.
    private static func frontMatter(of text: String, file: String) -> Result<(SourceFile, Node.Mapping), Diagnostic> {
        let source: SourceFile
        do {
            source = try SourceFile.split(text)
        } catch {
            return .failure(
                Diagnostic(
                    .error, file: file, line: 1, column: 1,
                    message: "front matter is not closed; expected a line '---' after the YAML"))
        }
        guard var yaml = source.frontMatter else {
            return .failure(
                Diagnostic(
                    .error, file: file, line: 1, column: 1,
                    message:
                        "missing front matter; expected the file to start with '---', a 'title' and a 'date', and '---'"
                ))
        }
        if source.isTOML {
            do {
                yaml = try TOMLFrontMatter.yaml(from: yaml)
            } catch {
                return .failure(
                    Diagnostic(
                        .error, file: file, line: error.line + source.frontMatterLineOffset, column: error.column,
                        message: "the TOML front matter is not valid: \(error.message)"))
            }
        }
        let root: Node?
        do {
            root = try YAMLFields.boundedCompose(yaml)
        } catch {
            return .failure(YAMLFields.diagnostic(for: error, file: file, lineOffset: source.frontMatterLineOffset))
        }
        guard case .mapping(let mapping)? = root else {
            return .failure(
                Diagnostic(
                    .error, file: file, line: 2, column: 1,
                    message: "front matter must be a mapping of keys to values such as 'title: Hello'"))
        }
        return .success((source, mapping))
    }

    /// Where the value of the first of `keys` present starts in a content file's front matter, for a
    /// problem found after reading (a page's path, a tag's folder); in a list, the element equal to `value`.
    static func position(of keys: [String], value: String? = nil, in text: String) -> (
        key: String, line: Int, column: Int
    )? {
        guard case .success(let (source, mapping)) = frontMatter(of: text, file: "") else { return nil }
        let fields = YAMLFields(mapping: mapping, file: "", lineOffset: source.frontMatterLineOffset)
        let nodes = keys.compactMap { key in fields.node(key).map { (key, $0) } }
        let element = nodes.lazy.compactMap { key, node -> (String, Node)? in
            guard case .sequence(let sequence) = node, let value,
                let element = sequence.first(where: { $0.string?.trimmingWhitespace() == value })
            else { return nil }
            return (key, element)
        }.first
        guard let (key, node) = element ?? nodes.first, let mark = node.mark else { return nil }
        return (key, mark.line + source.frontMatterLineOffset, mark.column)
    }

    /// `slug:` checked as a path segment, and the slug as written (for permalinks).
    private static func readSlug(_ fields: inout YAMLFields, default defaultSlug: String) -> (
        slug: String, custom: String?
    ) {
        guard let custom = fields.string("slug") else { return (defaultSlug, nil) }
        if let problem = slugProblem(custom) {
            fields.error(at: fields.node("slug"), "'slug' \(problem), got \(Diagnostic.quoted(custom))")
            return (defaultSlug, custom)
        }
        return (custom, custom)
    }

    /// Tags and Jekyll's categories, which are tags too.
    private static func readTags(_ fields: inout YAMLFields) -> (tags: [String], categories: [String]) {
        // Jekyll reads a string of tags or categories as words separated by spaces.
        var tags = wordsOrList(&fields, "tags")
        let categories = wordsOrList(&fields, "categories") + wordsOrList(&fields, "category")
        for category in categories where !tags.contains(category) { tags.append(category) }
        if tags.count > maximumTags {
            // Every tag page lists the post with all its tags: pages grow with the square of the count.
            fields.error(at: fields.node("tags"), "'tags' may hold at most \(maximumTags) tags, got \(tags.count)")
            tags = []
        }
        return (tags, categories)
    }

    /// Keys starting with `_`, as JSON Feed extensions; none may carry a script URL.
    private static func readExtensions(_ fields: inout YAMLFields, _ mapping: Node.Mapping) -> JSONObject {
        var extensions = JSONObject()
        for (key, value) in mapping {
            guard let name = key.string, name.hasPrefix("_") else { continue }
            let json = YAMLFields.jsonValue(value)
            if let script = Self.scriptLink(in: json) {
                fields.error(
                    at: key,
                    "'\(name)' holds a script URL, \(Diagnostic.quoted(script)); extensions may not carry javascript:, vbscript: or data: links"
                )
                continue
            }
            extensions[name] = json
        }
        return extensions
    }

    /// A list, or (as Jekyll reads `tags: a b`) a string of words separated by spaces.
    private static func wordsOrList(_ fields: inout YAMLFields, _ key: String) -> [String] {
        if case .scalar(let scalar)? = fields.node(key), !YAMLFields.isNull(fields.node(key)!) {
            return scalar.string.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        return fields.stringList(key) ?? []
    }

    /// `permalink:` or `url:`: a path from the site's root, as `/2015/12/03/title.html` or `/about/`.
    private static func readPermalink(_ fields: inout YAMLFields) -> String? {
        for key in ["permalink", "url"] {
            guard let path = fields.string(key) else { continue }
            if let problem = Permalink.pathProblem(path) {
                fields.error(at: fields.node(key), "'\(key)' \(problem), got \(Diagnostic.quoted(path))")
                return nil
            }
            return path
        }
        return nil
    }

    private static func readAliases(_ fields: inout YAMLFields, _ key: String) -> [String] {
        var paths: [String] = []
        let list: [String]
        if case .scalar(let scalar)? = fields.node(key), !YAMLFields.isNull(fields.node(key)!) {
            list = [scalar.string]
        } else {
            list = fields.stringList(key) ?? []
        }
        for path in list {
            if let problem = Permalink.pathProblem(path.hasPrefix("/") ? path : "/" + path) {
                fields.error(at: fields.node(key), "each of '\(key)' \(problem), got \(Diagnostic.quoted(path))")
            } else {
                paths.append(path.hasPrefix("/") ? path : "/" + path)
            }
        }
        return paths
    }

    private static func readDate(_ fields: inout YAMLFields, _ key: String, required: Bool, timeZone: TimeZone) -> Date?
    {
        guard let text = fields.string(key, required: required, example: "'\(key): \(FrontMatterDate.example)'") else {
            return nil
        }
        guard let date = FrontMatterDate.parse(text, timeZone: timeZone) else {
            if FrontMatterDate.parseAnyYear(text, timeZone: timeZone) != nil {
                fields.error(
                    at: fields.node(key),
                    "'\(key)' must fall in the years \(FrontMatterDate.years) in UTC, got \(Diagnostic.quoted(text))")
                return nil
            }
            fields.error(
                at: fields.node(key),
                "'\(key)' must be a date-time such as \(FrontMatterDate.example), got \(Diagnostic.quoted(text))")
            return nil
        }
        return date
    }

    private static func readAuthors(_ fields: inout YAMLFields) -> [SiteConfiguration.Author]? {
        guard let node = fields.node("authors"), !YAMLFields.isNull(node) else { return nil }
        switch node {
        case .sequence(let sequence):
            return sequence.compactMap { SiteConfiguration.author(from: $0, fields: &fields) }
        case .scalar:
            return SiteConfiguration.author(from: node, fields: &fields).map { [$0] }
        default:
            fields.error(
                at: node, "'authors' must be a list of names or of mappings with 'name', got \(YAMLFields.shown(node))")
            return nil
        }
    }

    private static func readAttachments(_ fields: inout YAMLFields) -> [Attachment] {
        guard let node = fields.node("attachments"), !YAMLFields.isNull(node) else { return [] }
        guard case .sequence(let sequence) = node else {
            fields.error(
                at: node,
                "'attachments' must be a list of mappings with 'url' and 'mime_type', got \(YAMLFields.shown(node))")
            return []
        }
        var attachments: [Attachment] = []
        for element in sequence {
            guard case .mapping(let mapping) = element else {
                fields.error(
                    at: element,
                    "each attachment must be a mapping with 'url' and 'mime_type', got \(YAMLFields.shown(element))")
                continue
            }
            var attachment = YAMLFields(mapping: mapping, file: fields.file, lineOffset: fields.lineOffset)
            attachment.warnUnknownKeys(known: attachmentKeys, context: "attachment ", allowingExtensions: true)
            let url = attachment.link("url", required: true, example: "'url: episode.mp3'")
            // JSON Feed requires a type; one the file's extension tells is filled in, as a web host would send it.
            var mimeType = attachment.string("mime_type")
            if mimeType == nil, let url {
                mimeType = MediaType.forFile(named: url)
                if mimeType == nil {
                    attachment.warning(
                        at: element,
                        "the attachment \(Diagnostic.quoted(url)) needs a 'mime_type', such as 'mime_type: audio/mpeg'; none is known for its extension"
                    )
                }
            }
            let title = attachment.string("title")
            let size = attachment.number("size_in_bytes")
            let duration = attachment.number("duration_in_seconds")
            if url == nil, attachment.node("url") == nil {
                attachment.error(at: element, "an attachment needs a 'url'")
            }
            fields.absorb(attachment)
            if let url {
                attachments.append(
                    Attachment(
                        url: url, mimeType: mimeType, title: title, sizeInBytes: size, durationInSeconds: duration))
            }
        }
        return attachments
    }

    /// The first string in an extension's value whose scheme runs or shows code, if any.
    private static func scriptLink(in value: JSONValue) -> String? {
        switch value {
        case .string(let text): LinkSafety.isScript(text) ? text : nil
        case .array(let elements): elements.lazy.compactMap(scriptLink).first
        case .object(let object): object.members.lazy.compactMap { scriptLink(in: $0.value) }.first
        default: nil
        }
    }

    /// The most tags one post may have.
    static let maximumTags = 100

    /// Why a custom slug cannot be a path segment, or nil when it can.
    static func slugProblem(_ slug: String) -> String? {
        if slug.isEmpty { return "must not be empty" }
        if slug.contains("/") || slug.contains("\\") { return "must not contain '/' or '\\'" }
        if slug.hasPrefix(".") { return "must not start with '.'" }
        if slug.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) {
            return "must not contain spaces or control characters"
        }
        if slug.contains("?") || slug.contains("#") || slug.contains("%") { return "must not contain '?', '#' or '%'" }
        return nil
    }
}

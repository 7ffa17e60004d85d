/// Walks a parsed JSON document and maps it onto the model, recording every error and warning with its
/// JSON path instead of stopping at the first.
struct FeedReader {
    private(set) var problems: [FeedProblem] = []

    var hasErrors: Bool { problems.contains { $0.severity == .error } }

    /// A JSON object together with where it stands in the document.
    struct Fields {
        let object: JSONObject
        let path: String

        func path(of key: String) -> String { path == "$" ? key : "\(path).\(key)" }
        subscript(key: String) -> JSONValue? { object[key] }
    }

    private static let feedKeys: Set<String> = [
        "version", "title", "home_page_url", "feed_url", "description", "user_comment", "next_url", "icon",
        "favicon", "author", "authors", "language", "expired", "hubs", "items",
    ]
    private static let itemKeys: Set<String> = [
        "id", "url", "external_url", "title", "content_html", "content_text", "summary", "image", "banner_image",
        "date_published", "date_modified", "author", "authors", "tags", "language", "attachments",
    ]
    private static let authorKeys: Set<String> = ["name", "url", "avatar"]
    private static let attachmentKeys: Set<String> = [
        "url", "mime_type", "title", "size_in_bytes", "duration_in_seconds",
    ]
    private static let hubKeys: Set<String> = ["type", "url"]
    /// Keys that JSON Feed 1.1 added (section "Changes in 1.1").
    private static let keysAddedInVersion11: Set<String> = ["authors", "language"]

    // MARK: Problems

    mutating func error(_ path: String, _ rule: String, _ message: String) {
        problems.append(FeedProblem(severity: .error, path: path, rule: rule, message: message))
    }

    mutating func warning(_ path: String, _ rule: String, _ message: String) {
        problems.append(FeedProblem(severity: .warning, path: path, rule: rule, message: message))
    }

    // MARK: Objects

    /// Reads a feed; with `validatedItems`, the items were validated apart (``FeedValidator/validate(item:version:)``)
    /// and stand in for the document's, whose `items` must be an empty array.
    mutating func readFeed(_ value: JSONValue, validatedItems: [FeedValidator.ItemReport]? = nil) -> Feed? {
        guard let fields = fields(value, at: "$", rule: "TOP-OBJECT") else { return nil }
        let version = string(fields, "version", rule: "TOP-VERSION", required: true)
        if let version, !Feed.knownVersions.contains(version) {
            warning(
                fields.path(of: "version"), "TOP-VERSION",
                "unknown version URL \(JSONWriter.quoted(version)); expected \"\(Feed.version1_1)\" or \"\(Feed.version1)\""
            )
        }
        let title = string(fields, "title", rule: "TOP-TITLE", required: true)
        let homePageURL = absoluteURL(fields, "home_page_url", rule: "TOP-HOME-PAGE-URL", recommended: true)
        let feedURL = absoluteURL(fields, "feed_url", rule: "TOP-FEED-URL", recommended: true)
        let description = string(fields, "description", rule: "TOP-DESCRIPTION")
        let userComment = string(fields, "user_comment", rule: "TOP-USER-COMMENT")
        let nextURL = string(fields, "next_url", rule: "TOP-NEXT-URL")
        let icon = imageURL(fields, "icon", rule: "TOP-IMAGE-URL")
        let favicon = imageURL(fields, "favicon", rule: "TOP-IMAGE-URL")
        let authors = authors(fields)
        let language = string(fields, "language", rule: "TOP-LANGUAGE")
        let expired = bool(fields, "expired", rule: "TOP-EXPIRED")
        let hubs = array(fields, "hubs", rule: "TOP-HUBS") { reader, value, path in reader.readHub(value, at: path) }
        var items: [Item]?
        if let value = fields["items"] {
            if let validatedItems {
                adopt(validatedItems)
                items = []
            } else if case .array(let elements) = value {
                items = readItems(elements, version: version)
            } else {
                error(fields.path(of: "items"), "TOP-ITEMS", "expected an array of items, got \(value.summary)")
            }
        } else {
            error(fields.path, "TOP-ITEMS", "missing required key \"items\"")
        }
        let extensions = checkKeys(fields, known: Self.feedKeys, version: version)
        guard let version, let title, let items, !hasErrors else { return nil }
        return Feed(
            version: version, title: title, homePageURL: homePageURL, feedURL: feedURL, description: description,
            userComment: userComment, nextURL: nextURL, icon: icon, favicon: favicon, authors: authors,
            language: language, expired: expired, hubs: hubs, items: items, extensions: extensions
        )
    }

    private mutating func readItems(_ elements: [JSONValue], version: String?) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        var firstUse: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard let item = readItem(element, at: "items[\(index)]", version: version) else { continue }
            checkUnique(item.id, at: index, firstUse: &firstUse)
            items.append(item)
        }
        return items
    }

    /// Takes the problems of items validated apart, at their places in this feed.
    private mutating func adopt(_ reports: [FeedValidator.ItemReport]) {
        var firstUse: [String: Int] = [:]
        for (index, report) in reports.enumerated() {
            for var problem in report.problems {
                let path = "items[\(index)]"
                problem.path = problem.path == "$" ? path : "\(path).\(problem.path)"
                problems.append(problem)
            }
            if let id = report.id { checkUnique(id, at: index, firstUse: &firstUse) }
        }
    }

    /// Warns when the item at `index` has the id of an earlier one (section "Items": ids are unique).
    private mutating func checkUnique(_ id: String, at index: Int, firstUse: inout [String: Int]) {
        if let earlier = firstUse[id] {
            warning(
                "items[\(index)].id", "ITEM-ID-UNIQUE",
                "id \(JSONWriter.quoted(id)) is also the id of items[\(earlier)]; ids must be unique")
        } else {
            firstUse[id] = index
        }
    }

    mutating func readItem(_ value: JSONValue, at path: String, version: String? = nil) -> Item? {
        guard let fields = fields(value, at: path, rule: "ITEM-OBJECT") else { return nil }
        let id = itemID(fields)
        let url = string(fields, "url", rule: "ITEM-URL")
        if url == nil, fields["url"] == nil {
            warning(fields.path, "ITEM-URL", "no \"url\"; readers cannot link to the item")
        }
        if let url { checkNoEntities(url, at: fields.path(of: "url"), rule: "ITEM-URL") }
        let externalURL = string(fields, "external_url", rule: "ITEM-EXTERNAL-URL")
        if let externalURL {
            checkNoEntities(externalURL, at: fields.path(of: "external_url"), rule: "ITEM-EXTERNAL-URL")
        }
        let title = string(fields, "title", rule: "ITEM-TITLE")
        if let title, Self.looksLikeMarkup(title) {
            warning(
                fields.path(of: "title"), "ITEM-TITLE",
                "the title holds HTML markup or an entity, but titles are plain text")
        }
        let contentHTML = string(fields, "content_html", rule: "ITEM-CONTENT")
        let contentText = string(fields, "content_text", rule: "ITEM-CONTENT")
        if fields["content_html"] == nil && fields["content_text"] == nil {
            error(
                fields.path, "ITEM-CONTENT", "missing \"content_html\" or \"content_text\"; an item needs at least one")
        }
        let summary = string(fields, "summary", rule: "ITEM-SUMMARY")
        let image = imageURL(fields, "image", rule: "ITEM-IMAGE-URL")
        let bannerImage = imageURL(fields, "banner_image", rule: "ITEM-IMAGE-URL")
        let published = date(fields, "date_published")
        let modified = date(fields, "date_modified")
        let authors = authors(fields)
        let tags = array(fields, "tags", rule: "ITEM-TAGS") { reader, value, path -> String? in
            guard case .string(let tag) = value else {
                reader.error(path, "ITEM-TAGS", "expected a string tag, got \(value.summary)")
                return nil
            }
            return tag
        }
        let language = string(fields, "language", rule: "ITEM-LANGUAGE")
        let attachments = array(fields, "attachments", rule: "ITEM-ATTACHMENTS") { reader, value, path in
            reader.readAttachment(value, at: path)
        }
        let extensions = checkKeys(fields, known: Self.itemKeys, version: version)
        guard let id else { return nil }
        var item = Item(
            id: id, url: url, externalURL: externalURL, title: title, contentHTML: contentHTML,
            contentText: contentText, summary: summary, image: image, bannerImage: bannerImage, authors: authors,
            tags: tags, language: language, attachments: attachments, extensions: extensions
        )
        item.publishedMilliseconds = published
        item.modifiedMilliseconds = modified
        return item
    }

    mutating func readAuthor(_ value: JSONValue, at path: String) -> Author? {
        guard let fields = fields(value, at: path, rule: "AUTHOR-OBJECT") else { return nil }
        let name = string(fields, "name", rule: "AUTHOR-NAME")
        let url = string(fields, "url", rule: "AUTHOR-URL")
        let avatar = imageURL(fields, "avatar", rule: "AUTHOR-AVATAR")
        if fields["name"] == nil && fields["url"] == nil && fields["avatar"] == nil {
            warning(path, "AUTHOR-MEMBER", "an author needs at least one of \"name\", \"url\" or \"avatar\"")
        }
        let extensions = checkKeys(fields, known: Self.authorKeys, version: nil)
        return Author(name: name, url: url, avatar: avatar, extensions: extensions)
    }

    mutating func readAttachment(_ value: JSONValue, at path: String) -> Attachment? {
        guard let fields = fields(value, at: path, rule: "ATT-OBJECT") else { return nil }
        let url = string(fields, "url", rule: "ATT-URL", required: true)
        let mimeType = string(fields, "mime_type", rule: "ATT-MIME")
        if fields["mime_type"] == nil {
            warning(path, "ATT-MIME", "no \"mime_type\"; readers cannot tell what kind of file it is")
        } else if mimeType?.isEmpty == true {
            warning(
                fields.path(of: "mime_type"), "ATT-MIME", "empty \"mime_type\"; expected a type such as \"audio/mpeg\"")
        }
        let title = string(fields, "title", rule: "ATT-TITLE")
        let size = number(fields, "size_in_bytes", rule: "ATT-NUMBER")
        let duration = number(fields, "duration_in_seconds", rule: "ATT-NUMBER")
        // Legal, but podcast apps that read durations as integers drop the attachment or show nothing.
        if let duration, duration.rounded() != duration {
            warning(
                fields.path(of: "duration_in_seconds"), "ATT-NUMBER",
                "fractional \"duration_in_seconds\" (\(duration)); some readers expect whole seconds")
        }
        if let size, size.rounded() != size {
            warning(
                fields.path(of: "size_in_bytes"), "ATT-NUMBER",
                "fractional \"size_in_bytes\" (\(size)); a size is a whole number of bytes")
        }
        let extensions = checkKeys(fields, known: Self.attachmentKeys, version: nil)
        guard let url else { return nil }
        return Attachment(
            url: url, mimeType: mimeType, title: title, sizeInBytes: size, durationInSeconds: duration,
            extensions: extensions)
    }

    mutating func readHub(_ value: JSONValue, at path: String) -> Hub? {
        guard let fields = fields(value, at: path, rule: "HUB-OBJECT") else { return nil }
        let type = string(fields, "type", rule: "HUB-TYPE", required: true)
        let url = string(fields, "url", rule: "HUB-URL", required: true)
        let extensions = checkKeys(fields, known: Self.hubKeys, version: nil)
        guard let type, let url else { return nil }
        return Hub(type: type, url: url, extensions: extensions)
    }

    // MARK: Members

    private mutating func fields(_ value: JSONValue, at path: String, rule: String) -> Fields? {
        guard case .object(let object) = value else {
            error(path, rule, "expected an object, got \(value.summary)")
            return nil
        }
        return Fields(object: object, path: path)
    }

    private mutating func string(_ fields: Fields, _ key: String, rule: String, required: Bool = false) -> String? {
        guard let value = fields[key] else {
            if required { error(fields.path, rule, "missing required key \"\(key)\"") }
            return nil
        }
        guard case .string(let text) = value else {
            error(fields.path(of: key), rule, "expected a string, got \(value.summary)")
            return nil
        }
        return text
    }

    private mutating func bool(_ fields: Fields, _ key: String, rule: String) -> Bool? {
        guard let value = fields[key] else { return nil }
        guard case .bool(let flag) = value else {
            error(fields.path(of: key), rule, "expected true or false, got \(value.summary)")
            return nil
        }
        return flag
    }

    private mutating func number(_ fields: Fields, _ key: String, rule: String) -> Double? {
        guard let value = fields[key] else { return nil }
        guard case .number(let literal) = value, let number = Double(literal) else {
            error(fields.path(of: key), rule, "expected a number, got \(value.summary)")
            return nil
        }
        return number
    }

    private mutating func date(_ fields: Fields, _ key: String) -> Int64? {
        guard let text = string(fields, key, rule: "ITEM-DATE") else { return nil }
        guard let milliseconds = RFC3339.milliseconds(from: text) else {
            error(fields.path(of: key), "ITEM-DATE", "expected an RFC 3339 date-time, got \(JSONWriter.quoted(text))")
            return nil
        }
        return milliseconds
    }

    private mutating func itemID(_ fields: Fields) -> String? {
        guard let value = fields["id"] else {
            error(fields.path, "ITEM-ID", "missing required key \"id\"")
            return nil
        }
        switch value {
        case .string(let id):
            return id
        case .number(let literal):
            let id = NumberFormatting.identifier(fromLiteral: literal)
            warning(
                fields.path(of: "id"), "ITEM-ID-STRING",
                "the id is a number; it is read as the string \(JSONWriter.quoted(id)), but ids should be strings")
            return id
        default:
            error(fields.path(of: "id"), "ITEM-ID", "expected a string (or a number), got \(value.summary)")
            return nil
        }
    }

    private mutating func authors(_ fields: Fields) -> [Author]? {
        var authors = array(fields, "authors", rule: "AUTHORS-ARRAY") { reader, value, path in
            reader.readAuthor(value, at: path)
        }
        // JSON Feed 1.0's single `author`; when both are present, 1.1's `authors` wins.
        if let legacy = fields["author"], let author = readAuthor(legacy, at: fields.path(of: "author")), authors == nil
        {
            authors = [author]
        }
        return authors
    }

    private mutating func array<Element>(
        _ fields: Fields, _ key: String, rule: String,
        element: (inout FeedReader, JSONValue, String) -> Element?
    ) -> [Element]? {
        guard let value = fields[key] else { return nil }
        guard case .array(let values) = value else {
            error(fields.path(of: key), rule, "expected an array, got \(value.summary)")
            return nil
        }
        let base = fields.path(of: key)
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            if let converted = element(&self, value, "\(base)[\(index)]") { result.append(converted) }
        }
        return result
    }

    private mutating func absoluteURL(_ fields: Fields, _ key: String, rule: String, recommended: Bool) -> String? {
        guard let url = string(fields, key, rule: rule) else {
            if recommended, fields[key] == nil {
                warning(fields.path, rule, "no \"\(key)\"; the spec strongly recommends it")
            }
            return nil
        }
        if !Self.isAbsoluteHTTPURL(url) {
            warning(fields.path(of: key), rule, "expected an absolute http or https URL, got \(JSONWriter.quoted(url))")
        }
        return url
    }

    private mutating func imageURL(_ fields: Fields, _ key: String, rule: String) -> String? {
        guard let url = string(fields, key, rule: rule) else { return nil }
        if !Self.isAbsoluteHTTPURL(url) {
            warning(
                fields.path(of: key), rule,
                "relative or non-http URL \(JSONWriter.quoted(url)); readers resolve it against feed_url, if at all")
        }
        return url
    }

    private mutating func checkNoEntities(_ url: String, at path: String, rule: String) {
        // Both spellings start with `&`, which few URLs hold: a byte search spares the string searches.
        guard url.utf8.contains(UInt8(ascii: "&")) else { return }
        if url.contains("&#") || url.contains("&amp;") {
            warning(
                path, rule,
                "the URL holds an HTML entity (\(JSONWriter.quoted(url))); JSON strings are not HTML-escaped")
        }
    }

    /// Collects `_` extensions and warns about unknown keys, duplicate keys and 1.1 keys in a 1.0 feed.
    private mutating func checkKeys(_ fields: Fields, known: Set<String>, version: String?) -> JSONObject {
        var extensions = JSONObject()
        let members = fields.object.members
        // An item has a dozen members: comparing each key with the earlier ones costs less than hashing
        // every key into a set, for every item of every feed a build checks.
        let comparesByHash = members.count > 16
        var seen = Set<String>()
        for (position, member) in members.enumerated() {
            let key = member.key
            let isFirst =
                comparesByHash ? seen.insert(key).inserted : !members[..<position].contains { $0.key == key }
            if !isFirst {
                warning(
                    fields.path(of: key), "KEY-DUPLICATE",
                    "the key \"\(key)\" appears more than once; the last one is used")
            }
            if key.hasPrefix("_") {
                // Extension names are "_" followed by a letter (section "Extensions").
                if !(key.dropFirst().first?.isLetter ?? false) {
                    warning(
                        fields.path(of: key), "EXT-NAME",
                        "extension key \"\(key)\" should be \"_\" followed by a letter")
                }
                // A key seen for the first time is appended: looking each up first makes 100,000 keys quadratic.
                if isFirst { extensions.members.append(member) } else { extensions[key] = member.value }
            } else if !known.contains(key) {
                warning(
                    fields.path(of: key), "KEY-UNKNOWN",
                    "unknown key \"\(key)\" is ignored; custom keys must begin with \"_\"")
            } else if version == Feed.version1, Self.keysAddedInVersion11.contains(key) {
                warning(
                    fields.path(of: key), "KEY-VERSION",
                    "\"\(key)\" was added in JSON Feed 1.1, but the feed says it is version 1")
            }
        }
        return extensions
    }

    // MARK: Checks

    static func isAbsoluteHTTPURL(_ url: String) -> Bool {
        let lowered = url.prefix(8).lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return false
        }
        guard let host = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first else {
            return false
        }
        return !host.isEmpty && !containsWhitespace(url)
    }

    /// Whether any character of `text` is white space; an ASCII text (every URL a build writes) is
    /// read by byte, as Unicode's white space in ASCII is tab to carriage return and space.
    static func containsWhitespace(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.contains(where: \.isWhitespace) }
        return utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }

    static func looksLikeMarkup(_ text: String) -> Bool {
        // Every sign below starts with `<` or `&`: a title without either, most of them, is plain text
        // without a walk over its characters.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return false }
        var previous: Character?
        for character in text {
            if previous == "<", character.isLetter || character == "/" { return true }
            if previous == "&", character == "#" { return true }
            previous = character
        }
        return text.contains("&amp;") || text.contains("&lt;") || text.contains("&gt;") || text.contains("&quot;")
    }
}

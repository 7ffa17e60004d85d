import Foundation

/// One `<item>` of a WordPress export: a post, page, attachment, menu entry or other post type, as the
/// export wrote it (XML decoded once by the parser; HTML entities still in place).
struct WXRItem: Sendable, Equatable {
    /// The line of `<item>` in the export.
    var line = 0
    var title = ""
    var link = ""
    var creator = ""
    var content = ""
    /// The line `<content:encoded>` starts on, for reporting what is inside it.
    var contentLine = 0
    var excerpt = ""
    var postID = ""
    var postDate = ""
    var postDateGMT = ""
    var modified = ""
    var modifiedGMT = ""
    var name = ""
    var status = ""
    var parent = ""
    /// Nil when the item has no `<wp:post_type>`, which the export never omits.
    var postType: String?
    var password = ""
    var attachmentURL = ""
    /// `<category domain="category|post_tag|…" nicename="…">Name</category>`.
    var terms: [(domain: String, nicename: String, name: String)] = []
    var meta: [(key: String, value: String)] = []

    static func == (lhs: WXRItem, rhs: WXRItem) -> Bool {
        lhs.line == rhs.line && lhs.postID == rhs.postID && lhs.content == rhs.content
    }

    /// The values of a `wp:postmeta` key, in the export's order.
    func metaValues(_ key: String) -> [String] { meta.filter { $0.key == key }.map(\.value) }
}

/// The `<channel>` of a WordPress export: the site and its terms, which come before the items.
struct WXRChannel: Sendable, Equatable {
    var title = ""
    var link = ""
    var description = ""
    var language = ""
    var pubDate = ""
    var version: String?
    var baseSiteURL = ""
    var baseBlogURL = ""
    /// Display names by login (`wp:author_login`, which items name in `dc:creator`).
    var authors: [String: String] = [:]
    /// Categories by nicename: the name and the parent's nicename (`wp:category_parent`, empty at the top).
    var categories: [String: (name: String, parent: String)] = [:]

    static func == (lhs: WXRChannel, rhs: WXRChannel) -> Bool {
        lhs.title == rhs.title && lhs.link == rhs.link && lhs.version == rhs.version && lhs.authors == rhs.authors
    }

    /// A category's full name: its ancestors' names and its own, joined by `/` (`Parent/Child`), as
    /// WordPress shows the hierarchy; a loop of parents stops where it repeats.
    func fullCategoryName(_ nicename: String, fallback: String) -> String {
        guard var current = categories[nicename] else { return fallback }
        var names = [current.name]
        var seen: Set<String> = [nicename]
        while !current.parent.isEmpty, !seen.contains(current.parent), let parent = categories[current.parent] {
            seen.insert(current.parent)
            names.insert(parent.name, at: 0)
            current = parent
        }
        return names.joined(separator: "/")
    }
}

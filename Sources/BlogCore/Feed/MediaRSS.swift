import Foundation
import JSONFeed

/// The Media RSS element (RSS Advisory Board, "Media RSS Specification" 1.5.1, `media:content`) that RSS and
/// Atom readers show an item's picture from: the item's `image`, a post's cover, as JSON Feed's `image`.
/// RSS's own `enclosure` holds one file an item may have, which its first attachment takes.
enum MediaRSS {
    /// The namespace declaration, on the root element of a feed that ``uses(_:)`` it.
    static let namespace = " xmlns:media=\"http://search.yahoo.com/mrss/\""

    /// Whether an item of `feed` has an image.
    static func uses(_ feed: Feed) -> Bool {
        feed.items.contains { $0.image != nil }
    }

    /// The item's image as a `media:content` line, or nothing when it has none.
    static func content(of item: Item, indent: Int) -> String {
        guard let image = item.image else { return "" }
        let name = image.split(separator: "?").first.map(String.init) ?? image
        let type = MediaType.forFile(named: name).map { " type=\"\(XMLText.escaped($0))\"" } ?? ""
        return String(repeating: " ", count: indent)
            + "<media:content url=\"\(XMLText.escaped(image))\" medium=\"image\"\(type)/>\n"
    }
}

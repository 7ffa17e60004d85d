/// An XML document built as UTF-8 bytes: markup as written, text escaped (``XMLText``) straight into the
/// document. Atom and RSS pages carry whole posts: escaping each into a `String` of its own (whose bytes
/// are checked again as UTF-8), then into an entry's string, then into the document's, and the document
/// into `Data`, copied every post's HTML four times and cost an eighth of a clean build's instructions.
struct XMLBytes {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    /// Markup (or text known to need no escaping) as it is.
    mutating func markup(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Text escaped for character data and attribute values.
    mutating func text(_ text: String) {
        XMLText.appendEscaped(text, to: &bytes)
    }

    /// Text ``XMLText/appendEscaped(_:to:)`` escaped before.
    mutating func escaped(_ text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    /// `<name>text</name>` on a line of its own, indented.
    mutating func element(_ name: String, _ text: String, indent: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        bytes.append(UInt8(ascii: "<"))
        markup(name)
        bytes.append(UInt8(ascii: ">"))
        self.text(text)
        bytes.append(contentsOf: "</".utf8)
        markup(name)
        bytes.append(contentsOf: ">\n".utf8)
    }
}

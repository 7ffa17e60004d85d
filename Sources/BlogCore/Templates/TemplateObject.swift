import Mustache

/// An object that templates look into (`site`, `page`, `post`, a tag, `pagination`, the page itself):
/// names and values side by side, in the order they were set.
///
/// Not a `[String: Any]`: swift-mustache casts every object on its way to a value to two protocols, and a
/// dictionary, a generic type whose conformance is conditional, is the costlier kind to cast; a scan of
/// twenty names is cheaper than hashing one. Text is kept as ``TemplateText``, which the library prints
/// without the four more casts and the `String(describing:)` a `String` goes through. Rendering a post's
/// page with these took a fifth fewer instructions than with dictionaries and strings.
///
/// A value set to nil is left out, as a missing key is: `{{#url}}` of an author without one is false.
///
/// Unchecked: the values are text, numbers, booleans and arrays of template objects, made before a page
/// is rendered and never changed while templates read them.
struct TemplateObject: MustacheParent, MustacheTransformable, @unchecked Sendable {
    private(set) var names: [String] = []
    private var values: [Any] = []

    /// An object of `pairs` whose value is not nil; a name given twice has its first value.
    init(_ pairs: KeyValuePairs<String, Any?>) {
        names.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for case let (name, value?) in pairs {
            names.append(name)
            values.append(Self.stored(value))
        }
    }

    /// The value of `name`; setting a `String` stores it as ``TemplateText``, setting nil removes the name.
    subscript(name: String) -> Any? {
        get { names.firstIndex(of: name).map { values[$0] } }
        set {
            let index = names.firstIndex(of: name)
            switch (index, newValue) {
            case (let index?, let value?): values[index] = Self.stored(value)
            case (nil, let value?):
                names.append(name)
                values.append(Self.stored(value))
            case (let index?, nil):
                names.remove(at: index)
                values.remove(at: index)
            case (nil, nil): break
            }
        }
    }

    private static func stored(_ value: Any) -> Any {
        (value as? String).map(TemplateText.init) ?? value
    }

    /// Every name with its value, in the order they were set.
    var pairs: Zip2Sequence<[String], [Any]> { zip(names, values) }

    func child(named name: String) -> Any? {
        self[name]
    }

    /// A dictionary's transforms (`count`, `empty`, `enumerated`, `sorted`), which templates had when these
    /// objects were dictionaries.
    func transform(_ name: String) -> Any? {
        Dictionary(pairs.map { ($0, ($1 as? TemplateText)?.text ?? $1) }, uniquingKeysWith: { first, _ in first }).transform(name)
    }
}

/// Text in a ``TemplateObject``: printed as its string, with a string's transforms (`uppercased` and the like).
struct TemplateText: MustacheCustomRenderable, MustacheTransformable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    var renderText: String { text }

    /// Text is never null: an empty string opens a section, as a `String` does.
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        text.transform(name)
    }
}

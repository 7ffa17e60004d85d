import Mustache

/// An object that templates look into (`site`, `page`, `post`, a tag, `pagination`, the page itself):
/// names with their values, in the order they were set.
///
/// Not a `[String: Any]`: swift-mustache casts every object on its way to a value to two protocols, and a
/// dictionary, a generic type whose conformance is conditional, is the costlier kind to cast; a scan of
/// twenty names is cheaper than hashing one. Text is kept as ``TemplateText``, which the library prints
/// without the four more casts and the `String(describing:)` a `String` goes through. Rendering a post's
/// page with these takes 18% fewer instructions than with dictionaries and strings (callgrind, a
/// microbenchmark of the benchmark's lean post template).
///
/// A value set to nil is left out, as a missing key is: `{{#url}}` of an author without one is false.
///
/// Values are `Sendable` (text, numbers, booleans, template objects and arrays of them), so an object made
/// on one task can be rendered on another.
struct TemplateObject: MustacheParent, MustacheTransformable, Sendable {
    /// One array, not one of names and one of values: an object is copied into an `Any` for each variable
    /// a template looks up in it, and each array is a reference to retain and release.
    private var entries: [Entry] = []

    private struct Entry {
        let name: String
        var value: any Sendable
    }

    /// An object of `pairs` whose value is not nil; a name given twice has its first value.
    init(_ pairs: KeyValuePairs<String, (any Sendable)?>) {
        entries.reserveCapacity(pairs.count)
        for case (let name, let value?) in pairs { entries.append(Entry(name: name, value: Self.stored(value))) }
    }

    /// Every name with its value, in the order they were set.
    var pairs: [(name: String, value: Any)] { entries.map { ($0.name, $0.value) } }

    /// The value of `name`; setting a `String` stores it as ``TemplateText``, setting nil removes the name.
    subscript(name: String) -> (any Sendable)? {
        get {
            // By index into an array of structs: a loop over entries, or an index into an array of tuples,
            // copied each entry (retaining its name and value) to compare its name.
            for index in entries.indices where entries[index].name == name { return entries[index].value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = Self.stored(value)
            case (nil, let value?): entries.append(Entry(name: name, value: Self.stored(value)))
            case (let index?, nil): entries.remove(at: index)
            case (nil, nil): break
            }
        }
    }

    private static func stored(_ value: any Sendable) -> any Sendable {
        (value as? String).map(TemplateText.init) ?? value
    }

    func child(named name: String) -> Any? {
        self[name]
    }

    /// A dictionary's transforms (`count`, `empty`, `enumerated`, `sorted`), which templates may use on these
    /// objects as on dictionaries.
    func transform(_ name: String) -> Any? {
        Dictionary(
            entries.map { ($0.name, ($0.value as? TemplateText)?.text ?? $0.value) },
            uniquingKeysWith: { first, _ in first }
        ).transform(name)
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

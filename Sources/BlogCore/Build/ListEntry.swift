/// A post's values as list pages show them: its page's `post` object without `content`, kept from rendering
/// its page so that the index, tag and archive pages do not build the same object again for each post.
///
/// Unchecked: ``PageContext/post(_:includingContent:)`` makes the values only of strings, numbers,
/// booleans, optionals and arrays and dictionaries of them, and nothing changes them once made.
struct ListEntry: @unchecked Sendable {
    let values: [String: Any]
}

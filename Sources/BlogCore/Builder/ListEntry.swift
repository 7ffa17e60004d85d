/// A post's values as list pages show them: its page's `post` object without `content`, kept from rendering
/// its page so that the index, tag and archive pages do not build the same object again for each post.
struct ListEntry: Sendable {
    let values: TemplateObject
}

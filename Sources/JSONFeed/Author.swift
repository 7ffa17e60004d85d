/// A person or organisation credited with a feed or an item; JSON Feed asks for at least one member.
public struct Author: Sendable, Hashable {
    /// The author's name (`name`).
    public var name: String?
    /// A page for the author, or a `mailto:` address (`url`).
    public var url: String?
    /// A square image of the author (`avatar`).
    public var avatar: String?
    /// Members whose keys begin with `_`, kept as they were read.
    public var extensions: JSONObject

    /// Makes an author; the spec asks for at least one of the three members.
    public init(name: String? = nil, url: String? = nil, avatar: String? = nil, extensions: JSONObject = [:]) {
        self.name = name
        self.url = url
        self.avatar = avatar
        self.extensions = extensions
    }
}

/// A person or organisation credited with a feed or an item; JSON Feed asks for at least one member.
public struct Author: Sendable, Hashable {
    public var name: String?
    public var url: String?
    public var avatar: String?
    /// Members whose keys begin with `_`, kept as they were read.
    public var extensions: JSONObject

    public init(name: String? = nil, url: String? = nil, avatar: String? = nil, extensions: JSONObject = [:]) {
        self.name = name
        self.url = url
        self.avatar = avatar
        self.extensions = extensions
    }
}

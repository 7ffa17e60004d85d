/// An endpoint for real-time notification of feed updates.
public struct Hub: Sendable, Hashable {
    /// The protocol, such as `WebSub`.
    public var type: String
    /// The hub's endpoint (`url`, required).
    public var url: String
    /// Members whose keys begin with `_`, kept as they were read.
    public var extensions: JSONObject

    /// Makes a hub.
    public init(type: String, url: String, extensions: JSONObject = [:]) {
        self.type = type
        self.url = url
        self.extensions = extensions
    }
}

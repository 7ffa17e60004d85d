/// A related resource of an item, such as a podcast's audio file.
public struct Attachment: Sendable, Hashable {
    /// Where the resource is (`url`, required).
    public var url: String
    /// The MIME type; the spec requires it, but a missing one is tolerated on reading.
    public var mimeType: String?
    /// A name for the attachment, such as one of several formats (`title`).
    public var title: String?
    /// The size in bytes; the spec types it as any JSON number.
    public var sizeInBytes: Double?
    /// The playing time of audio or video (`duration_in_seconds`).
    public var durationInSeconds: Double?
    /// Members whose keys begin with `_`, kept as they were read.
    public var extensions: JSONObject

    /// Makes an attachment; only `url` is required.
    public init(
        url: String,
        mimeType: String? = nil,
        title: String? = nil,
        sizeInBytes: Double? = nil,
        durationInSeconds: Double? = nil,
        extensions: JSONObject = [:]
    ) {
        self.url = url
        self.mimeType = mimeType
        self.title = title
        self.sizeInBytes = sizeInBytes
        self.durationInSeconds = durationInSeconds
        self.extensions = extensions
    }
}

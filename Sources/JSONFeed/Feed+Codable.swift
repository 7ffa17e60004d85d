// The Codable conformances go through the same reader and writer as FeedDecoder and FeedEncoder, so a
// Feed nested in another Codable value obeys the same rules. A generic Decoder cannot report document
// order, so extension members decoded this way come back sorted by key.

extension Feed: Codable {
    /// Decodes with the strict rules of ``FeedDecoder``.
    ///
    /// - Throws: ``FeedDecodingError``, or the decoder's own error for malformed input.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(from: decoder) { reader, value in reader.readFeed(value) }
    }

    /// Encodes as ``FeedEncoder`` does, through the encoder's containers.
    public func encode(to encoder: any Encoder) throws {
        try FeedWriter(writesLegacyAuthor: true).value(of: self).encode(to: encoder)
    }
}

extension Item: Codable {
    /// Decodes with the strict rules of ``FeedDecoder``.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(from: decoder) { reader, value in reader.readItem(value, at: "$") }
    }

    /// Encodes as ``FeedEncoder`` does, through the encoder's containers.
    public func encode(to encoder: any Encoder) throws {
        try FeedWriter(writesLegacyAuthor: true).value(of: self).encode(to: encoder)
    }
}

extension Author: Codable {
    /// Decodes with the strict rules of ``FeedDecoder``.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(from: decoder) { reader, value in reader.readAuthor(value, at: "$") }
    }

    /// Encodes as ``FeedEncoder`` does, through the encoder's containers.
    public func encode(to encoder: any Encoder) throws {
        try FeedWriter(writesLegacyAuthor: true).value(of: self).encode(to: encoder)
    }
}

extension Attachment: Codable {
    /// Decodes with the strict rules of ``FeedDecoder``.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(from: decoder) { reader, value in reader.readAttachment(value, at: "$") }
    }

    /// Encodes as ``FeedEncoder`` does, through the encoder's containers.
    public func encode(to encoder: any Encoder) throws {
        try FeedWriter(writesLegacyAuthor: true).value(of: self).encode(to: encoder)
    }
}

extension Hub: Codable {
    /// Decodes with the strict rules of ``FeedDecoder``.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(from: decoder) { reader, value in reader.readHub(value, at: "$") }
    }

    /// Encodes as ``FeedEncoder`` does, through the encoder's containers.
    public func encode(to encoder: any Encoder) throws {
        try FeedWriter(writesLegacyAuthor: true).value(of: self).encode(to: encoder)
    }
}

private func decodeStrictly<Model>(
    from decoder: any Decoder,
    _ read: (inout FeedReader, JSONValue) -> Model?
) throws -> Model {
    let value = try JSONValue(from: decoder)
    var reader = FeedReader()
    let model = read(&reader, value)
    let errors = reader.problems.filter { $0.severity == .error }
    guard let model, errors.isEmpty else {
        throw FeedDecodingError(
            problems: errors.isEmpty
                ? [FeedProblem(severity: .error, path: "$", rule: "DOC-JSON", message: "not readable")] : errors)
    }
    return model
}

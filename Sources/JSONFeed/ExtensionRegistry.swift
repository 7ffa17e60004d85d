import Foundation

/// Maps JSON Feed extension keys (`_blue_shed`, `_podcast`) and hub types (`WebSub`, `rssCloud`) to the
/// Swift types that decode them: register a `Decodable` type once, and ``decode(_:)`` makes a value of
/// it for every such extension or hub in a feed.
///
/// The feed itself is not changed: extensions stay in each object's ``JSONObject`` exactly as read, so a
/// feed decoded and encoded again is the same whether or not a type knows its extensions, and unknown
/// keys and hub types simply stay raw JSON. A typed value is written back with ``JSONObject/set(_:forKey:)``.
public struct ExtensionRegistry: Sendable {
    /// Untyped `throws`: closures with typed throws stored in a dictionary crash the compiler; they
    /// throw only ``FeedDecodingError``, which ``decode(_:)`` passes on.
    typealias Decode = @Sendable (JSONValue, String) throws -> any Sendable

    private var extensionTypes: [String: Decode] = [:]
    private var hubTypes: [String: Decode] = [:]

    /// Makes an empty registry.
    public init() {}

    /// Decodes the extension `key` (with its `_`) wherever it appears (the feed, items, authors,
    /// attachments, hubs) as `type`.
    public mutating func register<Value: Decodable & Sendable>(_ type: Value.Type, forKey key: String) {
        extensionTypes[key] = { value, path in try JSONObject.decode(Value.self, from: value, at: path) }
    }

    /// Decodes every hub of type `hubType` (compared without case: `WebSub` and `websub` are one) as `type`,
    /// from the hub's whole object: `type`, `url` and any other members.
    public mutating func register<Value: Decodable & Sendable>(_ type: Value.Type, forHubType hubType: String) {
        hubTypes[hubType.lowercased()] = { value, path in try JSONObject.decode(Value.self, from: value, at: path) }
    }

    /// One registered extension or hub found in a feed.
    public struct Found: Sendable {
        /// Its JSON path, such as `items[2]._podcast` or `hubs[0]`.
        public var path: String
        /// The extension's key, or the hub's type as written.
        public var key: String
        /// The value its registered type decoded; cast it to that type.
        public var value: any Sendable
    }

    /// Reads a feed document strictly, as ``FeedDecoder`` does, and decodes its registered extensions and
    /// hubs.
    ///
    /// - Throws: ``FeedDecodingError`` for the document's errors, or for the first value that does not fit
    ///   its registered type, at its key path.
    public func decode(from data: Data) throws(FeedDecodingError) -> (feed: Feed, extensions: [Found]) {
        let feed = try FeedDecoder().decode(from: data)
        return (feed, try decode(feed))
    }

    /// Every registered extension and hub of `feed`, decoded by its type, in document order.
    ///
    /// - Throws: ``FeedDecodingError`` naming the path inside the extension where a value did not fit its
    ///   type, such as `items[0]._podcast.episode: expected a number, found a string`.
    public func decode(_ feed: Feed) throws(FeedDecodingError) -> [Found] {
        var found: [Found] = []
        try collect(feed.extensions, at: "$", into: &found)
        for (index, author) in (feed.authors ?? []).enumerated() {
            try collect(author.extensions, at: "authors[\(index)]", into: &found)
        }
        for (index, hub) in (feed.hubs ?? []).enumerated() {
            let path = "hubs[\(index)]"
            if let decode = hubTypes[hub.type.lowercased()] {
                found.append(
                    Found(
                        path: path, key: hub.type,
                        value: try Self.run(decode, FeedWriter(writesLegacyAuthor: false).value(of: hub), path)))
            }
            try collect(hub.extensions, at: path, into: &found)
        }
        for (index, item) in feed.items.enumerated() {
            let path = "items[\(index)]"
            try collect(item.extensions, at: path, into: &found)
            for (number, author) in (item.authors ?? []).enumerated() {
                try collect(author.extensions, at: "\(path).authors[\(number)]", into: &found)
            }
            for (number, attachment) in (item.attachments ?? []).enumerated() {
                try collect(attachment.extensions, at: "\(path).attachments[\(number)]", into: &found)
            }
        }
        return found
    }

    private func collect(_ extensions: JSONObject, at path: String, into found: inout [Found]) throws(FeedDecodingError)
    {
        for member in extensions.members {
            guard let decode = extensionTypes[member.key] else { continue }
            let memberPath = path == "$" ? member.key : "\(path).\(member.key)"
            found.append(
                Found(path: memberPath, key: member.key, value: try Self.run(decode, member.value, memberPath)))
        }
    }

    private static func run(_ decode: Decode, _ value: JSONValue, _ path: String) throws(FeedDecodingError)
        -> any Sendable
    {
        do {
            return try decode(value, path)
        } catch let error as FeedDecodingError {
            throw error
        } catch {
            throw FeedDecodingError(problems: [
                FeedProblem(severity: .error, path: path, rule: "EXT-TYPE", message: "\(error)")
            ])
        }
    }
}

extension JSONObject {
    /// The member `key` decoded as `type`, nil when there is no such member.
    ///
    /// - Parameter path: The object's JSON path, for errors (`items[2]`).
    /// - Throws: ``FeedDecodingError`` with the path inside the member where a value did not fit.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String, at path: String = "$")
        throws(FeedDecodingError) -> Value?
    {
        guard let value = self[key] else { return nil }
        return try Self.decode(type, from: value, at: path == "$" ? key : "\(path).\(key)")
    }

    /// Sets the member `key` to `value` as JSON, in place if it is there, else last.
    public mutating func set<Value: Encodable>(_ value: Value, forKey key: String) throws(FeedEncodingError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            self[key] = try JSONValue(parsing: encoder.encode(value))
        } catch {
            throw FeedEncodingError(path: key, message: "cannot be written as JSON: \(error)")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue, at path: String)
        throws(FeedDecodingError) -> Value
    {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(value.serialized().utf8))
        } catch let error as DecodingError {
            let (codingPath, message) = describe(error, in: value)
            let full = codingPath.reduce(path) { path, key in
                key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)"
            }
            throw FeedDecodingError(problems: [
                FeedProblem(severity: .error, path: full, rule: "EXT-TYPE", message: message)
            ])
        } catch {
            throw FeedDecodingError(problems: [
                FeedProblem(severity: .error, path: path, rule: "EXT-TYPE", message: "\(error)")
            ])
        }
    }

    /// Where in the value decoding failed, and what was wrong, in the words of the reader's messages.
    private static func describe(_ error: DecodingError, in root: JSONValue) -> ([any CodingKey], String) {
        switch error {
        case .typeMismatch(let type, let context):
            let found = member(at: context.codingPath, in: root)?.summary ?? "another kind of value"
            return (context.codingPath, "expected \(kind(of: type)), found \(found)")
        case .valueNotFound(let type, let context):
            return (context.codingPath, "expected \(kind(of: type)), found null")
        case .keyNotFound(let key, let context):
            return (context.codingPath, "missing required key \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            return (context.codingPath, context.debugDescription)
        @unknown default:
            return ([], "\(error)")
        }
    }

    /// The value at a decoder's coding path.
    private static func member(at path: [any CodingKey], in root: JSONValue) -> JSONValue? {
        var value = root
        for key in path {
            switch value {
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                value = elements[index]
            case .object(let object):
                guard let member = object[key.stringValue] else { return nil }
                value = member
            default:
                return nil
            }
        }
        return value
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is Double.Type, is Float.Type, is UInt.Type: "a number"
        case is [Any].Type: "an array"
        default: "\(type)"
        }
    }
}

import Foundation

/// A JSON value as it stood in a document, kept losslessly.
///
/// Numbers keep their literal text, so a 20-digit integer or a decimal written with a trailing zero is
/// written back exactly as it was read. Objects keep their members in document order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, as its JSON literal (for example `42`, `-1.50` or `6.02e23`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Makes a number value from an integer.
    public static func integer(_ value: Int64) -> JSONValue { .number(String(value)) }

    /// Makes a number value from a finite `Double`, written in its shortest exact form.
    ///
    /// - Returns: `nil` when `value` is NaN or infinite, which JSON cannot express.
    public static func double(_ value: Double) -> JSONValue? {
        NumberFormatting.literal(for: value).map(JSONValue.number)
    }

    /// Parses a JSON document.
    ///
    /// - Parameter bytes: UTF-8 text; a leading byte-order mark is skipped.
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first fault.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        self = try JSONParser.parse(Array(bytes))
    }

    /// Serialises the value as JSON text.
    ///
    /// Output is deterministic: members in stored order, slashes not escaped, two-space indentation when
    /// `pretty` is set.
    public func serialized(pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A short description of the value's kind and, for scalars, the value itself, for error messages.
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let literal): literal
        case .string(let text): JSONWriter.quoted(text.count > 80 ? String(text.prefix(77)) + "..." : text)
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The members of a JSON object in document order.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// Makes a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, in the order they are written.
    public var members: [Member]

    /// Makes an object from members in the given order.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// Makes an object from a literal, in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The value of `key`; setting a new key appends it, setting `nil` removes it.
    ///
    /// When a document repeats a key, the last occurrence wins, as in JavaScript.
    public subscript(key: String) -> JSONValue? {
        get { members.last(where: { $0.key == key })?.value }
        set {
            if let newValue {
                if let index = members.lastIndex(where: { $0.key == key }) {
                    members[index].value = newValue
                } else {
                    members.append(Member(key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    /// Iterates over the members in order.
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}

extension JSONValue: Codable {
    /// Reads a value from any `Decoder`; object members come back sorted by key, because a generic
    /// decoder does not expose document order.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [JSONObject.Member] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(.init(key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(members))
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .number(String(value))
        } else if let value = try? single.decode(Double.self), let number = JSONValue.double(value) {
            self = number
        } else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a JSON value")
        }
    }

    /// Writes the value to any `Encoder`; integers that fit 64 bits are written as integers.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for member in object.members { try container.encode(member.value, forKey: AnyCodingKey(member.key)) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .number(let literal):
                if let value = Int64(literal) {
                    try container.encode(value)
                } else if let value = UInt64(literal) {
                    try container.encode(value)
                } else {
                    try container.encode(Double(literal) ?? 0)
                }
            case .array, .object: break
            }
        }
    }
}

struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

enum NumberFormatting {
    /// The shortest literal that reads back as `value`, in JavaScript's style: integers up to 1e21
    /// without a fraction, exponents without leading zeros.
    static func literal(for value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e21 {
            if abs(value) < 9.007_199_254_740_992e15 { return String(Int64(value)) }
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        if text.utf8.contains(UInt8(ascii: "e")) {
            text = text.replacingOccurrences(of: "e-0", with: "e-").replacingOccurrences(of: "e+0", with: "e+")
        }
        return text
    }

    /// Coerces a JSON number literal to an item id: integers keep every digit, other numbers take their
    /// shortest exact form.
    static func identifier(fromLiteral literal: String) -> String {
        if !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return literal }
        guard let value = Double(literal), let text = Self.literal(for: value) else { return literal }
        return text
    }
}

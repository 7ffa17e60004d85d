/// Deterministic JSON output: members in stored order, `/` never escaped, two-space indentation.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    let pretty: Bool
    private var level = 0

    /// - Parameter level: The depth the first value is written at, for a value placed inside another.
    init(pretty: Bool, level: Int = 0, capacity: Int = 4096) {
        self.pretty = pretty
        self.level = level
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let literal): bytes.append(contentsOf: literal.utf8)
        case .string(let text): Self.appendQuoted(text, to: &bytes)
        case .array(let values): writeArray(values.count) { writer, index in writer.write(values[index]) }
        case .object(let object): write(object)
        }
    }

    /// An object; when `key` is given, that member's value is an array of values written before (at this
    /// writer's depth plus two), placed byte for byte: the same bytes as the values themselves there.
    mutating func write(_ object: JSONObject, splicing key: String? = nil, _ elements: [[UInt8]] = []) {
        guard !object.isEmpty else { bytes.append(contentsOf: "{}".utf8); return }
        bytes.append(UInt8(ascii: "{"))
        level += 1
        for (position, member) in object.members.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            newline()
            Self.appendQuoted(member.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            if pretty { bytes.append(UInt8(ascii: " ")) }
            if member.key == key {
                writeArray(elements.count) { writer, index in writer.bytes.append(contentsOf: elements[index]) }
            } else {
                write(member.value)
            }
        }
        level -= 1
        newline()
        bytes.append(UInt8(ascii: "}"))
    }

    /// An array of `count` elements, each written by `element`.
    private mutating func writeArray(_ count: Int, _ element: (inout JSONWriter, Int) -> Void) {
        guard count > 0 else { bytes.append(contentsOf: "[]".utf8); return }
        bytes.append(UInt8(ascii: "["))
        level += 1
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline()
            element(&self, index)
        }
        level -= 1
        newline()
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    static func quoted(_ text: String) -> String {
        var buffer: [UInt8] = []
        appendQuoted(text, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Escapes only what RFC 8259 requires: the quote, the backslash and control characters.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendEscaped($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The bytes with escapes, copied run by run between the bytes that need one: post HTML has a
    /// newline or a quote every few dozen bytes, and copying byte by byte runs at a tenth of the speed.
    private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
                index += 1
                continue
            }
            if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index])) }
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            }
            index += 1
            runStart = index
        }
        if count > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<count])) }
    }
}

/// Deterministic JSON output: members in stored order, `/` never escaped, two-space indentation.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    let pretty: Bool
    private var level = 0

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(4096)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let literal): bytes.append(contentsOf: literal.utf8)
        case .string(let text): Self.appendQuoted(text, to: &bytes)
        case .array(let values):
            guard !values.isEmpty else { bytes.append(contentsOf: "[]".utf8); return }
            bytes.append(UInt8(ascii: "["))
            level += 1
            for (position, element) in values.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                write(element)
            }
            level -= 1
            newline()
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { bytes.append(contentsOf: "{}".utf8); return }
            bytes.append(UInt8(ascii: "{"))
            level += 1
            for (position, member) in object.members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                Self.appendQuoted(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                write(member.value)
            }
            level -= 1
            newline()
            bytes.append(UInt8(ascii: "}"))
        }
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
        // Most strings need no escape: copy them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// What the preview answers at all. The preview runs on the author's machine, and any web page they
/// visit may send it requests: on a loopback address it answers only requests for a loopback name (a DNS
/// name that points at 127.0.0.1 is how another site would read it), and whatever the address, a request
/// that carries an `Origin` must come from a page of the preview itself.
struct RequestGuard: Sendable {
    /// The address the server listens on, as given to `--host`.
    let listeningOn: String

    /// Why the request is refused, for a 403 reply, or nil when it may be answered.
    func refusal(host: String?, origin: String?) -> String? {
        if Self.isLoopback(listeningOn) {
            guard let host, Self.isLoopback(Self.name(ofHost: host)) else {
                return "the preview answers only to its own address, such as http://127.0.0.1/"
            }
        }
        if let origin {
            // Same origin: the page was loaded from this server by the name the request uses. `null`
            // (a sandboxed or file page) and look-alikes (`http://localhost.evil.example`) are not.
            guard let host, origin.lowercased() == "http://" + host.lowercased() else {
                return "the preview answers only its own pages; requests from \(origin) are refused"
            }
        }
        return nil
    }

    /// Whether a `Host` header is one host and an optional port (RFC 9110 §7.2, RFC 3986 §3.2.2): a bracketed
    /// IPv6 address or a name of letters, digits, `-`, `.` and `_`, then `:` and at most five digits. A user
    /// part (`a@b`), a list (`a, b`), a path, two ports or anything after the brackets is not.
    static func isWellFormed(host header: String) -> Bool {
        var rest = Substring(header)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]"),
                ipv6(String(rest[rest.index(after: rest.startIndex)..<close])) != nil
            else { return false }
            rest = rest[rest.index(after: close)...]
        } else {
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }
            guard !name.isEmpty else { return false }
            rest = rest[name.endIndex...]
        }
        guard !rest.isEmpty else { return true }
        guard rest.first == ":" else { return false }
        let port = rest.dropFirst()
        return port.count <= 5 && port.allSatisfy { $0.isASCII && $0.isNumber }
            && (port.isEmpty || (Int(port) ?? Int.max) <= 65_535)
    }

    /// The name in a `Host` header, without the port and the brackets of an IPv6 address.
    static func name(ofHost header: String) -> String {
        let lowered = header.lowercased()
        if lowered.hasPrefix("[") { return String(lowered.dropFirst().prefix { $0 != "]" }) }
        return String(lowered.prefix { $0 != ":" })
    }

    /// Whether `name` is a loopback address or name in any spelling: `localhost` and names below it,
    /// 127.0.0.0/8, and ::1 written short, in full, or as an IPv4-mapped 127 address.
    static func isLoopback(_ name: String) -> Bool {
        let name = name.lowercased().hasSuffix(".") ? String(name.lowercased().dropLast()) : name.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        if let octets = ipv4(name) { return octets[0] == 127 }
        guard let groups = ipv6(name) else { return false }
        if groups.prefix(7).allSatisfy({ $0 == 0 }) && groups[7] == 1 { return true }
        // ::ffff:127.x.x.x
        return groups.prefix(5).allSatisfy { $0 == 0 } && groups[5] == 0xFFFF && groups[6] >> 8 == 127
    }

    private static func ipv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let octets = parts.compactMap { $0.count <= 3 ? UInt8($0) : nil }
        return octets.count == 4 ? octets : nil
    }

    /// The eight groups of an IPv6 address (with `::` and a trailing IPv4 part), or nil.
    private static func ipv6(_ text: String) -> [UInt16]? {
        guard text.contains(":"), text.count <= 45 else { return nil }
        func groups(_ part: Substring) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let octets = ipv4(String(piece)) {
                    result += [UInt16(octets[0]) << 8 | UInt16(octets[1]), UInt16(octets[2]) << 8 | UInt16(octets[3])]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        let halves = text.components(separatedBy: "::")
        switch halves.count {
        case 1:
            guard let all = groups(text[...]), all.count == 8 else { return nil }
            return all
        case 2:
            guard let head = groups(halves[0][...]), let tail = groups(halves[1][...]), head.count + tail.count <= 7
            else { return nil }
            return head + [UInt16](repeating: 0, count: 8 - head.count - tail.count) + tail
        default:
            return nil
        }
    }
}

extension StringProtocol {
    /// The segments of a relative or absolute path as the file system reads it: split at every byte `/`,
    /// empty segments kept (`a//b`, a leading or trailing `/`). Not by Character: a `/` or `.` that a
    /// combining mark follows is one Character with it, which a split or a comparison by Character does
    /// not see, while the file system still splits there and still reads `..` (`../\u{301}x` is `..` and
    /// `\u{301}x`).
    public var pathSegments: [Substring] {
        let path = String(self)
        return path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
    }

    /// The same without the empty segments: the names a path goes through.
    public var pathNames: [Substring] {
        pathSegments.filter { !$0.isEmpty }
    }

    /// Whether a file or folder name is hidden on Unix: its first byte is `.` (`.\u{301}x` too, one
    /// Character longer than `.`).
    public var isHiddenName: Bool {
        utf8.first == UInt8(ascii: ".")
    }

    /// Whether a segment is `.` or `..`, byte for byte.
    public var isDotSegment: Bool {
        utf8.elementsEqual(".".utf8) || utf8.elementsEqual("..".utf8)
    }

    /// Whether a segment is `..`, byte for byte.
    public var isParentSegment: Bool {
        utf8.elementsEqual("..".utf8)
    }
}

extension String {
    /// `folder + "/" + name`, made in one allocation: `+` grows the string twice, which for every entry of
    /// a folder of 50,000 posts cost more than reading the folder.
    public static func path(_ folder: String, _ name: String) -> String {
        var (folder, name) = (folder, name)
        return folder.withUTF8 { head in
            name.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[..<head.count]).initialize(from: head)
                    buffer[head.count] = UInt8(ascii: "/")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(head.count + 1)...]).initialize(from: tail)
                    return buffer.count
                }
            }
        }
    }
}

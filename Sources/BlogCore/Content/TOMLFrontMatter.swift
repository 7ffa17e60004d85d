import Foundation
import TOMLKit

/// Hugo's TOML front matter (between `+++` lines), read through TOMLKit and handed to the YAML reader as
/// YAML with the same lines: each top-level key on the line it is on in the TOML, its value (as JSON,
/// which YAML reads) in the same column, so that every message names the place in the file.
enum TOMLFrontMatter {
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    static func yaml(from toml: String) throws(SyntaxError) -> String {
        let table = try table(from: toml)
        let json = table.convert(to: .json)
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
                as? [String: Any]
        else {
            throw SyntaxError(line: 1, column: 1, message: "the TOML could not be read as a table")
        }
        let lines = toml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var output = [String](repeating: "", count: lines.count)
        var extra: [String] = []
        for key in table.keys.sorted() {
            guard let value = object[key],
                let data = try? JSONSerialization.data(
                    withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
            else { continue }
            let valueText = String(decoding: data, as: UTF8.self)
            // A bare key stays bare, so that the value's column can match the TOML's.
            let isBare =
                !key.isEmpty
                && key.unicodeScalars.allSatisfy {
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-")
                }
            let keyText =
                isBare
                ? key
                : String(
                    decoding: (try? JSONSerialization.data(withJSONObject: key, options: [.fragmentsAllowed]))
                        ?? Data(), as: UTF8.self)
            if let (line, column) = position(of: key, in: lines) {
                // The value where the TOML has it, so that a column in a message points there.
                let padding = max(1, column - 1 - keyText.count - 1)
                output[line] = keyText + ":" + String(repeating: " ", count: padding) + valueText
            } else {
                extra.append(keyText + ": " + valueText)
            }
        }
        return (output + extra).joined(separator: "\n") + "\n"
    }

    /// The line (0-based) of a top-level key and the column (1-based) of its value: `key = value`, a quoted
    /// key, or a table header `[key]` / `[[key]]` (whose value has no column of its own).
    private static func position(of key: String, in lines: [String]) -> (Int, Int)? {
        var inTable = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") {
                let name = trimmed.drop { $0 == "[" }.prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                if name == key || name == "\"\(key)\"" { return (index, line.count + 2) }
                inTable = true
                continue
            }
            guard !inTable else { continue }
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where trimmed.hasPrefix(spelling) {
                let rest = trimmed.dropFirst(spelling.count)
                let afterSpaces = rest.drop { $0 == " " || $0 == "\t" }
                guard afterSpaces.first == "=" else { continue }
                let value = afterSpaces.dropFirst().drop { $0 == " " || $0 == "\t" }
                return (index, line.count - value.count + 1)
            }
        }
        return nil
    }
}

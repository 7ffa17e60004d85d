import Foundation
import JSONFeed
import Testing

@testable import BlogCore

/// A JSON Feed cut into its items and the rest reads as the whole: the parts parse to the document's
/// values; what cannot be cut with certainty is not.
@Suite struct JSONFeedSplitTests {
    func cut(_ text: String) -> JSONFeedSplit? {
        Array(text.utf8).withUnsafeBufferPointer { JSONFeedSplit($0) }
    }

    @Test(arguments: [
        #"{"version":"v","items":[]}"#,
        #" { "items" : [ {"id":"1","content_text":"a \"quoted\" ] } text\\"} , {"id":2,"tags":["x",["y"]]} ] , "title":"T" } "#,
        "{\n  \"title\": \"[{\",\n  \"items\": [\n    {\"id\": \"1\", \"_ext\": {\"n\": -1.5e3, \"b\": [true, false, null]}}\n  ]\n}\n",
        #"{"items":["not an item",3,null,{}]}"#,
        // Runs of backslashes before a quote: an even run ends the string, an odd one escapes the quote.
        #"{"items":[{"a":"x\\"},{"b":"\\\"]}"},{"c":"\\\\","d":"\""},"\\"]}"#,
        #"{"title":"\\","items":[{"s":"a\"],\\\"}{[\\"}]}"#,
    ])
    func partsParseToTheDocumentsValues(_ text: String) throws {
        let split = try #require(cut(text))
        guard case .object(var whole) = try JSONValue(parsing: Array(text.utf8)),
            case .array(let items)? = whole["items"]
        else {
            Issue.record("not a feed: \(text)")
            return
        }
        let bytes = Array(text.utf8)
        #expect(try split.items.map { try JSONValue(parsing: bytes[$0]) } == items)
        whole["items"] = .array([])
        #expect(try JSONValue(parsing: split.shell) == .object(whole))
    }

    @Test(arguments: [
        "\u{FEFF}{\"items\":[]}", #"{"it\u0065ms":[]}"#, #"{"items":[],"items":[{}]}"#, #"{"title":"T"}"#,
        #"{"items":{}}"#, #"{"items":[]} x"#, #"{"items":[{"id":"1"]}"#, #"{"items":[1 2]}"#, #"["items"]"#,
        #"{"items":["open]}"#, #"{"items":["open\"]}"#, #"{"items":["open\\\"]}"#, "",
    ])
    func whatCannotBeCutWithCertaintyIsNot(_ text: String) {
        #expect(cut(text) == nil)
    }
}

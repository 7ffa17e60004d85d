import Foundation
import Testing

@testable import BlogServe

@Suite struct HTTPDateTests {
    @Test func writesAndReadsTheIMFFixdate() {
        // RFC 9110 §5.6.7's own example.
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.string(from: date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 784_111_777.9)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test(arguments: [
        "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49 GMT", "", "yesterday",
    ])
    func otherFormatsAreNotDates(text: String) {
        #expect(HTTPDate.date(from: text) == nil)
    }
}

import Testing

@testable import BlogCore

/// The table a check's tasks share: what tasks put in at once is all there, each key in its stripe.
@Suite struct StripedTableTests {
    @Test func entriesPutByManyTasksAreAllTaken() async {
        let table = StripedTable<String, Int>(capacity: 1000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for number in stride(from: task, to: 4000, by: 8) {
                        table.withStripe(of: "key \(number)") { $0["key \(number)", default: 0] += number }
                    }
                }
            }
        }
        #expect(table.withStripe(of: "key 17") { $0["key 17"] } == 17)
        let all = table.takeAll()
        #expect(all.count == 4000)
        #expect(all == Dictionary(uniqueKeysWithValues: (0..<4000).map { ("key \($0)", $0) }))
        #expect(table.takeAll().isEmpty)
    }
}

import BlogFileSystem
import Testing

@testable import BlogCore

@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 7, 16, 17, 1_000, 4_099])
    func resultsComeBackInOrderWhateverTheChunks(count: Int) async {
        let numbers = Array(0..<count)
        #expect(await numbers.parallelMap { $0 * 3 } == numbers.map { $0 * 3 })
        #expect(await numbers.parallelMap(minimumChunk: 100) { $0 + 1 } == numbers.map { $0 + 1 })
        #expect(await numbers.parallelMap(minimumChunk: 16, maximumChunk: 16) { -$0 } == numbers.map { -$0 })
    }

    @Test func chunksStayWithinTheirBoundsAndCoverEveryElementOnce() async {
        let numbers = Array(0..<1_000)
        let chunks = await numbers.parallelMapChunks(minimumChunk: 30, maximumChunk: 50) { Array($0) }
        #expect(chunks.flatMap { $0 } == numbers)
        #expect(chunks.dropLast().allSatisfy { (30...50).contains($0.count) })
        let single = await numbers.parallelMapChunks(maximumChunk: 1) { $0.count }
        #expect(single == Array(repeating: 1, count: 1_000))
    }

    @Test func progressReachesTheWhole() async {
        let seen = Locked<[Int]>([])
        _ = await Array(0..<100).parallelMap(
            minimumChunk: 10, maximumChunk: 10,
            progress: { done, all in
                seen.withLock { $0.append(done) }
                #expect(all == 100)
            }
        ) { $0 }
        let values = seen.withLock { $0 }
        #expect(values.count == 10)
        #expect(values.last == 100)
        #expect(values == values.sorted())
    }
}

import Foundation

extension Array where Element: Sendable {
    /// `transform` of every chunk of the array, made on every core by one task group and returned in the
    /// array's order, so nothing that follows depends on scheduling: the engine's one idiom for parallel
    /// work.
    ///
    /// The array is cut into chunks of `minimumChunk` to `maximumChunk` elements, about `chunksPerCore`
    /// per core: work of microseconds an element costs more as a task each than the work itself, and a few
    /// chunks a core still share out evenly when some take longer than others.
    ///
    /// - Parameter progress: Called with the elements done and the elements in all, as chunks finish.
    func parallelMapChunks<Result: Sendable>(
        minimumChunk: Int = 1, maximumChunk: Int = .max, chunksPerCore: Int = 4,
        progress: (@Sendable (Int, Int) -> Void)? = nil,
        _ transform: @escaping @Sendable (ArraySlice<Element>) -> Result
    ) async -> [Result] {
        let parts = Swift.max(1, chunksPerCore * ProcessInfo.processInfo.activeProcessorCount)
        let chunk = Swift.max(1, Swift.min(maximumChunk, Swift.max(minimumChunk, (count + parts - 1) / parts)))
        let starts = [Int](stride(from: 0, to: count, by: chunk))
        return await withTaskGroup(of: (Int, Result, Int).self) { group in
            for (index, start) in starts.enumerated() {
                let elements = self[start..<Swift.min(start + chunk, count)]
                group.addTask { (index, transform(elements), elements.count) }
            }
            var results = [Result?](repeating: nil, count: starts.count)
            var done = 0
            for await (index, result, size) in group {
                results[index] = result
                done += size
                progress?(done, count)
            }
            return results.map { $0! }
        }
    }

    /// `transform` of every element, made on every core in chunks (``parallelMapChunks(minimumChunk:maximumChunk:chunksPerCore:progress:_:)``)
    /// and returned in the array's order.
    func parallelMap<Result: Sendable>(
        minimumChunk: Int = 1, maximumChunk: Int = .max, progress: (@Sendable (Int, Int) -> Void)? = nil,
        _ transform: @escaping @Sendable (Element) -> Result
    ) async -> [Result] {
        await parallelMapChunks(minimumChunk: minimumChunk, maximumChunk: maximumChunk, progress: progress) {
            $0.map(transform)
        }.flatMap { $0 }
    }
}

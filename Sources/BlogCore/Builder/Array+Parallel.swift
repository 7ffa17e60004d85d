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

    /// `transform` of every chunk of `chunk` elements, in the array's order, made by one worker a core, each
    /// with state of its own that it keeps from chunk to chunk: what one chunk learns (the words a post has,
    /// and their terms) is there for the chunks the same worker takes next, with no lock and nothing shared.
    /// Workers take chunks in turn from a ``ChunkDispenser`` as they finish, so they share out evenly when
    /// some chunks take longer than others; the state never leaves its worker, and the results do not depend
    /// on which worker made them as long as `transform`'s result does not depend on the state.
    ///
    /// - Parameter progress: Called with the elements done and the elements in all, as chunks finish.
    func parallelMapChunks<State: ~Copyable, Result: Sendable>(
        chunk: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
        state makeState: @escaping @Sendable () -> State,
        _ transform: @escaping @Sendable (inout State, ArraySlice<Element>) -> Result
    ) async -> [Result] {
        let chunk = Swift.max(1, chunk)
        let starts = [Int](stride(from: 0, to: count, by: chunk))
        let workers = Swift.min(starts.count, Swift.max(1, ProcessInfo.processInfo.activeProcessorCount))
        let dispenser = ChunkDispenser(chunks: starts.count, elements: count, progress: progress)
        return await withTaskGroup(of: [(Int, Result)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var state = makeState()
                    var made: [(Int, Result)] = []
                    while let index = await dispenser.next() {
                        let elements = self[starts[index]..<Swift.min(starts[index] + chunk, count)]
                        made.append((index, transform(&state, elements)))
                        await dispenser.finished(elements.count)
                    }
                    return made
                }
            }
            var results = [Result?](repeating: nil, count: starts.count)
            for await made in group {
                for (index, result) in made { results[index] = result }
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

/// Hands out chunk numbers to the workers of ``Swift/Array/parallelMapChunks(chunk:progress:state:_:)`` one at
/// a time, and reports progress in order as they finish.
actor ChunkDispenser {
    private let chunks: Int
    private let elements: Int
    private let progress: (@Sendable (Int, Int) -> Void)?
    private var given = 0
    private var done = 0

    init(chunks: Int, elements: Int, progress: (@Sendable (Int, Int) -> Void)?) {
        self.chunks = chunks
        self.elements = elements
        self.progress = progress
    }

    /// The next chunk's number; nil when every chunk has been given out.
    func next() -> Int? {
        guard given < chunks else { return nil }
        given += 1
        return given - 1
    }

    /// Counts `size` more elements done.
    func finished(_ size: Int) {
        done += size
        progress?(done, elements)
    }
}

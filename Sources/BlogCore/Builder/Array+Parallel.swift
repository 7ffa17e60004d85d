extension Array where Element: Sendable {
    /// `transform` of every element, made on every core by a task group and returned in the array's order,
    /// so nothing that follows depends on scheduling. The engine's one idiom for parallel work.
    func parallelMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) async -> [Result] {
        await withTaskGroup(of: (Int, Result).self) { group in
            for (index, element) in enumerated() {
                group.addTask { (index, transform(element)) }
            }
            var results = [Result?](repeating: nil, count: count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
    }

    /// The array cut into at most `parts` runs of nearly equal length and at least `minimumLength`
    /// elements each (one run when it is shorter), in order.
    func runs(_ parts: Int, minimumLength: Int = 1) -> [ArraySlice<Element>] {
        let parts = Swift.max(1, Swift.min(parts, count / Swift.max(1, minimumLength)))
        return (0..<parts).map { self[(count * $0 / parts)..<(count * ($0 + 1) / parts)] }
    }
}

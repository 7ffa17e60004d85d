import BlogFileSystem

/// The pages a checked build writes, scanned as each is put (``StagedTree``'s observer) on the task that
/// made it: the link check then reads back from the output only the pages the build did not write, such
/// as those it carried over. What is kept of a page is its ``PageScan``, never its bytes.
struct PageScans: Sendable {
    /// In stripes: the tasks that render pages record them at once.
    private let scans: StripedTable<String, PageScan>

    /// Makes room for about `pages` pages at once: the table of ten thousand grows a dozen times else.
    init(pages: Int) {
        scans = StripedTable(capacity: pages)
    }

    /// Scans a file the build puts into the output, if it is a page.
    func record(_ path: String, _ bytes: UnsafeRawBufferPointer) {
        guard LinkCheck.isPage(path) else { return }
        let scan = HTMLScanner.scan(bytes.bindMemory(to: UInt8.self))
        scans.withStripe(of: path) { $0[path] = scan }
    }

    /// The scans by output path, taken out.
    func take() -> [String: PageScan] {
        scans.takeAll()
    }
}

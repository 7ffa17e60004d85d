import BlogFileSystem
import Foundation
import JSONFeed

// The binary form, the record's only encoding: the magic, the format version, the fingerprint and a
// checksum of the head, each eight bytes; then the head, which is the dependencies and each section's
// byte length and checksum; then the sections: the stamps, the outputs with the spare's differences from
// them, and the sources in shares. Sections are written and read on every core, and each is checked
// when it is first read: a rebuild that finds nothing changed reads only the stamps, and an edit the
// stamps, the outputs and the shares of its sources, not the 50 MB of every post's record at 50,000.
extension BuildRecord {
    /// The file's bytes.
    func encoded() async -> Data {
        let order = sourcesInOrder()
        // Shares of about a thousand sources at most, each checked alone: an edit checks the share of its
        // own source, not the record of every post.
        let parts = Swift.max(ProcessInfo.processInfo.activeProcessorCount, order.count / Self.shareLength)
        let shares = order.runs(parts, minimumLength: Self.shareLength)
        // Section 0 is the stamps, 1 the outputs, the rest one share of the sources each.
        let sections = await Array(0..<(shares.count + 2)).parallelMap { section -> [UInt8] in
            var writer: RecordWriter
            switch section {
            case 0:
                writer = RecordWriter(capacity: 48 * (stamps.sources.count + stamps.outputs.count) + 64)
                writer.stamps(stamps)
            case 1:
                writer = RecordWriter(capacity: 64 * outputs.count + 64)
                writeOutputs(to: &writer)
            default:
                let share = shares[section - 2]
                writer = RecordWriter(capacity: 600 * share.count + 16)
                writer.integer(UInt64(share.count))
                for path in share {
                    guard let source = sources[path] else { continue }
                    writer.string(path)
                    writer.lengthPrefixed { $0.source(source) }
                }
            }
            return writer.bytes
        }
        return Self.file(fingerprint: fingerprint, dependencies: dependencies, sections: sections)
    }

    /// How many sources a share of the record holds, about.
    static let shareLength = 1_000

    /// The file's bytes from its parts: the sections follow the head, which says how long each is and
    /// holds its checksum.
    ///
    /// - Parameter checksums: Each section's checksum where it is known already (a section copied from
    ///   another file); the others are made here.
    static func file(
        fingerprint: UInt64, dependencies: Dependencies, sections: [[UInt8]], checksums: [UInt64?] = []
    ) -> Data {
        var head = RecordWriter(capacity: 64 * dependencies.listPages.count + 1024)
        head.fixed(dependencies.links)
        head.array(dependencies.listPages.keys.sorted()) { writer, path in
            writer.string(path)
            writer.fixed(dependencies.listPages[path] ?? 0)
        }
        head.array(dependencies.feedWarnings.keys.sorted()) { writer, path in
            writer.string(path)
            writer.array(dependencies.feedWarnings[path] ?? []) { writer, warning in
                writer.string(warning.file)
                writer.string(warning.message)
            }
        }
        head.array(dependencies.navigation) { writer, link in
            writer.string(link.title)
            writer.string(link.url)
        }
        head.array(dependencies.feedPages) { writer, page in
            for text in [page.title, page.homePageURL, page.feedURL] { writer.string(text) }
            writer.optionalString(page.nextURL)
            writer.array(page.formats) { $0.string($1) }
            writer.array(page.routes) { writer, route in
                writer.string(route.path)
                writer.string(route.url)
            }
            writer.array(page.sources) { $0.string($1) }
            writer.bool(page.isArchive)
        }
        head.array(Array(sections.indices)) { writer, index in
            writer.integer(UInt64(sections[index].count))
            let known = index < checksums.count ? checksums[index] : nil
            writer.fixed(known ?? sections[index].withUnsafeBytes { Digest.of($0) })
        }
        var file = RecordWriter(capacity: 24)
        file.fixed(UInt64(formatVersion))
        file.fixed(fingerprint)
        file.fixed(head.bytes.withUnsafeBytes { Digest.of($0) })
        var data = Data(
            capacity: magic.count + file.bytes.count + head.bytes.count + sections.reduce(0) { $0 + $1.count })
        data.append(contentsOf: magic)
        data.append(contentsOf: file.bytes)
        data.append(contentsOf: head.bytes)
        for section in sections { data.append(contentsOf: section) }
        return data
    }

    /// The scan's order, which is sorted, when it names every source; else sorted here.
    private func sourcesInOrder() -> [String] {
        let named = sourceOrder.filter { sources[$0] != nil }
        return named.count == sources.count ? named : sources.keys.sorted()
    }

    /// The outputs, by path (keys are sorted, not key-value pairs: moving records through a sort costs
    /// more than comparing them), and the spare's differences from them.
    private func writeOutputs(to writer: inout RecordWriter) {
        writer.integer(UInt64(outputs.count))
        for path in outputs.keys.sorted() {
            writer.string(path)
            outputs[path].map { writer.output($0) }
        }
        writer.optional(spare) { writer, spare in
            var changed = outputs.compactMap { spare[$0.key] == $0.value ? nil : $0.key }
            changed += spare.keys.filter { outputs[$0] == nil }
            writer.array(changed.sorted()) { writer, path in
                writer.string(path)
                writer.optional(spare[path]) { $0.output($1) }
            }
        }
    }

    /// A record file whose bytes passed every check, with where each section is, and the journal of the
    /// entries edits replaced since it was written; its sections are decoded only when asked for, and
    /// every answer has the journal's entries in place.
    struct File: Sendable {
        let data: Data
        let fingerprint: UInt64
        /// The checksum of its head, which holds every section's checksum: it names the file to its journal.
        let checksum: UInt64
        let dependencies: Dependencies
        /// Where each section is; read them through ``checkedSection(_:)``.
        let sections: [Range<Int>]
        /// Each section's checksum, as the head holds it.
        let sectionChecksums: [UInt64]
        /// Whether each section has been found to match its checksum.
        private let checked: Locked<[Bool]>
        var journal: RecordJournal
        /// Where each output's entry is, made the first time outputs are asked for.
        let outputTable = Locked<PathTable?>(nil)

        /// The file of the last build with its journal, or nil when there is none, or it is of another
        /// format or fingerprint, or damaged (a damaged journal alone is ignored: the whole build then
        /// finds the edited sources changed).
        static func read(for site: Site, in folder: String, fingerprint: UInt64) -> File? {
            guard
                var file = FileContents.mapped(path: BuildRecord.url(for: site, in: folder).path).flatMap({
                    File($0, fingerprint: fingerprint)
                })
            else { return nil }
            file.journal =
                RecordJournal.read(for: site, in: folder, base: file.checksum, recordSize: file.data.count)
                ?? RecordJournal(base: file.checksum)
            return file
        }

        init?(_ data: Data, fingerprint: UInt64) {
            let head: (Dependencies, [Range<Int>], [UInt64], UInt64)? = data.withUnsafeBytes { buffer in
                let headSize = BuildRecord.magic.count + 24
                guard buffer.count >= headSize, buffer.prefix(BuildRecord.magic.count).elementsEqual(BuildRecord.magic)
                else { return nil }
                var head = RecordReader(buffer, at: BuildRecord.magic.count)
                guard let version = try? head.fixed(), version == UInt64(BuildRecord.formatVersion),
                    let stored = try? head.fixed(), stored == fingerprint,
                    let checksum = try? head.fixed()
                else { return nil }
                var reader = RecordReader(buffer, at: headSize)
                guard let (dependencies, sections, checksums) = try? Self.readHead(&reader),
                    Digest.of(UnsafeRawBufferPointer(rebasing: buffer[headSize..<reader.offset])) == checksum
                else { return nil }
                return (dependencies, sections, checksums, checksum)
            }
            guard let (dependencies, sections, checksums, checksum) = head, sections.count >= 2 else { return nil }
            self.data = data
            self.fingerprint = fingerprint
            self.checksum = checksum
            self.dependencies = dependencies
            self.sections = sections
            self.sectionChecksums = checksums
            self.checked = Locked(Array(repeating: false, count: sections.count))
            self.journal = RecordJournal(base: checksum)
        }

        /// Where section `index` is, once its bytes are found to match its checksum; nil when they do
        /// not (the record is then damaged, and what asked for the section reads nothing of it).
        func checkedSection(_ index: Int) -> Range<Int>? {
            let range = sections[index]
            if checked.withLock({ $0[index] }) { return range }
            let digest = data.withUnsafeBytes { Digest.of(UnsafeRawBufferPointer(rebasing: $0[range])) }
            guard digest == sectionChecksums[index] else { return nil }
            checked.withLock { $0[index] = true }
            return range
        }

        /// The dependencies and where each section is; the sections must fill the rest exactly.
        private static func readHead(_ reader: inout RecordReader) throws(RecordReader.Failure) -> (
            Dependencies, [Range<Int>], [UInt64]
        ) {
            var dependencies = Dependencies()
            dependencies.links = try reader.fixed()
            let pages = try reader.array { reader throws(RecordReader.Failure) in
                (try reader.string(), try reader.fixed())
            }
            dependencies.listPages = Dictionary(pages, uniquingKeysWith: { first, _ in first })
            let warnings = try reader.array { reader throws(RecordReader.Failure) in
                (
                    try reader.string(),
                    try reader.array { reader throws(RecordReader.Failure) in
                        FeedWarning(file: try reader.string(), message: try reader.string())
                    }
                )
            }
            dependencies.feedWarnings = Dictionary(warnings, uniquingKeysWith: { first, _ in first })
            dependencies.navigation = try reader.array { reader throws(RecordReader.Failure) in
                NavigationLink(title: try reader.string(), url: try reader.string())
            }
            dependencies.feedPages = try reader.array { reader throws(RecordReader.Failure) in
                FeedPage(
                    title: try reader.string(), homePageURL: try reader.string(), feedURL: try reader.string(),
                    nextURL: try reader.optionalString(),
                    formats: try reader.array { reader throws(RecordReader.Failure) in try reader.string() },
                    routes: try reader.array { reader throws(RecordReader.Failure) in
                        Routes.Route(path: try reader.string(), url: try reader.string())
                    },
                    sources: try reader.array { reader throws(RecordReader.Failure) in try reader.string() },
                    isArchive: try reader.bool())
            }
            let lengths = try reader.array { reader throws(RecordReader.Failure) in
                (try reader.count(minimumSize: 0), try reader.fixed())
            }
            var sections: [Range<Int>] = []
            var next = reader.offset
            for (length, _) in lengths {
                sections.append(next..<next + length)
                next += length
            }
            guard next == reader.end else { throw RecordReader.Failure() }
            return (dependencies, sections, lengths.map(\.1))
        }

        /// Decodes one section, which must be read to its end exactly.
        private func section<Value>(_ index: Int, _ read: (inout RecordReader) throws(RecordReader.Failure) -> Value)
            -> Value?
        {
            guard let section = checkedSection(index) else { return nil }
            return data.withUnsafeBytes { buffer in
                var reader = RecordReader(
                    UnsafeRawBufferPointer(rebasing: buffer[..<section.upperBound]), at: section.lowerBound)
                guard let value = try? read(&reader), reader.isAtEnd else { return nil }
                return value
            }
        }

        /// The stamps alone, which tell whether anything changed.
        func stamps() -> BuildStamps? {
            guard var stamps = section(0, { reader throws(RecordReader.Failure) in try reader.stamps() }) else {
                return nil
            }
            journal.applied(to: &stamps)
            return stamps
        }

        /// The stamps with the outputs' left undecoded but for those the journal names, and counted:
        /// a build that finds a source edited needs only their count, and decoding the outputs' stamps
        /// (63,000 at 50,000 posts) was a tenth of an edit.
        ///
        /// - Parameter order: The scan's sources: when the record holds exactly their paths, the sources'
        ///   stamps come as ``BuildStamps/orderedSources`` rather than a dictionary.
        func stamps(decodingOutputs: Bool, order: SourceOrder? = nil) -> BuildStamps? {
            guard !decodingOutputs else { return stamps() }
            let named = Set(journal.outputs.keys).union(journal.removed)
            let journalSources = journal.sources.isEmpty ? nil : WantedPaths(Set(journal.sources.keys))
            var journalPositions: [String: Int] = [:]
            guard
                var stamps = section(
                    0,
                    { reader throws(RecordReader.Failure) in
                        var stamps = BuildStamps()
                        (stamps.nextDue, stamps.counts) = try reader.stampsPreamble()
                        if let order,
                            let ordered = try reader.stampTable(matching: order.paths, noting: journalSources)
                        {
                            stamps.orderedSources = ordered.stamps
                            journalPositions = ordered.positions
                        } else {
                            stamps.sources = try reader.stampTable()
                        }
                        var counter = reader
                        stamps.outputCount = try counter.count(minimumSize: 3)
                        let found = try Self.locate(named, in: &reader) { reader throws(RecordReader.Failure) in
                            _ = try reader.stampValue()
                        }
                        for (path, entry) in found {
                            var value = reader.moved(to: entry.value.lowerBound)
                            stamps.outputs[path] = try value.stampValue()
                        }
                        stamps.diagnostics = try reader.array { reader throws(RecordReader.Failure) in
                            Diagnostic(try reader.diagnostic())
                        }
                        return stamps
                    })
            else { return nil }
            // The outputs after the journal: those the table holds or the journal adds, less those it removes.
            let inTable = Set(stamps.outputs.keys)
            let added = journal.outputs.keys.filter { !inTable.contains($0) }.count
            let removed = journal.removed.filter { inTable.contains($0) || journal.outputs[$0] != nil }.count
            stamps.outputCount = (stamps.outputCount ?? 0) + added - removed
            if var ordered = stamps.orderedSources {
                // The journal replaces sources the record holds; one it does not is read the general way.
                guard journalPositions.count == journal.sources.count else {
                    return self.stamps(decodingOutputs: false)
                }
                for (path, position) in journalPositions {
                    ordered[position] = journal.sources[path]?.stamp ?? ordered[position]
                }
                stamps.orderedSources = ordered
            }
            journal.applied(to: &stamps)
            return stamps
        }

        /// The whole record, its sections decoded on every core; nil when one of them is damaged.
        ///
        /// - Parameter includingStamps: False to leave the stamps empty, when they have been read already.
        func record(includingStamps: Bool = true) async -> BuildRecord? {
            let file = self
            let decoded = await Array(sections.indices).parallelMap { index -> Section? in
                switch index {
                case 0: includingStamps ? file.stamps().map(Section.stamps) : .stamps(BuildStamps())
                case 1: file.section(1) { reader throws(RecordReader.Failure) in try Self.readOutputs(&reader) }
                default: file.section(index) { reader throws(RecordReader.Failure) in try Self.readSources(&reader) }
                }
            }
            var record = BuildRecord(fingerprint: fingerprint, stamps: BuildStamps())
            record.dependencies = dependencies
            for section in decoded {
                switch section {
                case .stamps(let stamps)?:
                    record.stamps = stamps
                case .outputs(let outputs, let spare)?:
                    record.outputs = outputs
                    record.spare = spare
                case .sources(let records)?:
                    record.sources.reserveCapacity(record.sources.count + records.count)
                    for (path, source) in records {
                        record.sources[path] = source
                        record.sourceOrder.append(path)
                    }
                case nil:
                    return nil
                }
            }
            // The stamps, when decoded, have the journal's in place already (``stamps()``).
            record.apply(journal, stamps: false)
            return record
        }

        /// One section, decoded on a core of its own.
        private enum Section: Sendable {
            case stamps(BuildStamps)
            case outputs([String: OutputFile], spare: [String: OutputFile]?)
            case sources([(String, Source)])
        }

        private static func readOutputs(_ reader: inout RecordReader) throws(RecordReader.Failure) -> Section {
            let outputCount = try reader.count(minimumSize: 11)
            var outputs: [String: OutputFile] = [:]
            outputs.reserveCapacity(outputCount)
            for _ in 0..<outputCount {
                let path = try reader.string()
                outputs[path] = try reader.output()
            }
            var spare: [String: OutputFile]?
            if try reader.bool() {
                var changed = outputs
                for _ in 0..<(try reader.count(minimumSize: 2)) {
                    let path = try reader.string()
                    changed[path] = try reader.optional { reader throws(RecordReader.Failure) in try reader.output() }
                }
                spare = changed
            }
            return .outputs(outputs, spare: spare)
        }

        private static func readSources(_ reader: inout RecordReader) throws(RecordReader.Failure) -> Section {
            let count = try reader.count(minimumSize: 20)
            var records: [(String, Source)] = []
            records.reserveCapacity(count)
            for _ in 0..<count {
                records.append(
                    (
                        try reader.string(),
                        try reader.lengthPrefixed { reader throws(RecordReader.Failure) in try reader.source() }
                    ))
            }
            return .sources(records)
        }
    }
}

extension Array {
    /// The array cut into at most `parts` runs of nearly equal length and at least `minimumLength`
    /// elements each (one run when it is shorter), in order: the record's shares of sources.
    fileprivate func runs(_ parts: Int, minimumLength: Int = 1) -> [ArraySlice<Element>] {
        let parts = Swift.max(1, Swift.min(parts, count / Swift.max(1, minimumLength)))
        return (0..<parts).map { self[(count * $0 / parts)..<(count * ($0 + 1) / parts)] }
    }
}

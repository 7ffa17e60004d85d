import BlogFileSystem
import Foundation

#if canImport(CJemalloc)
    import CJemalloc
#endif

/// Which `malloc` this process runs on. The `blog` executable links jemalloc on Linux; this says whether
/// the dynamic linker really gave us jemalloc's `malloc` (and not glibc's), for `BLOG_PROFILE` output and
/// the test that guards the link.
enum Allocator {
    /// `jemalloc 5.3.0-… (thp: always)` when jemalloc serves `malloc`, with its huge-page option; otherwise the
    /// library that does.
    static var description: String {
        let mallocLibrary = library(of: "malloc") ?? "unknown"
        #if canImport(CJemalloc)
            if let version = option("version"), library(of: "mallctl") == mallocLibrary {
                return "jemalloc \(version) (thp: \(option("opt.thp") ?? "unknown"))"
            }
        #endif
        return "malloc from \(mallocLibrary)"
    }

    #if canImport(CJemalloc)
        /// A string option jemalloc runs with, such as `opt.thp`.
        private static func option(_ name: String) -> String? {
            var value: UnsafePointer<CChar>?
            var size = MemoryLayout<UnsafePointer<CChar>?>.size
            guard mallctl(name, &value, &size, nil, 0) == 0, let value else { return nil }
            return String(cString: value)
        }
    #endif

    /// The file name of the shared object that the default symbol scope resolves `symbol` to.
    private static func library(of symbol: String) -> String? {
        FileSystem.library(of: symbol)
    }

    /// Writes `profile: allocator …` to standard error when `BLOG_PROFILE` is set.
    static func profile() {
        guard ProcessInfo.processInfo.environment["BLOG_PROFILE"] != nil else { return }
        FileHandle.standardError.write(Data("profile: allocator \(description)\n".utf8))
    }
}

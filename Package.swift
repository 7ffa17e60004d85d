// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "blog",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "blog", targets: ["BlogCLI"]),
        .executable(name: "blog-benchmark", targets: ["BlogBenchmark"]),
        .library(name: "JSONFeed", targets: ["JSONFeed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // `blog feed validate URL`: HTTP(S) on NIO, whose bytes the fetcher sees before any decoding, and zlib
        // for gzip and deflate bodies, inflated a window at a time. All three were already built for serve.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // jemalloc, linked into the `blog` executable on Linux: a clean build takes about a sixth less time
        // than on glibc's malloc (Mustache and the Swift runtime allocate many small objects on both cores).
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .target(name: "CJemallocOptions"),
        // libvips decodes, resizes and encodes the images posts use; only Images touches it, through CVipsShim's
        // non-variadic wrappers where libvips' calls take `...`. Its headers are in the default include path and
        // need glib's and gobject's alone, which `gobject-2.0` gives: vips.pc would also bring the `-pthread`
        // of its private dependencies (OpenEXR, gio), a flag SwiftPM refuses with a warning on every build.
        // The module map links glib and gobject; CVipsShim loads libvips itself when the first image is processed.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "gobject-2.0",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(name: "CVipsShim", dependencies: ["CVips"]),
        .target(name: "Images", dependencies: ["CVips", "CVipsShim"]),
        .target(name: "CommonMark", dependencies: ["CCmark", "CTextScan"]),
        .target(name: "CFileSystem"),
        // The search index's byte classes and the bare-URL search's stops, 16 bytes at a time (SSE2 where there
        // is one).
        .target(name: "CTextScan"),
        // The only Swift that calls POSIX or CFileSystem: reading, writing, walking, renaming, locking, watching.
        .target(name: "BlogFileSystem", dependencies: ["CFileSystem"]),
        .target(name: "JSONFeed"),
        .target(
            name: "BlogCore",
            dependencies: [
                "CommonMark",
                "CTextScan",
                "BlogFileSystem",
                "JSONFeed",
                "Images",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .target(
            name: "BlogServe",
            dependencies: [
                "BlogCore", "BlogFileSystem", "JSONFeed",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(
            name: "BlogCLI",
            dependencies: [
                "BlogCore",
                "BlogServe",
                "CommonMark",
                "JSONFeed",
                "BlogFileSystem",
            ] + allocator + [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            // The release binary carries the Swift runtime and Foundation inside itself: resolving their symbols
            // across a dozen shared libraries is most of a dynamically linked `blog`'s 10-15 ms start-up, which
            // every `blog markdown` and one-post build pays, and calls into them skip the PLT. The link prints
            // glibc's warning about `mktemp` in FoundationEssentials' atomic writes, which retry with O_EXCL
            // (swiftlang/swift-foundation#1358); none of our code calls it. A toolchain without the static
            // libraries builds the same binary linked dynamically.
            //
            // The driver links an executable with `-export-dynamic`, which puts every public symbol of every
            // package (37,000) in the dynamic symbol table; at start-up the runtime's `dladdr` calls walk that
            // table. Nothing else looks our symbols up by name (libvips is opened by the shim, and looks up its
            // own), so the table holds jemalloc's options alone.
            swiftSettings: staticStandardLibrary,
            linkerSettings: staticStandardLibrary.map { _ in
                .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
            } + [
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))
            ] + allocatorOptions
        ),
        .executableTarget(
            name: "BlogBenchmark", dependencies: ["JSONFeed", "BlogCore", "BlogFileSystem", "CommonMark", "Images"]),
        .testTarget(name: "JSONFeedTests", dependencies: ["JSONFeed"], exclude: ["Fixtures"]),
        .testTarget(name: "CommonMarkTests", dependencies: ["CommonMark"], exclude: ["Fixtures"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images"]),
        .testTarget(name: "BlogFileSystemTests", dependencies: ["BlogFileSystem"]),
        .testTarget(
            name: "BlogCoreTests",
            dependencies: ["BlogCore", "BlogFileSystem", .product(name: "Mustache", package: "swift-mustache")]),
        .testTarget(name: "BlogServeTests", dependencies: ["BlogServe", "BlogCore", "BlogFileSystem"]),
        .testTarget(name: "BlogCLITests", dependencies: ["BlogCore"], exclude: ["Fixtures", "Golden"]),
    ]
)

/// `-static-stdlib` for release builds on Linux when the toolchain found on PATH has Foundation's static
/// library beside its shared ones (swift.org's toolchains do; a distribution's package may not).
var staticStandardLibrary: [SwiftSetting] {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    guard
        let swiftc = paths.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { return [] }
    let library = swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("../lib/swift_static/linux/libFoundation.a").standardized
    guard FileManager.default.fileExists(atPath: library.path) else { return [] }
    return [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
}

// jemalloc replaces malloc, which a sanitizer must own: scripts/sanitize (BLOG_SANITIZE=1) builds without it,
// or memory allocated by one and freed by the other stops the run.
var allocator: [Target.Dependency] {
    ProcessInfo.processInfo.environment["BLOG_SANITIZE"] == nil
        ? [
            .target(name: "CJemalloc", condition: .when(platforms: [.linux])),
            .target(name: "CJemallocOptions", condition: .when(platforms: [.linux])),
        ] : []
}

// jemalloc finds its options (CJemallocOptions' `malloc_conf`) in the dynamic symbol table.
var allocatorOptions: [LinkerSetting] {
    allocator.isEmpty
        ? [] : [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=malloc_conf"], .when(platforms: [.linux]))]
}

// libFuzzer targets, built only by scripts/fuzz (BLOG_FUZZ=1) with -sanitize=fuzzer: they have no main.
if ProcessInfo.processInfo.environment["BLOG_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", path: "Fuzz/Driver"))
    for (name, path, dependency) in [
        ("fuzz-front-matter", "Fuzz/FrontMatter", "BlogCore"), ("fuzz-rfc3339", "Fuzz/RFC3339", "JSONFeed"),
        ("fuzz-feed-decoder", "Fuzz/FeedDecoder", "JSONFeed"), ("fuzz-markdown", "Fuzz/Markdown", "BlogCore"),
        ("fuzz-import-config", "Fuzz/ImportConfig", "BlogCore"),
        ("fuzz-import-front-matter", "Fuzz/ImportFrontMatter", "BlogCore"),
    ] {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: [.target(name: dependency), "FuzzDriver"], path: path,
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            ))
    }
}

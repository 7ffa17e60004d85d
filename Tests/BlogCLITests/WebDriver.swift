import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium driven through chromedriver's W3C WebDriver HTTP API, for tests that use the preview
/// the way a person does.
final class WebDriver {
    private let driver = Process()
    private let port: Int
    private var session = ""

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let chromedriver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var isAvailable: Bool { chromium != nil && chromedriver != nil }
    /// CI sets BLOG_REQUIRE_BROWSER=1, so that a missing browser fails the run instead of skipping the tests.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["BLOG_REQUIRE_BROWSER"] == "1" }

    /// Starts chromedriver on a free port and opens a headless browser session.
    init() async throws {
        let (descriptor, free) = try occupyPort()
        close(descriptor)
        port = free
        driver.executableURL = URL(filePath: try #require(Self.chromedriver, "chromedriver is not installed"))
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        for _ in 0..<100 {
            if let reply = try? httpRequest(port: port, path: "/status"), reply.status == 200 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let options: [String: Any] = [
            "binary": try #require(Self.chromium, "chromium is not installed"),
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1024,768",
            ],
        ]
        let created = try command(
            "POST", "/session",
            ["capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]])
        session = try #require(
            (created as? [String: Any])?["sessionId"] as? String, "no session: \(String(describing: created))")
    }

    deinit {
        if !session.isEmpty { _ = try? command("DELETE", "/session/\(session)", nil) }
        // Process.waitUntilExit can hang on a task's thread here; poll instead, then insist.
        driver.terminate()
        for _ in 0..<50 where driver.isRunning { usleep(100_000) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
    }

    /// Loads `url` and returns once the page has loaded.
    func open(_ url: URL) throws {
        _ = try command("POST", "/session/\(session)/url", ["url": url.absoluteString])
    }

    /// Sets the window's size in CSS pixels; without the browser's own bars (headless), the viewport is
    /// the window.
    func resize(width: Int, height: Int) throws {
        _ = try command("POST", "/session/\(session)/window/rect", ["width": width, "height": height])
    }

    /// Runs `script` (a function body; `return` gives the result) in the page.
    func evaluate(_ script: String) throws -> Any? {
        try command("POST", "/session/\(session)/execute/sync", ["script": script, "args": [Any]()])
    }

    /// Types `text` into the first element that matches the CSS `selector`, as keystrokes, after clearing it.
    func type(_ text: String, into selector: String) throws {
        let found = try command(
            "POST", "/session/\(session)/element", ["using": "css selector", "value": selector])
        let element = try #require(
            (found as? [String: Any])?["element-6066-11e4-a52e-4f735466cecf"] as? String, "no \(selector)")
        _ = try command("POST", "/session/\(session)/element/\(element)/clear", [:])
        _ = try command("POST", "/session/\(session)/element/\(element)/value", ["text": text])
    }

    /// Evaluates `script` every 50 ms until it returns true, for at most `seconds`; says whether it did.
    /// The wait is long because the whole suite runs beside the browser on two cores: a reload that comes
    /// returns at once, and only a failure waits it out.
    func waitUntil(_ script: String, seconds: Double = 45) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            // A page that is reloading may fail a script; that is a reason to ask again.
            if (try? evaluate(script)) as? Bool == true { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any? {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let reply = try httpRequest(port: port, path: path, method: method, body: data)
        let object = try JSONSerialization.jsonObject(with: reply.body, options: [.fragmentsAllowed]) as? [String: Any]
        guard reply.status == 200 else {
            throw WebDriverError(message: "\(method) \(path): \(reply.status) \(reply.text)")
        }
        return object?["value"].flatMap { $0 is NSNull ? nil : $0 }
    }
}

struct WebDriverError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

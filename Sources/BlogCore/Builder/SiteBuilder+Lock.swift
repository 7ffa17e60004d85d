import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Where builds of one site take turns: `.blog-cache/lock`, for `blog build` and `blog serve` alike.
    static let lockFile = SiteLayout.lock

    /// Takes the site's build lock, waiting while another build of the site holds it (saying so once
    /// through `options.waiting`), so that two builds never stage into one folder or mix their output.
    /// The system releases the lock when the process ends, however it ends.
    func lockSite(_ options: BuildOptions) async throws(DiagnosticError) -> FileLock {
        let folder = site.root.appending(path: SiteLayout.cache).path
        do {
            try FileContents.makeFolder(folder)
        } catch {
            throw DiagnosticError(file: SiteLayout.cache, message: "cannot make the folder (\(error.reason))")
        }
        var told = false
        while true {
            do {
                if let lock = try FileLock.acquire(site.root.appending(path: Self.lockFile).path) { return lock }
            } catch {
                throw DiagnosticError(file: Self.lockFile, message: "cannot open the build lock (\(error.reason))")
            }
            if !told {
                options.waiting?("another build of this site is running; waiting for it to finish (\(Self.lockFile))")
                told = true
            }
            try? await Task.sleep(for: .milliseconds(50))
            if Task.isCancelled {
                throw DiagnosticError(
                    file: Self.lockFile, message: "cancelled while waiting for another build of this site")
            }
        }
    }
}

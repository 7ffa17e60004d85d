/// The version of blog, printed by `blog --version`: the one place that defines it.
public enum BlogVersion {
    /// Semantic version of the engine and its command line.
    public static let current = "0.2.0"
}

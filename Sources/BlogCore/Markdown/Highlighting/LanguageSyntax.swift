/// What the highlighter needs to know of a language: how comments and strings are written and which
/// words are keywords, types, literals and built-ins.
struct LanguageSyntax: Sendable {
    enum Mode: Sendable { case code, markup, diff, yaml, toml, css }

    struct StringDelimiter: Sendable {
        var open: [UInt8]
        var close: [UInt8]
        var escapes = true
        var multiline = false
    }

    var mode: Mode = .code
    var lineComments: [[UInt8]] = []
    var blockComments: [([UInt8], [UInt8])] = []
    var nestedComments = false
    /// `#` starts a comment only after white space (shells).
    var commentNeedsSpaceBefore = false
    /// Longer openers first (`"""` before `"`).
    var strings: [StringDelimiter] = []
    var keywords: Set<String> = []
    var types: Set<String> = []
    var literals: Set<String> = []
    var builtins: Set<String> = []
    var caseInsensitive = false
    /// A word starting with a capital letter is a type (Swift, Kotlin, Java, Rust, TypeScript).
    var capitalizedTypes = false
    /// A word before `(` is a function call.
    var functionCalls = true
    /// `#` at the start of a line begins a preprocessor line (C, C++).
    var preprocessor = false
    /// `@name` is an annotation, attribute or decorator.
    var annotationPrefix: UInt8?
    /// `$name` is a variable (shells).
    var variablePrefix: UInt8?
    var dashInIdentifiers = false
    /// A string followed by `:` is a key (JSON).
    var stringKeys = false
    /// Each word's kind (keywords, literals, types, built-ins in that order of precedence), and the bytes a
    /// comment or string can start with; made once per language by ``prepared()``.
    var wordKinds: [String: Highlighter.Kind] = [:]
    var opens: [Bool] = []

    /// The language with its look-up tables made: one dictionary look-up per word instead of four set
    /// look-ups, and no list walked at bytes that start nothing.
    func prepared() -> LanguageSyntax {
        var syntax = self
        for (words, kind) in [
            (builtins, Highlighter.Kind.builtin), (types, .type), (literals, .literal), (keywords, .keyword),
        ] {
            for word in words { syntax.wordKinds[word] = kind }
        }
        syntax.opens = [Bool](repeating: false, count: 256)
        for open in lineComments + blockComments.map(\.0) + strings.map(\.open) {
            if let first = open.first { syntax.opens[Int(first)] = true }
        }
        return syntax
    }
}

extension LanguageSyntax {
    private static func words(_ text: String) -> Set<String> { Set(text.split(separator: " ").map(String.init)) }
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func quote(_ text: String, escapes: Bool = true, multiline: Bool = false) -> StringDelimiter {
        StringDelimiter(open: bytes(text), close: bytes(text), escapes: escapes, multiline: multiline)
    }

    private static let cComments: (line: [[UInt8]], block: [([UInt8], [UInt8])]) = (
        [bytes("//")], [(bytes("/*"), bytes("*/"))]
    )
    private static let cStrings = [quote("\""), quote("'")]

    static let c = LanguageSyntax(
        lineComments: cComments.line, blockComments: cComments.block, strings: cStrings,
        keywords: words(
            "auto break case const continue default do else enum extern for goto if inline register restrict return sizeof static struct switch typedef union volatile while _Alignas _Alignof _Atomic _Bool _Generic _Noreturn _Static_assert _Thread_local"
        ),
        types: words(
            "char double float int long short signed unsigned void size_t ssize_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t bool FILE"
        ),
        literals: words("NULL true false"), preprocessor: true)

    static let cpp: LanguageSyntax = {
        var syntax = c
        syntax.keywords.formUnion(
            words(
                "alignas alignof and asm catch class concept consteval constexpr constinit const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export friend mutable namespace new noexcept not operator or private protected public reinterpret_cast requires static_assert static_cast template this thread_local throw try typeid typename using virtual xor override final"
            ))
        syntax.types.formUnion(
            words("bool wchar_t char8_t char16_t char32_t string vector map set unique_ptr shared_ptr"))
        syntax.literals.formUnion(words("nullptr"))
        return syntax
    }()

    static let java = LanguageSyntax(
        lineComments: cComments.line, blockComments: cComments.block,
        strings: [quote("\"\"\"", multiline: true)] + cStrings,
        keywords: words(
            "abstract assert break case catch class const continue default do else enum extends final finally for goto if implements import instanceof interface native new package private protected public return static strictfp super switch synchronized this throw throws transient try var void volatile while record sealed permits yield"
        ),
        types: words("boolean byte char double float int long short String Object"),
        literals: words("true false null"), capitalizedTypes: true, annotationPrefix: UInt8(ascii: "@"))

    static let kotlin = LanguageSyntax(
        lineComments: cComments.line, blockComments: cComments.block, nestedComments: true,
        strings: [quote("\"\"\"", escapes: false, multiline: true)] + cStrings,
        keywords: words(
            "as break class continue do else for fun if in interface is object package return super this throw try typealias typeof val var when while by catch constructor delegate dynamic field file finally get import init param property receiver set setparam where actual abstract annotation companion const crossinline data enum expect external final infix inline inner internal lateinit noinline open operator out override private protected public reified sealed suspend tailrec vararg"
        ),
        types: words("Int Long Short Byte Double Float Boolean Char String Unit Any Nothing List Map Set Array"),
        literals: words("true false null"), capitalizedTypes: true, annotationPrefix: UInt8(ascii: "@"))

    static let swift = LanguageSyntax(
        lineComments: cComments.line, blockComments: cComments.block, nestedComments: true,
        strings: [quote("\"\"\"", multiline: true), quote("\"")],
        keywords: words(
            "associatedtype class deinit enum extension fileprivate func import init inout internal let open operator private precedencegroup protocol public rethrows static struct subscript typealias var break case catch continue default defer do else fallthrough for guard if in repeat return throw switch where while as Any is super self Self throws try async await actor nonisolated isolated some any consuming borrowing sending mutating nonmutating override final lazy weak unowned required convenience dynamic optional indirect get set willSet didSet macro package"
        ),
        types: words(
            "Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String Character Array Dictionary Set Optional Result Void Never"
        ),
        literals: words("true false nil"), capitalizedTypes: true, annotationPrefix: UInt8(ascii: "@"))

    static let rust = LanguageSyntax(
        lineComments: cComments.line, blockComments: cComments.block, nestedComments: true,
        strings: [quote("\"", multiline: true)],
        keywords: words(
            "as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait type union unsafe use where while macro_rules"
        ),
        types: words(
            "i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str String Vec Option Result Box"),
        literals: words("true false None Some Ok Err"), capitalizedTypes: true, preprocessor: false)

    static let go = LanguageSyntax(
        lineComments: cComments.line, blockComments: cComments.block,
        strings: [quote("`", escapes: false, multiline: true), quote("\""), quote("'")],
        keywords: words(
            "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var"
        ),
        types: words(
            "bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any"
        ),
        literals: words("true false nil iota"),
        builtins: words("append cap close copy delete len make new panic print println recover"))

    static let javascript = LanguageSyntax(
        lineComments: cComments.line, blockComments: cComments.block,
        strings: [quote("`", multiline: true), quote("\""), quote("'")],
        keywords: words(
            "async await break case catch class const continue debugger default delete do else export extends finally for from function if import in instanceof let new of return static super switch this throw try typeof var void while with yield get set"
        ),
        types: words("Array Boolean Date Error Function Map Number Object Promise RegExp Set String Symbol"),
        literals: words("true false null undefined NaN Infinity"),
        builtins: words("console document window globalThis require module"))

    static let typescript: LanguageSyntax = {
        var syntax = javascript
        syntax.keywords.formUnion(
            words(
                "abstract as declare enum implements interface keyof namespace private protected public readonly satisfies type infer is unique override"
            ))
        syntax.types.formUnion(words("any boolean never number object string symbol unknown void bigint"))
        syntax.capitalizedTypes = true
        syntax.annotationPrefix = UInt8(ascii: "@")
        return syntax
    }()

    static let python = LanguageSyntax(
        lineComments: [bytes("#")],
        strings: [quote("\"\"\"", multiline: true), quote("'''", multiline: true), quote("\""), quote("'")],
        keywords: words(
            "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case"
        ),
        types: words("int float str bool bytes list dict set tuple object complex frozenset"),
        literals: words("True False None"),
        builtins: words("print len range open super isinstance enumerate zip map filter self cls"),
        annotationPrefix: UInt8(ascii: "@"))

    static let ruby = LanguageSyntax(
        lineComments: [bytes("#")], blockComments: [(bytes("=begin"), bytes("=end"))],
        strings: [quote("\""), quote("'"), quote("`")],
        keywords: words(
            "alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo rescue retry return self super then undef unless until when while yield require require_relative attr_accessor attr_reader attr_writer private protected public lambda proc"
        ),
        literals: words("true false nil"), builtins: words("puts print p raise"), capitalizedTypes: true,
        variablePrefix: UInt8(ascii: "@"))

    static let bash = LanguageSyntax(
        lineComments: [bytes("#")], commentNeedsSpaceBefore: true,
        strings: [quote("\"", multiline: true), quote("'", escapes: false, multiline: true)],
        keywords: words(
            "if then else elif fi case esac for select while until do done in function time return exit break continue local export readonly declare unset shift source alias set trap"
        ),
        literals: words("true false"),
        builtins: words(
            "echo printf cd pwd test read eval exec cat grep sed awk ls rm mkdir cp mv sudo apt apt-get git swift make curl wget chmod chown find xargs tar"
        ),
        functionCalls: false, variablePrefix: UInt8(ascii: "$"), dashInIdentifiers: true)

    static let sql = LanguageSyntax(
        lineComments: [bytes("--")], blockComments: cComments.block,
        strings: [quote("'", multiline: true), quote("\"")],
        keywords: words(
            "select from where and or not insert into values update set delete create table drop alter add column index view join inner left right outer full on as group by order having limit offset union all distinct case when then else end begin commit rollback transaction primary key foreign references unique default check constraint exists in is like between asc desc with returning if replace grant revoke cascade"
        ),
        types: words(
            "int integer bigint smallint serial decimal numeric real float double precision varchar char text boolean date time timestamp timestamptz interval json jsonb uuid blob"
        ),
        literals: words("null true false"),
        builtins: words("count sum avg min max coalesce now lower upper length substring cast"),
        caseInsensitive: true)

    static let json = LanguageSyntax(
        strings: [quote("\"")], literals: words("true false null"), functionCalls: false, stringKeys: true)

    static let css = LanguageSyntax(mode: .css, blockComments: cComments.block, strings: [quote("\""), quote("'")])
    static let html = LanguageSyntax(mode: .markup)
    static let diff = LanguageSyntax(mode: .diff)
    static let yaml = LanguageSyntax(mode: .yaml, literals: words("true false null yes no on off True False Null ~"))
    static let toml = LanguageSyntax(mode: .toml, literals: words("true false inf nan"))

    /// Each language by the names a fence's info string may use for it.
    static let byName: [String: LanguageSyntax] = {
        let table: [(names: String, syntax: LanguageSyntax)] = [
            ("bash sh shell zsh console shell-session", bash), ("c h", c), ("cpp c++ cc cxx hpp hxx", cpp),
            ("css", css),
            ("diff patch", diff), ("go golang", go), ("html xml xhtml svg htm", html), ("java", java),
            ("javascript js jsx mjs cjs node", javascript), ("json jsonc json5", json), ("kotlin kt kts", kotlin),
            ("python py python3 py3", python), ("ruby rb", ruby), ("rust rs", rust), ("sql", sql), ("swift", swift),
            ("toml", toml), ("typescript ts tsx", typescript), ("yaml yml", yaml),
        ]
        var byName: [String: LanguageSyntax] = [:]
        for entry in table {
            let prepared = entry.syntax.prepared()
            for name in entry.names.split(separator: " ") { byName[String(name)] = prepared }
        }
        return byName
    }()

    /// The language a fence's first word names (any case, `language-` allowed before it).
    static func named(_ word: String) -> LanguageSyntax? {
        // ASCII lower-casing by byte: names are ASCII, and String.lowercased looks Unicode up.
        var bytes = Array(word.utf8)
        for index in bytes.indices where (0x41...0x5A).contains(bytes[index]) { bytes[index] += 0x20 }
        if bytes.starts(with: "language-".utf8) { bytes.removeFirst("language-".utf8.count) }
        return byName[String(decoding: bytes, as: UTF8.self)]
    }
}

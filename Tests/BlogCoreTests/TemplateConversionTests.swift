import Testing

@testable import BlogCore

@Suite struct TemplateConversionTests {
    /// A highlight block becomes fenced code whose fence no line inside can close: longer than any run of
    /// backticks in the code, so that text inert in the old post stays code.
    @Test(arguments: [
        ("{% highlight ruby %}\nputs 1\n{% endhighlight %}", "```ruby\nputs 1\n```", SiteImport.Engine.jekyll),
        (
            "{% highlight md %}\n```\n<script>alert(1)</script>\n```\n{% endhighlight %}",
            "````md\n```\n<script>alert(1)</script>\n```\n````", .jekyll
        ),
        ("{% highlight md %}\nx ````` y\n{% endhighlight %}", "``````md\nx ````` y\n``````", .jekyll),
        (
            "{{< highlight go >}}\n~~~\n````\n{{< /highlight >}}\nAfter.", "`````go\n~~~\n````\n`````\nAfter.",
            .hugo
        ),
        // Tilde runs cannot close a backtick fence, however long (CommonMark 0.30, 4.5).
        ("{% highlight text %}\n~~~~~~~~\n~~~~\n{% endhighlight %}", "```text\n~~~~~~~~\n~~~~\n```", .jekyll),
        (
            "{{% highlight sh %}}\n  ```\n~~~~\n`````````\n{{% /highlight %}}",
            "``````````sh\n  ```\n~~~~\n`````````\n``````````", .hugo
        ),
        (
            "{{< highlight go \"linenos=table,hl_lines=2\" >}}\n```go\n{{< /highlight >}}",
            "````go\n```go\n````", .hugo
        ),
    ])
    func highlightBlocksGetAFenceLongerThanAnyBacktickRunInside(
        _ body: String, _ expected: String, _ engine: SiteImport.Engine
    ) {
        let context = TemplateConversion.Context(siteURL: "", basePath: "", postFiles: [:], engine: engine)
        #expect(TemplateConversion.convert(body, context: context).markdown == expected)
    }
}

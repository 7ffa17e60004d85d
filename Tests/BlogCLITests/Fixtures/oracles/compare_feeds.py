"""Reads a site's feed.json, atom.xml and rss.xml with feedparser (the oracle) and checks that all three hold
the same items: order, titles, links, ids, dates (to the second), authors, tags, summaries and content.
Prints one line per disagreement and exits 1 if there is any; prints "ok N" otherwise."""
import json, sys, calendar
import feedparser

folder = sys.argv[1]
problems = []
json_feed = json.load(open(f"{folder}/feed.json", encoding="utf-8"))
# The content as written: no sanitizing or resolving by the parser.
options = dict(sanitize_html=False, resolve_relative_uris=False)
atom = feedparser.parse(f"{folder}/atom.xml", **options)
rss = feedparser.parse(f"{folder}/rss.xml", **options)
for name, parsed, version in [("atom", atom, "atom10"), ("rss", rss, "rss20")]:
    if parsed.bozo:
        problems.append(f"{name}: bozo: {parsed.bozo_exception}")
    if parsed.version != version:
        problems.append(f"{name}: read as {parsed.version!r}, expected {version}")

def seconds(text):
    parsed = feedparser.datetimes._parse_date(text)
    return calendar.timegm(parsed) if parsed else None

items = json_feed["items"]
for name, parsed in [("atom", atom), ("rss", rss)]:
    entries = parsed.entries
    if len(entries) != len(items):
        problems.append(f"{name}: {len(entries)} entries, feed.json has {len(items)}")
        continue
    for index, (item, entry) in enumerate(zip(items, entries)):
        where = f"{name}: entry {index}"
        if entry.get("id") != item["id"]:
            problems.append(f"{where}: id {entry.get('id')!r} != {item['id']!r}")
        if entry.get("title") != item.get("title"):
            problems.append(f"{where}: title {entry.get('title')!r} != {item.get('title')!r}")
        if entry.get("link") != item.get("url"):
            problems.append(f"{where}: link {entry.get('link')!r} != {item.get('url')!r}")
        published = seconds(item["date_published"]) if "date_published" in item else None
        if published is not None and entry.get("published_parsed") and calendar.timegm(entry.published_parsed) != published:
            problems.append(f"{where}: published {entry.get('published')!r} != {item['date_published']!r}")
        if name == "atom":
            modified = seconds(item.get("date_modified") or item.get("date_published"))
            if modified is not None and calendar.timegm(entry.updated_parsed) != modified:
                problems.append(f"{where}: updated {entry.get('updated')!r}")
        tags = [tag.term for tag in entry.get("tags", [])]
        if tags != item.get("tags", []):
            problems.append(f"{where}: tags {tags} != {item.get('tags', [])}")
        authors = [author.get("name") for author in entry.get("authors", []) if author.get("name")]
        if authors != [author["name"] for author in item.get("authors", [])] and item.get("authors"):
            problems.append(f"{where}: authors {authors} != {item.get('authors')}")
        content = entry.content[0].value if name == "atom" and entry.get("content") else entry.get("description")
        # feedparser trims the text around content.
        if (content or "").strip() != (item.get("content_html") or "").strip():
            problems.append(f"{where}: content differs")
        if name == "atom" and item.get("summary") and entry.get("summary") != item["summary"]:
            problems.append(f"{where}: summary {entry.get('summary')!r} != {item['summary']!r}")
print("\n".join(problems) if problems else f"ok {len(items)}")
sys.exit(1 if problems else 0)

//! A document's rich text (issue 28): HTML made by the management screen's editor, cleaned on
//! every write to an allow-list (ammonia), so that what readers are sent can never run a
//! script; its words, for the history's diff (similar); and the plain text the document
//! editor (OnlyOffice) downloads.

use std::{
    collections::{HashMap, HashSet},
    sync::LazyLock,
};

use serde::Serialize;
use similar::{ChangeTag, TextDiff};
use utoipa::ToSchema;

/// The elements documents may hold: headings, paragraphs and line breaks, emphasis, lists,
/// quotes, code, rules, links, images and tables.
const TAGS: &[&str] = &[
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "del",
    "ins",
    "mark",
    "sub",
    "sup",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "hr",
    "a",
    "img",
    "table",
    "colgroup",
    "col",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
];

/// Elements whose content goes with them (never shown as text either).
const DROPPED_WITH_CONTENT: &[&str] =
    &["script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math"];

/// The portal's own pictures (`media::` serves them under this path).
pub const MEDIA_PATH: &str = "/media/";

/// The one cleaner, built once: no scripts, no `style` or event attributes (none is on the
/// allow-list), links only to `http(s)`, `mailto` or the portal's own paths, pictures only
/// from the portal's media or `https`.
static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    let attributes: HashMap<&str, HashSet<&str>> = [
        ("a", &["href", "title"][..]),
        ("img", &["src", "alt", "title", "width", "height"][..]),
        ("ol", &["start"][..]),
        ("th", &["colspan", "rowspan", "colwidth"][..]),
        ("td", &["colspan", "rowspan", "colwidth"][..]),
        ("col", &["span"][..]),
    ]
    .into_iter()
    .map(|(tag, names)| (tag, names.iter().copied().collect()))
    .collect();
    builder
        .tags(TAGS.iter().copied().collect())
        .clean_content_tags(DROPPED_WITH_CONTENT.iter().copied().collect())
        .tag_attributes(attributes)
        .generic_attributes(HashSet::new())
        .url_schemes(["http", "https", "mailto"].into_iter().collect())
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer"))
        .strip_comments(true)
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            ("img", "src") => image_source(value).then(|| value.into()),
            ("a", "href") => link_target(value).then(|| value.into()),
            _ => Some(value.into()),
        });
    builder
});

/// A picture's `src`: one of the portal's media files, or any `https` address.
fn image_source(src: &str) -> bool {
    let src = as_browsers_read(src);
    (src.starts_with(MEDIA_PATH)
        && !src.contains("..")
        && !src.to_ascii_lowercase().contains("%2e"))
        || has_scheme(&src, "https")
}

/// A link's `href`: an absolute `http(s)`/`mailto` address, a path of the portal, or a
/// fragment; never a protocol-relative address (`//elsewhere`) dressed as a path.
fn link_target(href: &str) -> bool {
    let href = as_browsers_read(href);
    ["http", "https", "mailto"].iter().any(|s| has_scheme(&href, s))
        || (href.starts_with('/') && !href.starts_with("//"))
        || href.starts_with('#')
}

/// A URL as browsers read it before they resolve it: blanks around it trimmed, tabs and line
/// breaks anywhere dropped, and `\` taken for `/` (so `/\elsewhere` or `/<tab>/elsewhere` is
/// the protocol-relative `//elsewhere` it would open).
fn as_browsers_read(url: &str) -> String {
    url.trim()
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .map(|c| if c == '\\' { '/' } else { c })
        .collect()
}

fn has_scheme(url: &str, scheme: &str) -> bool {
    url.get(..scheme.len()).is_some_and(|head| head.eq_ignore_ascii_case(scheme))
        && url[scheme.len()..].starts_with(':')
}

/// `html` cleaned to the allow-list (surrounding blanks trimmed).
/// Empty paragraphs at the end (the editor keeps one after a last heading, list or table to type
/// after it) are dropped: they show nothing, and a document must not read as changed for them.
pub fn sanitise(html: &str) -> String {
    let mut cleaned = CLEANER.clean(html.trim()).to_string();
    while let Some(rest) = cleaned.trim_end().strip_suffix("<p></p>") {
        cleaned = rest.to_owned();
    }
    cleaned.trim().to_owned()
}

/// Whether `sent` is the `stored` content again: the same text, or the same once both are
/// cleaned (the cleaner's own spelling of what a migration or an older cleaner stored, an
/// editor's trailing empty paragraph). Such content is kept as stored: no new version.
pub fn unchanged(stored: &str, sent: &str) -> bool {
    stored == sent.trim() || sanitise(stored) == sanitise(sent)
}

/// Whether cleaned `html` shows anything: some text, or a picture.
pub fn is_blank(html: &str) -> bool {
    plain_text(html).trim().is_empty() && !html.contains("<img")
}

/// Elements after which the text goes on on a new line.
const BLOCK_ENDS: &[&str] = &[
    "</p>",
    "<br>",
    "<br/>",
    "<br />",
    "</h1>",
    "</h2>",
    "</h3>",
    "</h4>",
    "</h5>",
    "</h6>",
    "</li>",
    "</blockquote>",
    "</pre>",
    "</tr>",
    "<hr>",
    "</caption>",
];

/// The text of cleaned `html`, a line per paragraph, heading, list item or table row (cells
/// apart by a tab), entities decoded: what the history compares and the document editor
/// downloads.
pub fn plain_text(html: &str) -> String {
    let mut marked = html.to_owned();
    for end in BLOCK_ENDS {
        marked = marked.replace(end, &format!("{end}\n"));
    }
    marked = marked.replace("</td>", "</td>\t").replace("</th>", "</th>\t");
    let text = ammonia::Builder::empty().clean(&marked).to_string();
    let text = html_escape::decode_html_entities(&text);
    text.lines()
        .map(|line| line.trim_end_matches(['\t', ' ']))
        .filter(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_owned()
}

/// How a stretch of text changed from one version to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    Same,
    Added,
    Removed,
}

/// A stretch of words that changed the same way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DiffPart {
    pub change: Change,
    pub text: String,
}

/// The word diff between two versions' texts ([`plain_text`]): unchanged text, then what was
/// removed and what was added in its place; blanks between two changed words belong to the
/// change, so a rewritten sentence reads as one removal and one addition.
pub fn word_diff(before_html: &str, after_html: &str) -> Vec<DiffPart> {
    let (before, after) = (plain_text(before_html), plain_text(after_html));
    let diff = TextDiff::from_words(before.as_str(), after.as_str());
    let changes: Vec<(ChangeTag, &str)> =
        diff.iter_all_changes().map(|c| (c.tag(), c.value())).collect();
    let changed = |i: usize| changes.get(i).is_some_and(|(tag, _)| *tag != ChangeTag::Equal);
    let mut parts: Vec<DiffPart> = Vec::new();
    let (mut removed, mut added) = (String::new(), String::new());
    let flush = |parts: &mut Vec<DiffPart>, removed: &mut String, added: &mut String| {
        for (change, text) in [(Change::Removed, removed), (Change::Added, added)] {
            if !text.is_empty() {
                parts.push(DiffPart { change, text: std::mem::take(text) });
            }
        }
    };
    for (i, (tag, value)) in changes.iter().enumerate() {
        match tag {
            ChangeTag::Delete => removed.push_str(value),
            ChangeTag::Insert => added.push_str(value),
            ChangeTag::Equal
                if value.trim().is_empty() && i > 0 && changed(i - 1) && changed(i + 1) =>
            {
                if !removed.is_empty() {
                    removed.push_str(value);
                }
                if !added.is_empty() {
                    added.push_str(value);
                }
            }
            ChangeTag::Equal => {
                flush(&mut parts, &mut removed, &mut added);
                match parts.last_mut() {
                    Some(last) if last.change == Change::Same => last.text.push_str(value),
                    _ => parts.push(DiffPart { change: Change::Same, text: (*value).to_owned() }),
                }
            }
        }
    }
    flush(&mut parts, &mut removed, &mut added);
    parts
}

/// Plain text as paragraphs (what migration 0019 does to older documents, in SQL):
/// HTML-escaped, blank lines part paragraphs, single line breaks become `<br>`.
pub fn paragraphs(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    // Text, not an attribute: `&`, `<` and `>` only, as the cleaner writes text again.
    let escaped = html_escape::encode_text(&text);
    escaped
        .split("\n\n")
        .map(|p| p.trim_matches(|c: char| c == '\n' || c == ' ' || c == '\t'))
        .filter(|p| !p.is_empty())
        .map(|p| format!("<p>{}</p>", p.replace('\n', "<br>")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_and_event_attributes_never_survive() {
        let hostile = [
            ("<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"),
            ("<img src=x onerror=alert(1)>", "<img>"),
            (
                r#"<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>"#,
                "<p>x</p>",
            ),
            (r#"<a href="javascript:alert(1)">x</a>"#, r#"<a rel="noopener noreferrer">x</a>"#),
            (r#"<a href="JaVaScRiPt:alert(1)">x</a>"#, r#"<a rel="noopener noreferrer">x</a>"#),
            (r#"<a href=" javascript:alert(1)">x</a>"#, r#"<a rel="noopener noreferrer">x</a>"#),
            (r#"<a href="//evil.example/">x</a>"#, r#"<a rel="noopener noreferrer">x</a>"#),
            (
                r#"<a href="data:text/html,<script>alert(1)</script>">x</a>"#,
                r#"<a rel="noopener noreferrer">x</a>"#,
            ),
            ("<iframe src=https://evil.example></iframe><p>ok</p>", "<p>ok</p>"),
            ("<style>p{color:red}</style><p>ok</p>", "<p>ok</p>"),
            ("<svg onload=alert(1)><script>alert(1)</script></svg>ok", "ok"),
            ("<form action=/x><input name=a></form>ok", "ok"),
            ("<p>a<!-- <script>alert(1)</script> -->b</p>", "<p>ab</p>"),
            (r#"<img src="http://plain.example/a.png">"#, "<img>"),
            (r#"<img src="/media/../api/x">"#, "<img>"),
            (r#"<img src="data:image/png;base64,AAAA">"#, "<img>"),
            (r#"<math><mtext><img src=x onerror=alert(1)></mtext></math>ok"#, "ok"),
        ];
        for (input, expected) in hostile {
            let clean = sanitise(input);
            assert_eq!(clean, expected, "{input}");
            for bad in ["script", "onerror", "onclick", "javascript", "style", "iframe"] {
                assert!(!clean.to_lowercase().contains(bad), "{input} → {clean}");
            }
        }
    }

    #[test]
    fn the_editors_rich_text_is_kept() {
        let rich = concat!(
            "<h2>Traffic stops</h2><p>Read <strong>all</strong> of <em>this</em>.<br>Then act.</p>",
            "<ul><li><p>One</p></li></ul><ol start=\"3\"><li><p>Three</p></li></ol>",
            "<table><tbody><tr><th colspan=\"1\" rowspan=\"1\"><p>Code</p></th>",
            "<td colspan=\"2\" rowspan=\"1\"><p>Fine</p></td></tr></tbody></table>",
            "<p><a href=\"https://example.org/\">site</a> <a href=\"/sops\">SOPs</a></p>",
            "<img src=\"/media/agency/sop.png\" alt=\"Diagram\"><img src=\"https://cdn.example/x.png\">",
            "<blockquote><p>Quote</p></blockquote><hr><pre><code>10-4</code></pre>"
        );
        let clean = sanitise(rich);
        for kept in [
            "<h2>Traffic stops</h2>",
            "<strong>all</strong>",
            "<br>",
            "<ol start=\"3\">",
            "<td colspan=\"2\" rowspan=\"1\">",
            "<a href=\"https://example.org/\" rel=\"noopener noreferrer\">site</a>",
            "<a href=\"/sops\" rel=\"noopener noreferrer\">SOPs</a>",
            "<img src=\"/media/agency/sop.png\" alt=\"Diagram\">",
            "<img src=\"https://cdn.example/x.png\">",
            "<blockquote>",
            "<hr>",
        ] {
            assert!(clean.contains(kept), "{kept} missing from {clean}");
        }
        assert_eq!(sanitise(&clean), clean, "cleaning is stable");
        assert_eq!(sanitise("  plain & simple  "), "plain &amp; simple");
    }

    #[test]
    fn blank_documents_are_recognised() {
        assert!(is_blank(&sanitise("<p></p><p> </p><script>x</script>")));
        assert!(!is_blank(&sanitise("<p>x</p>")));
        assert!(!is_blank(&sanitise("<img src=\"/media/a.png\">")));
    }

    #[test]
    fn plain_text_keeps_lines_and_decodes_entities() {
        let html = "<h2>Title</h2><p>A &amp; B<br>next</p><ul><li><p>one</p></li></ul>\
                    <table><tr><td>a</td><td>b</td></tr></table>";
        assert_eq!(plain_text(html), "Title\nA & B\nnext\none\na\tb");
    }

    #[test]
    fn the_word_diff_names_what_changed() {
        let diff = word_diff("<p>Stop the car slowly.</p>", "<p>Stop the vehicle slowly.</p>");
        assert_eq!(
            diff,
            vec![
                DiffPart { change: Change::Same, text: "Stop the ".into() },
                DiffPart { change: Change::Removed, text: "car".into() },
                DiffPart { change: Change::Added, text: "vehicle".into() },
                DiffPart { change: Change::Same, text: " slowly.".into() },
            ]
        );
        assert!(word_diff("", "<p>new</p>").iter().all(|p| p.change == Change::Added));
        assert_eq!(
            word_diff("<p>one two three four</p>", "<p>one five six four</p>"),
            vec![
                DiffPart { change: Change::Same, text: "one ".into() },
                DiffPart { change: Change::Removed, text: "two three".into() },
                DiffPart { change: Change::Added, text: "five six".into() },
                DiffPart { change: Change::Same, text: " four".into() },
            ]
        );
    }

    #[test]
    fn plain_text_becomes_paragraphs() {
        assert_eq!(
            paragraphs("First <b>line</b>\nsecond & \"third\"\n\n\nNext\r\npara\n"),
            "<p>First &lt;b&gt;line&lt;/b&gt;<br>second &amp; \"third\"</p><p>Next<br>para</p>"
        );
        assert_eq!(paragraphs(""), "");
        // What the migration wrote is what the cleaner writes: a list save leaves it alone.
        let migrated = paragraphs("Say \"10-4\" & <go>\n\nNext");
        assert_eq!(sanitise(&migrated), migrated);
    }

    #[test]
    fn content_sent_back_unchanged_is_recognised() {
        let stored = "<p>Say \"10-4\"\u{a0}now</p>";
        // The cleaner's spelling (`&nbsp;`), an editor's trailing empty paragraph.
        assert!(unchanged(stored, "<p>Say \"10-4\"&nbsp;now</p>"));
        assert!(unchanged("<h2>Title</h2>", "<h2>Title</h2><p></p>"));
        assert_eq!(sanitise("<h2>Title</h2><p></p> <p></p>"), "<h2>Title</h2>");
        assert!(!unchanged(stored, "<p>Say \"10-8\" now</p>"));
    }

    #[test]
    fn links_and_pictures_are_read_as_browsers_read_them() {
        for (input, clean) in [
            // `\` is `/` and tabs vanish for a browser: these open another site.
            (r#"<a href="/\evil.example">x</a>"#, r#"<a rel="noopener noreferrer">x</a>"#),
            ("<a href=\"/\t/evil.example\">x</a>", r#"<a rel="noopener noreferrer">x</a>"#),
            // Not a way out of the media folder either.
            (r#"<img src="/media/%2e%2e/api/sops">"#, "<img>"),
            (r#"<img src="/media/..%2Fapi">"#, "<img>"),
        ] {
            assert_eq!(sanitise(input), clean, "{input}");
        }
        // Letters beyond ASCII where a scheme is looked for are no reason to fail.
        for input in
            [r#"<a href="/faq/über">x</a>"#, r#"<a href="café">x</a>"#, r#"<img src="aaaaé">"#]
        {
            let _ = sanitise(input);
        }
        assert_eq!(
            sanitise(r#"<a href="/faq/über">x</a>"#),
            r#"<a href="/faq/über" rel="noopener noreferrer">x</a>"#
        );
    }
}

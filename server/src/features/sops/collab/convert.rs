//! A document's HTML and the shared (Yjs) document that editors write together (issue 28,
//! stage 2): the `Y.XmlFragment` named [`FIELD`] holding y-prosemirror's encoding of the
//! Tiptap document (`webapp/src/features/sops/components/rich-text.ts`): an `XmlElement`
//! named by each node type with the node's attributes, and `XmlText` whose formatting
//! attributes are the marks. The server seeds the shared document from the draft's HTML and
//! writes the draft back from it; what it writes back is cleaned again
//! (`features::sops::content`), so a hostile shared document can never reach readers.

use std::{collections::HashMap, sync::Arc};

use html5ever::{parse_document, tendril::TendrilSink, ParseOpts};
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use yrs::{
    any::Number,
    types::{text::YChange, Attrs},
    Any, Out, Text, TransactionMut, Xml, XmlElementPrelim, XmlFragment, XmlFragmentRef, XmlOut,
    XmlTextPrelim, XmlTextRef,
};

/// The shared document's field (Tiptap's Collaboration extension default).
pub const FIELD: &str = "default";

/// The deepest nesting read or written: deeper content is dropped (lists in lists in lists
/// are fine; a crafted document nested thousands deep is not walked).
const MAX_DEPTH: usize = 48;

/// One node of the document, between HTML and the shared document.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Element {
        name: &'static str,
        attrs: Vec<(&'static str, Any)>,
        children: Vec<Node>,
    },
    /// Runs of text, each with its marks (`bold`, `link`...) and their attributes.
    Text(Vec<(String, Vec<(&'static str, Any)>)>),
}

// ---------------------------------------------------------------- HTML -> nodes

/// The marks a run of text carries, outermost first.
type Marks = Vec<(&'static str, Any)>;

fn element_name(handle: &Handle) -> Option<String> {
    match &handle.data {
        NodeData::Element { name, .. } => Some(name.local.to_string()),
        _ => None,
    }
}

fn attribute(handle: &Handle, wanted: &str) -> Option<String> {
    match &handle.data {
        NodeData::Element { attrs, .. } => {
            attrs.borrow().iter().find(|a| &*a.name.local == wanted).map(|a| a.value.to_string())
        }
        _ => None,
    }
}

fn number(handle: &Handle, wanted: &str) -> Option<i64> {
    attribute(handle, wanted).and_then(|v| v.trim().parse::<u32>().ok()).map(i64::from)
}

fn int(n: i64) -> Any {
    Any::Number(Number::Int(n))
}

/// The document's blocks: what the editor makes of `html` (text outside a block becomes a
/// paragraph, unknown elements give their content).
pub fn html_to_nodes(html: &str) -> Vec<Node> {
    let dom: RcDom = parse_document(RcDom::default(), ParseOpts::default()).one(html);
    let body = find_body(&dom.document, 0);
    let mut blocks = Vec::new();
    if let Some(body) = body {
        read_blocks(&body, &mut blocks, 0);
    }
    blocks
}

fn find_body(handle: &Handle, depth: usize) -> Option<Handle> {
    if depth > 3 {
        return None;
    }
    for child in handle.children.borrow().iter() {
        match element_name(child).as_deref() {
            Some("body") => return Some(child.clone()),
            Some("html") => return find_body(child, depth + 1),
            _ => {}
        }
    }
    None
}

/// Inline content gathered until a block ends it.
#[derive(Default)]
struct Inline {
    items: Vec<Node>,
}

impl Inline {
    fn text(&mut self, text: &str, marks: &Marks) {
        if text.is_empty() {
            return;
        }
        if let Some(Node::Text(runs)) = self.items.last_mut() {
            if let Some((last, last_marks)) = runs.last_mut() {
                if last_marks == marks {
                    last.push_str(text);
                    return;
                }
            }
            runs.push((text.to_owned(), marks.clone()));
            return;
        }
        self.items.push(Node::Text(vec![(text.to_owned(), marks.clone())]));
    }

    fn is_blank(&self) -> bool {
        self.items.iter().all(|n| match n {
            Node::Text(runs) => runs.iter().all(|(t, _)| t.trim().is_empty()),
            Node::Element { .. } => false,
        })
    }

    /// The gathered content as a paragraph (none when it is only white space between
    /// blocks).
    fn flush_into(&mut self, blocks: &mut Vec<Node>) {
        if !self.is_blank() {
            let children = std::mem::take(&mut self.items);
            blocks.push(Node::Element { name: "paragraph", attrs: vec![], children });
        }
        self.items.clear();
    }
}

fn read_blocks(parent: &Handle, blocks: &mut Vec<Node>, depth: usize) {
    let mut inline = Inline::default();
    read_block_children(parent, blocks, &mut inline, depth);
    inline.flush_into(blocks);
}

fn read_block_children(parent: &Handle, blocks: &mut Vec<Node>, inline: &mut Inline, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    for child in parent.children.borrow().iter() {
        match &child.data {
            NodeData::Text { contents } => inline.text(&contents.borrow(), &vec![]),
            NodeData::Element { .. } => {
                let name = element_name(child).unwrap_or_default();
                if let Some(block) = read_block(child, &name, depth + 1) {
                    inline.flush_into(blocks);
                    blocks.extend(block);
                } else if is_container(&name) {
                    inline.flush_into(blocks);
                    read_block_children(child, blocks, inline, depth + 1);
                    inline.flush_into(blocks);
                } else if !is_dropped(&name) {
                    read_inline(child, &name, blocks, inline, &vec![], depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// Elements whose content is read as blocks of their own place (`div`, `section`...).
fn is_container(name: &str) -> bool {
    matches!(
        name,
        "div" | "section" | "article" | "main" | "header" | "footer" | "aside" | "nav" | "figure"
    )
}

/// Elements never read (the cleaner drops them too).
fn is_dropped(name: &str) -> bool {
    matches!(
        name,
        "script"
            | "style"
            | "iframe"
            | "object"
            | "embed"
            | "noscript"
            | "template"
            | "svg"
            | "math"
            | "head"
            | "title"
            | "colgroup"
            | "col"
            | "caption"
    )
}

fn element(name: &'static str, attrs: Vec<(&'static str, Any)>, children: Vec<Node>) -> Node {
    Node::Element { name, attrs, children }
}

/// A block element as nodes, or `None` when `name` is not a block.
fn read_block(handle: &Handle, name: &str, depth: usize) -> Option<Vec<Node>> {
    let paragraph_like = |tag: &'static str, attrs: Vec<(&'static str, Any)>| {
        let mut blocks = Vec::new();
        let mut inline = Inline::default();
        read_inline_children(handle, &mut blocks, &mut inline, &vec![], depth);
        // A picture inside a paragraph ends it: pictures are blocks in the editor.
        let mut out = Vec::new();
        let children = std::mem::take(&mut inline.items);
        if !blocks.is_empty() {
            out.extend(blocks);
            if !children.is_empty() {
                out.push(element(tag, attrs, children));
            }
        } else {
            out.push(element(tag, attrs, children));
        }
        out
    };
    Some(match name {
        "p" => paragraph_like("paragraph", vec![]),
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
            let level = i64::from(name.as_bytes()[1] - b'0');
            paragraph_like("heading", vec![("level", int(level))])
        }
        "ul" => vec![element("bulletList", vec![], list_items(handle, depth))],
        "ol" => {
            let start = number(handle, "start").unwrap_or(1);
            vec![element("orderedList", vec![("start", int(start))], list_items(handle, depth))]
        }
        "li" => vec![list_item(handle, depth)],
        "blockquote" => {
            let mut children = Vec::new();
            read_blocks(handle, &mut children, depth);
            vec![element("blockquote", vec![], non_empty(children))]
        }
        "hr" => vec![element("horizontalRule", vec![], vec![])],
        "pre" => {
            let text = text_content(handle, depth);
            let children =
                if text.is_empty() { vec![] } else { vec![Node::Text(vec![(text, vec![])])] };
            vec![element("codeBlock", vec![], children)]
        }
        "img" => image(handle).into_iter().collect(),
        "table" => {
            let mut rows = Vec::new();
            table_rows(handle, &mut rows, depth);
            if rows.is_empty() {
                return Some(vec![]);
            }
            vec![element("table", vec![], rows)]
        }
        _ => return None,
    })
}

/// Block content that must hold at least one block (an empty paragraph).
fn non_empty(children: Vec<Node>) -> Vec<Node> {
    if children.is_empty() {
        vec![element("paragraph", vec![], vec![])]
    } else {
        children
    }
}

fn list_items(handle: &Handle, depth: usize) -> Vec<Node> {
    let mut items = Vec::new();
    let mut stray = Vec::new();
    for child in handle.children.borrow().iter() {
        match element_name(child).as_deref() {
            Some("li") => items.push(list_item(child, depth + 1)),
            Some(_) | None => {
                // Content outside any item joins an item of its own.
                if depth < MAX_DEPTH {
                    let mut blocks = Vec::new();
                    let mut inline = Inline::default();
                    match &child.data {
                        NodeData::Text { contents } => inline.text(&contents.borrow(), &vec![]),
                        NodeData::Element { .. } => {
                            let name = element_name(child).unwrap_or_default();
                            match read_block(child, &name, depth + 1) {
                                Some(block) => blocks.extend(block),
                                None => read_inline(
                                    child,
                                    &name,
                                    &mut blocks,
                                    &mut inline,
                                    &vec![],
                                    depth + 1,
                                ),
                            }
                        }
                        _ => {}
                    }
                    inline.flush_into(&mut blocks);
                    stray.extend(blocks);
                }
            }
        }
    }
    if !stray.is_empty() {
        items.push(element("listItem", vec![], stray));
    }
    if items.is_empty() {
        items.push(element("listItem", vec![], non_empty(vec![])));
    }
    items
}

fn list_item(handle: &Handle, depth: usize) -> Node {
    let mut children = Vec::new();
    read_blocks(handle, &mut children, depth);
    element("listItem", vec![], non_empty(children))
}

fn table_rows(handle: &Handle, rows: &mut Vec<Node>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    for child in handle.children.borrow().iter() {
        match element_name(child).as_deref() {
            Some("thead" | "tbody" | "tfoot") => table_rows(child, rows, depth + 1),
            Some("tr") => {
                let mut cells = Vec::new();
                for cell in child.children.borrow().iter() {
                    let kind = match element_name(cell).as_deref() {
                        Some("th") => "tableHeader",
                        Some("td") => "tableCell",
                        _ => continue,
                    };
                    let mut attrs = vec![
                        ("colspan", int(number(cell, "colspan").unwrap_or(1).max(1))),
                        ("rowspan", int(number(cell, "rowspan").unwrap_or(1).max(1))),
                    ];
                    if let Some(width) = number(cell, "colwidth") {
                        attrs.push(("colwidth", Any::Array(Arc::from(vec![int(width)]))));
                    }
                    let mut content = Vec::new();
                    read_blocks(cell, &mut content, depth + 2);
                    cells.push(element(kind, attrs, non_empty(content)));
                }
                if !cells.is_empty() {
                    rows.push(element("tableRow", vec![], cells));
                }
            }
            _ => {}
        }
    }
}

fn image(handle: &Handle) -> Option<Node> {
    let src = attribute(handle, "src")?;
    let mut attrs = vec![("src", Any::String(src.into()))];
    for name in ["alt", "title"] {
        if let Some(value) = attribute(handle, name) {
            attrs.push((if name == "alt" { "alt" } else { "title" }, Any::String(value.into())));
        }
    }
    Some(element("image", attrs, vec![]))
}

fn text_content(handle: &Handle, depth: usize) -> String {
    let mut out = String::new();
    if depth > MAX_DEPTH {
        return out;
    }
    for child in handle.children.borrow().iter() {
        match &child.data {
            NodeData::Text { contents } => out.push_str(&contents.borrow()),
            NodeData::Element { .. } => {
                if element_name(child).as_deref() == Some("br") {
                    out.push('\n');
                } else {
                    out.push_str(&text_content(child, depth + 1));
                }
            }
            _ => {}
        }
    }
    out
}

fn read_inline_children(
    parent: &Handle,
    blocks: &mut Vec<Node>,
    inline: &mut Inline,
    marks: &Marks,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    for child in parent.children.borrow().iter() {
        match &child.data {
            NodeData::Text { contents } => inline.text(&contents.borrow(), marks),
            NodeData::Element { .. } => {
                let name = element_name(child).unwrap_or_default();
                read_inline(child, &name, blocks, inline, marks, depth + 1);
            }
            _ => {}
        }
    }
}

/// One inline element: a mark around its content, a line break, or (a picture) a block of
/// its own, which `blocks` receives after the text before it.
fn read_inline(
    handle: &Handle,
    name: &str,
    blocks: &mut Vec<Node>,
    inline: &mut Inline,
    marks: &Marks,
    depth: usize,
) {
    if is_dropped(name) {
        return;
    }
    let mark: Option<(&'static str, Any)> = match name {
        "strong" | "b" => Some(("bold", empty_map())),
        "em" | "i" => Some(("italic", empty_map())),
        "u" => Some(("underline", empty_map())),
        "s" | "strike" | "del" => Some(("strike", empty_map())),
        "code" => Some(("code", empty_map())),
        "a" => attribute(handle, "href").map(|href| ("link", link_attrs(&href))),
        _ => None,
    };
    match name {
        "br" => inline.items.push(element("hardBreak", vec![], vec![])),
        "img" => {
            if let Some(image) = image(handle) {
                // The text so far stays a paragraph before the picture.
                let before = std::mem::take(&mut inline.items);
                if !before.is_empty() && !(Inline { items: before.clone() }).is_blank() {
                    blocks.push(element("paragraph", vec![], before));
                }
                blocks.push(image);
            }
        }
        _ => {
            let mut inner = marks.clone();
            if let Some(mark) = mark {
                if !inner.iter().any(|(n, _)| *n == mark.0) {
                    inner.push(mark);
                }
            }
            read_inline_children(handle, blocks, inline, &inner, depth);
        }
    }
}

fn empty_map() -> Any {
    Any::Map(Arc::new(HashMap::new()))
}

fn link_attrs(href: &str) -> Any {
    let map: HashMap<String, Any> = [
        ("href".to_owned(), Any::String(href.into())),
        ("target".to_owned(), Any::Null),
        ("rel".to_owned(), Any::String("noopener noreferrer".into())),
        ("class".to_owned(), Any::Null),
    ]
    .into_iter()
    .collect();
    Any::Map(Arc::new(map))
}

// ---------------------------------------------------------------- nodes -> shared document

/// Replaces the content of `fragment` with `nodes` (in the caller's transaction).
pub fn write_nodes(txn: &mut TransactionMut, fragment: &XmlFragmentRef, nodes: &[Node]) {
    let len = fragment.len(txn);
    if len > 0 {
        fragment.remove_range(txn, 0, len);
    }
    for node in nodes {
        write_node(txn, fragment, node);
    }
}

fn write_node<P: XmlFragment>(txn: &mut TransactionMut, parent: &P, node: &Node) {
    match node {
        Node::Element { name, attrs, children } => {
            let element = parent.push_back(txn, XmlElementPrelim::empty(*name));
            for (key, value) in attrs {
                element.insert_attribute(txn, *key, value.clone());
            }
            for child in children {
                write_node(txn, &element, child);
            }
        }
        Node::Text(runs) => {
            let text: XmlTextRef = parent.push_back(txn, XmlTextPrelim::new(""));
            for (chunk, marks) in runs {
                let at = text.len(txn);
                let attrs: Attrs = marks.iter().map(|(k, v)| (Arc::from(*k), v.clone())).collect();
                text.insert_with_attributes(txn, at, chunk, attrs);
            }
        }
    }
}

/// Seeds `fragment` from `html`.
pub fn write_html(txn: &mut TransactionMut, fragment: &XmlFragmentRef, html: &str) {
    write_nodes(txn, fragment, &html_to_nodes(html));
}

// ---------------------------------------------------------------- shared document -> HTML

/// The shared document's content as HTML (not yet cleaned: callers clean it).
pub fn fragment_to_html<T: yrs::ReadTxn>(txn: &T, fragment: &XmlFragmentRef) -> String {
    let mut out = String::new();
    for child in fragment.children(txn) {
        render(txn, &child, &mut out, 0);
    }
    out
}

fn attr_number<T: yrs::ReadTxn>(txn: &T, element: &yrs::XmlElementRef, name: &str) -> Option<i64> {
    match element.get_attribute(txn, name)? {
        Out::Any(Any::Number(Number::Int(n))) => Some(n),
        Out::Any(Any::Number(Number::Float(n))) if n.is_finite() => Some(n as i64),
        Out::Any(Any::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
}

fn attr_string<T: yrs::ReadTxn>(
    txn: &T,
    element: &yrs::XmlElementRef,
    name: &str,
) -> Option<String> {
    match element.get_attribute(txn, name)? {
        Out::Any(Any::String(s)) => Some(s.to_string()),
        _ => None,
    }
}

fn escape(text: &str) -> String {
    html_escape::encode_text(text).into_owned()
}

fn escape_attr(text: &str) -> String {
    html_escape::encode_double_quoted_attribute(text).into_owned()
}

fn render<T: yrs::ReadTxn>(txn: &T, node: &XmlOut, out: &mut String, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match node {
        XmlOut::Text(text) => render_text(txn, text, out),
        XmlOut::Fragment(fragment) => {
            for child in fragment.children(txn) {
                render(txn, &child, out, depth + 1);
            }
        }
        XmlOut::Element(element) => {
            let tag = element.tag().to_string();
            let children = |out: &mut String| {
                for child in element.children(txn) {
                    render(txn, &child, out, depth + 1);
                }
            };
            let wrap = |open: &str, close: &str, out: &mut String| {
                out.push_str(open);
                children(out);
                out.push_str(close);
            };
            match tag.as_str() {
                "paragraph" => wrap("<p>", "</p>", out),
                "heading" => {
                    let level = attr_number(txn, element, "level").unwrap_or(1).clamp(1, 6);
                    wrap(&format!("<h{level}>"), &format!("</h{level}>"), out)
                }
                "bulletList" => wrap("<ul>", "</ul>", out),
                "orderedList" => match attr_number(txn, element, "start") {
                    Some(start) if start != 1 => {
                        wrap(&format!("<ol start=\"{start}\">"), "</ol>", out)
                    }
                    _ => wrap("<ol>", "</ol>", out),
                },
                "listItem" => wrap("<li>", "</li>", out),
                "blockquote" => wrap("<blockquote>", "</blockquote>", out),
                "horizontalRule" => out.push_str("<hr>"),
                "hardBreak" => out.push_str("<br>"),
                "codeBlock" => {
                    out.push_str("<pre><code>");
                    for child in element.children(txn) {
                        if let XmlOut::Text(text) = child {
                            for chunk in text.diff(txn, YChange::identity) {
                                if let Out::Any(Any::String(s)) = &chunk.insert {
                                    out.push_str(&escape(s));
                                }
                            }
                        }
                    }
                    out.push_str("</code></pre>");
                }
                "image" => {
                    let Some(src) = attr_string(txn, element, "src") else { return };
                    out.push_str(&format!("<img src=\"{}\"", escape_attr(&src)));
                    for name in ["alt", "title"] {
                        if let Some(value) = attr_string(txn, element, name) {
                            out.push_str(&format!(" {name}=\"{}\"", escape_attr(&value)));
                        }
                    }
                    out.push('>');
                }
                "table" => wrap("<table><tbody>", "</tbody></table>", out),
                "tableRow" => wrap("<tr>", "</tr>", out),
                "tableHeader" | "tableCell" => {
                    let cell = if tag == "tableHeader" { "th" } else { "td" };
                    let mut open = format!("<{cell}");
                    for name in ["colspan", "rowspan"] {
                        let n = attr_number(txn, element, name).unwrap_or(1).clamp(1, 1000);
                        open.push_str(&format!(" {name}=\"{n}\""));
                    }
                    if let Some(Out::Any(Any::Array(widths))) =
                        element.get_attribute(txn, "colwidth")
                    {
                        let width = match widths.first() {
                            Some(Any::Number(Number::Int(w))) => Some(*w),
                            Some(Any::Number(Number::Float(w))) if w.is_finite() => Some(*w as i64),
                            _ => None,
                        };
                        if let Some(width) = width {
                            open.push_str(&format!(" colwidth=\"{width}\""));
                        }
                    }
                    open.push('>');
                    wrap(&open, &format!("</{cell}>"), out)
                }
                // An element the editor does not know: its content.
                _ => children(out),
            }
        }
    }
}

/// The marks in the order they are nested, outermost first.
const MARKS: [(&str, &str, &str); 5] = [
    ("bold", "<strong>", "</strong>"),
    ("italic", "<em>", "</em>"),
    ("underline", "<u>", "</u>"),
    ("strike", "<s>", "</s>"),
    ("code", "<code>", "</code>"),
];

fn render_text<T: yrs::ReadTxn>(txn: &T, text: &XmlTextRef, out: &mut String) {
    for chunk in text.diff(txn, YChange::identity) {
        let Out::Any(Any::String(s)) = &chunk.insert else { continue };
        let attrs = chunk.attributes.as_deref();
        let has = |name: &str| {
            attrs.is_some_and(|a| a.keys().any(|k| k.split("--").next() == Some(name)))
        };
        let href = attrs.and_then(|a| {
            a.iter().find(|(k, _)| k.split("--").next() == Some("link")).and_then(
                |(_, v)| match v {
                    Any::Map(map) => match map.get("href") {
                        Some(Any::String(h)) => Some(h.to_string()),
                        _ => None,
                    },
                    _ => None,
                },
            )
        });
        let mut close = Vec::new();
        if let Some(href) = &href {
            out.push_str(&format!("<a href=\"{}\">", escape_attr(href)));
            close.push("</a>");
        }
        for (name, open, end) in MARKS {
            if has(name) {
                out.push_str(open);
                close.push(end);
            }
        }
        out.push_str(&escape(s));
        for end in close.into_iter().rev() {
            out.push_str(end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yrs::{updates::decoder::Decode, Doc, GetString, ReadTxn, Transact, Update};

    use crate::features::sops::content::sanitise;

    fn round_trip(html: &str) -> String {
        let doc = Doc::new();
        let fragment = doc.get_or_insert_xml_fragment(FIELD);
        write_html(&mut doc.transact_mut(), &fragment, html);
        // Through the wire: another replica gets the same content.
        let update = doc.transact().encode_state_as_update_v1(&yrs::StateVector::default());
        let other = Doc::new();
        let other_fragment = other.get_or_insert_xml_fragment(FIELD);
        other.transact_mut().apply_update(Update::decode_v1(&update).unwrap()).unwrap();
        let html = fragment_to_html(&other.transact(), &other_fragment);
        sanitise(&html)
    }

    #[test]
    fn rich_text_survives_a_round_trip() {
        for html in [
            "<p>Hello <strong>bold</strong> and <em>italic</em>, <u>under</u> <s>gone</s> <code>x</code></p>",
            "<h2>Title</h2><p>Line one<br>Line two</p>",
            "<ul><li><p>one</p></li><li><p>two</p><ul><li><p>nested</p></li></ul></li></ul>",
            "<ol start=\"3\"><li><p>three</p></li></ol>",
            "<blockquote><p>quoted</p></blockquote><hr><pre><code>let x = 1 &lt; 2;</code></pre>",
            "<p><a href=\"https://example.com/a?b=1&amp;c=2\" rel=\"noopener noreferrer\"><strong>link</strong></a></p>",
            "<img src=\"/media/agency/1.png\" alt=\"A picture\">",
            "<table><tbody><tr><th colspan=\"1\" rowspan=\"1\"><p>Head</p></th></tr><tr><td colspan=\"2\" rowspan=\"1\"><p>Cell</p></td></tr></tbody></table>",
        ] {
            let cleaned = sanitise(html);
            assert_eq!(round_trip(&cleaned), cleaned, "{html}");
            // And again: the written-back draft is stable.
            assert_eq!(round_trip(&round_trip(&cleaned)), cleaned, "{html}");
        }
    }

    #[test]
    fn the_encoding_is_y_prosemirror_s() {
        let doc = Doc::new();
        let fragment = doc.get_or_insert_xml_fragment(FIELD);
        write_html(&mut doc.transact_mut(), &fragment, "<h3>T</h3><p>a <strong>b</strong></p>");
        let txn = doc.transact();
        let children: Vec<XmlOut> = fragment.children(&txn).collect();
        let XmlOut::Element(heading) = &children[0] else { panic!("an element") };
        assert_eq!(heading.tag().as_ref(), "heading");
        assert_eq!(heading.get_attribute(&txn, "level"), Some(Out::Any(int(3))));
        let XmlOut::Element(paragraph) = &children[1] else { panic!("an element") };
        assert_eq!(paragraph.tag().as_ref(), "paragraph");
        let Some(XmlOut::Text(text)) = paragraph.first_child() else { panic!("text") };
        let diff = text.diff(&txn, YChange::identity);
        assert_eq!(diff.len(), 2);
        assert!(diff[0].attributes.is_none());
        let marks = diff[1].attributes.as_deref().unwrap();
        assert_eq!(marks.get("bold"), Some(&empty_map()));
        assert_eq!(text.get_string(&txn), "a <bold>b</bold>");
    }

    #[test]
    fn loose_html_becomes_the_editor_s_blocks() {
        assert_eq!(round_trip("plain <b>text</b>"), "<p>plain <strong>text</strong></p>");
        assert_eq!(
            round_trip("<p>before<img src=\"https://x.example/p.png\">after</p>"),
            "<p>before</p><img src=\"https://x.example/p.png\"><p>after</p>"
        );
        assert_eq!(round_trip("<div><p>a</p>b</div>"), "<p>a</p><p>b</p>");
        assert_eq!(
            round_trip("<ul>stray<li>x</li></ul>"),
            "<ul><li><p>x</p></li><li><p>stray</p></li></ul>"
        );
        assert_eq!(round_trip(""), "");
    }

    #[test]
    fn hostile_content_never_survives() {
        // Through the seeding: scripts, events and javascript: links go.
        let out = round_trip(
            "<p onclick=\"x()\">hi<script>alert(1)</script><a href=\"javascript:alert(1)\">j</a></p>\
             <img src=\"javascript:alert(1)\" onerror=\"x()\"><iframe src=\"https://e.example\"></iframe>",
        );
        assert!(
            !out.contains("script") && !out.contains("onclick") && !out.contains("javascript"),
            "{out}"
        );
        assert!(!out.contains("onerror") && !out.contains("iframe"), "{out}");

        // A shared document crafted by a client: unknown elements, attributes that try to
        // break out, a javascript: link mark, deep nesting.
        let doc = Doc::new();
        let fragment = doc.get_or_insert_xml_fragment(FIELD);
        {
            let mut txn = doc.transact_mut();
            let script = fragment.push_back(&mut txn, XmlElementPrelim::empty("script"));
            script.push_back(&mut txn, XmlTextPrelim::new("alert(1)"));
            let image = fragment.push_back(&mut txn, XmlElementPrelim::empty("image"));
            image.insert_attribute(&mut txn, "src", Any::String("\" onerror=\"x()".into()));
            let heading = fragment.push_back(&mut txn, XmlElementPrelim::empty("heading"));
            heading.insert_attribute(&mut txn, "level", Any::String("1 onclick=x()".into()));
            let paragraph = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            let text = paragraph.push_back(&mut txn, XmlTextPrelim::new(""));
            let mut attrs = Attrs::new();
            let link: HashMap<String, Any> =
                [("href".to_owned(), Any::String("javascript:alert(1)".into()))]
                    .into_iter()
                    .collect();
            attrs.insert("link".into(), Any::Map(Arc::new(link)));
            text.insert_with_attributes(&mut txn, 0, "<b>click</b>", attrs);
            let mut parent = fragment.push_back(&mut txn, XmlElementPrelim::empty("blockquote"));
            for _ in 0..500 {
                parent = parent.push_back(&mut txn, XmlElementPrelim::empty("blockquote"));
            }
        }
        let html = sanitise(&fragment_to_html(&doc.transact(), &fragment));
        assert!(!html.contains("onerror") && !html.contains("onclick"), "{html}");
        assert!(!html.contains("javascript") && !html.contains("<script"), "{html}");
        assert!(html.contains("&lt;b&gt;click&lt;/b&gt;"), "{html}");
        assert!(html.contains("<h1>"), "{html}");
    }

    #[test]
    fn text_is_read_back_with_its_marks_in_order() {
        let doc = Doc::new();
        let fragment = doc.get_or_insert_xml_fragment(FIELD);
        write_html(&mut doc.transact_mut(), &fragment, "<p><em><strong>both</strong></em></p>");
        let txn = doc.transact();
        assert_eq!(fragment_to_html(&txn, &fragment), "<p><strong><em>both</em></strong></p>");
        let _ = txn.state_vector();
    }
}

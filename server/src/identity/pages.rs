//! Small server-rendered pages of the sign-in flow (errors, demo sign-in).

use axum::{
    http::StatusCode,
    response::{Html, IntoResponse, Response},
};

/// Escapes text for HTML element content and quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A page in the portal's default colours. `body` is trusted HTML.
pub fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · Agency Portal</title>
<style>
body{{margin:0;background:#0b0b0b;color:#fff;font:16px/1.5 system-ui,sans-serif}}
main{{max-width:720px;margin:8vh auto;padding:0 20px}}
h1{{font-size:1.6rem;margin:0 0 .5rem}} p{{color:#ccc}}
a,button{{color:#1b1600;background:#f4c20e;border:0;border-radius:6px;padding:.5rem .9rem;
font:inherit;font-weight:600;text-decoration:none;cursor:pointer;display:inline-block}}
a.quiet{{background:none;color:#f4c20e;padding:0}}
.badge{{display:inline-block;border:1px solid #f4c20e;color:#f4c20e;border-radius:999px;padding:0 .6rem;font-size:.8rem}}
table{{width:100%;border-collapse:collapse;margin:1rem 0}} td,th{{text-align:left;padding:.4rem;border-bottom:1px solid #2a2a2a}}
th{{color:#aaa;font-weight:500}} h2{{font-size:1.1rem;margin-top:2rem}}
</style></head><body><main><h1>{title}</h1>{body}</main></body></html>"#,
        title = escape(title),
    );
    (status, Html(html)).into_response()
}

/// A sign-in failure: nobody is signed in; the person may try again.
pub fn sign_in_failed(status: StatusCode, message: &str) -> Response {
    page(
        status,
        "Sign-in failed",
        &format!(
            r#"<p>{}</p><p><a href="/auth/discord">Try again</a> &nbsp; <a class="quiet" href="/">Back to the portal</a></p>"#,
            escape(message)
        ),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_markup() {
        assert_eq!(
            super::escape(r#"<a href="x">O'Neil & co</a>"#),
            "&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;"
        );
    }
}

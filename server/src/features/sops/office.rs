//! Office files as documents' sources (issue 28, "Office files"): the pure parts. What an
//! upload must be to count as a `.docx` or `.pptx` (a zip whose `[Content_Types].xml` names
//! the main part of a Word document or a PowerPoint presentation, read within bounds, nothing
//! else decompressed), the tokens the document editor (OnlyOffice Docs) carries (the link to
//! the file and the link to the save callback, both signed with `ONLYOFFICE_JWT_SECRET` and
//! bound to one agency, one document and one source version), the editor's cache key, the
//! editor's signed save callback, and the rule that edited files are fetched from the
//! configured document server's origin only.

use std::io::{Cursor, Read};

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use url::Url;

/// The largest source file (upload or editor save).
pub const MAX_SOURCE_BYTES: usize = 20 * 1024 * 1024;
/// The most entries a source's zip may list (a large presentation has a few thousand).
const MAX_ENTRIES: usize = 20_000;
/// The most of `[Content_Types].xml` that is read.
const MAX_CONTENT_TYPES: u64 = 1024 * 1024;

pub const NO_FILE: &str = "No file provided";
pub const NOT_OFFICE: &str =
    "Only Word documents (.docx) and PowerPoint presentations (.pptx) can be attached.";
pub const TOO_LARGE: &str = "File too large (max 20 MB)";
pub const NO_SOURCE: &str = "This document has no Office file.";

/// How long the editor may fetch a source file after the configuration was made.
pub const FILE_TOKEN_SECONDS: i64 = 300;
/// How long the editor may save through the callback link of one configuration: an editing
/// session may last a working day and the editor calls back after the last editor closes.
/// The link only ever saves over the source version it was made for.
pub const CALLBACK_TOKEN_SECONDS: i64 = 7 * 24 * 3600;

/// What a token is for: a file link never opens the callback and the other way round.
pub const FILE_PURPOSE: &str = "document-source-file";
pub const CALLBACK_PURPOSE: &str = "document-source-save";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OfficeKind {
    Docx,
    Pptx,
}

impl OfficeKind {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Docx => "docx",
            Self::Pptx => "pptx",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "docx" => Some(Self::Docx),
            "pptx" => Some(Self::Pptx),
            _ => None,
        }
    }

    /// The editor's `documentType`.
    pub fn document_type(self) -> &'static str {
        match self {
            Self::Docx => "word",
            Self::Pptx => "slide",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Self::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            Self::Pptx => {
                "application/vnd.openxmlformats-officedocument.presentationml.presentation"
            }
        }
    }

    /// The content type `[Content_Types].xml` gives the main part, and where that part is.
    fn main_part(self) -> (&'static str, &'static str) {
        match self {
            Self::Docx => (
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
                "word/document.xml",
            ),
            Self::Pptx => (
                "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
                "ppt/presentation.xml",
            ),
        }
    }
}

/// What `bytes` are by content: a Word document or a PowerPoint presentation (macro-free, not
/// a template), or `None`. Only the zip's directory and `[Content_Types].xml` (at most 1 MB
/// of it) are read.
pub fn sniff(bytes: &[u8]) -> Option<OfficeKind> {
    if !bytes.starts_with(b"PK\x03\x04") || bytes.len() > MAX_SOURCE_BYTES {
        return None;
    }
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).ok()?;
    if archive.len() > MAX_ENTRIES {
        return None;
    }
    let mut types = String::new();
    archive
        .by_name("[Content_Types].xml")
        .ok()?
        .take(MAX_CONTENT_TYPES)
        .read_to_string(&mut types)
        .ok()?;
    let mut found = [OfficeKind::Docx, OfficeKind::Pptx]
        .into_iter()
        .filter(|kind| types.contains(&format!("ContentType=\"{}\"", kind.main_part().0)));
    let kind = found.next()?;
    if found.next().is_some() || archive.index_for_name(kind.main_part().1).is_none() {
        return None;
    }
    Some(kind)
}

/// The file name a source is kept under: the upload's own name without folders or control
/// characters, at most 120 characters, ending in the kind's extension.
pub fn file_name(given: Option<&str>, kind: OfficeKind) -> String {
    let base = given.unwrap_or_default().rsplit(['/', '\\']).next().unwrap_or_default();
    let stem = base
        .strip_suffix(&format!(".{}", kind.extension()))
        .unwrap_or(base)
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '<' | '>' | ':' | '|' | '?' | '*'))
        .take(120)
        .collect::<String>();
    let stem = stem.trim();
    let stem = if stem.is_empty() { "document" } else { stem };
    format!("{stem}.{}", kind.extension())
}

/// What a source-file link or a save-callback link carries: the agency, the document, the
/// source version it was made for and the stored object holding that version's bytes (a
/// document removed and made again under the same id starts again at version 1: its link
/// names another object, so an old link never reaches the new file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceClaims {
    pub purpose: String,
    pub agency: String,
    pub doc: String,
    pub ver: i32,
    /// The stored object's name ([`object_name`]); absent in links made before it was added,
    /// which then stand for their version alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obj: Option<String>,
    pub exp: i64,
}

impl SourceClaims {
    /// Whether these claims name the version stored as `storage_key`.
    pub fn names_object(&self, storage_key: &str) -> bool {
        self.obj.as_deref().is_none_or(|obj| obj == object_name(storage_key))
    }
}

/// The name of a stored object: the last part of its key (a new UUID for every version).
pub fn object_name(storage_key: &str) -> &str {
    storage_key.rsplit('/').next().unwrap_or_default()
}

/// The token of `claims` (their `exp` a Unix time).
pub fn sign(secret: &str, claims: &SourceClaims) -> anyhow::Result<String> {
    let key = EncodingKey::from_secret(secret.as_bytes());
    Ok(encode(&Header::new(Algorithm::HS256), claims, &key)?)
}

/// The claims of a valid, unexpired token for `purpose` signed with `secret`.
pub fn verify(secret: &str, purpose: &str, token: &str) -> Option<SourceClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    decode::<SourceClaims>(token, &DecodingKey::from_secret(secret.as_bytes()), &validation)
        .ok()
        .map(|data| data.claims)
        .filter(|claims| claims.purpose == purpose)
}

/// The editor's cache key of one source version: it changes with every version (and with
/// the stored object, so a source removed and attached again never repeats one), in the
/// characters the editor accepts, at most 128 of them.
pub fn editor_key(agency: &str, doc: &str, version: i32, storage_key: &str) -> String {
    let object: String =
        object_name(storage_key).chars().take_while(|c| *c != '.').take(12).collect();
    let tail = format!("-v{version}-{object}");
    let head: String = format!("{agency}-{doc}")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._=-".contains(c) { c } else { '_' })
        .take(128 - tail.len())
        .collect();
    format!("{head}{tail}")
}

/// The edited file's address if it is on the configured document server (same scheme, host
/// and port, no credentials): the callback never fetches from anywhere else.
pub fn on_document_server(server: &Url, url: &str) -> Option<Url> {
    let url = Url::parse(url).ok()?;
    let same = matches!(url.scheme(), "http" | "https")
        && url.origin().is_tuple()
        && url.origin() == server.origin()
        && url.username().is_empty()
        && url.password().is_none();
    same.then_some(url)
}

/// The save callback as the editor signed it (`key`, `status`, `url`, `users`; other fields
/// are not used).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Callback {
    pub key: String,
    pub status: i64,
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub users: Vec<String>,
}

pub const NO_JWT: &str = "The callback carries no token.";
pub const BAD_JWT: &str = "The callback's token is not signed with the editor's secret.";
pub const EXPIRED_JWT: &str = "The callback's token has no expiry or has expired.";
pub const TAMPERED: &str = "The callback's body differs from what its token signs.";
pub const BAD_CALLBACK: &str = "The callback's signed content is not a save callback.";

/// The callback the editor signed with `secret`: its JWT comes in the `Authorization: Bearer`
/// header (the payload then wraps the body as `payload`) or as the body's `token` field (the
/// payload is the body). Only what is signed counts; a body whose `key`, `status`, `url` or
/// `users` differ from it is refused. The token must carry an expiry (OnlyOffice Docs signs
/// its callbacks for five minutes by default), so a captured callback is only good for
/// minutes; within them, [`SignedCallback::digest`] lets the callback refuse to store the same
/// one twice.
pub fn signed_callback(
    secret: &str,
    bearer: Option<&str>,
    body: &Value,
) -> Result<SignedCallback, &'static str> {
    let token = bearer
        .or_else(|| body.get("token").and_then(Value::as_str))
        .filter(|t| !t.is_empty())
        .ok_or(NO_JWT)?;
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_required_spec_claims(&["exp"]);
    validation.validate_aud = false;
    validation.leeway = 60;
    let claims =
        match decode::<Value>(token, &DecodingKey::from_secret(secret.as_bytes()), &validation) {
            Ok(data) => data.claims,
            Err(err) => {
                return Err(match err.kind() {
                    jsonwebtoken::errors::ErrorKind::MissingRequiredClaim(_)
                    | jsonwebtoken::errors::ErrorKind::ExpiredSignature => EXPIRED_JWT,
                    _ => BAD_JWT,
                })
            }
        };
    let signed = match claims.get("payload") {
        Some(payload @ Value::Object(_)) => payload.clone(),
        _ => claims,
    };
    for field in ["key", "status", "url", "users"] {
        if let Some(sent) = body.get(field) {
            if signed.get(field) != Some(sent) {
                return Err(TAMPERED);
            }
        }
    }
    let callback = serde_json::from_value(signed).map_err(|_| BAD_CALLBACK)?;
    Ok(SignedCallback { callback, digest: digest(token) })
}

/// A callback and what identifies its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedCallback {
    pub callback: Callback,
    /// SHA-256 of the token: a version stored from it keeps it, and the same token (a
    /// replay, or the editor sending again what was stored) stores nothing more.
    pub digest: Vec<u8>,
}

fn digest(token: &str) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes()).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A zip holding `files`.
    pub fn zipped(files: &[(&str, &str)]) -> Vec<u8> {
        let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, text) in files {
            out.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
            out.write_all(text.as_bytes()).unwrap();
        }
        out.finish().unwrap().into_inner()
    }

    fn types(main: &str) -> String {
        format!(
            r#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/x" ContentType="{main}"/></Types>"#
        )
    }

    #[test]
    fn word_and_powerpoint_files_are_recognised_by_their_main_part() {
        let (docx_type, docx_part) = OfficeKind::Docx.main_part();
        let (pptx_type, pptx_part) = OfficeKind::Pptx.main_part();
        let docx = zipped(&[("[Content_Types].xml", &types(docx_type)), (docx_part, "<w/>")]);
        let pptx = zipped(&[("[Content_Types].xml", &types(pptx_type)), (pptx_part, "<p/>")]);
        assert_eq!(sniff(&docx), Some(OfficeKind::Docx));
        assert_eq!(sniff(&pptx), Some(OfficeKind::Pptx));

        // A macro-enabled document, a template, a zip naming no main part, a main part that
        // is missing, a zip without content types, something that is no zip, a cut file.
        let docm = "application/vnd.ms-word.document.macroEnabled.main+xml";
        let dotx =
            "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml";
        for bad in [
            zipped(&[("[Content_Types].xml", &types(docm)), (docx_part, "<w/>")]),
            zipped(&[("[Content_Types].xml", &types(dotx)), (docx_part, "<w/>")]),
            zipped(&[("[Content_Types].xml", &types("application/xml")), (docx_part, "")]),
            zipped(&[("[Content_Types].xml", &types(docx_type))]),
            zipped(&[(docx_part, "<w/>")]),
            b"%PDF-1.7 not a zip".to_vec(),
            docx[..docx.len() / 2].to_vec(),
            vec![],
        ] {
            assert_eq!(sniff(&bad), None);
        }
        // Both main parts at once: neither.
        let both = format!("{}{}", types(docx_type), types(pptx_type));
        let both = zipped(&[("[Content_Types].xml", &both), (docx_part, ""), (pptx_part, "")]);
        assert_eq!(sniff(&both), None);
    }

    #[test]
    fn file_names_keep_the_name_and_the_right_extension() {
        assert_eq!(file_name(Some("Pursuit policy.docx"), OfficeKind::Docx), "Pursuit policy.docx");
        assert_eq!(file_name(Some("C:\\x\\deck.pptx"), OfficeKind::Pptx), "deck.pptx");
        assert_eq!(file_name(Some("../../etc/pw"), OfficeKind::Docx), "pw.docx");
        assert_eq!(file_name(Some("a\"<b>.docx"), OfficeKind::Docx), "ab.docx");
        assert_eq!(file_name(None, OfficeKind::Pptx), "document.pptx");
        assert_eq!(file_name(Some("x.docx"), OfficeKind::Pptx), "x.docx.pptx");
    }

    const SECRET: &str = "a-secret-of-some-length";

    fn claims(purpose: &str, obj: Option<&str>, exp: i64) -> SourceClaims {
        SourceClaims {
            purpose: purpose.into(),
            agency: "bcso".into(),
            doc: "doc 1".into(),
            ver: 3,
            obj: obj.map(str::to_owned),
            exp,
        }
    }

    #[test]
    fn tokens_are_bound_to_their_purpose_and_object_and_expire() {
        let now = chrono::Utc::now().timestamp();
        let made = claims(FILE_PURPOSE, Some("0123abcd.docx"), now + 300);
        let token = sign(SECRET, &made).unwrap();
        let claims_back = verify(SECRET, FILE_PURPOSE, &token).unwrap();
        assert_eq!(claims_back, made);
        assert!(claims_back.names_object("documents/bcso/0123abcd.docx"));
        assert!(
            !claims_back.names_object("documents/bcso/ffff0000.docx"),
            "the same version number in another object (a document made again) is not it"
        );
        assert!(verify(SECRET, CALLBACK_PURPOSE, &token).is_none(), "a file link saves nothing");
        assert!(verify("another-secret-entirely", FILE_PURPOSE, &token).is_none());
        let old = sign(SECRET, &claims(FILE_PURPOSE, Some("0123abcd.docx"), now - 100)).unwrap();
        assert!(verify(SECRET, FILE_PURPOSE, &old).is_none(), "expired");
        // A link made before objects were named stands for its version alone.
        let legacy = sign(SECRET, &claims(CALLBACK_PURPOSE, None, now + 300)).unwrap();
        let legacy = verify(SECRET, CALLBACK_PURPOSE, &legacy).unwrap();
        assert!(legacy.names_object("documents/bcso/anything.docx"));
        assert_eq!(object_name("documents/bcso/0123abcd.docx"), "0123abcd.docx");
    }

    #[test]
    fn editor_keys_change_with_each_version_and_stay_in_the_editors_characters() {
        let a = editor_key("bcso", "doc 1", 1, "documents/bcso/0123456789abcdef.docx");
        let b = editor_key("bcso", "doc 1", 2, "documents/bcso/fedcba9876543210.docx");
        assert_eq!(a, "bcso-doc_1-v1-0123456789ab");
        assert_ne!(a, b);
        let long = editor_key("bcso", &"x".repeat(300), 12, "documents/bcso/0123456789abcdef.docx");
        assert_eq!(long.len(), 128);
        assert!(long.ends_with("-v12-0123456789ab"));
    }

    #[test]
    fn edited_files_come_from_the_document_server_only() {
        let server = Url::parse("https://docs.example.org/").unwrap();
        assert!(
            on_document_server(&server, "https://docs.example.org/cache/files/a.docx").is_some()
        );
        assert!(on_document_server(&server, "https://docs.example.org:443/x").is_some());
        for other in [
            "https://evil.example/x.docx",
            "http://docs.example.org/x",
            "https://docs.example.org:8443/x",
            "https://docs.example.org.evil.example/x",
            "https://user:pw@docs.example.org/x",
            "https://evil.example@docs.example.org/x",
            "file:///etc/passwd",
            "not a url",
            "",
        ] {
            assert!(on_document_server(&server, other).is_none(), "{other}");
        }
        let local = Url::parse("http://127.0.0.1:8082").unwrap();
        assert!(on_document_server(&local, "http://127.0.0.1:8082/f").is_some());
        assert!(on_document_server(&local, "http://localhost:8082/f").is_none());
        assert!(on_document_server(&local, "http://127.0.0.1:8083/f").is_none());
    }

    fn jwt(secret: &str, claims: &Value) -> String {
        encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(secret.as_bytes()))
            .unwrap()
    }

    /// `claims` with an expiry five minutes on, as OnlyOffice Docs signs its callbacks.
    fn expiring(mut claims: Value) -> Value {
        let now = chrono::Utc::now().timestamp();
        claims["iat"] = now.into();
        claims["exp"] = (now + 300).into();
        claims
    }

    #[test]
    fn only_the_signed_unexpired_callback_counts() {
        let body = serde_json::json!({
            "key": "k1", "status": 2, "url": "https://docs.example.org/f", "users": ["42"]
        });
        let ok = |result: Result<SignedCallback, &'static str>| result.map(|s| s.callback);
        let expected = Callback {
            key: "k1".into(),
            status: 2,
            url: Some("https://docs.example.org/f".into()),
            users: vec!["42".into()],
        };
        // In the header, wrapped as `payload`.
        let header = jwt(SECRET, &expiring(serde_json::json!({ "payload": body })));
        assert_eq!(ok(signed_callback(SECRET, Some(&header), &body)), Ok(expected.clone()));
        // In the body, the body itself.
        let in_body = jwt(SECRET, &expiring(body.clone()));
        let mut with_token = body.clone();
        with_token["token"] = in_body.clone().into();
        assert_eq!(ok(signed_callback(SECRET, None, &with_token)), Ok(expected.clone()));
        // A body of only the token: what is signed.
        let only = serde_json::json!({ "token": in_body });
        assert_eq!(ok(signed_callback(SECRET, None, &only)), Ok(expected));

        // The digest names the token: the same token twice is the same callback, another
        // token of the same content is another.
        let digest = |token: &str| signed_callback(SECRET, Some(token), &body).unwrap().digest;
        assert_eq!(digest(&header), digest(&header));
        assert_eq!(digest(&header).len(), 32);
        let again = jwt(SECRET, &expiring(serde_json::json!({ "payload": body, "n": 2 })));
        assert_ne!(digest(&header), digest(&again));

        assert_eq!(ok(signed_callback(SECRET, None, &body)), Err(NO_JWT));
        let other = jwt("another-secret-entirely", &expiring(body.clone()));
        assert_eq!(ok(signed_callback(SECRET, Some(&other), &body)), Err(BAD_JWT));
        assert_eq!(ok(signed_callback(SECRET, Some("garbage"), &body)), Err(BAD_JWT));
        let mut tampered = body.clone();
        tampered["url"] = "https://evil.example/f".into();
        assert_eq!(ok(signed_callback(SECRET, Some(&header), &tampered)), Err(TAMPERED));
        let mut tampered = body.clone();
        tampered["users"] = serde_json::json!(["7"]);
        assert_eq!(ok(signed_callback(SECRET, Some(&header), &tampered)), Err(TAMPERED));
        // An expired token, and one with no expiry at all (it could be replayed for ever).
        let expired = jwt(SECRET, &serde_json::json!({ "payload": body, "exp": 1_000 }));
        assert_eq!(ok(signed_callback(SECRET, Some(&expired), &body)), Err(EXPIRED_JWT));
        let forever = jwt(SECRET, &serde_json::json!({ "payload": body }));
        assert_eq!(ok(signed_callback(SECRET, Some(&forever), &body)), Err(EXPIRED_JWT));
        let none = expiring(serde_json::json!({ "alg": "none" }));
        assert_eq!(
            ok(signed_callback(SECRET, Some(&jwt(SECRET, &none)), &none)),
            Err(BAD_CALLBACK)
        );
    }
}

//! The document-editor integration (command-and-reports §2 "Document management", §7): a
//! configuration for OnlyOffice Docs, signed with the editor's JWT secret (HS256) as the
//! editor expects, that opens a document read-only. The editor fetches the document's text
//! from `/api/sops/{id}/file` with a token of its own, signed with the same secret, because it
//! calls without the member's session. That link is a bearer URL: whoever holds it reads that
//! one document, as it was when the configuration was made, for [`FILE_TOKEN_SECONDS`]; it
//! stops working as soon as the document changes, and reaches nothing else.

use chrono::{DateTime, Utc};
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use url::Url;
use utoipa::ToSchema;

use crate::{config::OnlyOffice, features::sops::model::Document};

pub const NOT_CONFIGURED: &str = "The document editor is not configured: set ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET on the server to enable it.";
pub const BAD_FILE_TOKEN: &str = "This document link is invalid or has expired.";
/// How long the editor may fetch a document after the configuration was made: long enough for
/// the editor to open it, short enough that a leaked link soon stops working.
pub const FILE_TOKEN_SECONDS: i64 = 300;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorPermissions {
    pub edit: bool,
    pub download: bool,
    pub print: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorDocument {
    pub file_type: String,
    /// Identifies this version of the document to the editor's cache.
    pub key: String,
    pub title: String,
    /// Where the editor downloads the document.
    pub url: String,
    pub permissions: EditorPermissions,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorUser {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorSettings {
    /// `view` (the editor shows the document), or `edit` for a manager opening a document's
    /// Office source (`office_routes`).
    pub mode: String,
    pub lang: String,
    pub user: EditorUser,
    /// Where the editor sends saves (edit mode only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_url: Option<String>,
}

/// The configuration the editor's `DocsAPI.DocEditor` takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorConfig {
    pub document: EditorDocument,
    pub document_type: String,
    pub editor_config: EditorSettings,
    /// The configuration above signed with the editor's secret (HS256).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// `POST /api/sops/{id}/onlyoffice`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorAnswer {
    pub enabled: bool,
    pub server_url: Option<String>,
    pub config: Option<EditorConfig>,
    /// Why the editor is unavailable.
    pub message: Option<String>,
}

/// What lets the editor fetch one version of one document of one agency for a few minutes.
#[derive(Debug, Serialize, Deserialize)]
pub struct FileClaims {
    pub doc: String,
    pub agency: String,
    /// The document's version ([`version`]) the link was made for.
    pub ver: i64,
    pub exp: i64,
}

/// A document's version as file links name it: its last change, to the microsecond.
pub fn version(document: &Document) -> i64 {
    document.updated_at.map_or(0, |t| t.timestamp_micros())
}

/// The editor's cache key: the agency, the document and its version, in the characters the
/// editor accepts.
fn cache_key(agency: &str, document: &Document) -> String {
    let version = document.updated_at.map_or(0, |t| t.timestamp());
    format!("{agency}-{}-{version}", document.id)
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._=-".contains(c) { c } else { '_' })
        .take(128)
        .collect()
}

/// Who opens a document, for the editor's user field.
pub struct Opener<'a> {
    pub id: &'a str,
    pub name: &'a str,
}

/// The editor configuration for `document`, or the answer that the editor is not set up.
pub fn configure(
    settings: Option<&OnlyOffice>,
    public_url: &Url,
    agency: &str,
    document: &Document,
    opener: &Opener<'_>,
    now: DateTime<Utc>,
) -> anyhow::Result<EditorAnswer> {
    let Some(settings) = settings else {
        return Ok(EditorAnswer {
            enabled: false,
            server_url: None,
            config: None,
            message: Some(NOT_CONFIGURED.into()),
        });
    };
    let key = EncodingKey::from_secret(settings.jwt_secret.as_bytes());
    let claims = FileClaims {
        doc: document.id.clone(),
        agency: agency.to_owned(),
        ver: version(document),
        exp: now.timestamp() + FILE_TOKEN_SECONDS,
    };
    let file_token = encode(&Header::new(Algorithm::HS256), &claims, &key)?;
    let mut url = public_url.join(&format!("/api/sops/{}/file", document.id))?;
    url.query_pairs_mut().append_pair("agency", agency).append_pair("token", &file_token);
    let mut config = EditorConfig {
        document: EditorDocument {
            file_type: "txt".into(),
            key: cache_key(agency, document),
            title: format!("{}.txt", document.title),
            url: url.to_string(),
            permissions: EditorPermissions { edit: false, download: true, print: true },
        },
        document_type: "word".into(),
        editor_config: EditorSettings {
            mode: "view".into(),
            lang: "en".into(),
            user: EditorUser { id: opener.id.to_owned(), name: opener.name.to_owned() },
            callback_url: None,
        },
        token: None,
    };
    config.token = Some(encode(&Header::new(Algorithm::HS256), &config, &key)?);
    Ok(EditorAnswer {
        enabled: true,
        server_url: Some(settings.url.to_string()),
        config: Some(config),
        message: None,
    })
}

/// The claims of a file token signed with `secret`, if it is valid and unexpired.
pub fn verify_file_token(secret: &str, token: &str) -> Option<FileClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    decode::<FileClaims>(token, &DecodingKey::from_secret(secret.as_bytes()), &validation)
        .ok()
        .map(|data| data.claims)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> OnlyOffice {
        OnlyOffice {
            url: Url::parse("https://docs.example.org/").unwrap(),
            jwt_secret: "a-secret-of-some-length".into(),
        }
    }

    fn document() -> Document {
        Document {
            id: "doc 1".into(),
            title: "Pursuits".into(),
            kind: "sop".into(),
            min_level: "deputy".into(),
            summary: String::new(),
            content: "Body".into(),
            created_at: None,
            updated_at: DateTime::from_timestamp(1_700_000_000, 0),
        }
    }

    #[test]
    fn without_settings_the_answer_names_both() {
        let public = Url::parse("http://127.0.0.1:8080").unwrap();
        let opener = Opener { id: "1", name: "A" };
        let answer = configure(None, &public, "bcso", &document(), &opener, Utc::now()).unwrap();
        assert!(!answer.enabled && answer.config.is_none());
        assert!(
            NOT_CONFIGURED.contains("ONLYOFFICE_URL")
                && NOT_CONFIGURED.contains("ONLYOFFICE_JWT_SECRET")
        );
    }

    #[test]
    fn the_configuration_is_signed_and_its_file_link_verifies() {
        let public = Url::parse("http://127.0.0.1:8080").unwrap();
        let opener = Opener { id: "42", name: "Jordan" };
        let now = Utc::now();
        let answer =
            configure(Some(&settings()), &public, "bcso", &document(), &opener, now).unwrap();
        let config = answer.config.unwrap();
        assert_eq!(config.document.key, "bcso-doc_1-1700000000");
        let mut validation = Validation::new(Algorithm::HS256);
        validation.required_spec_claims.clear();
        validation.validate_exp = false;
        let signed = decode::<EditorConfig>(
            config.token.as_deref().unwrap(),
            &DecodingKey::from_secret(b"a-secret-of-some-length"),
            &validation,
        )
        .unwrap()
        .claims;
        assert_eq!(signed, EditorConfig { token: None, ..config.clone() });

        let url = Url::parse(&config.document.url).unwrap();
        assert_eq!(url.path(), "/api/sops/doc%201/file");
        let token = url.query_pairs().find(|(k, _)| k == "token").unwrap().1.into_owned();
        let claims = verify_file_token("a-secret-of-some-length", &token).unwrap();
        assert_eq!((claims.doc.as_str(), claims.agency.as_str()), ("doc 1", "bcso"));
        assert_eq!(claims.ver, 1_700_000_000_000_000, "bound to this version");
        assert_eq!(claims.exp, now.timestamp() + 300, "five minutes");
        assert!(verify_file_token("another-secret-entirely", &token).is_none());

        // A link made six minutes ago no longer opens anything.
        let earlier = now - chrono::Duration::minutes(6);
        let old = configure(Some(&settings()), &public, "bcso", &document(), &opener, earlier)
            .unwrap()
            .config
            .unwrap();
        let url = Url::parse(&old.document.url).unwrap();
        let token = url.query_pairs().find(|(k, _)| k == "token").unwrap().1.into_owned();
        assert!(verify_file_token("a-secret-of-some-length", &token).is_none());
    }
}

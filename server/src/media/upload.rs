//! Reading an uploaded image from a multipart body: the named field, checked by content
//! (not by name), refused as soon as it grows past the limit.

use axum::extract::{multipart::MultipartError, Multipart};
use bytes::{Bytes, BytesMut};

use crate::error::{bad_request, AppError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Webp,
}

impl ImageKind {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Jpeg => "jpg",
            Self::Webp => "webp",
        }
    }

    /// Recognises an image by its first bytes.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Self::Jpeg)
        } else if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }
}

/// What an upload endpoint accepts, and the messages it answers with.
pub struct UploadRules {
    pub field: &'static str,
    pub max_bytes: usize,
    pub allowed: &'static [ImageKind],
    pub missing: &'static str,
    pub wrong_type: &'static str,
    pub too_large: &'static str,
}

/// The largest image of branding and catalogues.
pub const IMAGE_LIMIT: usize = 2 * 1024 * 1024;

/// Images of branding (badges, hero images, favicons) and catalogue entries: PNG, JPEG or
/// WebP by content, at most 2 MB, in the field `file`.
pub const IMAGE_UPLOAD: UploadRules = UploadRules {
    field: "file",
    max_bytes: IMAGE_LIMIT,
    allowed: &[ImageKind::Png, ImageKind::Jpeg, ImageKind::Webp],
    missing: "No file provided",
    wrong_type: "Only PNG, JPEG or WebP images are allowed",
    too_large: "File too large (max 2MB)",
};

pub struct Upload {
    pub bytes: Bytes,
    pub kind: ImageKind,
    /// Other text fields sent along, by name.
    pub fields: Vec<(String, String)>,
}

fn multipart_error(err: MultipartError, rules: &UploadRules) -> AppError {
    if err.status() == http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge(rules.too_large.into())
    } else {
        bad_request(format!("Invalid upload: {}", err.body_text()))
    }
}

/// Reads the upload of `rules.field`; other small text fields are kept.
pub async fn read_image(mut multipart: Multipart, rules: &UploadRules) -> Result<Upload, AppError> {
    let mut found: Option<Bytes> = None;
    let mut fields = Vec::new();
    while let Some(mut field) =
        multipart.next_field().await.map_err(|e| multipart_error(e, rules))?
    {
        let name = field.name().unwrap_or_default().to_owned();
        if name == rules.field {
            let mut buffer = BytesMut::new();
            while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(e, rules))? {
                if buffer.len() + chunk.len() > rules.max_bytes {
                    return Err(AppError::PayloadTooLarge(rules.too_large.into()));
                }
                buffer.extend_from_slice(&chunk);
            }
            if !buffer.is_empty() {
                found = Some(buffer.freeze());
            }
        } else {
            let text = field.text().await.map_err(|e| multipart_error(e, rules))?;
            if text.len() <= 200 {
                fields.push((name, text));
            }
        }
    }
    let bytes = found.ok_or_else(|| bad_request(rules.missing))?;
    let kind = ImageKind::sniff(&bytes)
        .filter(|k| rules.allowed.contains(k))
        .ok_or_else(|| AppError::UnsupportedMediaType(rules.wrong_type.into()))?;
    Ok(Upload { bytes, kind, fields })
}

#[cfg(test)]
mod tests {
    use super::ImageKind;

    #[test]
    fn images_are_recognised_by_content() {
        assert_eq!(ImageKind::sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(ImageKind::Png));
        assert_eq!(ImageKind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), Some(ImageKind::Jpeg));
        assert_eq!(ImageKind::sniff(b"RIFF\x0c\0\0\0WEBPVP8 "), Some(ImageKind::Webp));
        assert_eq!(ImageKind::sniff(b"GIF89a"), None);
        assert_eq!(ImageKind::sniff(b"<svg xmlns"), None);
        assert_eq!(ImageKind::sniff(b""), None);
    }
}

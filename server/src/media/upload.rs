//! Reading an uploaded image from a multipart body: the named field, checked by content
//! (not by name), refused as soon as it grows past the limit, then decoded and encoded anew
//! (the `image` crate) so that only the pixels reach storage: trailing data, a second file
//! hidden behind the image (a polyglot) and metadata (EXIF, location, comments) are dropped,
//! and a file that does not decode is refused like any other wrong type.

use std::io::Cursor;

use axum::extract::{multipart::MultipartError, Multipart};
use bytes::{Bytes, BytesMut};
use image::{
    codecs::{jpeg::JpegEncoder, png::PngEncoder, webp::WebPEncoder},
    DynamicImage, ImageFormat, ImageReader, Limits,
};

use crate::error::{bad_request, AppError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Webp,
}

impl ImageKind {
    fn format(self) -> ImageFormat {
        match self {
            Self::Png => ImageFormat::Png,
            Self::Jpeg => ImageFormat::Jpeg,
            Self::Webp => ImageFormat::WebP,
        }
    }

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

/// The largest image side decoded (in pixels), and the most memory one decoding may take.
pub const MAX_SIDE: u32 = 8192;
pub const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
/// The quality JPEG uploads are encoded anew with.
const JPEG_QUALITY: u8 = 90;

/// Decodes `bytes` as `kind` (within [`MAX_SIDE`] and [`MAX_DECODE_BYTES`]) and encodes the
/// pixels anew in the same format; `None` when they do not decode.
pub fn reencode(bytes: &[u8], kind: ImageKind) -> Option<Vec<u8>> {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    reader.limits(limits);
    let image = reader.decode().ok()?;
    let mut out = Vec::with_capacity(bytes.len());
    let encoded = match kind {
        ImageKind::Png => image.write_with_encoder(PngEncoder::new(&mut out)),
        ImageKind::Jpeg => DynamicImage::ImageRgb8(image.to_rgb8())
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)),
        ImageKind::Webp => {
            let pixels = if image.color().has_alpha() {
                DynamicImage::ImageRgba8(image.to_rgba8())
            } else {
                DynamicImage::ImageRgb8(image.to_rgb8())
            };
            pixels.write_with_encoder(WebPEncoder::new_lossless(&mut out))
        }
    };
    encoded.ok().map(|()| out)
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
    let wrong_type = || AppError::UnsupportedMediaType(rules.wrong_type.into());
    let kind =
        ImageKind::sniff(&bytes).filter(|k| rules.allowed.contains(k)).ok_or_else(wrong_type)?;
    // Decoding is CPU work: off the request threads.
    let clean = tokio::task::spawn_blocking(move || reencode(&bytes, kind))
        .await
        .map_err(|err| AppError::Other(err.into()))?
        .ok_or_else(wrong_type)?;
    Ok(Upload { bytes: clean.into(), kind, fields })
}

#[cfg(test)]
mod tests {
    use super::{reencode, ImageKind};
    use image::{DynamicImage, ImageFormat, RgbImage};

    fn encoded(format: ImageFormat) -> Vec<u8> {
        let pixels = RgbImage::from_fn(8, 8, |x, y| image::Rgb([x as u8 * 30, y as u8 * 30, 99]));
        let mut out = std::io::Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(pixels).write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn only_the_pixels_survive_and_what_does_not_decode_is_refused() {
        for (format, kind) in [
            (ImageFormat::Png, ImageKind::Png),
            (ImageFormat::Jpeg, ImageKind::Jpeg),
            (ImageFormat::WebP, ImageKind::Webp),
        ] {
            let mut polyglot = encoded(format);
            polyglot.extend_from_slice(b"<script>alert(1)</script>PK\x03\x04hidden.zip");
            let clean = reencode(&polyglot, kind).unwrap();
            assert_eq!(ImageKind::sniff(&clean), Some(kind));
            assert!(!clean.windows(6).any(|w| w == b"script"), "{kind:?}: trailing data dropped");
            let decoded = image::load_from_memory_with_format(&clean, format).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (8, 8));
            // Only the start of a file, or a header with nothing behind it: refused.
            let whole = encoded(format);
            assert_eq!(reencode(&whole[..whole.len() / 2], kind), None, "{kind:?}");
            assert_eq!(reencode(&whole[..16], kind), None, "{kind:?}");
        }
    }

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

//! Input rules every feature shares: text lengths, NUL characters, dates, and local paths.
//! Pure functions; each refusal is a sentence a person can act on.

use chrono::{Datelike, NaiveDate};

/// Length limits, in characters. The web forms show the same numbers (`webapp/src/lib/limits.ts`
/// is checked against the OpenAPI description, which carries these as `maxLength`).
pub mod limits {
    /// Names of people, agencies, departments, ranks, sub-departments and roles.
    pub const NAME: usize = 120;
    pub const SHORT_NAME: usize = 40;
    pub const CALLSIGN: usize = 16;
    /// Regions, Discord ids and tags, role ids.
    pub const SHORT_TEXT: usize = 60;
    /// A roster action ("Promotion") or a level label.
    pub const LABEL: usize = 120;
    /// Reasons and notes.
    pub const NOTE: usize = 1000;
    pub const DESCRIPTION: usize = 500;
    pub const LONG_TEXT: usize = 4000;
    pub const URL: usize = 2048;
}

pub const NUL_REFUSED: &str = "Text may not contain NUL characters.";

/// The earliest and latest years a date may have.
pub const YEARS: std::ops::RangeInclusive<i32> = 1900..=2100;

/// Refuses text longer than `max` characters, naming the field.
pub fn max_len(field: &str, value: &str, max: usize) -> Result<(), String> {
    if value.chars().count() > max {
        Err(format!("{field} must be at most {max} characters."))
    } else {
        Ok(())
    }
}

/// [`max_len`] for an optional value.
pub fn max_len_opt(field: &str, value: Option<&str>, max: usize) -> Result<(), String> {
    value.map_or(Ok(()), |v| max_len(field, v, max))
}

/// Refuses a date outside [`YEARS`], naming the field.
pub fn date_in_range(field: &str, date: NaiveDate) -> Result<(), String> {
    if YEARS.contains(&date.year()) {
        Ok(())
    } else {
        Err(format!("{field} must be between {} and {}.", YEARS.start(), YEARS.end()))
    }
}

/// Whether a JSON document holds a NUL character in any string (`\u0000`). Reads the escapes
/// of valid JSON: a NUL can only appear as that escape, and `\\u0000` is a backslash
/// followed by text, not a NUL.
pub fn json_has_nul(bytes: &[u8]) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            if bytes.get(i + 1) == Some(&b'u') && bytes.get(i + 2..i + 6) == Some(b"0000") {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    false
}

/// Whether a percent-encoded path, query or form holds an encoded NUL (`%00`).
pub fn encoded_has_nul(raw: &str) -> bool {
    raw.as_bytes().windows(3).any(|w| w == b"%00")
}

/// A local path of this site as a browser resolves it: `Some(path?query#fragment)` when the
/// text, read by the URL rules browsers use (tabs and new lines dropped, `\` read as `/`),
/// stays on the same origin; `None` for anything that would leave it (`//host`, `/\host`,
/// `/\t/host`, `https://…`, `javascript:…`) or that is not a path at all.
/// A link the portal may show: a local path or an http(s) URL.
pub fn valid_link(raw: &str) -> bool {
    let plain = !raw.chars().any(char::is_control);
    let local = raw.starts_with('/') && local_path(raw).is_some();
    plain && (local || url::Url::parse(raw).is_ok_and(|u| matches!(u.scheme(), "http" | "https")))
}

pub fn local_path(raw: &str) -> Option<String> {
    if !raw.starts_with('/') {
        return None;
    }
    let base = url::Url::parse("http://portal.invalid/").ok()?;
    let resolved = base.join(raw).ok()?;
    if resolved.origin() != base.origin() {
        return None;
    }
    let mut path = resolved.path().to_owned();
    if let Some(query) = resolved.query() {
        path.push('?');
        path.push_str(query);
    }
    if let Some(fragment) = resolved.fragment() {
        path.push('#');
        path.push_str(fragment);
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_characters_not_bytes() {
        assert!(max_len("Name", &"é".repeat(120), limits::NAME).is_ok());
        assert_eq!(
            max_len("Name", &"a".repeat(121), limits::NAME).unwrap_err(),
            "Name must be at most 120 characters."
        );
        assert!(max_len_opt("Region", None, 1).is_ok());
    }

    #[test]
    fn dates_stay_within_1900_and_2100() {
        let date = |y| NaiveDate::from_ymd_opt(y, 1, 1).unwrap();
        assert!(date_in_range("Hire date", date(1900)).is_ok());
        assert!(date_in_range("Hire date", date(2100)).is_ok());
        assert_eq!(
            date_in_range("Hire date", date(1899)).unwrap_err(),
            "Hire date must be between 1900 and 2100."
        );
        assert!(date_in_range("Hire date", date(2101)).is_err());
    }

    #[test]
    fn nul_characters_are_found_only_where_they_are() {
        assert!(json_has_nul(br#"{"name":"a\u0000b"}"#));
        assert!(!json_has_nul(br#"{"name":"a\\u0000b"}"#), "an escaped backslash, then text");
        assert!(json_has_nul(br#"{"name":"a\\\u0000"}"#));
        assert!(!json_has_nul(br#""\u00"#), "a cut-off escape");
        assert!(!json_has_nul(br#"{"name":"plain \n text \u00e9"}"#));
        assert!(encoded_has_nul("/api/structure/a%00b"));
        assert!(!encoded_has_nul("/api/structure/a%200"));
    }

    #[test]
    fn only_same_origin_paths_are_local() {
        assert_eq!(local_path("/roster?page=2").as_deref(), Some("/roster?page=2"));
        assert_eq!(local_path("/command/logs#top").as_deref(), Some("/command/logs#top"));
        for bad in [
            "https://evil.example",
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "\\/evil.example",
            " //evil.example",
            "javascript:alert(1)",
            "roster",
            "",
        ] {
            assert_eq!(local_path(bad), None, "{bad:?}");
        }
        assert_eq!(local_path("/a/../b").as_deref(), Some("/b"), "dot segments are resolved");
    }
}

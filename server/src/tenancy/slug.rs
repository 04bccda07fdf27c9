//! Agency slugs: lowercase, unique, safe in URLs, cookies and headers.

/// Longest slug accepted (the registry's CHECK constraint says the same).
pub const MAX_SLUG_LEN: usize = 40;

/// Slugs the portal's own routes use beside `/api/agencies/{slug}` (`POST /api/agencies/import`):
/// an agency with one of them could not be reached there.
pub const RESERVED_SLUGS: [&str; 1] = ["import"];

/// Validates an explicit slug, lowercasing it. Allowed: a–z, 0–9 and inner dashes.
pub fn parse_slug(raw: &str) -> Result<String, String> {
    let slug = raw.trim().to_lowercase();
    if slug.is_empty() {
        return Err("Slug must not be empty.".into());
    }
    if slug.len() > MAX_SLUG_LEN {
        return Err(format!("Slug must be at most {MAX_SLUG_LEN} characters."));
    }
    let safe = slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !safe || slug.starts_with('-') || slug.ends_with('-') {
        return Err(
            "Slug may only contain letters, digits and dashes, and may not start or end with a dash."
                .into(),
        );
    }
    if RESERVED_SLUGS.contains(&slug.as_str()) {
        return Err(reserved_slug(&slug));
    }
    Ok(slug)
}

/// The refusal of a slug in `RESERVED_SLUGS`.
pub fn reserved_slug(slug: &str) -> String {
    format!("The slug '{slug}' is used by the portal itself; choose another.")
}

/// Derives a slug from an agency name: "Blaine County Sheriff's Office" → "blaine-county-sheriffs-office".
pub fn slug_from_name(name: &str) -> String {
    let mut slug = String::new();
    let mut pending_dash = false;
    for c in name.trim().to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.push(c);
        } else if c != '\'' && c != '’' {
            pending_dash = true;
        }
    }
    slug.truncate(MAX_SLUG_LEN);
    slug.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercased_and_checked() {
        assert_eq!(parse_slug(" BCSO ").unwrap(), "bcso");
        assert_eq!(parse_slug("la-county-2").unwrap(), "la-county-2");
        for bad in ["", "-x", "x-", "a b", "ä", "x/y", &"a".repeat(41)] {
            assert!(parse_slug(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_slug(" Import ").unwrap_err(),
            "The slug 'import' is used by the portal itself; choose another."
        );
    }

    #[test]
    fn names_become_slugs() {
        assert_eq!(
            slug_from_name("Blaine County Sheriff's Office"),
            "blaine-county-sheriffs-office"
        );
        assert_eq!(slug_from_name("  LSPD -- Metro  "), "lspd-metro");
        assert_eq!(slug_from_name("!!!"), "");
    }
}

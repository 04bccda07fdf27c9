//! The server's layers, top to bottom (the equivalent of the web app's ESLint zones):
//!
//! ```text
//! router, state, startup,        assemble the state and the routes, start (and the background
//! worker, demo                   worker), seed demo data
//! features                       one folder per feature; never import each other
//! access, identity, media, shared, web
//! tenancy
//! error, config, validate, extract, telemetry, secrets
//! ```
//!
//! A module may import its own layer and the layers below it. This test reads every source
//! file and fails on an import of a higher layer. `state` (the whole `AppState`) sits at the
//! top beside the router: the layers below ask for their parts through traits they define
//! (`tenancy::TenancyState`, `access::AccessState`, `identity::IdentityState`,
//! `media::MediaState`, `web::WebState`, and `shared::Portal` for features), which `AppState`
//! implements. `KNOWN` lists upward imports still to be removed: it may only shrink, and an
//! entry that no longer happens fails the test too.

use std::{collections::BTreeSet, fs, path::Path};

fn layer(module: &str) -> Option<u8> {
    Some(match module {
        "router" | "state" | "startup" | "worker" | "demo" | "demo_organisation"
        | "demo_analytics" | "demo_catalogues" | "demo_discord" | "demo_reports"
        | "demo_personnel" | "demo_duty" | "demo_recruitment" => 5,
        "features" => 4,
        "access" | "identity" | "media" | "shared" | "web" => 3,
        "tenancy" => 2,
        "error" | "config" | "validate" | "extract" | "telemetry" | "secrets" => 1,
        _ => return None,
    })
}

/// Upward imports that remain, as `importing module -> imported module` (top-level names).
const KNOWN: &[&str] = &[];

/// The top-level modules a file imports through `crate::…`.
fn imports(source: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = source;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a::b, c, d::{e, f}}`: the names at the group's own depth.
            let (mut depth, mut segment_start) = (0usize, true);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        rest = &group[i..];
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => segment_start = true,
                    c if segment_start && (c.is_alphabetic() || c == '_') => {
                        let name: String = group[i..]
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        found.insert(name);
                        segment_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name: String =
                rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            found.insert(name);
        }
    }
    found
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_imports_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut upward = BTreeSet::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        let top = relative.components().next().unwrap().as_os_str().to_string_lossy();
        let module = top.trim_end_matches(".rs").to_owned();
        let Some(own) = layer(&module) else { continue };
        let source = fs::read_to_string(&file).unwrap();
        for imported in imports(&source) {
            if let Some(theirs) = layer(&imported) {
                if theirs > own {
                    upward.insert((
                        format!("{module} -> {imported}"),
                        relative.display().to_string(),
                    ));
                }
            }
        }
    }
    let found: BTreeSet<&str> = upward.iter().map(|(edge, _)| edge.as_str()).collect();
    let new: Vec<String> = upward
        .iter()
        .filter(|(edge, _)| !KNOWN.contains(&edge.as_str()))
        .map(|(edge, file)| format!("{edge} ({file})"))
        .collect();
    assert!(new.is_empty(), "imports of a higher layer:\n{}", new.join("\n"));
    let gone: Vec<&&str> = KNOWN.iter().filter(|k| !found.contains(**k)).collect();
    assert!(gone.is_empty(), "no longer imported upward; remove from KNOWN: {gone:?}");
}

#[test]
fn imports_are_read_from_paths_and_groups() {
    let source = "use crate::{access::{guard, Viewer}, error::AppError};\n\
                  let x = crate::tenancy::ROOT_SLUG; use crate::state::AppState;";
    let names: Vec<String> = imports(source).into_iter().collect();
    assert_eq!(names, ["access", "error", "state", "tenancy"]);
}

/// Every async function of a store (`features/*/store.rs`, and the shared stores of reports,
/// reviews, catalogues and whole lists) opens a tracing span, which carries the request's
/// agency from its parent.
#[test]
fn every_store_function_is_traced() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src.join("features"), &mut files);
    files.retain(|f| f.file_name().is_some_and(|n| n == "store.rs"));
    for shared in [
        "report.rs",
        "review.rs",
        "catalogue.rs",
        "whole_list.rs",
        "audit.rs",
        "discord_store.rs",
        "webhooks.rs",
        "qualifications.rs",
        "leave.rs",
        "hiring.rs",
        "callsign_pools.rs",
        "bundle/store.rs",
    ] {
        files.push(src.join("shared").join(shared));
    }
    let mut untraced = Vec::new();
    for file in files {
        let source = fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = source.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            if !(trimmed.starts_with("pub async fn ") || trimmed.starts_with("async fn ")) {
                continue;
            }
            let attributes = lines[..i].iter().rev().take_while(|l| {
                l.trim_start().starts_with("#[") || l.trim_start().starts_with("///")
            });
            if !attributes.into_iter().any(|l| l.contains("tracing::instrument")) {
                let name = trimmed.split(['(', '<']).next().unwrap_or(trimmed);
                untraced.push(format!("{}: {name}", file.strip_prefix(&src).unwrap().display()));
            }
        }
    }
    assert!(untraced.is_empty(), "store functions without a span:\n{}", untraced.join("\n"));
}

/// The features a source names through `features::` (alone, or in a `features::{…}` group).
fn features_named(source: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = source;
    while let Some(at) = rest.find("features::") {
        rest = &rest[at + "features::".len()..];
        let group = rest.strip_prefix('{');
        let names: Vec<&str> = match group {
            Some(group) => {
                let mut depth = 0usize;
                let end = group
                    .char_indices()
                    .find(|&(_, c)| match c {
                        '{' => {
                            depth += 1;
                            false
                        }
                        '}' if depth == 0 => true,
                        '}' => {
                            depth -= 1;
                            false
                        }
                        _ => false,
                    })
                    .map_or(group.len(), |(i, _)| i);
                // The names at the group's own depth.
                let (mut depth, mut start, mut names) = (0usize, 0usize, Vec::new());
                for (i, c) in group[..end].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            names.push(&group[start..i]);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                names.push(&group[start..end]);
                names
            }
            None => vec![rest],
        };
        for name in names {
            let name: String = name
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

/// Features never import each other: what two of them need lives in `shared` (or `access`).
#[test]
fn no_feature_imports_another() {
    let features = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join("features");
    let mut crossing = Vec::new();
    for entry in fs::read_dir(&features).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let own = dir.file_name().unwrap().to_string_lossy().into_owned();
        let mut files = Vec::new();
        sources(&dir, &mut files);
        for file in files {
            let source = fs::read_to_string(&file).unwrap();
            for other in features_named(&source).into_iter().filter(|f| *f != own) {
                let at = file.strip_prefix(&features).unwrap().display();
                crossing.push(format!("{own} -> {other} ({at})"));
            }
        }
    }
    assert!(crossing.is_empty(), "features importing another feature:\n{}", crossing.join("\n"));
}

#[test]
fn feature_imports_are_read_from_paths_and_groups() {
    let source = "use crate::features::roster::model::X;\n\
                  use crate::{features::{structure::store as s, callsigns::{model, store}}, error};";
    let names: Vec<String> = features_named(source).into_iter().collect();
    assert_eq!(names, ["callsigns", "roster", "structure"]);
}

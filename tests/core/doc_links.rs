//! The docs stand alone in a clone: every relative link and picture in every tracked Markdown
//! file resolves to a tracked file, every `src/…` path they name exists, and none cites a
//! folder outside the repository.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

/// The files git tracks, relative to the repository's root.
fn tracked_files() -> BTreeSet<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("git")
        .args(["-C", root, "ls-files", "-z"])
        .output()
        .expect("git runs (the link check reads what git tracks)");
    assert!(
        out.status.success(),
        "git ls-files failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("tracked paths are UTF-8")
        .split('\0')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Every folder that holds a tracked file, at any depth.
fn tracked_folders(files: &BTreeSet<String>) -> BTreeSet<String> {
    let mut folders = BTreeSet::new();
    for f in files {
        let mut p = Path::new(f).parent();
        while let Some(dir) = p.filter(|d| !d.as_os_str().is_empty()) {
            folders.insert(dir.to_string_lossy().into_owned());
            p = dir.parent();
        }
    }
    folders
}

/// The text outside fenced code blocks, where links are links.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The targets of `[text](target)`, `![alt](target)` and `<img src="target">`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for (i, _) in text.match_indices("](") {
        let rest = &text[i + 2..];
        if let Some(end) = rest.find(')') {
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            targets.push(target.to_owned());
        }
    }
    for (i, _) in text.match_indices("src=\"") {
        let rest = &text[i + 5..];
        if let Some(end) = rest.find('"') {
            targets.push(rest[..end].to_owned());
        }
    }
    targets
}

/// A link that leaves the repository or names an address rather than a file is not checked
/// here (an address) or is broken (outside).
fn is_address(target: &str) -> bool {
    target.starts_with('#')
        || target.split_once(':').is_some_and(|(scheme, _)| {
            !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic())
        })
}

/// `dir/target` with `.` and `..` worked out; `None` when it climbs out of the repository.
fn resolve(dir: &Path, target: &str) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let joined: PathBuf = dir.join(target.split('#').next().unwrap_or(""));
    for c in joined.components() {
        match c {
            Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => {}
        }
    }
    Some(parts.join("/"))
}

/// The links of one Markdown file that do not resolve to a tracked file or folder.
fn broken_links(
    md: &str,
    text: &str,
    files: &BTreeSet<String>,
    folders: &BTreeSet<String>,
) -> Vec<String> {
    let dir = Path::new(md).parent().unwrap_or(Path::new(""));
    link_targets(&prose(text))
        .into_iter()
        .filter(|t| !t.is_empty() && !is_address(t))
        .filter(|t| resolve(dir, t).is_none_or(|p| !(files.contains(&p) || folders.contains(&p))))
        .map(|t| format!("{md}: {t}"))
        .collect()
}

/// The `src/…` paths a text names (in prose or code), trailing punctuation dropped.
fn source_paths(text: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for (i, _) in text.match_indices("src/") {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '/' || c == '.') {
            continue;
        }
        let len = text[i..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_./-".contains(c)))
            .unwrap_or(text.len() - i);
        let path = text[i..i + len].trim_end_matches(['.', '/', '-']);
        paths.push(path.to_owned());
    }
    paths
}

/// The `src/…` paths of one Markdown file that name nothing tracked.
fn missing_sources(
    md: &str,
    text: &str,
    files: &BTreeSet<String>,
    folders: &BTreeSet<String>,
) -> Vec<String> {
    source_paths(text)
        .into_iter()
        .filter(|p| !(files.contains(p) || folders.contains(p)))
        .map(|p| format!("{md}: {p}"))
        .collect()
}

fn markdown_files(files: &BTreeSet<String>) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    files
        .iter()
        .filter(|f| f.ends_with(".md"))
        .map(|f| {
            (
                f.clone(),
                std::fs::read_to_string(root.join(f)).expect("a tracked doc reads"),
            )
        })
        .collect()
}

#[test]
fn every_link_and_picture_in_the_docs_is_a_tracked_file() {
    let files = tracked_files();
    let folders = tracked_folders(&files);
    let docs = markdown_files(&files);
    assert!(
        docs.iter().any(|(f, _)| f == "README.md"),
        "README.md is tracked"
    );
    let broken: Vec<String> = docs
        .iter()
        .flat_map(|(md, text)| broken_links(md, text, &files, &folders))
        .collect();
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn every_source_path_the_docs_name_exists() {
    let files = tracked_files();
    let folders = tracked_folders(&files);
    let missing: Vec<String> = markdown_files(&files)
        .iter()
        .flat_map(|(md, text)| missing_sources(md, text, &files, &folders))
        .collect();
    assert!(
        missing.is_empty(),
        "docs name {} missing paths:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn no_doc_or_source_cites_a_folder_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Spelled in two halves, so that this file does not cite it itself.
    let (outside, rules) = (["..", "shared"].join("/"), ["shared", "rules"].join("/"));
    let citing: Vec<String> = tracked_files()
        .into_iter()
        .filter(|f| {
            [".md", ".rs", ".sh", ".cases", ".spec", ".perft"]
                .iter()
                .any(|e| f.ends_with(e))
        })
        .filter(|f| {
            let text = std::fs::read_to_string(root.join(f)).unwrap_or_default();
            text.contains(&outside) || text.contains(&rules)
        })
        .collect();
    assert!(
        citing.is_empty(),
        "these cite the steering folder: {citing:?}"
    );
}

#[test]
fn the_checks_find_planted_faults() {
    let files: BTreeSet<String> = ["README.md", "docs/look/a.png", "src/rules/mod.rs"]
        .map(str::to_owned)
        .into();
    let folders = tracked_folders(&files);
    let text = "![ok](docs/look/a.png) [gone](docs/look/b.png) [out](../x.md) [web](https://x.y) \
                [anchor](#top) <img src=\"docs/c.png\">\n```\n[in code](nowhere.md)\n```\n";
    assert_eq!(
        broken_links("README.md", text, &files, &folders),
        [
            "README.md: docs/look/b.png",
            "README.md: ../x.md",
            "README.md: docs/c.png"
        ]
    );
    let named = "`src/rules/mod.rs`, src/rules/, and src/rules/gone.rs.";
    assert_eq!(
        missing_sources("README.md", named, &files, &folders),
        ["README.md: src/rules/gone.rs"]
    );
    assert_eq!(
        broken_links("docs/x.md", "[up](../README.md)", &files, &folders),
        Vec::<String>::new()
    );
}

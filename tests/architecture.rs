//! The layering rules: `src/rules` and `src/ai` are plain Rust and never use Bevy; `src/game`'s
//! wings depend one way only (exhibition → screens → ui → board → games → core, see
//! `docs/architecture.md`), and no files of `src/game` import each other in a circle.
//!
//! Every reference to a module of `src/game` counts: `use super::…`, `super::super::…`,
//! `crate::game::…`, `self::…`, grouped imports, paths written inline and `pub use`. Test
//! modules (from a file's `#[cfg(test)]` on) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn rules_and_ai_do_not_use_bevy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for wing in ["rules", "ai"] {
        rust_files(&root.join(wing), &mut files);
    }
    assert!(files.len() > 5, "the rules module was not found");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            assert!(
                !code.contains("bevy"),
                "{}:{} uses Bevy: {line}",
                f.display(),
                n + 1
            );
        }
    }
}

/// The wings of `src/game`, from the one that may use all others to the one that uses none.
const WINGS: [&str; 6] = ["exhibition", "screens", "ui", "board", "games", "core"];

/// A file of `src/game`, named by its path below it (`core/session.rs`, `mod.rs`).
type FileName = String;

/// The module path of a file: `core/session.rs` is `game::core::session`, `core/mod.rs` is
/// `game::core`.
fn module_path(file: &str) -> Vec<String> {
    let mut path = vec!["game".to_owned()];
    let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    for (n, part) in parts.iter().enumerate() {
        if *part == "mod" && n + 1 == parts.len() {
            break;
        }
        path.push((*part).to_owned());
    }
    path
}

/// The items of a group `{a::b, c}` (without its braces), split at its top-level commas.
fn group_items(group: &str) -> Vec<&str> {
    let mut depth = 0;
    let mut items = Vec::new();
    let mut start = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// The paths written at the start of `rest` (`a::b::C`, or a group `{a::b, c::{d, e}}`), each
/// as its segments.
fn paths_in(rest: &str) -> Vec<Vec<String>> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        return group_items(group).into_iter().flat_map(paths_in).collect();
    }
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() || name == "self" {
        return vec![Vec::new()];
    }
    let after = &rest[name.len()..];
    let Some(more) = after.strip_prefix("::") else {
        return vec![vec![name]];
    };
    paths_in(more)
        .into_iter()
        .map(|mut tail| {
            tail.insert(0, name.clone());
            tail
        })
        .collect()
}

/// The module paths a text refers to, each with the line it is on (resolved from `crate::game`;
/// a grouped import gives one for each of its paths).
fn referenced_paths(text: &str, from: &[String]) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut line = 1;
    let mut i = 0;
    while i < text.len() {
        let before_ok = i == 0 || {
            let b = bytes[i - 1];
            !(b.is_ascii_alphanumeric() || b == b'_' || b == b':')
        };
        let rest = &text[i..];
        let base: Option<(Vec<String>, usize)> = if !before_ok {
            None
        } else if rest.starts_with("crate::game::") {
            Some((vec!["game".to_owned()], "crate::game::".len()))
        } else if rest.starts_with("super::") {
            let mut n = 0;
            let mut at = 0;
            while rest[at..].starts_with("super::") {
                n += 1;
                at += "super::".len();
            }
            let keep = from.len().saturating_sub(n).max(1);
            Some((from[..keep].to_vec(), at))
        } else if rest.starts_with("self::") {
            Some((from.to_vec(), "self::".len()))
        } else {
            None
        };
        match base {
            Some((base, at)) => {
                for tail in paths_in(&rest[at..]) {
                    let mut path = base.clone();
                    path.extend(tail);
                    found.push((line, path));
                }
                i += at;
            }
            None => {
                let c = rest.chars().next().unwrap_or(' ');
                if c == '\n' {
                    line += 1;
                }
                i += c.len_utf8();
            }
        }
    }
    found
}

/// The code of a file without its comments and its test module (from `#[cfg(test)]` on),
/// line for line.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        code.push_str(line.split("//").next().unwrap_or(""));
        code.push('\n');
    }
    code
}

/// The file a module path lands in, among `files`.
fn file_of(path: &[String], files: &BTreeSet<FileName>) -> Option<FileName> {
    let below = &path[1..];
    for take in (1..=below.len()).rev() {
        let dir = below[..take].join("/");
        for candidate in [format!("{dir}.rs"), format!("{dir}/mod.rs")] {
            if files.contains(&candidate) {
                return Some(candidate);
            }
        }
    }
    files.contains("mod.rs").then(|| "mod.rs".to_owned())
}

/// The wing of a file (`None` for `src/game/mod.rs`, which puts the wings together).
fn wing_of(file: &str) -> Option<usize> {
    let first = file.split('/').next()?;
    if !file.contains('/') {
        return None;
    }
    WINGS.iter().position(|w| *w == first)
}

/// Every reference between files, as (from, line, to), test modules and comments left out.
fn references(files: &BTreeMap<FileName, String>) -> Vec<(FileName, usize, FileName)> {
    let names: BTreeSet<FileName> = files.keys().cloned().collect();
    let mut out = Vec::new();
    for (file, text) in files {
        let from = module_path(file);
        for (line, path) in referenced_paths(&code_of(text), &from) {
            if let Some(to) = file_of(&path, &names).filter(|to| to != file) {
                out.push((file.clone(), line, to));
            }
        }
    }
    out
}

/// Each reference against the wings' direction, in words.
fn wrong_way(files: &BTreeMap<FileName, String>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (from, line, to) in references(files) {
        let Some(a) = wing_of(&from) else {
            continue;
        };
        match wing_of(&to) {
            Some(b) if b >= a => {}
            Some(b) => wrong.push(format!(
                "src/game/{from}:{line} uses src/game/{to}: the {} wing may not use the {} wing",
                WINGS[a], WINGS[b]
            )),
            None => wrong.push(format!(
                "src/game/{from}:{line} uses src/game/{to}, which only puts the wings together"
            )),
        }
    }
    wrong
}

/// A circle of files importing each other, if any.
fn circle(files: &BTreeMap<FileName, String>) -> Option<Vec<FileName>> {
    let mut uses: BTreeMap<FileName, BTreeSet<FileName>> = BTreeMap::new();
    for (from, _, to) in references(files) {
        uses.entry(from).or_default().insert(to);
    }
    // Depth first; a file met again while still on the path closes a circle.
    fn visit(
        file: &FileName,
        uses: &BTreeMap<FileName, BTreeSet<FileName>>,
        path: &mut Vec<FileName>,
        done: &mut BTreeSet<FileName>,
    ) -> Option<Vec<FileName>> {
        if let Some(start) = path.iter().position(|f| f == file) {
            let mut found = path[start..].to_vec();
            found.push(file.clone());
            return Some(found);
        }
        if done.contains(file) {
            return None;
        }
        path.push(file.clone());
        for next in uses.get(file).into_iter().flatten() {
            if let Some(found) = visit(next, uses, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(file.clone());
        None
    }
    let mut done = BTreeSet::new();
    for file in files.keys() {
        if let Some(found) = visit(file, &uses, &mut Vec::new(), &mut done) {
            return Some(found);
        }
    }
    None
}

fn game_files() -> BTreeMap<FileName, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut paths = Vec::new();
    rust_files(&root, &mut paths);
    paths
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

#[test]
fn the_games_wings_depend_one_way_only() {
    let files = game_files();
    assert!(files.len() > 30, "src/game was not found");
    for file in files.keys() {
        assert!(
            file == "mod.rs" || wing_of(file).is_some(),
            "src/game/{file} is in no wing ({WINGS:?})"
        );
    }
    let wrong = wrong_way(&files);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_files_of_the_game_import_each_other_in_a_circle() {
    let files = game_files();
    let found = circle(&files);
    assert!(found.is_none(), "a circle: {}", found.unwrap().join(" → "));
}

fn planted(files: &[(&str, &str)]) -> BTreeMap<FileName, String> {
    files
        .iter()
        .map(|(name, text)| ((*name).to_owned(), (*text).to_owned()))
        .collect()
}

#[test]
fn a_planted_import_against_the_direction_is_named_with_its_file_and_line() {
    let files = planted(&[
        (
            "mod.rs",
            "pub mod core;\npub mod board;\npub mod screens;\n",
        ),
        ("core/mod.rs", "pub mod session;\n"),
        (
            "core/session.rs",
            "use bevy::prelude::*;\n\nuse super::super::board::stones::Disc;\n",
        ),
        ("board/mod.rs", "pub mod stones;\n"),
        (
            "board/stones.rs",
            "use crate::game::core::session::Session;\n",
        ),
        ("screens/mod.rs", "pub mod hud;\n"),
        (
            "screens/hud.rs",
            "fn f() { let _ = crate::game::screens::hud::X; }\n",
        ),
    ]);
    assert_eq!(
        wrong_way(&files),
        [
            "src/game/core/session.rs:3 uses src/game/board/stones.rs: the core wing may not use \
          the board wing"
        ]
    );
    // Grouped, inline and `pub use` references count too.
    let files = planted(&[
        ("mod.rs", ""),
        ("core/mod.rs", "pub use super::{games::x, core::y};\n"),
        (
            "games/x.rs",
            "fn f() -> super::super::screens::hud::Panel { todo!() }\n",
        ),
        ("screens/hud.rs", ""),
    ]);
    let wrong = wrong_way(&files);
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    assert!(wrong[0].contains("src/game/core/mod.rs:1 uses src/game/games/x.rs"));
    assert!(wrong[1].contains("src/game/games/x.rs:1 uses src/game/screens/hud.rs"));
}

#[test]
fn a_planted_circle_is_found() {
    let files = planted(&[
        ("mod.rs", ""),
        ("core/a.rs", "use super::b::B;\n"),
        ("core/b.rs", "use super::c::C;\n"),
        ("core/c.rs", "fn f() { super::a::g(); }\n"),
    ]);
    assert_eq!(
        circle(&files).unwrap(),
        ["core/a.rs", "core/b.rs", "core/c.rs", "core/a.rs"]
    );
    let files = planted(&[
        ("mod.rs", ""),
        ("core/a.rs", "use super::b::B;\n"),
        ("core/b.rs", ""),
    ]);
    assert!(circle(&files).is_none());
}

#[test]
fn the_core_and_games_wings_draw_nothing() {
    let files = game_files();
    for (file, text) in &files {
        if !(file.starts_with("core/") || file.starts_with("games/")) {
            continue;
        }
        for (n, line) in code_of(text).lines().enumerate() {
            for drawing in ["egui", "Mesh3d", "StandardMaterial"] {
                assert!(
                    !line.contains(drawing),
                    "src/game/{file}:{} draws ({drawing}): {line}",
                    n + 1
                );
            }
        }
    }
}

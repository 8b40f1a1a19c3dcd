//! The layering rules (`docs/architecture.md`): `src/rules` and `src/ai` are plain Rust and
//! never use Bevy; the plain-Rust modules use only those below them (the rules nothing of ours,
//! the computer only the rules); `src/game`'s wings depend one way only (exhibition → screens →
//! ui → board → games → core); and no two files of the library import each other in a circle.
//!
//! Every reference between files counts: `use crate::…`, `super::…`, `super::super::…`,
//! `self::…`, grouped imports, paths written inline and `pub use`; a path to an item that a
//! `mod.rs` re-exports counts as one to the file that defines it. Test modules (from a file's
//! `#[cfg(test)]` on) are left out.
//!
//! The portable core's seams: threads only in `src/platform/compute.rs`, the clock only in
//! `src/platform/clock.rs`, the file system only in `src/files/`.

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
const WINGS: [&str; 9] = [
    "exhibition",
    "screens",
    "ui",
    "sound",
    "view",
    "room",
    "board",
    "games",
    "core",
];

/// A file of the library, named by its path below `src/` (`game/core/session.rs`, `lib.rs`).
type FileName = String;

/// The module path of a file: `game/core/session.rs` is `crate::game::core::session`,
/// `game/core/mod.rs` is `crate::game::core`, `lib.rs` is `crate`.
fn module_path(file: &str) -> Vec<String> {
    let mut path = vec!["crate".to_owned()];
    let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    for (n, part) in parts.iter().enumerate() {
        if (*part == "mod" || *part == "lib") && n + 1 == parts.len() {
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

/// Where a path at the start of `rest` begins when it begins with `crate::`, `super::` or
/// `self::`: the module those name (seen from `from`) and how many bytes they take.
fn path_base(rest: &str, from: &[String]) -> Option<(Vec<String>, usize)> {
    if rest.starts_with("crate::") {
        return Some((vec!["crate".to_owned()], "crate::".len()));
    }
    if rest.starts_with("self::") {
        return Some((from.to_vec(), "self::".len()));
    }
    let mut n = 0;
    let mut at = 0;
    while rest[at..].starts_with("super::") {
        n += 1;
        at += "super::".len();
    }
    let keep = from.len().saturating_sub(n).max(1);
    (n > 0).then(|| (from[..keep].to_vec(), at))
}

/// The module paths a text refers to (`crate::…`, `super::…`, `self::…`), each with the line
/// it is on (a grouped import gives one for each of its paths).
fn referenced_paths(text: &str, from: &[String]) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut line = 1;
    let mut i = 0;
    while i < text.len() {
        // A path names a module, not a visibility (`pub(in crate::game)`).
        let before_ok = i == 0 || {
            let b = bytes[i - 1];
            !(b.is_ascii_alphanumeric() || b == b'_' || b == b':' || text[..i].ends_with("(in "))
        };
        let rest = &text[i..];
        match path_base(rest, from).filter(|_| before_ok) {
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

/// The code of a file without its comments and its test module (an inline `mod tests { … }`
/// under `#[cfg(test)]`, from there on), line for line; a file that is a test module itself
/// (`tests.rs`) has none.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            let next = lines.peek().map_or("", |l| l.trim());
            if next.starts_with("mod ") && next.ends_with('{') {
                break;
            }
        }
        code.push_str(line.split("//").next().unwrap_or(""));
        code.push('\n');
    }
    code
}

/// The file a module path lands in, among `files`, and how many of its segments after `crate`
/// name modules (the next one, if any, names an item of that file).
fn file_of(path: &[String], files: &BTreeSet<FileName>) -> Option<(FileName, usize)> {
    let below = &path[1..];
    for take in (1..=below.len()).rev() {
        let dir = below[..take].join("/");
        for candidate in [format!("{dir}.rs"), format!("{dir}/mod.rs")] {
            if files.contains(&candidate) {
                return Some((candidate, take));
            }
        }
    }
    ["lib.rs", "mod.rs"]
        .into_iter()
        .find(|root| files.contains(*root))
        .map(|root| (root.to_owned(), 0))
}

/// The items files re-export (`pub use player::{ByPlayer, Player};`), as (file, name) → the
/// path each stands for.
type Reexports = BTreeMap<(FileName, String), Vec<String>>;

fn reexports(files: &BTreeMap<FileName, String>) -> Reexports {
    let mut out = Reexports::new();
    for (file, text) in files {
        let from = module_path(file);
        for statement in code_of(text).split(';') {
            let statement = statement.trim();
            let Some(used) = ["pub use ", "pub(crate) use ", "pub(super) use "]
                .iter()
                .find_map(|p| statement.strip_prefix(p))
            else {
                continue;
            };
            let (base, at) = path_base(used, &from).unwrap_or((from.clone(), 0));
            for tail in paths_in(&used[at..]) {
                if let Some(name) = tail.last() {
                    let mut path = base.clone();
                    path.extend(tail.iter().cloned());
                    out.insert((file.clone(), name.clone()), path);
                }
            }
        }
    }
    out
}

/// The file that defines what `path` names: its module's file, or, where that file only
/// re-exports the item, the file the item comes from.
fn defining_file(path: &[String], names: &BTreeSet<FileName>, re: &Reexports) -> Option<FileName> {
    let mut path = path.to_vec();
    for _ in 0..8 {
        let (file, depth) = file_of(&path, names)?;
        let item = path.get(depth + 1).cloned().unwrap_or_default();
        let Some(next) = re.get(&(file.clone(), item)) else {
            return Some(file);
        };
        let mut longer = next.clone();
        longer.extend(path[depth + 2..].iter().cloned());
        if longer == path {
            return Some(file);
        }
        path = longer;
    }
    None
}

/// Every reference between files, as (from, line, to), test modules and comments left out.
fn references(files: &BTreeMap<FileName, String>) -> Vec<(FileName, usize, FileName)> {
    let names: BTreeSet<FileName> = files.keys().cloned().collect();
    let re = reexports(files);
    let mut out = Vec::new();
    for (file, text) in files {
        let from = module_path(file);
        for (line, path) in referenced_paths(&code_of(text), &from) {
            if let Some(to) = defining_file(&path, &names, &re).filter(|to| to != file) {
                out.push((file.clone(), line, to));
            }
        }
    }
    out
}

/// The wing of a file of `src/game` (`None` for `game/mod.rs`, which puts the wings together,
/// and for files outside `src/game`).
fn wing_of(file: &str) -> Option<usize> {
    let below = file.strip_prefix("game/")?;
    let (first, _) = below.split_once('/')?;
    WINGS.iter().position(|w| *w == first)
}

/// Each reference of a file of `src/game` against the wings' direction, in words.
fn wrong_way(files: &BTreeMap<FileName, String>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (from, line, to) in references(files) {
        let Some(a) = wing_of(&from) else {
            continue;
        };
        match wing_of(&to) {
            Some(b) if b >= a => {}
            Some(b) => wrong.push(format!(
                "src/{from}:{line} uses src/{to}: the {} wing may not use the {} wing",
                WINGS[a], WINGS[b]
            )),
            None if to.starts_with("game/") => wrong.push(format!(
                "src/{from}:{line} uses src/{to}, which only puts the wings together"
            )),
            None => {}
        }
    }
    wrong
}

/// What each plain-Rust module may use besides itself (`docs/architecture.md`): the platform's
/// seams and the rules nothing of ours, the computer only those two.
const LAYERS: [(&str, &[&str]); 5] = [
    ("platform", &[]),
    ("rules", &[]),
    ("ai", &["rules", "platform"]),
    ("files", &["rules", "ai", "platform"]),
    ("guide", &["rules", "ai", "platform"]),
];

/// Each reference of a plain-Rust module to one it may not use, in words.
fn wrong_layer(files: &BTreeMap<FileName, String>) -> Vec<String> {
    let top = |file: &str| file.split('/').next().unwrap_or("").to_owned();
    let mut wrong = Vec::new();
    for (from, line, to) in references(files) {
        let (a, b) = (top(&from), top(&to));
        let Some((_, allowed)) = LAYERS.iter().find(|(m, _)| *m == a) else {
            continue;
        };
        if a != b && !allowed.contains(&b.as_str()) {
            wrong.push(format!(
                "src/{from}:{line} uses src/{to}: {a} may not use {b}"
            ));
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

/// Every file of the library below `src/` but its test modules (`tests.rs`); the binary's
/// `main.rs` is a crate of its own.
fn src_files() -> BTreeMap<FileName, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
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
        .filter(|(name, _)| name != "main.rs" && !name.ends_with("tests.rs"))
        .collect()
}

#[test]
fn the_games_wings_depend_one_way_only() {
    let files = src_files();
    let game: Vec<&FileName> = files.keys().filter(|f| f.starts_with("game/")).collect();
    assert!(game.len() > 30, "src/game was not found");
    for file in game {
        assert!(
            file == "game/mod.rs" || wing_of(file).is_some(),
            "src/{file} is in no wing ({WINGS:?})"
        );
    }
    let wrong = wrong_way(&files);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_plain_rust_modules_use_only_those_below_them() {
    let files = src_files();
    assert!(
        files.keys().any(|f| f.starts_with("rules/")),
        "src/rules was not found"
    );
    let wrong = wrong_layer(&files);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_files_of_the_crate_import_each_other_in_a_circle() {
    let files = src_files();
    assert!(files.len() > 100, "src was not found");
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
        ("lib.rs", "pub mod game;\n"),
        (
            "game/mod.rs",
            "pub mod core;\npub mod board;\npub mod screens;\n",
        ),
        ("game/core/mod.rs", "pub mod session;\n"),
        (
            "game/core/session.rs",
            "use bevy::prelude::*;\n\nuse super::super::board::stones::Disc;\n",
        ),
        ("game/board/mod.rs", "pub mod stones;\n"),
        (
            "game/board/stones.rs",
            "use crate::game::core::session::Session;\n",
        ),
        ("game/screens/mod.rs", "pub mod hud;\n"),
        (
            "game/screens/hud.rs",
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
        ("game/mod.rs", ""),
        ("game/core/mod.rs", "pub use super::{games::x, core::y};\n"),
        (
            "game/games/x.rs",
            "fn f() -> super::super::screens::hud::Panel { todo!() }\n",
        ),
        ("game/screens/hud.rs", ""),
    ]);
    let wrong = wrong_way(&files);
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    assert!(wrong[0].contains("src/game/core/mod.rs:1 uses src/game/games/x.rs"));
    assert!(wrong[1].contains("src/game/games/x.rs:1 uses src/game/screens/hud.rs"));
}

#[test]
fn a_planted_use_of_the_computer_or_the_app_by_the_rules_is_named() {
    let files = planted(&[
        ("lib.rs", "pub mod ai;\npub mod rules;\npub mod game;\n"),
        ("rules/mod.rs", "mod cell;\npub use cell::Cell;\n"),
        (
            "rules/cell.rs",
            "pub struct Cell;\nfn f() { crate::ai::think(); }\n",
        ),
        ("ai/mod.rs", "use crate::rules::Cell;\npub fn think() {}\n"),
        ("game/mod.rs", "use crate::ai::think;\n"),
    ]);
    assert_eq!(
        wrong_layer(&files),
        ["src/rules/cell.rs:2 uses src/ai/mod.rs: rules may not use ai"]
    );
}

#[test]
fn a_planted_circle_is_found() {
    let files = planted(&[
        ("game/mod.rs", ""),
        ("game/core/a.rs", "use super::b::B;\n"),
        ("game/core/b.rs", "use super::c::C;\n"),
        ("game/core/c.rs", "fn f() { super::a::g(); }\n"),
    ]);
    assert_eq!(
        circle(&files).unwrap(),
        [
            "game/core/a.rs",
            "game/core/b.rs",
            "game/core/c.rs",
            "game/core/a.rs"
        ]
    );
    let files = planted(&[
        ("game/mod.rs", ""),
        ("game/core/a.rs", "use super::b::B;\n"),
        ("game/core/b.rs", ""),
    ]);
    assert!(circle(&files).is_none());
}

#[test]
fn a_planted_circle_through_a_reexport_is_found_and_a_reexport_alone_is_none() {
    // `crate::rules::Strikes` is strikes.rs's, re-exported by the folder's mod.rs.
    let files = planted(&[
        ("lib.rs", "pub mod rules;\n"),
        (
            "rules/mod.rs",
            "mod strikes;\nmod walk;\npub use strikes::Strikes;\npub use walk::walk;\n",
        ),
        (
            "rules/strikes.rs",
            "use crate::rules::walk;\npub struct Strikes;\n",
        ),
        (
            "rules/walk.rs",
            "pub fn walk() -> crate::rules::Strikes { todo!() }\n",
        ),
    ]);
    assert_eq!(
        circle(&files).unwrap(),
        ["rules/strikes.rs", "rules/walk.rs", "rules/strikes.rs"]
    );
    let files = planted(&[
        ("lib.rs", "pub mod rules;\n"),
        (
            "rules/mod.rs",
            "mod strikes;\nmod walk;\npub use strikes::Strikes;\npub use walk::walk;\n",
        ),
        ("rules/strikes.rs", "pub struct Strikes;\n"),
        (
            "rules/walk.rs",
            "pub fn walk() -> crate::rules::Strikes { todo!() }\n",
        ),
    ]);
    assert!(circle(&files).is_none(), "{:?}", circle(&files));
}

#[test]
fn the_core_and_games_wings_draw_nothing() {
    let files = src_files();
    for (file, text) in &files {
        if !(file.starts_with("game/core/") || file.starts_with("game/games/")) {
            continue;
        }
        for (n, line) in code_of(text).lines().enumerate() {
            for drawing in ["egui", "Mesh3d", "StandardMaterial"] {
                assert!(
                    !line.contains(drawing),
                    "src/{file}:{} draws ({drawing}): {line}",
                    n + 1
                );
            }
        }
    }
}

/// The games' own types and ids, which only `src/game/games` (each game's `BoardView`) and the
/// wings that pick a game (screens, the kiosk) may name.
const GAME_NAMES: [&str; 5] = ["CashInHand", "Intermedium", "Grabber", "Support", "Splay"];

/// Each place in a board file's code that names a particular game: a game type reached through
/// `crate::rules`, or a `GameId` variant.
fn games_named(files: &BTreeMap<FileName, String>) -> Vec<String> {
    let mut named = Vec::new();
    for (file, text) in files.iter().filter(|(f, _)| f.starts_with("game/board/")) {
        let code = code_of(text);
        for (line, path) in referenced_paths(&code, &module_path(file)) {
            if path.len() == 3 && path[1] == "rules" && GAME_NAMES.contains(&path[2].as_str()) {
                named.push(format!("src/{file}:{line} names {}", path[2]));
            }
        }
        for (n, l) in code.lines().enumerate() {
            if l.contains("GameId::") && !l.contains("GameId::geometry") {
                named.push(format!("src/{file}:{} names a GameId: {}", n + 1, l.trim()));
            }
        }
    }
    named
}

#[test]
fn the_board_names_no_game_its_views_say_how_each_looks() {
    let named = games_named(&src_files());
    assert!(named.is_empty(), "{}", named.join("\n"));
}

#[test]
fn a_planted_game_on_the_board_is_named() {
    let files = planted(&[
        (
            "game/board/table.rs",
            "use crate::rules::{Cell, Splay};\nfn f(id: GameId) -> bool { id == GameId::Support }\n",
        ),
        ("game/games/splay_view.rs", "use crate::rules::Splay;\n"),
    ]);
    assert_eq!(
        games_named(&files),
        [
            "src/game/board/table.rs:1 names Splay",
            "src/game/board/table.rs:2 names a GameId: fn f(id: GameId) -> bool { id == GameId::Support }"
        ]
    );
}

/// A seam of the portable core (`docs/architecture.md`, "Seams"): a thing a browser lacks, which
/// only its home may touch; everything else asks the home.
struct Seam {
    what: &'static str,
    /// The file, or the folder (ending in `/`), that may touch it.
    home: &'static str,
    /// Code that touches it directly.
    marks: &'static [&'static str],
    /// Names that, imported from `std::time` (or any other `…time::` path), are the clock.
    clock_names: &'static [&'static str],
}

const SEAMS: [Seam; 3] = [
    Seam {
        what: "threads",
        home: "platform/compute.rs",
        marks: &[
            "std::thread",
            "thread::spawn",
            "thread::scope",
            "available_parallelism",
        ],
        clock_names: &[],
    },
    Seam {
        what: "the clock",
        home: "platform/clock.rs",
        marks: &["web_time", "time::Instant", "time::SystemTime"],
        clock_names: &["Instant", "SystemTime", "UNIX_EPOCH"],
    },
    Seam {
        what: "the file system",
        home: "files/",
        marks: &[
            "std::fs",
            "fs::",
            "File::",
            "OpenOptions",
            ".exists()",
            ".is_dir()",
            ".is_file()",
            ".metadata()",
        ],
        clock_names: &[],
    },
];

/// The names a `…time::{…}` group imports, on each line it spans, from a file's code.
fn time_group_names(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut rest = code;
    let mut offset = 0;
    while let Some(at) = rest.find("time::{") {
        let start = at + "time::{".len();
        let end = rest[start..].find('}').map_or(rest.len(), |e| start + e);
        let line = code[..offset + at].lines().count().max(1);
        for name in rest[start..end].split(',') {
            found.push((line, name.trim().to_owned()));
        }
        offset += end;
        rest = &rest[end..];
    }
    found
}

/// Whether `line` holds `mark` as whole names: a mark that begins (or ends) with a name's
/// letter is not part of a longer name there (`File::` is not in `SaveFile::load`).
fn holds(line: &str, mark: &str) -> bool {
    let name = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(mark).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + mark.len()..].chars().next();
        let starts = mark.chars().next().is_some_and(name);
        let ends = mark.chars().next_back().is_some_and(name);
        let glued_before = starts && before.is_some_and(name);
        let glued_after = ends && after.is_some_and(name);
        !(glued_before || glued_after)
    })
}

/// Each place outside a seam's home that touches it directly, in words.
fn seams_crossed(files: &BTreeMap<FileName, String>) -> Vec<String> {
    let mut crossed = Vec::new();
    for (file, text) in files {
        let code = code_of(text);
        for seam in &SEAMS {
            if file == seam.home || (seam.home.ends_with('/') && file.starts_with(seam.home)) {
                continue;
            }
            for (n, line) in code.lines().enumerate() {
                if let Some(mark) = seam.marks.iter().find(|m| holds(line, m)) {
                    crossed.push(format!(
                        "src/{file}:{} touches {} ({mark}) outside src/{}",
                        n + 1,
                        seam.what,
                        seam.home
                    ));
                }
            }
            for (line, name) in time_group_names(&code) {
                if seam.clock_names.contains(&name.as_str()) {
                    crossed.push(format!(
                        "src/{file}:{line} touches {} ({name}) outside src/{}",
                        seam.what, seam.home
                    ));
                }
            }
        }
    }
    crossed
}

#[test]
fn threads_the_clock_and_files_are_touched_only_at_their_seams() {
    let files = src_files();
    for seam in &SEAMS {
        assert!(
            files.keys().any(|f| f.starts_with(seam.home)),
            "src/{} was not found",
            seam.home
        );
    }
    let crossed = seams_crossed(&files);
    assert!(crossed.is_empty(), "{}", crossed.join("\n"));
}

#[test]
fn a_planted_thread_clock_or_file_outside_its_seam_is_named() {
    let files = planted(&[
        (
            "ai/mcts/mod.rs",
            "use std::time::{Duration, Instant};\nfn f() { std::thread::scope(|_| {}); }\n",
        ),
        (
            "game/screens/saves.rs",
            "fn g(p: &Path) -> bool {\n    p.exists() || std::fs::read(p).is_ok()\n}\nfn s() { SaveFile::load(p); }\n",
        ),
        (
            "platform/compute.rs",
            "fn h() { std::thread::spawn(|| {}); }\n",
        ),
        (
            "files/save.rs",
            "fn k() { let _ = std::fs::read(\"x\"); }\n",
        ),
        (
            "app/bench/frame_clock.rs",
            "let t = std::time::Instant::now();\n",
        ),
    ]);
    assert_eq!(
        seams_crossed(&files),
        [
            "src/ai/mcts/mod.rs:2 touches threads (std::thread) outside src/platform/compute.rs",
            "src/ai/mcts/mod.rs:1 touches the clock (Instant) outside src/platform/clock.rs",
            "src/app/bench/frame_clock.rs:1 touches the clock (time::Instant) outside src/platform/clock.rs",
            "src/game/screens/saves.rs:2 touches the file system (std::fs) outside src/files/",
        ]
    );
}

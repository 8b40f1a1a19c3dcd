//! Links that carry a game: every shipped record and every record the docs show goes into a link
//! and comes back exactly (moves, variations, where it was left), a 100-turn game's link stays
//! under 2,000 characters, and `--load` opens a link as it opens a file.

use std::path::{Path, PathBuf};

use stackyard::files::save::{SaveFile, SavedSeats};
use stackyard::files::share_link::{LinkError, link_to, read_link};

/// The records shipped in `assets/replays/` and shown in `docs/records/`.
fn records() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for folder in ["assets/replays", "docs/records"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                found.push(path);
            }
        }
    }
    found.sort();
    assert!(found.len() >= 10, "{found:?}");
    found
}

/// A record as a link gives it back: its seats and time are not carried.
fn as_carried(file: &SaveFile) -> SaveFile {
    SaveFile {
        version: stackyard::files::save::SAVE_VERSION,
        seats: SavedSeats::default(),
        saved_at: String::new(),
        ..file.clone()
    }
}

#[test]
fn every_record_round_trips_through_a_link_exactly() {
    for path in records() {
        let (file, game) = SaveFile::load(&path).unwrap();
        let link = link_to("https://museum.example/stackyard/", &file);
        let back = read_link(&link).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(back, as_carried(&file), "{}", path.display());
        let replayed = back.replay().unwrap();
        assert_eq!(replayed.tree, game.tree, "{}", path.display());
        assert_eq!(replayed.left_at, game.left_at, "{}", path.display());
        assert_eq!(replayed.start, game.start, "{}", path.display());
    }
}

#[test]
fn a_hundred_turn_game_fits_in_two_thousand_characters() {
    let mut checked = 0;
    for path in records() {
        let (mut file, _) = SaveFile::load(&path).unwrap();
        if file.moves.len() < 100 {
            continue;
        }
        file.moves.truncate(100);
        file.variations.clear();
        let link = link_to("https://museum.example/stackyard/", &file);
        assert!(
            link.len() < 2000,
            "{}: {} characters",
            path.display(),
            link.len()
        );
        assert_eq!(read_link(&link).unwrap().moves.len(), 100);
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} records of 100 turns");
}

#[test]
fn a_link_changed_by_one_letter_is_refused_or_reads_as_another_legal_game() {
    let (file, _) = SaveFile::load(&records()[0]).unwrap();
    let link = link_to("", &file);
    // Each letter of the payload changed in turn: never a panic, and either a clear refusal or
    // (rarely, where deflate's bits allow) a game the rules accept.
    let start = link.find('.').unwrap() + 1;
    for i in (start..link.len()).step_by(7) {
        let mut bytes = link.clone().into_bytes();
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(bytes).unwrap();
        match read_link(&changed) {
            Ok(other) => assert!(other.replay().is_ok()),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    assert!(matches!(read_link("#splay/1."), Err(LinkError::Damaged(_))));
}

#[test]
fn load_opens_a_link_and_refuses_a_broken_one_by_name() {
    let (file, _) = SaveFile::load(&records()[0]).unwrap();
    let link = link_to("https://museum.example/", &file);
    let broken = format!("{}x!", &link[..link.len() - 5]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(["--load", &broken])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot open the link"), "{err}");
}

//! The string tables: every key the code names has an English text, every table has every key,
//! the language switches at run time in a headless app (and is kept in the settings file), and
//! a key a table lacks shows the English text and is reported in the log.

use crate::common::headless::{Headless, start_of};
use stackyard::files::scratch::Scratch;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use stackyard::files::i18n::{StringTable, folder, language_codes};
use stackyard::files::settings::{SETTINGS_FILE, Settings};
use stackyard::game::core::i18n::{I18nFolder, LanguageList, Tr};
use stackyard::game::core::preferences::{LanguageChoice, SettingsFile};
use stackyard::game::core::settings::use_settings;
use stackyard::guide::{GAMES, guide};
use stackyard::rules::GameId;

fn temp_folder(name: &str) -> Scratch {
    Scratch::new(&format!("i18n-{name}"))
}

/// The string literals of a Rust file (escapes kept as written; enough to find keys).
fn string_literals(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut chars = text.chars().peekable();
    let mut in_comment = false;
    let mut last = ' ';
    while let Some(c) = chars.next() {
        if in_comment {
            in_comment = c != '\n';
        } else if c == '/' && chars.peek() == Some(&'/') {
            in_comment = true;
        } else if c == '\'' && last != '\\' {
            // A char literal ('"') or a lifetime: skip the next character if it closes.
            let mut ahead = chars.clone();
            if let (Some(_), Some('\'')) = (ahead.next(), ahead.next()) {
                chars.next();
                chars.next();
            }
        } else if c == '"' {
            let mut s = String::new();
            let mut escaped = false;
            for d in chars.by_ref() {
                if escaped {
                    escaped = false;
                } else if d == '\\' {
                    escaped = true;
                } else if d == '"' {
                    break;
                }
                s.push(d);
            }
            found.push(s);
        }
        last = c;
    }
    found
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

#[test]
fn every_key_the_code_names_has_an_english_text() {
    let english = StringTable::english();
    let sections: std::collections::BTreeSet<&str> = english
        .strings
        .keys()
        .chain(english.plurals.keys())
        .map(|k| k.split('.').next().unwrap_or_default())
        .collect();
    let looks_like_key = |s: &str| {
        s.contains('.')
            && s.split('.').all(|part| {
                !part.is_empty()
                    && part.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-'
                    })
            })
            && sections.contains(s.split('.').next().unwrap_or_default())
            && !s.ends_with(".ron")
    };
    // The app's code and the guide: where the texts a person sees are named.
    let mut files = Vec::new();
    for dir in ["src/game", "src/guide", "src/app"] {
        rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    }
    let mut checked = 0;
    let mut missing = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for literal in string_literals(&text) {
            if looks_like_key(&literal) {
                checked += 1;
                if english.get(&literal).is_none() && !english.plurals.contains_key(&literal) {
                    missing.push(format!("{}: \"{literal}\"", file.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "keys without an English text:\n{}",
        missing.join("\n")
    );
    // The scan finds the keys: a few hundred of them, not none.
    assert!(checked > 200, "only {checked} keys found in the code");
}

#[test]
fn every_guide_text_is_in_every_table() {
    let tables: Vec<(String, StringTable)> = language_codes(&folder())
        .into_iter()
        .map(|code| {
            let table = StringTable::load(&folder(), &code).unwrap();
            (code, table)
        })
        .collect();
    assert!(tables.len() >= 2, "English and one more language");
    for id in GAMES {
        let g = guide(id);
        let mut keys = vec![g.card.name, g.card.credit, g.card.line];
        for (heading, text) in g.rules {
            keys.extend([*heading, *text]);
        }
        for demo in g.demos {
            keys.extend([demo.title, demo.text]);
        }
        for key in keys {
            for (code, table) in &tables {
                assert!(table.get(key).is_some(), "{code}.ron lacks \"{key}\"");
            }
        }
    }
}

/// A headless app as the real one is built: settings first, then the game's logic.
fn app_with(settings: SettingsFile, i18n: &Path) -> App {
    Headless::on(start_of(GameId::Splay))
        .before_logic(|app| {
            app.insert_resource(I18nFolder(i18n.to_path_buf()));
            use_settings(app, settings);
        })
        .build()
}

fn text(app: &App, key: &str) -> String {
    app.world().resource::<Tr>().t(key).to_owned()
}

#[test]
fn the_language_switches_at_run_time_and_is_kept() {
    let dir = temp_folder("switch");
    let path = dir.join(SETTINGS_FILE);
    let settings = Settings {
        language: "de".into(),
        ..Settings::default()
    };
    settings.store(&path).unwrap();
    let mut app = app_with(
        SettingsFile {
            path: Some(path.clone()),
            written: Settings::load(&path).unwrap(),
            notice: None,
        },
        &folder(),
    );
    // The settings file's language is the one on screen from the first frame.
    assert_eq!(app.world().resource::<Tr>().code(), "de");
    assert_eq!(text(&app, "hud.new_game"), "Neues Spiel");
    let list = &app.world().resource::<LanguageList>().0;
    assert!(list.contains(&("de".into(), "Deutsch".into())), "{list:?}");
    assert!(list.contains(&("en".into(), "English".into())), "{list:?}");

    // Switching (as the Settings window does) changes the texts at the next frame, and the
    // settings file keeps the choice.
    app.world_mut().resource_mut::<LanguageChoice>().0 = "en".into();
    app.update();
    assert_eq!(text(&app, "hud.new_game"), "New game");
    assert_eq!(Settings::load(&path).unwrap().language, "en");
    app.world_mut().resource_mut::<LanguageChoice>().0 = "de".into();
    app.update();
    assert_eq!(text(&app, "player.white"), "Weiß");
    assert_eq!(Settings::load(&path).unwrap().language, "de");

    // A language without a table is refused with a notice; the texts stay as they were.
    app.world_mut().resource_mut::<LanguageChoice>().0 = "xx".into();
    app.update();
    assert_eq!(app.world().resource::<Tr>().code(), "de");
    assert_eq!(app.world().resource::<LanguageChoice>().0, "de");
    let notice = app
        .world()
        .resource::<SettingsFile>()
        .notice
        .clone()
        .unwrap();
    assert!(notice.contains("xx.ron"), "{notice}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Collects what is logged on this thread.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_missing_key_shows_english_and_is_reported_in_the_log() {
    // A table like German, but lacking one key.
    let dir = temp_folder("fallback");
    let german = std::fs::read_to_string(folder().join("de.ron")).unwrap();
    let line = german
        .lines()
        .find(|l| l.trim_start().starts_with("\"hud.resign\":"))
        .unwrap();
    std::fs::write(dir.join("xx.ron"), german.replace(line, "")).unwrap();
    std::fs::copy(folder().join("en.ron"), dir.join("en.ron")).unwrap();
    let settings = SettingsFile {
        written: Settings {
            language: "xx".into(),
            ..Settings::default()
        },
        ..SettingsFile::default()
    };
    let app = app_with(settings, &dir);
    let tr = app.world().resource::<Tr>();
    assert_eq!(tr.code(), "xx");

    let log = Captured::default();
    let writer = log.clone();
    let subscriber = bevy::log::tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    bevy::log::tracing::subscriber::with_default(subscriber, || {
        assert_eq!(tr.t("hud.resign"), "Resign", "English stands in");
        assert_eq!(tr.t("hud.resign"), "Resign");
        assert_eq!(
            tr.t("hud.new_game"),
            "Neues Spiel",
            "the table's own texts stay"
        );
    });
    let logged = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    assert_eq!(
        logged.matches("hud.resign").count(),
        1,
        "reported once: {logged}"
    );
    assert!(
        logged.contains("WARN") && logged.contains("xx.ron"),
        "{logged}"
    );
    assert_eq!(tr.reported(), ["hud.resign"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

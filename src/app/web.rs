//! The web build's start (wasm32): the app on the page's `#stackyard` canvas, opening the game
//! that a link in the page's address carries (`…#splay/1.…`; one that cannot be opened is named
//! in a notice), else the game the page was left
//! with (its autosave, in the browser's storage), else the title; the canvas's
//! `data-` attributes tell the page's scripts when it is ready, the position and the moves.

use super::AppOptions;
use crate::files::save::{LoadedGame, SaveFile};
use crate::files::share_link;
use crate::game::core::screen::Screen;
use crate::platform::page;

/// The canvas the page gives the app (`web/index.html`).
pub const CANVAS: &str = "#stackyard";

/// Each part of `?frames`'s watch, in seconds.
const WATCHED_SECONDS: f32 = 20.0;

/// Starts the app in the page; returns at once (the browser then drives the frames).
pub fn start() {
    // `?bench`: the search's speed in this browser instead of the game (`data-bench`, JSON).
    if page::asks_for("bench") {
        measure_the_search();
        return;
    }
    let mut options = AppOptions::default();
    options.opens.screen = Screen::Title;
    // `?layout`: the layout on the canvas's `data-layout`, for the browser test.
    options.print_layout = page::asks_for("layout");
    // `?frames`: the frames' lengths at rest and with the computer playing (`data-frames`).
    options.hooks.watch_frames = page::asks_for("frames").then_some(WATCHED_SECONDS);
    let linked = page_fragment().map(|link| share_link::open_link(&link));
    if let Some(Err(why)) = &linked {
        web_sys::console::warn_1(&format!("stackyard: {why}").into());
        options.opens.refused_link = Some(why.to_string());
    }
    let linked = linked.and_then(Result::ok).inspect(|_| forget_the_link());
    if let Some(game) = linked.or_else(autosaved_game) {
        options.opens.position = game.start.clone();
        options.opens.loaded = Some(game);
        options.opens.screen = Screen::Game;
    }
    let _ = super::run(options);
}

/// Takes the link's part after `#` out of the page's address, without loading the page again:
/// the game is the page's own from now on, and a reload goes on with its autosave.
fn forget_the_link() {
    let (Some(window), Some(address)) = (web_sys::window(), page::address()) else {
        return;
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
    }
}

/// The game the page was left with (a reload goes on with it).
fn autosaved_game() -> Option<LoadedGame> {
    let path = crate::files::data_dir().join("autosave.ron");
    match SaveFile::open_autosave(&path) {
        Ok(game) => game.map(|(_, game)| game),
        Err(why) => {
            web_sys::console::warn_1(&format!("stackyard: {why}").into());
            None
        }
    }
}

/// `stackyard bench --game splay --seconds 2 --json`, in the page.
fn measure_the_search() {
    let request = crate::cli::bench::BenchRequest {
        game: Some("splay"),
        seconds: 2.0,
        threads: None,
        rounds: 1,
        json: true,
    };
    let lines =
        crate::cli::bench::run_bench(&request).unwrap_or_else(|failure| vec![failure.message]);
    page::mark("bench", &lines.join("\n"));
}

/// The page address's part after `#`, when it has one.
fn page_fragment() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.strip_prefix('#')?;
    (!fragment.is_empty()).then(|| fragment.to_owned())
}

/// What the page can read off the canvas: `data-ready` once frames run, then the position in
/// play (`data-position`), the moves played (`data-moves`) and the result once the game is over
/// (`data-outcome`) after each change, and the notice
/// shown (`data-notice`); the loading note goes.
pub(super) fn plugin(app: &mut bevy::prelude::App) {
    use bevy::prelude::*;
    app.add_systems(
        Last,
        (
            tell_the_page,
            tell_the_notice
                .run_if(resource_changed::<crate::game::core::preferences::SettingsFile>),
        ),
    );
}

/// The notice window's text on the canvas's `data-notice` (empty once dismissed).
fn tell_the_notice(file: bevy::prelude::Res<crate::game::core::preferences::SettingsFile>) {
    page::mark("notice", file.notice.as_deref().unwrap_or_default());
}

fn tell_the_page(
    session: bevy::prelude::Res<crate::game::core::session::Session>,
    frames: bevy::prelude::Res<bevy::diagnostic::FrameCount>,
    mut told: bevy::prelude::Local<bool>,
) {
    use crate::rules::Game;
    use bevy::prelude::DetectChanges;
    if frames.0 < 3 || (*told && !session.is_changed()) {
        return;
    }
    let position = session.turn().start().to_setup().to_string();
    page::mark("position", &position);
    page::mark("moves", &session.move_count().to_string());
    let outcome = session.outcome().map(|o| o.to_string()).unwrap_or_default();
    page::mark("outcome", &outcome);
    page::mark("ready", "1");
    if let Some(note) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        note.remove();
    }
    *told = true;
}

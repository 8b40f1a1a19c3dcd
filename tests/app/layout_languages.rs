//! Every language's texts fit: the whole app headless (egui lays out every panel as it does in a
//! window; nothing is drawn) tours the screens in every language that ships, with the two
//! real-window layout tests' checks on the same report.
//!
//! - As `tests/window/framing.rs` does, at each of its sizes, as a window and as a kiosk at its
//!   profile's menu size: every game, where no cell's centre, stack top or height tag may lie
//!   under a panel and no panel over another; and the other screens (the title, Settings, how
//!   to play, the editor, puzzles), where no control may be covered or run past the window and
//!   no named button be narrower than its label.
//! - As `tests/window/panels.rs` does, at 1280x720 at the largest menu size, as a window and as
//!   a kiosk: the same screens, nothing covered, past the window or cut; and at 1920x1080 every
//!   kiosk control a visitor touches at least 48 px.
//!
//! The real-window tests, in English and German, show that a drawn window agrees: the panels
//! land on the same pixels; the cells differ by a few pixels, as the real-window run draws the
//! board into a coarse sketch canvas whose sides round.

use crate::common::headless::WholeApp;
use crate::common::layout_checks::{SIZES, TOUCH_TARGET, hidden, misplaced, small_controls};

use bevy::prelude::*;
use stackyard::app::layout_report::{LatestLayout, LayoutReport, PanelsUnchanged};
use stackyard::app::layout_tour::{Arrival, TourStop};
use stackyard::app::{AppOptions, OpeningScreen, RunMode};
use stackyard::files::i18n::{folder, language_codes};
use stackyard::files::profile::Profile;
use stackyard::game::core::editor::Editor;
use stackyard::game::core::i18n::Tr;
use stackyard::game::core::preferences::{AnimationSpeed, UiScale};
use stackyard::game::core::screen::Screen;
use stackyard::game::core::session::Session;
use stackyard::game::screens::how_to_play::Guided;
use stackyard::game::screens::view_settings::SettingsWindow;

/// The games, as a tour names them.
const GAMES: [&str; 5] = ["cash-in-hand", "intermedium", "grabber", "support", "splay"];

/// The other screens, each with a game of its own.
const SCREENS: [&str; 5] = [
    "title/splay",
    "settings/splay",
    "how-to-play/intermedium",
    "editor/cash-in-hand",
    "puzzles/grabber",
];

/// The screens the panels test looks at: how to play every game (the longest texts), two
/// games, the editor with the most fields, the title, the puzzle with the longest goal, and
/// Settings.
const PANEL_SCREENS: [&str; 11] = [
    "how-to-play/splay",
    "how-to-play/cash-in-hand",
    "how-to-play/intermedium",
    "how-to-play/grabber",
    "how-to-play/support",
    "splay",
    "cash-in-hand",
    "editor/support",
    "title/splay",
    "puzzles/cash-in-hand",
    "settings/splay",
];

/// What a visitor meets on a kiosk, bar attract mode and the idle prompt.
const KIOSK_SCREENS: [&str; 4] = [
    "title/splay",
    "splay",
    "how-to-play/grabber",
    "puzzles/splay",
];

/// The largest menu size the Settings window offers.
const LARGEST: f32 = 2.0;

/// How one app is set up: its window size, a kiosk or not, and its menu size (the profile's
/// own for a kiosk where none is named).
#[derive(Clone, Copy, Debug)]
struct Setup {
    size: (u32, u32),
    kiosk: bool,
    menu_size: Option<f32>,
}

/// Which checks a screen gets.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Checks {
    /// The board's: nothing over a cell, a stack or a tag, no panel over another.
    Board,
    /// Every screen's: nothing covered, past the window or cut.
    Controls,
    /// A kiosk's: every control a finger's size.
    Touch,
}

/// Frames a stop may take to arrive and settle before the test gives up on it.
const MOST_FRAMES: u32 = 400;

/// Whether the app shows `stop`, its demonstration (if any) over.
fn arrived(world: &World, stop: &TourStop) -> bool {
    let (Some(screen), Some(settings)) = (
        world.get_resource::<State<Screen>>(),
        world.get_resource::<State<SettingsWindow>>(),
    ) else {
        return false;
    };
    let demo_over = *screen.get() != Screen::HowToPlay
        || world.get_resource::<Guided>().is_none_or(Guided::finished);
    demo_over
        && stop.arrived(Arrival {
            screen,
            settings,
            tr: world.resource::<Tr>(),
            session: world.resource::<Session>(),
            editor: world.get_resource::<Editor>(),
        })
}

/// Goes to `stop` and returns its layout once it has arrived and its panels, its cells and
/// its height tags have stayed put for a few frames (the camera eases into its framing), a
/// game's once its cells are reported.
fn settled_layout(app: &mut App, stop: &TourStop, game_screen: bool) -> LayoutReport {
    stop.clone().go(app.world_mut());
    let mut still = 0;
    let mut last: Option<LayoutReport> = None;
    for _ in 0..MOST_FRAMES {
        app.update();
        let report = app.world().resource::<LatestLayout>().0.clone();
        let (true, Some(report)) = (arrived(app.world(), stop), report) else {
            still = 0;
            continue;
        };
        let same = last
            .as_ref()
            .is_some_and(|l| l.cells == report.cells && l.labels == report.labels);
        still = if same { still + 1 } else { 0 };
        let panels_still = app.world().resource::<PanelsUnchanged>().0;
        if still >= 3 && panels_still >= 3 && (!game_screen || !report.cells.is_empty()) {
            return report;
        }
        last = Some(report);
    }
    panic!("{stop:?} did not settle within {MOST_FRAMES} frames");
}

/// The app as `setup` has it: a window, or a kiosk with the shipped profile.
fn app_for(setup: Setup, name: &str) -> WholeApp {
    let mut options = AppOptions {
        run: RunMode::Headless,
        print_layout: true,
        ..AppOptions::default()
    };
    let (w, h) = setup.size;
    options.overrides.window_size = Some(UVec2::new(w, h));
    if setup.kiosk {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron");
        let mut profile = Profile::load(&path).expect("the shipped profile");
        profile.ui_scale = setup.menu_size.unwrap_or(profile.ui_scale);
        options.use_profile(profile, Some(OpeningScreen::Game));
    }
    let mut app = WholeApp::new(name, options);
    // The settings are read in the first frame; the menu size is set after them.
    app.app.update();
    app.app.insert_resource(AnimationSpeed::Off);
    if let (Some(size), false) = (setup.menu_size, setup.kiosk) {
        app.app.insert_resource(UiScale(size));
    }
    app
}

/// Every place in every language that ships.
fn in_every_language(places: &[&str]) -> Vec<TourStop> {
    let mut stops = Vec::new();
    for language in language_codes(&folder()) {
        for place in places {
            stops.push(format!("{place}@{language}").parse().expect("a tour stop"));
        }
    }
    stops
}

/// Everything hidden, covered, cut or too small on one app's tour of `places` in every
/// language, in words.
fn problems(setup: Setup, places: &[&str], checks: Checks) -> Vec<String> {
    let (w, h) = setup.size;
    let name = format!(
        "layout-{w}x{h}-{}",
        if setup.kiosk { "kiosk" } else { "window" }
    );
    let mut app = app_for(setup, &name);
    let mut found = Vec::new();
    for stop in in_every_language(places) {
        let game_screen = checks == Checks::Board;
        let report = settled_layout(&mut app.app, &stop, game_screen);
        assert_eq!(report.window, [w as f32, h as f32], "{stop:?}");
        let what = format!(
            "{w}x{h} {} menus {:?} {} {}",
            if setup.kiosk { "kiosk" } else { "window" },
            setup.menu_size,
            report.looks.language,
            report.screen
        );
        let wrong = match checks {
            Checks::Board => hidden(&report),
            Checks::Controls => misplaced(&report),
            Checks::Touch => small_controls(&report)
                .into_iter()
                .map(|c| format!("{c} is under {TOUCH_TARGET} px"))
                .collect(),
        };
        found.extend(wrong.into_iter().map(|w| format!("{what}: {w}")));
    }
    found
}

fn assert_none(found: &[String]) {
    assert!(
        language_codes(&folder()).len() >= 8,
        "the languages that ship"
    );
    assert!(
        found.is_empty(),
        "{} hidden, cut or too small:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// At each of the framing test's sizes.
fn at_every_size(kiosk: bool, places: &[&str], checks: Checks) -> Vec<String> {
    SIZES
        .iter()
        .flat_map(|&size| {
            let setup = Setup {
                size,
                kiosk,
                menu_size: None,
            };
            problems(setup, places, checks)
        })
        .collect()
}

#[test]
fn every_games_board_is_clear_in_every_language_at_every_size() {
    assert_none(&at_every_size(false, &GAMES, Checks::Board));
}

#[test]
fn every_kiosk_games_board_is_clear_in_every_language_at_every_size() {
    assert_none(&at_every_size(true, &GAMES, Checks::Board));
}

#[test]
fn every_other_screen_fits_in_every_language_at_every_size() {
    assert_none(&at_every_size(false, &SCREENS, Checks::Controls));
}

#[test]
fn every_screen_fits_in_every_language_at_the_largest_menu_size() {
    let mut found = Vec::new();
    for kiosk in [false, true] {
        let setup = Setup {
            size: (1280, 720),
            kiosk,
            menu_size: Some(LARGEST),
        };
        // A kiosk's visitors meet neither the editor nor Settings.
        let places: Vec<&str> = PANEL_SCREENS
            .into_iter()
            .filter(|p| !kiosk || !(p.starts_with("editor/") || p.starts_with("settings/")))
            .collect();
        found.extend(problems(setup, &places, Checks::Controls));
    }
    assert_none(&found);
}

#[test]
fn every_kiosk_control_is_a_fingers_size_in_every_language() {
    let setup = Setup {
        size: (1920, 1080),
        kiosk: true,
        menu_size: None,
    };
    assert_none(&problems(setup, &KIOSK_SCREENS, Checks::Touch));
}

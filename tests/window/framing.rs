//! The board is never under a panel: every game's screen rendered in a real window (Xvfb,
//! Mesa's software Vulkan) at 1024x768, 1280x720, 1366x768, 1920x1080, 2560x1080 and a portrait
//! 1080x1920, as a window and as a kiosk at its profile's menu size, its layout read from
//! `--print-layout`; no cell's centre, no stack's top and no height tag may lie under a panel,
//! no panel may run past the window's edge, and no two panels may overlap. One app shows all
//! five games (`--layout-tour`). A third app at each size tours the other screens (the title,
//! Settings, how to play, the editor, puzzles): no panel and no control runs past the window,
//! none is covered, and no named button is narrower than its label. In English, the drawn
//! window's check: every language, at every one of these sizes, is checked with the same report
//! headless (`tests/app/layout_languages.rs`), whose panels land on the same pixels. Without
//! Xvfb it says why it skips; with `CI` set it fails instead.

use crate::common;

use stackyard::files::scratch::Scratch;
use std::io::{BufRead, BufReader};
use std::path::Path;

// Each size on an X screen of its own size (a kiosk fills its screen).
use crate::common::layout_checks::{SIZES, hidden, misplaced};
use crate::common::xvfb::{Xvfb, missing_tools};
use stackyard::app::layout_report::{LINE_PREFIX, LayoutReport, SETTLED_LINE};

/// The first game, then the tour through the others.
const FIRST: &str = "cash-in-hand";
const TOUR: &str = "intermedium,grabber,support,splay";

/// The other screens' tour, after the title: each screen with a game of its own.
const SCREENS_TOUR: &str =
    "settings/splay,how-to-play/intermedium,editor/cash-in-hand,puzzles/grabber";
/// The screens it shows, in order.
const SCREENS: [&str; 5] = ["title", "title", "how-to-play", "editor", "puzzles"];

/// What a run shows.
#[derive(Clone, Copy, PartialEq)]
enum Shows {
    /// Every game's screen in a window.
    Games,
    /// Every game's screen in a kiosk.
    Kiosk,
    /// The other screens in a window.
    Screens,
}

/// One run: a window size, and what it shows.
struct Case {
    size: usize,
    shows: Shows,
}

/// The layout of each stop's screen, as printed before each settled line.
fn toured_layouts(x: &Xvfb, dir: &Path, args: &[String], tour: &str) -> Vec<LayoutReport> {
    let log = dir.join("app.log");
    let data = dir.display().to_string();
    let mut all = vec!["--language", "en", "--layout-tour", tour];
    all.extend(["--data-dir", &data]);
    all.extend(args.iter().map(String::as_str));
    let mut child = x.layout_only_app(dir, &all);
    let games = tour.split(',').count() + 1;
    let mut layouts = Vec::new();
    let mut last = None;
    for line in BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok)
    {
        if line == SETTLED_LINE {
            let text: String = last.take().expect("a layout before it settled");
            layouts.push(ron::from_str(&text).expect("a layout line"));
            if layouts.len() == games {
                break;
            }
        } else if let Some(text) = line.strip_prefix(LINE_PREFIX) {
            last = Some(text.to_owned());
        }
    }
    let _ = child.kill();
    let status = child.wait().unwrap();
    let log = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(
        layouts.len(),
        games,
        "{args:?} ended with {status} after {} screens: {log}\nXvfb on {}: {}",
        layouts.len(),
        x.display,
        x.log()
    );
    layouts
}

/// Runs one case in a folder of its own and says what is hidden on each screen.
fn check_case(x: &Xvfb, case: &Case, number: usize) -> Vec<String> {
    let (w, h) = SIZES[case.size];
    let dir = Scratch::new(&format!("framing-{number}"));
    let mut args = Vec::new();
    let kiosk = case.shows == Shows::Kiosk;
    if kiosk {
        let profile = dir.join("kiosk.ron");
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron"),
            &profile,
        )
        .unwrap();
        args.extend(["--profile".to_owned(), profile.display().to_string()]);
        args.extend(["--screen".to_owned(), "game".to_owned()]);
    } else {
        args.extend(["--window-size".to_owned(), format!("{w}x{h}")]);
    }
    let tour = if case.shows == Shows::Screens {
        args.extend(["--game", "splay", "--screen", "title"].map(String::from));
        SCREENS_TOUR
    } else {
        args.extend(["--game".to_owned(), FIRST.to_owned()]);
        TOUR
    };
    let layouts = toured_layouts(x, &dir, &args, tour);
    let _ = std::fs::remove_dir_all(&dir);
    let languages: Vec<&str> = layouts.iter().map(|r| r.looks.language.as_str()).collect();
    assert_eq!(languages, ["en"; 5], "{args:?}");
    let mut found = Vec::new();
    for (n, report) in layouts.iter().enumerate() {
        assert_eq!(report.window, [w as f32, h as f32], "{args:?}");
        let what = format!(
            "{w}x{h} {} {}",
            report.looks.language,
            if kiosk { "kiosk" } else { "window" },
        );
        if case.shows == Shows::Screens {
            assert_eq!(report.screen, SCREENS[n % 5], "{args:?}");
            let what = format!("{what} {}", report.screen);
            found.extend(
                misplaced(report)
                    .into_iter()
                    .map(|h| format!("{what}: {h}")),
            );
        } else {
            assert!(!report.cells.is_empty(), "{args:?}: no cells reported");
            let what = format!("{what}, {} cells", report.cells.len());
            found.extend(hidden(report).into_iter().map(|h| format!("{what}: {h}")));
        }
    }
    found
}

#[test]
fn nothing_is_hidden_or_cut_on_any_screen_at_any_size() {
    let _alone = crate::common::xvfb::one_at_a_time();
    if let Some(why) = missing_tools(&["Xvfb"]) {
        eprintln!("framing test skipped: {why}");
        return;
    }
    let mut found = Vec::new();
    for (size, (w, h)) in SIZES.into_iter().enumerate() {
        let x = Xvfb::start(w, h);
        let cases: Vec<Case> = [Shows::Games, Shows::Kiosk, Shows::Screens]
            .into_iter()
            .map(|shows| Case { size, shows })
            .collect();
        found.extend(common::two_at_a_time(&cases, |case, n| {
            check_case(&x, case, size * 10 + n)
        }));
    }
    assert!(
        found.is_empty(),
        "{} hidden:\n{}",
        found.len(),
        found.join("\n")
    );
}

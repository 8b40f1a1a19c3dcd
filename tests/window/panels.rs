//! No panel covers another panel's controls: every screen rendered in a real window (Xvfb, Mesa's
//! software Vulkan) at 1280x720, at the normal and at the largest menu size, its layout read from
//! `--print-layout`, and every control checked against the panels drawn above it (dialogs such
//! as Settings may cover what is under them while they are open), and every panel kept inside
//! the window.
//! Without Xvfb it says why it skips; with `CI` set it fails instead.

use crate::common;

use stackyard::files::scratch::Scratch;
use std::io::{BufRead, BufReader};
use std::path::Path;

use crate::common::layout_checks::{TOUCH_TARGET, small_controls};
use crate::common::xvfb::{Xvfb, missing_tools};
use stackyard::app::layout_report::{
    LINE_PREFIX, LayoutReport, SETTLED_LINE, covered_controls, panels_off_window,
};

/// The largest menu size the Settings window offers.
const LARGEST: f32 = 2.0;

/// The layout the app printed last before it said the screen had settled (`--layout-only`: the
/// screen as `--screenshot` would draw it, without waiting for every render pipeline); the app
/// is stopped there.
fn final_layout(x: &Xvfb, dir: &Path, args: &[&str]) -> LayoutReport {
    try_final_layout(x, dir, args)
        .unwrap_or_else(|log| panic!("{args:?}: {log}\nXvfb on {}: {}", x.display, x.log()))
}

/// One app's settled layout, or how it ended before that, with its log.
fn try_final_layout(x: &Xvfb, dir: &Path, args: &[&str]) -> Result<LayoutReport, String> {
    let log = dir.join("app.log");
    let mut child = x.layout_only_app(dir, args);
    let mut last = None;
    let mut settled = false;
    for line in BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok)
    {
        if line == SETTLED_LINE {
            settled = true;
            break;
        }
        if let Some(text) = line.strip_prefix(LINE_PREFIX) {
            last = Some(text.to_owned());
        }
    }
    let _ = child.kill();
    let status = child.wait().unwrap();
    let log = std::fs::read_to_string(&log).unwrap_or_default();
    if !settled {
        return Err(format!(
            "ended with {status} before its layout settled: {log}"
        ));
    }
    let text = last.ok_or_else(|| "printed no layout".to_owned())?;
    Ok(ron::from_str(&text).expect("a layout line"))
}

/// What covers what on one screen, and what runs past the window, in words.
fn overlaps(report: &LayoutReport) -> Vec<String> {
    let off = panels_off_window(report).into_iter().map(|p| {
        let panel = &report.panels[p];
        format!("{} at {:?} runs past the window", panel.id, panel.rect)
    });
    covered_controls(report)
        .into_iter()
        .map(|(c, p)| {
            let control = &report.controls[c];
            let panel = &report.panels[p];
            format!(
                "{} at {:?} under {} at {:?}",
                control.name.as_deref().unwrap_or("a control"),
                control.rect,
                panel.id,
                panel.rect
            )
        })
        .chain(off)
        .collect()
}

/// One screen at one menu size: the app's arguments, and whether they name the kiosk profile
/// (written beside the settings, with the same menu size).
struct Screen {
    scale: f32,
    args: Vec<String>,
    kiosk: bool,
}

/// The screens checked at each menu size.
fn screens() -> Vec<Screen> {
    let owned = |args: &[&str]| args.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
    let mut args: Vec<(Vec<String>, bool)> = Vec::new();
    for game in ["splay", "cash-in-hand", "intermedium", "grabber", "support"] {
        args.push((owned(&["--game", game, "--screen", "how-to-play"]), false));
    }
    for game in ["splay", "cash-in-hand"] {
        args.push((owned(&["--game", game]), false));
    }
    // Cash In Hand's count chooser, the tallest panel.
    args.push((owned(&["--game", "cash-in-hand", "--partial", "a1"]), false));
    // The position editor with the most fields (Support's captures and centre holder).
    args.push((owned(&["--game", "support", "--screen", "editor"]), false));
    args.push((owned(&["--screen", "title"]), false));
    // The puzzles' panel with its longest goal (Cash In Hand's, and its one stack).
    args.push((
        owned(&["--game", "cash-in-hand", "--screen", "puzzles"]),
        false,
    ));
    args.push((owned(&["--screen", "settings"]), false));
    // A long game that has ended: the game-over dialog over the panels, the longest move list.
    let replay = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/replays/splay.ron");
    let replay = replay.display().to_string();
    for kiosk in [false, true] {
        args.push((owned(&["--load", &replay, "--screen", "game"]), kiosk));
    }
    args.push((owned(&["--screen", "attract"]), true));
    args.push((owned(&["--screen", "idle-prompt"]), true));
    [1.0, LARGEST]
        .into_iter()
        .flat_map(|scale| {
            args.iter().map(move |(args, kiosk)| Screen {
                scale,
                args: args.clone(),
                kiosk: *kiosk,
            })
        })
        .collect()
}

/// Renders `screen` in a folder of its own (its settings, profile and screenshot) and returns
/// what covers what there.
fn check_screen(x: &Xvfb, screen: &Screen, number: usize) -> Vec<String> {
    let scale = screen.scale;
    let dir = Scratch::new(&format!("panels-{number}"));
    std::fs::write(
        dir.join("settings.ron"),
        format!("(version: 1, ui_scale: {scale:.1})"),
    )
    .unwrap();
    let mut args: Vec<String> = Vec::new();
    if screen.kiosk {
        let profile = dir.join("kiosk.ron");
        let example = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron"),
        )
        .unwrap();
        std::fs::write(
            &profile,
            example.replacen("ui_scale: 1.25", &format!("ui_scale: {scale:.1}"), 1),
        )
        .unwrap();
        args.extend(["--profile".to_owned(), profile.display().to_string()]);
    }
    // The games the app saves on its own stay in this folder.
    args.extend(["--data-dir".to_owned(), dir.display().to_string()]);
    args.extend(screen.args.iter().cloned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let report = final_layout(x, &dir, &args);
    let _ = std::fs::remove_dir_all(&dir);
    // Attract mode has no controls: a touch anywhere leaves it.
    assert!(
        !report.controls.is_empty() || args.contains(&"attract"),
        "{args:?}: no controls reported"
    );
    overlaps(&report)
        .into_iter()
        .map(|overlap| format!("scale {scale}, {args:?}: {overlap}"))
        .collect()
}

#[test]
fn no_panel_covers_another_panels_controls_on_any_screen() {
    let _alone = crate::common::xvfb::one_at_a_time();
    if let Some(why) = missing_tools(&["Xvfb"]) {
        eprintln!("panel test skipped: {why}");
        return;
    }
    let x = Xvfb::start(1280, 720);
    let screens = screens();
    let found = common::two_at_a_time(&screens, |screen, number| check_screen(&x, screen, number));
    assert!(
        found.is_empty(),
        "{} screens, covered controls:\n{}",
        screens.len(),
        found.join("\n")
    );
}

#[test]
fn every_touch_target_on_every_kiosk_screen_is_at_least_48_px() {
    let _alone = crate::common::xvfb::one_at_a_time();
    if let Some(why) = missing_tools(&["Xvfb"]) {
        eprintln!("touch-target test skipped: {why}");
        return;
    }
    // A kiosk's screen: the window fills it, and the profile's menu size applies in full.
    let x = Xvfb::start(1920, 1080);
    let owned = |args: &[&str]| args.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
    // Every screen a visitor meets, at the example profile's own menu size. (The staff's
    // Statistics page is left out: its charts' axis strips count as drag areas, though dragging
    // them does nothing; its buttons are as large as these.)
    let screens: Vec<Vec<String>> = vec![
        owned(&["--screen", "attract"]),
        owned(&["--screen", "title"]),
        owned(&["--game", "splay"]),
        owned(&["--game", "cash-in-hand", "--partial", "a1"]),
        owned(&["--game", "grabber", "--screen", "how-to-play"]),
        owned(&["--game", "splay", "--screen", "puzzles"]),
        owned(&["--screen", "idle-prompt"]),
    ];
    let small = common::two_at_a_time(&screens, |args, number| small_targets(&x, args, number));
    assert!(
        small.is_empty(),
        "touch targets under {TOUCH_TARGET} px:\n{}",
        small.join("\n")
    );
}

/// The kiosk's controls on one screen smaller than a finger's [`TOUCH_TARGET`].
fn small_targets(x: &Xvfb, args: &[String], number: usize) -> Vec<String> {
    let dir = Scratch::new(&format!("targets-{number}"));
    let profile = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron");
    let mut all = vec![
        "--profile".to_owned(),
        profile.display().to_string(),
        "--data-dir".to_owned(),
        dir.join("data").display().to_string(),
        "--window-size".to_owned(),
        "1920x1080".to_owned(),
    ];
    all.extend(args.iter().cloned());
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let report = final_layout(x, &dir, &all);
    let _ = std::fs::remove_dir_all(&dir);
    small_controls(&report)
        .into_iter()
        .map(|c| format!("{args:?}: {c}"))
        .collect()
}

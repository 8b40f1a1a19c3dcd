//! No panel covers another panel's controls: every screen rendered in a real window (Xvfb, Mesa's
//! software Vulkan) at 1280x720, at the normal and at the largest menu size, its layout read from
//! `--print-layout`, and every control checked against the panels drawn above it (dialogs such
//! as Settings may cover what is under them while they are open).
//! Without Xvfb it says why it skips; with `CI` set it fails instead.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use common::xvfb::{Xvfb, missing_tools};
use stackyard::game::screens::layout_report::{LINE_PREFIX, LayoutReport, covered_controls};

/// The largest menu size the Settings window offers.
const LARGEST: f32 = 2.0;

/// The last layout the app printed before it saved its screenshot and ended.
fn final_layout(x: &Xvfb, dir: &Path, args: &[&str]) -> LayoutReport {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .arg("--print-layout")
        .arg("--screenshot")
        .arg(dir.join("shot.png"))
        .arg("--config-dir")
        .arg(dir)
        .args(args)
        .env("DISPLAY", &x.display)
        .env("WGPU_BACKEND", "vulkan")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run the app");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    BufReader::new(out.stdout.as_slice())
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| l.strip_prefix(LINE_PREFIX).map(str::to_owned))
        .last()
        .map(|text| ron::from_str(&text).expect("a layout line"))
        .unwrap_or_else(|| panic!("{args:?} printed no layout"))
}

/// What covers what on one screen, in words.
fn overlaps(report: &LayoutReport) -> Vec<String> {
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
        .collect()
}

#[test]
fn no_panel_covers_another_panels_controls_on_any_screen() {
    if let Some(why) = missing_tools(&["Xvfb"]) {
        eprintln!("panel test skipped: {why}");
        return;
    }
    let x = Xvfb::start(1280, 720);
    let mut screens: Vec<Vec<String>> = Vec::new();
    for game in ["splay", "cash-in-hand", "intermedium", "grabber", "support"] {
        screens.push(vec![
            "--game".into(),
            game.into(),
            "--screen".into(),
            "how-to-play".into(),
        ]);
    }
    for game in ["splay", "cash-in-hand"] {
        screens.push(vec!["--game".into(), game.into()]);
    }
    // Cash In Hand's count chooser, the tallest panel.
    screens.push(vec![
        "--game".into(),
        "cash-in-hand".into(),
        "--partial".into(),
        "a1".into(),
    ]);
    screens.push(vec!["--screen".into(), "title".into()]);
    screens.push(vec!["--screen".into(), "settings".into()]);
    let mut found = Vec::new();
    let mut checked = 0;
    for scale in [1.0, LARGEST] {
        let dir =
            std::env::temp_dir().join(format!("stackyard-panels-{scale}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("settings.ron"),
            format!("(version: 1, ui_scale: {scale:.1})"),
        )
        .unwrap();
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
        let kiosk = |screen: &str| -> Vec<String> {
            vec![
                "--profile".into(),
                profile.display().to_string(),
                "--screen".into(),
                screen.into(),
            ]
        };
        for args in screens
            .iter()
            .cloned()
            .chain([kiosk("attract"), kiosk("idle-prompt")])
        {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let report = final_layout(&x, &dir, &args);
            // Attract mode has no controls: a touch anywhere leaves it.
            assert!(
                !report.controls.is_empty() || args.contains(&"attract"),
                "{args:?}: no controls reported"
            );
            checked += 1;
            for overlap in overlaps(&report) {
                found.push(format!("scale {scale}, {args:?}: {overlap}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{checked} screens, covered controls:\n{}",
        found.join("\n")
    );
}

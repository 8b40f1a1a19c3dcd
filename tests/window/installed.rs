//! Stackyard as installed or unpacked elsewhere: the binary and its assets copied into a folder
//! of their own, started from a third folder, with nothing pointing back at the source (no
//! `CARGO_MANIFEST_DIR`, no `BEVY_ASSET_ROOT`, the source-folder fallback switched off). What
//! only the files give must take effect: the high-contrast theme, German and the title's
//! pictures. Without the assets it says so clearly and still renders. `--version` names the
//! commit when built from a git checkout.
//! Without Xvfb the rendering cases say why they skip; with `CI` set they fail instead.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::xvfb::{Xvfb, missing_tools};
use stackyard::app::layout_report::{LINE_PREFIX, LayoutReport};
use stackyard::files::assets::{ASSETS_ENV, NO_SOURCE_ENV};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("installed-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A copy of the program in `dir/stackyard/`, with its assets beside it or not.
fn install(dir: &Path, with_assets: bool) -> PathBuf {
    let folder = dir.join("stackyard");
    std::fs::create_dir_all(&folder).unwrap();
    let program = folder.join("stackyard");
    std::fs::copy(env!("CARGO_BIN_EXE_stackyard"), &program).unwrap();
    if with_assets {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        copy_folder(&source, &folder.join("assets"));
    }
    program
}

/// Runs the copy from `dir/elsewhere`, with nothing in its environment pointing at the source.
fn run_copy(program: &Path, dir: &Path, display: Option<&str>, args: &[&str]) -> Output {
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(&elsewhere)
        .env_remove("CARGO_MANIFEST_DIR")
        .env_remove("BEVY_ASSET_ROOT")
        .env_remove(ASSETS_ENV)
        .env(NO_SOURCE_ENV, "1")
        .env("WGPU_BACKEND", "vulkan")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(display) = display {
        command.env("DISPLAY", display);
    }
    command.output().expect("run the copy")
}

/// The title rendered by the copy with the high-contrast theme in German: its last layout and
/// its error stream.
fn title_in_german_high_contrast(with_assets: bool) -> (LayoutReport, String) {
    let x = Xvfb::start(1280, 720);
    let dir = scratch(if with_assets { "with" } else { "without" });
    let program = install(&dir, with_assets);
    let shot = dir.join("title.png");
    let out = run_copy(
        &program,
        &dir,
        Some(&x.display),
        &[
            "--print-layout",
            "--screenshot",
            shot.to_str().unwrap(),
            "--config-dir",
            dir.join("config").to_str().unwrap(),
            "--data-dir",
            dir.join("data").to_str().unwrap(),
            "--theme",
            "high-contrast",
            "--language",
            "de",
        ],
    );
    let errors = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{errors}");
    assert!(shot.is_file(), "no screenshot: {errors}");
    let report = BufReader::new(out.stdout.as_slice())
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| l.strip_prefix(LINE_PREFIX).map(str::to_owned))
        .last()
        .map(|text| ron::from_str(&text).expect("a layout line"))
        .expect("a layout");
    (report, errors)
}

#[test]
fn a_copy_elsewhere_finds_its_assets_and_runs_without_them() {
    let _alone = crate::common::xvfb::one_at_a_time();
    if let Some(why) = missing_tools(&["Xvfb"]) {
        eprintln!("installed-copy test skipped: {why}");
        return;
    }
    let (report, errors) = title_in_german_high_contrast(true);
    assert_eq!(report.screen, "title");
    assert_eq!(report.looks.theme, "high-contrast", "{errors}");
    assert_eq!(report.looks.language, "de", "{errors}");
    assert_eq!(report.looks.pictures, 5, "{errors}");
    assert!(!errors.contains("no assets folder"), "{errors}");

    let (report, errors) = title_in_german_high_contrast(false);
    assert_eq!(
        errors.matches("no assets folder found").count(),
        1,
        "said once: {errors}"
    );
    assert!(errors.contains("--assets DIR"), "{errors}");
    assert_eq!(report.looks.theme, "wood");
    assert_eq!(report.looks.language, "en");
    assert_eq!(report.looks.pictures, 0);
}

#[test]
fn a_named_folder_without_assets_is_refused() {
    let _alone = crate::common::xvfb::one_at_a_time();
    let dir = scratch("named");
    let program = install(&dir, false);
    let out = run_copy(&program, &dir, None, &["--assets", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(
        errors.contains("--assets names nowhere, which is not a Stackyard assets folder"),
        "{errors}"
    );
}

#[test]
fn the_version_names_the_commit_in_a_git_checkout() {
    let _alone = crate::common::xvfb::one_at_a_time();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .arg("--version")
        .output()
        .unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let commit = manifest
        .join(".git")
        .exists()
        .then(|| {
            Command::new("git")
                .args(["rev-parse", "--short=9", "HEAD"])
                .current_dir(manifest)
                .output()
                .ok()
                .filter(|o| o.status.success())
        })
        .flatten()
        .map(|o| String::from_utf8(o.stdout).unwrap().trim().to_owned());
    match commit {
        Some(c) => assert_eq!(printed, format!("stackyard {version} ({c})\n")),
        None => assert_eq!(printed, format!("stackyard {version}\n")),
    }
}

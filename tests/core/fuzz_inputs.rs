//! Runs the fuzz targets' checks (fuzz/src/checks.rs) over their seeds and over every input that
//! once crashed a fuzzer (fuzz/regressions/), on stable Rust: the crashes stay fixed, and the
//! checks themselves keep compiling with the game.

#[path = "../../fuzz/src/checks.rs"]
#[allow(dead_code, reason = "each check runs from its own test")]
mod checks;

use std::path::Path;

/// Runs `check` over every file of the target's seed and regression folders; returns how many.
fn run_inputs(target: &str, check: fn(&[u8])) -> usize {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut count = 0;
    for folder in ["seeds", "regressions"] {
        let dir = fuzz.join(folder).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable folder").path();
            let data = std::fs::read(&path).expect("a readable input");
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{} fails its check", path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn position_inputs_pass() {
    assert!(run_inputs("position", checks::position) >= 40);
}

#[test]
fn move_inputs_pass() {
    assert!(run_inputs("moves", checks::moves) >= 40);
}

#[test]
fn save_file_inputs_pass() {
    assert!(run_inputs("save_file", checks::save_file) >= 7);
}

#[test]
fn action_inputs_pass() {
    assert!(run_inputs("actions", checks::actions) >= 7);
}

#[test]
fn settings_inputs_pass() {
    assert!(run_inputs("settings", checks::settings) >= 6);
}

/// The regressions are real crashes: with the fixes undone they panic, so each must be kept.
#[test]
fn every_target_keeps_its_regressions() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    for target in ["position", "moves", "save_file"] {
        let n = std::fs::read_dir(fuzz.join(target)).map_or(0, Iterator::count);
        assert!(n >= 1, "{target} has no regression inputs");
    }
}

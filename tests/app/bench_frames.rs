//! `stackyard bench-frames` as a person runs it: off-screen, no window and no X server, it
//! replays the recorded games with their animations and prints frame times, the CPU time by
//! where it went, the GPU's time by pass, and the bare scene's beside them; bad arguments are
//! refused with a message. Drawing needs a Vulkan adapter (Mesa's lavapipe will do); without
//! one the drawing test says why it skips, and with `CI` set it fails instead.

fn bench_frames(args: &[&str]) -> std::process::Output {
    crate::common::headless::off_screen("bench-frames", args)
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    for (args, said) in [
        (&["--size", "10x10"][..], "bad --size '10x10'"),
        (&["--size", "wide"][..], "give WIDTHxHEIGHT"),
        (&["--seconds", "0"][..], "bad --seconds 0"),
        (&["--quality", "ultra"][..], "ultra"),
        (&["--in-flight", "0"][..], "--in-flight"),
    ] {
        let out = bench_frames(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

#[test]
fn low_is_measured_off_screen_while_the_games_replay() {
    let out = bench_frames(&[
        "--quality",
        "low",
        "--seconds",
        "6",
        "--size",
        "640x360",
        "--json",
        "--gpu-passes",
        // The CPU prepares a frame while the GPU draws the last, as in a window.
        "--in-flight",
        "2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr);
        assert!(
            std::env::var_os("CI").is_none(),
            "bench-frames failed in CI: {why}"
        );
        eprintln!(
            "skipped: no Vulkan adapter to draw with ({})",
            why.lines().last().unwrap_or("")
        );
        return;
    }
    let line = text.lines().next().expect("one line per level");
    let number_in = |line: &str, key: &str| -> f64 {
        let at = line
            .find(&format!("\"{key}\": "))
            .unwrap_or_else(|| panic!("{key} in {line}"));
        line[at + key.len() + 4..]
            .split([',', '}'])
            .next()
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    let number = |key: &str| number_in(line, key);
    assert!(line.contains("\"quality\": \"low\""), "{line}");
    assert!(line.contains("\"adapter\": \""), "{line}");
    assert_eq!(number("in_flight"), 2.0, "{line}");
    assert!(number("frames") >= 5.0, "{line}");
    assert!(number("decisions") >= 1.0, "the games did not move: {line}");
    assert!(number("p50_ms") > 0.0, "{line}");
    assert!(
        number("p50_ms") <= number("p99_ms") && number("p99_ms") <= number("max_ms"),
        "{line}"
    );
    // The CPU's share: the main world's schedules and the render world's stages add up.
    let parts = ["main_ms", "extract_ms", "views_ms", "queue_ms", "submit_ms"];
    let sum: f64 = parts.iter().map(|k| number(k)).sum();
    assert!((number("cpu_ms") - sum).abs() < 0.01, "{line}");
    assert!(number("main_ms") > 0.0 && number("Update") > 0.0, "{line}");
    // The bare scene, measured beside the game, and the ratio of their CPU times.
    let bare = &line[line.find("\"bare\": ").expect("the bare scene")..];
    assert!(number_in(bare, "frames") >= 1.0, "{bare}");
    assert!(number_in(bare, "cpu_ms") > 0.0, "{bare}");
    let ratio = number("cpu_ratio");
    assert!(
        (ratio - number("cpu_ms") / number_in(bare, "cpu_ms")).abs() < 0.01,
        "{line}"
    );
    // The GPU's time by pass: Mesa's lavapipe has timestamp queries, so the 3D view's main
    // pass is timed there.
    let passes = &line[line.find("\"gpu_passes\": {").expect("the GPU's passes")..];
    if line.contains("llvmpipe") {
        assert!(number_in(passes, "main_opaque_pass_3d") > 0.0, "{passes}");
    }
}

//! `stackyard gif` as a person runs it: off-screen, no window and no X server, a saved game
//! becomes a GIF that decodes at the size asked, with one frame for the start and two for each
//! move, each a picture of the board that the moves change; bad sizes and files are refused
//! with a reason. Drawing needs a Vulkan adapter (Mesa's lavapipe will do); without one the
//! drawing test says why it skips, and with `CI` set it fails instead.

use stackyard::files::scratch::Scratch;
use std::path::{Path, PathBuf};

use stackyard::files::save::{SaveFile, SavedSeats};
use stackyard::rules::{AnyGame, GameId};

fn gif(args: &[&str]) -> std::process::Output {
    crate::common::headless::off_screen("gif", args)
}

/// A folder of the test's own with a saved Splay game of three moves.
fn three_moves(name: &str) -> (Scratch, PathBuf) {
    let dir = Scratch::new(&format!("gif-{name}"));
    let start = AnyGame::start_with(GameId::Splay, []).unwrap();
    let moves = ["c3-c4", "c6-c5", "d3-d4"].map(String::from);
    let save = dir.join("game.ron");
    SaveFile::of(&start, &moves, SavedSeats::default())
        .store(&save)
        .unwrap();
    (dir, save)
}

/// The GIF's size and the pictures it shows, in RGBA: each frame laid over the one before
/// (a frame may cover only what changed).
fn decoded_frames(path: &Path) -> (u16, u16, Vec<Vec<u8>>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(path).unwrap())
        .unwrap();
    let (w, h) = (decoder.width(), decoder.height());
    let mut shown = vec![0u8; usize::from(w) * usize::from(h) * 4];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        let fw = usize::from(frame.width);
        for (y, row) in frame.buffer.chunks(fw * 4).enumerate() {
            let at = ((top + y) * usize::from(w) + left) * 4;
            shown[at..at + fw * 4].copy_from_slice(row);
        }
        frames.push(shown.clone());
    }
    (w, h, frames)
}

/// How many pixels two frames differ in.
fn pixels_apart(a: &[u8], b: &[u8]) -> usize {
    a.chunks(4).zip(b.chunks(4)).filter(|(p, q)| p != q).count()
}

/// How many colours a frame has.
fn colours(frame: &[u8]) -> usize {
    frame
        .chunks(4)
        .collect::<std::collections::HashSet<_>>()
        .len()
}

#[test]
fn a_saved_game_becomes_a_gif_of_its_start_and_each_move() {
    let (dir, save) = three_moves("draw");
    let out = dir.join("game.gif");
    let run = gif(&[
        "--load",
        save.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--size",
        "480x270",
    ]);
    if !run.status.success() {
        let why = String::from_utf8_lossy(&run.stderr);
        assert!(std::env::var_os("CI").is_none(), "gif failed in CI: {why}");
        eprintln!(
            "skipped: no Vulkan adapter to draw with ({})",
            why.lines().last().unwrap_or("")
        );
        return;
    }
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(said.contains("7 frames, 480x270, 3 moves"), "{said}");
    let (w, h, frames) = decoded_frames(&out);
    assert_eq!((w, h, frames.len()), (480, 270, 1 + 2 * 3));
    // Each frame is a picture of the board (opaque, many colours), not an empty image, and
    // the moves change it.
    for (i, f) in frames.iter().enumerate() {
        assert!(f.chunks(4).all(|p| p[3] == 255), "frame {i} is not opaque");
        assert!(colours(f) > 64, "frame {i} has {} colours", colours(f));
    }
    let moved = pixels_apart(&frames[0], &frames[6]);
    assert!(moved > 200, "three moves changed {moved} pixels");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_sizes_and_files_are_refused_with_a_reason() {
    let (dir, save) = three_moves("refuse");
    let save = save.to_str().unwrap();
    let out = dir.join("x.gif");
    let out = out.to_str().unwrap();
    let missing = dir.join("missing.ron");
    let not_a_save = dir.join("not-a-save.ron");
    std::fs::write(&not_a_save, "hello").unwrap();
    for (args, code, said) in [
        (
            vec!["--load", save, "--out", out, "--size", "320x200"],
            2,
            "a GIF is 480x270 to 1280x720",
        ),
        (
            vec!["--load", save, "--out", out, "--size", "1920x1080"],
            2,
            "a GIF is 480x270 to 1280x720",
        ),
        (
            vec!["--load", save, "--out", out, "--size", "big"],
            2,
            "give WIDTHxHEIGHT",
        ),
        (
            vec!["--load", save, "--out", "/no/such/folder/x.gif"],
            2,
            "its folder does not exist",
        ),
        (
            vec!["--load", missing.to_str().unwrap(), "--out", out],
            2,
            "cannot be read",
        ),
        (
            vec!["--load", not_a_save.to_str().unwrap(), "--out", out],
            2,
            "not a Stackyard save",
        ),
    ] {
        let run = gif(&args);
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
    assert!(
        !Path::new(out).exists(),
        "nothing is written for a refused request"
    );
    let _ = std::fs::remove_dir_all(dir);
}

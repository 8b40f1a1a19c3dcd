//! The kiosk's "Continue this game at home" code: a kiosk whose profile names a `share_base`,
//! shown a finished game, draws a QR code; read back from the screenshot (rqrr), it is the
//! exact link to that game, which opens the same moves. Without Xvfb it says why it skips; with
//! `CI` set it fails instead.

use std::path::Path;
use std::process::Command;

use stackyard::files::save::SaveFile;
use stackyard::files::scratch::Scratch;
use stackyard::files::share_link::read_link;

use crate::common::xvfb::missing_tools;

const BASE: &str = "https://museum.example/stackyard/";

/// Every QR code found in a picture, as text.
fn codes_in(img: &image::RgbImage) -> Vec<String> {
    let (w, h) = img.dimensions();
    let mut prepared =
        rqrr::PreparedImage::prepare_from_greyscale(w as usize, h as usize, |x, y| {
            let p = img.get_pixel(x as u32, y as u32);
            ((u32::from(p[0]) * 3 + u32::from(p[1]) * 6 + u32::from(p[2])) / 10) as u8
        });
    prepared
        .detect_grids()
        .into_iter()
        .filter_map(|grid| grid.decode().ok().map(|(_, text)| text))
        .collect()
}

#[test]
fn a_finished_game_at_the_kiosk_shows_a_code_that_reads_back_to_its_link() {
    let _alone = crate::common::xvfb::one_at_a_time();
    if let Some(why) = missing_tools(&["xvfb-run"]) {
        assert!(std::env::var_os("CI").is_none(), "cannot run: {why}");
        eprintln!("take-home test skipped: {why}");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Scratch::new("take-home");
    let profile = std::fs::read_to_string(root.join("assets/exhibition.ron"))
        .unwrap()
        .replace("share_base: None", &format!("share_base: Some(\"{BASE}\")"));
    let profile_path = dir.join("kiosk.ron");
    std::fs::write(&profile_path, profile).unwrap();
    let record = root.join("assets/replays/grabber.ron");
    let shot = dir.join("over.png");
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1920x1080x24"])
        .arg(env!("CARGO_BIN_EXE_stackyard"))
        .arg("--profile")
        .arg(&profile_path)
        .args(["--screen", "game", "--load"])
        .arg(&record)
        .arg("--screenshot")
        .arg(&shot)
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .unwrap();
    assert!(
        out.status.success() && shot.exists(),
        "{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&shot).unwrap().to_rgb8();
    let codes = codes_in(&img);
    assert_eq!(codes.len(), 1, "codes found: {codes:?}");
    let link = &codes[0];
    assert!(link.starts_with(&format!("{BASE}#grabber/")), "{link}");
    let (file, _) = SaveFile::load(&record).unwrap();
    assert_eq!(read_link(link).unwrap().moves, file.moves);
}

//! Renders a known position headlessly (Xvfb, Mesa's software Vulkan) and checks that a black and
//! a white stone appear where the app's layout (`--print-layout`) says their stacks' tops are, in
//! their colours, on a wooden board: a blank
//! or wrong frame cannot pass, at Low and at High quality, on a table whose grain shows; and the
//! same in the high-contrast theme, on slate cells.
//! Without Xvfb it says why it skips; with `CI` set it fails instead.

use stackyard::files::scratch::Scratch;
use std::path::Path;
use std::process::Command;

use stackyard::app::layout_report::{LINE_PREFIX, LayoutReport};

const START: &str = "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0";
const W: u32 = 1280;
const H: u32 = 720;

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The mean colour of the 5x5 pixels around a point, as 0..1 floats.
fn sample(img: &image::RgbImage, x: f32, y: f32) -> [f32; 3] {
    let mut sum = [0.0f32; 3];
    let mut n = 0.0;
    for dy in -2..=2 {
        for dx in -2..=2 {
            let px = (x as i32 + dx).clamp(0, W as i32 - 1) as u32;
            let py = (y as i32 + dy).clamp(0, H as i32 - 1) as u32;
            let p = img.get_pixel(px, py);
            for c in 0..3 {
                sum[c] += f32::from(p[c]) / 255.0;
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / n)
}

fn luminance(c: [f32; 3]) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

fn saturation(c: [f32; 3]) -> f32 {
    let max = c[0].max(c[1]).max(c[2]);
    let min = c[0].min(c[1]).min(c[2]);
    if max <= 0.0 { 0.0 } else { (max - min) / max }
}

/// A picture and the layout it was drawn with.
struct Shot {
    img: image::RgbImage,
    layout: LayoutReport,
}

impl Shot {
    /// Where the top face of the stack on `cell` appears.
    fn stack_top(&self, cell: &str) -> (f32, f32) {
        let spot = self
            .layout
            .cells
            .iter()
            .find(|c| c.cell == cell)
            .unwrap_or_else(|| panic!("{cell} is not in the layout"));
        (spot.top[0], spot.top[1])
    }
}

/// Renders START with extra arguments; `None` (having said why) where it cannot run here.
fn render(name: &str, extra: &[&str]) -> Option<Shot> {
    if !have("xvfb-run") {
        let why = "xvfb-run is not installed (apt-get install xvfb mesa-vulkan-drivers)";
        assert!(
            std::env::var_os("CI").is_none(),
            "render test cannot run: {why}"
        );
        eprintln!("render test skipped: {why}");
        return None;
    }
    let dir = Scratch::new(&format!("render-{name}"));
    let shot = dir.join("start.png");
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x720x24"])
        .arg(env!("CARGO_BIN_EXE_stackyard"))
        .arg("--screenshot")
        .arg(&shot)
        .arg("--print-layout")
        .args(["--position", START])
        .args(extra)
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .expect("xvfb-run runs");
    assert!(
        out.status.success() && Path::new(&shot).exists(),
        "the screenshot failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&shot).expect("a PNG").to_rgb8();
    assert_eq!(img.dimensions(), (W, H));
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix(LINE_PREFIX))
        .expect("a layout line");
    let layout = ron::from_str(line).expect("a layout");
    Some(Shot { img, layout })
}

/// Black's two-stone stack on c2, White's on c7 and the empty cell d4 between them.
fn stones_and_cell(shot: &Shot) -> ([f32; 3], [f32; 3], [f32; 3], String) {
    let img = &shot.img;
    let (bx, by) = shot.stack_top("c2");
    let (wx, wy) = shot.stack_top("c7");
    let (ex, ey) = shot.stack_top("d4");
    let black = sample(img, bx, by);
    let white = sample(img, wx, wy);
    let board = sample(img, ex, ey);
    let report = format!(
        "black {black:?} at ({bx},{by}), white {white:?} at ({wx},{wy}), board {board:?} at ({ex},{ey})"
    );
    (black, white, board, report)
}

/// The standard deviation of the luminance (0..255) of the table left of the board
/// (x 40–240, y 250–500): the grain and the light, never a flat colour.
fn table_spread(img: &image::RgbImage) -> f32 {
    let values: Vec<f32> = (250..500)
        .flat_map(|y| (40..240).map(move |x| (x, y)))
        .map(|(x, y)| {
            let p = img.get_pixel(x, y);
            255.0 * luminance([0, 1, 2].map(|c| f32::from(p[c]) / 255.0))
        })
        .collect();
    let mean = values.iter().sum::<f32>() / values.len() as f32;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / values.len() as f32).sqrt()
}

#[test]
fn at_low_quality_the_stones_stand_where_they_are_on_a_grained_table() {
    let _alone = crate::common::xvfb::one_at_a_time();
    the_stones_stand_where_they_are_on_a_grained_table("low");
}

#[test]
fn at_high_quality_the_stones_stand_where_they_are_on_a_grained_table() {
    let _alone = crate::common::xvfb::one_at_a_time();
    the_stones_stand_where_they_are_on_a_grained_table("high");
}

/// `quality`'s screenshot: the stones where they stand, the wood, the grain beside the board.
/// At High the glossy black stones mirror the room (image-based lighting), so their tops read a
/// little lighter than at Low, yet far darker than the cells.
fn the_stones_stand_where_they_are_on_a_grained_table(quality: &str) {
    let darkest_black = if quality == "low" { 0.22 } else { 0.3 };
    let Some(shot) = render(&format!("wood-{quality}"), &["--quality", quality]) else {
        return;
    };
    let spread = table_spread(&shot.img);
    assert!(
        spread >= 4.0,
        "the table left of the board is flat at {quality}: luminance spread {spread:.1} of 255"
    );
    let (black, white, board, report) = stones_and_cell(&shot);
    assert!(
        luminance(black) < darkest_black && luminance(board) - luminance(black) > 0.35,
        "no black stone where c2 is: {report}"
    );
    assert!(
        luminance(white) > 0.5,
        "no white stone where c7 is: {report}"
    );
    assert!(
        saturation(black) < 0.35 && saturation(white) < 0.3,
        "stones are not grey: {report}"
    );
    assert!(
        saturation(board) > 0.2 && board[0] > board[2] && luminance(board) > 0.2,
        "the empty cell is not wood: {report}"
    );
}

#[test]
fn the_high_contrast_theme_reaches_the_screen() {
    let _alone = crate::common::xvfb::one_at_a_time();
    let Some(shot) = render(
        "contrast",
        &["--theme", "high-contrast", "--quality", "low"],
    ) else {
        return;
    };
    let (black, white, board, report) = stones_and_cell(&shot);
    assert!(luminance(black) < 0.25, "black stone: {report}");
    assert!(luminance(white) > 0.6, "white stone: {report}");
    // Slate, not wood: grey with a touch of blue.
    assert!(
        saturation(board) < 0.2 && board[2] >= board[0],
        "the empty cell is not slate: {report}"
    );
    assert!(
        luminance(white) - luminance(board) > 0.2 && luminance(board) - luminance(black) > 0.1,
        "the stones do not stand out from the cells: {report}"
    );
}

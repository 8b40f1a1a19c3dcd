//! The bare scene in a window: an app of Bevy's default plugins alone, drawing the meshes,
//! materials, lights, shadow settings and camera of a Splay game's 3D view at one quality
//! level, and nothing else. It is what `stackyard bench-frames` measures beside the game.
//!
//! `cargo run --release --example bare_scene -- [low|medium|high]` (High when none is named).

use stackyard::files::settings::Quality;

fn main() -> std::process::ExitCode {
    let asked = std::env::args().nth(1).unwrap_or_else(|| "high".to_owned());
    let quality = match asked.parse::<Quality>() {
        Ok(quality) => quality,
        Err(why) => {
            eprintln!("bare_scene: {why}");
            return std::process::ExitCode::from(2);
        }
    };
    match stackyard::app::bare_scene::show_in_a_window(quality, bevy::math::UVec2::new(1280, 720)) {
        Ok(_) => std::process::ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("bare_scene: {why}");
            std::process::ExitCode::FAILURE
        }
    }
}

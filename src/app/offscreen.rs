//! Pictures of the off-screen canvas (no window): frames drawn until the scene has settled, and
//! the canvas captured as RGBA bytes. `stackyard gif` draws its frames this way, and the tests
//! that judge pixels (a stone's colour from every angle) look at them.

use crate::platform::clock::Instant;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::camera::RenderTarget;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::game::view::canvas::Canvas;

/// The most settling or a capture may take (software rendering is slow).
const PATIENCE: Duration = Duration::from_secs(120);

/// The canvas's first picture once the scene is drawn: settled, and taken again while the canvas
/// still shows nothing (a fast build can settle before the scene's first pipelines are queued).
///
/// # Errors
/// When nothing was drawn in time.
pub fn first_picture(app: &mut App, size: UVec2) -> Result<Vec<u8>, String> {
    let started = Instant::now();
    loop {
        settle(app);
        let rgba = capture(app, size)?;
        if drawn(&rgba) {
            return Ok(rgba);
        }
        if started.elapsed() > PATIENCE {
            return Err("the board was not drawn".to_owned());
        }
    }
}

/// Whether an RGBA picture shows a scene: opaque everywhere (an undrawn canvas is clear).
fn drawn(rgba: &[u8]) -> bool {
    rgba.chunks_exact(4).all(|p| p[3] == u8::MAX)
}

/// Draws frames until pipelines are compiled (some, and none waiting), the camera has flown
/// in and stands at its framing, for 10 frames.
pub fn settle(app: &mut App) {
    let started = Instant::now();
    let mut ready = 0;
    while ready < 10 && started.elapsed() < PATIENCE {
        app.update();
        let (total, waiting) = app
            .world()
            .get_resource::<super::pipelines::Pipelines>()
            .map_or((0, 0), super::pipelines::Pipelines::counts);
        let world = app.world_mut();
        let flying = world
            .query::<&crate::game::view::fly_in::FlyIn>()
            .iter(world)
            .next()
            .is_some();
        let framed = world
            .query::<(
                &crate::game::view::camera::Orbit,
                Option<&crate::game::view::framing::FramingGoal>,
            )>()
            .iter(world)
            .all(|(orbit, goal)| goal.is_none_or(|g| g.reached(orbit)));
        ready = if total > 0 && waiting == 0 && !flying && framed {
            ready + 1
        } else {
            0
        };
    }
}

/// The canvas's picture now, as RGBA bytes at `size`.
///
/// # Errors
/// When no frame was drawn in time, or it could not be converted.
pub fn capture(app: &mut App, size: UVec2) -> Result<Vec<u8>, String> {
    let taken: Arc<Mutex<Option<Result<Vec<u8>, String>>>> = Arc::default();
    let into = Arc::clone(&taken);
    let target = canvas_target(app);
    app.world_mut()
        .spawn(Screenshot(target))
        .observe(move |shot: On<ScreenshotCaptured>| {
            if let Ok(mut slot) = into.lock() {
                *slot = Some(rgba_at(&shot.image, size));
            }
        });
    let started = Instant::now();
    loop {
        app.update();
        if let Some(result) = taken.lock().ok().and_then(|mut s| s.take()) {
            return result;
        }
        if started.elapsed() > PATIENCE {
            return Err("a frame was not drawn".to_owned());
        }
    }
}

/// The canvas as the 3D camera draws into it: the screenshot must name the same target, its
/// scale factor included (Low's is not 1), or it reads an image nothing was drawn into.
fn canvas_target(app: &mut App) -> RenderTarget {
    let canvas = app.world().resource::<Canvas>().image();
    let world = app.world_mut();
    let mut cameras = world.query_filtered::<&RenderTarget, With<Camera3d>>();
    cameras
        .iter(world)
        .find(|t| matches!(t, RenderTarget::Image(i) if i.handle == canvas))
        .cloned()
        .unwrap_or_else(|| RenderTarget::Image(canvas.into()))
}

/// A captured image as RGBA bytes at `size` (the canvas may have fewer pixels at Low).
fn rgba_at(image: &Image, size: UVec2) -> Result<Vec<u8>, String> {
    let rgba = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("cannot convert a frame: {e}"))?
        .to_rgba8();
    let sized = if rgba.dimensions() == (size.x, size.y) {
        rgba
    } else {
        image::imageops::resize(&rgba, size.x, size.y, image::imageops::FilterType::Triangle)
    };
    Ok(sized.into_raw())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_canvas_is_not_a_drawn_picture() {
        let mut rgba = [10u8, 20, 30, 255].repeat(6);
        assert!(drawn(&rgba));
        rgba[7] = 0;
        assert!(!drawn(&rgba));
        assert!(!drawn(&[0u8; 24]));
    }
}

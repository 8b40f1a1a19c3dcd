//! When the renderer fails (the graphics device lost to a driver reset or a GPU hang, or any
//! other render error), the app ends with a failure after writing why into the crash report in
//! its data folder, so the kiosk's unit starts it afresh within seconds. Building the renderer
//! again in place was tried: after a lost device, Bevy 0.19's own render systems panic on the
//! dead device's buffers before any recovery could start, so a clean restart is the one way
//! back that works, and it never retries in a loop (no flicker).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::error_handler::{RenderError, RenderErrorHandler, RenderErrorPolicy};

use crate::game::core::problems::Problems;

/// Where the crash report goes: the data folder.
#[derive(Resource, Debug, Clone)]
pub struct CrashFolder(pub PathBuf);

/// Puts the app's answer in place of Bevy's (which quits without a word beyond its log).
pub fn plugin(app: &mut App) {
    app.insert_resource(RenderErrorHandler(handle_render_error));
}

/// The crash report's text for a render error.
#[must_use]
pub fn report(error: &RenderError) -> String {
    format!(
        "Stackyard {} stopped: render error {:?}: {}\n\nIt exits with a failure, so that \
         its service starts it again.\n",
        env!("CARGO_PKG_VERSION"),
        error.ty,
        error.description
    )
}

fn handle_render_error(
    error: &RenderError,
    main_world: &mut World,
    _render_world: &mut World,
) -> RenderErrorPolicy {
    let text = report(error);
    error!("{}", text.trim());
    if let Some(folder) = main_world.get_resource::<CrashFolder>() {
        let path = crate::files::crash::report_path(&folder.0);
        let _ = crate::files::atomic::write_atomically(&path, text.as_bytes());
    }
    if let Some(mut problems) = main_world.get_resource_mut::<Problems>() {
        problems.note("graphics", text.trim().to_owned());
    }
    main_world.write_message(AppExit::error());
    RenderErrorPolicy::StopRendering
}

/// Destroys the graphics device once, `secs` after the start: the driver's reset a test stands in
/// for (the hidden `--lose-device-after`).
pub fn lose_the_device_after(app: &mut App, secs: f32) {
    let started = crate::platform::clock::Instant::now();
    app.sub_app_mut(bevy::render::RenderApp).add_systems(
        bevy::render::Render,
        move |device: Res<bevy::render::renderer::RenderDevice>, mut done: Local<bool>| {
            if !*done && started.elapsed().as_secs_f32() >= secs {
                *done = true;
                warn!("--lose-device-after {secs}: destroying the graphics device");
                device.wgpu_device().destroy();
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_names_the_error_and_the_restart() {
        let error = RenderError {
            ty: bevy::render::error_handler::ErrorType::DeviceLost,
            description: "the driver was reset".into(),
            source: None,
        };
        let text = report(&error);
        assert!(text.contains("DeviceLost: the driver was reset"), "{text}");
        assert!(text.contains("starts it again"), "{text}");
    }
}

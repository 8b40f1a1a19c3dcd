//! The kiosk's window: it fills the screen it is given, also where nothing honours a fullscreen
//! request (an X server without a window manager leaves the window at its first size), and the
//! mouse cursor hides after the profile's `hide_cursor_secs` without input.
//!
//! The window opens borderless at the screen's size and only then asks for fullscreen: winit
//! opens a window created fullscreen at 800x600 and relies on a window manager to resize it, and
//! Bevy then believes it has the size it asked for.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::{
    CursorOptions, Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowMode,
    WindowPosition, WindowResolution,
};

use super::{Exhibition, KioskSystems};

/// The app runs in a kiosk's own window (not to take a screenshot of a profile's screens).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct KioskWindow;

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hide_idle_cursor, enter_fullscreen, fill_the_screen)
            .in_set(KioskSystems)
            .run_if(resource_exists::<KioskWindow>),
    );
}

/// Sets up the kiosk's window before it opens: borderless, at the top left, as large as the X
/// screen where one is known.
pub fn open_borderless(window: &mut Window) {
    window.mode = WindowMode::Windowed;
    window.decorations = false;
    window.position = WindowPosition::At(IVec2::ZERO);
    if let Some(size) = root_window_size() {
        window.resolution = WindowResolution::new(size.x, size.y);
    }
    // The close button and Alt+F4 do nothing.
    window.enabled_buttons = bevy::window::EnabledButtons {
        minimize: false,
        maximize: false,
        close: false,
    };
}

/// Once the window exists, asks for borderless fullscreen on the profile's monitor (the primary
/// one unless it names another).
fn enter_fullscreen(
    exhibition: Res<Exhibition>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let wanted = WindowMode::BorderlessFullscreen(
        exhibition
            .profile
            .monitor
            .map_or(MonitorSelection::Primary, MonitorSelection::Index),
    );
    for mut window in &mut windows {
        if window.mode != wanted {
            window.mode = wanted;
        }
    }
}

/// Whether the cursor should be hidden after `idle` without input.
#[must_use]
pub fn cursor_hidden(hide_after_secs: u32, idle: Duration) -> bool {
    hide_after_secs > 0 && idle >= Duration::from_secs(u64::from(hide_after_secs))
}

fn hide_idle_cursor(
    exhibition: Res<Exhibition>,
    time: Res<Time>,
    mut cursors: Query<&mut CursorOptions, With<PrimaryWindow>>,
) {
    let hidden = cursor_hidden(
        exhibition.profile.hide_cursor_secs,
        exhibition.idle_for(&time),
    );
    for mut cursor in &mut cursors {
        if cursor.visible == hidden {
            cursor.visible = !hidden;
        }
    }
}

/// A screen's place and size in physical pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ScreenRect {
    at: IVec2,
    size: UVec2,
}

/// The profile's monitor (or the primary one), or else the whole X screen when no monitor is
/// known (winit then reports a 1x1 stand-in).
fn screen_to_fill(
    exhibition: &Exhibition,
    monitors: &Query<(&Monitor, Has<PrimaryMonitor>)>,
    root: &mut Option<Option<UVec2>>,
) -> Option<ScreenRect> {
    let mut all: Vec<(&Monitor, bool)> = monitors.iter().collect();
    all.sort_by_key(|(m, _)| (m.physical_position.y, m.physical_position.x));
    let chosen = match exhibition.profile.monitor {
        Some(n) => all.get(n).map(|(m, _)| *m),
        None => all
            .iter()
            .find(|(_, primary)| *primary)
            .or(all.first())
            .map(|(m, _)| *m),
    };
    if let Some(m) = chosen.filter(|m| m.physical_width > 1 && m.physical_height > 1) {
        return Some(ScreenRect {
            at: m.physical_position,
            size: UVec2::new(m.physical_width, m.physical_height),
        });
    }
    let size = (*root.get_or_insert_with(|| {
        let size = root_window_size();
        match size {
            Some(s) => info!("no monitor is known: the kiosk fills the X screen, {s}"),
            None => warn!("no monitor is known, and the screen's size cannot be read"),
        }
        size
    }))?;
    Some(ScreenRect {
        at: IVec2::ZERO,
        size,
    })
}

/// The X root window's size, where an X display is named.
fn root_window_size() -> Option<UVec2> {
    #[cfg(target_os = "linux")]
    {
        std::env::var_os("DISPLAY")?;
        let (conn, screen) = x11rb::connect(None).ok()?;
        let root = x11rb::connection::Connection::setup(&conn)
            .roots
            .get(screen)?;
        Some(UVec2::new(
            u32::from(root.width_in_pixels),
            u32::from(root.height_in_pixels),
        ))
    }
    #[cfg(not(target_os = "linux"))]
    None
}

fn fill_the_screen(
    exhibition: Res<Exhibition>,
    monitors: Query<(&Monitor, Has<PrimaryMonitor>)>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut root: Local<Option<Option<UVec2>>>,
) {
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    let Some(screen) = screen_to_fill(&exhibition, &monitors, &mut root) else {
        return;
    };
    let size = UVec2::new(window.physical_width(), window.physical_height());
    if size != screen.size {
        window
            .resolution
            .set_physical_resolution(screen.size.x, screen.size.y);
        window.position = WindowPosition::At(screen.at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_hides_after_the_profiles_seconds_and_zero_keeps_it() {
        assert!(!cursor_hidden(3, Duration::from_millis(2900)));
        assert!(cursor_hidden(3, Duration::from_secs(3)));
        assert!(!cursor_hidden(0, Duration::from_secs(3600)));
    }
}

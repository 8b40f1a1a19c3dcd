//! The display the game's window is on: the one under the window's centre once the system has
//! placed it, else the primary display. Auto's frame budget (`keeping_up.rs`) and the screen its
//! steps are remembered for (`remembered_steps.rs`) follow the window from display to display.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow, WindowPosition};

/// Finds the display the primary window is on.
#[derive(SystemParam)]
pub struct ThisDisplay<'w, 's> {
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    monitors: Query<'w, 's, (&'static Monitor, Has<PrimaryMonitor>)>,
}

impl ThisDisplay<'_, '_> {
    /// The window's display; `None` when the system names no display.
    pub fn monitor(&self) -> Option<&Monitor> {
        let centre = self.windows.iter().next().and_then(window_centre);
        display_under(centre, self.monitors.iter())
    }
}

/// The window's centre in the desktop's physical pixels, once the system has placed it.
fn window_centre(window: &Window) -> Option<IVec2> {
    match window.position {
        WindowPosition::At(corner) => Some(corner + (window.physical_size() / 2).as_ivec2()),
        WindowPosition::Automatic | WindowPosition::Centered(_) => None,
    }
}

/// The display holding `point`; without one (or without a point), the primary display, else any.
fn display_under<'a>(
    point: Option<IVec2>,
    monitors: impl Iterator<Item = (&'a Monitor, bool)> + Clone,
) -> Option<&'a Monitor> {
    let holds = |m: &Monitor, p: IVec2| {
        let size = UVec2::new(m.physical_width, m.physical_height).as_ivec2();
        let inside = p - m.physical_position;
        inside.cmpge(IVec2::ZERO).all() && inside.cmplt(size).all()
    };
    point
        .and_then(|p| monitors.clone().find(|(m, _)| holds(m, p)))
        .or_else(|| monitors.clone().find(|(_, primary)| *primary))
        .or_else(|| monitors.clone().next())
        .map(|(m, _)| m)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A display of `width`x1080 at 60 Hz whose left edge is at `x`.
    pub(crate) fn display(name: &str, x: i32, width: u32) -> Monitor {
        Monitor {
            name: Some(name.into()),
            physical_height: 1080,
            physical_width: width,
            physical_position: IVec2::new(x, 0),
            refresh_rate_millihertz: Some(59_940),
            scale_factor: 1.0,
            video_modes: Vec::new(),
        }
    }

    #[test]
    fn the_display_under_the_point_else_the_primary_else_any() {
        let left = display("DP-1", 0, 1920);
        let right = display("HDMI-1", 1920, 2560);
        let both = [(&left, false), (&right, true)];
        let name =
            |p: Option<IVec2>| display_under(p, both.iter().copied()).and_then(|m| m.name.clone());
        assert_eq!(name(Some(IVec2::new(100, 500))).as_deref(), Some("DP-1"));
        assert_eq!(name(Some(IVec2::new(1920, 0))).as_deref(), Some("HDMI-1"));
        // Off every display, or not placed yet: the primary.
        assert_eq!(name(Some(IVec2::new(-50, 500))).as_deref(), Some("HDMI-1"));
        assert_eq!(name(None).as_deref(), Some("HDMI-1"));
        let no_primary = [(&left, false)];
        assert_eq!(
            display_under(None, no_primary.iter().copied()).and_then(|m| m.name.clone()),
            Some("DP-1".into())
        );
        assert!(display_under(None, std::iter::empty()).is_none());
    }

    #[test]
    fn a_window_is_placed_by_its_centre() {
        let mut window = Window::default();
        window.resolution.set_physical_resolution(800, 600);
        assert_eq!(window_centre(&window), None);
        window.position = WindowPosition::At(IVec2::new(1800, 100));
        assert_eq!(window_centre(&window), Some(IVec2::new(2200, 400)));
    }
}

//! Auto's steps down are remembered per graphics adapter and display (`files::auto_steps`,
//! `graphics.ron` in the data folder): a start on a screen where a level was too slow begins
//! below it, instead of stuttering again while `keeping_up.rs` finds out. Raising Auto's ceiling
//! again (Settings' "Try again") forgets the screen; a new driver or another display is a new
//! screen, judged afresh. A window moved to another display takes that display's step, or none.

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::{Monitor, WindowMoved};

use crate::files::auto_steps::{AutoSteps, ScreenKey};
use crate::game::core::graphics_level::{AutoCeiling, GraphicsLevel};
use crate::game::core::problems::Problems;
use crate::game::core::saving::SaveFolder;

use super::this_display::ThisDisplay;

/// Auto's steps are kept in the data folder (`SaveFolder`) in this run: one with a window (not
/// `bench-frames`, a GIF's frames or headless tests).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct RemembersSteps;

/// The screen the window is on, once the adapter is known; its remembered step has been read.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
struct ThisScreen(ScreenKey);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            recall_the_step.run_if(
                resource_exists::<RemembersSteps>
                    .and_then(resource_exists::<RenderAdapterInfo>)
                    .and_then(
                        not(resource_exists::<ThisScreen>).or_else(on_message::<WindowMoved>),
                    ),
            ),
            remember_the_step
                .run_if(resource_exists::<ThisScreen>.and_then(resource_changed::<AutoCeiling>)),
        )
            .chain(),
    );
}

/// The screen an adapter and a display make: the adapter's name with its driver, and the
/// display's name, size and refresh (`an unknown display` when the system names none).
#[must_use]
pub fn screen_key(adapter: &RenderAdapterInfo, display: Option<&Monitor>) -> ScreenKey {
    let driver = format!("{} {}", adapter.driver, adapter.driver_info);
    let adapter = match driver.trim() {
        "" => adapter.name.clone(),
        driver => format!("{} ({driver})", adapter.name),
    };
    let display = display.map_or_else(
        || "an unknown display".to_owned(),
        |m| {
            let rate = m.refresh_rate_millihertz.map_or_else(
                || "an unknown rate".to_owned(),
                |mhz| format!("{} Hz", (mhz + 500) / 1000),
            );
            format!(
                "{} {}x{} at {rate}",
                m.name.as_deref().unwrap_or("display"),
                m.physical_width,
                m.physical_height
            )
        },
    );
    ScreenKey { adapter, display }
}

/// Once the adapter is known, and whenever the window lands on another display: Auto's ceiling
/// is set below the level remembered as too slow on this screen, or to the top when none was.
fn recall_the_step(
    folder: Res<SaveFolder>,
    adapter: Res<RenderAdapterInfo>,
    display: ThisDisplay,
    known: Option<Res<ThisScreen>>,
    mut ceiling: ResMut<AutoCeiling>,
    mut problems: ResMut<Problems>,
    mut commands: Commands,
) {
    let screen = screen_key(&adapter, display.monitor());
    if known.is_some_and(|known| known.0 == screen) {
        return;
    }
    let (steps, unreadable) = AutoSteps::load(&folder.0);
    if let Some(why) = unreadable {
        problems.note("graphics steps", why);
    }
    match steps.too_slow_on(&screen).and_then(GraphicsLevel::named) {
        Some(slow) => {
            info!("graphics: {slow:?} was too slow on {screen} before; Auto starts below it");
            ceiling.set_if_neq(AutoCeiling::below(slow));
        }
        None => {
            info!("graphics: no level was too slow on {screen} before");
            ceiling.set_if_neq(AutoCeiling::default());
        }
    }
    commands.insert_resource(ThisScreen(screen));
}

/// When Auto's ceiling changes, the file learns it: a step down is remembered for this screen, a
/// ceiling raised again forgets it.
fn remember_the_step(
    folder: Res<SaveFolder>,
    screen: Res<ThisScreen>,
    ceiling: Res<AutoCeiling>,
    mut problems: ResMut<Problems>,
) {
    let (mut steps, _) = AutoSteps::load(&folder.0);
    let too_slow = ceiling.too_slow().map(GraphicsLevel::quality);
    if !steps.set(&screen.0, too_slow) {
        return;
    }
    if let Err(why) = steps.store(&folder.0) {
        problems.note("graphics steps", format!("Auto's step is not kept: {why}"));
        return;
    }
    match too_slow {
        Some(slow) => info!("graphics: {slow:?} remembered as too slow on {}", screen.0),
        None => info!("graphics: {} is judged afresh", screen.0),
    }
}

#[cfg(test)]
mod tests {
    use bevy::window::{PrimaryMonitor, PrimaryWindow, WindowPosition};

    use super::super::this_display::tests::display;
    use super::*;
    use crate::files::settings::Quality;
    use crate::game::view::quality::discrete_gpu;

    fn scratch(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(&format!("remembered-{name}"))
    }

    fn monitor() -> Monitor {
        display("DP-1", 0, 1920)
    }

    /// A second display, right of the first.
    fn side_monitor() -> Monitor {
        display("HDMI-1", 1920, 2560)
    }

    /// The app with a window not yet placed, on a desk of the primary display and one beside it.
    fn app(folder: &std::path::Path) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<WindowMoved>()
            .insert_resource(RemembersSteps)
            .insert_resource(SaveFolder(folder.to_owned()))
            .insert_resource(discrete_gpu())
            .init_resource::<AutoCeiling>()
            .init_resource::<Problems>()
            .add_plugins(plugin);
        app.world_mut().spawn((monitor(), PrimaryMonitor));
        app.world_mut().spawn(side_monitor());
        app.world_mut().spawn((Window::default(), PrimaryWindow));
        app
    }

    /// The system moves the window so that its corner is at `x`.
    fn move_window(app: &mut App, x: i32) {
        let mut windows = app
            .world_mut()
            .query_filtered::<(Entity, &mut Window), With<PrimaryWindow>>();
        let (window, mut placed) = windows.single_mut(app.world_mut()).unwrap();
        let position = IVec2::new(x, 40);
        placed.position = WindowPosition::At(position);
        app.world_mut()
            .write_message(WindowMoved { window, position });
        app.update();
    }

    #[test]
    fn a_screen_is_named_by_its_adapter_driver_and_display() {
        let key = screen_key(&discrete_gpu(), Some(&monitor()));
        assert_eq!(key.display, "DP-1 1920x1080 at 60 Hz");
        assert!(key.adapter.starts_with(&discrete_gpu().name), "{key}");
        assert_eq!(
            screen_key(&discrete_gpu(), None).display,
            "an unknown display"
        );
    }

    #[test]
    fn a_step_down_is_kept_recalled_at_the_next_start_and_forgotten_on_trying_again() {
        let folder = scratch("kept");
        let mut first = app(&folder);
        first.update();
        assert_eq!(
            *first.world().resource::<AutoCeiling>(),
            AutoCeiling::default()
        );
        assert!(!AutoSteps::path_in(&folder).exists(), "nothing to remember");
        // The judge steps Auto down from High.
        first.insert_resource(AutoCeiling::below(GraphicsLevel::High));
        first.update();
        let key = screen_key(&discrete_gpu(), Some(&monitor()));
        let (steps, _) = AutoSteps::load(&folder);
        assert_eq!(steps.too_slow_on(&key), Some(Quality::High));

        // The next start on this screen begins at Medium.
        let mut second = app(&folder);
        second.update();
        assert_eq!(
            *second.world().resource::<AutoCeiling>(),
            AutoCeiling(GraphicsLevel::Medium)
        );
        // On another display it begins at the top.
        let mut elsewhere = app(&folder);
        let mut monitors = elsewhere
            .world_mut()
            .query_filtered::<&mut Monitor, With<PrimaryMonitor>>();
        monitors
            .single_mut(elsewhere.world_mut())
            .unwrap()
            .physical_width = 2560;
        elsewhere.update();
        assert_eq!(
            *elsewhere.world().resource::<AutoCeiling>(),
            AutoCeiling::default()
        );
        // Trying again forgets this screen.
        second.insert_resource(AutoCeiling::default());
        second.update();
        assert_eq!(AutoSteps::load(&folder).0.too_slow_on(&key), None);
    }

    #[test]
    fn a_window_moved_to_another_display_takes_that_displays_step() {
        let folder = scratch("moved");
        let mut app = app(&folder);
        app.update();
        // High was too slow on the primary display.
        app.insert_resource(AutoCeiling::below(GraphicsLevel::High));
        app.update();
        let ceiling = |app: &App| *app.world().resource::<AutoCeiling>();

        // Moved within it, nothing changes.
        move_window(&mut app, 300);
        assert_eq!(ceiling(&app), AutoCeiling(GraphicsLevel::Medium));
        // On the display beside it, nothing was too slow yet.
        move_window(&mut app, 2400);
        assert_eq!(ceiling(&app), AutoCeiling::default());
        // There Medium proves too slow as well; each display keeps its own step.
        app.insert_resource(AutoCeiling::below(GraphicsLevel::Medium));
        app.update();
        move_window(&mut app, 100);
        assert_eq!(ceiling(&app), AutoCeiling(GraphicsLevel::Medium));
        move_window(&mut app, 3000);
        assert_eq!(ceiling(&app), AutoCeiling(GraphicsLevel::Low));
        let (steps, _) = AutoSteps::load(&folder);
        let on = |m: &Monitor| steps.too_slow_on(&screen_key(&discrete_gpu(), Some(m)));
        assert_eq!(on(&monitor()), Some(Quality::High));
        assert_eq!(on(&side_monitor()), Some(Quality::Medium));
    }

    #[test]
    fn an_unreadable_file_is_a_problem_noted_not_a_failure() {
        let folder = scratch("unreadable");
        std::fs::write(AutoSteps::path_in(&folder), "(version: 1, steps: [").unwrap();
        let mut app = app(&folder);
        app.update();
        assert_eq!(
            *app.world().resource::<AutoCeiling>(),
            AutoCeiling::default()
        );
        let problem = app.world().resource::<Problems>().last.clone().unwrap();
        assert!(problem.contains("graphics.ron"), "{problem}");
        assert!(folder.join("graphics.ron.unreadable").exists());
    }
}

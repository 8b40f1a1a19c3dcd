//! The hidden staff exit: hold Ctrl+Shift+Q for three seconds, or tap the top-left corner five
//! times within four seconds and type the profile's PIN. It opens a small menu: resume, restart
//! (back to attract mode), the visitor statistics (`statistics.rs`), quit.

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::visits::KioskReset;
use super::{Exhibition, KioskSystems};
use crate::files::visits::Abandoned;
use crate::game::core::screen::Screen;

/// How long the keys are held.
pub const HOLD: Duration = Duration::from_secs(3);
/// How many corner taps, and within how long.
pub const TAPS: usize = 5;
/// The window for the taps.
pub const TAP_WINDOW: Duration = Duration::from_secs(4);
/// The corner's size, in logical pixels.
pub const CORNER: f32 = 90.0;

/// Whether a point of the window (logical pixels) is in the corner the staff tap.
#[must_use]
pub fn in_corner(p: Vec2) -> bool {
    p.x <= CORNER && p.y <= CORNER
}

/// Where the staff exit stands.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Staff {
    /// Since when the key combination is held.
    pub held_since: Option<Duration>,
    /// The recent corner taps.
    pub taps: Vec<Duration>,
    /// The PIN typed so far, while the PIN pad is up.
    pub pin_pad: Option<String>,
}

/// Whether the staff menu is open.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum StaffMenu {
    /// Closed: the kiosk runs for its visitors.
    #[default]
    Closed,
    /// Open: Resume, Restart, Statistics, Quit.
    Open,
    /// The Statistics page (`statistics.rs`).
    Statistics,
}

impl Staff {
    /// Notes a corner tap; the fifth within the window opens the PIN pad.
    pub fn tap_corner(&mut self, now: Duration) {
        self.taps.retain(|t| now.saturating_sub(*t) <= TAP_WINDOW);
        self.taps.push(now);
        if self.taps.len() >= TAPS {
            self.taps.clear();
            self.pin_pad = Some(String::new());
        }
    }

    /// Checks a typed PIN and closes the pad: whether it is the right one (which opens the
    /// menu).
    pub fn enter_pin(&mut self, typed: &str, pin: &str) -> bool {
        self.pin_pad = None;
        typed == pin
    }
}

/// What the staff chose.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaffChoice {
    /// Close the menu and go on.
    Resume,
    /// Drop whatever is on screen and start attract mode again.
    Restart,
    /// Open the Statistics page.
    Statistics,
    /// Close Stackyard.
    Quit,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Staff>()
        .init_state::<StaffMenu>()
        .add_message::<StaffChoice>()
        .add_systems(
            Update,
            (open_staff_menu_on_held_keys, follow_staff_choices).in_set(KioskSystems),
        );
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(Update, count_corner_taps.in_set(KioskSystems))
        .add_systems(
            EguiPrimaryContextPass,
            show_staff_windows.in_set(KioskSystems),
        );
}

fn open_staff_menu_on_held_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut staff: ResMut<Staff>,
    mut menu: ResMut<NextState<StaffMenu>>,
    time: Res<Time>,
) {
    let Some(keys) = keys else {
        return;
    };
    let held = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
        && keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight])
        && keys.pressed(KeyCode::KeyQ);
    let now = time.elapsed();
    match (held, staff.held_since) {
        (false, _) => staff.held_since = None,
        (true, None) => staff.held_since = Some(now),
        (true, Some(since)) if now.saturating_sub(since) >= HOLD => {
            staff.held_since = None;
            menu.set(StaffMenu::Open);
        }
        (true, Some(_)) => {}
    }
}

fn follow_staff_choices(
    mut choices: MessageReader<StaffChoice>,
    mut menu: ResMut<NextState<StaffMenu>>,
    mut next: ResMut<NextState<Screen>>,
    screen: Res<State<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut resets: MessageWriter<KioskReset>,
) {
    for choice in choices.read() {
        menu.set(StaffMenu::Closed);
        match choice {
            StaffChoice::Resume => {}
            StaffChoice::Statistics => menu.set(StaffMenu::Statistics),
            StaffChoice::Restart => {
                resets.write(KioskReset {
                    why: Abandoned::Staff,
                    from: *screen.get(),
                });
                if *screen.get() == Screen::Attract {
                    // Leave and come back, so attract mode starts afresh.
                    next.set(Screen::Title);
                } else {
                    next.set(Screen::Attract);
                }
            }
            StaffChoice::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

fn count_corner_taps(
    mut buttons: MessageReader<MouseButtonInput>,
    mut touches: MessageReader<TouchInput>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut staff: ResMut<Staff>,
    time: Res<Time>,
) {
    let cursor = windows.single().ok().and_then(Window::cursor_position);
    let mut taps = buttons
        .read()
        .filter(|b| b.state == ButtonState::Pressed && cursor.is_some_and(in_corner))
        .count();
    taps += touches
        .read()
        .filter(|t| t.phase == TouchPhase::Started && in_corner(t.position))
        .count();
    for _ in 0..taps {
        staff.tap_corner(time.elapsed());
    }
}

fn show_staff_windows(
    mut contexts: EguiContexts,
    mut staff: ResMut<Staff>,
    menu: Res<State<StaffMenu>>,
    mut open_menu: ResMut<NextState<StaffMenu>>,
    exhibition: Res<Exhibition>,
    mut choices: MessageWriter<StaffChoice>,
    tr: Res<crate::game::core::i18n::Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(typed) = staff.pin_pad.clone() {
        match pin_pad(ctx, &tr, typed) {
            PinPad::Typing(typed) => staff.pin_pad = Some(typed),
            PinPad::Cancelled => staff.pin_pad = None,
            PinPad::Entered(typed) => {
                if staff.enter_pin(&typed, &exhibition.profile.staff_pin) {
                    open_menu.set(StaffMenu::Open);
                }
            }
        }
    }
    if *menu.get() == StaffMenu::Open {
        staff_menu(ctx, &tr, &mut choices);
    }
    Ok(())
}

/// A large button for a finger.
fn big(text: &str) -> egui::Button<'_> {
    egui::Button::new(egui::RichText::new(text).size(24.0)).min_size(egui::vec2(72.0, 60.0))
}

/// Where the PIN pad stands after this frame.
enum PinPad {
    Typing(String),
    Cancelled,
    Entered(String),
}

/// The PIN pad: digits, Cancel and OK; the PIN shown as dots.
fn pin_pad(ctx: &egui::Context, tr: &crate::game::core::i18n::Tr, mut typed: String) -> PinPad {
    let mut done = None;
    egui::Window::new(tr.t("staff.pin"))
        .id(egui::Id::new("staff pin"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("•".repeat(typed.len())).size(28.0));
            egui::Grid::new("pin pad").show(ui, |ui| {
                for row in [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] {
                    for d in row {
                        if ui.add(big(d)).clicked() && typed.len() < 8 {
                            typed.push_str(d);
                        }
                    }
                    ui.end_row();
                }
                if ui.add(big(tr.t("staff.cancel"))).clicked() {
                    done = Some(false);
                }
                if ui.add(big("0")).clicked() && typed.len() < 8 {
                    typed.push('0');
                }
                if ui.add(big(tr.t("settings.ok"))).clicked() {
                    done = Some(true);
                }
            });
        });
    match done {
        Some(true) => PinPad::Entered(typed),
        Some(false) => PinPad::Cancelled,
        None => PinPad::Typing(typed),
    }
}

/// The staff menu: Resume, Restart, Quit.
fn staff_menu(
    ctx: &egui::Context,
    tr: &crate::game::core::i18n::Tr,
    choices: &mut MessageWriter<StaffChoice>,
) {
    egui::Window::new(tr.t("staff.title"))
        .id(egui::Id::new("staff menu"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for (name, choice) in [
                    ("staff.resume", StaffChoice::Resume),
                    ("staff.restart", StaffChoice::Restart),
                    ("stats.title", StaffChoice::Statistics),
                    ("title.quit", StaffChoice::Quit),
                ] {
                    if ui
                        .add(big(tr.t(name)).min_size(egui::vec2(140.0, 64.0)))
                        .clicked()
                    {
                        choices.write(choice);
                    }
                }
            });
        });
}

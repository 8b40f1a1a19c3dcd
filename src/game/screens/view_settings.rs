//! How the board and the app are shown: the "View" window in a game (coordinates, lit legal
//! targets, animation speed, camera views), the "Settings" window (also window mode, menu size
//! and theme) reached from it and from the title, the settings notice, and applying the menu
//! size and window mode. F11 switches fullscreen.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode as BevyWindowMode};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::speech::{SpeakMoves, Voice, speaking};

use crate::files::settings::{MASTER_SECONDS, UI_SCALES, WindowMode};

use crate::files::settings::Quality;
use crate::game::board::theme::ThemeList;
use crate::game::core::graphics_level::{AutoCeiling, GraphicsLevel};
use crate::game::core::i18n::{LanguageList, Tr};
use crate::game::core::preferences::{AnimationSpeed, ViewSettings};
use crate::game::core::preferences::{
    DisplayMode, LanguageChoice, QualityChoice, SettingsFile, SoundLevel, ThemeChoice, UiScale,
};
use crate::game::ui::arrow_keys::step_with_arrows;
use crate::game::ui::fitted::EDGE_GAP;
use crate::game::ui::reader_names::{name_for_readers, named_slider};
use crate::game::view::camera::Orbit;

/// Whether the Settings window is open.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum SettingsWindow {
    /// Closed (the start, unless `--screen settings`).
    #[default]
    Closed,
    /// Open over the title or the game.
    Open,
}

impl SettingsWindow {
    /// The other one: the Settings button opens a closed window and closes an open one.
    #[must_use]
    pub fn toggled(self) -> SettingsWindow {
        match self {
            SettingsWindow::Closed => SettingsWindow::Open,
            SettingsWindow::Open => SettingsWindow::Closed,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<SettingsWindow>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                apply_ui_scale,
                // A kiosk's profile sets how its board looks: its visitors get no View window.
                show_view_window.run_if(
                    not(in_state(crate::game::core::screen::Screen::Title))
                        .and_then(not(in_state(crate::game::core::screen::Screen::Attract)))
                        .and_then(not(in_state(crate::game::core::screen::Screen::Closed)))
                        .and_then(not(resource_exists::<crate::game::core::kiosk::Kiosk>)),
                ),
                show_settings_window.run_if(in_state(SettingsWindow::Open)),
                show_settings_notice,
            )
                .chain(),
        )
        .add_systems(
            Update,
            close_settings_on_escape.run_if(in_state(SettingsWindow::Open)),
        )
        .add_systems(
            Update,
            (
                toggle_fullscreen_on_f11,
                apply_display_mode.run_if(resource_changed::<DisplayMode>),
            )
                .chain()
                .run_if(not(resource_exists::<WindowModeLocked>)),
        );
}

/// Escape closes the Settings window, as it closes a dialog.
fn close_settings_on_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut next: ResMut<NextState<SettingsWindow>>,
) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        next.set(SettingsWindow::Closed);
    }
}

/// The window's mode is the app's to set, not the settings' (a kiosk's window fills its screen
/// whatever the settings say, and F11 does nothing).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct WindowModeLocked;

/// The smallest screen, in egui points, that the panels are laid out for: side by side the
/// Moves window, the turn banner and the game panel, and the panel's full height.
pub const MIN_SCREEN_POINTS: Vec2 = Vec2::new(1000.0, 600.0);

/// The same for a kiosk, whose touch-sized controls and text take more points: its game panel's
/// turn (the goal, the prompt and the buttons) and a few rows below it.
pub const KIOSK_MIN_SCREEN_POINTS: Vec2 = Vec2::new(1000.0, 720.0);

/// The zoom for a menu size in a window of this logical size, for panels laid out for `least`
/// points: the chosen size, reduced where the window is too small for it (the largest menu size
/// in a 1280x720 window, a kiosk's 1.25 on a screen under 900 pixels tall), never below the
/// smallest menu size.
#[must_use]
pub fn fitted_zoom(chosen: f32, window: Vec2, least: Vec2) -> f32 {
    let fits = (window.x / least.x).min(window.y / least.y);
    chosen.min(fits).max(*UI_SCALES.start())
}

/// The window height, in logical pixels, up to which Normal menus are egui's own size.
const NORMAL_MENUS_UP_TO: f32 = 864.0;

/// The most a tall window enlarges Normal menus.
const MOST_WINDOW_ZOOM: f32 = 1.5;

/// What Normal menus are in a window of this logical size: egui's own size up to 864 pixels
/// tall, then growing with the height (1.25 in a 1080p window, wide or not, 1.5 from 1296), so
/// that the panels keep their share of a large screen beside the board. A kiosk's menu size is
/// its profile's alone.
#[must_use]
pub fn window_zoom(window: Vec2) -> f32 {
    (window.y / NORMAL_MENUS_UP_TO).clamp(1.0, MOST_WINDOW_ZOOM)
}

/// The egui zoom follows the chosen menu size, as far as the window allows.
fn apply_ui_scale(
    mut contexts: EguiContexts,
    scale: Res<UiScale>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    kiosk: Option<Res<crate::game::core::kiosk::Kiosk>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let least = if kiosk.is_some() {
        KIOSK_MIN_SCREEN_POINTS
    } else {
        MIN_SCREEN_POINTS
    };
    let zoom = windows.single().map_or(scale.0, |w| {
        let size = Vec2::new(w.width(), w.height());
        let normal = if kiosk.is_some() {
            1.0
        } else {
            window_zoom(size)
        };
        fitted_zoom(scale.0 * normal, size, least)
    });
    if (ctx.zoom_factor() - zoom).abs() > f32::EPSILON {
        ctx.set_zoom_factor(zoom);
    }
    Ok(())
}

/// The window follows the chosen mode.
fn apply_display_mode(
    mode: Res<DisplayMode>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let wanted = bevy_window_mode(mode.0);
    for mut window in &mut windows {
        if window.mode != wanted {
            window.mode = wanted;
        }
    }
}

/// Bevy's window mode for a setting.
#[must_use]
pub fn bevy_window_mode(mode: WindowMode) -> BevyWindowMode {
    match mode {
        WindowMode::Windowed => BevyWindowMode::Windowed,
        WindowMode::Fullscreen => BevyWindowMode::BorderlessFullscreen(MonitorSelection::Current),
    }
}

fn toggle_fullscreen_on_f11(keys: Res<ButtonInput<KeyCode>>, mut mode: ResMut<DisplayMode>) {
    if keys.just_pressed(KeyCode::F11) {
        mode.0 = match mode.0 {
            WindowMode::Windowed => WindowMode::Fullscreen,
            WindowMode::Fullscreen => WindowMode::Windowed,
        };
    }
}

/// Coordinates, lit targets and animation speed: shown in both windows.
fn edit_view(
    ui: &mut egui::Ui,
    tr: &Tr,
    settings: &mut ResMut<ViewSettings>,
    speed: &mut ResMut<AnimationSpeed>,
) {
    let mut now = **settings;
    ui.checkbox(&mut now.coordinates, tr.t("view.coordinates"));
    ui.checkbox(&mut now.legal_targets, tr.t("view.legal_targets"));
    ui.checkbox(&mut now.thinking, tr.t("view.thinking"));
    ui.checkbox(&mut now.engine_view, tr.t("view.engine_view"))
        .on_hover_text(tr.t("view.engine_view.help"));
    ui.checkbox(&mut now.reduced_motion, tr.t("view.reduced_motion"))
        .on_hover_text(tr.t("view.reduced_motion.help"));
    if now != **settings {
        **settings = now;
    }
    let mut chosen = **speed;
    ui.horizontal(|ui| {
        ui.label(tr.t("view.animation"));
        ui.selectable_value(&mut chosen, AnimationSpeed::Off, tr.t("view.animation.off"));
        ui.selectable_value(
            &mut chosen,
            AnimationSpeed::Normal,
            tr.t("view.animation.normal"),
        );
        ui.selectable_value(
            &mut chosen,
            AnimationSpeed::Fast,
            tr.t("view.animation.fast"),
        );
    });
    if chosen != **speed {
        **speed = chosen;
    }
}

fn show_view_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<ViewSettings>,
    mut speed: ResMut<AnimationSpeed>,
    window: Res<State<SettingsWindow>>,
    mut next: ResMut<NextState<SettingsWindow>>,
    mut orbits: Query<&mut Orbit>,
    screen: Res<State<crate::game::core::screen::Screen>>,
    tr: Res<Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Beside how to play's guide, never over its buttons.
    let left = match screen.get() {
        crate::game::core::screen::Screen::HowToPlay => crate::game::view::free_area::GUIDE_WIDTH,
        _ => 0.0,
    };
    egui::Window::new(tr.t("view.title"))
        .id(egui::Id::new("view window"))
        .anchor(egui::Align2::LEFT_BOTTOM, [left + EDGE_GAP, -EDGE_GAP])
        .resizable(false)
        .collapsible(true)
        .default_open(false)
        .show(ctx, |ui| {
            edit_view(ui, &tr, &mut settings, &mut speed);
            ui.horizontal(|ui| {
                ui.label(tr.t("view.camera"));
                for (name, pitch) in [
                    ("view.camera.top", 1.52),
                    ("view.camera.angled", Orbit::default().pitch),
                ] {
                    if ui.button(tr.t(name)).clicked() {
                        for mut orbit in &mut orbits {
                            orbit.reset(pitch);
                        }
                    }
                }
            });
            if ui.button(tr.t("view.settings")).clicked() {
                next.set(window.get().toggled());
            }
        });
    Ok(())
}

fn show_settings_window(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<SettingsWindow>>,
    mut settings: ResMut<ViewSettings>,
    mut speed: ResMut<AnimationSpeed>,
    mut mode: ResMut<DisplayMode>,
    (mut quality, level, mut ceiling): (
        ResMut<QualityChoice>,
        Res<GraphicsLevel>,
        ResMut<AutoCeiling>,
    ),
    mut scale: ResMut<UiScale>,
    mut theme: ResMut<ThemeChoice>,
    themes: Option<Res<ThemeList>>,
    mut language: ResMut<LanguageChoice>,
    languages: Option<Res<LanguageList>>,
    mut sound: ResMut<SoundLevel>,
    mut seats: ResMut<crate::game::core::seats::Seats>,
    file: Res<SettingsFile>,
    tr: Res<Tr>,
    (mut speak, voice): (ResMut<SpeakMoves>, Res<Voice>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut still_open = true;
    egui::Window::new(tr.t("settings.title"))
        .id(egui::Id::new("settings window"))
        .open(&mut still_open)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("settings grid")
                .num_columns(2)
                .spacing([16.0, 10.0])
                .show(ui, |ui| {
                    window_mode_row(ui, &tr, &mut mode);
                    quality_row(ui, &tr, &mut quality, *level);
                    stepped_down_row(ui, &tr, quality.0, &mut ceiling);
                    menu_size_row(ui, &tr, &mut scale);
                    let list = themes.as_deref().map(|t| t.0.as_slice());
                    if let Some(picked) =
                        choice_row(ui, ("theme", "settings.theme"), &tr, list, &theme.0)
                    {
                        theme.0 = picked;
                    }
                    let list = languages.as_deref().map(|l| l.0.as_slice());
                    if let Some(picked) = choice_row(
                        ui,
                        ("language", "settings.language"),
                        &tr,
                        list,
                        &language.0,
                    ) {
                        language.0 = picked;
                    }
                    master_time_row(ui, &tr, &mut seats);
                    threads_row(ui, &tr, &mut seats);
                    sound_row(ui, &tr, &mut sound);
                    speech_row(ui, &tr, &mut speak, &voice);
                });
            ui.separator();
            edit_view(ui, &tr, &mut settings, &mut speed);
            ui.separator();
            if kept_and_close(ui, &tr, &file) {
                next.set(SettingsWindow::Closed);
            }
        });
    if !still_open {
        next.set(SettingsWindow::Closed);
    }
    Ok(())
}

/// Windowed or fullscreen (the resource changes only on a real change).
fn window_mode_row(ui: &mut egui::Ui, tr: &Tr, mode: &mut ResMut<DisplayMode>) {
    ui.label(tr.t("settings.window"));
    ui.horizontal(|ui| {
        let mut chosen = mode.0;
        ui.selectable_value(
            &mut chosen,
            WindowMode::Windowed,
            tr.t("settings.window.windowed"),
        );
        ui.selectable_value(
            &mut chosen,
            WindowMode::Fullscreen,
            tr.t("settings.window.fullscreen"),
        );
        if chosen != mode.0 {
            mode.0 = chosen;
        }
    });
    ui.end_row();
}

/// The graphics quality: automatic (naming the level it chose) or a level.
fn quality_row(
    ui: &mut egui::Ui,
    tr: &Tr,
    quality: &mut ResMut<QualityChoice>,
    level: GraphicsLevel,
) {
    ui.label(tr.t("settings.quality"));
    ui.horizontal(|ui| {
        let mut chosen = quality.0;
        let level_name = |l: GraphicsLevel| match l {
            GraphicsLevel::Low => tr.t("settings.quality.low"),
            GraphicsLevel::Medium => tr.t("settings.quality.medium"),
            GraphicsLevel::High => tr.t("settings.quality.high"),
        };
        let auto = match quality.0 {
            Quality::Auto => tr.tf(
                "settings.quality.auto_now",
                &[("level", &level_name(level))],
            ),
            _ => tr.t("settings.quality.auto").to_owned(),
        };
        ui.selectable_value(&mut chosen, Quality::Auto, auto);
        for choice in [Quality::Low, Quality::Medium, Quality::High] {
            let name = level_name(GraphicsLevel::chosen(choice, None, AutoCeiling::default()));
            ui.selectable_value(&mut chosen, choice, name);
        }
        if chosen != quality.0 {
            quality.0 = chosen;
        }
    });
    ui.end_row();
}

/// Under Auto, once frames could not keep up with a level (`keeping_up.rs`, or remembered from
/// an earlier run on this screen): which one, and a button to try the levels again.
fn stepped_down_row(
    ui: &mut egui::Ui,
    tr: &Tr,
    choice: Quality,
    ceiling: &mut ResMut<AutoCeiling>,
) {
    let too_slow = match ceiling.too_slow() {
        _ if choice != Quality::Auto => return,
        None => return,
        Some(GraphicsLevel::High) => tr.t("settings.quality.high"),
        Some(GraphicsLevel::Medium) => tr.t("settings.quality.medium"),
        Some(GraphicsLevel::Low) => tr.t("settings.quality.low"),
    };
    empty_cell(ui);
    ui.horizontal(|ui| {
        ui.weak(tr.tf("settings.quality.too_slow", &[("level", &too_slow)]));
        let again = ui.small_button(tr.t("settings.quality.try_again"));
        crate::game::ui::named::name_control(&again, "graphics try again");
        if again.clicked() {
            **ceiling = AutoCeiling::default();
        }
    });
    ui.end_row();
}

/// The menu size, from small to largest.
fn menu_size_row(ui: &mut egui::Ui, tr: &Tr, scale: &mut ResMut<UiScale>) {
    ui.label(tr.t("settings.menu_size"));
    ui.horizontal(|ui| {
        let mut chosen = scale.0;
        for (name, value) in [
            ("settings.menu_size.small", 0.8),
            ("settings.menu_size.normal", 1.0),
            ("settings.menu_size.large", 1.25),
            ("settings.menu_size.larger", 1.5),
            ("settings.menu_size.largest", 2.0),
        ] {
            if UI_SCALES.contains(&value) {
                ui.selectable_value(&mut chosen, value, tr.t(name));
            }
        }
        if chosen != scale.0 {
            scale.0 = chosen;
        }
    });
    ui.end_row();
}

/// Master's thinking time per turn.
fn master_time_row(
    ui: &mut egui::Ui,
    tr: &Tr,
    seats: &mut ResMut<crate::game::core::seats::Seats>,
) {
    let name = tr.t("settings.master_time");
    ui.label(name);
    let mut secs = seats.master_time.as_secs_f32();
    ui.horizontal(|ui| named_slider(ui, name, &mut secs, MASTER_SECONDS, (0.5, " s")));
    let chosen = Duration::from_secs_f32(secs);
    if chosen != seats.master_time {
        seats.master_time = chosen;
    }
    ui.end_row();
}

/// The threads the computer thinks on at Strong and Master: Automatic (every core but one) or
/// a number up to the cores there are.
fn threads_row(ui: &mut egui::Ui, tr: &Tr, seats: &mut ResMut<crate::game::core::seats::Seats>) {
    use crate::game::core::seats::automatic_threads;
    ui.label(tr.t("settings.threads"));
    let cores = crate::platform::compute::cores();
    let mut chosen = seats.threads;
    let automatic = tr.tf("settings.threads.auto", &[("n", &automatic_threads())]);
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut chosen, 0, automatic);
        for n in 1..=cores.max(seats.threads) {
            ui.selectable_value(&mut chosen, n, n.to_string());
        }
    });
    if chosen != seats.threads {
        seats.threads = chosen;
    }
    ui.end_row();
}

/// The sound's volume and mute (builds without the `sound` feature make no sound: nothing to
/// set).
fn sound_row(ui: &mut egui::Ui, tr: &Tr, sound: &mut ResMut<SoundLevel>) {
    if !cfg!(feature = "sound") {
        return;
    }
    ui.label(tr.t("settings.sound"));
    ui.horizontal(|ui| {
        let mut now = **sound;
        let volume = ui.add(egui::Slider::new(&mut now.volume, 0.0..=1.0).show_value(false));
        name_for_readers(&volume, tr.t("settings.sound"));
        ui.checkbox(&mut now.mute, tr.t("settings.mute"));
        if now != **sound {
            **sound = now;
        }
    });
    ui.end_row();
}

/// Where the settings are kept, and Close: whether it was pressed.
fn kept_and_close(ui: &mut egui::Ui, tr: &Tr, file: &SettingsFile) -> bool {
    let kept = file.path.as_ref().map_or_else(
        || tr.t("settings.not_kept").to_owned(),
        |p| tr.tf("settings.kept_in", &[("path", &p.display())]),
    );
    ui.label(egui::RichText::new(kept).small().weak());
    ui.button(tr.t("settings.close")).clicked()
}

/// A grid's cell left empty (an empty label would be a nameless one to a screen reader).
fn empty_cell(ui: &mut egui::Ui) {
    ui.allocate_exact_size(egui::Vec2::ZERO, egui::Sense::hover());
}

/// Speak moves, where a speech program is installed; where none is, the row says so and the
/// option stays off.
fn speech_row(ui: &mut egui::Ui, tr: &Tr, speak: &mut ResMut<SpeakMoves>, voice: &Voice) {
    ui.label(tr.t("settings.speech"));
    let mut on = speaking(**speak, voice);
    let answer = ui.add_enabled(
        voice.is_there(),
        egui::Checkbox::new(&mut on, tr.t("settings.speak_moves")),
    );
    crate::game::ui::named::name_control(&answer, "speak moves");
    if !voice.is_there() {
        answer.on_disabled_hover_text(tr.t("settings.no_speech"));
        ui.end_row();
        empty_cell(ui);
        ui.label(
            egui::RichText::new(tr.t("settings.no_speech"))
                .small()
                .weak(),
        );
    } else if on != speak.0 {
        speak.0 = on;
    }
    ui.end_row();
}

/// A row of the settings' grid: its name (the text `key`), and a choice by name from `list`
/// (none: the list is not loaded yet): the file name picked, when it is not `chosen`.
fn choice_row(
    ui: &mut egui::Ui,
    (id, key): (&str, &str),
    tr: &Tr,
    list: Option<&[(String, String)]>,
    chosen: &str,
) -> Option<String> {
    let name = tr.t(key);
    ui.label(name);
    let picked = choose_by_name(ui, (id, name), list.unwrap_or_default(), chosen);
    ui.end_row();
    picked
}

/// A drop-down of (file name, shown name) choices: the file name picked, when it is not
/// `chosen` (so the setting's resource changes only on a real change).
fn choose_by_name(
    ui: &mut egui::Ui,
    (id, name): (&str, &str),
    list: &[(String, String)],
    chosen: &str,
) -> Option<String> {
    let mut picked = chosen.to_owned();
    let shown = list
        .iter()
        .find(|(file, _)| *file == picked)
        .map_or(picked.clone(), |(_, name)| name.clone());
    let picker = egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (file, name) in list {
                ui.selectable_value(&mut picked, file.clone(), name);
            }
        });
    let files: Vec<String> = list.iter().map(|(file, _)| file.clone()).collect();
    step_with_arrows(ui, &picker.response, &mut picked, &files);
    name_for_readers(&picker.response, name);
    (picked != chosen).then_some(picked)
}

/// A notice about the player's files (a broken settings file or autosave set aside, a theme
/// that could not be read), until the player dismisses it.
fn show_settings_notice(
    mut contexts: EguiContexts,
    mut file: ResMut<SettingsFile>,
    tr: Res<Tr>,
) -> Result {
    let Some(text) = file.notice.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(tr.t("settings.notice"))
        .id(egui::Id::new("settings notice"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .resizable(false)
        .collapsible(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.set_max_width(560.0);
            ui.label(text);
            if ui.button(tr.t("settings.ok")).clicked() {
                file.notice = None;
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_menu_size_too_large_for_the_window_is_reduced_to_fit() {
        let least = MIN_SCREEN_POINTS;
        let small = Vec2::new(1280.0, 720.0);
        assert!((fitted_zoom(2.0, small, least) - 1.2).abs() < 1e-6);
        assert!((fitted_zoom(1.0, small, least) - 1.0).abs() < 1e-6);
        let full_hd = Vec2::new(1920.0, 1080.0);
        assert!((fitted_zoom(2.0, full_hd, least) - 1.8).abs() < 1e-6);
        let tiny = Vec2::new(400.0, 300.0);
        assert!((fitted_zoom(0.8, tiny, least) - UI_SCALES.start()).abs() < 1e-6);
    }

    #[test]
    fn normal_menus_grow_with_a_tall_window() {
        for (w, h, zoom) in [
            (1024.0, 768.0, 1.0),
            (1280.0, 720.0, 1.0),
            (1366.0, 768.0, 1.0),
            (1920.0, 1080.0, 1.25),
            (2560.0, 1080.0, 1.25),
            (2560.0, 1440.0, 1.5),
        ] {
            let got = window_zoom(Vec2::new(w, h));
            assert!((got - zoom).abs() < 1e-6, "{w}x{h}: {got}");
        }
    }

    #[test]
    fn a_kiosk_keeps_its_menu_size_on_a_1080p_screen_and_shrinks_it_on_a_720p_one() {
        let kiosk = KIOSK_MIN_SCREEN_POINTS;
        let full_hd = Vec2::new(1920.0, 1080.0);
        assert!((fitted_zoom(1.25, full_hd, kiosk) - 1.25).abs() < 1e-6);
        let small = Vec2::new(1280.0, 720.0);
        assert!((fitted_zoom(1.25, small, kiosk) - 1.0).abs() < 1e-6);
    }
}

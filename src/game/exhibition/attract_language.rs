//! The attract screen's language button, so a visitor can switch the language without staff: it
//! names the next language in its own words, and a touch on it switches without leaving
//! attract mode. When attract mode takes over again, the profile's language comes back.

use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Exhibition, KioskSystems};
use crate::game::core::i18n::LanguageList;
use crate::game::core::preferences::LanguageChoice;
use crate::game::core::screen::Screen;
use crate::game::ui::named::name_control;
use crate::game::ui::palette;

/// Where the button was drawn last, in the window's logical pixels.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct LanguageButton {
    /// Its rectangle (min x, min y, max x, max y), if it is shown.
    pub rect: Option<[f32; 4]>,
}

impl LanguageButton {
    fn holds(&self, at: Vec2) -> bool {
        self.rect
            .is_some_and(|r| at.x >= r[0] && at.x <= r[2] && at.y >= r[1] && at.y <= r[3])
    }
}

/// The profile's language was put back as attract mode took over (not a visitor's switch).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LanguageRestored;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LanguageButton>()
        .add_message::<LanguageRestored>()
        .add_systems(
            OnEnter(Screen::Attract),
            restore_the_profiles_language.in_set(KioskSystems),
        )
        .add_systems(
            OnExit(Screen::Attract),
            |mut button: ResMut<LanguageButton>| {
                button.rect = None;
            },
        );
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_language_button
            .in_set(KioskSystems)
            .run_if(in_state(Screen::Attract)),
    );
}

/// Whether this frame's press (a touch begun, or the mouse's button) is on the button: such a
/// press switches the language and does not leave attract mode.
#[must_use]
pub fn pressed_on_the_button(
    button: &LanguageButton,
    touches: Option<&Touches>,
    window: Option<&Window>,
) -> bool {
    let touched =
        touches.is_some_and(|t| t.iter_just_pressed().any(|f| button.holds(f.position())));
    let clicked = window
        .and_then(Window::cursor_position)
        .is_some_and(|at| button.holds(at));
    touched || clicked
}

fn restore_the_profiles_language(
    exhibition: Res<Exhibition>,
    mut choice: ResMut<LanguageChoice>,
    mut restored: MessageWriter<LanguageRestored>,
) {
    if choice.0 != exhibition.profile.language {
        choice.0.clone_from(&exhibition.profile.language);
        restored.write(LanguageRestored);
    }
}

/// The languages a visitor may switch between: the profile's, in its order, else every one.
fn offered(list: &[(String, String)], wanted: &[String]) -> Vec<(String, String)> {
    if wanted.is_empty() {
        return list.to_vec();
    }
    wanted
        .iter()
        .filter_map(|c| list.iter().find(|(code, _)| code == c).cloned())
        .collect()
}

/// The language after `current` in the list, round again after the last.
fn next_language<'a>(list: &'a [(String, String)], current: &str) -> Option<&'a (String, String)> {
    let at = list.iter().position(|(code, _)| code == current)?;
    list.get((at + 1) % list.len())
        .filter(|(code, _)| code != current)
}

fn show_language_button(
    mut contexts: EguiContexts,
    (list, exhibition): (Option<Res<LanguageList>>, Res<Exhibition>),
    mut choice: ResMut<LanguageChoice>,
    mut button: ResMut<LanguageButton>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let list = list.map_or_else(Vec::new, |l| {
        offered(&l.0, &exhibition.profile.visitor_languages)
    });
    let Some((code, name)) = next_language(&list, &choice.0) else {
        button.rect = None;
        return Ok(());
    };
    let response = egui::Area::new(egui::Id::new("attract language"))
        .anchor(egui::Align2::RIGHT_TOP, [-20.0, 20.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let text = egui::RichText::new(format!("🌐 {name}"))
                .size(24.0)
                .color(palette::BRIGHT_TEXT);
            let response = ui.add(
                egui::Button::new(text)
                    .fill(palette::CAPTION_FILL)
                    .min_size(egui::vec2(150.0, 64.0)),
            );
            name_control(&response, format!("language {code}"));
            response
        })
        .inner;
    if response.clicked() {
        choice.0.clone_from(code);
    }
    // egui's points are the window's logical pixels times the menus' zoom.
    let zoom = ctx.zoom_factor();
    let r = response.rect;
    let rect = Some([
        r.min.x * zoom,
        r.min.y * zoom,
        r.max.x * zoom,
        r.max.y * zoom,
    ]);
    button.set_if_neq(LanguageButton { rect });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_button_names_the_next_language_round_the_list() {
        let list = vec![
            ("de".to_owned(), "Deutsch".to_owned()),
            ("en".to_owned(), "English".to_owned()),
        ];
        assert_eq!(next_language(&list, "en").unwrap().1, "Deutsch");
        assert_eq!(next_language(&list, "de").unwrap().1, "English");
        assert!(
            next_language(&list[..1], "de").is_none(),
            "one language: no button"
        );
        let all = [("de", "Deutsch"), ("en", "English"), ("fr", "Français")]
            .map(|(c, n)| (c.to_owned(), n.to_owned()));
        let chosen = offered(&all, &["fr".to_owned(), "en".to_owned()]);
        assert_eq!(next_language(&chosen, "en").unwrap().1, "Français");
        assert_eq!(next_language(&chosen, "fr").unwrap().1, "English");
        assert_eq!(offered(&all, &[]).len(), 3, "none named: every language");
        let button = LanguageButton {
            rect: Some([10.0, 10.0, 50.0, 40.0]),
        };
        assert!(button.holds(Vec2::new(20.0, 20.0)));
        assert!(!button.holds(Vec2::new(60.0, 20.0)));
    }
}

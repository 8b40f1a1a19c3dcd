//! The game panel's "Saved games" section: save under a name, load a save or the autosave.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::core::i18n::Tr;
use crate::game::core::saving::{
    Autosave, FileStatus, LoadRequest, SaveFolder, SaveRequest, display_name,
};
use crate::game::ui::palette;

/// What the panel's "Saved games" section reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct SavedGames<'w> {
    folder: Res<'w, SaveFolder>,
    autosave: Res<'w, Autosave>,
    status: ResMut<'w, FileStatus>,
    saves: MessageWriter<'w, SaveRequest>,
    loads: MessageWriter<'w, LoadRequest>,
}

/// The panel's "Saved games" section: save under a name, load a save or the autosave.
pub(crate) fn saved_games_section(ui: &mut egui::Ui, tr: &Tr, files: &mut SavedGames) {
    let SavedGames {
        folder,
        autosave,
        status,
        saves,
        loads,
    } = files;
    egui::CollapsingHeader::new(tr.t("saves.title")).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut status.name)
                    .hint_text(tr.t("saves.name_hint"))
                    .desired_width(150.0),
            );
            if ui.button(tr.t("saves.save")).clicked() {
                saves.write(SaveRequest(status.name.clone()));
            }
        });
        if let Some(path) = autosave
            .0
            .as_ref()
            .filter(|p| crate::files::folders::exists(p))
            && ui
                .button(tr.t("saves.continue"))
                .on_hover_text(path.display().to_string())
                .clicked()
        {
            loads.write(LoadRequest(path.clone()));
        }
        for path in crate::files::folders::saves_in(&folder.0)
            .into_iter()
            .take(12)
        {
            ui.horizontal(|ui| {
                ui.label(display_name(&path));
                if ui.small_button(tr.t("saves.load")).clicked() {
                    loads.write(LoadRequest(path.clone()));
                }
            });
        }
        if !status.text.is_empty() {
            let colour = if status.failed {
                palette::FAILED
            } else {
                palette::DONE
            };
            ui.colored_label(colour, &status.text);
        }
        ui.small(tr.tf("saves.folder", &[("path", &folder.0.display())]));
    });
}

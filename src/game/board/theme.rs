//! The theme on screen: the chosen theme file is read before the scene is built, and choosing
//! another repaints the room, the table, the stones and the lit targets and rebuilds the board,
//! live. A theme that cannot be read leaves the current one in place, with a notice.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::files::theme::{Rgb, Theme, theme_names};

use crate::game::core::preferences::{SettingsFile, ThemeChoice};

/// The folder of the theme files.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ThemeFolder(pub PathBuf);

impl Default for ThemeFolder {
    fn default() -> Self {
        ThemeFolder(crate::files::assets::subfolder("themes"))
    }
}

/// The theme in use.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct ActiveTheme {
    /// Its file name (without `.ron`).
    pub id: String,
    /// Its colours.
    pub theme: Theme,
}

/// The themes that can be chosen: file name and shown name.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ThemeList(pub Vec<(String, String)>);

/// The room behind the table.
#[derive(Component, Debug, Clone, Copy)]
pub struct Table;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ThemeFolder>()
        .add_systems(
            PreStartup,
            load_chosen_theme.after(crate::game::core::i18n::load_chosen_language),
        )
        .add_systems(
            Update,
            (
                switch_theme.run_if(resource_changed::<ThemeChoice>),
                paint_room.run_if(resource_changed::<ActiveTheme>),
            )
                .chain()
                .in_set(crate::game::core::GameSystems::Present),
        );
}

/// The colour of a theme's `#rrggbb`.
#[must_use]
pub fn colour(c: Rgb) -> Color {
    let [r, g, b] = c.0;
    Color::srgb_u8(r, g, b)
}

/// The theme every build carries, used when the chosen one cannot be read.
fn built_in_theme() -> ActiveTheme {
    let theme = Theme::from_ron(include_str!("../../../assets/themes/wood.ron"))
        .expect("assets/themes/wood.ron is checked by the files::theme tests");
    ActiveTheme {
        id: crate::files::settings::DEFAULT_THEME.into(),
        theme,
    }
}

/// Reads the chosen theme and lists the others, before the scene is built.
pub(super) fn load_chosen_theme(
    mut commands: Commands,
    folder: Res<ThemeFolder>,
    mut choice: ResMut<ThemeChoice>,
    mut file: ResMut<SettingsFile>,
    tr: Res<crate::game::core::i18n::Tr>,
) {
    let list = theme_names(&folder.0)
        .into_iter()
        .filter_map(|id| Theme::load(&folder.0, &id).ok().map(|t| (id, t.name)))
        .collect();
    commands.insert_resource(ThemeList(list));
    let active = match Theme::load(&folder.0, &choice.0) {
        Ok(theme) => ActiveTheme {
            id: choice.0.clone(),
            theme,
        },
        Err(e) => {
            warn!("{e}");
            file.notice = Some(format!("{e}; {}", tr.t("theme.fallback")));
            let fallback = built_in_theme();
            choice.0.clone_from(&fallback.id);
            fallback
        }
    };
    commands.insert_resource(active);
}

/// Reads the newly chosen theme; one that cannot be read is refused with a notice.
fn switch_theme(
    mut commands: Commands,
    folder: Res<ThemeFolder>,
    mut choice: ResMut<ThemeChoice>,
    active: Option<Res<ActiveTheme>>,
    mut file: ResMut<SettingsFile>,
    tr: Res<crate::game::core::i18n::Tr>,
) {
    if active.as_ref().is_some_and(|a| a.id == choice.0) {
        return;
    }
    match Theme::load(&folder.0, &choice.0) {
        Ok(theme) => commands.insert_resource(ActiveTheme {
            id: choice.0.clone(),
            theme,
        }),
        Err(e) => {
            warn!("{e}");
            file.notice = Some(format!("{e}; {}", tr.t("theme.unchanged")));
            if let Some(active) = active {
                choice.0.clone_from(&active.id);
            }
        }
    }
}

/// The background and the table take the theme's colours and grain (also at start: the table's
/// planks are drawn here only).
fn paint_room(
    active: Res<ActiveTheme>,
    mut clear: ResMut<ClearColor>,
    tables: Query<&MeshMaterial3d<StandardMaterial>, With<Table>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    clear.0 = colour(active.theme.background);
    let planks = images
        .map(|mut images| images.add(crate::game::board::wood::table_planks(active.theme.grain)));
    for handle in &tables {
        if let Some(mut m) = materials.get_mut(&handle.0) {
            m.base_color = colour(active.theme.table);
            if planks.is_some() {
                m.base_color_texture.clone_from(&planks);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::table::BoardCell;
    use crate::game::core::session::Session;
    use crate::rules::{AnyGame, AnyOptions, Game, GameId};

    fn material_colour(app: &App, handle: &Handle<StandardMaterial>) -> Color {
        app.world()
            .resource::<Assets<StandardMaterial>>()
            .get(handle)
            .expect("a material")
            .base_color
    }

    fn table_colour(app: &mut App) -> Color {
        let handle = app
            .world_mut()
            .query_filtered::<&MeshMaterial3d<StandardMaterial>, With<Table>>()
            .single(app.world())
            .expect("one table")
            .0
            .clone();
        material_colour(app, &handle)
    }

    fn cell_colours(app: &mut App) -> Vec<Color> {
        let handles: Vec<_> = app
            .world_mut()
            .query_filtered::<&MeshMaterial3d<StandardMaterial>, With<BoardCell>>()
            .iter(app.world())
            .map(|m| m.0.clone())
            .collect();
        handles.iter().map(|h| material_colour(app, h)).collect()
    }

    /// A stone's variant is its theme colour give or take a few steps of tone.
    fn assert_near(actual: Color, theme: [u8; 3]) {
        let actual = actual.to_srgba().to_u8_array_no_alpha();
        let off = (0..3).map(|c| actual[c].abs_diff(theme[c])).max();
        assert!(off <= Some(12), "stone {actual:?}, theme {theme:?}");
    }

    #[test]
    fn choosing_a_theme_repaints_the_room_the_board_and_the_stones_live() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
            .init_asset::<Mesh>()
            .init_asset::<StandardMaterial>()
            .init_asset::<Image>()
            .init_resource::<ClearColor>()
            .insert_resource(Session::new(AnyGame::start(AnyOptions::for_game(
                GameId::Grabber8,
            ))));
        crate::game::logic_plugin(&mut app);
        app.add_plugins((
            plugin,
            crate::game::board::table::plugin,
            crate::game::room::table_and_lights::plugin,
            crate::game::board::stone_look::plugin,
        ));
        app.update();
        app.update();
        let wood = Theme::load(&ThemeFolder::default().0, "wood").unwrap();
        assert_eq!(
            app.world().resource::<ClearColor>().0,
            colour(wood.background)
        );
        assert_eq!(table_colour(&mut app), colour(wood.table));
        let cells = cell_colours(&mut app);
        assert_eq!(cells.len(), 64);
        assert!(cells.contains(&colour(wood.tile_light)));
        let stone = app
            .world()
            .resource::<crate::game::board::stone_look::StoneLook>()
            .black[2]
            .clone();
        assert_near(material_colour(&app, &stone), wood.black_stone.0);

        app.world_mut().resource_mut::<ThemeChoice>().0 = "high-contrast".into();
        app.update();
        app.update();
        let contrast = Theme::load(&ThemeFolder::default().0, "high-contrast").unwrap();
        assert_eq!(app.world().resource::<ActiveTheme>().id, "high-contrast");
        assert_eq!(
            app.world().resource::<ClearColor>().0,
            colour(contrast.background)
        );
        assert_eq!(table_colour(&mut app), colour(contrast.table));
        let cells = cell_colours(&mut app);
        assert_eq!(
            cells.len(),
            64,
            "the old board is gone, the new one is whole"
        );
        assert!(cells.contains(&colour(contrast.tile_light)));
        assert!(!cells.contains(&colour(wood.tile_light)));
        // Stones already on the board change too (their materials are shared).
        assert_near(material_colour(&app, &stone), contrast.black_stone.0);

        // A theme that is not there is refused with a notice; the current one stays.
        app.world_mut().resource_mut::<ThemeChoice>().0 = "no-such-theme".into();
        app.update();
        assert_eq!(app.world().resource::<ActiveTheme>().id, "high-contrast");
        assert_eq!(app.world().resource::<ThemeChoice>().0, "high-contrast");
        let notice = app
            .world()
            .resource::<SettingsFile>()
            .notice
            .clone()
            .unwrap();
        assert!(notice.contains("no-such-theme.ron"), "{notice}");
    }
}

//! `--print-layout`: where things are on screen, for tests that drive the app through a real
//! window. Whenever it changes, one line `layout: <RON>` goes to standard output: the screen on
//! show, the turn in progress and the moves played, the window's size, each cell's point on
//! screen (board level and stack top), the lit targets, each panel's rectangle and every
//! control's, the named ones with their names (all in window pixels), and what the files gave
//! (the theme and language in use, the title's pictures loaded), and the position being set up
//! in the editor and its brush.
//! [`covered_controls`] says which controls a panel covers, [`controls_off_window`] which run
//! past the window, and [`cut_labels`] which buttons are narrower than their labels.

use bevy::prelude::*;

use crate::game::view::camera::Orbit;
use crate::game::view::fly_in::FlyIn;
use crate::game::view::room_tour::RoomTour;

/// A camera neither flying in nor walking through the room.
type Settled = (Without<FlyIn>, Without<RoomTour>);
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use serde::{Deserialize, Serialize};

use crate::rules::Game;

use crate::game::board::highlight::Marker;
use crate::game::board::layout::{cell_centre, stack_top};
use crate::game::board::stones::{StackStones, StackView};
use crate::game::board::theme::ActiveTheme;
use crate::game::core::i18n::Tr;
use crate::game::core::screen::Screen;
use crate::game::core::session::Session;
use crate::game::screens::stack_labels::{stack_labels, tag_rect};
use crate::game::screens::title::CardPictures;
use crate::game::ui::named::take_named_controls_whole;
use crate::game::view::framing::{FramingGoal, FreeArea};
use crate::game::view::free_area::{DIALOGS, is_dialog};

/// A rectangle in window pixels: left, top, right, bottom.
pub type PixelRect = [f32; 4];

/// A cell of the board on screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellSpot {
    /// The cell, as the notation names it.
    pub cell: String,
    /// Its centre on the board's surface, in window pixels.
    pub board: [f32; 2],
    /// The top of its stack (the board's surface when empty), in window pixels.
    pub top: [f32; 2],
}

/// A lit target on the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Target {
    /// The cell it stands on.
    pub cell: String,
    /// The decision it takes (`Action`'s debug form), empty for the chosen stack's own ring.
    pub action: String,
}

/// An egui layer with an area: a window, the banner, a popup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Panel {
    /// egui's name for the layer (its id, for windows given one).
    pub id: String,
    /// Its place in the drawing order (0 is drawn first).
    pub order: usize,
    /// A dialog, such as Settings: it may cover what is under it while it is open.
    pub dialog: bool,
    /// Whether it takes the pointer (a painted label does not).
    pub interactable: bool,
    /// Where it is.
    pub rect: PixelRect,
}

/// A widget that takes clicks or drags.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Control {
    /// The name given with [`name_control`], if any.
    pub name: Option<String>,
    /// The panel (layer) it is drawn in; `None` for screens drawn under every window.
    pub panel: Option<usize>,
    /// Where it takes the pointer.
    pub rect: PixelRect,
    /// Where it is drawn whole (wider than `rect` where a window's edge or a scrolled area
    /// cuts it).
    #[serde(default)]
    pub whole: PixelRect,
    /// The width its label asks for on one line, with its padding (named buttons only).
    #[serde(default)]
    pub wants: Option<f32>,
    /// It has the keyboard's focus.
    #[serde(default)]
    pub focused: bool,
    /// Where it takes the pointer, width and height in millimetres on a kiosk whose profile
    /// gives the screen's width.
    #[serde(default)]
    pub mm: Option<[f32; 2]>,
}

/// What the app's files gave it: the theme and the language actually in use (a file that could
/// not be read leaves the wooden theme and English), and the title's card pictures loaded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Looks {
    /// The theme's file name.
    pub theme: String,
    /// The language's code.
    pub language: String,
    /// The card pictures loaded.
    pub pictures: usize,
}

/// What `--print-layout` prints.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LayoutReport {
    /// The screen on show (`--screen`'s names).
    pub screen: String,
    /// The turn in progress, as a partial move (empty between turns).
    pub turn: String,
    /// Whole moves played.
    pub moves: usize,
    /// The window's size in pixels.
    pub window: [f32; 2],
    /// The board's cells (none while the camera flies in to a new game).
    pub cells: Vec<CellSpot>,
    /// The lit targets.
    pub targets: Vec<Target>,
    /// The stacks' height tags (none while the camera flies in).
    #[serde(default)]
    pub labels: Vec<PixelRect>,
    /// The part of the window the panels leave for the board.
    #[serde(default)]
    pub free: PixelRect,
    /// The panels, back to front.
    pub panels: Vec<Panel>,
    /// The controls.
    pub controls: Vec<Control>,
    /// What the files gave.
    #[serde(default)]
    pub looks: Looks,
    /// The position being set up in the editor, as a position string (empty elsewhere).
    #[serde(default)]
    pub editing: String,
    /// What a click does in the editor (`Brush`'s debug form; empty elsewhere).
    #[serde(default)]
    pub brush: String,
    /// How many announcements were made so far, and the latest.
    #[serde(default)]
    pub said: (u64, String),
    /// The keyboard's cell cursor, once shown (empty before).
    #[serde(default)]
    pub cursor: String,
    /// Millimetres per pixel on a kiosk whose profile gives the screen's width, and the least
    /// touch target and text size there, in pixels.
    #[serde(default)]
    pub sizes: Option<ScreenSizes>,
}

/// A kiosk screen's sizes, from its profile.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct ScreenSizes {
    /// Millimetres per pixel.
    pub mm_per_px: f32,
    /// The least touch target, in pixels.
    pub touch_px: f32,
    /// The least text size, in pixels.
    pub text_px: f32,
}

/// The prefix of each printed line.
pub const LINE_PREFIX: &str = "layout: ";

/// The line the hidden `--layout-only` prints once the screen is ready and its panels have
/// stayed where they are for a few frames: the layout printed last is the screen's.
pub const SETTLED_LINE: &str = "layout settled";

/// The ids of the app's panels, reported by name.
const PANELS: &[&str] = &[
    "game panel",
    "editor panel",
    "moves window",
    "view window",
    "turn banner",
    "attract caption",
    "attract welcome",
    "cash near pointer",
];

/// Prints the layout (`--print-layout`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct PrintLayout;

/// Keeps the layout in [`LatestLayout`] without printing it (a headless app asked for its
/// layout: the caller reads it in the same process).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct RecordLayout;

/// For how many frames in a row the panels and controls have stayed where they are.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct PanelsUnchanged(pub u32);

/// The layout printed last, for a caller in the same process (the headless layout tests).
#[derive(Resource, Debug, Clone, Default)]
pub struct LatestLayout(pub Option<LayoutReport>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelsUnchanged>()
        .init_resource::<LatestLayout>();
    app.add_systems(
        Last,
        print_layout.run_if(
            (resource_exists::<PrintLayout>.or_else(resource_exists::<RecordLayout>))
                .and_then(in_any_screen),
        ),
    );
}

fn in_any_screen(screen: Option<Res<State<Screen>>>) -> bool {
    screen.is_some()
}

/// Controls covered by a panel drawn above them (dialogs excepted), as `(control, panel)`.
#[must_use]
pub fn covered_controls(report: &LayoutReport) -> Vec<(usize, usize)> {
    let overlaps = |a: PixelRect, b: PixelRect| {
        a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5
    };
    let mut covered = Vec::new();
    for (c, control) in report.controls.iter().enumerate() {
        let below = control.panel.map(|p| report.panels[p].order);
        for (p, panel) in report.panels.iter().enumerate() {
            let above = below.is_none_or(|b| panel.order > b);
            if above && panel.interactable && !panel.dialog && overlaps(control.rect, panel.rect) {
                covered.push((c, p));
            }
        }
    }
    covered
}

/// Panels that run past the window's edges (by more than half a pixel), dialogs included.
#[must_use]
pub fn panels_off_window(report: &LayoutReport) -> Vec<usize> {
    let [width, height] = report.window;
    report
        .panels
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            let [left, top, right, bottom] = p.rect;
            left < -0.5 || top < -0.5 || right > width + 0.5 || bottom > height + 0.5
        })
        .map(|(n, _)| n)
        .collect()
}

/// Controls that show (they take the pointer somewhere) but are drawn past the window's left,
/// right or top edge (by more than half a pixel): the window cuts them, as it cut the title's
/// Start to 5 px, and nothing scrolls sideways or above its start to reveal them. (Past the
/// bottom edge is where a scrolled list goes on, so that edge is left to the panels' check.)
#[must_use]
pub fn controls_off_window(report: &LayoutReport) -> Vec<usize> {
    let width = report.window[0];
    report
        .controls
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let [left, top, right, _] = c.whole;
            let shows = c.rect[2] - c.rect[0] >= 1.0 && c.rect[3] - c.rect[1] >= 1.0;
            shows && (left < -0.5 || top < -0.5 || right > width + 0.5)
        })
        .map(|(n, _)| n)
        .collect()
}

/// Buttons drawn narrower than their label asks (by more than a pixel): a label wrapped,
/// truncated or squeezed out.
#[must_use]
pub fn cut_labels(report: &LayoutReport) -> Vec<usize> {
    report
        .controls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.wants.is_some_and(|w| c.whole[2] - c.whole[0] < w - 1.0))
        .map(|(n, _)| n)
        .collect()
}

fn pixels(rect: egui::Rect, scale: f32) -> PixelRect {
    [
        rect.min.x * scale,
        rect.min.y * scale,
        rect.max.x * scale,
        rect.max.y * scale,
    ]
}

/// The panels and controls of the pass just ended.
fn egui_layout(ctx: &egui::Context) -> (Vec<Panel>, Vec<Control>) {
    let scale = ctx.pixels_per_point();
    let (order, visible) = ctx.memory(|m| {
        (
            m.layer_ids().collect::<Vec<_>>(),
            m.areas().visible_layer_ids(),
        )
    });
    let mut panels = Vec::new();
    let mut index_of = std::collections::HashMap::new();
    for (n, layer) in order.iter().enumerate() {
        let Some(state) = egui::AreaState::load(ctx, layer.id) else {
            continue;
        };
        if !visible.contains(layer) || layer.order == egui::Order::Background {
            continue;
        }
        index_of.insert(*layer, panels.len());
        panels.push(Panel {
            id: PANELS
                .iter()
                .chain(DIALOGS)
                .find(|name| egui::Id::new(**name) == layer.id)
                .map_or_else(|| layer.id.short_debug_format(), |name| (*name).to_owned()),
            order: n,
            dialog: is_dialog(layer.id),
            interactable: state.interactable,
            rect: pixels(state.rect(), scale),
        });
    }
    let named = take_named_controls_whole(ctx);
    let focused = ctx.memory(|m| m.focused());
    let controls = ctx.viewport(|v| {
        let mut controls = Vec::new();
        for (layer, widgets) in v.this_pass.widgets.layers() {
            for w in widgets
                .iter()
                .filter(|w| w.enabled && w.sense.interactive())
            {
                let named = named.iter().find(|c| c.rect == w.interact_rect);
                controls.push(Control {
                    name: named.map(|c| c.name.clone()),
                    panel: index_of.get(layer).copied(),
                    rect: pixels(w.interact_rect, scale),
                    whole: pixels(w.rect, scale),
                    wants: named.and_then(|c| c.wants).map(|w| w * scale),
                    focused: focused == Some(w.id),
                    mm: None,
                });
            }
        }
        controls
    });
    (panels, controls)
}

/// The 3D camera, where it stands, and its orbit and framing.
type BoardCamera = (
    &'static Camera,
    &'static GlobalTransform,
    &'static Orbit,
    Option<&'static FramingGoal>,
);

/// The active 3D camera once it has reached its framing (while it eases there after a panel
/// changed, the cells are not yet where they will be clicked).
fn framed_camera<'a>(
    cameras: &'a Query<BoardCamera, Settled>,
) -> Option<(&'a Camera, &'a GlobalTransform)> {
    let (camera, at, orbit, goal) = cameras.iter().find(|(c, ..)| c.is_active)?;
    goal.is_none_or(|g| g.reached(orbit))
        .then_some((camera, at))
}

/// Each cell's point on screen: the board's surface and its stack's top (none while the camera
/// flies in or eases to its framing: the cells are not yet where they will be clicked).
fn cell_spots(
    session: &Session,
    cameras: &Query<BoardCamera, Settled>,
    stacks: &Query<(&StackView, &StackStones)>,
    scale: f32,
) -> Vec<CellSpot> {
    let Some((camera, at)) = framed_camera(cameras) else {
        return Vec::new();
    };
    let g = session.position().id().geometry();
    let on_screen = |p: Vec3| {
        camera
            .world_to_viewport(at, p)
            .ok()
            .map(|v| [v.x * scale, v.y * scale])
    };
    g.cells()
        .filter_map(|cell| {
            let height = stacks
                .iter()
                .find(|(v, _)| v.cell == cell)
                .map_or(0, |(_, s)| s.0.len());
            let centre = cell_centre(g, cell);
            Some(CellSpot {
                cell: cell.to_string(),
                board: on_screen(centre)?,
                top: on_screen(centre + Vec3::Y * stack_top(height))?,
            })
        })
        .collect()
}

/// The stacks' height tags in window pixels.
fn label_rects(
    session: &Session,
    cameras: &Query<BoardCamera, Settled>,
    zoom: f32,
    scale: f32,
) -> Vec<PixelRect> {
    let Some((camera, at)) = framed_camera(cameras) else {
        return Vec::new();
    };
    stack_labels(session, camera, at)
        .into_iter()
        .map(|(_, centre)| {
            let r = tag_rect(centre, zoom);
            [
                r.min.x * scale,
                r.min.y * scale,
                r.max.x * scale,
                r.max.y * scale,
            ]
        })
        .collect()
}

/// The theme, language and pictures in use.
fn looks(
    theme: &ActiveTheme,
    tr: &Tr,
    pictures: Option<&CardPictures>,
    server: &AssetServer,
) -> Looks {
    Looks {
        theme: theme.id.clone(),
        language: tr.code().to_owned(),
        pictures: pictures.map_or(0, |p| {
            p.0.iter().filter(|(_, h)| server.is_loaded(h.id())).count()
        }),
    }
}

fn print_layout(
    mut contexts: EguiContexts,
    (theme, tr, pictures, server): (
        Res<ActiveTheme>,
        Res<Tr>,
        Option<Res<CardPictures>>,
        Res<AssetServer>,
    ),
    (screen, session, editor): (
        Res<State<Screen>>,
        Res<Session>,
        Option<Res<crate::game::core::editor::Editor>>,
    ),
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<BoardCamera, Settled>,
    stacks: Query<(&StackView, &StackStones)>,
    (markers, free, said, cursor, exhibition): (
        Query<&Marker>,
        Res<FreeArea>,
        Res<crate::game::core::announce::Announcements>,
        Res<crate::game::board::cursor::BoardCursor>,
        Option<Res<crate::game::exhibition::Exhibition>>,
    ),
    (mut last, mut last_panels, mut unchanged, mut latest, printing): (
        Local<String>,
        Local<Vec<String>>,
        ResMut<PanelsUnchanged>,
        ResMut<LatestLayout>,
        Option<Res<PrintLayout>>,
    ),
) -> Result {
    let Ok(window) = windows.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (panels, mut controls) = egui_layout(ctx);
    let sizes = exhibition.and_then(|e| screen_sizes(window.physical_width() as f32, &e.profile));
    in_millimetres(&mut controls, sizes);
    count_unchanged_frames(&panels, &controls, &mut last_panels, &mut unchanged);
    let (editing, brush) = editor_fields(editor.as_deref());
    let report = LayoutReport {
        screen: screen.get().name().into(),
        turn: session.turn().notation(),
        moves: session.move_count(),
        targets: markers.iter().map(target_of).collect(),
        window: physical_size(window),
        cells: cell_spots(&session, &cameras, &stacks, window.scale_factor()),
        labels: label_rects(&session, &cameras, ctx.zoom_factor(), window.scale_factor()),
        free: in_pixels(free.rect, window.scale_factor()),
        panels,
        controls,
        looks: looks(&theme, &tr, pictures.as_deref(), &server),
        editing,
        brush,
        said: (said.made(), said.latest().unwrap_or_default().to_owned()),
        cursor: shown_cursor(&cursor),
        sizes,
    };
    keep(report, printing.is_some(), &mut last, &mut latest)
}

/// Prints the report when it changed (`printing`), and keeps it when printed or not printing.
fn keep(
    report: LayoutReport,
    printing: bool,
    last: &mut String,
    latest: &mut LatestLayout,
) -> Result {
    let printed = printing && publish_when_changed(&report, last)?;
    if !printing || printed {
        latest.0 = Some(report);
    }
    Ok(())
}

/// The window's size in physical pixels.
fn physical_size(window: &Window) -> [f32; 2] {
    [
        window.physical_width() as f32,
        window.physical_height() as f32,
    ]
}

/// The position being set up and the editor's brush (empty outside the editor).
fn editor_fields(editor: Option<&crate::game::core::editor::Editor>) -> (String, String) {
    editor.map_or_else(Default::default, |e| {
        (e.setup.to_string(), format!("{:?}", e.brush))
    })
}

/// Prints the report when it differs from the `last` one printed, and says whether it did.
fn publish_when_changed(report: &LayoutReport, last: &mut String) -> Result<bool> {
    let line = ron::to_string(report)?;
    let changed = *last != line;
    if changed {
        publish(&line);
        *last = line;
    }
    Ok(changed)
}

/// The keyboard's cell cursor, once shown (empty before).
fn shown_cursor(cursor: &crate::game::board::cursor::BoardCursor) -> String {
    if cursor.shown {
        cursor.cell.to_string()
    } else {
        String::new()
    }
}

/// The kiosk screen's sizes, where its profile gives the screen's width.
fn screen_sizes(window_px: f32, profile: &crate::files::profile::Profile) -> Option<ScreenSizes> {
    let least = crate::game::exhibition::touch::LeastSizes::of_profile(window_px, profile);
    least.mm_per_px.map(|mm_per_px| ScreenSizes {
        mm_per_px,
        touch_px: least.touch_px,
        text_px: least.text_px,
    })
}

/// Each control's size in millimetres as well, where the screen's size is known.
fn in_millimetres(controls: &mut [Control], sizes: Option<ScreenSizes>) {
    let Some(ScreenSizes { mm_per_px, .. }) = sizes else {
        return;
    };
    for c in controls {
        c.mm = Some([
            (c.rect[2] - c.rect[0]) * mm_per_px,
            (c.rect[3] - c.rect[1]) * mm_per_px,
        ]);
    }
}

/// Counts the frames the panels and controls stay where they were (egui lists the widgets in
/// no fixed order: they are compared as a sorted list).
fn count_unchanged_frames(
    panels: &[Panel],
    controls: &[Control],
    last: &mut Vec<String>,
    unchanged: &mut PanelsUnchanged,
) {
    let mut places: Vec<String> = panels.iter().map(|p| format!("{p:?}")).collect();
    places.extend(controls.iter().map(|c| format!("{c:?}")));
    places.sort_unstable();
    if places == *last {
        unchanged.0 += 1;
    } else {
        unchanged.0 = 0;
        *last = places;
    }
}

/// A rectangle of logical points in window pixels.
fn in_pixels(r: Rect, scale: f32) -> PixelRect {
    [
        r.min.x * scale,
        r.min.y * scale,
        r.max.x * scale,
        r.max.y * scale,
    ]
}

/// A lit target as the report names it.
fn target_of(marker: &Marker) -> Target {
    Target {
        cell: marker.cell.to_string(),
        action: marker.action.map(|a| format!("{a:?}")).unwrap_or_default(),
    }
}

/// Prints a layout's line; on the web the page reads it off the canvas (`data-layout`).
fn publish(line: &str) {
    crate::platform::page::publish("layout", line);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panel(order: usize, dialog: bool, rect: PixelRect) -> Panel {
        Panel {
            id: format!("p{order}"),
            order,
            dialog,
            interactable: true,
            rect,
        }
    }

    fn control() -> Control {
        Control {
            name: None,
            panel: None,
            rect: [0.0; 4],
            whole: [0.0; 4],
            wants: None,
            focused: false,
            mm: None,
        }
    }

    #[test]
    fn a_button_cut_by_the_windows_side_runs_past_it_and_a_scrolled_one_does_not() {
        let start = Control {
            rect: [1019.0, 700.0, 1024.0, 740.0],
            whole: [1019.0, 700.0, 1180.0, 740.0],
            ..control()
        };
        let scrolled_away = Control {
            rect: [0.0, 768.0, 100.0, 768.0],
            whole: [0.0, 770.0, 100.0, 800.0],
            ..control()
        };
        let half_scrolled = Control {
            rect: [0.0, 740.0, 100.0, 756.0],
            whole: [0.0, 740.0, 100.0, 790.0],
            ..control()
        };
        let inside = Control {
            rect: [800.0, 700.0, 1000.0, 740.0],
            whole: [800.0, 700.0, 1000.0, 740.0],
            ..control()
        };
        let report = LayoutReport {
            window: [1024.0, 768.0],
            controls: vec![start, scrolled_away, half_scrolled, inside],
            ..LayoutReport::default()
        };
        assert_eq!(controls_off_window(&report), [0]);
    }

    #[test]
    fn a_button_narrower_than_its_label_is_found() {
        let button = |width: f32, wants| Control {
            whole: [0.0, 0.0, width, 30.0],
            wants,
            ..control()
        };
        let report = LayoutReport {
            controls: vec![
                button(60.0, Some(90.0)),
                button(90.0, Some(90.5)),
                button(20.0, None),
            ],
            ..LayoutReport::default()
        };
        assert_eq!(cut_labels(&report), [0]);
    }

    #[test]
    fn a_window_over_a_screens_button_covers_it_and_a_dialog_does_not() {
        let mut report = LayoutReport {
            panels: vec![panel(3, false, [0.0, 600.0, 200.0, 700.0])],
            controls: vec![Control {
                name: Some("play".into()),
                panel: None,
                rect: [20.0, 650.0, 200.0, 698.0],
                ..control()
            }],
            ..LayoutReport::default()
        };
        assert_eq!(covered_controls(&report), [(0, 0)]);
        report.panels[0].dialog = true;
        assert!(covered_controls(&report).is_empty());
        report.panels[0].dialog = false;
        report.panels[0].rect = [210.0, 600.0, 400.0, 700.0];
        assert!(covered_controls(&report).is_empty());
    }

    #[test]
    fn only_a_panel_drawn_above_covers_a_windows_control() {
        let report = LayoutReport {
            panels: vec![
                panel(1, false, [0.0, 0.0, 300.0, 300.0]),
                panel(2, false, [100.0, 100.0, 400.0, 400.0]),
            ],
            controls: vec![
                Control {
                    name: None,
                    panel: Some(0),
                    rect: [150.0, 150.0, 250.0, 180.0],
                    ..control()
                },
                Control {
                    name: None,
                    panel: Some(1),
                    rect: [150.0, 150.0, 250.0, 180.0],
                    ..control()
                },
            ],
            ..LayoutReport::default()
        };
        assert_eq!(covered_controls(&report), [(0, 1)]);
    }
}

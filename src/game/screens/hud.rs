//! The egui panel (whose turn, captures, last move, what to do, Pass, the result, New game)
//! and the board's coordinates painted beside its edges.

use crate::game::ui::arrow_keys::step_with_arrows;
use crate::game::ui::choices::{edit_options, seat_label, seat_picker, wrap_before_combo_box};
use crate::game::ui::fitted;
use crate::game::ui::named::name_control;
use crate::game::ui::palette;
use crate::game::ui::reader_names::{hide_from_readers, name_for_readers};
use crate::game::view::camera::Orbit;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::{Action, AnyOptions, BUILT, Cell, Game, GameId, Player};

use crate::game::board::layout::{CELL, cell_centre};
use crate::game::core::describe::describe_outcome;
use crate::game::core::i18n::Tr;
use crate::game::core::opponent::{Hint, HintRequest, Purpose, Thinking};
use crate::game::core::screen::Screen;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::{Session, SessionRequest};
use crate::game::core::view::BoardView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GamePicker>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                show_panel.run_if(in_state(crate::game::core::screen::Screen::Game)),
                paint_coordinates.run_if(
                    not(in_state(crate::game::core::screen::Screen::Title))
                        .and_then(not(in_state(crate::game::core::screen::Screen::Attract)))
                        .and_then(not(in_state(crate::game::core::screen::Screen::Closed))),
                ),
            ),
        )
        .add_systems(
            Update,
            undo_with_keys
                .run_if(not(bevy_egui::input::egui_wants_any_keyboard_input))
                .run_if(in_state(crate::game::core::screen::Screen::Game))
                .in_set(crate::game::core::GameSystems::Rules)
                .before(crate::game::screens::count_input::type_count_digits)
                .before(crate::game::core::session::apply_session_requests),
        );
}

/// The game panel's width where the window has room, in points: a kiosk's touch-sized seat
/// pickers fit beside their labels.
fn panel_width(kiosk: bool) -> f32 {
    if kiosk { 360.0 } else { 290.0 }
}

/// The choices of the panel's "Start a new game" section.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GamePicker {
    /// The game and its options.
    pub options: AnyOptions,
    /// Open the section (once) when it is next drawn.
    pub open: bool,
}

/// Backspace takes back the last decision of the turn; Escape all of them.
fn undo_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    count: Res<crate::game::screens::count_input::CountChoice>,
    mut requests: MessageWriter<SessionRequest>,
) {
    // While digits of a count are typed, Backspace edits them instead.
    if keys.just_pressed(KeyCode::Backspace) && count.typed.is_empty() {
        requests.write(SessionRequest::UndoStep);
    }
    if keys.just_pressed(KeyCode::Escape) {
        requests.write(SessionRequest::CancelSelection);
    }
}

/// The game picker: which game, its options, and Start.
fn pick_game(
    ui: &mut egui::Ui,
    tr: &Tr,
    picker: &mut GamePicker,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let header = egui::CollapsingHeader::new(tr.t("hud.new_game_section"));
    let header = if std::mem::take(&mut picker.open) {
        header.open(Some(true))
    } else {
        header
    };
    header.show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(tr.t("hud.game"));
            let games = egui::ComboBox::from_id_salt("game")
                .selected_text(tr.game(picker.options.game()))
                .show_ui(ui, |ui| {
                    for id in BUILT {
                        let chosen = picker.options.game() == id;
                        if ui.selectable_label(chosen, tr.game(id)).clicked() && !chosen {
                            picker.options = AnyOptions::for_game(id);
                        }
                    }
                });
            name_for_readers(&games.response, tr.t("hud.game"));
            let mut game = picker.options.game();
            if step_with_arrows(ui, &games.response, &mut game, &BUILT) {
                picker.options = AnyOptions::for_game(game);
            }
        });
        ui.label(egui::RichText::new(game_blurb(tr, picker.options.game())).small());
        edit_options(ui, tr, &mut picker.options);
        if ui
            .button(egui::RichText::new(tr.t("hud.start")).strong())
            .clicked()
        {
            requests.write(SessionRequest::Start(picker.options));
        }
    });
}

/// One line on a game, for the picker: its credit and its card's line.
fn game_blurb(tr: &Tr, id: GameId) -> String {
    let card = crate::guide::guide(id).card;
    format!("{}. {}", tr.t(card.credit), tr.t(card.line))
}

fn swatch(ui: &mut egui::Ui, p: Player) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    let fill = match p {
        Player::Black => palette::SWATCH_BLACK,
        Player::White => palette::SWATCH_WHITE,
    };
    ui.painter().circle(
        rect.center(),
        6.5,
        fill,
        egui::Stroke::new(1.0, palette::SWATCH_RIM),
    );
}

fn show_panel(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut seats: ResMut<Seats>,
    thinking: Option<Res<Thinking>>,
    hint: Option<Res<Hint>>,
    hovered: Res<crate::game::board::stones::HoveredStack>,
    mut requests: MessageWriter<SessionRequest>,
    mut hints: MessageWriter<HintRequest>,
    mut picker: ResMut<GamePicker>,
    mut count: ResMut<crate::game::screens::count_input::CountChoice>,
    mut files: crate::game::screens::saves::SavedGames,
    mut guided: ResMut<crate::game::screens::how_to_play::Guided>,
    mut next: ResMut<NextState<Screen>>,
    mut editors: MessageWriter<crate::game::core::editor::OpenEditor>,
    tr: Res<Tr>,
    kiosk: Option<Res<crate::game::core::kiosk::Kiosk>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let position = session.position();
    let mut go_to = None;
    let mut chosen_seats = *seats;
    let widest = (ctx.content_rect().width() * 0.3).max(240.0);
    fitted::fitting(egui::Window::new(tr.game(position.id())), ctx)
        .id(egui::Id::new("game panel"))
        .anchor(
            egui::Align2::RIGHT_TOP,
            [-fitted::EDGE_GAP, fitted::EDGE_GAP],
        )
        .resizable(false)
        .collapsible(false)
        .movable(false)
        .default_width(panel_width(kiosk.is_some()).min(widest))
        // A narrow window or a kiosk's large menus: the panel wraps its lines, not the board.
        .max_width(widest)
        .show(ctx, |ui| {
            ui.label(position.goal(&tr));
            ui.separator();
            let status = TurnStatus {
                session: &session,
                seats: &seats,
                thinking: thinking.as_deref(),
                hint: hint.as_deref(),
                offer_editor: crate::game::core::kiosk::editor_offered(kiosk.as_deref()),
            };
            status.show(ui, &tr, &mut count, &mut requests);
            ui.separator();
            // A kiosk puts the turn's buttons next, so they never fall below the fold.
            if kiosk.is_some() {
                go_to = turn_buttons(ui, &tr, &status, &mut requests, &mut hints);
                ui.separator();
            }
            // The rest scrolls where the window is too short for it (a kiosk's large menus).
            let rest = egui::ScrollArea::vertical().id_salt("game panel sections");
            fitted::show_fitted(ui, rest, f32::INFINITY, |ui| {
                chosen_seats = captures_and_seats(ui, &tr, &session, *status.seats);
                position_notes(ui, &tr, &session, hovered.0);
                ui.separator();
                if kiosk.is_none() {
                    go_to = turn_buttons(ui, &tr, &status, &mut requests, &mut hints);
                    ui.separator();
                }
                pick_game(ui, &tr, &mut picker, &mut requests);
                // A kiosk keeps no files: visitors neither save nor load.
                if kiosk.is_none() {
                    crate::game::screens::saves::saved_games_section(ui, &tr, &mut files);
                }
                ui.small(tr.t("hud.camera_help"));
            });
        });
    // A seat chosen in the panel counts from the next frame.
    if chosen_seats != *seats {
        *seats = chosen_seats;
    }
    match go_to {
        // The editor opens on the position shown (its stones as they stand).
        Some(Screen::Editor) => {
            editors.write(crate::game::core::editor::OpenEditor(position.clone()));
        }
        Some(screen) => {
            if screen == Screen::HowToPlay {
                *guided = crate::game::screens::how_to_play::Guided::of(position.id());
            }
            next.set(screen);
        }
        None => {}
    }
    Ok(())
}

/// What the panel says about the turn: the game, who is to move, and the computer's thinking.
struct TurnStatus<'a> {
    session: &'a Session,
    seats: &'a Seats,
    thinking: Option<&'a Thinking>,
    hint: Option<&'a Hint>,
    /// The panel offers the position editor.
    offer_editor: bool,
}

impl TurnStatus<'_> {
    /// A search still under way (a finished one only waits for the board to settle: the
    /// computer is about to move).
    fn searching(&self) -> Option<&Thinking> {
        self.thinking
            .filter(|t| t.purpose == Purpose::Hint || !t.is_done())
    }

    /// A person is to move in a game still going.
    fn persons_turn(&self) -> bool {
        let position = self.session.position();
        self.session.outcome().is_none() && self.seats.of(position.to_move()) == Seat::Human
    }

    /// The result, or who is to move and what they are asked (the count too), or the
    /// computer's thinking.
    fn show(
        &self,
        ui: &mut egui::Ui,
        tr: &Tr,
        count: &mut crate::game::screens::count_input::CountChoice,
        requests: &mut MessageWriter<SessionRequest>,
    ) {
        let position = self.session.position();
        if let Some(o) = self.session.outcome() {
            ui.heading(describe_outcome(tr, o, position));
            return;
        }
        ui.horizontal(|ui| {
            swatch(ui, position.to_move());
            ui.heading(tr.tf("hud.to_move", &[("player", &tr.player(position.to_move()))]));
        });
        match (self.searching(), self.seats.of(position.to_move())) {
            (Some(t), _) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr.t(match t.purpose {
                        Purpose::Move => "hud.thinking",
                        Purpose::Hint => "hud.hint_thinking",
                    }));
                });
            }
            (None, Seat::Computer(_)) => {
                ui.label(tr.t("hud.about_to_move"));
            }
            (None, Seat::Human) => {
                ui.label(position.prompt(tr));
                crate::game::screens::count_input::choose_count(
                    ui,
                    tr,
                    self.session,
                    count,
                    requests,
                );
                self.show_hint(ui, tr);
            }
        }
    }

    /// The hint found for this position, if any.
    fn show_hint(&self, ui: &mut egui::Ui, tr: &Tr) {
        let position = self.session.position();
        if let Some(h) = self.hint.filter(|h| h.position == position.hash()) {
            ui.colored_label(
                palette::HINT,
                match position.action_cell(h.action) {
                    Some(c) => tr.tf("hud.hint_cell", &[("cell", &c)]),
                    None => tr.tf("hud.hint_action", &[("action", &h.action)]),
                },
            );
        }
    }
}

/// Each side's captures, and who plays it: the seats as chosen now.
fn captures_and_seats(ui: &mut egui::Ui, tr: &Tr, session: &Session, seats: Seats) -> Seats {
    let position = session.position();
    for p in Player::ALL {
        ui.horizontal_top(|ui| {
            swatch(ui, p);
            ui.add(egui::Label::new(position.captures_line(tr, p)).wrap());
        });
    }
    ui.separator();
    let mut chosen = seats;
    for p in Player::ALL {
        // Wrapped: a long level's name goes under the label rather than widen the panel.
        ui.horizontal_wrapped(|ui| {
            swatch(ui, p);
            ui.label(tr.tf("hud.played_by", &[("player", &tr.player(p))]));
            let seat = match p {
                Player::Black => &mut chosen.black,
                Player::White => &mut chosen.white,
            };
            wrap_before_combo_box(ui, &seat_label(tr, *seat));
            seat_picker(ui, tr, p, seat);
        });
    }
    chosen
}

/// The stack under the pointer, the last move and the turn's number.
fn position_notes(ui: &mut egui::Ui, tr: &Tr, session: &Session, hovered: Option<Cell>) {
    let position = session.position();
    // One line, kept whether or not a stack is pointed at: the buttons below never move under
    // the pointer as it crosses the board towards them.
    let pointed = hovered.map_or_else(String::new, |cell| {
        crate::game::board::stones::describe_stack(tr, cell, position.stack(cell))
    });
    let line = ui.add(egui::Label::new(pointed).truncate());
    if hovered.is_none() {
        // Empty, it only keeps the line: screen readers pass over it.
        hide_from_readers(&line);
    }
    // The shown position's: an earlier one looked at has its own last move.
    let last = session.shown_last_move().unwrap_or(tr.t("hud.none_yet"));
    ui.label(tr.tf("hud.last_move", &[("notation", &last)]));
    ui.label(tr.tf("hud.turn", &[("n", &(position.ply() + 1))]));
}

/// The turn's buttons: pass, choose again, stop, undo a step, a hint, a new game, how to play,
/// the menu, resign. The screen to go to, if one was asked for.
fn turn_buttons(
    ui: &mut egui::Ui,
    tr: &Tr,
    status: &TurnStatus,
    requests: &mut MessageWriter<SessionRequest>,
    hints: &mut MessageWriter<HintRequest>,
) -> Option<Screen> {
    let session = status.session;
    let legal = session.legal_actions();
    let taken = session.turn().actions().len();
    let mut go_to = None;
    ui.horizontal_wrapped(|ui| {
        // Each named by its key ("hud.new_game" is "new game"), for the tests that click it.
        let named = |button: egui::Response, key: &str| {
            name_control(&button, key.trim_start_matches("hud.").replace('_', " "));
            button.clicked()
        };
        let strong = |ui: &mut egui::Ui, key: &str, help: &str| {
            let text = egui::RichText::new(tr.t(key)).strong();
            named(ui.button(text).on_hover_text(tr.t(help)), key)
        };
        let plain = |ui: &mut egui::Ui, key: &str, help: &str| {
            named(ui.button(tr.t(key)).on_hover_text(tr.t(help)), key)
        };
        if legal.as_slice() == [Action::Pass] && strong(ui, "hud.pass", "hud.pass.help") {
            requests.write(SessionRequest::Pass);
        }
        if taken == 1 && ui.button(tr.t("hud.choose_again")).clicked() {
            requests.write(SessionRequest::CancelSelection);
        }
        if legal.contains(&Action::Stop) && strong(ui, "hud.stop", "hud.stop.help") {
            requests.write(SessionRequest::Play(Action::Stop));
        }
        if taken > 1 && plain(ui, "hud.undo_step", "hud.undo_step.help") {
            requests.write(SessionRequest::UndoStep);
        }
        if status.persons_turn()
            && status.thinking.is_none()
            && plain(ui, "hud.hint", "hud.hint.help")
        {
            hints.write(HintRequest);
        }
        if named(ui.button(tr.t("hud.new_game")), "hud.new_game") {
            requests.write(SessionRequest::NewGame);
        }
        if plain(ui, "hud.how_to_play", "hud.how_to_play.help") {
            go_to = Some(Screen::HowToPlay);
        }
        if status.offer_editor && plain(ui, "hud.set_up", "hud.set_up.help") {
            go_to = Some(Screen::Editor);
        }
        if plain(ui, "hud.menu", "hud.menu.help") {
            go_to = Some(Screen::Title);
        }
        if status.persons_turn() && plain(ui, "hud.resign", "hud.resign.help") {
            requests.write(SessionRequest::Resign);
        }
    });
    go_to
}

/// A coordinate's label, about 16 by 18 points around `centre` (window pixels), would lie under
/// or against one of the height tags `tags` (window pixels): within 8 points, "24" beside "3"
/// reads as one number.
fn under_a_tag(centre: Vec2, zoom: f32, tags: &[Rect]) -> bool {
    let label = Rect::from_center_size(centre, Vec2::new(16.0 + 16.0, 18.0) * zoom);
    tags.iter().any(|tag| !tag.intersect(label).is_empty())
}

fn paint_coordinates(
    mut contexts: EguiContexts,
    session: Res<Session>,
    settings: Res<crate::game::core::preferences::ViewSettings>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
) -> Result {
    if !settings.coordinates {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = cameras.single() else {
        return Ok(());
    };
    let g = session.position().id().geometry();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional(15.0);
    let colour = palette::COORDINATES;
    // The viewport is in window pixels; egui's points are those over its zoom.
    let zoom = ctx.zoom_factor();
    // A tall stack's height tag stands where it stands; an edge's label under it gives way.
    let tags: Vec<Rect> = crate::game::screens::stack_labels::stack_labels(&session, camera, at)
        .into_iter()
        .map(|(_, centre)| crate::game::screens::stack_labels::tag_rect(centre, zoom))
        .collect();
    let label = |world: Vec3, text: String| {
        if let Ok(p) = camera.world_to_viewport(at, world)
            && !under_a_tag(p, zoom, &tags)
        {
            let p = p / zoom;
            painter.text(
                egui::pos2(p.x, p.y),
                egui::Align2::CENTER_CENTER,
                text,
                font.clone(),
                colour,
            );
        }
    };
    for x in 0..g.width {
        let c = crate::rules::Cell::new(x, 0);
        label(
            cell_centre(g, c) + Vec3::new(0.0, 0.02, 0.78 * CELL),
            c.file_char().to_string(),
        );
    }
    for y in 0..g.height {
        let c = crate::rules::Cell::new(0, y);
        label(
            cell_centre(g, c) + Vec3::new(-0.8 * CELL, 0.02, 0.0),
            (y + 1).to_string(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edges_label_under_a_height_tag_gives_way() {
        // "24" over a1's stack, drawn where rank 3's label would be.
        let tag = crate::game::screens::stack_labels::tag_rect(Vec2::new(467.0, 412.0), 1.0);
        assert!(under_a_tag(Vec2::new(497.0, 413.0), 1.0, &[tag]));
        assert!(
            !under_a_tag(Vec2::new(497.0, 470.0), 1.0, &[tag]),
            "rank 2 stays"
        );
        assert!(!under_a_tag(Vec2::new(497.0, 413.0), 1.0, &[]));
        // At a kiosk's zoom both grow.
        let big = crate::game::screens::stack_labels::tag_rect(Vec2::new(467.0, 412.0), 1.5);
        assert!(under_a_tag(Vec2::new(505.0, 413.0), 1.5, &[big]));
    }
}

//! The egui panel (whose turn, captures, last move, what to do, Pass, the result, New game)
//! and the board's coordinates painted beside its edges.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::{Action, AnyOptions, BUILT, Game, GameId, Outcome, Player, Reason};

use super::layout::{CELL, cell_centre};
use super::opponent::{Hint, HintRequest, Purpose, Seat, Seats, Thinking};
use super::session::{Session, SessionRequest};
use super::view::{BoardView, player_title as title};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GamePicker>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                show_panel.run_if(in_state(super::Screen::Game)),
                paint_coordinates.run_if(
                    not(in_state(super::Screen::Title))
                        .and_then(not(in_state(super::Screen::Attract))),
                ),
            ),
        )
        .add_systems(
            Update,
            undo_with_keys
                .run_if(not(bevy_egui::input::egui_wants_any_keyboard_input))
                .run_if(in_state(super::Screen::Game))
                .in_set(super::GameSystems::Rules)
                .before(super::count_input::type_count_digits)
                .before(super::session::apply_session_requests),
        );
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
    count: Res<super::count_input::CountChoice>,
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
    picker: &mut GamePicker,
    requests: &mut MessageWriter<SessionRequest>,
) {
    let header = egui::CollapsingHeader::new("Start a new game");
    let header = if std::mem::take(&mut picker.open) {
        header.open(Some(true))
    } else {
        header
    };
    header.show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label("Game");
            egui::ComboBox::from_id_salt("game")
                .selected_text(game_label(picker.options.game()))
                .show_ui(ui, |ui| {
                    for id in BUILT {
                        let chosen = picker.options.game() == id;
                        if ui.selectable_label(chosen, game_label(id)).clicked() && !chosen {
                            picker.options = AnyOptions::for_game(id);
                        }
                    }
                });
        });
        ui.label(egui::RichText::new(game_blurb(picker.options.game())).small());
        edit_options(ui, &mut picker.options);
        if ui.button(egui::RichText::new("Start").strong()).clicked() {
            requests.write(SessionRequest::Start(picker.options));
        }
    });
}

/// The options of a game as widgets: who moves first, and the game's own switches.
pub fn edit_options(ui: &mut egui::Ui, options: &mut AnyOptions) {
    let first = match options {
        AnyOptions::CashInHand(o) => &mut o.first_player,
        AnyOptions::Splay(o) => &mut o.first_player,
        AnyOptions::Intermedium(o) => &mut o.first_player,
        AnyOptions::Grabber(_, o) => &mut o.first_player,
        AnyOptions::Support(o) => &mut o.first_player,
    };
    ui.horizontal(|ui| {
        ui.label("First to move");
        for p in Player::ALL {
            ui.radio_value(first, p, title(p));
        }
    });
    if let AnyOptions::Intermedium(o) = options {
        ui.checkbox(&mut o.opening_rule, "Opening rule")
            .on_hover_text(
                "In each player's first two turns the stack must end further forward \
                 and sow at least one empty cell (when such a move exists)",
            );
    }
    if let AnyOptions::Support(o) = options {
        ui.checkbox(&mut o.push_to_edge, "Pushes may reach the edge")
            .on_hover_text("Whether the stone at the head of a push may land on the outer ring");
    }
}

/// A game's name in the picker, with the board where a game has several.
fn game_label(id: GameId) -> String {
    match id {
        GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => {
            let g = id.geometry();
            format!("{} {}×{}", id.title(), g.width, g.height)
        }
        _ => id.title().to_string(),
    }
}

/// One line on a game, for the picker.
fn game_blurb(id: GameId) -> &'static str {
    match id {
        GameId::CashInHand => {
            "Cameron Browne, 2000. Sow stones along diagonals; hem in and outweigh enemy stacks."
        }
        GameId::Splay => {
            "Joseph Kisenwether, 2000. Stacks step or splay; capture on your back rank."
        }
        GameId::Intermedium => {
            "Matt Crispis, 1974. Sow stacks diagonally; close in enemy stacks and the City."
        }
        GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => {
            "Christian Freeling. Column checkers from a full board; whoever cannot capture loses."
        }
        GameId::Support => {
            "João Pedro Neto, 2002. Insert and push from the edge, move along your bases' groups."
        }
    }
}

/// The result in words.
#[must_use]
pub fn describe_outcome(o: Outcome, captured: usize) -> String {
    match o {
        Outcome::Win(p, Reason::Captures) => {
            format!("{} wins: {captured} enemy stones captured", title(p))
        }
        Outcome::Win(p, Reason::Centre) => {
            format!(
                "{} wins: the centre majority held through {}'s reply",
                title(p),
                title(!p)
            )
        }
        Outcome::Win(p, Reason::City) => {
            format!("{} wins: {}'s City is closed in", title(p), title(!p))
        }
        Outcome::Win(p, Reason::Resignation) => {
            format!("{} wins: {} resigned", title(p), title(!p))
        }
        Outcome::Win(p, Reason::NoMoves) => {
            format!("{} wins: {} has no move left", title(p), title(!p))
        }
        Outcome::Win(p, r) => format!("{} wins ({})", title(p), r.word()),
        Outcome::Draw(Reason::PlyCap) => "Draw: the turn limit was reached".into(),
        Outcome::Draw(Reason::Passes) => "Draw: neither player can move".into(),
        Outcome::Draw(r) => format!("Draw ({})", r.word()),
    }
}

fn swatch(ui: &mut egui::Ui, p: Player) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    let fill = match p {
        Player::Black => egui::Color32::from_rgb(20, 20, 24),
        Player::White => egui::Color32::from_rgb(235, 228, 210),
    };
    ui.painter().circle(
        rect.center(),
        6.5,
        fill,
        egui::Stroke::new(1.0, egui::Color32::GRAY),
    );
}

fn seat_label(seat: Seat) -> String {
    match seat {
        Seat::Human => "Person".into(),
        Seat::Computer(level) => format!("Computer: {}", level.name()),
    }
}

/// A seat's choice: a person, or the computer at a level.
pub fn seat_picker(ui: &mut egui::Ui, p: Player, seat: &mut Seat) {
    egui::ComboBox::from_id_salt(("seat", p.index()))
        .selected_text(seat_label(*seat))
        .show_ui(ui, |ui| {
            ui.selectable_value(seat, Seat::Human, seat_label(Seat::Human));
            for level in crate::ai::Level::ALL {
                let option = Seat::Computer(level);
                ui.selectable_value(seat, option, seat_label(option));
            }
        });
}

fn show_panel(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut seats: ResMut<Seats>,
    thinking: Option<Res<Thinking>>,
    hint: Option<Res<Hint>>,
    hovered: Res<super::stones::HoveredStack>,
    mut requests: MessageWriter<SessionRequest>,
    mut hints: MessageWriter<HintRequest>,
    mut picker: ResMut<GamePicker>,
    mut count: ResMut<super::count_input::CountChoice>,
    mut files: super::saving::SavedGames,
    mut guided: ResMut<super::how_to_play::Guided>,
    mut next: ResMut<NextState<super::Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let position = session.position();
    egui::Window::new(position.id().title())
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .movable(false)
        .default_width(290.0)
        .show(ctx, |ui| {
            ui.label(position.goal());
            ui.separator();
            match session.outcome() {
                Some(o) => {
                    ui.heading(describe_outcome(
                        o,
                        o.winner().map_or(0, |p| position.captured_by(p)),
                    ));
                }
                None => {
                    ui.horizontal(|ui| {
                        swatch(ui, position.to_move());
                        ui.heading(format!("{} to move", title(position.to_move())));
                    });
                    match (&thinking, seats.of(position.to_move())) {
                        (Some(t), _) => {
                            ui.horizontal(|ui| {
                                ui.spinner();
                                ui.label(match t.purpose {
                                    Purpose::Move => "The computer is thinking…",
                                    Purpose::Hint => "Looking for a good move…",
                                });
                            });
                        }
                        (None, Seat::Computer(_)) => {
                            ui.label("The computer is about to move");
                        }
                        (None, Seat::Human) => {
                            ui.label(position.prompt());
                            super::count_input::choose_count(
                                ui,
                                &session,
                                &mut count,
                                &mut requests,
                            );
                            if let Some(h) = hint.as_ref().filter(|h| h.position == position.hash())
                            {
                                ui.colored_label(
                                    egui::Color32::from_rgb(200, 110, 250),
                                    match position.action_cell(h.action) {
                                        Some(c) => format!("Hint: the purple ring on {c}"),
                                        None => format!("Hint: {}", h.action),
                                    },
                                );
                            }
                        }
                    }
                }
            }
            ui.separator();
            for p in Player::ALL {
                ui.horizontal(|ui| {
                    swatch(ui, p);
                    ui.label(position.captures_line(p));
                });
            }
            ui.separator();
            let mut chosen = *seats;
            for p in Player::ALL {
                ui.horizontal(|ui| {
                    swatch(ui, p);
                    ui.label(format!("{} is played by", title(p)));
                    let seat = match p {
                        Player::Black => &mut chosen.black,
                        Player::White => &mut chosen.white,
                    };
                    seat_picker(ui, p, seat);
                });
            }
            if chosen != *seats {
                *seats = chosen;
            }
            if let Some(cell) = hovered.0 {
                ui.label(super::stones::describe_stack(cell, position.stack(cell)));
            }
            ui.label(format!(
                "Last move: {}",
                session.moves().last().map_or("none yet", String::as_str)
            ));
            ui.label(format!("Turn {}", position.ply() + 1));
            ui.separator();
            ui.horizontal(|ui| {
                if session.legal_actions().as_slice() == [Action::Pass]
                    && ui
                        .button(egui::RichText::new("Pass").strong())
                        .on_hover_text("You have no legal move, so you must pass")
                        .clicked()
                {
                    requests.write(SessionRequest::Pass);
                }
                let taken = session.turn().actions().len();
                if taken == 1 && ui.button("Choose again").clicked() {
                    requests.write(SessionRequest::CancelSelection);
                }
                if session.legal_actions().contains(&Action::Stop)
                    && ui
                        .button(egui::RichText::new("Stop here").strong())
                        .on_hover_text("End the capture now (or click the moving column)")
                        .clicked()
                {
                    requests.write(SessionRequest::Play(Action::Stop));
                }
                if taken > 1
                    && ui
                        .button("Undo step")
                        .on_hover_text("Take back the last step of this turn (Backspace)")
                        .clicked()
                {
                    requests.write(SessionRequest::UndoStep);
                }
                if session.outcome().is_none()
                    && seats.of(position.to_move()) == Seat::Human
                    && thinking.is_none()
                    && ui
                        .button("Hint")
                        .on_hover_text("Ask the computer what it would do")
                        .clicked()
                {
                    hints.write(HintRequest);
                }
                if ui.button("New game").clicked() {
                    requests.write(SessionRequest::NewGame);
                }
                if ui
                    .button("How to play")
                    .on_hover_text("The rules, with demonstrations; the game waits")
                    .clicked()
                {
                    *guided = super::how_to_play::Guided::of(position.id());
                    next.set(super::Screen::HowToPlay);
                }
                if ui
                    .button("Menu")
                    .on_hover_text("Back to the title screen (the game is saved)")
                    .clicked()
                {
                    next.set(super::Screen::Title);
                }
                if session.outcome().is_none()
                    && seats.of(position.to_move()) == Seat::Human
                    && ui
                        .button("Resign")
                        .on_hover_text("Give the game up to the other side")
                        .clicked()
                {
                    requests.write(SessionRequest::Resign);
                }
            });
            ui.separator();
            pick_game(ui, &mut picker, &mut requests);
            super::saving::saved_games_section(ui, &mut files);
            ui.small("Right-drag or two fingers: turn the board. Scroll or pinch: zoom.");
        });
    Ok(())
}

fn paint_coordinates(
    mut contexts: EguiContexts,
    session: Res<Session>,
    settings: Res<super::view_settings::ViewSettings>,
    cameras: Query<(&Camera, &GlobalTransform)>,
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
    let colour = egui::Color32::from_rgb(230, 214, 180);
    // The viewport is in window pixels; egui's points are those over its zoom.
    let zoom = ctx.zoom_factor();
    let label = |world: Vec3, text: String| {
        if let Ok(p) = camera.world_to_viewport(at, world) {
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

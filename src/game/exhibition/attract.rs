//! Attract mode: the computer plays itself, cycling through the profile's games at a pace people
//! can watch, while the camera slowly circles and a caption names the game, says how it is won
//! and invites a touch (and, if the profile asks, solves a puzzle after each game:
//! `attract_puzzle.rs`). A touch or click leaves for the game picker, a game or its puzzles.

use std::time::Duration;

use crate::game::ui::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::files::profile::TouchLeadsTo;
use crate::rules::{AnyOptions, Game};

use super::attract_puzzle::{PuzzleShow, caption, start_puzzle_show};
use super::{Exhibition, KioskSystems, VisitorInput};
use crate::game::core::puzzles::PuzzleRequest;
use crate::game::core::puzzles::PuzzleShelves;
use crate::game::core::screen::Screen;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::{BoardReset, Session, SessionRequest};
use crate::game::core::view::BoardView;
use crate::game::screens::title::TitleChoice;
use crate::game::view::camera::Orbit;

/// How long a finished game stays on show before the next one starts.
pub const PAUSE_AFTER_GAME: Duration = Duration::from_secs(6);

/// How long one game may go on in attract mode before the next one starts.
pub const LONGEST_SHOW: Duration = Duration::from_secs(300);

/// When the game on show started, and when it ended.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Show {
    /// When it started (the app's elapsed time).
    pub started: Duration,
    /// When it ended, if it has.
    pub ended: Option<Duration>,
    /// Whether a puzzle of its game has been shown since.
    pub puzzle_shown: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Show>()
        .add_systems(
            OnEnter(Screen::Attract),
            start_game_on_show.in_set(KioskSystems),
        )
        .add_systems(
            Update,
            (show_next_game_when_done, leave_attract_on_input)
                .chain()
                .in_set(KioskSystems)
                .run_if(in_state(Screen::Attract))
                .in_set(crate::game::core::GameSystems::Rules)
                .before(crate::game::core::session::apply_session_requests),
        );
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(Update, circle_the_camera.run_if(in_state(Screen::Attract)))
        .add_systems(
            EguiPrimaryContextPass,
            show_attract_caption
                .in_set(KioskSystems)
                .run_if(in_state(Screen::Attract)),
        );
}

/// Starts the game on show when attract mode begins.
fn start_game_on_show(
    exhibition: Res<Exhibition>,
    mut seats: ResMut<Seats>,
    mut requests: MessageWriter<SessionRequest>,
    mut show: ResMut<Show>,
    time: Res<Time>,
) {
    start_show(
        &exhibition,
        &mut seats,
        &mut requests,
        &mut show,
        time.elapsed(),
    );
}

/// Starts the game on show from its beginning, the computer on both sides at the profile's pace.
fn start_show(
    exhibition: &Exhibition,
    seats: &mut Seats,
    requests: &mut MessageWriter<SessionRequest>,
    show: &mut Show,
    now: Duration,
) {
    let computer = Seat::Computer(exhibition.profile.level);
    *seats = Seats {
        black: computer,
        white: computer,
        pace: Duration::from_secs_f32(exhibition.profile.attract_pace_secs),
        ..*seats
    };
    requests.write(SessionRequest::Start(AnyOptions::for_game(
        exhibition.game_on_show(),
    )));
    *show = Show {
        started: now,
        ended: None,
        puzzle_shown: false,
    };
}

/// A finished game stays on show a moment, then a puzzle of it is solved if the profile asks,
/// then the next game of the cycle starts; so does a game that goes on too long.
fn show_next_game_when_done(
    mut commands: Commands,
    (mut session, mut reset): (ResMut<Session>, MessageWriter<BoardReset>),
    (mut exhibition, shelves): (ResMut<Exhibition>, Res<PuzzleShelves>),
    (mut show, puzzle_show): (ResMut<Show>, Option<Res<PuzzleShow>>),
    mut seats: ResMut<Seats>,
    mut requests: MessageWriter<SessionRequest>,
    time: Res<Time>,
) {
    let now = time.elapsed();
    if let Some(puzzle) = puzzle_show {
        if !puzzle.is_over(now, PAUSE_AFTER_GAME) {
            return;
        }
        commands.remove_resource::<PuzzleShow>();
        exhibition.showing = (exhibition.showing + 1) % exhibition.games.len();
        start_show(&exhibition, &mut seats, &mut requests, &mut show, now);
        return;
    }
    if session.outcome().is_some() && show.ended.is_none() {
        show.ended = Some(now);
    }
    let done = show
        .ended
        .is_some_and(|t| now.saturating_sub(t) >= PAUSE_AFTER_GAME)
        || now.saturating_sub(show.started) >= LONGEST_SHOW;
    if done && !show.puzzle_shown {
        show.puzzle_shown = true;
        let board = (&mut *session, &mut reset);
        if start_puzzle_show(&mut commands, &exhibition, &shelves, board, &mut seats, now) {
            return;
        }
    }
    if done {
        exhibition.showing = (exhibition.showing + 1) % exhibition.games.len();
        start_show(&exhibition, &mut seats, &mut requests, &mut show, now);
    }
}

/// A visitor's touch leaves attract mode: for the picker, straight into the game on show, or
/// to its puzzles.
#[allow(clippy::too_many_arguments, reason = "a system's resources")]
fn leave_attract_on_input(
    mut inputs: MessageReader<VisitorInput>,
    language: Res<super::attract_language::LanguageButton>,
    touches: Option<Res<bevy::input::touch::Touches>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    exhibition: Res<Exhibition>,
    mut seats: ResMut<Seats>,
    mut choice: ResMut<TitleChoice>,
    mut requests: MessageWriter<SessionRequest>,
    mut puzzles: MessageWriter<PuzzleRequest>,
    mut next: ResMut<NextState<Screen>>,
) {
    if inputs.read().count() == 0
        || super::attract_language::pressed_on_the_button(
            &language,
            touches.as_deref(),
            windows.single().ok(),
        )
    {
        return;
    }
    *seats = exhibition.visitor_seats();
    let options = AnyOptions::for_game(exhibition.game_on_show());
    match exhibition.profile.touch_leads_to {
        TouchLeadsTo::Picker => {
            choice.options = options;
            next.set(Screen::Title);
        }
        TouchLeadsTo::Game => {
            requests.write(SessionRequest::Start(options));
            next.set(Screen::Game);
        }
        TouchLeadsTo::Puzzles => {
            puzzles.write(PuzzleRequest::Open(exhibition.game_on_show().card(), None));
        }
    }
}

/// The camera circles the board slowly, unless motion is reduced.
fn circle_the_camera(
    mut orbits: Query<&mut Orbit>,
    view: Res<crate::game::core::preferences::ViewSettings>,
    time: Res<Time>,
) {
    if view.reduced_motion {
        return;
    }
    for mut orbit in &mut orbits {
        orbit.yaw += time.delta_secs() * 0.06;
    }
}

/// The caption: the welcome line, the game's name, how it is won, and the invitation.
fn show_attract_caption(
    mut contexts: EguiContexts,
    exhibition: Res<Exhibition>,
    session: Res<Session>,
    tr: Res<crate::game::core::i18n::Tr>,
    puzzle: Option<Res<PuzzleShow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let position = session.position();
    let gold = palette::HEADING_GOLD;
    if let Some(welcome) = &exhibition.profile.welcome {
        egui::Area::new(egui::Id::new("attract welcome"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
            .interactable(false)
            .show(ctx, |ui| {
                ui.label(egui::RichText::new(welcome).size(30.0).color(gold));
            });
    }
    egui::Area::new(egui::Id::new("attract caption"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -28.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::CAPTION_FILL)
                .corner_radius(12.0)
                .inner_margin(egui::Margin::symmetric(28, 16))
                .show(ui, |ui| {
                    ui.set_width(760.0);
                    ui.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(tr.game(position.id()))
                                .size(40.0)
                                .strong()
                                .color(gold),
                        );
                        let goal = puzzle
                            .as_ref()
                            .map_or_else(|| position.goal(&tr).to_owned(), |p| caption(&tr, p));
                        ui.label(egui::RichText::new(goal).size(20.0));
                        ui.add_space(8.0);
                        ui.label(
                            egui::RichText::new(tr.t("attract.touch"))
                                .size(28.0)
                                .strong()
                                .color(palette::BRIGHT_TEXT),
                        );
                    });
                });
        });
    Ok(())
}

//! A puzzle solved in attract mode (the profile's `attract_puzzles`): after each game it plays,
//! attract mode sets up one of that game's puzzles and plays its proved solution line, defence
//! included, at the profile's pace, with the goal in the caption; then the next game starts.

use std::time::Duration;

use bevy::prelude::*;

use crate::rules::{Action, AnyGame};

use super::{Exhibition, KioskSystems};
use crate::files::puzzles::Puzzle;
use crate::game::core::i18n::Tr;
use crate::game::core::motion::BoardMotion;
use crate::game::core::puzzles::{PuzzleShelves, goal_text};
use crate::game::core::screen::Screen;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::{BoardReset, Session, SessionRequest};

/// The puzzle on show and the decisions of its solution line still to play.
#[derive(Resource, Debug, Clone)]
pub struct PuzzleShow {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Decisions left to play.
    left: Vec<Action>,
    /// When the last decision was played (the app's elapsed time).
    last: Duration,
    /// When the line ended, if it has.
    pub ended: Option<Duration>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        play_the_solution
            .in_set(KioskSystems)
            .run_if(in_state(Screen::Attract).and_then(resource_exists::<PuzzleShow>))
            .in_set(crate::game::core::GameSystems::Rules)
            .before(crate::game::core::session::apply_session_requests),
    )
    .add_systems(OnExit(Screen::Attract), end_puzzle_show);
}

impl PuzzleShow {
    /// Whether the line has been played and has stood for `pause` since.
    #[must_use]
    pub fn is_over(&self, now: Duration, pause: Duration) -> bool {
        self.ended
            .is_some_and(|ended| now.saturating_sub(ended) >= pause)
    }
}

/// The decisions of a puzzle's solution line, move after move (each with its implied end);
/// `None` if a move does not read.
fn line_of(puzzle: &Puzzle) -> Option<Vec<Action>> {
    let mut now: AnyGame = puzzle.start.clone();
    let mut line = Vec::new();
    for text in &puzzle.entry.solution {
        let (after, actions) = crate::rules::play_move(&now, text).ok()?;
        line.extend(actions);
        now = after;
    }
    Some(line)
}

/// Sets up a puzzle of the game just shown, if the profile asks and the game has puzzles
/// (which one turns with the games shown); whether it did.
pub fn start_puzzle_show(
    commands: &mut Commands,
    exhibition: &Exhibition,
    shelves: &PuzzleShelves,
    (session, reset): (&mut Session, &mut MessageWriter<BoardReset>),
    seats: &mut Seats,
    now: Duration,
) -> bool {
    if !exhibition.profile.attract_puzzles {
        return false;
    }
    let Some(shelf) = shelves
        .of(exhibition.game_on_show())
        .filter(|s| !s.puzzles.is_empty())
    else {
        return false;
    };
    let puzzle = shelf.puzzles[(now.as_secs() as usize) % shelf.puzzles.len()].clone();
    let Some(left) = line_of(&puzzle) else {
        return false;
    };
    // Both sides are played from the line: no computer thinks.
    seats.black = Seat::Human;
    seats.white = Seat::Human;
    *session = Session::new(puzzle.start.clone());
    reset.write(BoardReset);
    commands.insert_resource(PuzzleShow {
        puzzle,
        left,
        last: now,
        ended: None,
    });
    true
}

/// Plays the line a decision at a time at the profile's pace once the board is still, and marks
/// its end (attract mode goes on to the next game after its pause).
fn play_the_solution(
    mut show: ResMut<PuzzleShow>,
    exhibition: Res<Exhibition>,
    motion: Res<BoardMotion>,
    time: Res<Time>,
    mut requests: MessageWriter<SessionRequest>,
) {
    let now = time.elapsed();
    if show.ended.is_some() {
        return;
    }
    let pace = Duration::from_secs_f32(exhibition.profile.attract_pace_secs);
    if motion.moving || now.saturating_sub(show.last) < pace {
        return;
    }
    if show.left.is_empty() {
        show.ended = Some(now);
        return;
    }
    let action = show.left.remove(0);
    show.last = now;
    requests.write(SessionRequest::Play(action));
}

/// The caption's line for the puzzle on show: its goal, in the texts' words.
#[must_use]
pub fn caption(tr: &Tr, show: &PuzzleShow) -> String {
    let goal = goal_text(tr, &show.puzzle);
    tr.tf("attract.puzzle", &[("goal", &goal)])
}

fn end_puzzle_show(mut commands: Commands) {
    commands.remove_resource::<PuzzleShow>();
}

//! The announcements: each move by either side in words, whose turn it is, the result, a
//! puzzle solved or missed, the coach's warning, and what the keyboard's reading commands ask.
//! One list of strings feeds the line under the board, screen readers and speech alike.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::rules::Game;

use crate::game::core::coach::{CoachWarning, warning_line};
use crate::game::core::describe::{describe_outcome, last_moves, move_line, turn_line};
use crate::game::core::i18n::Tr;
use crate::game::core::puzzles::{Attempt, PuzzleRun, attempt_text};
use crate::game::core::session::{ActionPlayed, BoardReset, Session};

/// Something to announce, in the current language.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Announce(pub String);

/// The announcements made so far (the last few kept), newest last.
#[derive(Resource, Debug, Default)]
pub struct Announcements {
    recent: VecDeque<String>,
    made: u64,
}

/// How many announcements are kept for the line under the board and the live region.
const KEPT: usize = 20;

impl Announcements {
    /// The newest announcement, if any was made.
    #[must_use]
    pub fn latest(&self) -> Option<&str> {
        self.recent.back().map(String::as_str)
    }

    /// How many were made since the start: it changes with each new one.
    #[must_use]
    pub fn made(&self) -> u64 {
        self.made
    }

    /// The last few, oldest first.
    pub fn recent(&self) -> impl Iterator<Item = &str> {
        self.recent.iter().map(String::as_str)
    }

    fn push(&mut self, line: String) {
        if self.recent.len() == KEPT {
            self.recent.pop_front();
        }
        self.recent.push_back(line);
        self.made += 1;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Announce>()
        .init_resource::<Announcements>()
        .add_systems(
            Update,
            (
                (
                    announce_new_boards,
                    announce_moves,
                    announce_the_result,
                    announce_puzzle_attempts,
                    announce_coach_warnings,
                )
                    .chain()
                    .in_set(crate::game::core::GameSystems::Animate),
                keep_announcements.in_set(crate::game::core::GameSystems::Present),
            ),
        );
}

/// A new game or a loaded one: its name and whose turn it is.
fn announce_new_boards(
    mut resets: MessageReader<BoardReset>,
    session: Res<Session>,
    tr: Res<Tr>,
    mut say: MessageWriter<Announce>,
) {
    if resets.read().count() == 0 {
        return;
    }
    let game = tr.game(session.position().id());
    say.write(Announce(format!("{game}. {}", turn_line(&tr, &session))));
}

/// Each whole move ended this frame, by either side, then whose turn it is now; after a
/// decision within a turn, what is left to decide.
fn announce_moves(
    mut played: MessageReader<ActionPlayed>,
    session: Res<Session>,
    tr: Res<Tr>,
    mut say: MessageWriter<Announce>,
) {
    let (mut decided, mut ended) = (0, 0);
    for p in played.read() {
        decided += 1;
        ended += usize::from(p.ends_turn);
    }
    if ended == 0 {
        // A decision within a turn (a stack chosen, a step): what is left to decide.
        if decided > 0 {
            say.write(Announce(turn_line(&tr, &session)));
        }
        return;
    }
    let mut lines: Vec<String> = last_moves(&session, ended)
        .iter()
        .map(|(before, actions)| move_line(&tr, before, actions))
        .collect();
    if session.outcome().is_none()
        && let Some(last) = lines.last_mut()
    {
        let next = tr.player(session.position().to_move());
        last.push_str(". ");
        last.push_str(&tr.tf("say.to_move", &[("player", &next)]));
    }
    say.write_batch(lines.into_iter().map(Announce));
}

/// The result, once, when the game ends (a move, a resignation, a draw by repetition).
fn announce_the_result(
    session: Res<Session>,
    tr: Res<Tr>,
    mut said: Local<Option<crate::rules::Outcome>>,
    mut say: MessageWriter<Announce>,
) {
    let now = session.outcome();
    if now != *said
        && let Some(o) = now
    {
        say.write(Announce(describe_outcome(&tr, o, session.position())));
    }
    *said = now;
}

/// A puzzle solved, or the answer that shows a move was wrong.
fn announce_puzzle_attempts(
    run: Option<Res<PuzzleRun>>,
    session: Res<Session>,
    tr: Res<Tr>,
    mut said: Local<Option<Attempt>>,
    mut say: MessageWriter<Announce>,
) {
    let Some(run) = run else {
        *said = None;
        return;
    };
    if said.as_ref() == Some(&run.attempt) {
        return;
    }
    if run.attempt != Attempt::Solving {
        say.write(Announce(attempt_text(&tr, &run, &session)));
    }
    *said = Some(run.attempt.clone());
}

/// The coach's warning, when it is raised.
fn announce_coach_warnings(
    warning: Option<Res<CoachWarning>>,
    tr: Res<Tr>,
    mut say: MessageWriter<Announce>,
) {
    let Some(warning) = warning.filter(|w| w.is_changed()) else {
        return;
    };
    if let Some(shown) = &warning.0 {
        say.write(Announce(warning_line(&tr, shown)));
    }
}

/// Keeps each announcement for the line under the board, the live region and speech.
fn keep_announcements(mut heard: MessageReader<Announce>, mut kept: ResMut<Announcements>) {
    for Announce(line) in heard.read() {
        kept.push(line.clone());
    }
}

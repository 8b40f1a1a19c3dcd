//! What visitors do, written to the kiosk's visitor log (`files::visits`): a touch that leaves
//! attract mode and the session it begins, each game and how it ended, how to play and for how
//! long, puzzles started and solved, language switches and idle resets. A log that cannot be
//! written (a full disk) is skipped, with one notice.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;

use super::Exhibition;
use super::clock::KioskClock;
use crate::files::visits::{self, Abandoned, Entry, Visit};
use crate::game::core::preferences::LanguageChoice;
use crate::game::core::problems::Problems;
use crate::game::core::puzzles::{Attempt, PuzzleRun};
use crate::game::core::screen::Screen;
use crate::game::core::session::Session;
use crate::game::screens::how_to_play::Guided;
use crate::rules::{Game, GameId, Outcome};

/// Attract mode took over from a visitor: why, and from which screen.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KioskReset {
    /// Why the screen was left.
    pub why: Abandoned,
    /// The screen left.
    pub from: Screen,
}

/// The visitor log of a running kiosk, and what it follows.
#[derive(Resource, Debug, Clone, Default)]
pub struct VisitLog {
    /// The data folder the log lives in.
    folder: PathBuf,
    /// When the visitor's session began (the app's elapsed time).
    session_since: Option<Duration>,
    /// The visitor's game being played.
    game: Option<FollowedGame>,
    /// The game whose rules are read, since when.
    how_to_play: Option<(GameId, Duration)>,
    /// The puzzle on the board (its game, its place from 0) and whether it was solved.
    puzzle: Option<(GameId, usize, bool)>,
}

/// A visitor's game as the log follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FollowedGame {
    game: GameId,
    since: Duration,
    turns: u32,
}

impl VisitLog {
    /// A log kept in `folder` (the kiosk's data folder).
    #[must_use]
    pub fn in_folder(folder: PathBuf) -> VisitLog {
        VisitLog {
            folder,
            ..VisitLog::default()
        }
    }

    /// The data folder the log lives in.
    #[must_use]
    pub fn folder(&self) -> &std::path::Path {
        &self.folder
    }

    /// Appends an entry stamped with the clock's time; a failure is noted, not fatal.
    pub(super) fn write(&self, clock: &KioskClock, problems: &mut Problems, visit: Visit) {
        let entry = Entry {
            at: clock.now(),
            visit,
        };
        if let Err(why) = visits::append(&self.folder, &entry) {
            problems.note("visitor log", format!("the visitor log is skipped: {why}"));
        }
    }
}

/// Seconds between two of the app's times, whole.
fn secs_between(since: Duration, now: Duration) -> u32 {
    u32::try_from(now.saturating_sub(since).as_secs()).unwrap_or(u32::MAX)
}

/// Who won, for the log: `black`, `white` or `draw`.
fn result_word(outcome: Outcome) -> String {
    outcome
        .winner()
        .map_or("draw", |p| p.name())
        .to_ascii_lowercase()
}

pub(super) fn plugin(app: &mut App) {
    let logging = resource_exists::<VisitLog>;
    app.add_message::<KioskReset>()
        .add_systems(
            OnExit(Screen::Attract),
            note_leaving_attract.run_if(logging),
        )
        .add_systems(OnEnter(Screen::Attract), note_session_end.run_if(logging))
        .add_systems(
            OnEnter(Screen::Closed),
            (note_session_end, note_closing).chain().run_if(logging),
        )
        .add_systems(OnExit(Screen::Closed), note_opening.run_if(logging))
        .add_systems(OnExit(Screen::Game), note_game_left.run_if(logging))
        .add_systems(
            OnExit(Screen::HowToPlay),
            note_how_to_play_read.run_if(logging),
        )
        .add_systems(
            Update,
            (
                // The session as this frame's requests left it: the game a visitor's Start
                // replaces (attract mode's) is never taken for theirs.
                follow_visitor_game
                    .run_if(in_state(Screen::Game))
                    .after(crate::game::core::session::apply_session_requests),
                follow_how_to_play.run_if(in_state(Screen::HowToPlay)),
                follow_puzzles.run_if(in_state(Screen::Puzzle)),
                note_language_switches,
            )
                .run_if(logging),
        );
}

/// A visitor's touch leaving attract mode begins a session (the staff's restart does not).
fn note_leaving_attract(
    mut log: ResMut<VisitLog>,
    mut resets: MessageReader<KioskReset>,
    exhibition: Res<Exhibition>,
    clock: Res<KioskClock>,
    mut problems: ResMut<Problems>,
    time: Res<Time>,
) {
    if resets
        .read()
        .any(|r| matches!(r.why, Abandoned::Staff | Abandoned::Closing))
    {
        return;
    }
    log.session_since = Some(time.elapsed());
    let showing = exhibition.game_on_show().id().to_owned();
    log.write(&clock, &mut problems, Visit::AttractLeft { showing });
}

/// Attract mode is back: an idle reset that brought it is noted, and the session ends.
fn note_session_end(
    mut log: ResMut<VisitLog>,
    mut resets: MessageReader<KioskReset>,
    clock: Res<KioskClock>,
    mut problems: ResMut<Problems>,
    time: Res<Time>,
) {
    for reset in resets.read().filter(|r| r.why == Abandoned::Idle) {
        let screen = reset.from.name().to_owned();
        log.write(&clock, &mut problems, Visit::IdleReset { screen });
    }
    if let Some(since) = log.session_since.take() {
        let secs = secs_between(since, time.elapsed());
        log.write(&clock, &mut problems, Visit::SessionEnded { secs });
    }
}

/// The kiosk closes: noted, and the day's summary written beside the log.
fn note_closing(log: Res<VisitLog>, clock: Res<KioskClock>, mut problems: ResMut<Problems>) {
    log.write(&clock, &mut problems, Visit::Closed);
    let today = clock.now().date();
    let summary = visits::read(&log.folder, Some(today), Some(today)).map(|read| {
        crate::files::visit_stats::summarise(&read)
            .to_lines()
            .join("\n")
            + "\n"
    });
    let written = summary.and_then(|text| {
        let path = visits::summary_file(&log.folder, today);
        crate::files::atomic::write_atomically(&path, text.as_bytes())
    });
    if let Err(why) = written {
        problems.note(
            "day's summary",
            format!("the day's summary is skipped: {why}"),
        );
    }
}

fn note_opening(log: Res<VisitLog>, clock: Res<KioskClock>, mut problems: ResMut<Problems>) {
    log.write(&clock, &mut problems, Visit::Opened);
}

/// Notes a visitor's game starting, its turns, and its end; a fresh game replacing one in
/// progress (a new game chosen) abandons that one. A game is followed from its first move
/// only: one already under way on the board (attract mode's, left behind by a touch) is no
/// visitor's.
fn follow_visitor_game(
    mut log: ResMut<VisitLog>,
    session: Res<Session>,
    clock: Res<KioskClock>,
    mut problems: ResMut<Problems>,
    time: Res<Time>,
) {
    let (game, now) = (session.position().id(), time.elapsed());
    let fresh = session.tree().is_empty();
    let replaced = log
        .game
        .is_some_and(|g| fresh && (g.turns > 0 || g.game != game));
    if replaced {
        abandon(&mut log, &clock, &mut problems, Abandoned::Left, now);
    }
    if log.game.is_none() && fresh && session.outcome().is_none() {
        log.game = Some(FollowedGame {
            game,
            since: now,
            turns: 0,
        });
        let game = game.id().to_owned();
        log.write(&clock, &mut problems, Visit::GameStarted { game });
    }
    let Some(followed) = log.game.as_mut() else {
        return;
    };
    followed.turns = u32::try_from(session.move_count()).unwrap_or(u32::MAX);
    if let Some(outcome) = session.outcome() {
        let followed = *followed;
        let visit = Visit::GameFinished {
            game: followed.game.id().to_owned(),
            result: result_word(outcome),
            turns: followed.turns,
            secs: secs_between(followed.since, now),
        };
        log.write(&clock, &mut problems, visit);
        // A finished game is not followed again until a fresh one starts.
        log.game = None;
    }
}

/// Writes the followed game as abandoned and stops following it.
fn abandon(
    log: &mut VisitLog,
    clock: &KioskClock,
    problems: &mut Problems,
    why: Abandoned,
    now: Duration,
) {
    if let Some(followed) = log.game.take() {
        let visit = Visit::GameAbandoned {
            game: followed.game.id().to_owned(),
            why,
            turns: followed.turns,
            secs: secs_between(followed.since, now),
        };
        log.write(clock, problems, visit);
    }
}

fn note_game_left(
    mut log: ResMut<VisitLog>,
    mut resets: MessageReader<KioskReset>,
    clock: Res<KioskClock>,
    mut problems: ResMut<Problems>,
    time: Res<Time>,
) {
    let why = resets.read().last().map_or(Abandoned::Left, |r| r.why);
    abandon(&mut log, &clock, &mut problems, why, time.elapsed());
}

fn follow_how_to_play(mut log: ResMut<VisitLog>, guided: Option<Res<Guided>>, time: Res<Time>) {
    if log.how_to_play.is_none()
        && let Some(guided) = guided
    {
        log.how_to_play = Some((guided.game, time.elapsed()));
    }
}

fn note_how_to_play_read(
    mut log: ResMut<VisitLog>,
    clock: Res<KioskClock>,
    mut problems: ResMut<Problems>,
    time: Res<Time>,
) {
    if let Some((game, since)) = log.how_to_play.take() {
        let visit = Visit::HowToPlay {
            game: game.id().to_owned(),
            secs: secs_between(since, time.elapsed()),
        };
        log.write(&clock, &mut problems, visit);
    }
}

fn follow_puzzles(
    mut log: ResMut<VisitLog>,
    run: Option<Res<PuzzleRun>>,
    clock: Res<KioskClock>,
    mut problems: ResMut<Problems>,
) {
    let Some(run) = run else {
        return;
    };
    let (game, index) = (run.card, run.index);
    let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
    if log.puzzle.is_none_or(|(g, i, _)| (g, i) != (game, index)) {
        log.puzzle = Some((game, index, false));
        let game = game.id().to_owned();
        log.write(&clock, &mut problems, Visit::PuzzleStarted { game, number });
    }
    if run.attempt == Attempt::Solved
        && let Some((_, _, solved)) = log.puzzle.as_mut()
        && !*solved
    {
        *solved = true;
        let game = game.id().to_owned();
        log.write(&clock, &mut problems, Visit::PuzzleSolved { game, number });
    }
}

/// A visitor's switch of language (the profile's language put back by attract mode is none).
fn note_language_switches(
    log: Res<VisitLog>,
    language: Res<LanguageChoice>,
    mut restored: MessageReader<super::attract_language::LanguageRestored>,
    mut known: Local<Option<String>>,
    clock: Res<KioskClock>,
    mut problems: ResMut<Problems>,
) {
    if known.as_deref() == Some(language.0.as_str()) {
        return;
    }
    if known.is_some() && restored.read().count() == 0 {
        let to = language.0.clone();
        log.write(&clock, &mut problems, Visit::LanguageSwitched { to });
    }
    *known = Some(language.0.clone());
}

//! The visitor log summed up, per day and per game: visitor sessions (from a touch that leaves
//! attract mode until attract mode takes over again), games finished and abandoned, how to play
//! and puzzles opened, take-home codes shown, the median minutes of a session and of a game, and the busiest hours;
//! for `stackyard stats`, its CSV, and the staff menu's Statistics page.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use jiff::civil::Date;

use super::visits::{Entry, LogRead, Visit};

/// The name of the row that sums up every game of a day.
pub const ALL_GAMES: &str = "all";

/// One day's figures for one game (or for all of them, [`ALL_GAMES`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    /// The day.
    pub day: Date,
    /// The game id, or [`ALL_GAMES`].
    pub game: String,
    /// Visitor sessions that began with this game (on show, or chosen first).
    pub sessions: u32,
    /// Games played to their end.
    pub finished: u32,
    /// Games left before their end (an idle reset, another game or screen chosen).
    pub abandoned: u32,
    /// Times how to play was opened.
    pub how_to_play: u32,
    /// Puzzles put on the board.
    pub puzzles_started: u32,
    /// Puzzles solved.
    pub puzzles_solved: u32,
    /// "Continue this game at home" codes shown.
    pub codes_shown: u32,
    /// The median minutes of a session (`None` when none ended in the log).
    pub median_session_minutes: Option<f64>,
    /// The median minutes of a finished or abandoned game.
    pub median_game_minutes: Option<f64>,
    /// Up to three hours of the day (0-23) with the most sessions begun, busiest first.
    pub busiest_hours: Vec<i8>,
}

/// The summary of a stretch of the log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Per day, each game in id order, then the day's [`ALL_GAMES`] row.
    pub rows: Vec<Row>,
    /// Sessions begun in each hour of the day, over every day.
    pub sessions_by_hour: [u32; 24],
    /// The minutes of every session that ended, in the log's order.
    pub session_minutes: Vec<f64>,
    /// Lines of the log that were cut off and skipped.
    pub skipped: usize,
}

/// What is being added up for one row.
#[derive(Default)]
struct Tally {
    row: Row,
    session_minutes: Vec<f64>,
    game_minutes: Vec<f64>,
    hours: [u32; 24],
}

/// A session being followed through the log.
struct OpenSession {
    day: Date,
    hour: i8,
    showing: String,
    game: Option<String>,
}

/// Sums up what the log holds.
#[must_use]
pub fn summarise(log: &LogRead) -> Summary {
    let mut summary = Summary {
        skipped: log.skipped,
        ..Summary::default()
    };
    let mut tallies: BTreeMap<(Date, bool, String), Tally> = BTreeMap::new();
    let mut open: Option<OpenSession> = None;
    for entry in &log.entries {
        follow_sessions(entry, &mut open, &mut tallies, &mut summary);
        count_games(entry, &mut tallies);
    }
    if let Some(session) = open.take() {
        close_session(session, None, &mut tallies, &mut summary);
    }
    summary.rows = tallies.into_values().map(finish_row).collect();
    summary
}

/// Both the game's row and the day's [`ALL_GAMES`] row.
fn both_rows(
    tallies: &mut BTreeMap<(Date, bool, String), Tally>,
    day: Date,
    game: &str,
    mut add: impl FnMut(&mut Tally),
) {
    for (all, name) in [(false, game), (true, ALL_GAMES)] {
        let tally = tallies
            .entry((day, all, name.to_owned()))
            .or_insert_with(|| Tally {
                row: Row {
                    day,
                    game: name.to_owned(),
                    ..Row::default()
                },
                ..Tally::default()
            });
        add(tally);
    }
}

fn follow_sessions(
    entry: &Entry,
    open: &mut Option<OpenSession>,
    tallies: &mut BTreeMap<(Date, bool, String), Tally>,
    summary: &mut Summary,
) {
    match &entry.visit {
        Visit::AttractLeft { showing } => {
            if let Some(session) = open.take() {
                // The app died during the last session: it counts, without a length.
                close_session(session, None, tallies, summary);
            }
            *open = Some(OpenSession {
                day: entry.at.date(),
                hour: entry.at.hour(),
                showing: showing.clone(),
                game: None,
            });
        }
        Visit::GameStarted { game }
        | Visit::HowToPlay { game, .. }
        | Visit::PuzzleStarted { game, .. } => {
            if let Some(session) = open.as_mut() {
                session.game.get_or_insert_with(|| game.clone());
            }
        }
        Visit::SessionEnded { secs } => {
            if let Some(session) = open.take() {
                close_session(session, Some(minutes(*secs)), tallies, summary);
            }
        }
        _ => {}
    }
}

fn close_session(
    session: OpenSession,
    length: Option<f64>,
    tallies: &mut BTreeMap<(Date, bool, String), Tally>,
    summary: &mut Summary,
) {
    let game = session.game.unwrap_or(session.showing);
    let hour = session.hour.clamp(0, 23) as usize;
    summary.sessions_by_hour[hour] += 1;
    if let Some(m) = length {
        summary.session_minutes.push(m);
    }
    both_rows(tallies, session.day, &game, |t| {
        t.row.sessions += 1;
        t.hours[hour] += 1;
        t.session_minutes.extend(length);
    });
}

fn count_games(entry: &Entry, tallies: &mut BTreeMap<(Date, bool, String), Tally>) {
    let day = entry.at.date();
    match &entry.visit {
        Visit::GameFinished { game, secs, .. } => both_rows(tallies, day, game, |t| {
            t.row.finished += 1;
            t.game_minutes.push(minutes(*secs));
        }),
        Visit::GameAbandoned { game, secs, .. } => both_rows(tallies, day, game, |t| {
            t.row.abandoned += 1;
            t.game_minutes.push(minutes(*secs));
        }),
        Visit::HowToPlay { game, .. } => both_rows(tallies, day, game, |t| t.row.how_to_play += 1),
        Visit::PuzzleStarted { game, .. } => {
            both_rows(tallies, day, game, |t| t.row.puzzles_started += 1);
        }
        Visit::PuzzleSolved { game, .. } => {
            both_rows(tallies, day, game, |t| t.row.puzzles_solved += 1);
        }
        Visit::CodeShown { game } => both_rows(tallies, day, game, |t| t.row.codes_shown += 1),
        _ => {}
    }
}

fn minutes(secs: u32) -> f64 {
    f64::from(secs) / 60.0
}

fn finish_row(mut tally: Tally) -> Row {
    tally.row.median_session_minutes = median(&mut tally.session_minutes);
    tally.row.median_game_minutes = median(&mut tally.game_minutes);
    tally.row.busiest_hours = busiest(&tally.hours);
    tally.row
}

/// The median (the mean of the middle two for an even count); `None` for no values.
#[must_use]
pub fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[mid]
    } else {
        f64::midpoint(values[mid - 1], values[mid])
    })
}

/// Up to three hours with sessions, the most first (an earlier hour first on a tie).
fn busiest(hours: &[u32; 24]) -> Vec<i8> {
    let mut ranked: Vec<(u32, i8)> = (0i8..24)
        .zip(hours)
        .filter(|&(_, &n)| n > 0)
        .map(|(h, &n)| (n, h))
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.into_iter().take(3).map(|(_, h)| h).collect()
}

/// Minutes to one decimal, or `-` for none.
fn shown(value: Option<f64>) -> String {
    value.map_or_else(|| "-".into(), |m| format!("{m:.1}"))
}

fn hours_list(hours: &[i8], separator: &str) -> String {
    let list: Vec<String> = hours.iter().map(|h| format!("{h:02}")).collect();
    list.join(separator)
}

impl Summary {
    /// The summary as a table, a line each, for the terminal.
    #[must_use]
    pub fn to_lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{:<10}  {:<12}  {:>8}  {:>8}  {:>9}  {:>11}  {:>7}  {:>7}  {:>5}  {:>7}  {:>8}  busiest hours",
            "day",
            "game",
            "sessions",
            "finished",
            "abandoned",
            "how to play",
            "puzzles",
            "solved",
            "codes",
            "min/ses",
            "min/game"
        )];
        for row in &self.rows {
            lines.push(format!(
                "{:<10}  {:<12}  {:>8}  {:>8}  {:>9}  {:>11}  {:>7}  {:>7}  {:>5}  {:>7}  {:>8}  {}",
                row.day.to_string(),
                row.game,
                row.sessions,
                row.finished,
                row.abandoned,
                row.how_to_play,
                row.puzzles_started,
                row.puzzles_solved,
                row.codes_shown,
                shown(row.median_session_minutes),
                shown(row.median_game_minutes),
                hours_list(&row.busiest_hours, ", ")
            ));
        }
        if self.rows.is_empty() {
            lines.push("(no visits logged in these days)".into());
        }
        if self.skipped > 0 {
            lines.push(format!(
                "{} cut-off line(s) of the log skipped",
                self.skipped
            ));
        }
        lines
    }

    /// The summary as CSV, a header and a row per day and game (minutes empty where none).
    #[must_use]
    pub fn to_csv(&self) -> String {
        let mut csv = String::from(
            "day,game,sessions,games_finished,games_abandoned,how_to_play_opened,\
             puzzles_started,puzzles_solved,median_session_minutes,median_game_minutes,\
             busiest_hours,take_home_codes_shown\n",
        );
        let number = |v: Option<f64>| v.map_or_else(String::new, |m| format!("{m:.2}"));
        for row in &self.rows {
            let _ = writeln!(
                csv,
                "{},{},{},{},{},{},{},{},{},{},{},{}",
                row.day,
                row.game,
                row.sessions,
                row.finished,
                row.abandoned,
                row.how_to_play,
                row.puzzles_started,
                row.puzzles_solved,
                number(row.median_session_minutes),
                number(row.median_game_minutes),
                hours_list(&row.busiest_hours, ";"),
                row.codes_shown
            );
        }
        csv
    }

    /// The rows of one game, or of [`ALL_GAMES`], day by day.
    pub fn rows_of<'a>(&'a self, game: &'a str) -> impl Iterator<Item = &'a Row> + 'a {
        self.rows.iter().filter(move |r| r.game == game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
    }

    #[test]
    fn the_busiest_hours_come_most_first_and_earlier_on_a_tie() {
        let mut hours = [0; 24];
        hours[9] = 1;
        hours[14] = 3;
        hours[11] = 3;
        hours[16] = 2;
        assert_eq!(busiest(&hours), vec![11, 14, 16]);
    }
}

//! The engine's view of a position: the side to move's value and its best whole move, searched
//! at a fixed budget (what `stackyard analyse` prints, and what the app's evaluation bar, graph
//! and best line show).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::rules::{Action, AnyGame, Game, History, Player, Turn, TurnActions};

use super::eval::AnyEval;
use super::{Level, Search, SearchReport, Settings};

/// Playouts per position by default: a 100-turn game is analysed in well under half a minute
/// on one core (BENCHMARKS.md, "Analysis").
pub const DEFAULT_ITERATIONS: u32 = 5_000;

/// The most decisions of the expected line kept (a few whole turns of any game).
pub const LINE_DECISIONS: usize = 24;

/// How much search each position gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// At most this many playouts for the move's first decision.
    Iterations(u32),
    /// At most this long for the move's first decision.
    Time(Duration),
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::Iterations(DEFAULT_ITERATIONS)
    }
}

impl Budget {
    /// The search settings: the strongest level's, without slips, on one thread, within this
    /// budget.
    #[must_use]
    pub fn settings(self) -> Settings {
        let base = Settings {
            mistake: 0.0,
            threads: 1,
            ..Level::Master.settings(Duration::from_secs(3))
        };
        match self {
            Budget::Iterations(n) => Settings {
                iterations: n.max(1),
                time: None,
                ..base
            },
            Budget::Time(t) => Settings {
                iterations: u32::MAX,
                time: Some(t),
                ..base
            },
        }
    }
}

/// What the search makes of one position (at a turn boundary).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The side to move.
    pub to_move: Player,
    /// Its value, -1 (lost) to 1 (won).
    pub value: f32,
    /// Whether the value is proven rather than estimated.
    pub proven: bool,
    /// The best whole move's decisions.
    pub best: TurnActions,
    /// The best move in the game's notation.
    pub best_notation: String,
    /// The decisions the search expects from the position on, the best move's first.
    pub line: Vec<Action>,
    /// Playouts run for the move's first decision.
    pub iterations: u32,
}

impl Analysis {
    /// Black's chance of winning, 0 to 1, as the evaluation bar and graph show it.
    #[must_use]
    pub fn black_chance(&self) -> f32 {
        let black = match self.to_move {
            Player::Black => self.value,
            Player::White => -self.value,
        };
        ((black + 1.0) / 2.0).clamp(0.0, 1.0)
    }
}

/// Analyses `position`, a turn boundary of a game that has reached the positions of `history`
/// (the position itself last). `None` when the game is over there (by the position or by its
/// history) or when `cancel` was set before a whole best move was found.
#[must_use]
pub fn analyse(
    position: &AnyGame,
    history: &History,
    budget: Budget,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Option<Analysis> {
    if history.outcome(position).is_some() || position.in_turn() {
        return None;
    }
    let settings = budget.settings();
    let mut search = Search::new(position.clone(), seed);
    search.set_game_history(history);
    let first = search.run(&AnyEval, &settings, cancel)?;
    let mut line = search.principal_line(LINE_DECISIONS);
    let (best, judged) = whole_move(search, &line, &settings, first, cancel)?;
    let mut turn = Turn::new(position.clone());
    for &a in &best {
        turn.play(a).ok()?;
    }
    if !line.starts_with(&best) {
        line = best.to_vec();
    }
    let mover = position.to_move();
    let judged = match judged {
        Some(report) => report,
        None => judge_after(turn.now(), history, mover, &settings, seed, cancel)?,
    };
    Some(Analysis {
        to_move: mover,
        value: judged.value,
        proven: judged.proven,
        best_notation: turn.notation(),
        best,
        line,
        iterations: judged.iterations,
    })
}

/// The whole move that begins the search's line, and the first search of it that weighed
/// anything (a forced decision is taken without playouts): the line's decisions while the turn
/// lasts, then, where the line stops short of the turn's end, further searches, at the budget
/// of a decision that continues a turn once a decision has been weighed.
fn whole_move(
    mut search: Search<AnyGame>,
    line: &[Action],
    settings: &Settings,
    first: SearchReport,
    cancel: Option<&AtomicBool>,
) -> Option<(TurnActions, Option<SearchReport>)> {
    let weighed = |r: &SearchReport| r.iterations > 0 || r.proven;
    let mut judged = Some(first).filter(weighed);
    let line = if line.first() == Some(&first.action) {
        line
    } else {
        &[first.action]
    };
    let mut turn = Turn::new(search.position().clone());
    let mut best = TurnActions::new();
    for &a in line {
        if turn.is_complete() {
            break;
        }
        turn.play(a).ok()?;
        best.push(a);
        search.advance(a);
    }
    let continuing = settings.continuing();
    while !turn.is_complete() {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        let budget = if judged.is_some() {
            &continuing
        } else {
            settings
        };
        let report = search.run(&AnyEval, budget, cancel)?;
        if judged.is_none() && weighed(&report) {
            judged = Some(report);
        }
        turn.play(report.action).ok()?;
        best.push(report.action);
        search.advance(report.action);
    }
    Some((best, judged))
}

/// The value for `mover` of a move every decision of which was forced: the position it
/// reaches (`after`), judged by its result or by a search of its own.
fn judge_after(
    after: &AnyGame,
    history: &History,
    mover: Player,
    settings: &Settings,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Option<SearchReport> {
    let mut reached = history.clone();
    reached.push(after);
    let for_mover = |by: Player, v: f32| if by == mover { v } else { -v };
    if let Some(outcome) = reached.outcome(after) {
        let value = match outcome.winner() {
            Some(w) => for_mover(w, 1.0),
            None => 0.0,
        };
        return Some(SearchReport {
            action: Action::Pass,
            iterations: 0,
            nodes: 0,
            value,
            proven: true,
        });
    }
    let mut search = Search::new(after.clone(), seed);
    search.set_game_history(&reached);
    let report = search.run(&AnyEval, settings, cancel)?;
    Some(SearchReport {
        value: for_mover(after.to_move(), report.value),
        ..report
    })
}

/// Analyses every position of a game from `start` through `moves` (whole moves' decisions),
/// in order: one entry per position, `None` where the game is over. Seeded per position, so
/// the same game and budget give the same figures.
#[must_use]
pub fn analyse_game(
    start: &AnyGame,
    moves: &[TurnActions],
    budget: Budget,
) -> Vec<Option<Analysis>> {
    let mut now = start.clone();
    let mut history = History::new(&now);
    let mut out = Vec::with_capacity(moves.len() + 1);
    out.push(analyse(&now, &history, budget, seed_for(0), None));
    for (i, actions) in moves.iter().enumerate() {
        for &a in actions {
            now.play(a);
        }
        history.push(&now);
        out.push(analyse(&now, &history, budget, seed_for(i + 1), None));
    }
    out
}

/// The whole moves of a line of decisions from `position`, in the game's notation (a turn the
/// line leaves unfinished is left out; so is everything from a decision that is not legal).
#[must_use]
pub fn line_moves(position: &AnyGame, line: &[Action]) -> Vec<String> {
    let mut moves = Vec::new();
    let mut turn = Turn::new(position.clone());
    for &a in line {
        if turn.play(a).is_err() {
            break;
        }
        if turn.is_complete() {
            moves.push(turn.notation());
            turn = Turn::new(turn.now().clone());
        }
    }
    moves
}

/// The search's seed for the position after `n` moves.
#[must_use]
pub fn seed_for(n: usize) -> u64 {
    crate::rules::zobrist::key(0x5EED_0000 + n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Setup, play_move};

    #[test]
    fn a_won_position_is_proven_and_its_winning_move_named() {
        // Black's last stack takes White's last one (the rules' doc example).
        let setup = Setup::parse("splay 8/8/8/8/8/8/1,w3b,6/8 b 60 2 6").unwrap();
        let position = AnyGame::from_setup(
            &setup,
            AnyGame::start_with(GameId::Splay, []).unwrap().options(),
        )
        .unwrap();
        let a = analyse(
            &position,
            &History::new(&position),
            Budget::default(),
            1,
            None,
        )
        .unwrap();
        assert!(a.proven && a.value == 1.0, "{a:?}");
        assert_eq!(a.black_chance(), 1.0);
        let (after, _) = play_move(&position, &a.best_notation).unwrap();
        assert_eq!(
            after.outcome().and_then(|o| o.winner()),
            Some(Player::Black),
            "{a:?}"
        );
        assert_eq!(
            analyse(&after, &History::new(&after), Budget::default(), 1, None),
            None
        );
    }

    #[test]
    fn every_position_of_a_game_gets_a_legal_best_move_in_every_game() {
        for id in [
            GameId::CashInHand,
            GameId::Intermedium,
            GameId::Grabber8,
            GameId::Support,
            GameId::Splay,
        ] {
            let start = AnyGame::start_with(id, []).unwrap();
            let first = analyse(
                &start,
                &History::new(&start),
                Budget::Iterations(200),
                3,
                None,
            )
            .unwrap_or_else(|| panic!("{id}: the start is not over"));
            let (second, actions) = play_move(&start, &first.best_notation).unwrap();
            assert_eq!(actions, first.best, "{id}");
            assert!((-1.0..=1.0).contains(&first.value), "{id}: {first:?}");
            let all = analyse_game(&start, &[actions], Budget::Iterations(200));
            assert_eq!(all.len(), 2, "{id}");
            let again = all[1].as_ref().unwrap();
            assert_eq!(again.to_move, second.to_move(), "{id}");
            assert!(
                play_move(&second, &again.best_notation).is_ok(),
                "{id}: {again:?}"
            );
            let opening = all[0].as_ref().unwrap();
            assert!(
                play_move(&start, &opening.best_notation).is_ok(),
                "{id}: {opening:?}"
            );
        }
    }

    #[test]
    fn the_same_budget_and_seed_give_the_same_figures_and_cancelling_stops() {
        let start = AnyGame::start_with(GameId::Support, []).unwrap();
        let h = History::new(&start);
        let once = analyse(&start, &h, Budget::Iterations(300), 9, None);
        assert_eq!(once, analyse(&start, &h, Budget::Iterations(300), 9, None));
        let cancelled = AtomicBool::new(true);
        let stopped = analyse(&start, &h, Budget::Iterations(300), 9, Some(&cancelled));
        assert!(
            stopped.as_ref().is_none_or(|a| a.iterations == 0),
            "{stopped:?}"
        );
    }
}

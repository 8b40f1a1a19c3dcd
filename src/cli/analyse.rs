//! `stackyard analyse --load FILE [--iters N | --ms T] [--json]`: the engine's view of every
//! position of a saved game, the numbers the app's evaluation graph draws, without a window.

use std::path::Path;
use std::time::Duration;

use crate::ai::analysis::{Analysis, Budget, analyse, line_moves, seed_for};
use crate::files::save::SaveFile;
use crate::rules::{AnyGame, Game, History};

use super::referee::Failure;

/// What `analyse` was asked.
pub struct AnalyseRequest<'a> {
    pub load: &'a Path,
    pub iterations: Option<u32>,
    pub ms: Option<u64>,
    pub json: bool,
}

/// One position of the game and what the search made of it.
struct Row {
    /// Moves played to reach it.
    number: usize,
    /// The move that reached it (none at the start).
    played: Option<String>,
    /// The game's result there, once over.
    over: Option<String>,
    analysis: Option<Analysis>,
    /// The expected line in whole moves.
    line: Vec<String>,
}

/// Runs `analyse`; progress (one dot per position) goes to `err`.
pub fn run(request: &AnalyseRequest, err: &mut dyn std::io::Write) -> Result<Vec<String>, Failure> {
    let budget = budget(request.iterations, request.ms)?;
    let (file, game) = SaveFile::load(request.load)
        .map_err(|e| Failure::usage(format!("{}: {e}", request.load.display())))?;
    let mut now = game.start.clone();
    let mut history = History::new(&now);
    let mut rows = vec![row(0, None, &now, &history, budget)];
    for (i, actions) in game.moves.iter().enumerate() {
        let _ = write!(err, ".");
        for &a in actions {
            now.play(a);
        }
        history.push(&now);
        rows.push(row(
            i + 1,
            file.moves.get(i).cloned(),
            &now,
            &history,
            budget,
        ));
    }
    let _ = writeln!(err);
    if request.json {
        return Ok(vec![json(&file, budget, &rows)]);
    }
    let mut lines = vec![format!(
        "{} from {}, {} moves, {}",
        file.game.title(),
        file.start,
        file.moves.len(),
        budget_words(budget)
    )];
    lines.extend(rows.iter().map(text_line));
    Ok(lines)
}

/// The budget asked for: `--iters` or `--ms`, else the default.
fn budget(iterations: Option<u32>, ms: Option<u64>) -> Result<Budget, Failure> {
    match (iterations, ms) {
        (Some(0), _) => Err(Failure::usage("bad --iters 0: give at least 1 playout")),
        (_, Some(0)) => Err(Failure::usage("bad --ms 0: give at least 1 millisecond")),
        (Some(n), None) => Ok(Budget::Iterations(n)),
        (None, Some(t)) => Ok(Budget::Time(Duration::from_millis(t))),
        (None, None) => Ok(Budget::default()),
        (Some(_), Some(_)) => Err(Failure::usage("give --iters or --ms, not both")),
    }
}

fn row(
    number: usize,
    played: Option<String>,
    now: &AnyGame,
    history: &History,
    budget: Budget,
) -> Row {
    let analysis = analyse(now, history, budget, seed_for(number), None);
    Row {
        number,
        played,
        over: history.outcome(now).map(|o| o.to_string()),
        line: analysis
            .as_ref()
            .map_or_else(Vec::new, |a| line_moves(now, &a.line)),
        analysis,
    }
}

fn budget_words(budget: Budget) -> String {
    match budget {
        Budget::Iterations(n) => format!("{n} playouts a position"),
        Budget::Time(t) => format!("{} ms a position", t.as_millis()),
    }
}

/// `12. c3-c4  w  -0.213  Black 39.4%  best d6-d5  line d6-d5 e3-e4`
fn text_line(r: &Row) -> String {
    let head = match &r.played {
        Some(m) => format!("{}. {m}", r.number),
        None => "start".to_owned(),
    };
    match (&r.analysis, &r.over) {
        (_, Some(over)) => format!("{head}  over: {over}"),
        (Some(a), None) => format!(
            "{head}  {}  {:+.3}{}  Black {:.1}%  best {}  line {}",
            a.to_move.letter(),
            a.value,
            if a.proven { " proven" } else { "" },
            a.black_chance() * 100.0,
            a.best_notation,
            r.line.join(" ")
        ),
        (None, None) => format!("{head}  not analysed"),
    }
}

/// A JSON string (the notation has no control characters, but quotes and backslashes are
/// escaped all the same).
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json(file: &SaveFile, budget: Budget, rows: &[Row]) -> String {
    let budget = match budget {
        Budget::Iterations(n) => format!("{{\"iterations\":{n}}}"),
        Budget::Time(t) => format!("{{\"ms\":{}}}", t.as_millis()),
    };
    let positions: Vec<String> = rows.iter().map(json_row).collect();
    format!(
        "{{\"game\":{},\"start\":{},\"budget\":{budget},\"positions\":[{}]}}",
        quoted(&file.game.to_string()),
        quoted(&file.start),
        positions.join(",")
    )
}

fn json_row(r: &Row) -> String {
    let played = r
        .played
        .as_deref()
        .map_or_else(|| "null".to_owned(), quoted);
    let head = format!("{{\"move\":{},\"played\":{played}", r.number);
    match (&r.analysis, &r.over) {
        (_, Some(over)) => format!("{head},\"over\":{}}}", quoted(over)),
        (Some(a), None) => {
            let line: Vec<String> = r.line.iter().map(|m| quoted(m)).collect();
            format!(
                "{head},\"to_move\":\"{}\",\"value\":{:.4},\"proven\":{},\"black_chance\":{:.4},\"best\":{},\"line\":[{}],\"iterations\":{}}}",
                a.to_move.letter(),
                a.value,
                a.proven,
                a.black_chance(),
                quoted(&a.best_notation),
                line.join(","),
                a.iterations
            )
        }
        (None, None) => format!("{head}}}"),
    }
}

//! `stackyard puzzles generate` finds puzzles along the computer's own games and proves each
//! (one winning first move, every other refuted); `stackyard puzzles check FILE` proves a
//! file's puzzles again, a line each.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::ai::arena::{Contestant, PlayerSpec};
use crate::ai::forced::Goal;
use crate::ai::puzzle::{prove_unique, solution_line};
use crate::files::puzzles::{PUZZLES_VERSION, PuzzleEntry, PuzzleFile};
use crate::platform::compute;
use crate::rules::{AnyGame, AnyOptions, Game, GameId, History, any_turn};

use super::referee::Failure;

/// The most positions one puzzle's proof may visit when it is checked.
pub const PROOF_BUDGET: u64 = 2_000_000;

/// The most positions a proof may visit while puzzles are looked for: most positions are no
/// puzzle, and proving that of Cash In Hand's tall stacks would take the whole budget each.
const SEARCH_BUDGET: u64 = 250_000;

/// The most whole moves a position may have for its longer puzzles to be tried (proving that
/// none of many first moves wins in two turns is what takes a budget's time).
const MOST_FIRST_MOVES: usize = 300;

/// The most turns a generated puzzle is won in.
const MOST_TURNS: u8 = 2;

/// What `puzzles generate` was asked.
pub struct GenerateRequest<'a> {
    /// The game's card (Grabber: all three boards).
    pub game: GameId,
    /// Puzzles wanted.
    pub count: usize,
    /// The first game's seed.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// The file to write.
    pub out: &'a Path,
}

/// The boards a card's puzzles are found on.
fn boards(card: GameId) -> Vec<GameId> {
    if card.is_grabber() {
        GameId::GRABBER_BOARDS.to_vec()
    } else {
        vec![card]
    }
}

/// Finds `count` puzzles and writes them, easiest first; progress goes to standard error.
///
/// # Errors
/// A file that cannot be written, or too few puzzles found in the games tried.
pub fn generate(request: &GenerateRequest) -> Result<Vec<String>, Failure> {
    let found: Mutex<Vec<PuzzleEntry>> = Mutex::new(Vec::new());
    let enough = AtomicBool::new(false);
    let boards = boards(request.game.card());
    let jobs = request.jobs.max(1);
    let search = |job: usize| {
        let (found, enough, boards) = (&found, &enough, &boards);
        move || {
            let mut game = job as u64;
            while !enough.load(Ordering::Relaxed) && game < 10_000 {
                let seed = request.seed + game;
                let board = boards[(seed % boards.len() as u64) as usize];
                if let Some(entry) = puzzle_of_a_game(board, seed, enough) {
                    let Ok(mut all) = found.lock() else { return };
                    if all.len() < request.count && all.iter().all(|p| p.position != entry.position)
                    {
                        all.push(entry);
                        eprintln!("{} of {} found", all.len(), request.count);
                    }
                    if all.len() >= request.count {
                        enough.store(true, Ordering::Relaxed);
                    }
                }
                game += jobs as u64;
            }
        }
    };
    compute::beside((1..jobs).map(search), search(0));
    let mut puzzles = found.into_inner().unwrap_or_default();
    if puzzles.len() < request.count {
        return Err(Failure {
            code: 1,
            message: format!("only {} puzzles found", puzzles.len()),
        });
    }
    puzzles.sort_by_key(|p| (p.turns, p.nodes));
    let file = PuzzleFile {
        version: PUZZLES_VERSION,
        game: request.game.card(),
        puzzles,
    };
    file.store(request.out).map_err(|e| Failure {
        code: 1,
        message: format!("{}: {e}", request.out.display()),
    })?;
    Ok(vec![format!(
        "{}: {} puzzles of {}",
        request.out.display(),
        file.puzzles.len(),
        file.game
    )])
}

/// Plays one game between two levels of the computer and keeps the first puzzle along it (one
/// a game: the positions after it are mostly the same puzzle again).
fn puzzle_of_a_game(board: GameId, seed: u64, enough: &AtomicBool) -> Option<PuzzleEntry> {
    let levels = ["mcts:beginner", "mcts:casual"];
    let spec = |k: u64| -> PlayerSpec {
        levels[((seed + k) % 2) as usize]
            .parse()
            .expect("a level's spec")
    };
    let mut players = [
        Contestant::new(spec(0), seed),
        Contestant::new(spec(1), seed ^ 1),
    ];
    let mut now = AnyGame::start(AnyOptions::for_game(board));
    let mut history = History::new(&now);
    while now.outcome().is_none() && !enough.load(Ordering::Relaxed) {
        if !now.in_turn()
            && let Some(entry) = puzzle_at(&now)
        {
            return Some(entry);
        }
        let mover = now.to_move().index();
        let action = players[mover].decide(&now, &history);
        for p in &mut players {
            p.observe(action);
        }
        now.play(action);
        if !now.in_turn() {
            history.push(&now);
        }
    }
    None
}

/// The puzzle a position makes, if it is one: a win in the fewest turns, else the game's
/// capture in the fewest turns, proved unique.
fn puzzle_at(position: &AnyGame) -> Option<PuzzleEntry> {
    let goals: Vec<Goal> = std::iter::once(Goal::Win)
        .chain(Goal::capture_of(position.id()))
        .collect();
    let mut moves = 0;
    let few_moves = !any_turn(position, |_| {
        moves += 1;
        moves > MOST_FIRST_MOVES
    });
    // The fewest turns first, a win before a capture.
    (1..=MOST_TURNS)
        .filter(|&turns| turns == 1 || few_moves)
        .flat_map(|turns| goals.iter().map(move |&goal| (goal, turns)))
        .find_map(|(goal, turns)| {
            let proved = prove_unique(position, goal, turns, SEARCH_BUDGET).ok()?;
            let solution = solution_line(position, goal, turns, PROOF_BUDGET)?;
            (solution
                .first()
                .is_some_and(|first| proved.agrees_with(position, first))
                && solution.len() == 2 * usize::from(turns) - 1)
                .then(|| PuzzleEntry {
                    position: position.to_setup().to_string(),
                    goal,
                    turns,
                    solution,
                    choices: proved.choices,
                    nodes: proved.nodes,
                })
        })
}

/// A goal in English, as the check prints it.
fn goal_words(goal: Goal, turns: u8) -> String {
    let turns = if turns == 1 {
        "1 turn".to_owned()
    } else {
        format!("{turns} turns")
    };
    match goal {
        Goal::Win => format!("a win within {turns}"),
        Goal::Take(k) => format!("{k} stones taken within {turns}"),
    }
}

/// Proves every puzzle of a file again, a line each.
///
/// # Errors
/// A file that cannot be read (exit status 2), or any puzzle refused or not proved (1).
pub fn check(path: &Path) -> Result<Vec<String>, Failure> {
    let file =
        PuzzleFile::load(path).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    let (good, bad) = file.puzzles();
    let mut lines: Vec<(usize, String)> = bad.iter().map(|b| (b.number, format!("{b}"))).collect();
    for p in &good {
        let line = match prove_unique(&p.start, p.entry.goal, p.entry.turns, PROOF_BUDGET) {
            Ok(proved)
                if p.entry
                    .solution
                    .first()
                    .is_some_and(|first| proved.agrees_with(&p.start, first)) =>
            {
                format!(
                    "puzzle {}: proved, {} by {} ({} positions)",
                    p.number,
                    goal_words(p.entry.goal, p.entry.turns),
                    p.entry.solution[0],
                    proved.nodes
                )
            }
            Ok(proved) => format!(
                "puzzle {}: the win is {}, not {}",
                p.number,
                proved.first,
                p.entry.solution.first().map_or("", String::as_str)
            ),
            Err(why) => format!("puzzle {}: {why}", p.number),
        };
        lines.push((p.number, line));
    }
    lines.sort_by_key(|(n, _)| *n);
    let failed = lines
        .iter()
        .filter(|(_, l)| !l.contains(": proved,"))
        .count();
    let mut out: Vec<String> = lines.into_iter().map(|(_, l)| l).collect();
    if failed > 0 {
        return Err(Failure {
            code: 1,
            message: format!(
                "{}\n{failed} of {} puzzles failed",
                out.join("\n"),
                file.puzzles.len()
            ),
        });
    }
    out.push(format!("{} puzzles proved", file.puzzles.len()));
    Ok(out)
}

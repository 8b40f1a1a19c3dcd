//! Puzzles without a screen: the shipped puzzle files read at start (a missing or wrong one
//! noticed, the others kept), the puzzle on the board, each of the solver's turns judged, the
//! computer's defence (the proved one after a right move, the strongest answer after a wrong
//! one), Try again, Next, the hint, and the progress kept in the data folder.

use std::path::Path;

use bevy::prelude::*;

use crate::ai::forced::{Goal, Prover};
use crate::ai::puzzle::{Effect, refutation};
use crate::files::puzzle_progress::PuzzleProgress;
use crate::files::puzzles::{Puzzle, PuzzleFile};
use crate::rules::{Action, AnyGame, Game, GameId, Player};

use crate::game::core::motion::BoardMotion;
use crate::game::core::opponent::Hint;
use crate::game::core::saving::SaveFolder;
use crate::game::core::screen::Screen;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::{ActionPlayed, BoardReset, Session, SessionRequest};

/// The most positions a middle turn of a longer puzzle is proved with.
const JUDGING_BUDGET: u64 = 200_000;

/// One game's puzzles, easiest first, and what was wrong with its file.
#[derive(Debug, Clone, Default)]
pub struct Shelf {
    /// The puzzles the rules accept.
    pub puzzles: Vec<Puzzle>,
    /// Why the file is missing or some puzzles were left out.
    pub notice: Option<String>,
}

/// Every game's puzzles, by its card.
#[derive(Resource, Debug, Clone, Default)]
pub struct PuzzleShelves(pub Vec<(GameId, Shelf)>);

impl PuzzleShelves {
    /// Reads `<folder>/<game>.ron` for each card.
    #[must_use]
    pub fn read(folder: &Path) -> PuzzleShelves {
        let cards = crate::guide::GAMES.map(GameId::card);
        PuzzleShelves(
            cards
                .into_iter()
                .map(|card| (card, shelf_of(&folder.join(format!("{}.ron", card.id())))))
                .collect(),
        )
    }

    /// A game's puzzles (any Grabber board gives Grabber's).
    #[must_use]
    pub fn of(&self, game: GameId) -> Option<&Shelf> {
        self.0
            .iter()
            .find(|(c, _)| *c == game.card())
            .map(|(_, s)| s)
    }
}

/// A puzzle file's shelf: its good puzzles, and a notice for a missing file or bad puzzles.
fn shelf_of(path: &Path) -> Shelf {
    match PuzzleFile::load(path) {
        Err(e) => Shelf {
            puzzles: Vec::new(),
            notice: Some(format!("{}: {e}", path.display())),
        },
        Ok(file) => {
            let (puzzles, bad) = file.puzzles();
            let notice = (!bad.is_empty()).then(|| {
                let said: Vec<String> = bad.iter().map(ToString::to_string).collect();
                format!("{}: left out {}", path.display(), said.join("; "))
            });
            Shelf { puzzles, notice }
        }
    }
}

/// How the attempt at the puzzle on the board stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// The solver is playing.
    Solving,
    /// A wrong move, and the answer that shows why.
    Wrong {
        /// The answer, in notation.
        reply: String,
        /// What it does.
        effect: Effect,
    },
    /// The goal is reached.
    Solved,
}

/// The puzzle on the board.
#[derive(Resource, Debug, Clone)]
pub struct PuzzleRun {
    /// The game's card.
    pub card: GameId,
    /// Its place on the shelf, from 0.
    pub index: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Who solves it.
    pub solver: Player,
    /// How the attempt stands.
    pub attempt: Attempt,
    /// Whether this attempt is the first (a solve then grows the streak).
    pub first_try: bool,
    /// The solver's turns played.
    pub turns_played: u8,
    /// The defence's decisions still to play.
    reply: Vec<Action>,
    /// The seats before the puzzles, given back on leaving.
    seats_before: Seats,
}

/// What the puzzles are asked.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Put a game's puzzle on the board (its first unsolved one for `None`).
    Open(GameId, Option<usize>),
    /// The same puzzle from its start.
    Retry,
    /// The next puzzle of the game.
    Next,
    /// Light the stack that starts the solution.
    Hint,
}

/// The progress record, and what went wrong reading or writing it.
#[derive(Resource, Debug, Clone, Default)]
pub struct Progress {
    /// The record.
    pub record: PuzzleProgress,
    /// The last problem with its file.
    pub notice: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PuzzleRequest>()
        .insert_resource(PuzzleShelves::read(&crate::files::assets::subfolder(
            "puzzles",
        )))
        .add_systems(Startup, read_progress)
        .add_systems(OnExit(Screen::Puzzle), leave_puzzles)
        .add_systems(
            Update,
            (
                answer_requests,
                light_the_hint,
                judge_solver_turns.run_if(resource_exists::<PuzzleRun>),
                play_the_defence.run_if(resource_exists::<PuzzleRun>),
            )
                .chain()
                .in_set(crate::game::core::GameSystems::Rules)
                .after(crate::game::core::session::apply_session_requests),
        );
}

fn read_progress(mut commands: Commands, folder: Res<SaveFolder>) {
    let (record, notice) = PuzzleProgress::load(&folder.0);
    if let Some(n) = &notice {
        eprintln!("stackyard: {n}");
    }
    commands.insert_resource(Progress { record, notice });
}

/// The puzzle to open for `game`: the first on its board (Grabber's shelf holds three) not yet
/// solved, else the first on its board, else the first unsolved, else the first.
fn first_unsolved(shelf: &Shelf, progress: Option<&PuzzleProgress>, game: GameId) -> usize {
    let unsolved = |p: &Puzzle| progress.is_none_or(|r| !r.solved.contains(&p.entry.position));
    let on_board = |p: &Puzzle| p.start.id() == game;
    let first = |test: &dyn Fn(&Puzzle) -> bool| shelf.puzzles.iter().position(test);
    first(&|p| on_board(p) && unsolved(p))
        .or_else(|| first(&on_board))
        .or_else(|| first(&unsolved))
        .unwrap_or(0)
}

/// The seats while a puzzle is on the board: the solver is the person, the other side is
/// played by the puzzles (not the opponent); the rest as they were.
fn puzzle_seats(before: Seats, solver: Player) -> Seats {
    let mut seats = before;
    let (person, defence) = match solver {
        Player::Black => (&mut seats.black, &mut seats.white),
        Player::White => (&mut seats.white, &mut seats.black),
    };
    *person = Seat::Human;
    *defence = Seat::Computer(crate::ai::Level::Strong);
    seats
}

/// Puts the puzzle asked for on the board: opened, tried again or the next one.
fn answer_requests(
    mut commands: Commands,
    mut requests: MessageReader<PuzzleRequest>,
    (shelves, progress): (Res<PuzzleShelves>, Option<Res<Progress>>),
    run: Option<ResMut<PuzzleRun>>,
    mut seats: ResMut<Seats>,
    (mut session, mut reset): (ResMut<Session>, MessageWriter<BoardReset>),
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let seats_before = run.as_ref().map_or(*seats, |r| r.seats_before);
    let (card, index) = match (request, run.as_deref()) {
        (PuzzleRequest::Open(game, index), _) => {
            let Some(shelf) = shelves.of(game) else {
                return;
            };
            let solved = progress.as_ref().map(|p| &p.record);
            let first = first_unsolved(shelf, solved, game);
            (game.card(), index.unwrap_or(first))
        }
        (PuzzleRequest::Retry, Some(r)) => (r.card, r.index),
        (PuzzleRequest::Next, Some(r)) => (r.card, r.index + 1),
        _ => return,
    };
    let Some(shelf) = shelves.of(card).filter(|s| !s.puzzles.is_empty()) else {
        return;
    };
    let index = index % shelf.puzzles.len();
    let puzzle = shelf.puzzles[index].clone();
    let solver = puzzle.start.to_move();
    let retry = matches!(request, PuzzleRequest::Retry);
    let first_try = !retry
        || run
            .as_ref()
            .is_some_and(|r| r.first_try && r.turns_played == 0);
    *session = Session::new(puzzle.start.clone());
    reset.write(BoardReset);
    commands.remove_resource::<Hint>();
    *seats = puzzle_seats(seats_before, solver);
    commands.insert_resource(PuzzleRun {
        card,
        index,
        puzzle,
        solver,
        attempt: Attempt::Solving,
        first_try,
        turns_played: 0,
        reply: Vec::new(),
        seats_before,
    });
    // Another puzzle is no new screen (leaving it would give the seats back).
    NextState::set_if_neq(&mut next, Screen::Puzzle);
}

/// Hint lights the next decision of the solution's first move.
fn light_the_hint(
    mut commands: Commands,
    mut requests: MessageReader<PuzzleRequest>,
    run: Option<Res<PuzzleRun>>,
    session: Res<Session>,
) {
    let asked = requests.read().any(|r| *r == PuzzleRequest::Hint);
    if let Some(action) = run
        .filter(|_| asked)
        .and_then(|r| hint_action(&r, &session))
    {
        commands.insert_resource(Hint {
            position: session.position().hash(),
            action,
        });
    }
}

/// The next decision of the solution's first move, while the person is on its way.
fn hint_action(run: &PuzzleRun, session: &Session) -> Option<Action> {
    if run.turns_played > 0 || run.attempt != Attempt::Solving {
        return None;
    }
    let first = run.puzzle.entry.solution.first()?;
    let actions = run.puzzle.start.parse_actions(first).ok()?;
    let taken = session.turn().actions();
    actions
        .starts_with(taken)
        .then(|| actions.get(taken.len()).copied())
        .flatten()
}

/// Judges each turn the solver ends: the goal reached solves the puzzle; the solution's move
/// (or, in a longer puzzle, a move that still forces the goal) brings the defence; anything
/// else is wrong, and the strongest answer shows why.
fn judge_solver_turns(
    mut played: MessageReader<ActionPlayed>,
    mut run: ResMut<PuzzleRun>,
    session: Res<Session>,
    mut progress: Option<ResMut<Progress>>,
    folder: Res<SaveFolder>,
) {
    let solver = run.solver;
    let ended = played
        .read()
        .filter(|p| p.by == solver && p.ends_turn)
        .count();
    if ended == 0 || run.attempt != Attempt::Solving {
        return;
    }
    run.turns_played += 1;
    let now = session.position().clone();
    let entry = run.puzzle.entry.clone();
    let prover = Prover::for_goal(0, entry.goal, &run.puzzle.start);
    if prover.reached(&now, solver) {
        run.attempt = Attempt::Solved;
        let first_try = run.first_try;
        remember(progress.as_deref_mut(), &folder.0, |p| {
            p.solved(&entry.position, first_try);
        });
        return;
    }
    let left = entry.turns.saturating_sub(run.turns_played);
    if let Some(defence) = defence(&run, &now, session.moves().last(), left) {
        run.reply = defence;
        return;
    }
    let Some((reply, actions, effect)) = refutation(&now) else {
        // The game ended on the solver's move without reaching the goal.
        run.attempt = Attempt::Wrong {
            reply: String::new(),
            effect: Effect::default(),
        };
        return;
    };
    run.reply = actions.to_vec();
    run.attempt = Attempt::Wrong { reply, effect };
    run.first_try = false;
    remember(progress.as_deref_mut(), &folder.0, PuzzleProgress::missed);
}

/// The defence after a right move: the proved one after the first, a proved best answer after
/// a later one; `None` when the move was wrong.
fn defence(run: &PuzzleRun, now: &AnyGame, last: Option<&String>, left: u8) -> Option<Vec<Action>> {
    if left == 0 || now.outcome().is_some() {
        return None;
    }
    let solution = &run.puzzle.entry.solution;
    let text = if run.turns_played == 1 {
        (last == solution.first())
            .then(|| solution.get(1))??
            .clone()
    } else {
        let goal = run.puzzle.entry.goal;
        let mut prover = Prover::for_goal(JUDGING_BUDGET, goal, &run.puzzle.start);
        if prover.wins(now, run.solver, left) != Some(true) {
            return None;
        }
        refutation(now)?.0
    };
    Some(now.parse_actions(&text).ok()?.to_vec())
}

/// Changes the progress record and writes it, noting a failure to write.
fn remember(
    progress: Option<&mut Progress>,
    data: &Path,
    change: impl FnOnce(&mut PuzzleProgress),
) {
    let Some(progress) = progress else { return };
    change(&mut progress.record);
    progress.notice = progress.record.store(data).err();
}

/// Plays the defence a decision at a time once the board is still.
fn play_the_defence(
    mut run: ResMut<PuzzleRun>,
    motion: Res<BoardMotion>,
    session: Res<Session>,
    mut requests: MessageWriter<SessionRequest>,
) {
    if motion.moving || run.reply.is_empty() || session.position().to_move() == run.solver {
        return;
    }
    let action = run.reply.remove(0);
    requests.write(SessionRequest::Play(action));
}

/// Leaving the puzzles gives the seats back.
fn leave_puzzles(mut commands: Commands, run: Option<Res<PuzzleRun>>, mut seats: ResMut<Seats>) {
    if let Some(run) = run {
        *seats = run.seats_before;
    }
    commands.remove_resource::<PuzzleRun>();
    commands.remove_resource::<Hint>();
}

/// A puzzle's goal in the texts' words: whose move, what to force and in how many moves.
#[must_use]
pub fn goal_text(tr: &crate::game::core::i18n::Tr, puzzle: &Puzzle) -> String {
    let entry = &puzzle.entry;
    let solver = puzzle.start.to_move();
    let stones = match entry.goal {
        Goal::Take(k) => k,
        Goal::Win => 0,
    };
    tr.tf(
        goal_key(entry.goal, entry.turns),
        &[
            ("player", &tr.player(solver)),
            ("other", &tr.player(!solver)),
            (
                "within",
                &tr.count("puzzle.within", usize::from(entry.turns)),
            ),
            ("stones", &tr.count("count.stones", usize::from(stones))),
        ],
    )
}

/// The goal's words in the texts' keys: which key, and its turns.
#[must_use]
pub fn goal_key(goal: Goal, turns: u8) -> &'static str {
    match (goal, turns) {
        (Goal::Win, 1) => "puzzle.goal.win_now",
        (Goal::Win, _) => "puzzle.goal.win",
        (Goal::Take(_), 1) => "puzzle.goal.take_now",
        (Goal::Take(_), _) => "puzzle.goal.take",
    }
}

/// How the attempt stands, in one line: the solver's move, the defence's reply, solved, or
/// the answer that shows a move was wrong.
#[must_use]
pub fn attempt_text(
    tr: &crate::game::core::i18n::Tr,
    run: &PuzzleRun,
    session: &Session,
) -> String {
    let other = tr.player(!run.solver);
    match &run.attempt {
        Attempt::Solving if run.turns_played > 0 => tr.tf(
            "puzzle.well_played",
            &[
                ("other", &other),
                (
                    "reply",
                    &session.moves().last().cloned().unwrap_or_default(),
                ),
            ],
        ),
        Attempt::Solving => tr.t("puzzle.your_move").to_owned(),
        Attempt::Solved => tr.t("puzzle.solved").to_owned(),
        Attempt::Wrong { reply, effect } => {
            let key = if reply.is_empty() {
                "puzzle.wrong.over"
            } else if effect.wins {
                "puzzle.wrong.wins"
            } else if effect.takes > 0 {
                "puzzle.wrong.takes"
            } else {
                "puzzle.wrong.escapes"
            };
            tr.tf(
                key,
                &[
                    ("other", &other),
                    ("reply", reply),
                    ("stones", &effect.takes),
                ],
            )
        }
    }
}

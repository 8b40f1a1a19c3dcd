//! The puzzles without a window, on the shipped files: the solution solves a puzzle and the
//! progress file keeps it; a wrong move brings the strongest answer, says what it did, breaks
//! the streak and can be tried again; a two-turn puzzle's defence is played by itself; the hint
//! names the solution's first decision; a missing puzzle file leaves its game without puzzles
//! and says why.

use crate::common::headless::{Headless, start_of};
use stackyard::files::scratch::Scratch;

use bevy::prelude::*;
use stackyard::files::puzzle_progress::PuzzleProgress;
use stackyard::game::core::opponent::Hint;
use stackyard::game::core::puzzles::{Attempt, PuzzleRequest, PuzzleRun, PuzzleShelves};
use stackyard::game::core::saving::SaveFolder;
use stackyard::game::core::screen::Screen;
use stackyard::game::core::session::{Session, SessionRequest};
use stackyard::rules::{Game, GameId, legal_moves};

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("puzzle-screen-{name}"))
}

/// A headless app with the shipped puzzles and its data in `data`.
fn app_with_data(data: &std::path::Path) -> App {
    Headless::on(start_of(GameId::Splay)).then(|app| {
        app.insert_resource(SaveFolder(data.to_path_buf()));
    })
}

fn open(app: &mut App, game: GameId, index: usize) {
    app.world_mut()
        .write_message(PuzzleRequest::Open(game, Some(index)));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Puzzle
    );
}

fn run(app: &App) -> &PuzzleRun {
    app.world().resource::<PuzzleRun>()
}

/// Plays a whole move in notation as the person's decisions, then lets the defence answer.
fn play(app: &mut App, text: &str) {
    let position = app.world().resource::<Session>().position().clone();
    // The move's decisions, its implied end included (Grabber's stop).
    let (_, actions) = stackyard::rules::play_move(&position, text).unwrap();
    for a in actions {
        app.world_mut().write_message(SessionRequest::Play(a));
        app.update();
    }
    settle(app);
}

/// Updates until the defence has no decision left to play.
fn settle(app: &mut App) {
    for _ in 0..40 {
        app.update();
    }
}

fn progress(data: &std::path::Path) -> PuzzleProgress {
    PuzzleProgress::load(data).0
}

#[test]
fn the_solution_solves_and_is_kept() {
    let data = scratch("solve");
    let mut app = app_with_data(&data);
    open(&mut app, GameId::Grabber8, 0);
    let puzzle = run(&app).puzzle.clone();
    assert_eq!(app.world().resource::<Session>().position(), &puzzle.start);
    for (k, m) in puzzle.entry.solution.iter().enumerate() {
        if k % 2 == 0 {
            play(&mut app, m);
        }
    }
    assert_eq!(run(&app).attempt, Attempt::Solved);
    let kept = progress(&data);
    assert!(kept.solved.contains(&puzzle.entry.position));
    assert_eq!(kept.streak, 1);
}

#[test]
fn a_wrong_move_is_answered_explained_and_tried_again() {
    let data = scratch("wrong");
    let mut app = app_with_data(&data);
    open(&mut app, GameId::Splay, 0);
    let puzzle = run(&app).puzzle.clone();
    let wrong = legal_moves(&puzzle.start)
        .into_iter()
        .map(|m| m.notation)
        .find(|m| Some(m) != puzzle.entry.solution.first())
        .unwrap();
    play(&mut app, &wrong);
    let Attempt::Wrong { reply, .. } = run(&app).attempt.clone() else {
        panic!("{:?} after {wrong}", run(&app).attempt);
    };
    // The answer was played on the board: it is the last move.
    let session = app.world().resource::<Session>();
    if !reply.is_empty() {
        assert_eq!(session.moves().last(), Some(&reply));
        assert_eq!(session.move_count(), 2);
    }
    assert_eq!(progress(&data).streak, 0);
    app.world_mut().write_message(PuzzleRequest::Retry);
    app.update();
    app.update();
    assert_eq!(run(&app).attempt, Attempt::Solving);
    assert!(!run(&app).first_try, "a retry does not grow the streak");
    assert_eq!(app.world().resource::<Session>().position(), &puzzle.start);
    play(&mut app, &puzzle.entry.solution[0]);
    assert_eq!(run(&app).attempt, Attempt::Solved);
    assert_eq!(progress(&data).streak, 0);
}

#[test]
fn a_two_turn_puzzle_gets_its_defence_by_itself() {
    let data = scratch("defence");
    let mut app = app_with_data(&data);
    let shelves = app.world().resource::<PuzzleShelves>().clone();
    let index = shelves
        .of(GameId::Support)
        .unwrap()
        .puzzles
        .iter()
        .position(|p| p.entry.turns == 2)
        .expect("a two-turn Support puzzle");
    open(&mut app, GameId::Support, index);
    let solution = run(&app).puzzle.entry.solution.clone();
    play(&mut app, &solution[0]);
    assert_eq!(run(&app).attempt, Attempt::Solving);
    let moves = app.world().resource::<Session>().moves().to_vec();
    assert_eq!(moves, solution[..2], "the proved defence is played");
    play(&mut app, &solution[2]);
    assert_eq!(run(&app).attempt, Attempt::Solved);
}

#[test]
fn the_hint_names_the_first_decision_of_the_solution() {
    let data = scratch("hint");
    let mut app = app_with_data(&data);
    open(&mut app, GameId::Intermedium, 0);
    app.world_mut().write_message(PuzzleRequest::Hint);
    app.update();
    let puzzle = run(&app).puzzle.clone();
    let first = puzzle
        .start
        .parse_actions(&puzzle.entry.solution[0])
        .unwrap()[0];
    let hint = app.world().resource::<Hint>();
    assert_eq!(hint.action, first);
    assert_eq!(hint.position, puzzle.start.hash());
}

#[test]
fn a_cash_in_hand_puzzle_is_solved_by_its_solution() {
    let data = scratch("cash");
    let mut app = app_with_data(&data);
    open(&mut app, GameId::CashInHand, 0);
    let puzzle = run(&app).puzzle.clone();
    play(&mut app, &puzzle.entry.solution[0]);
    assert_eq!(run(&app).attempt, Attempt::Solved);
    assert!(progress(&data).solved.contains(&puzzle.entry.position));
}

#[test]
fn a_missing_puzzle_file_leaves_its_game_without_puzzles_and_says_why() {
    let folder = scratch("missing");
    std::fs::copy("assets/puzzles/splay.ron", folder.join("splay.ron")).unwrap();
    let shelves = PuzzleShelves::read(&folder);
    let splay = shelves.of(GameId::Splay).unwrap();
    assert_eq!(splay.puzzles.len(), 30);
    assert!(splay.notice.is_none());
    let grabber = shelves.of(GameId::Grabber6).unwrap();
    assert!(grabber.puzzles.is_empty());
    let notice = grabber.notice.clone().unwrap();
    assert!(
        notice.contains("grabber.ron") && notice.contains("cannot be read"),
        "{notice}"
    );
}

#[test]
fn every_shipped_game_has_thirty_puzzles() {
    let shelves = PuzzleShelves::read(std::path::Path::new("assets/puzzles"));
    for game in [
        GameId::CashInHand,
        GameId::Grabber8,
        GameId::Splay,
        GameId::Intermedium,
        GameId::Support,
    ] {
        let shelf = shelves.of(game).unwrap();
        assert_eq!(shelf.notice, None, "{game}");
        assert!(shelf.puzzles.len() >= 30, "{game}: {}", shelf.puzzles.len());
    }
}

/// A board asked for (`--game grabber-10 --screen puzzles`, or the title's Puzzles with the
/// 10x10 board chosen) opens a puzzle on that board, the first not yet solved.
#[test]
fn a_board_asked_for_opens_its_own_puzzles() {
    let data = scratch("boards");
    let mut app = app_with_data(&data);
    for game in [GameId::Grabber10, GameId::Grabber6, GameId::Grabber8] {
        app.world_mut()
            .write_message(PuzzleRequest::Open(game, None));
        app.update();
        app.update();
        let on_board = app.world().resource::<Session>().position().id();
        assert_eq!(on_board, game, "{game}'s puzzles open on {on_board}");
    }
    let _ = std::fs::remove_dir_all(&data);
}

//! The Puzzles screen's panel: which puzzle of how many, its goal in words, how the attempt
//! stands (the wrong move's answer explained, the puzzle solved), the progress and streak, and
//! Hint, Try again, Next and Back.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::Game;

use crate::ai::puzzle::Unique;
use crate::game::core::i18n::Tr;
use crate::game::core::puzzles::{
    Attempt, Progress, PuzzleRequest, PuzzleRun, PuzzleShelves, attempt_text, goal_text,
};
use crate::game::core::screen::Screen;
use crate::game::core::session::Session;
use crate::game::ui::named::name_control;
use crate::game::ui::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_puzzle_panel.run_if(in_state(Screen::Puzzle)),
    );
}

/// What the panel's buttons ask for this frame.
#[derive(Debug, Default)]
struct PanelClicks {
    request: Option<PuzzleRequest>,
    back: bool,
}

fn show_puzzle_panel(
    mut contexts: EguiContexts,
    run: Option<Res<PuzzleRun>>,
    shelves: Res<PuzzleShelves>,
    progress: Option<Res<Progress>>,
    session: Res<Session>,
    mut requests: MessageWriter<PuzzleRequest>,
    mut next: ResMut<NextState<Screen>>,
    tr: Res<Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut clicks = PanelClicks::default();
    let count = run
        .as_ref()
        .and_then(|r| shelves.of(r.card))
        .map_or(0, |s| s.puzzles.len());
    let title = run.as_ref().map_or_else(
        || tr.t("title.puzzles").to_owned(),
        |r| {
            tr.tf(
                "puzzle.title",
                &[
                    ("n", &(r.index + 1)),
                    ("count", &count),
                    ("game", &tr.game(r.puzzle.start.id())),
                ],
            )
        },
    );
    egui::Window::new(title)
        .id(egui::Id::new("puzzle panel"))
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .movable(false)
        .default_width(320.0)
        .show(ctx, |ui| {
            ui.set_max_width(320.0);
            match run.as_deref() {
                Some(run) => {
                    goal_line(ui, &tr, run);
                    attempt_line(ui, &tr, run, &session);
                    progress_line(ui, &tr, run, &shelves, progress.as_deref());
                    buttons(ui, &tr, run, &mut clicks);
                }
                None => {
                    ui.label(tr.t("puzzle.none"));
                }
            }
            let notices = run
                .as_ref()
                .and_then(|r| shelves.of(r.card))
                .and_then(|s| s.notice.clone())
                .into_iter()
                .chain(progress.as_ref().and_then(|p| p.notice.clone()));
            for notice in notices {
                ui.label(egui::RichText::new(notice).small().color(palette::FAILED));
            }
            let back = ui.add(egui::Button::new(tr.t("puzzle.back")).min_size([0.0, 44.0].into()));
            name_control(&back, "puzzles back");
            clicks.back = back.clicked();
        });
    if let Some(request) = clicks.request {
        requests.write(request);
    }
    if clicks.back {
        next.set(Screen::Title);
    }
    Ok(())
}

/// The goal in words: whose move, what to force and in how many moves.
fn goal_line(ui: &mut egui::Ui, tr: &Tr, run: &PuzzleRun) {
    let text = goal_text(tr, &run.puzzle);
    ui.label(egui::RichText::new(text).size(18.0).strong());
    if Unique::of(run.puzzle.start.id()) == Unique::FirstDecision {
        ui.label(tr.t("puzzle.one_stack"));
    }
}

/// How the attempt stands, in one line.
fn attempt_line(ui: &mut egui::Ui, tr: &Tr, run: &PuzzleRun, session: &Session) {
    let colour = match &run.attempt {
        Attempt::Solving => palette::PANEL_TEXT,
        Attempt::Solved => palette::DONE,
        Attempt::Wrong { .. } => palette::FAILED,
    };
    let text = attempt_text(tr, run, session);
    let line = ui.label(egui::RichText::new(text).size(16.0).color(colour));
    name_control(&line, "puzzle status");
}

/// Solved of how many, and the streak.
fn progress_line(
    ui: &mut egui::Ui,
    tr: &Tr,
    run: &PuzzleRun,
    shelves: &PuzzleShelves,
    progress: Option<&Progress>,
) {
    let (Some(shelf), Some(progress)) = (shelves.of(run.card), progress) else {
        return;
    };
    let solved = shelf
        .puzzles
        .iter()
        .filter(|p| progress.record.solved.contains(&p.entry.position))
        .count();
    ui.label(tr.tf(
        "puzzle.progress",
        &[
            ("solved", &solved),
            ("count", &shelf.puzzles.len()),
            ("streak", &progress.record.streak),
            ("best", &progress.record.best_streak),
        ],
    ));
}

/// Hint while solving, Try again after a wrong move (or any time), Next.
fn buttons(ui: &mut egui::Ui, tr: &Tr, run: &PuzzleRun, clicks: &mut PanelClicks) {
    ui.horizontal_wrapped(|ui| {
        let button = |ui: &mut egui::Ui, enabled: bool, key: &str, name: &str| {
            let b = ui.add_enabled(
                enabled,
                egui::Button::new(tr.t(key)).min_size([0.0, 44.0].into()),
            );
            name_control(&b, name);
            b.clicked()
        };
        let solving = run.attempt == Attempt::Solving;
        if button(
            ui,
            solving && run.turns_played == 0,
            "puzzle.hint",
            "puzzle hint",
        ) {
            clicks.request = Some(PuzzleRequest::Hint);
        }
        if button(ui, true, "puzzle.retry", "puzzle retry") {
            clicks.request = Some(PuzzleRequest::Retry);
        }
        if button(ui, true, "puzzle.next", "puzzle next") {
            clicks.request = Some(PuzzleRequest::Next);
        }
    });
}

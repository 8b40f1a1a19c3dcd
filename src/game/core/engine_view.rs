//! The engine's view of the game: every position of the line played, analysed in the background
//! at a fixed budget, newest first, on a thread of its own (in a browser's page, one position
//! between two frames, at a smaller budget). A change to the line cancels the
//! work and starts it again, keeping what was already found (by position). Shown only where it
//! cannot help a person against the computer: with no computer seated, or once the game has
//! ended, and when the View option is on.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use crate::ai::analysis::{Analysis, Budget, analyse, seed_for};
use crate::files::lines::position_at;
use crate::platform::compute;
use crate::rules::{AnyGame, Game, History};

use super::editor::Editor;
use super::preferences::ViewSettings;
use super::seats::{Seat, Seats};
use super::session::Session;

/// What the search found of the positions of the game, and the work under way.
#[derive(Resource, Default)]
pub struct EngineView {
    /// Each position's analysis by its hash (`None`: the game is over there).
    found: HashMap<u64, Option<Analysis>>,
    /// The hashes of the line played's positions, the start first.
    line: Vec<u64>,
    /// What the line was built from: the session's start, live node and tree size.
    built_for: Option<(u64, usize, usize)>,
    worker: Option<Worker>,
    /// The budget each position gets.
    budget: Budget,
}

/// The background analysis of a line.
struct Worker {
    cancel: Arc<AtomicBool>,
    /// Behind a lock only so that the resource can be shared (one system reads it).
    results: Mutex<Receiver<(u64, Option<Analysis>)>>,
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl EngineView {
    /// Black's chances (0 to 1) at each position of the line played, the start first, as far
    /// as they are known.
    #[must_use]
    pub fn black_chances(&self) -> Vec<Option<f32>> {
        self.line
            .iter()
            .map(|h| {
                self.found
                    .get(h)
                    .and_then(|a| a.as_ref().map(Analysis::black_chance))
            })
            .collect()
    }

    /// The analysis of a position, once found.
    #[must_use]
    pub fn of(&self, position: &AnyGame) -> Option<&Analysis> {
        self.found.get(&position.hash()).and_then(Option::as_ref)
    }

    /// How many positions of the line played are analysed, and how many it has.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        let done = self
            .line
            .iter()
            .filter(|h| self.found.contains_key(h))
            .count();
        (done, self.line.len())
    }

    /// Whether analysis is under way.
    #[must_use]
    pub fn is_working(&self) -> bool {
        self.worker.is_some()
    }

    /// Stops the work and forgets the line (what was found is kept).
    fn stop(&mut self) {
        self.worker = None;
        self.built_for = None;
    }
}

/// Whether the engine's view may be shown now: the option is on, and either a position the game
/// can have is being set up in the editor, or nobody plays the computer in a game still going on.
#[must_use]
pub fn engine_view_allowed(
    view: &ViewSettings,
    seats: &Seats,
    session: &Session,
    editor: Option<&Editor>,
) -> bool {
    let against_computer = [seats.black, seats.white].iter().any(|s| *s != Seat::Human);
    view.engine_view
        && match editor {
            Some(e) => e.check.is_ok(),
            None => !against_computer || session.outcome().is_some(),
        }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineView>().add_systems(
        Update,
        (follow_the_line, collect_results)
            .chain()
            .in_set(super::GameSystems::Present),
    );
}

/// Starts the analysis of the line played when it changes (cancelling the one under way), and
/// stops it while the view may not be shown.
fn follow_the_line(
    mut engine: ResMut<EngineView>,
    session: Res<Session>,
    seats: Res<Seats>,
    view: Res<ViewSettings>,
    editor: Option<Res<Editor>>,
) {
    if !engine_view_allowed(&view, &seats, &session, editor.as_deref()) {
        if engine.built_for.is_some() {
            engine.stop();
        }
        return;
    }
    let key = (
        session.initial().hash(),
        session.live_node(),
        session.tree().len(),
    );
    if engine.built_for == Some(key) {
        return;
    }
    engine.worker = None;
    let jobs = line_positions(&session);
    engine.line = jobs.iter().map(|(p, _)| p.hash()).collect();
    let wanted: Vec<(AnyGame, History)> = jobs
        .into_iter()
        .rev()
        .filter(|(p, _)| !engine.found.contains_key(&p.hash()))
        .collect();
    engine.built_for = Some(key);
    if !wanted.is_empty() {
        engine.worker = Some(start_worker(wanted, engine.budget));
    }
}

/// Each position of the line played with the history that reaches it, the start first.
fn line_positions(session: &Session) -> Vec<(AnyGame, History)> {
    let tree = session.tree();
    let (mut now, mut history) = position_at(tree, session.initial(), crate::files::tree::ROOT);
    let mut out = vec![(now.clone(), history.clone())];
    for n in tree.path_to(session.live_node()) {
        for &a in &tree.node(n).actions {
            now.play(a);
        }
        history.push(&now);
        out.push((now.clone(), history.clone()));
    }
    out
}

/// Analyses the positions in order on a thread of its own (in a browser's page, between frames),
/// sending each result as it is found.
fn start_worker(jobs: Vec<(AnyGame, History)>, budget: Budget) -> Worker {
    let cancel = Arc::new(AtomicBool::new(false));
    let (send, results) = channel();
    let flag = Arc::clone(&cancel);
    #[cfg(not(target_arch = "wasm32"))]
    // Without a thread the worker gives nothing: the view then shows no analysis.
    let _ = compute::worker("stackyard-analysis", move || {
        jobs.iter()
            .all(|job| analyse_one(job, budget, &flag, &send));
    });
    #[cfg(target_arch = "wasm32")]
    bevy::tasks::AsyncComputeTaskPool::get()
        .spawn(async move {
            let budget = web_budget(budget);
            for job in &jobs {
                if !analyse_one(job, budget, &flag, &send) {
                    return;
                }
                compute::give_way().await;
            }
        })
        .detach();
    Worker {
        cancel,
        results: Mutex::new(results),
    }
}

/// A browser's page analyses one position at a time between its frames: at most this many
/// playouts each (the desktop's default is 5,000), so that a frame waits a few hundredths of a
/// second at most.
#[cfg(target_arch = "wasm32")]
const WEB_ITERATIONS: u32 = 1_000;

/// The budget a position gets in a browser's page: the asked one, no more than
/// [`WEB_ITERATIONS`] playouts or their time.
#[cfg(target_arch = "wasm32")]
fn web_budget(budget: Budget) -> Budget {
    match budget {
        Budget::Iterations(n) => Budget::Iterations(n.min(WEB_ITERATIONS)),
        Budget::Time(t) => Budget::Time(t.min(std::time::Duration::from_millis(40))),
    }
}

/// Analyses one position and sends what was found; whether to go on (not cancelled, and the
/// view still listening).
fn analyse_one(
    (position, history): &(AnyGame, History),
    budget: Budget,
    cancel: &AtomicBool,
    send: &Sender<(u64, Option<Analysis>)>,
) -> bool {
    if cancel.load(Ordering::Relaxed) {
        return false;
    }
    let seed = seed_for(position.ply() as usize);
    let found = analyse(position, history, budget, seed, Some(cancel));
    !cancel.load(Ordering::Relaxed) && send.send((position.hash(), found)).is_ok()
}

/// Takes in what the worker has found; drops it once it has finished.
fn collect_results(mut engine: ResMut<EngineView>) {
    let Some(worker) = &engine.worker else {
        return;
    };
    let Ok(results) = worker.results.lock() else {
        return;
    };
    let mut found = Vec::new();
    let finished = loop {
        match results.try_recv() {
            Ok(result) => found.push(result),
            Err(std::sync::mpsc::TryRecvError::Empty) => break false,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => break true,
        }
    };
    drop(results);
    engine.found.extend(found);
    if finished {
        engine.worker = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, play_move};

    #[test]
    fn the_line_is_analysed_newest_first_and_a_change_restarts_it_keeping_what_was_found() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Seats>()
            .insert_resource(ViewSettings::default())
            .insert_resource(EngineView {
                budget: Budget::Iterations(60),
                ..EngineView::default()
            });
        let mut session = Session::new(AnyGame::start_with(GameId::Splay, []).unwrap());
        for m in ["c3-c4", "c6-c5"] {
            let (_, actions) = play_move(session.position(), m).unwrap();
            for a in actions {
                session.play(a);
            }
        }
        app.insert_resource(session);
        app.add_systems(Update, (follow_the_line, collect_results).chain());
        let done = |app: &mut App| {
            for _ in 0..2_000 {
                app.update();
                let engine = app.world().resource::<EngineView>();
                if !engine.is_working() && engine.progress().0 == engine.progress().1 {
                    return;
                }
                compute::pause(std::time::Duration::from_millis(5));
            }
            panic!("the analysis did not finish");
        };
        done(&mut app);
        let chances = app.world().resource::<EngineView>().black_chances();
        assert_eq!(chances.len(), 3);
        assert!(
            chances
                .iter()
                .all(|c| c.is_some_and(|c| (0.0..=1.0).contains(&c))),
            "{chances:?}"
        );
        // One more move: only the new position is analysed.
        let found_before = app.world().resource::<EngineView>().found.len();
        let mut session = app.world_mut().resource_mut::<Session>();
        let (_, actions) = play_move(session.position(), "d3-d4").unwrap();
        for a in actions {
            session.play(a);
        }
        done(&mut app);
        let engine = app.world().resource::<EngineView>();
        assert_eq!(engine.found.len(), found_before + 1);
        assert_eq!(engine.black_chances().len(), 4);
    }

    #[test]
    fn it_is_never_shown_to_a_person_playing_the_computer_until_the_game_ends() {
        let session = Session::new(AnyGame::start_with(GameId::Splay, []).unwrap());
        let view = ViewSettings::default();
        let people = Seats::default();
        let against = Seats {
            white: Seat::Computer(crate::ai::Level::Casual),
            ..Seats::default()
        };
        assert!(engine_view_allowed(&view, &people, &session, None));
        assert!(!engine_view_allowed(&view, &against, &session, None));
        let mut resigned = session.clone();
        resigned.resign();
        assert!(engine_view_allowed(&view, &against, &resigned, None));
        let off = ViewSettings {
            engine_view: false,
            ..view
        };
        assert!(!engine_view_allowed(&off, &people, &session, None));
    }
}

//! The computer at the table: each seat is a person or the computer at a level. The computer
//! thinks on the async compute pool (polled each frame, never blocking a frame), takes its
//! decisions one after another at a pace people can follow, starts by itself when it is to
//! move, and is cancelled at once when the position it thinks about is no longer on the board.
//! It starts thinking as soon as a position is on the board, while the last decision still
//! moves and during the pause before the next one; the decision waits for both.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::ai::eval::AnyEval;
use crate::ai::{Glimpse, Level, Search, SearchReport};
use crate::rules::{AnyGame, Game, Player};

use crate::game::core::motion::BoardMotion;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::{
    ActionPlayed, BoardReset, DecisionsTakenBack, Session, SessionRequest,
};

/// The computer's search tree, kept between decisions and turns: it follows every decision
/// played (by anyone) and is reused when the computer is to decide again. A person's decisions
/// wait beside it until their turn is complete (a deselect or an undo step takes them back
/// and leaves the tree as it was); the computer's move it along at once.
#[derive(Resource, Default)]
pub struct KeptTree(Option<Search<AnyGame>>, Vec<crate::rules::Action>);

impl KeptTree {
    /// Playouts already spent below the current root, if a tree is kept.
    #[must_use]
    pub fn root_visits(&self) -> Option<u32> {
        self.0.as_ref().map(Search::root_visits)
    }
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer chooses its own decision.
    Move,
    /// A person asked for a hint.
    Hint,
}

/// A search under way for the position with this hash.
#[derive(Resource)]
pub struct Thinking {
    task: Task<(Search<AnyGame>, Option<SearchReport>)>,
    cancel: Arc<AtomicBool>,
    position: u64,
    /// Whose decision it is about.
    pub player: Player,
    /// What the result is for.
    pub purpose: Purpose,
    /// The root's decisions and their playouts so far, refreshed by the search.
    pub glimpse: Glimpse,
}

/// A person asks what the computer would do now (the panel's Hint button).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct HintRequest;

/// The decision suggested for the position with this hash (shown until anything is played).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// The position it is for.
    pub position: u64,
    /// The suggested decision.
    pub action: crate::rules::Action,
}

impl Thinking {
    /// Runs `search` on the async compute pool (it never blocks a frame).
    fn start(mut search: Search<AnyGame>, settings: crate::ai::Settings, purpose: Purpose) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let position = search.position().hash();
        let player = search.position().to_move();
        let glimpse = Glimpse::default();
        search.show_root_in(glimpse.clone());
        let task = AsyncComputeTaskPool::get().spawn(async move {
            // A browser's page has one thread: there the search runs in slices between frames.
            #[cfg(target_arch = "wasm32")]
            let report = think_in_slices(&mut search, &settings, &flag).await;
            #[cfg(not(target_arch = "wasm32"))]
            let report = search.run(&AnyEval, &settings, Some(&flag));
            (search, report)
        });
        Thinking {
            task,
            cancel,
            position,
            player,
            purpose,
            glimpse,
        }
    }

    /// The hash of the position being searched.
    #[must_use]
    pub fn position_hash(&self) -> u64 {
        self.position
    }

    /// Whether the search has ended and its decision only waits to be shown.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.task.is_finished()
    }
}

/// The milliseconds one slice of thinking aims at on the web, so that frames keep coming.
#[cfg(target_arch = "wasm32")]
const SLICE_MS: f32 = 8.0;

/// The search within `settings`' budget in slices of playouts of about [`SLICE_MS`] each, giving
/// way to the page between them: the same tree and choice as one run of as many playouts.
#[cfg(target_arch = "wasm32")]
async fn think_in_slices(
    search: &mut Search<AnyGame>,
    settings: &crate::ai::Settings,
    cancel: &AtomicBool,
) -> Option<SearchReport> {
    use crate::platform::clock::Instant;
    let decisions = search.begin_slices(settings)?;
    let started = Instant::now();
    let (mut done, mut slice) = (0u32, 16u32);
    while done < settings.iterations
        && settings.time.is_none_or(|t| started.elapsed() < t)
        && !cancel.load(Ordering::Relaxed)
    {
        let asked = slice.min(settings.iterations - done);
        let at = Instant::now();
        let ran = search.run_slice(&AnyEval, settings, decisions, asked);
        done += ran;
        if ran < asked {
            break;
        }
        let ms = at.elapsed().as_secs_f32() * 1000.0;
        slice = if ms < SLICE_MS / 2.0 {
            slice * 2
        } else if ms > SLICE_MS * 1.5 {
            (slice / 2).max(1)
        } else {
            slice
        };
        crate::platform::compute::give_way().await;
    }
    search.finish_slices(settings, done)
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

pub(super) fn plugin(app: &mut App) {
    use crate::game::core::screen::Screen;
    app.add_systems(OnExit(Screen::Game), stop_thinking)
        .add_systems(OnExit(Screen::Attract), stop_thinking);
    app.init_resource::<Seats>()
        .init_resource::<KeptTree>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            follow_played_decisions.in_set(crate::game::core::GameSystems::Animate),
        )
        .add_systems(
            Update,
            (
                cancel_stale_thinking,
                start_thinking,
                start_hint,
                collect_thought.run_if(crate::game::core::coach::lets_the_computer_play),
            )
                .chain()
                .run_if(crate::game::core::screen::computer_plays)
                .in_set(crate::game::core::GameSystems::Present),
        );
}

/// Leaving the game cancels the computer's search (its task sees the flag and ends).
fn stop_thinking(mut commands: Commands) {
    commands.remove_resource::<Thinking>();
    commands.remove_resource::<Hint>();
}

/// Drops a search whose position has left the board (undo, new game, another decision).
fn cancel_stale_thinking(
    mut commands: Commands,
    thinking: Option<Res<Thinking>>,
    hint: Option<Res<Hint>>,
    session: Res<Session>,
    seats: Res<Seats>,
) {
    if let Some(t) = thinking {
        let seat_changed = match t.purpose {
            Purpose::Move => seats.of(t.player) == Seat::Human,
            Purpose::Hint => seats.of(t.player) != Seat::Human,
        };
        if t.position != session.position().hash() || seat_changed || session.outcome().is_some() {
            commands.remove_resource::<Thinking>();
        }
    }
    if hint.is_some_and(|h| h.position != session.position().hash()) {
        commands.remove_resource::<Hint>();
    }
}

/// Moves the kept tree along the decisions played; a new game drops it.
fn follow_played_decisions(
    mut played: MessageReader<ActionPlayed>,
    mut resets: MessageReader<BoardReset>,
    mut taken_back: MessageReader<DecisionsTakenBack>,
    mut kept: ResMut<KeptTree>,
    seats: Res<Seats>,
) {
    if resets.read().count() > 0 {
        *kept = KeptTree::default();
        played.clear();
        taken_back.clear();
        return;
    }
    let KeptTree(tree, pending) = &mut *kept;
    for back in taken_back.read() {
        pending.truncate(back.left);
    }
    for p in played.read() {
        pending.push(p.action);
        if p.ends_turn || seats.of(p.by) != Seat::Human {
            for action in pending.drain(..) {
                if let Some(tree) = tree.as_mut() {
                    tree.advance(action);
                }
            }
        }
    }
}

/// Starts the computer's search as soon as it is to decide, while the last decision may still
/// move on the board: the search runs during the animation and the pause before its decision.
fn start_thinking(
    mut commands: Commands,
    mut kept: ResMut<KeptTree>,
    thinking: Option<Res<Thinking>>,
    session: Res<Session>,
    seats: Res<Seats>,
) {
    if thinking.is_some() || session.outcome().is_some() || session.viewing().is_some() {
        return;
    }
    let Seat::Computer(level) = seats.of(session.position().to_move()) else {
        return;
    };
    let position = session.position();
    let settings = crate::ai::Settings {
        threads: seats.threads_for(level),
        ..level.decision_settings(seats.master_time, position.in_turn())
    };
    let seed = position.hash() ^ u64::from(position.ply());
    let thinking = think(&session, settings, Purpose::Move, (kept.0.take(), seed));
    commands.insert_resource(thinking);
}

/// The search of the session's position for `purpose`: on `tree` where it is of that position,
/// else on a fresh tree seeded with `seed`; the game's history is told to it.
fn think(
    session: &Session,
    settings: crate::ai::Settings,
    purpose: Purpose,
    (tree, seed): (Option<Search<AnyGame>>, u64),
) -> Thinking {
    let position = session.position();
    let mut search = match tree {
        Some(tree) if tree.position().hash() == position.hash() => tree,
        _ => Search::new(position.clone(), seed),
    };
    search.set_game_history(session.history());
    Thinking::start(search, settings, purpose)
}

/// Starts a short, strong search for the person to move when they ask for a hint.
fn start_hint(
    mut commands: Commands,
    mut requests: MessageReader<HintRequest>,
    thinking: Option<Res<Thinking>>,
    session: Res<Session>,
    seats: Res<Seats>,
) {
    if requests.read().count() == 0 || thinking.is_some() || session.outcome().is_some() {
        return;
    }
    let position = session.position();
    if seats.of(position.to_move()) != Seat::Human {
        return;
    }
    let mut settings = Level::Strong.settings(seats.master_time);
    settings.time = Some(Duration::from_millis(1500));
    settings.threads = seats.threads_for(Level::Strong);
    let seed = position.hash();
    commands.insert_resource(think(&session, settings, Purpose::Hint, (None, seed)));
}

/// Plays the computer's decision once its search has ended, the board has stopped moving and
/// the position has stood for the seats' pace; shows a hint as soon as it is found.
fn collect_thought(
    mut commands: Commands,
    mut kept: ResMut<KeptTree>,
    thinking: Option<ResMut<Thinking>>,
    session: Res<Session>,
    motion: Res<BoardMotion>,
    seats: Res<Seats>,
    time: Res<Time>,
    mut still_since: Local<Option<(u64, f64)>>,
    mut requests: MessageWriter<SessionRequest>,
) {
    let Some(mut t) = thinking else {
        return;
    };
    if t.purpose == Purpose::Move {
        // Wait until the board is still and the position has stood for the pace.
        if motion.moving || session.viewing().is_some() {
            *still_since = None;
            return;
        }
        let now = time.elapsed_secs_f64();
        match *still_since {
            Some((hash, since)) if hash == t.position => {
                if now - since < seats.pace.as_secs_f64() {
                    return;
                }
            }
            _ => {
                *still_since = Some((t.position, now));
                return;
            }
        }
    }
    let Some((tree, result)) = check_ready(&mut t.task) else {
        return;
    };
    if t.position == session.position().hash()
        && let Some(report) = result
    {
        match t.purpose {
            Purpose::Move => {
                kept.0 = Some(tree);
                requests.write(SessionRequest::Play(report.action));
            }
            Purpose::Hint => commands.insert_resource(Hint {
                position: t.position,
                action: report.action,
            }),
        }
    }
    commands.remove_resource::<Thinking>();
}

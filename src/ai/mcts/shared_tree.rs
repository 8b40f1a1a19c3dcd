//! Tree parallelism: several threads grow the one tree of a decision. Each descends under the
//! tree's lock with a virtual loss on its path (so the others look elsewhere meanwhile), runs its
//! playout outside the lock with its own generator and a copy of MAST's averages, and backs the
//! result up under the lock again. The playout is most of an iteration's work, so two threads
//! seldom wait for each other.

use crate::platform::clock::Instant;
use crate::platform::compute;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::rules::Game;

use super::super::Settings;
use super::super::eval::Evaluator;
use super::super::rng::Rng;
use super::rollout::{Rollout, Trail};
use super::{GLIMPSE_EVERY, Leaf, Search};

/// Playouts between a thread's refreshes of its copy of MAST's averages.
const MAST_COPY_EVERY: u32 = 1024;

/// What the threads on one tree share besides it.
struct Shared<'a> {
    budget: &'a Settings,
    /// When the time budget ends, if there is one.
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    /// Iterations begun, by every thread (an iteration budget is shared out through it).
    begun: AtomicU32,
    /// Iterations finished.
    done: AtomicU32,
}

impl Shared<'_> {
    /// Whether a thread may begin another iteration: the budget is not spent (the clock is read
    /// every time) and the search not cancelled (read every 32 of the thread's iterations).
    fn may_begin(&self, mine: u32) -> bool {
        if self.begun.fetch_add(1, Ordering::Relaxed) >= self.budget.iterations {
            return false;
        }
        if mine.is_multiple_of(32) && self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return false;
        }
        self.deadline.is_none_or(|d| Instant::now() < d)
    }
}

fn lock<'a, 'b, G: Game>(tree: &'a Mutex<&'b mut Search<G>>) -> MutexGuard<'a, &'b mut Search<G>> {
    // A thread that panicked left the tree as whole as any iteration does.
    tree.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<G: Game> Search<G> {
    /// Searches on `threads` threads sharing this tree; returns the playouts run.
    pub(super) fn spend_on_shared_tree<E: Evaluator<G> + Sync>(
        &mut self,
        eval: &E,
        settings: &Settings,
        cancel: Option<&AtomicBool>,
        threads: usize,
    ) -> u32
    where
        G: Send,
    {
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        let shared = Shared {
            budget: settings,
            deadline: self.deadline,
            cancel,
            begun: AtomicU32::new(0),
            done: AtomicU32::new(0),
        };
        let tree = Mutex::new(self);
        let (tree, shared) = (&tree, &shared);
        let helpers = seeds[1..]
            .iter()
            .map(|&seed| move || work(tree, shared, eval, seed, false));
        compute::beside(helpers, || work(tree, shared, eval, seeds[0], true));
        shared.done.load(Ordering::Relaxed)
    }
}

/// One thread's iterations on the shared tree, until the budget is spent, the root is proven or
/// the search is cancelled; the caller's thread (`shows`) also refreshes the glimpse.
fn work<G: Game, E: Evaluator<G>>(
    tree: &Mutex<&mut Search<G>>,
    shared: &Shared<'_>,
    eval: &E,
    seed: u64,
    shows: bool,
) {
    let settings = shared.budget;
    let mut rng = Rng::new(seed);
    let mut path = Vec::new();
    let mut trail = Trail::new();
    let (mut mast, draw) = {
        let t = lock(tree);
        (t.mast.clone(), t.draw_reward(settings))
    };
    let mut mine = 0;
    while shared.may_begin(mine) {
        let leaf = {
            let mut t = lock(tree);
            if t.nodes[0].proof.is_some() {
                break;
            }
            // The copy taken before the first playout is fresh; later ones refresh it.
            if mine > 0 && mine.is_multiple_of(MAST_COPY_EVERY) && settings.mast_greed > 0.0 {
                mast.clone_from(&t.mast);
            }
            if shows && mine.is_multiple_of(GLIMPSE_EVERY) {
                t.share_root();
            }
            t.descend(eval, settings, &mut path, &mut trail, true)
        };
        let reward = match leaf {
            Leaf::Known(reward) => reward,
            Leaf::Open { state, last, clock } => Rollout {
                rng: &mut rng,
                mast: &mast,
                trail: &mut trail,
                draw,
            }
            .playout(state, last, clock, eval, settings),
        };
        lock(tree).back_up(&path, reward, &trail, settings, true);
        shared.done.fetch_add(1, Ordering::Relaxed);
        mine += 1;
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::ai::Level;
    use crate::ai::eval::SplayEval;
    use crate::rules::{Setup, Splay, SplayOptions};

    fn on_one_tree(threads: usize, iterations: u32) -> Settings {
        Settings {
            iterations,
            time: None,
            threads,
            shared_tree: true,
            ..Level::Master.settings(Duration::from_secs(1))
        }
    }

    #[test]
    fn threads_on_one_tree_share_the_budget_and_take_back_every_virtual_loss() {
        let mut search = Search::new(Splay::start(SplayOptions::default()), 11);
        let report = search.run(&SplayEval, &on_one_tree(3, 2000), None).unwrap();
        assert_eq!(report.iterations, 2000, "{report:?}");
        assert_eq!(search.root_visits(), 2000);
        // Every iteration passes the root and one of its decisions, so they hold the same
        // playouts and the same sum of results once each virtual loss is replaced.
        let children: Vec<usize> = search.children(0).collect();
        let visits: u32 = children.iter().map(|&c| search.nodes[c].visits).sum();
        let value: f32 = children.iter().map(|&c| search.nodes[c].value).sum();
        assert_eq!(visits, 2000);
        assert!(
            (value - search.nodes[0].value).abs() < 0.05,
            "{value} through the decisions, {} at the root",
            search.nodes[0].value
        );
        for node in &search.nodes {
            assert!(node.value.abs() <= node.visits as f32 + 1e-3, "{node:?}");
        }
    }

    #[test]
    fn threads_on_one_tree_find_a_won_capture_and_stop_when_cancelled() {
        let setup = Setup::parse("splay 8/8/3,w,4/8/8/8/1,w3b,6/8 b 60 2 6").unwrap();
        let won = Splay::from_setup(&setup, SplayOptions::default()).unwrap();
        let mut search = Search::new(won, 3);
        // b2 is the only stack Black can move; one of its moves wins.
        search.advance(crate::rules::Action::Cell("b2".parse().unwrap()));
        let report = search
            .run(&SplayEval, &on_one_tree(2, 20_000), None)
            .unwrap();
        assert!(report.proven && report.value == 1.0, "{report:?}");

        let cancel = AtomicBool::new(true);
        let mut search = Search::new(Splay::start(SplayOptions::default()), 2);
        let report = search
            .run(&SplayEval, &on_one_tree(4, u32::MAX), Some(&cancel))
            .unwrap();
        assert_eq!(report.iterations, 0, "{report:?}");
    }
}

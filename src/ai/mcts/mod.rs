//! Monte Carlo tree search (UCT) over the rules' actions, for any game.
//!
//! Nodes are decisions, not whole turns, so a turn of several decisions is several levels of
//! the tree and consecutive levels may belong to the same player: every node records who
//! decides there, and values are kept from Black's point of view. Results that are certain
//! (a won, lost or drawn position) are proven and propagated (MCTS-Solver), playouts are cut
//! short by the game's evaluator (which may also name the answers a threat demands and the
//! captures a greedy playout turn takes) and guided by the decisions' learnt averages
//! ([`super::mast`]),
//! a turn that returns to a position reached before counts as a draw ([`Search::set_history`]),
//! as does a turn that reaches the no-progress draw of the game's options ([`CaptureClock`]),
//! a draw is worth a little less than even to the side searching (its contempt,
//! [`super::Settings::contempt`]), and the tree below the move actually played is kept.

use crate::platform::clock::Instant;
use crate::platform::compute;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use arrayvec::ArrayVec;

use crate::rules::{Action, ActionList, Game, GameOptions, History, Outcome, Player, TurnActions};

use super::Settings;
use super::eval::Evaluator;
use super::mast::{Mast, MastKey};
use super::rng::Rng;

mod line;
mod proofs;
mod refutations;
mod rollout;
mod shared_tree;

use refutations::REFUTATIONS;
use rollout::{Rollout, Trail, note_and_play};

const NO_CHILD: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The decision leading here (unused at the root).
    action: Option<Action>,
    /// Who decides at this node (meaningless once proven terminal).
    to_move: Player,
    first_child: u32,
    children: u16,
    expanded: bool,
    visits: u32,
    /// Sum of playout results, from Black's point of view.
    value: f32,
    /// The proven value from Black's point of view: 1 won, -1 lost, 0 drawn.
    proof: Option<i8>,
    /// Once proven: the turns left in the game as the proof plays it, the winner ending it
    /// soonest and the loser holding out longest (a turn the enemy wins with at once counts
    /// one; a count, not a promise: decisions within a turn are not weighed).
    turns: u16,
    /// How many refutations the search had recorded when this node last tried them
    /// ([`Search::refutation_holds`]; counted round modulo 256).
    tried: u8,
}

impl Node {
    fn new(action: Option<Action>, to_move: Player) -> Node {
        Node {
            action,
            to_move,
            first_child: NO_CHILD,
            children: 0,
            expanded: false,
            visits: 0,
            value: 0.0,
            proof: None,
            turns: 0,
            tried: 0,
        }
    }
}

/// The no-progress draw (the option `no_capture_turns`) as a line of the search meets it: the
/// rule's turns (0: none), the ply of the last turn that captured, and the stones captured then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CaptureClock {
    turns: u32,
    last_capture_ply: u32,
    captured: usize,
}

impl CaptureClock {
    /// The clock at `position` (a turn boundary, or within the turn after one), which is
    /// `quiet` turns after the last capture, `captured` stones having been captured by then.
    fn at<G: Game>(position: &G, quiet: u32, captured: usize) -> CaptureClock {
        CaptureClock {
            turns: position.options().no_capture_turns(),
            last_capture_ply: position.ply().saturating_sub(quiet),
            captured,
        }
    }

    /// Notes the turn boundary `state` of the line; whether the draw is due there (the
    /// position's own outcome aside).
    fn is_due<G: Game>(&mut self, state: &G) -> bool {
        if self.turns == 0 {
            return false;
        }
        let now = state.stones_captured();
        if now != self.captured {
            self.captured = now;
            self.last_capture_ply = state.ply();
            return false;
        }
        state.ply().saturating_sub(self.last_capture_ply) >= self.turns
    }
}

/// Where a descent of the tree ended: a result already known (proven, or a draw the line runs
/// into), or a position for a playout to judge.
enum Leaf<G> {
    Known(f32),
    Open {
        state: G,
        last: Option<Action>,
        clock: CaptureClock,
    },
}

/// What a search found and how much it looked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchReport {
    /// The decision chosen.
    pub action: Action,
    /// Playouts run.
    pub iterations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// The chosen decision's value for the player deciding, -1 to 1 (1 = certain win); a
    /// proven draw is 0 whatever the contempt, an estimate includes it.
    pub value: f32,
    /// Whether the value is proven rather than estimated (a return to an earlier position
    /// counts as a proven draw, by the convention of chess engines).
    pub proven: bool,
}

/// Where a running search shows what it is weighing: each root decision with its playouts so far,
/// refreshed every [`GLIMPSE_EVERY`] playouts (never waiting for the lock: a busy reader means the
/// next refresh).
pub type Glimpse = Arc<Mutex<Vec<(Action, u32)>>>;

/// A root's counts: its own playouts and value (action `None`), then each decision's.
type RootCounts = Vec<(Option<Action>, u32, f32)>;

/// Playouts between refreshes of a [`Glimpse`].
pub const GLIMPSE_EVERY: u32 = 1024;

/// A search tree rooted at a position, reusable from one decision to the next.
#[derive(Clone, Debug)]
pub struct Search<G: Game> {
    root: G,
    /// The decision that led to the root when it is in the middle of a turn (MAST's context).
    root_last: Option<Action>,
    nodes: Vec<Node>,
    rng: Rng,
    /// What playouts have learnt about decisions, kept from one decision to the next.
    mast: Mast,
    /// The decisions of the current iteration, for MAST (kept to save allocating).
    trail: Trail,
    /// The nodes of the current iteration's path, root first (kept to save allocating).
    path: Vec<usize>,
    /// Positions the game has reached before the root (sorted; see [`Search::set_history`]).
    history: Vec<u64>,
    /// The no-progress draw's clock at the root (see [`Search::set_game_history`]).
    clock: CaptureClock,
    /// The turn boundaries of the current iteration's line, root first (kept to save
    /// allocating).
    line: Vec<u64>,
    /// Where to show the root's statistics while searching, if anyone watches.
    glimpse: Option<Glimpse>,
    /// The opponent's turns that led where [`Search::set_up_cannot_be_stopped`] held, newest
    /// first: tried first wherever the opponent moves ([`Search::refutation_holds`]).
    refutations: ArrayVec<TurnActions, REFUTATIONS>,
    /// How many refutations were ever recorded (modulo 256).
    recorded: u8,
    /// When the running search's time budget ends, if it has one (`None` between searches):
    /// read before every playout and inside the longest proof walk, which alone may take tens
    /// of milliseconds, so that a decision ends within about one playout of its budget.
    deadline: Option<Instant>,
}

fn black_value(o: Outcome) -> i8 {
    match o.winner() {
        Some(Player::Black) => 1,
        Some(Player::White) => -1,
        None => 0,
    }
}

fn for_player(p: Player, black: f32) -> f32 {
    match p {
        Player::Black => black,
        Player::White => -black,
    }
}

/// A proven value as a reward from Black's point of view, a draw being worth `draw`.
fn proof_reward(v: i8, draw: f32) -> f32 {
    if v == 0 { draw } else { f32::from(v) }
}

impl<G: Game> Search<G> {
    /// A fresh tree at `position`.
    #[must_use]
    pub fn new(position: G, seed: u64) -> Search<G> {
        let root = Node::new(None, position.to_move());
        let clock = CaptureClock::at(&position, 0, position.stones_captured());
        Search {
            clock,
            root: position,
            root_last: None,
            nodes: vec![root],
            rng: Rng::new(seed),
            mast: Mast::default(),
            trail: Vec::new(),
            path: Vec::new(),
            history: Vec::new(),
            line: Vec::new(),
            glimpse: None,
            refutations: ArrayVec::new(),
            recorded: 0,
            deadline: None,
        }
    }

    /// Shows the root's decisions and their playouts in `glimpse` while searching, and once the
    /// search ends (the helpers of a search on several threads are merged in at the end).
    pub fn show_root_in(&mut self, glimpse: Glimpse) {
        self.glimpse = Some(glimpse);
    }

    /// Copies the root's decisions and playouts into the glimpse, unless its reader holds it.
    fn share_root(&self) {
        let Some(Ok(mut shown)) = self.glimpse.as_ref().map(|g| g.try_lock()) else {
            return;
        };
        shown.clear();
        shown.extend(self.children(0).filter_map(|c| {
            let n = self.nodes[c];
            n.action.map(|a| (a, n.visits))
        }));
    }

    /// Tells the search which positions the game has reached
    /// ([`crate::rules::History::reached`]). A whole turn that returns to one of them, or to
    /// a position earlier in the same line of the look-ahead, is valued as a draw, as chess
    /// engines do: the side that would gain by the cycle's repeating to the draw of the rules
    /// can take it, so the side ahead must find another way. Without a history the search
    /// still sees the cycles within its look-ahead.
    pub fn set_history(&mut self, mut hashes: Vec<u64>) {
        hashes.sort_unstable();
        self.history = hashes;
    }

    /// Tells the search the game's history (which ends where the root's turn began): the
    /// positions reached ([`Search::set_history`]) and the turns since the last capture, so
    /// that a line reaching the no-progress draw of the game's options is valued as that draw.
    /// Without it the search counts the turns without a capture from the root.
    pub fn set_game_history(&mut self, history: &History) {
        self.set_history(history.reached());
        self.clock = CaptureClock::at(&self.root, history.quiet_turns(), history.captured());
    }

    /// Playouts run through the root so far (kept across `advance`).
    #[must_use]
    pub fn root_visits(&self) -> u32 {
        self.nodes[0].visits
    }

    /// The position at the root.
    #[must_use]
    pub fn position(&self) -> &G {
        &self.root
    }

    /// Moves the root down by a decision that was taken (by anyone), keeping what was learnt
    /// below it.
    pub fn advance(&mut self, action: Action) {
        let mut next = self.root.clone();
        next.play(action);
        let child = self
            .children(0)
            .find(|&c| self.nodes[c].action == Some(action));
        match child {
            Some(c) if self.nodes[c].expanded => {
                let mut kept = Vec::with_capacity(self.nodes.len() / 2);
                self.copy_subtree(c, &mut kept);
                kept[0].action = None;
                self.nodes = kept;
            }
            _ => self.nodes = vec![Node::new(None, next.to_move())],
        }
        self.root_last = next.in_turn().then_some(action);
        self.root = next;
    }

    /// Rebuilds the subtree at `from` into `out` (root first, children contiguous).
    fn copy_subtree(&self, from: usize, out: &mut Vec<Node>) {
        out.push(self.nodes[from]);
        let mut queue = vec![(from, 0usize)];
        while let Some((old, new)) = queue.pop() {
            let n = self.nodes[old];
            if n.first_child == NO_CHILD {
                out[new].first_child = NO_CHILD;
                continue;
            }
            let start = out.len();
            out[new].first_child = start as u32;
            for k in 0..n.children as usize {
                out.push(self.nodes[n.first_child as usize + k]);
                queue.push((n.first_child as usize + k, start + k));
            }
        }
    }

    fn children(&self, n: usize) -> impl Iterator<Item = usize> + use<G> {
        let node = self.nodes[n];
        let first = node.first_child as usize;
        let count = if node.first_child == NO_CHILD {
            0
        } else {
            node.children as usize
        };
        first..first + count
    }

    /// Runs the search within the settings' budget (or until `cancel` is set) and reports the
    /// decision to take (at once, with no playouts, when only one decision is legal). `None`
    /// when the game is over.
    ///
    /// With `settings.threads` above 1 the decision is searched by that many threads at once
    /// (root parallelism): this tree on the caller's thread, and on the others copies of it (or
    /// fresh trees from the same root with what MAST has learnt, when it is too large to copy),
    /// each with its own generator, sharing out an iteration budget or each spending the whole
    /// time budget; their new root statistics are then merged into this tree, which is the one
    /// kept. Cancelling stops every thread within 32
    /// playouts. One thread is reproducible from the seed; with more, an iteration budget still
    /// is unless a thread proves the result early (the others then stop where they are), and a
    /// time budget is not, as with one thread. With `settings.shared_tree` the threads grow
    /// this one tree instead (tree parallelism, `mcts/shared_tree.rs`): an iteration budget
    /// is then spent exactly but not reproducibly.
    pub fn run<E: Evaluator<G> + Sync>(
        &mut self,
        eval: &E,
        settings: &Settings,
        cancel: Option<&AtomicBool>,
    ) -> Option<SearchReport>
    where
        G: Send,
    {
        let decisions = self.start_search(settings)?;
        // A forced decision (one legal action) is taken at once: nothing to weigh.
        let iterations = match (decisions, settings.threads) {
            (1, _) => 0,
            (_, 0 | 1) => self.spend(eval, settings, [cancel, None]),
            (_, threads) if settings.shared_tree => {
                self.spend_on_shared_tree(eval, settings, cancel, threads)
            }
            (_, threads) => self.spend_on_threads(eval, settings, cancel, threads),
        };
        self.end_search(settings, iterations)
    }

    /// Begins a search that runs in slices on this thread, for a caller that may not block for
    /// the whole budget (a browser's frame): then [`Search::run_slice`] as often as it likes,
    /// and [`Search::finish_slices`]. Slices that add up to K playouts grow the same tree and
    /// choose the same decision as [`Search::run`] with an iteration budget of K on one
    /// thread. The number of legal decisions (`None` with none: nothing to search).
    pub fn begin_slices(&mut self, settings: &Settings) -> Option<usize> {
        let decisions = self.start_search(settings);
        // A slice reads no clock: its budget is the playouts it is given.
        self.deadline = None;
        decisions
    }

    /// Runs up to `playouts` more playouts of a search begun with [`Search::begin_slices`]
    /// (fewer once the root is proven); returns how many ran. `decisions` is what
    /// `begin_slices` returned: with one, nothing is weighed.
    pub fn run_slice<E: Evaluator<G>>(
        &mut self,
        eval: &E,
        settings: &Settings,
        decisions: usize,
        playouts: u32,
    ) -> u32 {
        if decisions < 2 {
            return 0;
        }
        let slice = Settings {
            iterations: playouts,
            ..*settings
        };
        self.spend(eval, &slice, [None, None])
    }

    /// Ends a search run in slices: the decision chosen after `iterations` playouts in all.
    pub fn finish_slices(&mut self, settings: &Settings, iterations: u32) -> Option<SearchReport> {
        self.end_search(settings, iterations)
    }

    /// What every search does before its playouts: the clock set and MAST's averages faded.
    /// The number of legal decisions (`None` with none).
    fn start_search(&mut self, settings: &Settings) -> Option<usize> {
        let mut list = ActionList::new();
        self.root.legal_actions(&mut list);
        if list.is_empty() {
            return None;
        }
        self.deadline = settings.time.and_then(|t| Instant::now().checked_add(t));
        if settings.mast_greed > 0.0 {
            self.mast.fade();
        }
        Some(list.len())
    }

    /// What every search does after its playouts: the decision chosen, with its value.
    fn end_search(&mut self, settings: &Settings, iterations: u32) -> Option<SearchReport> {
        self.deadline = None;
        if self.nodes[0].first_child == NO_CHILD {
            // Not even one iteration: expand so that there is something to choose from.
            self.expand(0, &self.root.clone(), settings);
        }
        self.share_root();
        let chosen = self.choose(settings);
        let node = self.nodes[chosen];
        let p = self.nodes[0].to_move;
        let (value, proven) = match node.proof {
            Some(v) => (for_player(p, f32::from(v)), true),
            None if node.visits > 0 => (for_player(p, node.value / node.visits as f32), false),
            None => (0.0, false),
        };
        Some(SearchReport {
            action: node.action?,
            iterations,
            nodes: self.nodes.len(),
            value,
            proven,
        })
    }

    /// Runs playouts until the budget is spent (the clock is read before each), the root is
    /// proven, or a flag is set (read every 32 playouts); returns how many ran.
    fn spend<E: Evaluator<G>>(
        &mut self,
        eval: &E,
        settings: &Settings,
        flags: [Option<&AtomicBool>; 2],
    ) -> u32 {
        let mut iterations = 0;
        while iterations < settings.iterations && self.nodes[0].proof.is_none() {
            if iterations % GLIMPSE_EVERY == 0 {
                self.share_root();
            }
            if iterations % 32 == 0 && flags.iter().flatten().any(|f| f.load(Ordering::Relaxed)) {
                break;
            }
            if self.out_of_time() {
                break;
            }
            self.iterate(eval, settings);
            iterations += 1;
        }
        iterations
    }

    /// Whether the running search's time budget is spent (never, under an iteration budget).
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Searches on `threads` threads (this tree and `threads - 1` helpers) and merges the
    /// helpers' root statistics into this tree; returns the playouts of all of them.
    fn spend_on_threads<E: Evaluator<G> + Sync>(
        &mut self,
        eval: &E,
        settings: &Settings,
        cancel: Option<&AtomicBool>,
        threads: usize,
    ) -> u32
    where
        G: Send,
    {
        let share = Settings {
            iterations: settings.iterations.div_ceil(threads as u32),
            ..*settings
        };
        // The helpers share the node budget; this tree, the one kept, has its own.
        let helper_share = Settings {
            max_nodes: settings.max_nodes / threads,
            ..share
        };
        // Each helper with the root's counts it started from (none for a fresh tree).
        let mut helpers: Vec<(Search<G>, RootCounts)> = (1..threads)
            .map(|_| self.helper(helper_share.max_nodes))
            .collect();
        let stop = AtomicBool::new(false);
        let (stop, helper_share) = (&stop, &helper_share);
        let jobs = helpers.iter_mut().map(|(helper, _)| {
            move || {
                let n = helper.spend(eval, helper_share, [cancel, Some(stop)]);
                if helper.nodes[0].proof.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
                n
            }
        });
        let (mine, theirs) = compute::beside(jobs, || {
            let mine = self.spend(eval, &share, [cancel, Some(stop)]);
            if self.nodes[0].proof.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
            mine
        });
        let total = mine + theirs.into_iter().flatten().sum::<u32>();
        for (helper, before) in &helpers {
            self.merge_root(helper, before, settings);
        }
        total
    }

    /// A tree for another thread, with the root's counts it starts from. A copy of this tree
    /// when it takes at most half the helper's node budget (what was learnt before carries over;
    /// only its new playouts are merged back), else a fresh tree at this root with the same
    /// history, turn context and what MAST has learnt. Either way its own generator.
    fn helper(&mut self, max_nodes: usize) -> (Search<G>, RootCounts) {
        let seed = self.rng.next_u64();
        if self.nodes.len() <= max_nodes / 2 {
            let mut copy = self.clone();
            copy.rng = Rng::new(seed);
            copy.glimpse = None;
            return (copy, self.root_counts());
        }
        let mut helper = Search::new(self.root.clone(), seed);
        helper.root_last = self.root_last;
        helper.mast = self.mast.clone();
        helper.history.clone_from(&self.history);
        helper.clock = self.clock;
        helper.deadline = self.deadline;
        (helper, Vec::new())
    }

    /// The root's playouts and value, then each root decision's (by its action).
    fn root_counts(&self) -> RootCounts {
        std::iter::once(0)
            .chain(self.children(0))
            .map(|c| {
                (
                    self.nodes[c].action,
                    self.nodes[c].visits,
                    self.nodes[c].value,
                )
            })
            .collect()
    }

    /// Adds a helper's new playouts (beyond `before`, the counts it started from) through the
    /// root and each root decision to this tree's, and takes over what it proved about them.
    fn merge_root(&mut self, helper: &Search<G>, before: &RootCounts, settings: &Settings) {
        if !self.nodes[0].expanded {
            self.expand(0, &self.root.clone(), settings);
        }
        let start = |action: Option<Action>| {
            before
                .iter()
                .find(|(a, ..)| *a == action)
                .map_or((0, 0.0), |&(_, v, w)| (v, w))
        };
        for theirs in std::iter::once(0).chain(helper.children(0)) {
            let t = helper.nodes[theirs];
            let mine = if theirs == 0 {
                Some(0)
            } else {
                self.children(0).find(|&c| self.nodes[c].action == t.action)
            };
            if let Some(mine) = mine {
                let (visits, value) = start(t.action);
                let m = &mut self.nodes[mine];
                m.visits += t.visits.saturating_sub(visits);
                m.value += t.value - value;
                if theirs != 0 && m.proof.is_none() {
                    (m.proof, m.turns) = (t.proof, t.turns);
                }
            }
        }
        self.prove_upwards(&[0]);
    }

    /// The decision to take: the search's best ([`Search::best_child`]), or with the level's
    /// mistake rate, while nothing is proven either way, sometimes a decent but lesser one.
    fn choose(&mut self, settings: &Settings) -> usize {
        let Some(best) = self.best_child(0) else {
            return 0;
        };
        let decided = self.nodes[best].proof.is_some_and(|v| v != 0);
        if decided || settings.mistake <= 0.0 || self.rng.unit() >= settings.mistake {
            return best;
        }
        // A human-like slip: another move that the search found plausible.
        let lost = -(i8::from(self.nodes[0].to_move == Player::Black) * 2 - 1);
        let floor = self.nodes[best].visits / 4;
        let plausible: Vec<usize> = self
            .children(0)
            .filter(|&c| self.nodes[c].proof != Some(lost))
            .filter(|&c| c != best && self.nodes[c].visits > floor.max(1))
            .collect();
        if plausible.is_empty() {
            return best;
        }
        plausible[self.rng.below(plausible.len())]
    }

    /// The best decision at node `n` for the player deciding there: the quickest proven win,
    /// else the most visited child that is not a proven loss, else, every decision being lost,
    /// the one that holds out longest. `None` for a node without children.
    fn best_child(&self, n: usize) -> Option<usize> {
        let p = self.nodes[n].to_move;
        let best_proof = i8::from(p == Player::Black) * 2 - 1;
        let proven = |proof: i8| {
            self.children(n)
                .filter(move |&c| self.nodes[c].proof == Some(proof))
        };
        if let Some(win) = proven(best_proof).min_by_key(|&c| self.turns_after(n, c)) {
            return Some(win);
        }
        let most = self
            .children(n)
            .filter(|&c| self.nodes[c].proof != Some(-best_proof))
            .max_by(|&a, &b| {
                let (na, nb) = (&self.nodes[a], &self.nodes[b]);
                na.visits.cmp(&nb.visits).then_with(|| {
                    let qa = for_player(p, na.value / na.visits.max(1) as f32);
                    let qb = for_player(p, nb.value / nb.visits.max(1) as f32);
                    qa.total_cmp(&qb)
                })
            });
        most.or_else(|| {
            let holding_out = |c: usize| (self.turns_after(n, c), self.nodes[c].visits);
            proven(-best_proof).max_by_key(|&c| holding_out(c))
        })
    }

    fn expand(&mut self, n: usize, state: &G, settings: &Settings) {
        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        self.nodes[n].expanded = true;
        if list.is_empty() {
            self.nodes[n].proof = Some(state.outcome().map_or(0, black_value));
            return;
        }
        if self.nodes.len() + list.len() > settings.max_nodes {
            return;
        }
        let first = self.nodes.len() as u32;
        for &a in &list {
            let mut next = state.clone();
            next.play(a);
            self.nodes.push(Node::new(Some(a), next.to_move()));
        }
        self.nodes[n].first_child = first;
        self.nodes[n].children = list.len() as u16;
    }

    /// The child to descend to: an untried decision first (the one MAST rates best when it is
    /// on, else a random one), then by UCB1; proven losses are skipped.
    fn select(&mut self, n: usize, last: Option<Action>, settings: &Settings) -> Option<usize> {
        let node = self.nodes[n];
        if node.first_child == NO_CHILD {
            return None;
        }
        let p = node.to_move;
        let worst = -(i8::from(p == Player::Black) * 2 - 1);
        let draw = self.draw_reward(settings);
        let ln_n = (node.visits.max(1) as f32).ln();
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        let mut untried = None;
        let mut untried_score = f32::NEG_INFINITY;
        let mut ties = 0;
        for c in self.children(n) {
            let child = self.nodes[c];
            if child.proof == Some(worst) {
                continue;
            }
            if child.visits == 0 {
                let score = match child.action {
                    Some(a) if settings.mast_greed > 0.0 => {
                        self.mast.average(MastKey::new(p, last, a), 0.0)
                    }
                    _ => 0.0,
                };
                // Equal scores are broken at random (reservoir sampling).
                if score > untried_score {
                    (untried, untried_score, ties) = (Some(c), score, 1);
                } else if score == untried_score {
                    ties += 1;
                    if self.rng.below(ties) == 0 {
                        untried = Some(c);
                    }
                }
                continue;
            }
            let q = match child.proof {
                Some(v) => for_player(p, proof_reward(v, draw)),
                None => for_player(p, child.value / child.visits as f32),
            };
            let score = q + settings.exploration * (ln_n / child.visits as f32).sqrt();
            if score > best_score || best.is_none() {
                best_score = score;
                best = Some(c);
            }
        }
        // Every decision loses: take any of them.
        untried.or(best).or_else(|| self.children(n).next())
    }

    /// One iteration on this thread: a descent to a leaf, its playout, and the result backed
    /// up the path.
    fn iterate<E: Evaluator<G>>(&mut self, eval: &E, settings: &Settings) {
        let mut trail = std::mem::take(&mut self.trail);
        let mut path = std::mem::take(&mut self.path);
        let draw = self.draw_reward(settings);
        let reward = match self.descend(eval, settings, &mut path, &mut trail, false) {
            Leaf::Known(reward) => reward,
            Leaf::Open { state, last, clock } => Rollout {
                rng: &mut self.rng,
                mast: &self.mast,
                trail: &mut trail,
                draw,
            }
            .playout(state, last, clock, eval, settings),
        };
        self.back_up(&path, reward, &trail, settings, false);
        self.trail = trail;
        self.path = path;
    }

    /// Walks from the root by [`Search::select`] to where the tree ends or a result is known,
    /// expanding the node it leaves the tree at; `path` gets the nodes passed (from the root),
    /// `trail` the decisions taken. With `virtual_loss` every node on the path counts a visit
    /// lost for the player who chose it, so that other threads on this tree look elsewhere
    /// until [`Search::back_up`] puts the result in its place.
    fn descend<E: Evaluator<G>>(
        &mut self,
        eval: &E,
        settings: &Settings,
        path: &mut Vec<usize>,
        trail: &mut Trail,
        virtual_loss: bool,
    ) -> Leaf<G> {
        path.clear();
        path.push(0);
        trail.clear();
        let leaf = self.walk(eval, settings, path, trail);
        if virtual_loss {
            for (i, &k) in path.iter().enumerate() {
                self.nodes[k].visits += 1;
                self.nodes[k].value += self.virtual_loss(path, i);
            }
        }
        leaf
    }

    /// The walk of [`Search::descend`].
    fn walk<E: Evaluator<G>>(
        &mut self,
        eval: &E,
        settings: &Settings,
        path: &mut Vec<usize>,
        trail: &mut Trail,
    ) -> Leaf<G> {
        let mut state = self.root.clone();
        let mut n = 0;
        let mut last = self.root_last;
        let mut clock = self.clock;
        let draw = self.draw_reward(settings);
        self.line.clear();
        if !state.in_turn() {
            self.line.push(state.hash());
        }
        loop {
            if let Some(v) = self.nodes[n].proof {
                return Leaf::Known(proof_reward(v, draw));
            }
            if !self.nodes[n].expanded {
                self.expand(n, &state, settings);
                if let Some(v) = self.nodes[n].proof {
                    return Leaf::Known(proof_reward(v, draw));
                }
            }
            let Some(c) = self.select(n, last, settings) else {
                return Leaf::Open { state, last, clock };
            };
            let fresh = self.nodes[c].visits == 0;
            if let Some(a) = self.nodes[c].action {
                last = note_and_play(trail, &mut state, last, a, settings);
            }
            path.push(c);
            n = c;
            if !state.in_turn() && self.nodes[c].proof.is_none() {
                let proven = self.prove_turn_end(eval, &state, &mut clock, path, fresh);
                if let Some((v, turns)) = proven {
                    (self.nodes[c].proof, self.nodes[c].turns) = (Some(v), turns);
                    return Leaf::Known(proof_reward(v, draw));
                }
            }
            if fresh {
                return Leaf::Open { state, last, clock };
            }
        }
    }

    /// The virtual loss of the `i`th node of `path`: a loss for the player who chose it (none
    /// at the root, which nobody chose).
    fn virtual_loss(&self, path: &[usize], i: usize) -> f32 {
        match i {
            0 => 0.0,
            _ => for_player(self.nodes[path[i - 1]].to_move, -1.0),
        }
    }

    /// Adds the iteration's result to every node of `path` (in place of the virtual loss its
    /// descent counted, with `virtual_loss`), teaches MAST the decisions of `trail`, and
    /// settles what is now proven.
    fn back_up(
        &mut self,
        path: &[usize],
        reward: f32,
        trail: &Trail,
        settings: &Settings,
        virtual_loss: bool,
    ) {
        for (i, &k) in path.iter().enumerate().rev() {
            if virtual_loss {
                self.nodes[k].value += reward - self.virtual_loss(path, i);
            } else {
                self.nodes[k].visits += 1;
                self.nodes[k].value += reward;
            }
        }
        if settings.mast_greed > 0.0 {
            for &(key, player) in trail {
                self.mast.record(key, for_player(player, reward));
            }
        }
        self.prove_upwards(path);
    }

    /// What a draw is worth to the search, from Black's point of view: the contempt of
    /// `settings` below even for the player deciding at the root, so above even for the other.
    /// A tree kept while the other side decides too (the app's Computer against Computer)
    /// mixes both sides' contempt into its estimates, by at most the contempt.
    fn draw_reward(&self, settings: &Settings) -> f32 {
        for_player(self.nodes[0].to_move, -settings.contempt)
    }

    /// Whether `state`, a whole turn's end with hash `h`, returns to a position of the game
    /// or of the current line (and does not end the game by its own rules).
    fn repeats(&self, h: u64, state: &G) -> bool {
        (self.line.contains(&h) || self.history.binary_search(&h).is_ok())
            && state.outcome().is_none()
    }

    /// After a leaf was proven, settles every ancestor whose value is now certain.
    fn prove_upwards(&mut self, path: &[usize]) {
        for &k in path.iter().rev() {
            if self.nodes[k].proof.is_some() {
                continue;
            }
            let Some((value, turns)) = self.settled_by_children(k) else {
                break;
            };
            (self.nodes[k].proof, self.nodes[k].turns) = (Some(value), turns);
        }
    }

    /// The proven value of node `k` that its children settle, with the turns left: a win if
    /// one child wins for its mover (the quickest), else, once every child is proven, the
    /// best of them for the mover (the longest of those).
    fn settled_by_children(&self, k: usize) -> Option<(i8, u16)> {
        let p = self.nodes[k].to_move;
        let best = i8::from(p == Player::Black) * 2 - 1;
        let mut quickest_win: Option<u16> = None;
        let mut most: Option<(i8, u16)> = None;
        let mut all = true;
        for c in self.children(k) {
            let Some(v) = self.nodes[c].proof else {
                all = false;
                continue;
            };
            let turns = self.turns_after(k, c);
            if v == best {
                quickest_win = Some(quickest_win.map_or(turns, |q| q.min(turns)));
            } else if most.is_none_or(|(m, t)| (v * best, turns) > (m * best, t)) {
                most = Some((v, turns));
            }
        }
        if let Some(turns) = quickest_win {
            return Some((best, turns));
        }
        most.filter(|_| all && self.nodes[k].first_child != NO_CHILD)
    }

    /// The turns left in the game from node `k` through its proven child `c`: the child's,
    /// and one more where the decision ends a turn.
    fn turns_after(&self, k: usize, c: usize) -> u16 {
        let ends_turn = self.nodes[c].to_move != self.nodes[k].to_move;
        self.nodes[c].turns.saturating_add(u16::from(ends_turn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Splay, SplayOptions, for_each_turn, play_move};

    /// A playout's tools from a search's own (a draw worth 0).
    fn rollout<G: Game>(search: &mut Search<G>) -> Rollout<'_> {
        Rollout {
            rng: &mut search.rng,
            mast: &search.mast,
            trail: &mut search.trail,
            draw: 0.0,
        }
    }

    fn settings(mast_greed: f32) -> Settings {
        Settings {
            mast_greed,
            ..super::super::Level::Master.settings(std::time::Duration::from_secs(1))
        }
    }

    #[test]
    fn playouts_follow_what_mast_learnt_as_often_as_asked() {
        let start = Splay::start(SplayOptions::default());
        let mut list = ActionList::new();
        start.legal_actions(&mut list);
        assert!(list.len() > 4);
        let favourite = list[3];
        let mut search = Search::new(start.clone(), 3);
        let me = start.to_move();
        search.mast.record(MastKey::new(me, None, favourite), 1.0);
        search.mast.record(MastKey::new(me, None, list[1]), -1.0);
        let count = |search: &mut Search<Splay>, greed: f32| {
            (0..1000)
                .filter(|_| {
                    rollout(search).pick(&start, None, &list, &settings(greed)) == favourite
                })
                .count()
        };
        assert_eq!(count(&mut search, 1.0), 1000, "always the best average");
        let half = count(&mut search, 0.5);
        // Half the time MAST's choice, else uniform: 500 + 500 / n expected.
        assert!((450..700).contains(&half), "{half}");
        let none = count(&mut search, 0.0);
        assert!(none < 1000 / list.len() * 2, "random: {none}");
        // The opponent's averages are not the mover's.
        let mut other = Search::new(start.clone(), 3);
        other.mast.record(MastKey::new(!me, None, favourite), 1.0);
        assert!(count(&mut other, 1.0) < 1000 / list.len() * 2);
    }

    #[test]
    fn searching_teaches_mast_only_when_it_is_on() {
        let start = Splay::start(SplayOptions::default());
        let mut on = Search::new(start.clone(), 5);
        on.run(
            &super::super::eval::SplayEval,
            &Settings {
                iterations: 200,
                time: None,
                ..settings(0.5)
            },
            None,
        );
        assert!(!on.mast.is_empty(), "playouts were recorded");
        let mut off = Search::new(start, 5);
        off.run(
            &super::super::eval::SplayEval,
            &Settings {
                iterations: 200,
                time: None,
                ..settings(0.0)
            },
            None,
        );
        assert!(off.mast.is_empty(), "nothing recorded when off");
    }

    /// The decisions one Support playout from `position` took, in order.
    fn support_playout(
        position: &crate::rules::Support,
        settings: &Settings,
        seed: u64,
    ) -> Vec<MastKey> {
        let mut search = Search::new(position.clone(), seed);
        search.trail.clear();
        let clock = search.clock;
        rollout(&mut search).playout(
            position.clone(),
            None,
            clock,
            &super::super::eval::SupportEval,
            settings,
        );
        search.trail.iter().map(|&(k, _)| k).collect()
    }

    #[test]
    fn playouts_answer_a_threat_the_evaluator_names() {
        use crate::rules::{Setup, Support, SupportOptions};
        // White holds five centre stones, pending; Black's only answer is g6 taking f5.
        let setup =
            Setup::parse("support 9/9/9/6,b,2/3,w,1,w,3/3,w,w,w,3/9/9/9 b 20 0 0 w").unwrap();
        let position = Support::from_setup(&setup, SupportOptions::default()).unwrap();
        let (g6, f5) = (
            Action::Cell("g6".parse().unwrap()),
            Action::Cell("f5".parse().unwrap()),
        );
        let short = Settings {
            playout_turns: 1,
            ..settings(0.5)
        };
        for seed in 0..10 {
            let taken = support_playout(&position, &short, seed);
            assert_eq!(
                taken,
                vec![
                    MastKey::new(Player::Black, None, g6),
                    MastKey::new(Player::Black, Some(g6), f5)
                ],
                "seed {seed}"
            );
        }
    }

    #[test]
    fn greedy_playout_turns_take_what_they_can() {
        use crate::rules::{Setup, Support, SupportOptions};
        // White's c3 (beside its base c2) can take e5, and its f1 can push north-west onto e2.
        let setup =
            Setup::parse("support 9/9/9/9/4,b,4/3,w,5/2,w,6/4,b,4/5,w,3 w 10 0 0 -").unwrap();
        let position = Support::from_setup(&setup, SupportOptions::default()).unwrap();
        let cell = |s: &str| Action::Cell(s.parse().unwrap());
        let turn = |stone: Action, then: Action| {
            vec![
                MastKey::new(Player::White, None, stone),
                MastKey::new(Player::White, Some(stone), then),
            ]
        };
        let captures = [
            turn(cell("c3"), cell("e5")),
            turn(cell("f1"), Action::Dir(crate::rules::Dir::Nw)),
        ];
        let first_turn = |greed: f32, seed: u64| {
            let short = Settings {
                playout_turns: 1,
                tactic_greed: greed,
                ..settings(0.5)
            };
            let mut taken = support_playout(&position, &short, seed);
            taken.truncate(2);
            taken
        };
        for seed in 0..10 {
            let taken = first_turn(1.0, seed);
            assert!(captures.contains(&taken), "seed {seed}: {taken:?}");
        }
        let random = (0..10)
            .filter(|&seed| !captures.contains(&first_turn(0.0, seed)))
            .count();
        assert!(
            random > 0,
            "without greed some playouts leave the stones be"
        );
    }

    fn splay_at(text: &str) -> Splay {
        let setup = crate::rules::Setup::parse(text).unwrap();
        Splay::from_setup(&setup, SplayOptions::default()).unwrap()
    }

    /// Plays a whole turn from `start` by searching each decision with `settings` (a fresh
    /// tree that knows `history`); returns where the turn ended and the last decision's report.
    fn search_turn(start: &Splay, history: &[u64], settings: &Settings) -> (Splay, SearchReport) {
        let mut search = Search::new(start.clone(), 9);
        search.set_history(history.to_vec());
        let mut g = start.clone();
        let mut last = None;
        while g == *start || g.in_turn() {
            let report = search
                .run(&super::super::eval::SplayEval, settings, None)
                .unwrap();
            g.play(report.action);
            search.advance(report.action);
            last = Some(report);
        }
        (g, last.unwrap())
    }

    #[test]
    fn a_lost_side_returns_to_a_position_the_game_has_reached_and_values_it_as_a_draw() {
        // White has 8 stones and steps b7-b8 for the ninth next turn, whatever Black does; but
        // Black's g3-g4 returns to a position the game has reached, which can be repeated to
        // the draw. The search holds draws in the levels' contempt, and against a certain loss
        // still takes one.
        // The same on two threads, whose root statistics are merged.
        let start = splay_at("splay 8/1,bw,6/8/8/8/6,b,1/8/8 b 40 8 0");
        let (drawn, _) = play_move(&start, "g3-g4").unwrap();
        for threads in [1, 2] {
            let fixed = Settings {
                iterations: 3000,
                time: None,
                contempt: 0.1,
                threads,
                ..settings(0.5)
            };
            let finish_turn = |history: Vec<u64>| search_turn(&start, &history, &fixed);
            let (reached, report) = finish_turn(vec![drawn.hash()]);
            assert_eq!(reached.to_setup(), drawn.to_setup(), "{threads} threads");
            assert!(
                report.proven && report.value == 0.0,
                "{threads}: {report:?}"
            );
            // Without the history every move loses, and the search knows it.
            let (_, report) = finish_turn(Vec::new());
            assert!(
                report.proven && report.value == -1.0,
                "{threads}: {report:?}"
            );
        }
    }

    #[test]
    fn a_lost_side_sees_the_no_progress_draw_coming_from_the_games_history() {
        // As above, White takes its ninth stone next turn whatever Black does; under the
        // no-progress draw, a Black move that captures nothing may end the game first.
        let text = "splay 8/1,bw,6/8/8/8/6,b,1/8/8 b 40 8 0";
        let under = |turns| {
            let options = SplayOptions {
                no_capture_turns: turns,
                ..SplayOptions::default()
            };
            Splay::from_setup(&crate::rules::Setup::parse(text).unwrap(), options).unwrap()
        };
        let fixed = Settings {
            iterations: 3000,
            time: None,
            ..settings(0.5)
        };
        // The report of the turn's last decision (its first, choosing the lone black stack,
        // is taken without searching).
        let value_of = |start: Splay, history: Option<&History>| {
            let mut search = Search::new(start.clone(), 5);
            if let Some(h) = history {
                search.set_game_history(h);
            }
            let mut g = start.clone();
            loop {
                let report = search
                    .run(&super::super::eval::SplayEval, &fixed, None)
                    .unwrap();
                g.play(report.action);
                search.advance(report.action);
                if !g.in_turn() {
                    return report;
                }
            }
        };
        // One quiet turn draws: the search sees it from the options alone.
        let report = value_of(under(1), None);
        assert!(report.proven && report.value == 0.0, "{report:?}");
        // Three turns, two of them already quiet in the game's history (the position noted
        // three times: only the turns since the last capture matter here).
        let start = under(3);
        let mut history = History::new(&start);
        history.push(&start);
        history.push(&start);
        assert_eq!(history.quiet_turns(), 2);
        let report = value_of(start.clone(), Some(&history));
        assert!(report.proven && report.value == 0.0, "{report:?}");
        for lost in [value_of(start, None), value_of(under(0), None)] {
            assert!(lost.proven && lost.value == -1.0, "{lost:?}");
        }
    }

    /// Every node of `search`'s tree proven drawn, with the turn boundaries on the way to it
    /// (root first) and the position it holds.
    fn drawn_nodes(search: &Search<Splay>) -> Vec<(Vec<u64>, Splay)> {
        let mut found = Vec::new();
        let mut stack = vec![(0usize, search.root.clone(), vec![search.root.hash()])];
        while let Some((n, state, line)) = stack.pop() {
            if search.nodes[n].proof == Some(0) {
                found.push((line.clone(), state.clone()));
            }
            for c in search.children(n) {
                let mut next = state.clone();
                next.play(search.nodes[c].action.unwrap());
                let mut line = line.clone();
                if !next.in_turn() {
                    line.push(next.hash());
                }
                stack.push((c, next, line));
            }
        }
        found
    }

    #[test]
    fn a_line_of_the_look_ahead_that_comes_back_to_a_position_is_valued_as_a_draw() {
        // Two lone stones far apart: nothing can be captured within the look-ahead, so every
        // drawn node is a cycle the search closed itself.
        let start = splay_at("splay 8/8/5,w,2/8/8/2,b,5/8/8 b 10 0 0");
        let mut search = Search::new(start, 3);
        // Iterations run one by one: `run` would take the only first decision (the lone black
        // stack) without searching.
        for _ in 0..3000 {
            search.iterate(&super::super::eval::SplayEval, &settings(0.5));
        }
        let drawn = drawn_nodes(&search);
        assert!(!drawn.is_empty(), "the search closed no cycle");
        for (line, state) in &drawn {
            assert_eq!(state.outcome(), None, "{:?}", state.to_setup());
            let (now, before) = line.split_last().unwrap();
            assert!(before.contains(now), "{:?}", state.to_setup());
        }
    }

    #[test]
    fn contempt_plays_on_where_every_other_move_repeats_a_position() {
        // Three lone stones, nothing to capture for many turns: every move is about even. The
        // game has reached the end of every black move but c3-c4 before.
        let start = splay_at("splay 8/8/5,w,2/8/8/2,b,2,b,2/8/8 b 10 0 0");
        let (fresh, _) = play_move(&start, "c3-c4").unwrap();
        let mut history = Vec::new();
        for_each_turn(&start, |_, end| {
            if end.hash() != fresh.hash() {
                history.push(end.hash());
            }
        });
        assert!(history.len() > 10, "{}", history.len());
        let with = |contempt| Settings {
            iterations: 4000,
            time: None,
            contempt,
            ..settings(0.5)
        };
        assert_eq!(search_turn(&start, &history, &with(0.1)).0, fresh);
        // At face value a draw is as good as the even move, and this search takes one.
        let (ended, _) = search_turn(&start, &history, &with(0.0));
        assert!(history.contains(&ended.hash()), "{:?}", ended.to_setup());
    }

    #[test]
    fn a_draw_is_backed_up_below_even_for_the_side_with_contempt() {
        // The same search from each side: every node proven drawn carries the contempt against
        // the player deciding at the root, in every playout through it.
        for (text, root) in [
            ("splay 8/8/5,w,2/8/8/2,b,5/8/8 b 10 0 0", Player::Black),
            ("splay 8/8/5,w,2/8/8/2,b,5/8/8 w 10 0 0", Player::White),
        ] {
            let mut search = Search::new(splay_at(text), 3);
            let with = Settings {
                contempt: 0.1,
                ..settings(0.5)
            };
            for _ in 0..3000 {
                search.iterate(&super::super::eval::SplayEval, &with);
            }
            let mut drawn = 0;
            for node in &search.nodes {
                // Cycles closed in the look-ahead are leaves, valued on every visit alike.
                if node.proof == Some(0) && !node.expanded && node.visits > 0 {
                    drawn += 1;
                    let mean = node.value / node.visits as f32;
                    assert!(
                        (for_player(root, mean) + 0.1).abs() < 1e-4,
                        "{root:?}: {mean}"
                    );
                }
            }
            assert!(drawn > 0, "{root:?}: no drawn node visited");
        }
    }

    #[test]
    fn threads_share_an_iteration_budget_and_their_playouts_all_count() {
        let start = Splay::start(SplayOptions::default());
        let budget = Settings {
            iterations: 2000,
            time: None,
            threads: 3,
            ..settings(0.5)
        };
        let mut search = Search::new(start, 11);
        let report = search
            .run(&super::super::eval::SplayEval, &budget, None)
            .unwrap();
        // 667 playouts on each of three threads, all merged into the kept tree's root.
        assert_eq!(report.iterations, 2001, "{report:?}");
        assert_eq!(search.root_visits(), 2001);
        let through_children: u32 = search.children(0).map(|c| search.nodes[c].visits).sum();
        assert_eq!(through_children, 2001);
        // The same seed and budget give the same decision and statistics again.
        let mut again = Search::new(Splay::start(SplayOptions::default()), 11);
        let repeated = again
            .run(&super::super::eval::SplayEval, &budget, None)
            .unwrap();
        assert_eq!(repeated, report);
    }

    #[test]
    fn cancelling_stops_every_thread() {
        let cancel = AtomicBool::new(true);
        let endless = Settings {
            iterations: u32::MAX,
            time: None,
            threads: 4,
            ..settings(0.5)
        };
        let mut search = Search::new(Splay::start(SplayOptions::default()), 2);
        let report = search
            .run(&super::super::eval::SplayEval, &endless, Some(&cancel))
            .unwrap();
        assert_eq!(report.iterations, 0, "{report:?}");
    }

    #[test]
    fn a_glimpse_shows_every_root_decision_with_its_playouts() {
        let glimpse = Glimpse::default();
        let mut search = Search::new(Splay::start(SplayOptions::default()), 4);
        search.show_root_in(glimpse.clone());
        let budget = Settings {
            iterations: 3000,
            time: None,
            threads: 2,
            ..settings(0.5)
        };
        let report = search
            .run(&super::super::eval::SplayEval, &budget, None)
            .unwrap();
        let shown = glimpse.lock().unwrap().clone();
        let mut legal = ActionList::new();
        search.position().legal_actions(&mut legal);
        assert_eq!(shown.len(), legal.len());
        assert_eq!(
            shown.iter().map(|(_, v)| v).sum::<u32>(),
            search.root_visits()
        );
        let most = shown.iter().max_by_key(|(_, v)| *v).unwrap();
        assert_eq!(most.0, report.action, "{shown:?}");
    }

    #[test]
    fn helpers_that_copy_a_kept_tree_add_only_their_new_playouts() {
        let mut search = Search::new(Splay::start(SplayOptions::default()), 6);
        let one = Settings {
            iterations: 2000,
            time: None,
            ..settings(0.5)
        };
        search
            .run(&super::super::eval::SplayEval, &one, None)
            .unwrap();
        let before = search.root_visits();
        let two = Settings { threads: 2, ..one };
        let report = search
            .run(&super::super::eval::SplayEval, &two, None)
            .unwrap();
        assert_eq!(search.root_visits(), before + report.iterations);
        let through_children: u32 = search.children(0).map(|c| search.nodes[c].visits).sum();
        assert_eq!(through_children, search.root_visits());
    }
}

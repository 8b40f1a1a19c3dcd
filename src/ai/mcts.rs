//! Monte Carlo tree search (UCT) over the rules' actions, for any game.
//!
//! Nodes are decisions, not whole turns, so a turn of several decisions is several levels of
//! the tree and consecutive levels may belong to the same player: every node records who
//! decides there, and values are kept from Black's point of view. Results that are certain
//! (a won, lost or drawn position) are proven and propagated (MCTS-Solver), playouts are cut
//! short by the game's evaluator, and the tree below the move actually played is kept.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::rules::{Action, ActionList, Game, Outcome, Player};

use super::Settings;
use super::eval::Evaluator;
use super::rng::Rng;

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
        }
    }
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
    /// The chosen decision's value for the player deciding, -1 to 1 (1 = certain win).
    pub value: f32,
    /// Whether the value is proven rather than estimated.
    pub proven: bool,
}

/// A search tree rooted at a position, reusable from one decision to the next.
#[derive(Clone, Debug)]
pub struct Search<G: Game> {
    root: G,
    nodes: Vec<Node>,
    rng: Rng,
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

impl<G: Game> Search<G> {
    /// A fresh tree at `position`.
    #[must_use]
    pub fn new(position: G, seed: u64) -> Search<G> {
        let root = Node::new(None, position.to_move());
        Search {
            root: position,
            nodes: vec![root],
            rng: Rng::new(seed),
        }
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
    pub fn run<E: Evaluator<G>>(
        &mut self,
        eval: &E,
        settings: &Settings,
        cancel: Option<&AtomicBool>,
    ) -> Option<SearchReport> {
        let mut list = ActionList::new();
        self.root.legal_actions(&mut list);
        if list.is_empty() {
            return None;
        }
        let started = Instant::now();
        let mut iterations = 0;
        // A forced decision (one legal action) is taken at once: nothing to weigh.
        let forced = list.len() == 1;
        while !forced && iterations < settings.iterations && self.nodes[0].proof.is_none() {
            if iterations % 32 == 0 {
                if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    break;
                }
                if settings.time.is_some_and(|t| started.elapsed() >= t) {
                    break;
                }
            }
            self.iterate(eval, settings);
            iterations += 1;
        }
        if self.nodes[0].first_child == NO_CHILD {
            // Not even one iteration: expand so that there is something to choose from.
            self.expand(0, &self.root.clone(), settings);
        }
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

    /// The decision to take: a proven win, else the most visited child that is not a proven
    /// loss; with the level's mistake rate, sometimes a decent but lesser one.
    fn choose(&mut self, settings: &Settings) -> usize {
        let p = self.nodes[0].to_move;
        let best_proof = i8::from(p == Player::Black) * 2 - 1;
        let kids: Vec<usize> = self.children(0).collect();
        if let Some(&win) = kids
            .iter()
            .find(|&&c| self.nodes[c].proof == Some(best_proof))
        {
            return win;
        }
        let candidates: Vec<usize> = {
            let safe: Vec<usize> = kids
                .iter()
                .copied()
                .filter(|&c| self.nodes[c].proof != Some(-best_proof))
                .collect();
            if safe.is_empty() { kids } else { safe }
        };
        let most = candidates
            .iter()
            .copied()
            .max_by(|&a, &b| {
                let (na, nb) = (&self.nodes[a], &self.nodes[b]);
                na.visits.cmp(&nb.visits).then_with(|| {
                    let qa = for_player(p, na.value / na.visits.max(1) as f32);
                    let qb = for_player(p, nb.value / nb.visits.max(1) as f32);
                    qa.total_cmp(&qb)
                })
            })
            .unwrap_or(candidates[0]);
        if settings.mistake > 0.0 && self.rng.unit() < settings.mistake {
            // A human-like slip: another move that the search found plausible.
            let floor = self.nodes[most].visits / 4;
            let plausible: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&c| c != most && self.nodes[c].visits > floor.max(1))
                .collect();
            if !plausible.is_empty() {
                return plausible[self.rng.below(plausible.len())];
            }
        }
        most
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

    fn select(&mut self, n: usize, exploration: f32) -> Option<usize> {
        let node = self.nodes[n];
        if node.first_child == NO_CHILD {
            return None;
        }
        let p = node.to_move;
        let worst = -(i8::from(p == Player::Black) * 2 - 1);
        let ln_n = (node.visits.max(1) as f32).ln();
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        let mut unvisited = 0;
        for c in self.children(n) {
            let child = &self.nodes[c];
            if child.proof == Some(worst) {
                continue;
            }
            let score = if child.visits == 0 {
                // Untried decisions first, in random order.
                unvisited += 1;
                if self.rng.below(unvisited) == 0 {
                    f32::INFINITY
                } else {
                    f32::MAX
                }
            } else {
                let q = match child.proof {
                    Some(v) => for_player(p, f32::from(v)),
                    None => for_player(p, child.value / child.visits as f32),
                };
                q + exploration * (ln_n / child.visits as f32).sqrt()
            };
            if score > best_score || best.is_none() {
                best_score = score;
                best = Some(c);
            }
        }
        // Every decision loses: take any of them.
        best.or_else(|| self.children(n).next())
    }

    fn iterate<E: Evaluator<G>>(&mut self, eval: &E, settings: &Settings) {
        let mut state = self.root.clone();
        let mut path = vec![0usize];
        let mut n = 0;
        let reward = loop {
            if let Some(v) = self.nodes[n].proof {
                break f32::from(v);
            }
            if !self.nodes[n].expanded {
                self.expand(n, &state, settings);
                if let Some(v) = self.nodes[n].proof {
                    break f32::from(v);
                }
            }
            let Some(c) = self.select(n, settings.exploration) else {
                break self.playout(state, eval, settings);
            };
            let fresh = self.nodes[c].visits == 0;
            if let Some(a) = self.nodes[c].action {
                state.play(a);
            }
            path.push(c);
            n = c;
            if fresh {
                break self.playout(state, eval, settings);
            }
        };
        for &k in path.iter().rev() {
            self.nodes[k].visits += 1;
            self.nodes[k].value += reward;
        }
        self.prove_upwards(&path);
    }

    /// After a leaf was proven, settles every ancestor whose value is now certain.
    fn prove_upwards(&mut self, path: &[usize]) {
        for &k in path.iter().rev() {
            if self.nodes[k].proof.is_some() {
                continue;
            }
            let p = self.nodes[k].to_move;
            let best = i8::from(p == Player::Black) * 2 - 1;
            let mut all = true;
            let mut extreme: Option<i8> = None;
            let mut won = false;
            for c in self.children(k) {
                match self.nodes[c].proof {
                    Some(v) if v == best => won = true,
                    Some(v) => {
                        extreme = Some(match extreme {
                            None => v,
                            Some(e) if p == Player::Black => e.max(v),
                            Some(e) => e.min(v),
                        });
                    }
                    None => all = false,
                }
            }
            if won {
                self.nodes[k].proof = Some(best);
            } else if all && self.nodes[k].first_child != NO_CHILD {
                self.nodes[k].proof = extreme;
            } else {
                break;
            }
        }
    }

    /// Random decisions for a few turns, then the evaluator's judgement (Black's view).
    fn playout<E: Evaluator<G>>(&mut self, mut state: G, eval: &E, settings: &Settings) -> f32 {
        let mut list = ActionList::new();
        let end_ply = state.ply().saturating_add(settings.playout_turns);
        loop {
            list.clear();
            state.legal_actions(&mut list);
            if list.is_empty() {
                return f32::from(state.outcome().map_or(0, black_value));
            }
            if !state.in_turn() && state.ply() >= end_ply {
                return eval.evaluate(&state);
            }
            state.play(list[self.rng.below(list.len())]);
        }
    }
}

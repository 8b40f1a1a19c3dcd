//! Computer opponents, in plain Rust (no Bevy): one search over the rules' actions serves
//! every game and every multi-decision turn. The rules (`crate::rules::Game`), the per-game
//! evaluation ([`eval`]) and the search ([`mcts`]) are kept apart.

pub mod arena;
pub mod eval;
pub mod mcts;
pub mod rng;

use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use mcts::{Search, SearchReport};

/// How the search is run.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The most playouts per decision.
    pub iterations: u32,
    /// The most time per decision, if limited.
    pub time: Option<Duration>,
    /// UCT's exploration constant.
    pub exploration: f32,
    /// Whole turns a playout runs before the evaluator judges it.
    pub playout_turns: u32,
    /// Chance of choosing a plausible but lesser decision (human-like mistakes).
    pub mistake: f32,
    /// The most nodes the tree may hold.
    pub max_nodes: usize,
}

/// Strength levels a person can choose per seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Beatable by a newcomer: a small search that still prefers sensible moves, with slips.
    Beginner,
    /// A fair opponent for casual players.
    Casual,
    /// A solid player.
    Strong,
    /// Uses the whole time budget.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Master];

    /// The search settings of this level; `master_time` is Master's time per turn (3 s by
    /// default), shared out over the decisions of a turn by the caller.
    #[must_use]
    pub fn settings(self, master_time: Duration) -> Settings {
        let base = Settings {
            iterations: u32::MAX,
            time: None,
            exploration: 1.0,
            playout_turns: 12,
            mistake: 0.0,
            max_nodes: 4_000_000,
        };
        match self {
            Level::Beginner => Settings {
                iterations: 250,
                mistake: 0.3,
                exploration: 1.4,
                ..base
            },
            Level::Casual => Settings {
                iterations: 3_000,
                mistake: 0.08,
                ..base
            },
            Level::Strong => Settings {
                iterations: 40_000,
                time: Some(master_time / 3),
                ..base
            },
            Level::Master => Settings {
                time: Some(master_time),
                ..base
            },
        }
    }

    /// The level's name for people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Strong => "Strong",
            Level::Master => "Master",
        }
    }
}

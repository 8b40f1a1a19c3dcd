//! Computer opponents, in plain Rust (no Bevy): one search over the rules' actions serves
//! every game and every multi-decision turn. The rules (`crate::rules::Game`), the seam between
//! the search and a game ([`eval`]), each game's knowledge in a folder of its own
//! ([`cash_in_hand`], [`intermedium`], [`grabber`], [`support`], [`splay`]) and the search
//! ([`mcts`]) are kept apart.

pub mod analysis;
pub mod arena;
pub mod cash_in_hand;
pub mod coach;
pub mod eval;
pub mod forced;
pub mod grabber;
pub mod intermedium;
pub mod mast;
pub mod mcts;
pub mod puzzle;
pub mod rng;
pub mod splay;
pub mod sprt;
pub mod support;

use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use mcts::{GLIMPSE_EVERY, Glimpse, Search, SearchReport};

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
    /// Chance that a playout decision is the one that has done best in this search's playouts
    /// so far (move-average sampling, [`mast`]) rather than a random one; 0 plays at random.
    pub mast_greed: f32,
    /// Chance that a playout turn goes for material: it takes the decisions the evaluator calls
    /// tactical ([`eval::Playouts::tactical`], captures) when there are any.
    pub tactic_greed: f32,
    /// Chance of choosing a plausible but lesser decision (human-like mistakes).
    pub mistake: f32,
    /// Contempt for draws: the searching side values a draw (proven, or a return to an
    /// earlier position) this much below even, on the -1 to 1 scale of values, so that in a
    /// balanced position it plays on rather than let the game repeat; 0 takes draws at face
    /// value.
    pub contempt: f32,
    /// The most nodes the tree may hold.
    pub max_nodes: usize,
    /// Threads searching the decision (root parallelism: each its own tree, the root's
    /// statistics merged, unless `shared_tree`; [`Search::run`]); 1 searches on the caller's
    /// thread alone.
    pub threads: usize,
    /// Whether several threads grow one shared tree (tree parallelism with virtual loss)
    /// instead of a tree each (root parallelism).
    pub shared_tree: bool,
}

impl Settings {
    /// The settings for a decision that continues a turn: a quarter of the time and half the
    /// playouts (at least one) of the turn's first decision.
    #[must_use]
    pub fn continuing(&self) -> Settings {
        Settings {
            time: self.time.map(|t| t / 4),
            iterations: self.iterations.saturating_div(2).max(1),
            ..self.clone()
        }
    }
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
            mast_greed: 0.5,
            tactic_greed: 0.8,
            mistake: 0.0,
            contempt: 0.1,
            max_nodes: 4_000_000,
            threads: 1,
            shared_tree: false,
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

    /// The search settings for one decision of a turn at this level: the turn's first decision
    /// gets the whole budget ([`Level::settings`]); a decision that continues a turn
    /// (`continuing`) gets a quarter of the time and half the playouts. The app and
    /// `stackyard match` both decide through this, so a measured level is the level people play.
    #[must_use]
    pub fn decision_settings(self, master_time: Duration, continuing: bool) -> Settings {
        let settings = self.settings(master_time);
        if continuing {
            settings.continuing()
        } else {
            settings
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_continued_gets_a_quarter_of_the_time_and_half_the_playouts() {
        let three = Duration::from_secs(3);
        for level in Level::ALL {
            let first = level.decision_settings(three, false);
            assert_eq!(first, level.settings(three), "{level:?}");
            let later = level.decision_settings(three, true);
            assert_eq!(later.time, first.time.map(|t| t / 4), "{level:?}");
            assert_eq!(
                later.iterations,
                first.iterations.saturating_div(2).max(1),
                "{level:?}"
            );
            assert_eq!(later.mistake, first.mistake, "{level:?}");
        }
        assert_eq!(
            Level::Master.decision_settings(three, true).time,
            Some(Duration::from_millis(750))
        );
    }
}

//! The seam between the search and a game: three small traits with defaults, so a game teaches
//! the search only what it knows. The search (`src/ai/mcts/`) is written against these alone;
//! each game's answers live in its own folder under `src/ai/`.

use crate::rules::{Action, ActionList, Game};

/// What a position is worth, and everything else the search may ask of a game.
pub trait Evaluator<G: Game>: Playouts<G> + ThreatProofs<G> + Send + Sync {
    /// How good `position` is for Black, from -1 (lost) to 1 (won).
    fn evaluate(&self, position: &G) -> f32;
}

/// How a game's playouts choose, where random choice would mislead them. Defaults: nothing is
/// urgent or tactical, so playouts choose as the search's move averages and chance say.
pub trait Playouts<G: Game> {
    /// The decisions among `legal` that a playout must choose from because anything else loses
    /// at once (an answer to a threat), written to `urgent`; left empty when any decision will
    /// do, or when none saves the game.
    fn urgent(&self, _position: &G, _legal: &ActionList, _urgent: &mut ActionList) {}

    /// The decisions among `legal` that a playout going for material prefers (captures, or the
    /// first decision of a turn that can capture), written to `out`; left empty when the game
    /// names none or none is open.
    fn tactical(&self, _position: &G, _legal: &ActionList, _out: &mut ActionList) {}
}

/// A game's exact knowledge of turns that win at once, and its gates on the dearer walks that
/// prove a win set up one, two or three turns ahead (`src/ai/mcts/proofs.rs`). Defaults: no
/// such knowledge, so the search proves only what its tree and the rules' outcomes show.
pub trait ThreatProofs<G: Game> {
    /// Whether the side to move at `position` (between turns, the game still on) has a turn
    /// that wins at once, known exactly, so that the search counts the position as lost for
    /// its opponent without looking at that turn; false whenever it is not certain.
    fn wins_at_once(&self, _position: &G) -> bool {
        false
    }

    /// Whether the opponent of the side to move at `position` (between turns) may have a turn
    /// that wins at once, were it its turn: only then can every turn of the side to move lose
    /// at once, which the search then checks turn by turn with [`ThreatProofs::wins_at_once`].
    /// True when unsure; false only when certain.
    fn threatened(&self, _position: &G) -> bool {
        false
    }

    /// Whether, where [`ThreatProofs::threatened`] holds at `position`, only a turn that captures
    /// can stop the opponent's win: then every other turn is known to leave it open without
    /// checking with [`ThreatProofs::wins_at_once`].
    fn only_captures_stop(&self, _position: &G) -> bool {
        false
    }

    /// Whether the side to move at `position` (between turns) is close enough to a turn that
    /// wins at once for the search to look for a turn of it that sets one up which the
    /// opponent cannot stop. A gate on what it costs, not a certainty: false where such a
    /// set-up is rare.
    fn may_set_up(&self, _position: &G) -> bool {
        false
    }

    /// Whether the walk for a set-up that [`ThreatProofs::may_set_up`] lets through tries the turns
    /// that begin with `first` at `position`: all of them unless the game bounds the walk.
    fn set_up_turn(&self, _position: &G, _first: Action) -> bool {
        true
    }

    /// Whether the set-up walk goes on from `mid`, a turn under way from `position` that
    /// [`ThreatProofs::set_up_turn`] let through: a walk may keep only the turns that can still make
    /// what let the turn through.
    fn set_up_within(&self, _position: &G, _mid: &G) -> bool {
        true
    }

    /// Whether the turn from `position` to `end` may have set up a win (checked before the
    /// dearer walk of the answers): always unless the game can rule it out cheaply.
    fn set_up_end(&self, _position: &G, _end: &G) -> bool {
        true
    }

    /// Whether the opponent of the side to move at `position` (between turns) is close enough
    /// to such a set-up, whatever the side to move does first, for the search to check every
    /// turn of the side to move against it. A gate on what it costs, as
    /// [`ThreatProofs::may_set_up`], and narrower: every turn of the side to move is walked.
    fn may_be_set_up(&self, _position: &G) -> bool {
        false
    }
}

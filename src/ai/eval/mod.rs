//! Per-game knowledge behind one seam: the traits the search is written against
//! ([`Evaluator`], [`Playouts`], [`ThreatProofs`]), each game's answers (in its own folder
//! under `src/ai/`, gathered here), and [`AnyEval`] for any built game. Kept apart from the
//! rules and from the search (Game / Evaluator / Strategy).

mod any;
mod knowledge;

pub use any::AnyEval;
pub use knowledge::{Evaluator, Playouts, ThreatProofs};

pub use crate::ai::cash_in_hand::CashInHandEval;
pub use crate::ai::grabber::GrabberEval;
pub use crate::ai::intermedium::IntermediumEval;
pub use crate::ai::splay::SplayEval;
pub use crate::ai::support::SupportEval;

//! What the computer knows of Intermedium, whose danger is the City: the strikes each side's
//! sowing can make ([`strikes`]), the sowings that close the City's ring themselves
//! ([`city_walk`], over the ring's geometry in [`ring`]), how many moves a side has
//! ([`mobility`]), the evaluation and playout policy ([`evaluation`]), and what the search's
//! proofs may rely on and where they are let through ([`threat_proofs`]). Its weights and gates
//! are in [`parameters`].

pub mod city_walk;
pub mod evaluation;
pub mod mobility;
pub mod parameters;
pub mod ring;
pub mod strikes;
#[cfg(test)]
mod tests;
pub mod threat_proofs;

pub use evaluation::IntermediumEval;
pub use strikes::Strikes;
